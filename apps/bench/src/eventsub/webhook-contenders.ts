/**
 * The three webhook contenders, each behind the same small interface: an HTTP server on
 * 127.0.0.1 that verifies `channel.follow` v2 deliveries and hands each event to the bench's
 * handler. Import this module only after `TWURPLE_MOCK_API_PORT` is set (see webhook-bench.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type PlatformClient } from '@platform/core';
import type { EventOf } from '@platform/eventsub';
import type { ApiClient } from '@twurple/api';
import { ConnectionAdapter, EventSubHttpListener } from '@twurple/eventsub-http';
import { BROADCASTER_ID, CLIENT_ID, MODERATOR_ID, TOKEN, WEBHOOK_SECRET } from './fixtures';
import type { PlatformWebhookModule } from './platform';

/** twurple's follow event class (eventsub-base is not a direct dependency of the bench). */
type TwurpleFollowEvent = Parameters<Parameters<EventSubHttpListener['onChannelFollow']>[2]>[0];

export type WebhookKey = 'raw' | 'checked' | 'twurple' | 'platform';

/** Where the generator sends the deliveries, once a contender listens and its subscription is verified. */
export interface WebhookTarget {
  port: number;
  path: string;
  /** The subscription the deliveries name. */
  subscriptionId: string;
}

export interface WebhookContender {
  readonly key: WebhookKey;
  readonly name: string;
  /**
   * Listens on 127.0.0.1 (a free port), subscribes to `channel.follow` where there is something to
   * subscribe, and resolves once the subscription is verified. Every event goes to `handler`.
   */
  open(handler: (event: unknown) => void): Promise<WebhookTarget>;
  /** Stops listening (and deletes the subscription where there is one). */
  close(): Promise<void>;
  /** The follower's user ID of an event as the contender hands it over (to check the answers). */
  userOf(event: unknown): string;
  /** Errors the contender reported on its own (its `onError`); checked after each run. */
  readonly errors: unknown[];
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server?.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The subscription ID raw deliveries name (raw subscribes to nothing). */
const RAW_SUBSCRIPTION_ID = '0a5439ed-4e49-4e6e-8c77-4ce592a78055';

/**
 * `node:http` doing the bare minimum: collect the body, HMAC-SHA256 of id + timestamp + body,
 * `timingSafeEqual` with the signature header, JSON.parse, the handler, 204. No replay or
 * duplicate checks.
 */
export function rawWebhook(): WebhookContender {
  return rawContender('raw', 'raw node:http', undefined);
}

/**
 * The same raw code with the two checks the platform's docs ask of a webhook callback against
 * replays, written the plain way a user would: a message older than 10 minutes (`Date.parse`) is
 * refused, and a message ID seen within those 10 minutes (a `Map` of ID to time, pruned every
 * 1,024 messages) gets 204 and is not handed on. A baseline that does the work ours does.
 */
export function rawCheckedWebhook(): WebhookContender {
  const windowMs = 10 * 60_000;
  const seen = new Map<string, number>();
  let received = 0;
  return rawContender('checked', 'raw node:http + replay checks', (id, timestamp) => {
    const now = Date.now();
    if (!(now - Date.parse(timestamp) <= windowMs)) return 403;
    if (seen.has(id)) return 204;
    seen.set(id, now);
    if ((++received & 1023) === 0) {
      for (const [kept, at] of seen) {
        if (now - at <= windowMs) break;
        seen.delete(kept);
      }
    }
    return undefined;
  });
}

/** A raw contender; `replay`, when given, answers a message with a status instead of handing it on (undefined: hand it on). */
function rawContender(key: WebhookKey, name: string, replay: ((id: string, timestamp: string) => number | undefined) | undefined): WebhookContender {
  let server: Server | undefined;
  return {
    key,
    name,
    errors: [],
    async open(handler) {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          const { headers } = request;
          const id = String(headers['twitch-eventsub-message-id']);
          const timestamp = String(headers['twitch-eventsub-message-timestamp']);
          const signature = headers['twitch-eventsub-message-signature'];
          const expected = createHmac('sha256', WEBHOOK_SECRET).update(`${id}${timestamp}`).update(body).digest();
          const given = typeof signature === 'string' && signature.startsWith('sha256=') ? Buffer.from(signature.slice(7), 'hex') : undefined;
          if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
            response.writeHead(403);
            response.end();
            return;
          }
          const status = replay?.(id, timestamp);
          if (status !== undefined) {
            response.writeHead(status);
            response.end();
            return;
          }
          const message = JSON.parse(body.toString()) as { event: unknown };
          if (headers['twitch-eventsub-message-type'] === 'notification') handler(message.event);
          response.writeHead(204);
          response.end();
        });
      });
      return { port: await listen(server), path: '/hook', subscriptionId: RAW_SUBSCRIPTION_ID };
    },
    close: () => closeServer(server),
    userOf: (event) => (event as { user_id: string }).user_id,
  };
}

