import { PlatformEventSubError } from '@platform/core';
import { createVirtualClock, type SeenRequest } from '@platform/core/testing';
import type { EventSubDedupe } from '@platform/eventsub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventSubWebhook, type WebhookListenerOptions } from '../src/index';
import { APP_TOKEN, CALLBACK, FIXTURE_NOW, created, listed, signed, stubClient, until } from './helpers';

// What a listener does when other processes serve the same callback: adopting, challenges of
// subscriptions another process created, the shared repeat check, and the comparison with the
// platform's list. The real processes behind a load balancer are in several-processes.test.ts.

const SECRET = 'a-secret-shared-by-every-process';
const ID = 'sub-made-by-another-process';
const follow = { broadcaster_user_id: '41520837', moderator_user_id: '58213390' };
const about = { id: ID, status: 'enabled', type: 'channel.follow', version: '2', condition: follow, transport: { method: 'webhook', callback: CALLBACK } };
const known = { [ID]: { type: 'channel.follow', version: '2', condition: follow } };
const conflict = (id?: string) => ({ status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists', ...(id === undefined ? {} : { id }) } });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

function listen(client: Parameters<typeof eventSubWebhook>[0], extra: Partial<WebhookListenerOptions> = {}) {
  const errors: unknown[] = [];
  const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: (error) => errors.push(error), reconcileIntervalMs: 0, ...extra });
  cleanups.push(() => listener.close());
  return { listener, errors };
}

const request = (sample: ReturnType<typeof signed>) => new Request(CALLBACK, { method: 'POST', headers: sample.headers, body: sample.body });
const followed = (user: string, options: { id?: string } = {}) => signed(SECRET, 'notification', { subscription: about, event: { user_id: user, ...follow } }, options);
const challenge = (id = ID, condition: Record<string, string> = follow) =>
  signed(SECRET, 'webhook_callback_verification', { subscription: { ...about, id, condition, status: 'webhook_callback_verification_pending' }, challenge: `challenge-${id}` });
const methods = (requests: SeenRequest[]) => requests.map((each) => `${each.method} ${each.url.searchParams.get('id') ?? each.url.searchParams.get('subscription_id') ?? each.url.searchParams.get('type') ?? ''}`.trim());

