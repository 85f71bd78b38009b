import { describe, expect, it } from 'vitest';
import * as ws from '../src/index';
import * as internal from '../src/internal/index';

// What the conduit listener shares with the WebSocket listener goes through
// @platform/eventsub-ws/internal; the front door keeps what a program calls or writes as a type.
describe('the entry points of @platform/eventsub-ws', () => {
  it('keep the session and the connection helpers out of the public entry and in the internal one', () => {
    for (const name of ['EventSubSession', 'reconnectDelay', 'resolveWebSocket', 'connectionUrl']) {
      expect(ws, name).not.toHaveProperty(name);
      expect(internal, name).toHaveProperty(name);
    }
  });

  it('keep what a program calls in the public entry', () => {
    expect(Object.keys(ws).sort()).toEqual(['WebSocketListener', 'eventSubWebSocket']);
  });
});
