import { createClient } from '@platform/core';
import { describe, expect, it, vi } from 'vitest';
import { eventSubWebSocket } from '../src/index';

// A runtime with no WebSocket class at all: no global one, and no `ws` to load (the node form of
// `#websocket` finds nothing, as when `ws` is missing from node_modules).
vi.mock('../src/websocket.node.ts', () => ({ fallbackWebSocket: () => undefined }));

describe('a runtime with no WebSocket class', () => {
  it('makes eventSubWebSocket() throw the spec message at once, and says how to pass one', () => {
    const global = globalThis as { WebSocket?: unknown };
    const saved = global.WebSocket;
    delete global.WebSocket;
    try {
      const client = createClient({ clientId: 'c', token: 't' });
      expect(() => eventSubWebSocket(client)).toThrow(
        "This runtime has no global WebSocket. Pass one with the webSocket option, such as WebSocket from the 'ws' package.",
      );
      expect(() => eventSubWebSocket(client, { webSocket: 'not a class' })).toThrow(
        'This runtime has no global WebSocket, and the webSocket option is not a WebSocket class.',
      );
    } finally {
      if (saved !== undefined) global.WebSocket = saved;
    }
  });
});
