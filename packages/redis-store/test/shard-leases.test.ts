import { PlatformError } from '@platform/core';
import { Redis } from 'ioredis';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisShardLeases, type RedisShardLeases, type RedisShardLeasesOptions } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

let server: TestRedis;
let admin: Redis;
const opened: RedisShardLeases[] = [];
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
  server.resume();
  await Promise.all(opened.splice(0).map((leases) => leases.close()));
});

/** Leases on the test server, with a prefix of their own unless one is given. */
function open(options: Partial<RedisShardLeasesOptions> = {}): RedisShardLeases {
  const leases = redisShardLeases({ url: server.url, prefix: `leases${++prefixes}:`, ...options });
  opened.push(leases);
  return leases;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failure = (promise: Promise<unknown>) => promise.then(() => new Error('it resolved'), (error: unknown) => error);

describe('redisShardLeases()', () => {
  it('acquire takes a free lease for its owner with the TTL given; another owner cannot take it; the owner acquires again', async () => {
    const leases = open({ prefix: 'acquire:' });
    expect(await leases.acquire('conduit:0', 'worker-a', 5_000)).toBe(true);
    expect(await admin.get('acquire:shard-lease:conduit:0')).toBe('worker-a');
    const ttl = await admin.pttl('acquire:shard-lease:conduit:0');
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect(await leases.acquire('conduit:0', 'worker-b', 5_000)).toBe(false);
    expect(await admin.get('acquire:shard-lease:conduit:0')).toBe('worker-a');
    // The owner's own acquire renews it (a restart with the same owner ID, a retry after a lost answer).
    expect(await leases.acquire('conduit:0', 'worker-a', 60_000)).toBe(true);
    expect(await admin.pttl('acquire:shard-lease:conduit:0')).toBeGreaterThan(55_000);
    // Other keys are other leases.
    expect(await leases.acquire('conduit:1', 'worker-b', 5_000)).toBe(true);
  });

  it('renew gives the owner more time and refuses anyone else, changing nothing', async () => {
    const leases = open({ prefix: 'renew:' });
    expect(await leases.acquire('c:2', 'worker-a', 300)).toBe(true);
    await wait(150);
    expect(await leases.renew('c:2', 'worker-a', 300)).toBe(true);
    await wait(200);
    // 350 ms after the acquire, kept alive by the renew.
    expect(await admin.get('renew:shard-lease:c:2')).toBe('worker-a');
    expect(await leases.renew('c:2', 'worker-b', 60_000)).toBe(false);
    expect(await admin.pttl('renew:shard-lease:c:2')).toBeLessThanOrEqual(300);
    // A lease nobody holds cannot be renewed: renew never takes a lease.
    expect(await leases.renew('c:9', 'worker-a', 1_000)).toBe(false);
    expect(await admin.exists('renew:shard-lease:c:9')).toBe(0);
  });

  it('a lease that is not renewed lapses: another owner takes it, and the former owner can no longer renew it', async () => {
    const leases = open();
    expect(await leases.acquire('c:0', 'dead-worker', 100)).toBe(true);
    expect(await leases.acquire('c:0', 'survivor', 100)).toBe(false);
    await wait(180);
    expect(await leases.acquire('c:0', 'survivor', 5_000)).toBe(true);
    expect(await leases.renew('c:0', 'dead-worker', 5_000)).toBe(false);
    expect(await leases.acquire('c:0', 'dead-worker', 5_000)).toBe(false);
  });

  it('release ends the owner lease at once; a release by another owner changes nothing', async () => {
    const leases = open({ prefix: 'release:' });
    expect(await leases.acquire('c:0', 'worker-a', 60_000)).toBe(true);
    await leases.release('c:0', 'worker-b');
    expect(await admin.get('release:shard-lease:c:0')).toBe('worker-a');
    await leases.release('c:0', 'worker-a');
    expect(await admin.exists('release:shard-lease:c:0')).toBe(0);
    expect(await leases.acquire('c:0', 'worker-b', 60_000)).toBe(true);
    // Releasing a lease nobody holds is harmless.
    await leases.release('c:7', 'worker-a');
  });

  it('two owners on two connections racing for 50 leases at once: each lease is won by exactly one', async () => {
    const one = open({ prefix: 'race:' });
    const other = open({ prefix: 'race:' });
    const keys = Array.from({ length: 50 }, (_, i) => `c:${i}`);
    const [a, b] = await Promise.all([
      Promise.all(keys.map((key) => one.acquire(key, 'worker-a', 60_000))),
      Promise.all(keys.map((key) => other.acquire(key, 'worker-b', 60_000))),
    ]);
    for (let i = 0; i < keys.length; i++) expect(a[i] !== b[i]).toBe(true);
    const holders = await Promise.all(keys.map((key) => admin.get(`race:shard-lease:${key}`)));
    for (let i = 0; i < keys.length; i++) expect(holders[i]).toBe(a[i] ? 'worker-a' : 'worker-b');
  });

  it('takes a client of your own, and leaves it open on close()', async () => {
    const client = new Redis(server.url);
    try {
      const leases = redisShardLeases({ client, prefix: 'own:' });
      expect(await leases.acquire('c:0', 'worker-a', 60_000)).toBe(true);
      await leases.close();
      expect(await client.get('own:shard-lease:c:0')).toBe('worker-a');
    } finally {
      client.disconnect();
    }
  });

  it('refuses bad options and bad arguments with a PlatformError, sending nothing', async () => {
    expect(() => redisShardLeases({})).toThrow(new PlatformError('redisShardLeases() needs either url or client, not both.'));
    expect(() => redisShardLeases({ url: 'http://127.0.0.1:6379' })).toThrow('redisShardLeases(): url must be a redis:// or rediss:// address.');
    for (const timeoutMs of [0, -1, Number.NaN, '100' as unknown as number]) {
      expect(() => redisShardLeases({ url: server.url, timeoutMs })).toThrow(`redisShardLeases(): timeoutMs must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
    }
    const leases = open({ prefix: 'bad-args:' });
    expect(await failure(leases.acquire('', 'worker-a', 1_000))).toEqual(new PlatformError('redisShardLeases().acquire() needs a lease key (a non-empty string); got "".'));
    expect(await failure(leases.renew('c:0', undefined as unknown as string, 1_000))).toEqual(
      new PlatformError('redisShardLeases().renew() needs an owner ID (a non-empty string); got undefined.'),
    );
    expect(await failure(leases.acquire('c:0', 'worker-a', 0))).toEqual(new PlatformError('redisShardLeases().acquire() needs ttlMs, a positive number of milliseconds; got 0.'));
    expect(await failure(leases.release('c:0', ''))).toEqual(new PlatformError('redisShardLeases().release() needs an owner ID (a non-empty string); got "".'));
    expect(await admin.keys('bad-args:*')).toEqual([]);
  });

  it('Redis stopped: calls reject at once with a PlatformError without the password; Redis hung: within timeoutMs', async () => {
    const port = server.port;
    const leases = open({ url: `redis://:s3cret-pass@127.0.0.1:${port}`, timeoutMs: 300 });
    expect(await leases.acquire('c:0', 'worker-a', 60_000)).toBe(true);
    await server.stop();
    try {
      const started = Date.now();
      const error = await failure(leases.renew('c:0', 'worker-a', 60_000));
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as Error).message).toMatch(new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${port} failed while renewing the shard lease c:0: `));
      expect(inspect(error, { depth: 10 })).not.toContain('s3cret-pass');
    } finally {
      await server.start();
    }
    await expect.poll(() => leases.acquire('c:0', 'worker-a', 60_000).catch(() => 'down'), { timeout: 5_000, interval: 50 }).toBe(true);
    server.pause();
    const started = Date.now();
    const error = await failure(leases.acquire('c:1', 'worker-a', 60_000));
    const took = Date.now() - started;
    server.resume();
    expect((error as Error).message).toBe(`Redis at redis://127.0.0.1:${port} failed while acquiring the shard lease c:1: no answer within 300 ms`);
    expect(took).toBeLessThan(1_000);
  });
});
