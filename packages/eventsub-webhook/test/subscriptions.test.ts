import { PlatformApiError, PlatformError, PlatformEventSubError } from '@platform/core';
import { createVirtualClock } from '@platform/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhookListener, eventSubWebhook } from '../src/index';
import { verification } from './fixtures';
import { APP_TOKEN, CALLBACK, FIXTURE_NOW, created, listed, requestOf, stubClient, until } from './helpers';

const SECRET = verification.secret;
const FOLLOW_ID = '895082a3-50a1-4b66-b42b-212c40bdf433';
const follow = { broadcaster_user_id: '41520837', moderator_user_id: '58213390' };
const known = { [FOLLOW_ID]: { type: 'channel.follow', version: '2', condition: follow } };
const unavailable = { status: 503, body: { error: 'Service Unavailable', status: 503, message: 'try later' } };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** Settles in a few turns of the event loop, for promises that should have settled by now. */
const state = async (promise: Promise<unknown>) => {
  let result = 'pending';
  promise.then(
    () => (result = 'resolved'),
    () => (result = 'rejected'),
  );
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  return result;
};

function listen(client: Parameters<typeof eventSubWebhook>[0], extra: Partial<Parameters<typeof eventSubWebhook>[1]> = {}) {
  const errors: unknown[] = [];
  // The periodic comparison with the platform is tested on its own (it would keep an automatic clock busy).
  const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: (error) => errors.push(error), reconcileIntervalMs: 0, ...extra });
  cleanups.push(() => listener.close());
  return { listener, errors };
}

describe('eventSubWebhook() options', () => {
  const { client } = stubClient(() => undefined);

  it('needs a callback and a secret', () => {
    const message = 'A webhook listener needs a `callback` URL and a `secret`.';
    for (const options of [{ secret: SECRET }, { callback: CALLBACK }, { callback: '', secret: SECRET }, { callback: CALLBACK, secret: '' }, {}, undefined]) {
      const make = () => eventSubWebhook(client, options as never);
      expect(make).toThrow(PlatformEventSubError);
      expect(make).toThrow(message);
    }
  });

  it('needs a secret of 10 to 100 characters', () => {
    for (const secret of ['123456789', 'x'.repeat(101)]) {
      const make = () => eventSubWebhook(client, { callback: CALLBACK, secret });
      expect(make).toThrow(PlatformEventSubError);
      expect(make).toThrow(/^The webhook secret must be 10 to 100 characters long\.$/);
    }
    expect(eventSubWebhook(client, { callback: CALLBACK, secret: '1234567890' })).toBeInstanceOf(WebhookListener);
    expect(eventSubWebhook(client, { callback: CALLBACK, secret: 'x'.repeat(100) })).toBeInstanceOf(WebhookListener);
  });

  it('needs an absolute http(s) callback URL, and lets a plain http:// one through', () => {
    for (const callback of ['/eventsub', 'hooks.example.org/eventsub', 'ftp://hooks.example.org/eventsub', 'ws://hooks.example.org']) {
      const make = () => eventSubWebhook(client, { callback, secret: SECRET });
      expect(make).toThrow(PlatformError);
      expect(make).toThrow(/callback must be an absolute https:\/\//);
    }
    expect(eventSubWebhook(client, { callback: 'http://127.0.0.1:8080/eventsub', secret: SECRET })).toBeInstanceOf(WebhookListener);
    for (const callback of ['http://localhost:8080/eventsub', 'http://[::1]:8080/eventsub', 'http://127.1.2.3/eventsub']) {
      expect(eventSubWebhook(client, { callback, secret: SECRET })).toBeInstanceOf(WebhookListener);
    }
  });

  it('refuses a plain http:// callback on a host that is not this machine: the secret and the events would travel in clear', () => {
    for (const callback of ['http://hooks.example.org/eventsub', 'http://10.0.0.5:8080/eventsub', 'http://127.0.0.1.example.org/eventsub']) {
      const make = () => eventSubWebhook(client, { callback, secret: SECRET });
      expect(make).toThrow(PlatformError);
      expect(make).toThrow(
        `The webhook callback must be an https:// URL: plain http:// is let through only on a loopback host (127.0.0.1, ::1, localhost), for local tests; got "${callback}".`,
      );
    }
  });

  it('checks verificationTimeoutMs and the callbacks', () => {
    expect(() => eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, verificationTimeoutMs: 0 })).toThrow(/verificationTimeoutMs/);
    expect(() => eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: 'log' as never })).toThrow('The onError option must be a function.');
  });

  it('never puts the secret in an error message', () => {
    const secret = 'x'.repeat(101);
    expect(() => eventSubWebhook(client, { callback: CALLBACK, secret })).toThrow(expect.not.objectContaining({ message: expect.stringContaining(secret) }));
  });
});