describe('a webhook listener sharing its callback with other processes', () => {
  it('adopts the subscription named by a 409, resolves ready once it reads back enabled, and stop() deletes it', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    const { client, helixRequests } = stubClient((seen) => (seen.method === 'POST' ? conflict(ID) : seen.method === 'GET' ? listed(seen, known) : undefined), { clock });
    const { listener, errors } = listen(client);
    const handler = vi.fn();
    const handle = listener.on('channel.follow', follow, handler);
    await handle.ready;
    expect(handle.id).toBe(ID);
    expect(methods(helixRequests())).toEqual(['POST', `GET ${ID}`]);
    expect(helixRequests()[1]!.headers.get('authorization')).toBe(`Bearer ${APP_TOKEN}`);
    // Its notifications reach this process's handler too.
    expect((await listener.fetch(request(followed('1')))).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![1]).toMatchObject({ subscriptionId: ID, type: 'channel.follow', version: '2', transport: 'webhook' });
    await handle.stop();
    expect(methods(helixRequests()).at(-1)).toBe(`DELETE ${ID}`);
    expect(errors).toEqual([]);
  });

  it('adopts the one listed with the same type, condition and callback when the 409 names none; refuses clearly when none is listed', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    const other = { ...about, id: 'other-callback', transport: { method: 'webhook', callback: 'https://elsewhere.example.org/hook' } };
    let list = [other, about];
    const { client, helixRequests } = stubClient(
      (seen) => {
        if (seen.method === 'POST') return conflict();
        if (seen.method !== 'GET') return undefined;
        if (seen.url.searchParams.has('subscription_id')) return listed(seen, known);
        return { status: 200, body: { data: list, total: list.length, total_cost: 0, max_total_cost: 10_000, pagination: {} } };
      },
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await handle.ready;
    expect(handle.id).toBe(ID);
    expect(methods(helixRequests())).toEqual(['POST', 'GET channel.follow', `GET ${ID}`]);

    list = [other];
    const refused = listener.on('channel.follow', { ...follow, moderator_user_id: '1' }, () => undefined);
    await expect(refused.ready).rejects.toThrow(PlatformEventSubError);
    await expect(refused.ready).rejects.toThrow(
      'Could not subscribe to channel.follow (version 2): the platform answered 409 Conflict, but lists no subscription of that type and condition on this callback (another callback or transport has it).',
    );
    expect(errors).toHaveLength(1);
    // The subscription of the other callback was never touched.
    expect(helixRequests().filter((seen) => seen.method === 'DELETE')).toEqual([]);
  });

  it('answers the challenge of a subscription another process created while its own create call is in flight, and its ready resolves', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { client, helixRequests } = stubClient(
      async (seen) => {
        if (seen.method === 'GET') return listed(seen, known);
        if (seen.method !== 'POST') return undefined;
        await held;
        return conflict(ID);
      },
      { clock },
    );
    const { listener, errors } = listen(client);
    const handle = listener.on('channel.follow', follow, () => undefined);
    await until(() => helixRequests().length === 1);
    const sample = challenge();
    const response = await listener.fetch(request(sample));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`challenge-${ID}`);
    await handle.ready;
    expect(handle.id).toBe(ID);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handle.id).toBe(ID);
    expect(errors).toEqual([]);
  });

  it('refuses with 403, and reports, the challenge of a subscription of another condition or callback', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client } = stubClient((seen) => (seen.method === 'POST' ? created(ID, 'channel.follow', '2', follow) : undefined), { clock });
    const { listener, errors } = listen(client);
    listener.on('channel.follow', follow, () => undefined);
    expect((await listener.fetch(request(challenge('someone-else', { ...follow, broadcaster_user_id: '1' })))).status).toBe(403);
    const elsewhere = signed(SECRET, 'webhook_callback_verification', {
      subscription: { ...about, id: 'elsewhere', transport: { method: 'webhook', callback: 'https://elsewhere.example.org/hook' } },
      challenge: 'x',
    });
    expect((await listener.fetch(request(elsewhere))).status).toBe(403);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      expect.stringMatching(/^Refused the verification challenge of subscription someone-else to channel\.follow \(version 2\): this listener has no subscription of that type and condition on its callback\. /),
      expect.stringMatching(/^Refused the verification challenge of subscription elsewhere to channel\.follow/),
    ]);
    expect(listener.stats().refused).toBe(2);
  });

  it('creates a subscription again when the platform revokes it for notification_failures_exceeded, and keeps delivering', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW, auto: true });
    let next = 0;
    const { client, helixRequests } = stubClient(
      (seen) => {
        if (seen.method === 'POST') return created(`${ID}-${next++}`, 'channel.follow', '2', follow, 'enabled');
        return undefined;
      },
      { clock },
    );
    const { listener, errors } = listen(client);
    const handler = vi.fn();
    const handle = listener.on('channel.follow', follow, handler);
    await handle.ready;
    expect(handle.id).toBe(`${ID}-0`);
    const revocation = signed(SECRET, 'revocation', { subscription: { ...about, id: `${ID}-0`, status: 'notification_failures_exceeded' } });
    expect((await listener.fetch(request(revocation))).status).toBe(204);
    await until(() => handle.id === `${ID}-1`);
    expect(methods(helixRequests())).toEqual(['POST', `DELETE ${ID}-0`, 'POST']);
    expect(listener.stats()).toMatchObject({ revokedBy: { notification_failures_exceeded: 1 }, subscriptions: 1, revocations: 0 });
    expect(errors).toEqual([]);
    // Revoked for good: reported, counted, not created again.
    const gone = signed(SECRET, 'revocation', { subscription: { ...about, id: `${ID}-1`, status: 'authorization_revoked' } });
    expect((await listener.fetch(request(gone))).status).toBe(204);
    expect(errors.map((error) => (error as Error).message)).toEqual(['The platform revoked the subscription to channel.follow (version 2): authorization_revoked.']);
    expect(listener.stats()).toMatchObject({ revokedBy: { notification_failures_exceeded: 1, authorization_revoked: 1 }, subscriptions: 0, revocations: 1 });
    expect(helixRequests()).toHaveLength(3);
  });

  it('reconcile() adopts a new ID, creates again what vanished, reports what was revoked for good, and touches no other callback', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const online = { broadcaster_user_id: '41520837' };
    const update = { user_id: '41520837' };
    let listing: unknown[] = [];
    const { client, helixRequests } = stubClient(
      (seen) => {
        if (seen.method === 'POST') {
          const body = JSON.parse(seen.body!) as { type: string; version: string; condition: Record<string, string> };
          return created(`id-${body.type}`, body.type, body.version, body.condition, 'enabled');
        }
        if (seen.method === 'GET') return { status: 200, body: { data: listing, total: listing.length, total_cost: 7, max_total_cost: 10_000, pagination: {} } };
        return undefined;
      },
      { clock },
    );
    const { listener, errors } = listen(client);
    const follows = listener.on('channel.follow', follow, () => undefined);
    const lives = listener.on('stream.online', online, () => undefined);
    const updates = listener.on('user.update', update, () => undefined);
    await Promise.all([follows.ready, lives.ready, updates.ready]);
    const entry = (id: string, type: string, version: string, condition: object, status: string, callback = CALLBACK) => ({ id, status, type, version, condition, transport: { method: 'webhook', callback }, cost: 1 });
    // All as the listener knows them: one list call, nothing else.
    listing = [entry('id-channel.follow', 'channel.follow', '2', follow, 'enabled'), entry('id-stream.online', 'stream.online', '1', online, 'enabled'), entry('id-user.update', 'user.update', '1', update, 'enabled')];
    const first = helixRequests().length;
    await listener.reconcile();
    expect(methods(helixRequests().slice(first))).toEqual(['GET']);
    expect(listener.stats()).toMatchObject({ totalCost: 7, maxTotalCost: 10_000, revokedBy: {}, subscriptions: 3 });
    listing = [
      // Made again by another process since: adopted.
      entry('follow-2', 'channel.follow', '2', follow, 'enabled'),
      // stream.online is gone: created again.
      entry('id-user.update', 'user.update', '1', update, 'user_removed'),
      // Another callback's subscription of the same type and condition: never touched.
      entry('theirs', 'stream.online', '1', online, 'enabled', 'https://elsewhere.example.org/hook'),
    ];
    const before = helixRequests().length;
    await listener.reconcile();
    await until(() => helixRequests().length === before + 3);
    expect(methods(helixRequests().slice(before))).toEqual(['GET', 'DELETE id-stream.online', 'POST']);
    expect(follows.id).toBe('follow-2');
    expect(errors.map((error) => (error as Error).message)).toEqual(['The platform revoked the subscription to user.update (version 1): user_removed.']);
    expect(listener.stats()).toMatchObject({ revokedBy: { user_removed: 1 }, subscriptions: 2 });
  });

  it('reconciles every reconcileIntervalMs, and no more after close()', async () => {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client, helixRequests } = stubClient(
      (seen) =>
        seen.method === 'POST'
          ? created(ID, 'channel.follow', '2', follow, 'enabled')
          : seen.method === 'GET'
            ? { status: 200, body: { data: [about], total: 1, total_cost: 1, max_total_cost: 10_000, pagination: {} } }
            : undefined,
      { clock },
    );
    const { listener } = listen(client, { reconcileIntervalMs: 60_000 });
    await listener.on('channel.follow', follow, () => undefined).ready;
    const lists = () => helixRequests().filter((seen) => seen.method === 'GET').length;
    await clock.advance(59_999);
    expect(lists()).toBe(0);
    await clock.advance(1);
    await until(() => lists() === 1);
    await clock.advance(60_000);
    await until(() => lists() === 2);
    await listener.close();
    await clock.advance(600_000);
    expect(lists()).toBe(2);
    expect(() => eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, reconcileIntervalMs: -1 })).toThrow('The reconcileIntervalMs option must be 0 (off) or a positive number of milliseconds.');
  });
});

