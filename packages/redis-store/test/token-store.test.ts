import { platformAuth, type UserToken } from '@platform/auth';
import { createClient, PlatformError } from '@platform/core';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisTokenStore, type RedisTokenStore, type RedisTokenStoreOptions } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

let server: TestRedis;
let admin: Redis;
const stores: RedisTokenStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
  admin = new Redis(server.url);
  // The tests stop Redis on purpose: admin's reconnect attempts are expected.
  admin.on('error', () => undefined);
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** A store on the test server, with a prefix of its own unless one is given. */
function open(options: Partial<RedisTokenStoreOptions> = {}): RedisTokenStore {
  const store = redisTokenStore({ url: server.url, prefix: `test${++prefixes}:`, ...options });
  stores.push(store);
  return store;
}

const alice: UserToken = { userId: '11', login: 'alice', accessToken: 'access-a', refreshToken: 'refresh-a', scopes: ['chat:read'], expiresAt: 1_767_225_600_000 };
const bob: UserToken = { userId: '12', accessToken: 'access-b', scopes: [] };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('redisTokenStore(): the tokens', () => {
  it('sets, gets, lists and deletes tokens, kept as JSON in one hash', async () => {
    const store = open({ prefix: 'crud:' });
    expect(await store.get('11')).toBeUndefined();
    expect(await store.list()).toEqual([]);
    await store.set(alice);
    await store.set(bob);
    expect(await store.get('11')).toEqual(alice);
    expect(JSON.parse((await admin.hget('crud:tokens', '12'))!)).toEqual(bob);
    expect((await store.list()).sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([alice, bob]);
    await store.set({ ...alice, accessToken: 'access-a2' });
    expect((await store.get('11'))?.accessToken).toBe('access-a2');
    await store.delete('11');
    await store.delete('11');
    expect(await store.get('11')).toBeUndefined();
    expect(await store.list()).toEqual([bob]);
  });

  it('keeps stores with different prefixes apart, and shares one prefix between connections', async () => {
    const first = open({ prefix: 'one:' });
    const second = open({ prefix: 'two:' });
    const again = open({ prefix: 'one:' });
    await first.set(alice);
    expect(await second.get('11')).toBeUndefined();
    expect(await second.list()).toEqual([]);
    expect(await again.get('11')).toEqual(alice);
  });

  it('works on a client of your own, and leaves it open on close()', async () => {
    const client = new Redis(server.url);
    const store = redisTokenStore({ client, prefix: 'own:' });
    await store.set(bob);
    await store.close();
    expect(await client.hget('own:tokens', '12')).not.toBeNull();
    client.disconnect();
  });

  it('refuses a malformed token, and names a corrupt entry', async () => {
    const store = open({ prefix: 'bad:' });
    await expect(store.set({ userId: '11' } as UserToken)).rejects.toThrow('redisTokenStore().set() takes a UserToken');
    await admin.hset('bad:tokens', '13', '{not json');
    await expect(store.get('13')).rejects.toThrow(`Redis at ${server.url} holds an invalid token for user 13 in bad:tokens; repair or delete that field.`);
  });

  it('refuses bad options at once', () => {
    expect(() => redisTokenStore({ url: server.url, lockLeaseMs: 0 })).toThrow('redisTokenStore(): lockLeaseMs must be a positive number of milliseconds.');
    expect(() => redisTokenStore({ url: 'http://127.0.0.1' })).toThrow(PlatformError);
  });

  it('rejects the first call to an unreachable address with a PlatformError naming it without the password', async () => {
    const store = open({ url: 'redis://:s3cret-pass@127.0.0.1:1/0' });
    const error = (await store.list().catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:1\/0 failed while listing the tokens: /);
    expect(error.message).not.toContain('s3cret-pass');
    await expect(store.lock('11', () => Promise.resolve())).rejects.toThrow(/failed while taking the refresh lock of user 11/);
  });

  it("makes a client's first call reject with that PlatformError when Redis cannot be reached", async () => {
    const tokens = open({ url: 'redis://:s3cret-pass@127.0.0.1:1' });
    const client = createClient({ clientId: 'app-1', baseUrl: 'http://127.0.0.1:1/helix', authUrl: 'http://127.0.0.1:1/oauth2', authenticator: platformAuth({ tokens }) });
    const error = (await client.request({ method: 'GET', path: '/users' }).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:1 failed while listing the tokens: /);
    expect(error.message).not.toContain('s3cret-pass');
  });
});

describe('redisTokenStore(): the refresh lock', () => {
  it('lets one holder at a time run, across connections, and releases the lock after work', async () => {
    const stores = [open({ prefix: 'excl:' }), open({ prefix: 'excl:' }), open({ prefix: 'excl:' })];
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside++;
      most = Math.max(most, inside);
      await wait(20);
      inside--;
    };
    await Promise.all(stores.flatMap((store) => [store.lock('11', work), store.lock('11', work), store.lock('11', work)]));
    expect(most).toBe(1);
    expect(await admin.exists('excl:lock:11')).toBe(0);
  });

  it('locks users apart: another user is not kept waiting', async () => {
    const store = open({ prefix: 'apart:' });
    const other = open({ prefix: 'apart:' });
    let release!: () => void;
    const held = store.lock('11', () => new Promise<void>((resolve) => (release = resolve)));
    await expect.poll(() => admin.exists('apart:lock:11')).toBe(1);
    expect(await other.lock('12', () => Promise.resolve('free'))).toBe('free');
    release();
    await held;
  });

  it('passes the result and the failure of work through, and releases the lock after a failure', async () => {
    const store = open({ prefix: 'fail:' });
    await expect(store.lock('11', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await admin.exists('fail:lock:11')).toBe(0);
    expect(await store.lock('11', () => Promise.resolve(42))).toBe(42);
  });

  it('renews the lease while work runs: work longer than the lease keeps the lock', async () => {
    const holder = open({ prefix: 'renew:', lockLeaseMs: 300 });
    const waiter = open({ prefix: 'renew:', lockLeaseMs: 300 });
    const order: string[] = [];
    const long = holder.lock('11', async () => {
      order.push('holder in');
      await wait(1_200);
      order.push('holder out');
    });
    await expect.poll(() => admin.exists('renew:lock:11')).toBe(1);
    await waiter.lock('11', () => {
      order.push('waiter in');
      return Promise.resolve();
    });
    await long;
    expect(order).toEqual(['holder in', 'holder out', 'waiter in']);
  });

  it('takes over a lock whose holder vanished, once its lease has lapsed', async () => {
    const waiter = open({ prefix: 'takeover:', lockLeaseMs: 400 });
    // A holder that died: its lock stays, with nobody to renew or release it.
    await admin.set('takeover:lock:11', 'a-dead-owner', 'PX', 400);
    const started = Date.now();
    await waiter.lock('11', () => Promise.resolve());
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThan(2_000);
  });

  it('never deletes a lock taken over by another holder once its own lease lapsed', async () => {
    const store = open({ prefix: 'stale:', lockLeaseMs: 300 });
    await store.lock('11', async () => {
      // The holder's lock is gone (lapsed, or Redis restarted) and another holder took it.
      await admin.set('stale:lock:11', 'the-next-owner', 'PX', 10_000);
    });
    expect(await admin.get('stale:lock:11')).toBe('the-next-owner');
  });

  it('gives up waiting after lockTimeoutMs with a PlatformError', async () => {
    const store = open({ prefix: 'timeout:', lockTimeoutMs: 200 });
    await admin.set('timeout:lock:11', 'someone-else', 'PX', 10_000);
    await expect(store.lock('11', () => Promise.resolve())).rejects.toThrow(
      `Timed out after 200 ms waiting for the refresh lock of user 11 in Redis at ${server.url}: another process holds it.`,
    );
  });

  it('writes the token saved under the lock (a refreshed one) even when Redis blinks, and fails other writes fast', async () => {
    const store = open({ prefix: 'blink:', lockLeaseMs: 5_000 });
    await store.set(bob);
    await server.stop();
    const started = Date.now();
    await expect(store.set(bob)).rejects.toThrow(/^Redis at redis:\/\/127\.0\.0\.1:\d+ failed while saving the token of user 12: /);
    expect(Date.now() - started).toBeLessThan(1_000);
    await server.start();
    await expect.poll(() => store.get('12').then(() => 'up', () => 'down'), { timeout: 5_000, interval: 50 }).toBe('up');
    await store.lock('11', async () => {
      await server.stop();
      setTimeout(() => void server.start(), 300);
      await store.set(alice);
    });
    expect(await store.get('11')).toEqual(alice);
  });
});