/**
 * A twurple connection adapter for the bench: twurple's own HTTP server (httpanda), bound to
 * 127.0.0.1 on a free port. twurple passes `listenerPort` to `server.listen()` as it is, so an
 * options object there picks the address as well as the port. The host name twurple builds its
 * callback (`https://<host>/event/<id>`) from carries that port; the generator calls it over HTTP.
 */
class LoopbackAdapter extends ConnectionAdapter {
  readonly server = createServer();

  override createHttpServer(): Server {
    return this.server;
  }

  override get listenerPort(): number {
    return { host: '127.0.0.1', port: 0 } as unknown as number;
  }

  override getHostName(): Promise<string> {
    return Promise.resolve(`127.0.0.1:${(this.server.address() as AddressInfo).port}`);
  }
}

/**
 * twurple's `EventSubHttpListener` (its own server; one secret for every subscription) with the
 * bench's one `ApiClient`. It subscribes through the generator's subscription API (mock mode), and
 * finds the subscription of a delivery by the path: `/event/channel.follow.<broadcaster>.<moderator>`.
 */
export function twurpleWebhook(apiClient: ApiClient): WebhookContender {
  let listener: EventSubHttpListener | undefined;
  let adapter: LoopbackAdapter | undefined;
  return {
    key: 'twurple',
    name: 'twurple 8.1.4',
    errors: [],
    async open(handler) {
      adapter = new LoopbackAdapter();
      // eventsub-http 8.1.4 declares its ApiClient from @twurple/api 8.1.4; the bench's is 8.2.0.
      const created = new EventSubHttpListener({ apiClient: apiClient as never, adapter, secret: WEBHOOK_SECRET });
      listener = created;
      const subscribed = new Promise<string>((resolve, reject) => {
        created.onSubscriptionCreateSuccess((_, data) => resolve(data.id));
        created.onSubscriptionCreateFailure((_, error) => reject(error));
      });
      // The challenge may come before twurple has read the 202: wait for both.
      const verified = new Promise<void>((resolve, reject) => {
        created.onVerify((success) => (success ? resolve() : reject(new Error('twurple could not verify the challenge.'))));
      });
      const subscription = created.onChannelFollow(BROADCASTER_ID, MODERATOR_ID, handler);
      created.start();
      const [subscriptionId] = await Promise.all([subscribed, verified]);
      return { port: (adapter.server.address() as AddressInfo).port, path: `/event/${subscription.id}`, subscriptionId };
    },
    async close() {
      const current = listener;
      const server = adapter?.server;
      listener = undefined;
      adapter = undefined;
      if (!current || !server?.listening) return;
      const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
      // Deletes the subscription through the ApiClient and closes the server.
      current.stop();
      server.closeAllConnections();
      await closed;
    },
    userOf: (event) => (event as TwurpleFollowEvent).userId,
  };
}

/**
 * Ours: `eventSubWebhook()` from `@platform/eventsub-webhook` on one `@platform/core` client whose
 * `baseUrl` is the generator's subscription API; `listener.handler` serves a `node:http` server.
 * A new listener and server per run, on the same client.
 */
export function platformWebhook(module: PlatformWebhookModule, apiPort: number): WebhookContender {
  const client: PlatformClient = createClient({
    clientId: CLIENT_ID,
    token: TOKEN,
    baseUrl: `http://127.0.0.1:${apiPort}`,
    authUrl: `http://127.0.0.1:${apiPort}/oauth2`,
  });
  let listener: ReturnType<PlatformWebhookModule['eventSubWebhook']> | undefined;
  let server: Server | undefined;
  const errors: unknown[] = [];
  return {
    key: 'platform',
    name: '@platform/eventsub-webhook',
    errors,
    async open(handler) {
      server = createServer();
      const port = await listen(server);
      listener = module.eventSubWebhook(client, { callback: `http://127.0.0.1:${port}/hook`, secret: WEBHOOK_SECRET, onError: (error) => errors.push(error) });
      server.on('request', listener.handler);
      const handle = listener.on('channel.follow', { broadcaster_user_id: BROADCASTER_ID, moderator_user_id: MODERATOR_ID }, handler);
      await handle.ready;
      if (handle.id === undefined) throw new Error('handle.ready resolved without a subscription ID.');
      return { port, path: '/hook', subscriptionId: handle.id };
    },
    async close() {
      const current = listener;
      listener = undefined;
      await current?.close();
      await closeServer(server);
      server = undefined;
    },
    userOf: (event) => (event as EventOf<'channel.follow'>).user_id,
  };
}
