/**
 * A Redis that hangs with its connection open (SIGSTOP: a stopped server, a long fork stall, a
 * network black hole all look the same to the client): the token store and the rate-limit buckets
 * reject within their `timeoutMs` instead of waiting for ever, undo what Redis does late when they
 * can, and work again once Redis answers.
 */
import { platformAuth, type UserToken } from '@platform/auth';
import { createClient, PlatformError, systemClock, type RateLimitBucketStore } from '@platform/core';
import { createMockPlatform } from '@platform/mock';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisBuckets, redisTokenStore, type RedisBuckets, type RedisTokenStore, type RedisTokenStoreOptions } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

let server: TestRedis;
let admin: Redis;
const opened: Array<RedisTokenStore | RedisBuckets> = [];
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
  admin = new Redis(server.url);
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});
afterEach(async () => {
  server.resume();
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const timeoutMs = 200;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failure = (promise: Promise<unknown>) => promise.then(() => new Error('resolved, not rejected'), (error: unknown) => error as Error);
const noAnswer = (doing: string) => new PlatformError(`Redis at ${server.url} failed while ${doing}: no answer within ${timeoutMs} ms`);

function tokenStore(prefix: string, options: Partial<RedisTokenStoreOptions> = {}): RedisTokenStore {
  const store = redisTokenStore({ url: server.url, prefix, timeoutMs, ...options });
  opened.push(store);
  return store;
}

function bucketStore(prefix: string): RateLimitBucketStore {
  // A long lease: a point that is not given back holds up the next attempt for a minute.
  const buckets = redisBuckets({ url: server.url, prefix, timeoutMs, inFlightLease: 60_000 });
  opened.push(buckets);
  return buckets({ clientId: 'cid', clock: systemClock, rateLimit: 'wait', timeout: 15_000, events: { emit: () => {} } });
}

const alice: UserToken = { userId: '11', login: 'alice', accessToken: 'access-a', refreshToken: 'refresh-a', scopes: [] };
const bob: UserToken = { userId: '12', accessToken: 'access-b', scopes: [] };
const take = (store: RateLimitBucketStore) => store.take('app', { method: 'GET', path: '/users' }, 'http://127.0.0.1/helix/users', undefined);

describe('a hung Redis (SIGSTOP)', () => {
  it('refuses a timeoutMs that is not a positive number, as the other stores do', () => {
    expect(() => redisTokenStore({ url: server.url, timeoutMs: 0 })).toThrow(new PlatformError('redisTokenStore(): timeoutMs must be a positive number of milliseconds; got 0.'));
    expect(() => redisBuckets({ url: server.url, timeoutMs: Number.NaN })).toThrow(new PlatformError('redisBuckets(): timeoutMs must be a positive number of milliseconds; got NaN.'));
  });

  it('token store: get, list, set, delete and lock reject within timeoutMs; the writes land once Redis answers, and a lock taken late is released', async () => {
    const prefix = `tokens${++prefixes}:`;
    const store = tokenStore(prefix);
    await store.set(bob);
    server.pause();
    const started = Date.now();
    let worked = false;
    const errors = await Promise.all([
      failure(store.get('12')),
      failure(store.list()),
      failure(store.set(alice)),
      failure(store.delete('12')),
      failure(store.lock('11', async () => void (worked = true))),
    ]);
    const took = Date.now() - started;
    server.resume();
    expect(errors).toEqual([
      noAnswer('reading the token of user 12'),
      noAnswer('listing the tokens'),
      noAnswer('saving the token of user 11'),
      noAnswer('deleting the token of user 12'),
      noAnswer('taking the refresh lock of user 11'),
    ]);
    for (const error of errors) expect(error).toBeInstanceOf(PlatformError);
    expect(took).toBeGreaterThanOrEqual(timeoutMs - 10);
    expect(took).toBeLessThan(1_000);
    expect(worked).toBe(false);
    // What was sent ran once Redis woke up, in order (the store's commands after it come later).
    expect(await store.get('11')).toEqual(alice);
    expect(await store.get('12')).toBeUndefined();
    // The lock taken late was released at its answer: another process takes it at once, not
    // after the 30 s lease.
    const other = tokenStore(prefix, { lockTimeoutMs: 2_000 });
    expect(await other.lock('11', () => Promise.resolve('mine'))).toBe('mine');
  });

  it('token store: a refreshed token is tried for one lease, and lock() settles though its release gets no answer', async () => {
    const store = tokenStore(`refresh${++prefixes}:`, { lockLeaseMs: 600 });
    let saving: Error | undefined;
    let started = 0;
    const locked = store.lock('11', async () => {
      server.pause();
      started = Date.now();
      saving = await failure(store.set(alice));
      return 'done';
    });
    expect(await locked).toBe('done');
    const took = Date.now() - started;
    server.resume();
    expect(saving).toEqual(noAnswer('saving the token of user 11'));
    // The lease (600 ms) for the write, its last try (200 ms), the release (200 ms).
    expect(took).toBeGreaterThanOrEqual(600);
    expect(took).toBeLessThan(2_000);
    // The tries that got no answer were made when Redis woke up: the refreshed token is there.
    expect(await store.get('11')).toEqual(alice);
  });

  it('buckets: taking a point rejects within timeoutMs; the point Redis takes late is given back when it answers', async () => {
    const prefix = `buckets${++prefixes}:`;
    const one = bucketStore(prefix);
    server.pause();
    const started = Date.now();
    const error = await failure(Promise.resolve(take(one)));
    const took = Date.now() - started;
    server.resume();
    expect(error).toEqual(noAnswer('taking a rate-limit point'));
    expect(error).toBeInstanceOf(PlatformError);
    expect(took).toBeGreaterThanOrEqual(timeoutMs - 10);
    expect(took).toBeLessThan(1_000);
    // The platform never reported on this bucket: one attempt at a time. Had the late point stayed
    // in flight, another process would wait out its 60 s lease.
    const other = bucketStore(prefix);
    expect(await Promise.race([take(other), wait(2_000).then(() => 'still waiting')])).toBeUndefined();
    expect(await admin.zcard(`${prefix}bucket:{cid:app}:flight`)).toBe(1);
  });

  it('close() cuts the connection of a store whose Redis does not answer its QUIT, after timeoutMs', async () => {
    const tokens = tokenStore(`close${++prefixes}:`);
    const buckets = redisBuckets({ url: server.url, timeoutMs });
    opened.push(buckets);
    const points = buckets({ clientId: 'cid', clock: systemClock, rateLimit: 'wait', timeout: 15_000, events: { emit: () => {} } });
    await Promise.all([tokens.list(), take(points)]);
    server.pause();
    const started = Date.now();
    await Promise.all([tokens.close(), buckets.close()]);
    const took = Date.now() - started;
    server.resume();
    expect(took).toBeGreaterThanOrEqual(timeoutMs - 10);
    expect(took).toBeLessThan(1_000);
    // Closed: a call fails at once.
    expect((await failure(tokens.list())).message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:\d+ failed while listing the tokens: /);
  });

  it('a client on the mock platform: a call rejects within timeoutMs whether its token store or its buckets hang, and works again after', async () => {
    const mock = await createMockPlatform();
    try {
      const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
      mock.addUser({ id: '11', login: 'alice' });
      const issued = mock.issueToken({ clientId: app.clientId, userId: '11', scopes: [] });
      const prefix = `client${++prefixes}:`;
      const tokens = tokenStore(prefix);
      await tokens.set({ userId: '11', login: 'alice', accessToken: issued.accessToken, refreshToken: issued.refreshToken, scopes: [], expiresAt: Date.now() + 3_600_000 });
      const buckets = redisBuckets({ url: server.url, prefix, timeoutMs });
      opened.push(buckets);
      const client = createClient({ clientId: app.clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl, retries: 0, authenticator: platformAuth({ tokens }), buckets });
      const call = () => client.request({ method: 'GET', path: '/users' });
      /** A call while Redis hangs: it fails within timeoutMs, unsent, with the error of `doing`; one after it works. */
      const hungCall = async (doing: string) => {
        const sent = mock.requests.length;
        server.pause();
        const started = Date.now();
        const error = await failure(call());
        const took = Date.now() - started;
        server.resume();
        expect(error).toEqual(noAnswer(doing));
        expect(took).toBeLessThan(1_000);
        expect(mock.requests).toHaveLength(sent);
        expect(await call()).toMatchObject({ data: [{ id: '11' }] });
      };
      // The first call reads the users from the store.
      await hungCall('listing the tokens');
      // The token is in memory now: the next call needs only a rate-limit point.
      await hungCall('taking a rate-limit point');
    } finally {
      await mock.close();
    }
  });
});
