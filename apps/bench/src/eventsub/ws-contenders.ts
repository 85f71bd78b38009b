/**
 * The three WebSocket contenders, each behind the same small interface: open one socket, subscribe
 * to `channel.chat.message` v1, hand every event to the bench's handler. Import this module only
 * after `TWURPLE_MOCK_API_PORT` is set (see ws-bench.ts): twurple reads it when its listener is built.
 */
import { createClient, type PlatformClient } from '@platform/core';
import type { EventOf } from '@platform/eventsub';
import type { ApiClient } from '@twurple/api';
import { EventSubWsListener } from '@twurple/eventsub-ws';
import { WebSocket } from 'ws';
import { BROADCASTER_ID, CHAT_USER_ID, CLIENT_ID, TOKEN } from './fixtures';
import type { PlatformWsModule } from './platform';

/** twurple's chat message event class (eventsub-base is not a direct dependency of the bench). */
type TwurpleChatMessageEvent = Parameters<Parameters<EventSubWsListener['onChannelChatMessage']>[2]>[0];

export type WsKey = 'raw' | 'twurple' | 'platform';

export interface WsContender {
  readonly key: WsKey;
  readonly name: string;
  /**
   * Connects one socket, subscribes to `channel.chat.message` for the bench's channel and resolves
   * with the subscription's ID once the server accepted it. Every event goes to `handler`.
   */
  open(handler: (event: unknown) => void): Promise<string>;
  /** Closes the socket opened by `open()` and resolves once it is closed. */
  close(): Promise<void>;
  /** The chatter's user ID of an event as the contender hands it over (to check the answers). */
  chatterOf(event: unknown): string;
  /** Errors the contender reported on its own (its `onError`); checked after each run. */
  readonly errors: unknown[];
}

/**
 * `ws` doing the bare minimum: JSON.parse each frame, keep `notification`s, pass `payload.event` on.
 * It subscribes with one `fetch` once the welcome gives it the session ID.
 */
export function rawWs(port: number): WsContender {
  let socket: WebSocket | undefined;
  return {
    key: 'raw',
    name: 'raw ws',
    errors: [],
    async open(handler) {
      const opened = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      socket = opened;
      const sessionId = await new Promise<string>((resolve, reject) => {
        opened.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString()) as { metadata: { message_type: string }; payload: { event?: unknown; session?: { id: string } } };
          const type = message.metadata.message_type;
          if (type === 'notification') handler(message.payload.event);
          else if (type === 'session_welcome') resolve(message.payload.session!.id);
        });
        opened.once('error', reject);
        opened.once('close', () => reject(new Error('The socket closed before the welcome.')));
      });
      const response = await fetch(`http://127.0.0.1:${port}/eventsub/subscriptions`, {
        method: 'POST',
        headers: { 'Client-Id': CLIENT_ID, Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          type: 'channel.chat.message',
          version: '1',
          condition: { broadcaster_user_id: BROADCASTER_ID, user_id: CHAT_USER_ID },
          transport: { method: 'websocket', session_id: sessionId },
        }),
      });
      const body = (await response.json()) as { data: { id: string }[] };
      if (response.status !== 202) throw new Error(`The subscription was refused (${response.status}).`);
      return body.data[0]!.id;
    },
    close: () => closeWs(socket),
    chatterOf: (event) => (event as EventOf<'channel.chat.message'>).chatter_user_id,
  };
}

function closeWs(socket: WebSocket | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!socket || socket.readyState === socket.CLOSED) {
      resolve();
      return;
    }
    socket.once('close', () => resolve());
    socket.close();
  });
}

/**
 * twurple's `EventSubWsListener` with the bench's one `ApiClient` (`StaticAuthProvider`). With
 * `TWURPLE_MOCK_API_PORT` set, the listener connects to `ws://127.0.0.1:<port>/ws` and the
 * ApiClient subscribes through `http://localhost:<port>/eventsub/subscriptions`. A new listener
 * per run, as the bench opens a new socket per run.
 */
export function twurpleWs(apiClient: ApiClient): WsContender {
  let listener: EventSubWsListener | undefined;
  return {
    key: 'twurple',
    name: 'twurple 8.1.4',
    errors: [],
    async open(handler) {
      // eventsub-ws 8.1.4 declares its ApiClient from @twurple/api 8.1.4; the bench's is 8.2.0.
      const created = new EventSubWsListener({ apiClient: apiClient as never });
      listener = created;
      const id = new Promise<string>((resolve, reject) => {
        created.onSubscriptionCreateSuccess((_, data) => resolve(data.id));
        created.onSubscriptionCreateFailure((_, error) => reject(error));
      });
      created.onChannelChatMessage(BROADCASTER_ID, CHAT_USER_ID, handler);
      created.start();
      return await id;
    },
    async close() {
      const current = listener;
      listener = undefined;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.onUserSocketDisconnect(() => resolve());
        current.stop();
      });
    },
    chatterOf: (event) => (event as TwurpleChatMessageEvent).chatterId,
  };
}

/**
 * Ours: `eventSubWebSocket()` from `@platform/eventsub-ws` on one `@platform/core` client whose
 * `baseUrl` and `eventSubWsUrl` point at the bench server, with `ws` as the WebSocket. A new
 * listener per run, on the same client.
 */
export function platformWs(module: PlatformWsModule, port: number): WsContender {
  const client: PlatformClient = createClient({
    clientId: CLIENT_ID,
    token: TOKEN,
    baseUrl: `http://127.0.0.1:${port}`,
    authUrl: `http://127.0.0.1:${port}/oauth2`,
    eventSubWsUrl: `ws://127.0.0.1:${port}/ws`,
  });
  let listener: ReturnType<PlatformWsModule['eventSubWebSocket']> | undefined;
  const errors: unknown[] = [];
  return {
    key: 'platform',
    name: '@platform/eventsub-ws',
    errors,
    async open(handler) {
      listener = module.eventSubWebSocket(client, { webSocket: WebSocket, onError: (error) => errors.push(error) });
      const handle = listener.on('channel.chat.message', { broadcaster_user_id: BROADCASTER_ID, user_id: CHAT_USER_ID }, handler);
      await handle.ready;
      if (handle.id === undefined) throw new Error('handle.ready resolved without a subscription ID.');
      return handle.id;
    },
    async close() {
      const current = listener;
      listener = undefined;
      await current?.close();
    },
    chatterOf: (event) => (event as EventOf<'channel.chat.message'>).chatter_user_id,
  };
}
