import { PlatformEventSubError } from '@platform/core';
import { createVirtualClock } from '@platform/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventSubWebhook, type WebhookListener } from '../src/index';
import { notification, revocation, shardVerification, tampered, verification } from './fixtures';
import { CALLBACK, FIXTURE_NOW, bodyParser, created, listed, post, serve, signed, stubClient, until, withHeaders } from './helpers';

const SECRET = notification.secret;
const ONLINE_ID = '9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0';
const FOLLOW_ID = '895082a3-50a1-4b66-b42b-212c40bdf433';
const follow = { broadcaster_user_id: '41520837', moderator_user_id: '58213390' };
const online = { broadcaster_user_id: '41520837' };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/**
 * A listener whose create calls are answered with the fixtures' subscription IDs, served by a
 * real node:http server; the client's clock stands at `now` (a little after the fixtures).
 */
async function setup(options: { now?: number; wrap?: (handler: WebhookListener['handler']) => Parameters<typeof serve>[0] } = {}) {
  const clock = createVirtualClock({ start: options.now ?? FIXTURE_NOW });
  const known: Parameters<typeof listed>[1] = {};
  const { client, helixRequests } = stubClient(
    (request) => {
      // The read-back after a challenge: the platform lists the subscription as enabled.
      if (request.method === 'GET') return listed(request, known);
      if (request.method !== 'POST') return undefined;
      const body = JSON.parse(request.body!) as { type: string; version: string; condition: Record<string, string> };
      const id = body.type === 'channel.follow' ? FOLLOW_ID : body.type === 'stream.online' ? ONLINE_ID : `id-${body.type}`;
      known[id] = body;
      return created(id, body.type, body.version, body.condition);
    },
    { clock },
  );
  const errors: unknown[] = [];
  const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: (error) => errors.push(error) });
  const server = await serve(options.wrap ? options.wrap(listener.handler) : listener.handler);
  cleanups.push(() => listener.close(), () => server.close());
  return { listener, server, errors, clock, helixRequests };
}

/** Subscribes to stream.online and waits until the listener knows the subscription's ID. */
async function onlineHandle(listener: WebhookListener, handler = vi.fn()) {
  const handle = listener.on('stream.online', online, handler);
  await until(() => handle.id === ONLINE_ID);
  return { handle, handler };
}

