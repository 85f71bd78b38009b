/**
 * The `dedupe` option of the conduit listener: a repeat check shared by the processes serving a
 * conduit, on WebSocket shards (claimed before each event is handed on, in order) and on webhook
 * shards (the callback's checks), against the mock platform.
 */
import { platformAuth } from '@platform/auth';
import { createClient, PlatformEventSubError, type PlatformClient } from '@platform/core';
import type { EventSubDedupe } from '@platform/eventsub';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { eventSubConduit, type ConduitListener, type ConduitListenerOptions } from '../src/index';
import { serve as serveHttp } from '../../eventsub-webhook/test/helpers';

const clientId = 'dedupe-app';
const clientSecret = 'dedupe-app-secret';
let mock: MockPlatform;
let client: PlatformClient;
let listeners: ConduitListener[];
let errors: unknown[];

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId, clientSecret });
  for (let i = 0; i < 4; i++) mock.addUser({ id: String(6000 + i), login: `dedupe${i}` });
  client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  listeners = [];
  errors = [];
});

afterEach(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  await mock.close();
});

function serve(options: ConduitListenerOptions = {}): ConduitListener {
  const listener = eventSubConduit(client, { webSocket: WebSocket, onError: (error) => errors.push(error), ...options });
  listeners.push(listener);
  return listener;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A shared repeat check in memory, as `redisDedupe()` answers: true the first time an ID is claimed. */
function memoryDedupe(answer: (messageId: string, first: boolean) => boolean | Promise<boolean> = (_, first) => first): EventSubDedupe & { claims: { messageId: string; ttlMs: number }[] } {
  const seen = new Set<string>();
  const claims: { messageId: string; ttlMs: number }[] = [];
  return {
    claims,
    claim(messageId, ttlMs) {
      claims.push({ messageId, ttlMs });
      const first = !seen.has(messageId);
      seen.add(messageId);
      return answer(messageId, first);
    },
  };
}

const notifications = () => mock.eventsub.deliveries.filter((each) => each.kind === 'notification' && each.type === 'stream.online');

describe('dedupe on WebSocket shards', () => {
  it('claims each notification through the store (for the replay window) and drops one the store says was claimed, counting it as a repeat', async () => {
    let claimedElsewhere = false;
    const dedupe = memoryDedupe((_, first) => first && !claimedElsewhere);
    const listener = serve({ dedupe });
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '6000' }, (event, delivery) => seen.push(`${event.id}@${delivery.shardId}`)).ready;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6000', id: 'one' });
    await until(() => seen.length === 1);
    // Another process claimed the next message first (the platform sent it there too).
    claimedElsewhere = true;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6000', id: 'two' });
    await until(() => listener.stats().duplicates === 1);
    claimedElsewhere = false;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6000', id: 'three' });
    await until(() => seen.length === 2);
    expect(seen).toEqual(['one@0', 'three@0']);
    // One claim per notification, with the webhook receiver's TTL (10 minutes of age check plus 1 of skew).
    expect(dedupe.claims).toEqual(notifications().map((each) => ({ messageId: each.messageId, ttlMs: 11 * 60_000 })));
    expect(listener.stats()).toMatchObject({ delivered: 2, duplicates: 1 });
    expect(listener.stats().connections[0]).toMatchObject({ delivered: 2, duplicates: 1 });
    expect(errors).toEqual([]);
  });

  it('hands events on in the order they came when the store answers out of order', async () => {
    let turn = 0;
    const dedupe = memoryDedupe(async (_, first) => {
      // Later claims answer sooner.
      await new Promise((resolve) => setTimeout(resolve, 40 - (turn++ % 8) * 5));
      return first;
    });
    const listener = serve({ dedupe });
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '6001' }, (event) => seen.push(event.id)).ready;
    const sent = Array.from({ length: 50 }, (_, i) => `e${i}`);
    for (const id of sent) mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6001', id });
    await until(() => seen.length === sent.length);
    expect(seen).toEqual(sent);
    expect(errors).toEqual([]);
  });

  it('a store that rejects or throws: onError says so, the event is not handed on, and the next ones are', async () => {
    let byId = new Map<string, string>();
    const dedupe: EventSubDedupe = {
      claim(messageId) {
        const id = byId.get(messageId);
        if (id === 'bad-throw') throw new Error('Redis is away');
        if (id === 'bad-reject') return Promise.reject(new Error('Redis timed out'));
        return Promise.resolve(true);
      },
    };
    const listener = serve({ dedupe });
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '6002' }, (event) => seen.push(event.id)).ready;
    // The store needs the event ID of each message: read it from what the mock sends.
    const send = (id: string) => {
      mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6002', id });
      byId = new Map(notifications().map((each, index) => [each.messageId, ['ok-1', 'bad-reject', 'ok-2', 'bad-throw', 'ok-3'][index]!]));
    };
    for (const id of ['ok-1', 'bad-reject', 'ok-2', 'bad-throw', 'ok-3']) send(id);
    await until(() => seen.length === 3 && errors.length === 2);
    expect(seen).toEqual(['ok-1', 'ok-2', 'ok-3']);
    const ids = notifications().map((each) => each.messageId);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      `The repeat check of message ${ids[1]} (shard 0) failed: Redis timed out The event was not handed on: over WebSocket the platform does not send it again.`,
      `The repeat check of message ${ids[3]} (shard 0) failed: Redis is away The event was not handed on: over WebSocket the platform does not send it again.`,
    ]);
    for (const error of errors) expect(error).toBeInstanceOf(PlatformEventSubError);
  });

  it('a store that hangs: reported after 2 seconds and the events behind it go on; a late true still hands it on', async () => {
    let release: ((first: boolean) => void) | undefined;
    let calls = 0;
    const dedupe: EventSubDedupe = {
      claim() {
        calls++;
        if (calls === 1) return new Promise<boolean>((resolve) => (release = resolve));
        return true;
      },
    };
    const listener = serve({ dedupe });
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '6003' }, (event) => seen.push(event.id)).ready;
    const started = Date.now();
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6003', id: 'stuck' });
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6003', id: 'behind' });
    await until(() => seen.length === 1, 4000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(seen).toEqual(['behind']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toMatch(/^The repeat check of message \S+ \(shard 0\) failed: the store did not answer within 2 seconds\. The event was not handed on/);
    release!(true);
    await until(() => seen.length === 2);
    expect(seen).toEqual(['behind', 'stuck']);
  });

  it('refuses a dedupe option without claim()', () => {
    expect(() => eventSubConduit(client, { webSocket: WebSocket, dedupe: {} as EventSubDedupe })).toThrow(
      'The dedupe option must be a store with a claim(messageId, ttlMs) method, such as redisDedupe() of @platform/redis-store.',
    );
  });
});

