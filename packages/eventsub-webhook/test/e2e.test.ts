import type { IncomingMessage, ServerResponse } from 'node:http';
import { platformAuth } from '@platform/auth';
import { createClient, PlatformEventSubError, type PlatformClient } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { createVirtualClock } from '@platform/core/testing';
import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventSubWebhook, type WebhookListener } from '../src/index';
import { post, serve, sign, until, type SignedSample } from './helpers';

// End to end: the mock platform creates the subscriptions, sends the challenge and posts signed
// deliveries over real sockets to a node:http server whose handler is the listener.

const SECRET = 'e2e-webhook-secret-0123456789';

let mock: MockPlatform;
let client: PlatformClient;
let broadcaster: MockUser;
let moderator: MockUser;
let server: Awaited<ReturnType<typeof serve>>;
let listener: WebhookListener;
let errors: unknown[];
/** Every request the server received, with its headers and body as they came. */
let received: { headers: IncomingMessage['headers']; body: string; status: number }[];
/** Set to hold back the answer to first attempts of notifications, so the platform sends them again. */
let holdFirstAttempts = false;

/** A node:http request listener that records each delivery, then hands it to the listener's handler unchanged. */
function recording(handler: WebhookListener['handler']) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const entry = { headers: request.headers, body: '', status: 0 };
    received.push(entry);
    // Listening here too does not take the data from the handler, which listens in this same turn.
    request.on('data', (chunk: Buffer) => (entry.body += chunk.toString('utf8')));
    response.on('finish', () => (entry.status = response.statusCode));
    if (holdFirstAttempts && request.headers['twitch-eventsub-message-type'] === 'notification' && request.headers['twitch-eventsub-message-retry'] === '0') {
      // Answer later than the platform waits: it counts the attempt as failed and retries.
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      response.end = ((...args: unknown[]) => {
        setTimeout(() => end(...args), 400);
        return response;
      }) as ServerResponse['end'];
    }
    handler(request, response);
  };
}

/** The sample of a recorded delivery, to post it again. */
function replayOf(entry: (typeof received)[number], changes: Record<string, string> = {}): SignedSample {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.headers)) {
    if (name.startsWith('twitch-eventsub-') || name === 'content-type') headers[name] = String(value);
  }
  return { secret: SECRET, headers: { ...headers, ...changes }, body: entry.body };
}

const followCondition = () => ({ broadcaster_user_id: broadcaster.id, moderator_user_id: moderator.id });
/** Whether the mock shows the subscription as enabled (it flips once it has read the challenge's answer). */
const enabled = (id: string | undefined) => mock.eventsub.subscriptions().some((each) => each.id === id && each.status === 'enabled');

