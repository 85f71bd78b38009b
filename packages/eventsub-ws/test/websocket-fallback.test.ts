import { authOf, platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { eventSubWebSocket } from '../src/index';
import { resolveWebSocket } from '../src/internal/index';
import { fallbackWebSocket as browserFallback } from '../src/websocket';
import { fallbackWebSocket as nodeFallback } from '../src/websocket.node';

// Node 20 has no global WebSocket: a listener made with no `webSocket` option uses the `ws`
// package, a dependency of this package, loaded only then. Each test removes the global
// WebSocket (Node 22 and later have one) to stand where Node 20 stands.

let mock: MockPlatform;
let client: PlatformClient;
const global = globalThis as { WebSocket?: unknown };
let saved: unknown;

beforeEach(async () => {
  saved = global.WebSocket;
  delete global.WebSocket;
  mock = await createMockPlatform();
  mock.addClient({ clientId: 'fallback-app', clientSecret: 'fallback-app-secret' });
  const streamer = mock.addUser({ id: '1001', login: 'streamer' });
  const bot = mock.addUser({ id: '2002', login: 'bot' });
  mock.state.channel(streamer.id).moderators.add(bot.id);
  client = createClient({
    clientId: 'fallback-app',
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    eventSubWsUrl: mock.eventSubWsUrl,
    authenticator: platformAuth(),
  });
  await authOf(client).addUser(mock.issueToken({ clientId: 'fallback-app', userId: bot.id, scopes: ['user:read:chat'] }).accessToken);
});

afterEach(async () => {
  await mock.close();
  if (saved !== undefined) global.WebSocket = saved;
});

describe('the WebSocket class on Node without a global WebSocket', () => {
  it("is the ws package's WebSocket: a listener with no webSocket option connects and receives an event", async () => {
    expect(global.WebSocket).toBeUndefined();
    expect(resolveWebSocket(undefined, client)).toBe(WsWebSocket);
    const texts: string[] = [];
    const listener = eventSubWebSocket(client, { onError: (error) => texts.push(`error: ${String(error)}`) });
    try {
      await listener.on('channel.chat.message', { broadcaster_user_id: '1001', user_id: '2002' }, (event) => texts.push(event.message.text)).ready;
      mock.eventsub.trigger('channel.chat.message', { message: { text: 'hello from Node', fragments: [] } }, { condition: { broadcaster_user_id: '1001', user_id: '2002' } });
      const end = Date.now() + 5000;
      while (texts.length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(texts).toEqual(['hello from Node']);
    } finally {
      await listener.close();
    }
  });

  it('comes after the option, the client option and the global WebSocket', () => {
    class Given {}
    class OfTheClient {}
    class Global {}
    expect(resolveWebSocket(Given, client)).toBe(Given);
    const withOption = createClient({ clientId: 'fallback-app', token: 't', webSocket: OfTheClient });
    expect(resolveWebSocket(undefined, withOption)).toBe(OfTheClient);
    global.WebSocket = Global;
    expect(resolveWebSocket(undefined, client)).toBe(Global);
  });

  it("is loaded by the node form of #websocket only; the other runtimes' form has none", () => {
    expect(nodeFallback()).toBe(WsWebSocket);
    expect(browserFallback()).toBeUndefined();
  });
});