describe('dedupe on webhook shards', () => {
  const secret = 'conduit-dedupe-secret-1';

  it('two listeners behind a round-robin balancer on one callback: a message sent again lands on the other and is handed on once', async () => {
    // The platform sends the repeat to the same callback; the balancer passes it to the other process.
    let turn = 0;
    const statuses: number[] = [];
    const server = await serveHttp((request, response) => {
      response.on('finish', () => {
        if (request.headers['twitch-eventsub-message-type'] === 'notification') statuses.push(response.statusCode);
      });
      const target = listeners[turn++ % 2]!;
      target.handler(request, response);
    });
    try {
      const dedupe = memoryDedupe();
      const seen: string[] = [];
      const one = serve({ shardCount: 2, shards: [0], webhook: { callback: server.url, secret }, dedupe });
      const conduitId = await one.conduitId;
      serve({ conduitId, shards: [1], webhook: { callback: server.url, secret }, dedupe });
      await Promise.all(listeners.map((listener, index) => listener.on('stream.online', { broadcaster_user_id: '6000' }, (event) => seen.push(`${event.id}/${index}`)).ready));
      for (let n = 0; n < 20; n++) mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6000', id: `w${n}` });
      await until(() => seen.length === 20);
      for (const delivery of notifications()) mock.eventsub.redeliver(delivery.messageId);
      await until(() => statuses.length === 40);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toHaveLength(20);
      expect(new Set(seen.map((each) => each.split('/')[0])).size).toBe(20);
      // Both processes handed events on, and each dropped repeats of the other's.
      expect(new Set(seen.map((each) => each.split('/')[1]))).toEqual(new Set(['0', '1']));
      expect(listeners[0]!.stats().duplicates + listeners[1]!.stats().duplicates).toBe(20);
      expect(statuses.every((status) => status === 204)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all(listeners.splice(0).map((listener) => listener.close()));
      await server.close();
    }
  });

  it('a store that fails: the notification is answered 503 (the platform sends it again) and onError says why', async () => {
    let down = true;
    const dedupe: EventSubDedupe = { claim: () => (down ? Promise.reject(new Error('Redis is away')) : Promise.resolve(true)) };
    const statuses: number[] = [];
    let handler: ConduitListener['handler'] = () => undefined;
    const server = await serveHttp((request, response) => {
      response.on('finish', () => {
        if (request.headers['twitch-eventsub-message-type'] === 'notification') statuses.push(response.statusCode);
      });
      handler(request, response);
    });
    try {
      const listener = serve({ webhook: { callback: server.url, secret }, dedupe });
      handler = listener.handler;
      const seen: string[] = [];
      await listener.on('stream.online', { broadcaster_user_id: '6001' }, (event) => seen.push(event.id)).ready;
      mock.eventsub.trigger('stream.online', { broadcaster_user_id: '6001', id: 'retry-me' });
      await until(() => statuses.length === 1);
      expect(statuses).toEqual([503]);
      expect(seen).toEqual([]);
      expect((errors[0] as Error).message).toMatch(/^The repeat check of webhook message \S+ failed: Redis is away/);
      down = false;
      mock.eventsub.redeliver(notifications()[0]!.messageId);
      await until(() => seen.length === 1);
      expect(seen).toEqual(['retry-me']);
    } finally {
      await Promise.all(listeners.splice(0).map((listener) => listener.close()));
      await server.close();
    }
  });
});