beforeEach(async () => {
  // The platform's patience with a callback is seconds: shorter, a challenge answered late on a
  // loaded machine fails verification, and `ready` rightly rejects.
  mock = await createMockPlatform({ eventsub: { webhookTimeoutMs: 5000, webhookRetryDelaysMs: [50, 50] } });
  const app = mock.addClient({ clientId: 'webhook-e2e-app', clientSecret: 'webhook-e2e-client-secret' });
  broadcaster = mock.addUser({ id: '100', login: 'pixelforge', display_name: 'PixelForge' });
  moderator = mock.addUser({ id: '200', login: 'mossmod', display_name: 'MossMod' });
  mock.state.channel(broadcaster.id).moderators.add(moderator.id);
  // The moderator authorized the app to read followers: the app token may then subscribe.
  mock.issueToken({ clientId: app.clientId, userId: moderator.id, scopes: ['moderator:read:followers'] });
  client = createClient({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
  errors = [];
  received = [];
  holdFirstAttempts = false;
  let handler: WebhookListener['handler'] = () => undefined;
  server = await serve((request, response) => handler(request, response));
  listener = eventSubWebhook(client, { callback: server.url, secret: SECRET, onError: (error) => errors.push(error) });
  handler = recording(listener.handler);
});

afterEach(async () => {
  await listener.close();
  await server.close();
  await mock.close();
});

describe('webhook listener against the mock platform', () => {
  it('says once when its subscriptions wait more than 5 seconds for the app token\'s rate limit', async () => {
    // The client's clock is virtual: the wait for the bucket's reset starts and is never over.
    const clock = createVirtualClock({ start: Date.now() });
    const waiting = createClient({ clientId: 'webhook-e2e-app', clientSecret: 'webhook-e2e-client-secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth(), clock });
    const warnings: unknown[] = [];
    const slow = eventSubWebhook(waiting, { callback: server.url, secret: SECRET, onError: (error) => warnings.push(error) });
    // Another part of the program spent the app token's budget.
    mock.limits.spend('app:webhook-e2e-app');
    slow.on('channel.follow', followCondition(), () => undefined);
    slow.on('channel.follow', { ...followCondition(), moderator_user_id: broadcaster.id }, () => undefined);
    // The app token and the refused create take a few round trips: generous on a loaded machine.
    await until(() => warnings.length > 0, 20_000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBeInstanceOf(PlatformEventSubError);
    expect((warnings[0] as Error).message).toMatch(/^EventSub webhook: subscriptions wait (5\d|6\d) s for the rate limit of their token before they are created; ready resolves after\.$/);
    await slow.close();
    clock.stop();
  });

  it('is verified, receives an event once, and drops the platform re-sending it', async () => {
    const handler = vi.fn();
    const handle = listener.on('channel.follow', followCondition(), handler);
    await handle.ready;
    const challenge = received.find((entry) => entry.headers['twitch-eventsub-message-type'] === 'webhook_callback_verification')!;
    expect(challenge.status).toBe(200);
    await until(() => enabled(handle.id));

    // The first attempt is answered too late (past a short patience, set once the challenge is
    // answered), so the platform sends the same message again.
    mock.eventsub.configure({ webhookTimeoutMs: 200 });
    holdFirstAttempts = true;
    expect(mock.eventsub.trigger('channel.follow', { broadcaster_user_id: broadcaster.id, user_name: 'Fan' })).toBe(1);
    await until(() => mock.eventsub.deliveries.some((delivery) => delivery.outcome === 'acknowledged'));
    const attempts = received.filter((entry) => entry.headers['twitch-eventsub-message-type'] === 'notification');
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((entry) => entry.headers['twitch-eventsub-message-id'])).size).toBe(1);
    expect(attempts.map((entry) => entry.headers['twitch-eventsub-message-retry'])).toEqual(['0', '1', '2'].slice(0, attempts.length));
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ user_name: 'Fan', broadcaster_user_id: broadcaster.id, broadcaster_user_login: 'pixelforge' }), {
      messageId: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      subscriptionId: handle.id,
      type: 'channel.follow',
      version: '2',
      transport: 'webhook',
    });
    expect(errors).toEqual([]);

    // Posting a recorded delivery again ourselves: 204, still one call.
    expect((await post(server.url, replayOf(attempts[0]!))).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('delivers an event raised right after await ready, 100 times in a row (a new listener each time)', async () => {
    // A user's first call: a new listener, `await on(...).ready`, and the event at once.
    let current: WebhookListener | undefined;
    const roundServer = await serve((request, response) => current!.handler(request, response));
    let handedOver = 0;
    let delivered = 0;
    try {
      for (let round = 0; round < 100; round++) {
        current = eventSubWebhook(client, { callback: roundServer.url, secret: SECRET, onError: (error) => errors.push(error) });
        let calls = 0;
        await current.on('channel.follow', followCondition(), () => void calls++).ready;
        const handed = mock.eventsub.trigger('channel.follow', { broadcaster_user_id: broadcaster.id, user_name: `Fan ${round}` });
        handedOver += handed;
        // Nothing to wait for when the platform had no enabled subscription to hand it to.
        await until(() => calls === 1, handed === 0 ? 0 : 2000).catch(() => undefined);
        delivered += calls;
        await current.close();
      }
    } finally {
      await current?.close();
      await roundServer.close();
    }
    expect({ handedOver, delivered }).toEqual({ handedOver: 100, delivered: 100 });
    expect(errors).toEqual([]);
  });

  it('answers a delivery with a bad signature with 403 and calls no handler', async () => {
    const handler = vi.fn();
    const handle = listener.on('channel.follow', followCondition(), handler);
    await handle.ready;
    await until(() => enabled(handle.id));
    mock.eventsub.trigger('channel.follow', { broadcaster_user_id: broadcaster.id });
    await until(() => handler.mock.calls.length === 1);
    const genuine = received.find((entry) => entry.headers['twitch-eventsub-message-type'] === 'notification')!;

    const id = 'forged-message-1';
    const timestamp = new Date().toISOString();
    const forged = replayOf(genuine, {
      'twitch-eventsub-message-id': id,
      'twitch-eventsub-message-timestamp': timestamp,
      'twitch-eventsub-message-signature': sign('not-the-right-secret', id, timestamp, genuine.body),
    });
    expect((await post(server.url, forged)).status).toBe(403);
    // Signed right but altered body.
    const altered = replayOf(genuine, {
      'twitch-eventsub-message-id': id,
      'twitch-eventsub-message-timestamp': timestamp,
      'twitch-eventsub-message-signature': sign(SECRET, id, timestamp, genuine.body),
    });
    expect((await post(server.url, { ...altered, body: genuine.body.replace('"event":{', '"event":{"forged":true,') })).status).toBe(403);
    expect(handler).toHaveBeenCalledTimes(1);
    // The same forgery with the right secret goes through: the 403s were the signature's doing.
    expect((await post(server.url, altered)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('reports a revocation to onError', async () => {
    const handler = vi.fn();
    const handle = listener.on('channel.follow', followCondition(), handler);
    await handle.ready;
    await until(() => enabled(handle.id));
    mock.eventsub.revoke(handle.id!, 'authorization_revoked');
    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    expect((errors[0] as Error).message).toBe('The platform revoked the subscription to channel.follow (version 2): authorization_revoked.');
    const revocation = received.find((entry) => entry.headers['twitch-eventsub-message-type'] === 'revocation')!;
    expect(revocation.status).toBe(204);
    expect(handler).not.toHaveBeenCalled();
  });

  it('stop() deletes the subscription on the platform with the app token', async () => {
    const handle = listener.on('channel.follow', followCondition(), () => undefined);
    await handle.ready;
    const id = handle.id!;
    expect(mock.eventsub.subscriptions()).toHaveLength(1);
    await handle.stop();
    expect(mock.eventsub.subscriptions()).toEqual([]);
    const removal = mock.requests.find((request) => request.method === 'DELETE' && request.path === '/eventsub/subscriptions')!;
    expect(removal.query.id).toBe(id);
    expect(removal.status).toBe(204);
    expect(mock.state.tokens.get(removal.token!)?.userId).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('stop() before the challenge rejects ready and leaves nothing on the platform', async () => {
    const handle = listener.on('channel.follow', followCondition(), () => undefined);
    const stopped = handle.stop();
    await expect(handle.ready).rejects.toThrow('The subscription to channel.follow was removed before the platform confirmed it.');
    await stopped;
    expect(mock.eventsub.subscriptions()).toEqual([]);
  });

  it('close() deletes no subscription and answers later notifications with 503; unsubscribeAll() deletes every subscription of the listener', async () => {
    const follows = listener.on('channel.follow', followCondition(), () => undefined);
    const online = listener.on('stream.online', { broadcaster_user_id: broadcaster.id }, () => undefined);
    await Promise.all([follows.ready, online.ready]);
    expect(mock.eventsub.subscriptions()).toHaveLength(2);
    await listener.close();
    expect(mock.eventsub.subscriptions()).toHaveLength(2);
    // This process no longer hands events on: the platform is told to try again (another process behind the callback).
    const before = received.length;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: broadcaster.id, type: 'live' });
    await until(() => received.length > before);
    expect(listener.stats().refused).toBeGreaterThanOrEqual(1);
    await listener.unsubscribeAll();
    expect(mock.eventsub.subscriptions()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('serves the same through the fetch handler', async () => {
    // A node:http server that turns each request into a web Request for listener.fetch.
    const fetchServer = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
        void fetchListener.fetch(new Request(`http://127.0.0.1${request.url}`, { method: request.method, headers, body: Buffer.concat(chunks) })).then(async (answer) => {
          response.writeHead(answer.status, Object.fromEntries(answer.headers));
          response.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
    });
    const fetchListener = eventSubWebhook(client, { callback: fetchServer.url, secret: SECRET, onError: (error) => errors.push(error) });
    try {
      const handler = vi.fn();
      const handle = fetchListener.on('stream.online', { broadcaster_user_id: broadcaster.id }, handler);
      await handle.ready;
      await until(() => enabled(handle.id));
      mock.eventsub.trigger('stream.online', { broadcaster_user_id: broadcaster.id, type: 'live' });
      await until(() => handler.mock.calls.length === 1);
      expect(handler).toHaveBeenCalledWith(expect.objectContaining({ broadcaster_user_id: broadcaster.id, type: 'live' }), expect.objectContaining({ transport: 'webhook', type: 'stream.online' }));
      await fetchListener.unsubscribeAll();
      expect(mock.eventsub.subscriptions()).toEqual([]);
    } finally {
      await fetchListener.close();
      await fetchServer.close();
    }
  });

  it('counts in stats() and logs deliveries, repeats, refused requests, the challenge and a revocation, with no secret in any line', async () => {
    const lines: { level: string; message: string }[] = [];
    // What the client's `logger` option will set (already filtered and redacted by core).
    (clientCore(client) as unknown as { log: (level: string, message: string) => void }).log = (level, message) => lines.push({ level, message });
    const matching = (level: string, pattern: RegExp) => lines.filter((line) => line.level === level && pattern.test(line.message));
    const handler = vi.fn();
    const handle = listener.on('channel.follow', followCondition(), handler);
    await handle.ready;
    await until(() => enabled(handle.id));
    const zero = { drops: 0, reconnects: 0, handoffs: 0, lastKeepaliveAt: undefined, totalCost: expect.any(Number), maxTotalCost: 10_000, connections: [] };
    expect(listener.stats()).toEqual({ transport: 'webhook', delivered: 0, duplicates: 0, refused: 0, revocations: 0, revokedBy: {}, subscriptions: 1, ...zero });

    for (let n = 1; n <= 3; n++) mock.eventsub.trigger('channel.follow', { broadcaster_user_id: broadcaster.id, user_name: `Fan ${n}` });
    await until(() => handler.mock.calls.length === 3);
    const notifications = received.filter((entry) => entry.headers['twitch-eventsub-message-type'] === 'notification');
    // Two of them again, as the platform's at-least-once delivery may: 204, no call.
    expect((await post(server.url, replayOf(notifications[0]!))).status).toBe(204);
    expect((await post(server.url, replayOf(notifications[1]!))).status).toBe(204);
    // Refused: a bad signature (its message ID header holding the secret), a stale message, no signature.
    const timestamp = new Date().toISOString();
    const forged = replayOf(notifications[0]!, {
      'twitch-eventsub-message-id': SECRET,
      'twitch-eventsub-message-timestamp': timestamp,
      'twitch-eventsub-message-signature': sign('not-the-right-secret', SECRET, timestamp, notifications[0]!.body),
    });
    expect((await post(server.url, forged)).status).toBe(403);
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    const stale = replayOf(notifications[0]!, {
      'twitch-eventsub-message-id': 'stale-1',
      'twitch-eventsub-message-timestamp': old,
      'twitch-eventsub-message-signature': sign(SECRET, 'stale-1', old, notifications[0]!.body),
    });
    expect((await post(server.url, stale)).status).toBe(403);
    const unsigned = replayOf(notifications[0]!);
    delete unsigned.headers['twitch-eventsub-message-signature'];
    expect((await post(server.url, unsigned)).status).toBe(403);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(listener.stats()).toMatchObject({ delivered: 3, duplicates: 2, refused: 3, revocations: 0, subscriptions: 1 });

    const id = handle.id!;
    mock.eventsub.revoke(id, 'authorization_revoked');
    await until(() => errors.length === 1);
    expect(listener.stats()).toEqual({ transport: 'webhook', delivered: 3, duplicates: 2, refused: 3, revocations: 1, revokedBy: { authorization_revoked: 1 }, subscriptions: 0, ...zero });

    expect(matching('debug', /^EventSub webhook: answered the verification challenge of subscription \S+ to channel\.follow \(version 2\)$/)).toHaveLength(1);
    expect(matching('debug', /^EventSub webhook: delivered channel\.follow message \S+$/)).toHaveLength(3);
    expect(matching('debug', /^EventSub webhook: dropped repeated message \S+$/)).toHaveLength(2);
    expect(matching('warn', /^EventSub webhook: refused a request with 403: /).map((line) => line.message)).toEqual([
      'EventSub webhook: refused a request with 403: bad signature (message [redacted])',
      'EventSub webhook: refused a request with 403: timestamp too old, too far ahead or unreadable (message stale-1)',
      `EventSub webhook: refused a request with 403: no message ID, timestamp or signature header (message ${String(notifications[0]!.headers['twitch-eventsub-message-id'])})`,
    ]);
    expect(matching('warn', /revoked/).map((line) => line.message)).toEqual([`EventSub webhook: subscription ${id} to channel.follow (version 2) revoked: authorization_revoked`]);
    for (const line of lines) {
      expect(line.message).not.toContain(SECRET);
      expect(line.message).not.toContain('webhook-e2e-client-secret');
    }
  });
});