describe('the shared repeat check (dedupe)', () => {
  async function subscribed(dedupe: EventSubDedupe) {
    const clock = createVirtualClock({ start: FIXTURE_NOW });
    const { client } = stubClient((seen) => (seen.method === 'POST' ? created(ID, 'channel.follow', '2', follow, 'enabled') : undefined), { clock });
    const { listener, errors } = listen(client, { dedupe });
    const handler = vi.fn();
    await listener.on('channel.follow', follow, handler).ready;
    return { listener, errors, handler, clock };
  }

  it('claims each message ID with the replay window as TTL, hands on the first claim and answers a repeat 204 without a call', async () => {
    const claims: [string, number][] = [];
    const seen = new Set<string>();
    const { listener, handler, errors } = await subscribed({
      claim: (id, ttl) => {
        claims.push([id, ttl]);
        if (seen.has(id)) return Promise.resolve(false);
        seen.add(id);
        return Promise.resolve(true);
      },
    });
    const message = followed('1', { id: 'message-1' });
    expect((await listener.fetch(request(message))).status).toBe(204);
    expect((await listener.fetch(request(message))).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(claims).toEqual([
      ['message-1', 660_000],
      ['message-1', 660_000],
    ]);
    expect(listener.stats()).toMatchObject({ delivered: 1, duplicates: 1 });
    expect(errors).toEqual([]);
  });

  it('answers 503 and reports when the store throws or rejects, and hands nothing on', async () => {
    for (const claim of [
      () => {
        throw new Error('store exploded');
      },
      () => Promise.reject(new Error('store exploded')),
    ]) {
      const { listener, handler, errors } = await subscribed({ claim });
      expect((await listener.fetch(request(followed('1', { id: 'message-2' })))).status).toBe(503);
      expect(handler).not.toHaveBeenCalled();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
      expect((errors[0] as Error).message).toBe('The repeat check of webhook message message-2 failed: store exploded Answered 503, so the platform delivers it again.');
      expect((errors[0] as Error).cause).toEqual(new Error('store exploded'));
    }
  });

  it('answers 503 after 2 seconds when the store hangs; a late first claim is still handed on once, so nothing is lost', async () => {
    let late!: (first: boolean) => void;
    const { listener, handler, errors, clock } = await subscribed({ claim: () => new Promise<boolean>((resolve) => (late = resolve)) });
    const answer = listener.fetch(request(followed('1', { id: 'message-3' })));
    await until(() => late !== undefined);
    await clock.advance(1_999);
    let status: number | undefined;
    void answer.then((response) => (status = response.status));
    await new Promise((resolve) => setImmediate(resolve));
    expect(status).toBeUndefined();
    await clock.advance(1);
    expect((await answer).status).toBe(503);
    expect((errors[0] as Error).message).toBe('The repeat check of webhook message message-3 failed: the store did not answer within 2 seconds. Answered 503, so the platform delivers it again.');
    expect(handler).not.toHaveBeenCalled();
    late(true);
    await until(() => handler.mock.calls.length === 1);
    expect(handler.mock.calls[0]![1]).toMatchObject({ messageId: 'message-3' });
  });

  it('refuses a dedupe option without a claim method', () => {
    const { client } = stubClient(() => undefined);
    expect(() => eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, dedupe: {} as never })).toThrow(
      'The dedupe option must be a store with a claim(messageId, ttlMs) method, such as redisDedupe() of @platform/redis-store.',
    );
  });
});