describe('the Node handler', () => {
  it('answers a correctly signed notification with 204 and hands the event to the handler once', async () => {
    const { listener, server, errors } = await setup();
    const { handler } = await onlineHandle(listener);
    const answer = await post(server.url, notification);
    expect(answer.status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
    const message = notification.headers;
    expect(handler).toHaveBeenCalledWith((JSON.parse(notification.body) as { event: unknown }).event, {
      messageId: message['Twitch-Eventsub-Message-Id'],
      timestamp: message['Twitch-Eventsub-Message-Timestamp'],
      subscriptionId: (JSON.parse(notification.body) as { subscription: { id: string } }).subscription.id,
      type: 'stream.online',
      version: '1',
      transport: 'webhook',
    });
    expect(errors).toEqual([]);
  });

  it('answers a tampered body with 403 and calls no handler', async () => {
    const { listener, server } = await setup();
    const { handler } = await onlineHandle(listener);
    expect((await post(server.url, tampered)).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
    // The refused message did not take the ID: the genuine one still gets through.
    expect((await post(server.url, notification)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers a missing or malformed signature with 403', async () => {
    const { listener, server } = await setup();
    const { handler } = await onlineHandle(listener);
    const signature = notification.headers['Twitch-Eventsub-Message-Signature']!;
    for (const value of [undefined, '', signature.slice(7), `sha1=${signature.slice(7)}`, `${signature.slice(0, -2)}zz`, `${signature}00`]) {
      const answer = await post(server.url, withHeaders(notification, { 'Twitch-Eventsub-Message-Signature': value }));
      expect(answer.status, String(value)).toBe(403);
    }
    // A signature made with another secret.
    const forged = signed('another-secret-of-some-length', 'notification', notification.body);
    expect((await post(server.url, forged)).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });

  it('accepts an upper-case hex signature (the same bytes)', async () => {
    const { listener, server } = await setup();
    const { handler } = await onlineHandle(listener);
    const signature = notification.headers['Twitch-Eventsub-Message-Signature']!;
    const upper = `sha256=${signature.slice(7).toUpperCase()}`;
    expect((await post(server.url, withHeaders(notification, { 'Twitch-Eventsub-Message-Signature': upper }))).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('refuses a message more than 10 minutes old, or with an unreadable timestamp, with 403 and no handler call', async () => {
    // The notification was sent at 18:25:02.212; at 18:35:02.213 it is just over 10 minutes old.
    const now = Date.parse('2026-03-14T18:35:02.213Z');
    const { listener, server } = await setup({ now });
    const { handler } = await onlineHandle(listener);
    expect((await post(server.url, notification)).status).toBe(403);
    const unreadable = signed(SECRET, 'notification', notification.body, { timestamp: 'yesterday at noon' });
    expect((await post(server.url, unreadable)).status).toBe(403);
    // Far in the future: also refused (it would outlive the memory of message IDs).
    const future = signed(SECRET, 'notification', notification.body, { timestamp: '2026-03-14T19:00:00.000000000Z' });
    expect((await post(server.url, future)).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
    // Exactly 10 minutes old still passes.
    const boundary = signed(SECRET, 'notification', notification.body, { timestamp: new Date(now - 600_000).toISOString() });
    expect((await post(server.url, boundary)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers a repeated message ID with 204 and does not call the handler again', async () => {
    const { listener, server } = await setup();
    const { handler } = await onlineHandle(listener);
    const first = await post(server.url, notification);
    const again = await post(server.url, withHeaders(notification, { 'Twitch-Eventsub-Message-Retry': '1' }));
    expect([first.status, again.status]).toEqual([204, 204]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers the verification challenge with 200, text/plain and the challenge exactly, and resolves ready', async () => {
    const { listener, server, errors } = await setup();
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    let ready = false;
    void handle.ready.then(() => (ready = true));
    const answer = await post(server.url, verification);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain');
    expect(answer.headers.get('content-length')).toBe('36');
    expect(answer.text).toBe('ch4ll3nge-acaece00-a444-b5bcf9ef7d69');
    await handle.ready;
    expect(ready).toBe(true);
    expect(errors).toEqual([]);
  });

  it('answers a challenge that arrives before the create call was answered', async () => {
    let answerCreate!: () => void;
    const gate = new Promise<void>((resolve) => (answerCreate = resolve));
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client } = stubClient(
      async (request) => {
        // The platform made the subscription before answering: the read-back lists it.
        if (request.method === 'GET') return listed(request, { [FOLLOW_ID]: { type: 'channel.follow', version: '2', condition: follow } });
        if (request.method !== 'POST') return undefined;
        await gate;
        return created(FOLLOW_ID, 'channel.follow', '2', follow);
      },
      { clock },
    );
    const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: () => undefined });
    const server = await serve(listener.handler);
    cleanups.push(() => listener.close(), () => server.close());
    const handle = listener.on('channel.follow', follow, () => undefined);
    const answer = await post(server.url, verification);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('ch4ll3nge-acaece00-a444-b5bcf9ef7d69');
    await handle.ready;
    expect(handle.id).toBe(FOLLOW_ID);
    answerCreate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handle.id).toBe(FOLLOW_ID);
  });

  it('answers a challenge for a subscription it does not have with 403', async () => {
    const { server } = await setup();
    const answer = await post(server.url, verification);
    expect(answer.status).toBe(403);
    expect(answer.text).toBe('');
  });

  it('answers a conduit shard challenge with 403: shards are the conduit listener\'s', async () => {
    const { server } = await setup();
    expect((await post(server.url, shardVerification)).status).toBe(403);
  });

  it('answers a revocation with 204 and reports it to onError', async () => {
    const { listener, server, errors } = await setup();
    const { handle, handler } = await onlineHandle(listener);
    const answer = await post(server.url, revocation);
    expect(answer.status).toBe(204);
    expect(handler).not.toHaveBeenCalled();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    expect((errors[0] as Error).message).toBe('The platform revoked the subscription to stream.online (version 1): authorization_revoked.');
    // A pending subscription that is revoked rejects its ready.
    await expect(handle.ready).rejects.toBe(errors[0]);
    // Later notifications of it reach nobody: 503, so that the platform tries another process.
    expect((await post(server.url, notification)).status).toBe(503);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers a notification of a subscription it does not know with 503 (another process behind the callback may know it), dispatches nothing and keeps its ID unclaimed', async () => {
    const { listener, server, errors } = await setup();
    const handler = vi.fn();
    const handle = listener.on('channel.follow', follow, handler);
    await until(() => handle.id === FOLLOW_ID);
    expect((await post(server.url, notification)).status).toBe(503);
    expect(handler).not.toHaveBeenCalled();
    expect(listener.stats().refused).toBe(1);
    expect(errors).toEqual([]);
    // Once this process subscribes, the platform's retry of the same message is handed on.
    const { handler: online } = await onlineHandle(listener);
    expect((await post(server.url, notification)).status).toBe(204);
    expect(online).toHaveBeenCalledTimes(1);
  });

  it('sends what a handler throws to onError, unchanged, after answering 204', async () => {
    const { listener, server, errors } = await setup();
    const thrown = new Error('handler failed');
    await onlineHandle(listener, vi.fn(() => {
      throw thrown;
    }));
    expect((await post(server.url, notification)).status).toBe(204);
    expect(errors).toEqual([thrown]);
  });

  it('answers a correctly signed body that is not JSON with 400 and reports it', async () => {
    const { server, errors } = await setup();
    const answer = await post(server.url, signed(SECRET, 'notification', '{"subscription":'));
    expect(answer.status).toBe(400);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    expect((errors[0] as Error).message).toMatch(/body that is not JSON/);
    expect((errors[0] as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('answers another method than POST with 405', async () => {
    const { server } = await setup();
    const answer = await post(server.url, notification, 'GET');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over 4 MiB with 413', async () => {
    const { server } = await setup();
    const big = signed(SECRET, 'notification', JSON.stringify({ padding: 'x'.repeat(4 * 1024 * 1024) }));
    expect((await post(server.url, big)).status).toBe(413);
  });

  it('delivers a batched type as one array per message, without entries already delivered', async () => {
    const { listener, server, helixRequests } = await setup();
    const handler = vi.fn();
    const handle = listener.on('drop.entitlement.grant', { organization_id: 'org-1' }, handler);
    await until(() => handle.id !== undefined);
    expect(JSON.parse(helixRequests()[0]!.body!)).toMatchObject({ type: 'drop.entitlement.grant', is_batching_enabled: true });
    const subscription = { id: handle.id, status: 'enabled', type: 'drop.entitlement.grant', version: '1', condition: { organization_id: 'org-1' } };
    const one = { id: 'entry-1', data: { user_id: '1' } };
    const two = { id: 'entry-2', data: { user_id: '2' } };
    expect((await post(server.url, signed(SECRET, 'notification', { subscription, events: [one] }))).status).toBe(204);
    expect((await post(server.url, signed(SECRET, 'notification', { subscription, events: [one, two] }))).status).toBe(204);
    expect(handler.mock.calls.map(([events]) => events as unknown)).toEqual([[one], [two]]);
  });

  it('works with the WebCrypto fallback when node:crypto cannot be had', async () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined);
    const { listener, server } = await setup();
    vi.restoreAllMocks();
    const { handler } = await onlineHandle(listener);
    expect((await post(server.url, tampered)).status).toBe(403);
    expect((await post(server.url, notification)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('the Node handler behind body parsers (Express)', () => {
  it('answers 500 and explains on onError when the body was already parsed into an object', async () => {
    const next = vi.fn();
    const { listener, server, errors } = await setup({ wrap: (handler) => bodyParser('json', handler, next) });
    const { handler } = await onlineHandle(listener);
    const answer = await post(server.url, notification);
    expect(answer.status).toBe(500);
    expect(handler).not.toHaveBeenCalled();
    expect(next).not.toHaveBeenCalled();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    expect((errors[0] as Error).message).toMatch(/^The request body was already parsed by a middleware/);
    expect((errors[0] as Error).message).toContain("express.raw({ type: 'application/json' })");
  });

  it('passes a request that is not a POST on to next()', async () => {
    const next = vi.fn();
    const { server } = await setup({
      wrap: (handler) => (request, response) =>
        handler(request, response, (error?: unknown) => {
          next(error);
          response.writeHead(404).end();
        }),
    });
    expect((await post(server.url, notification, 'GET')).status).toBe(404);
    expect(next).toHaveBeenCalledWith(undefined);
  });

  it('takes the Buffer that express.raw() leaves', async () => {
    const { listener, server, errors } = await setup({ wrap: (handler) => bodyParser('raw', handler) });
    const { handler } = await onlineHandle(listener);
    expect((await post(server.url, tampered)).status).toBe(403);
    expect((await post(server.url, notification)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
  });

  it('takes the string that express.text() leaves', async () => {
    const { listener, server } = await setup({ wrap: (handler) => bodyParser('text', handler) });
    const { handler } = await onlineHandle(listener);
    expect((await post(server.url, notification)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reads the stream itself when a JSON parser skipped the request (req.body = {} left unread)', async () => {
    const { listener, server } = await setup({
      wrap: (handler) => (request, response) => {
        (request as { body?: unknown }).body = {};
        handler(request, response, () => undefined);
      },
    });
    const { handler } = await onlineHandle(listener);
    expect((await post(server.url, notification)).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