describe('webhook subscriptions', () => {
  it('are created with the app token and the webhook transport, and batched types with batching', async () => {
    const { client, helixRequests } = stubClient((request) => {
      if (request.method !== 'POST') return undefined;
      const body = JSON.parse(request.body!) as { type: string; version: string; condition: Record<string, string> };
      return created(`id-${body.type}`, body.type, body.version, body.condition);
    });
    const { listener } = listen(client);
    const follows = listener.on('channel.follow', follow, () => undefined);
    const drops = listener.on('drop.entitlement.grant', { organization_id: 'org-1' }, () => undefined);
    await until(() => follows.id !== undefined && drops.id !== undefined);
    const [first, second] = helixRequests();
    expect(first!.method).toBe('POST');
    expect(first!.url.pathname).toBe('/helix/eventsub/subscriptions');
    expect(first!.headers.get('authorization')).toBe(`Bearer ${APP_TOKEN}`);
    expect(JSON.parse(first!.body!)).toEqual({ type: 'channel.follow', version: '2', condition: follow, transport: { method: 'webhook', callback: CALLBACK, secret: SECRET } });
    expect(JSON.parse(second!.body!)).toEqual({
      type: 'drop.entitlement.grant',
      version: '1',
      condition: { organization_id: 'org-1' },
      transport: { method: 'webhook', callback: CALLBACK, secret: SECRET },
      is_batching_enabled: true,
    });
  });

  it('reject ready and call onError when the platform has not enabled it within 60 seconds, read it back first, and delete it with the app token', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient(
      (request) =>
        request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known, 'webhook_callback_verification_pending') : undefined,
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    for (let step = 0; step < 59; step++) await clock.advance(1000);
    await clock.advance(999);
    expect(await state(handle.ready)).toBe('pending');
    // No challenge reached this process: it reads the subscription back (the challenge may reach another one), at most every 2 seconds.
    const reads = () => helixRequests().filter((request) => request.method === 'GET').length;
    expect(reads()).toBeGreaterThanOrEqual(25);
    expect(reads()).toBeLessThanOrEqual(40);
    const before = reads();
    await clock.advance(1);
    const message = 'The platform did not verify the callback for channel.follow within 60 seconds.';
    await expect(handle.ready).rejects.toThrow(PlatformEventSubError);
    await expect(handle.ready).rejects.toThrow(message);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe(message);
    await until(() => helixRequests().some((request) => request.method === 'DELETE'));
    // One read at the deadline, then the deletion.
    expect(reads()).toBe(before + 1);
    const removal = helixRequests().at(-1)!;
    expect(removal.method).toBe('DELETE');
    expect(removal.url.searchParams.get('id')).toBe(FOLLOW_ID);
    expect(removal.headers.get('authorization')).toBe(`Bearer ${APP_TOKEN}`);
    // A challenge that comes late is refused (and reported): the platform then fails the subscription too.
    expect((await listener.fetch(requestOf(verification))).status).toBe(403);
    expect((errors[1] as Error).message).toMatch(/^Refused the verification challenge of subscription .* to channel\.follow \(version 2\): this listener has no subscription/);
    // stop() afterwards has nothing left to do.
    const count = helixRequests().length;
    await handle.stop();
    await clock.advance(120_000);
    expect(helixRequests()).toHaveLength(count);
  });

  it('never delete at the deadline a subscription the platform lists enabled: its challenge was answered by another process', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    let status = 'webhook_callback_verification_pending';
    const { client, helixRequests } = stubClient(
      (request) => (request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known, status) : undefined),
      { clock },
    );
    const { listener, errors } = listen(client, { verificationTimeoutMs: 5_000 });
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    await clock.advance(4_000);
    // Another process answered the challenge: the next read, at the latest the one at the deadline, sees it enabled.
    status = 'enabled';
    await clock.advance(1_000);
    await handle.ready;
    await clock.advance(120_000);
    expect(helixRequests().filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('say the configured time in the timeout message', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    const { client } = stubClient((request) => (request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : undefined), { clock });
    const { listener, errors } = listen(client, { verificationTimeoutMs: 5_000 });
    const handle = listener.on('channel.follow', follow, () => undefined);
    await expect(handle.ready).rejects.toThrow('The platform did not verify the callback for channel.follow within 5 seconds.');
    expect(errors).toHaveLength(1);
  });

  it('resolve ready when the challenge is answered and the subscription reads back enabled, and stop the verification deadline', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient(
      (request) => (request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known) : undefined),
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    await handle.ready;
    const read = helixRequests()[1]!;
    expect(`${read.method} ${read.url.pathname}?${read.url.searchParams}`).toBe(`GET /helix/eventsub/subscriptions?subscription_id=${FOLLOW_ID}`);
    expect(read.headers.get('authorization')).toBe(`Bearer ${APP_TOKEN}`);
    await clock.advance(120_000);
    expect(errors).toEqual([]);
    expect(helixRequests()).toHaveLength(2);
  });

  it('read a verified subscription back again, with waits on the client clock, until the platform lists it enabled', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const statuses = ['webhook_callback_verification_pending', 'webhook_callback_verification_pending', 'enabled'];
    const { client, helixRequests } = stubClient(
      (request) => (request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known, statuses.shift()) : undefined),
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    const reads = () => helixRequests().filter((request) => request.method === 'GET').length;
    await until(() => reads() === 1);
    // Answered, but the platform has not enabled it yet: an event raised now would not arrive.
    expect(await state(handle.ready)).toBe('pending');
    await clock.advance(9);
    expect(reads()).toBe(1);
    await clock.advance(1);
    await until(() => reads() === 2);
    expect(await state(handle.ready)).toBe('pending');
    await clock.advance(19);
    expect(reads()).toBe(2);
    await clock.advance(1);
    await until(() => reads() === 3);
    await handle.ready;
    await clock.advance(120_000);
    expect(reads()).toBe(3);
    expect(errors).toEqual([]);
  });

  for (const [gone, why] of [
    ['webhook_callback_verification_failed', 'the platform lists it as webhook_callback_verification_failed'],
    [undefined, 'the platform no longer lists it'],
  ] as const) {
    it(`delete and create again a subscription that reads back ${gone ?? 'not listed'}, 3 times, then reject ready`, async () => {
      const clock = createVirtualClock({ start: FIXTURE_NOW });
      const { client, helixRequests } = stubClient(
        (request) =>
          request.method === 'POST'
            ? created(FOLLOW_ID, 'channel.follow', '2', follow)
            : request.method === 'GET'
              ? gone === undefined
                ? listed(request, {})
                : listed(request, known, gone)
              : undefined,
        { clock },
      );
      const { listener, errors } = listen(client);
      const handle = listener.on('channel.follow', follow, () => undefined);
      await until(() => handle.id === FOLLOW_ID);
      expect((await listener.fetch(requestOf(verification))).status).toBe(200);
      for (let step = 0; step < 10 && (await state(handle.ready)) === 'pending'; step++) await clock.advance(1000);
      const message = `Could not subscribe to channel.follow (version 2): ${why}, after 3 attempts to create it again.`;
      await expect(handle.ready).rejects.toThrow(PlatformEventSubError);
      await expect(handle.ready).rejects.toThrow(message);
      expect(errors.map((error) => (error as Error).message)).toEqual([message]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const calls = helixRequests().map((request) => request.method);
      expect(calls.filter((method) => method === 'POST')).toHaveLength(4);
      expect(calls.filter((method) => method === 'DELETE')).toHaveLength(4);
      expect(calls.at(-1)).toBe('DELETE');
      expect(listener.stats().revokedBy).toEqual(gone === undefined ? {} : { [gone]: 4 });
      // Nothing is read or reported afterwards.
      await clock.advance(120_000);
      expect(helixRequests()).toHaveLength(calls.length);
      expect(errors).toHaveLength(1);
    });
  }

  it('reject ready, without creating it again, when the platform lists it revoked for good (user_removed)', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient(
      (request) => (request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known, 'user_removed') : undefined),
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    await expect(handle.ready).rejects.toThrow('Could not subscribe to channel.follow (version 2): the platform lists it as user_removed, not enabled.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(helixRequests().map((request) => request.method)).toEqual(['POST', 'GET', 'DELETE']);
    expect(errors).toHaveLength(1);
  });

  it('reject ready with the verification timeout when the subscription still reads back pending, and stop reading', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient(
      (request) =>
        request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known, 'webhook_callback_verification_pending') : undefined,
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    const reads = () => helixRequests().filter((request) => request.method === 'GET').length;
    for (let step = 0; step < 60; step++) {
      await clock.advance(1000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const message = 'The platform did not verify the callback for channel.follow within 60 seconds.';
    await expect(handle.ready).rejects.toThrow(message);
    expect(errors.map((error) => (error as Error).message)).toEqual([message]);
    // Reads back off to one each 2 seconds: bounded, and none after the deadline.
    const done = reads();
    expect(done).toBeGreaterThan(5);
    expect(done).toBeLessThan(45);
    await until(() => helixRequests().some((request) => request.method === 'DELETE'));
    await clock.advance(120_000);
    expect(reads()).toBe(done);
  });

  it('stop() while reading back rejects ready, deletes the subscription and reads no more', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient(
      (request) =>
        request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : request.method === 'GET' ? listed(request, known, 'webhook_callback_verification_pending') : undefined,
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    await until(() => helixRequests().length === 2);
    await handle.stop();
    await expect(handle.ready).rejects.toThrow('The subscription to channel.follow was removed before the platform confirmed it.');
    expect(helixRequests().map((request) => request.method)).toEqual(['POST', 'GET', 'DELETE']);
    await clock.advance(120_000);
    expect(helixRequests()).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('stop() before the confirmation rejects ready and still deletes the subscription with the app token', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient((request) => (request.method === 'POST' ? created(FOLLOW_ID, 'channel.follow', '2', follow) : undefined), { clock });
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => handle.id === FOLLOW_ID);
    await handle.stop();
    await expect(handle.ready).rejects.toThrow(PlatformEventSubError);
    await expect(handle.ready).rejects.toThrow('The subscription to channel.follow was removed before the platform confirmed it.');
    const removal = helixRequests()[1]!;
    expect(`${removal.method} ${removal.url.pathname}?${removal.url.searchParams}`).toBe(`DELETE /helix/eventsub/subscriptions?id=${FOLLOW_ID}`);
    expect(removal.headers.get('authorization')).toBe(`Bearer ${APP_TOKEN}`);
    // The deadline is gone with it: nothing is reported a minute later.
    await clock.advance(120_000);
    expect(errors).toEqual([]);
    expect((await listener.fetch(requestOf(verification))).status).toBe(403);
  });

  it('stop() while the create call is in flight deletes what it makes', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const { client, helixRequests } = stubClient(async (request) => {
      if (request.method !== 'POST') return undefined;
      await gate;
      return created(FOLLOW_ID, 'channel.follow', '2', follow);
    });
    const { listener } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => helixRequests().length === 1);
    const stopped = handle.stop();
    await expect(handle.ready).rejects.toThrow('The subscription to channel.follow was removed before the platform confirmed it.');
    answer();
    await stopped;
    expect(helixRequests().map((request) => `${request.method} ${request.url.searchParams.get('id') ?? ''}`)).toEqual(['POST ', `DELETE ${FOLLOW_ID}`]);
  });

  it('are tried 6 times after 503s, then refused with the PlatformApiError as cause', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    const { client, helixRequests } = stubClient(() => unavailable, { clock });
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    const error = await handle.ready.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(PlatformEventSubError);
    expect((error as Error).message).toMatch(/^Could not subscribe to channel\.follow \(version 2\): /);
    expect((error as Error).message).toBe('Could not subscribe to channel.follow (version 2): try later (503 on POST /eventsub/subscriptions)');
    expect((error as Error).cause).toBeInstanceOf(PlatformApiError);
    expect(((error as Error).cause as PlatformApiError).status).toBe(503);
    expect(helixRequests()).toHaveLength(6);
    expect(errors).toEqual([error]);
    // Nothing was made, so nothing is deleted; no deadline is left behind.
    await handle.stop();
    expect(helixRequests()).toHaveLength(6);
  });

  it('get one attempt after a 400', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    const { client, helixRequests } = stubClient(() => ({ status: 400, body: { error: 'Bad Request', status: 400, message: 'invalid condition' } }), { clock });
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await expect(handle.ready).rejects.toThrow('Could not subscribe to channel.follow (version 2): invalid condition (400 on POST /eventsub/subscriptions)');
    expect(helixRequests()).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('are not refused when a retry meets the subscription that a challenge already confirmed', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    let challenged!: () => void;
    const challenge = new Promise<void>((resolve) => (challenged = resolve));
    const { client, helixRequests } = stubClient(
      async (request, index) => {
        if (request.method === 'GET') return listed(request, known);
        if (request.method !== 'POST') return undefined;
        // The first answer is lost; the platform made the subscription anyway and its challenge
        // arrives while the retry is on its way, which then meets the subscription: 409.
        if (index === 0) return unavailable;
        await challenge;
        return { status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists', id: FOLLOW_ID } };
      },
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => helixRequests().length === 2);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    challenged();
    await handle.ready;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handle.id).toBe(FOLLOW_ID);
    expect(errors).toEqual([]);
    // It is the listener's: stop() deletes it.
    await handle.stop();
    expect(helixRequests().map((request) => request.method)).toEqual(['POST', 'POST', 'GET', 'DELETE']);
  });

  it('stop retrying once the challenge confirmed the subscription', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    let challenged!: () => void;
    const challenge = new Promise<void>((resolve) => (challenged = resolve));
    const { client, helixRequests } = stubClient(
      async (request) => {
        if (request.method === 'GET') return listed(request, known);
        if (request.method !== 'POST') return undefined;
        await challenge;
        return unavailable;
      },
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => helixRequests().length === 1);
    expect((await listener.fetch(requestOf(verification))).status).toBe(200);
    challenged();
    await handle.ready;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(helixRequests().filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('report to console.error when there is no onError', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    const { client } = stubClient(() => ({ status: 403, body: { error: 'Forbidden', status: 403, message: 'subscription missing proper authorization' } }), { clock });
    const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET });
    cleanups.push(() => listener.close());
    const handle = listener.on('channel.follow', follow, () => undefined);
    await expect(handle.ready).rejects.toThrow(PlatformEventSubError);
    expect(spy).toHaveBeenCalledTimes(1);
    expect((spy.mock.calls[0]![0] as Error).message).toBe(
      'Could not subscribe to channel.follow (version 2): subscription missing proper authorization (403 on POST /eventsub/subscriptions)',
    );
  });

  it('close() deletes nothing (other processes may serve the callback) and clears the deadlines; unsubscribeAll() deletes with the app token', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient((request) => {
      if (request.method === 'GET') return listed(request, {}, 'webhook_callback_verification_pending');
      if (request.method !== 'POST') return undefined;
      const body = JSON.parse(request.body!) as { type: string; version: string; condition: Record<string, string> };
      return created(`id-${body.type}`, body.type, body.version, body.condition);
    }, { clock });
    const errors: unknown[] = [];
    const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: (error) => errors.push(error) });
    const follows = listener.on('channel.follow', follow, () => undefined);
    const online = listener.on('stream.online', { broadcaster_user_id: '41520837' }, () => undefined);
    await until(() => follows.id !== undefined && online.id !== undefined);
    await listener.close();
    await expect(follows.ready).rejects.toThrow('The subscription to channel.follow was removed before the platform confirmed it.');
    const deletions = () => helixRequests().filter((request) => request.method === 'DELETE');
    expect(deletions()).toEqual([]);
    const count = helixRequests().length;
    await clock.advance(600_000);
    // No read-back, deadline or comparison runs after close().
    expect(helixRequests()).toHaveLength(count);
    expect(errors).toEqual([]);
    // A closed listener makes nothing new.
    const late = listener.on('stream.online', { broadcaster_user_id: '1' }, () => undefined);
    await expect(late.ready).rejects.toThrow(/^Could not subscribe to stream\.online \(version 1\): the listener is closed\./);
    expect(helixRequests().filter((request) => request.method === 'POST')).toHaveLength(2);
    // The teardown is explicit.
    await listener.unsubscribeAll();
    expect(deletions().map((request) => request.url.searchParams.get('id')).sort()).toEqual(['id-channel.follow', 'id-stream.online']);
    expect(deletions().every((request) => request.headers.get('authorization') === `Bearer ${APP_TOKEN}`)).toBe(true);
    expect(errors).toEqual([]);
  });
});
