/**
 * The shared buckets' rules, run by the scripts in a real Redis: each store here stands for one
 * process (its own connection), all on one server. Time is a jumping clock: a sleep moves it on at
 * once, so waits for a reset take no real time.
 */
import { PlatformError, PlatformRateLimitError, type Clock, type RateLimitBucketStore, type RateLimitEvent } from '@platform/core';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisBuckets, type RedisBuckets } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

let server: TestRedis;
let admin: Redis;
const opened: RedisBuckets[] = [];

beforeAll(async () => {
  server = await startRedis();
  admin = new Redis(server.url);
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});
beforeEach(async () => {
  await admin.flushall();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((buckets) => buckets.close()));
});

/** A clock whose `sleep` jumps time forward at once (after a real turn of the event loop). */
function jumpingClock(start = 1_800_000_000_000) {
  const sleeps: number[] = [];
  const clock: Clock & { at: number; sleeps: number[] } = {
    at: start,
    sleeps,
    now: () => clock.at,
    sleep: async (ms) => {
      sleeps.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 1));
      clock.at += Math.max(0, ms);
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    random: () => 0.5,
  };
  return clock;
}

type TestClock = ReturnType<typeof jumpingClock>;

/** One "process": its own connection and store, on the shared server. */
interface StoreOptions {
  rateLimit?: 'wait' | 'throw';
  clientId?: string;
  inFlightLease?: number;
  prefix?: string;
}

function store(clock: TestClock, { rateLimit = 'wait', clientId = 'cid', inFlightLease = 10_000, prefix }: StoreOptions = {}) {
  const buckets = redisBuckets({ url: server.url, inFlightLease, prefix });
  opened.push(buckets);
  const events: RateLimitEvent[] = [];
  const bucketStore = buckets({ clientId, clock, rateLimit, timeout: 15_000, events: { emit: (_, event) => events.push(event) } });
  return Object.assign(bucketStore, { events });
}

const target = { method: 'GET', path: '/things' } as const;
const url = 'https://api.test/helix/things';
const take = (bucketStore: RateLimitBucketStore) => Promise.resolve(bucketStore.take('app', target, url, undefined));

/** Headers as the platform sends them: the reset in epoch seconds. */
function headers(limit: number, remaining: number, resetAtMs: number): { get(name: string): string | null } {
  const values: Record<string, string> = { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(remaining), 'ratelimit-reset': String(resetAtMs / 1000) };
  return { get: (name) => values[name.toLowerCase()] ?? null };
}
const noHeaders = { get: () => null };

/**
 * Records an answer, and waits until Redis has it: a store sends the record script without
 * waiting, and a take on the same connection runs after it.
 */
async function recorded(bucketStore: RateLimitBucketStore, answer: { get(name: string): string | null }, limited = false): Promise<number | undefined> {
  const reset = bucketStore.record('app', answer, limited);
  await bucketStore.take('flush', target, url, undefined);
  bucketStore.release('flush');
  return reset;
}

describe('redisBuckets(): the spec rules, atomic in Redis', () => {
  it('trusts the lowest count within a window, whichever process recorded it', async () => {
    const clock = jumpingClock();
    const [one, two] = [store(clock), store(clock)];
    const resetAt = clock.at + 30_000;
    await take(one);
    await take(two);
    await take(one);
    await recorded(one, headers(800, 500, resetAt), false);
    await recorded(two, headers(800, 600, resetAt), false);
    // The lowest count stands; the attempt still in flight is counted.
    expect(two.state('app')).toEqual({ limit: 800, remaining: 499, resetAt });
    await recorded(one, headers(800, 450, resetAt), false);
    expect(one.state('app')).toEqual({ limit: 800, remaining: 450, resetAt });
    expect(await admin.hgetall('platform:bucket:{cid:app}')).toEqual({ limit: '800', lowest: '450', reset: String(resetAt) });
  });

  it('opens a new window on a later reset and ignores a late answer from the older one', async () => {
    const clock = jumpingClock();
    const one = store(clock);
    const first = clock.at + 10_000;
    await take(one);
    await recorded(one, headers(800, 10, first), false);
    await take(one);
    await recorded(one, headers(800, 700, first + 60_000), false);
    expect(one.state('app')).toEqual({ limit: 800, remaining: 700, resetAt: first + 60_000 });
    await take(one);
    await recorded(one, headers(800, 5, first), false);
    expect(one.state('app')).toEqual({ limit: 800, remaining: 700, resetAt: first + 60_000 });
  });

  it('forgets the bucket once its reset has passed: full again up to its limit, no state until the platform reports', async () => {
    const clock = jumpingClock();
    const one = store(clock, { rateLimit: 'throw' });
    const resetAt = clock.at + 5_000;
    await take(one);
    await recorded(one, headers(3, 0, resetAt), false);
    expect(one.state('app')?.remaining).toBe(0);
    await expect(take(one)).rejects.toThrow('Rate limit reached for GET /things.');
    clock.at = resetAt;
    expect(one.state('app')).toBeUndefined();
    // Full again: three points (the limit), then the bucket waits for an answer.
    await take(one);
    await take(one);
    await take(one);
    expect(await admin.hgetall('platform:bucket:{cid:app}')).toEqual({ limit: '3', lowest: '3' });
    await expect(take(one)).rejects.toThrow(PlatformRateLimitError);
  });

  it('counts points in flight across processes: parallel takes never exceed what is left', async () => {
    const clock = jumpingClock();
    const stores = [store(clock, { rateLimit: 'throw' }), store(clock, { rateLimit: 'throw' }), store(clock, { rateLimit: 'throw' })];
    const resetAt = clock.at + 60_000;
    await take(stores[0]!);
    await recorded(stores[0]!, headers(800, 10, resetAt), false);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, index) => take(stores[index % 3]!)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(20);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(PlatformRateLimitError);
    expect(await admin.zcard('platform:bucket:{cid:app}:flight')).toBe(10);
    // An answer corrects the count and frees its point from the flight.
    const answered = stores[outcomes.findIndex((outcome) => outcome.status === 'fulfilled') % 3]!;
    await recorded(answered, headers(800, 9, resetAt), false);
    expect(answered.state('app')).toEqual({ limit: 800, remaining: 0, resetAt });
    expect(await admin.zcard('platform:bucket:{cid:app}:flight')).toBe(9);
  });

  it('lets one attempt through at a time until the platform first reports, then as many as it allows', async () => {
    const clock = jumpingClock();
    const [one, two] = [store(clock), store(clock)];
    await take(one);
    let second = false;
    const waiting = take(two).then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second).toBe(false);
    await recorded(one, headers(800, 799, clock.at + 60_000), false);
    await waiting;
    expect(second).toBe(true);
    await take(one);
    await take(two);
    await take(one);
    // 799 reported, less four in flight (the one that waited and three more).
    expect(one.state('app')?.remaining).toBe(795);
    // No rateLimit event: the wait was for an answer, not for a reset.
    expect(two.events).toEqual([]);
  });

  it('an unknown bucket is not refused with throw: the first answer is awaited', async () => {
    const clock = jumpingClock();
    const [one, two] = [store(clock, { rateLimit: 'throw' }), store(clock, { rateLimit: 'throw' })];
    await take(one);
    const waiting = take(two);
    await recorded(one, noHeaders, false);
    // No report: the bucket stays unknown, the next attempt goes.
    await waiting;
    expect(two.state('app')).toBeUndefined();
  });

  it("gives back a dead process's points once their lease has passed", async () => {
    const clock = jumpingClock();
    const survivor = store(clock, { rateLimit: 'throw', inFlightLease: 2_000 });
    const resetAt = clock.at + 60_000;
    await take(survivor);
    await recorded(survivor, headers(800, 2, resetAt), false);
    // A process takes both points, then dies before any answer.
    const doomed = store(clock, { inFlightLease: 2_000 });
    await take(doomed);
    await take(doomed);
    await expect(take(survivor)).rejects.toThrow(PlatformRateLimitError);
    clock.at += 2_001;
    await take(survivor);
    expect(survivor.state('app')?.remaining).toBe(1);
  });

  it("with wait, an empty bucket emits rateLimit and sleeps until the platform's reset", async () => {
    const clock = jumpingClock();
    const one = store(clock);
    const resetAt = clock.at + 7_000;
    await take(one);
    await recorded(one, headers(800, 0, resetAt), false);
    await take(one);
    expect(one.events).toEqual([{ bucket: 'app', wait: 7_000 }]);
    expect(clock.sleeps).toEqual([7_000]);
    expect(clock.at).toBe(resetAt);
  });

  it('a 429 that empties the bucket returns its reset and empties it for every process', async () => {
    const clock = jumpingClock();
    const [one, two] = [store(clock, { rateLimit: 'throw' }), store(clock, { rateLimit: 'throw' })];
    const resetAt = clock.at + 4_000;
    await take(one);
    await recorded(one, headers(800, 300, resetAt), false);
    await take(one);
    expect(await recorded(one, headers(800, 0, resetAt), true)).toBe(resetAt);
    const error = (await take(two).catch((caught: unknown) => caught)) as PlatformRateLimitError;
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    expect(error.resetAt).toBe(resetAt);
    expect(error.url).toBe(url);
    // A 429 with points left (an endpoint limit) returns nothing.
    expect(await recorded(two, headers(800, 5, resetAt + 1000), true)).toBeUndefined();
  });

  it('keeps buckets apart per client ID and token, under the prefix', async () => {
    const clock = jumpingClock();
    const [mine, other] = [store(clock, { rateLimit: 'throw', prefix: 'bot:' }), store(clock, { rateLimit: 'throw', clientId: 'other', prefix: 'bot:' })];
    const resetAt = clock.at + 60_000;
    await take(mine);
    await recorded(mine, headers(800, 0, resetAt), false);
    await take(other);
    await mine.take('user:42', target, url, undefined);
    expect((await admin.keys('*')).sort()).toEqual(['bot:bucket:{cid:app}', 'bot:bucket:{cid:user:42}:flight', 'bot:bucket:{other:app}:flight']);
  });

  it('refuses a bad inFlightLease', () => {
    expect(() => redisBuckets({ url: server.url, inFlightLease: 0 })).toThrow('redisBuckets(): inFlightLease must be a positive number of milliseconds; got 0.');
  });
});

describe('redisBuckets(): Redis away', () => {
  it('an unreachable server rejects the first call with a PlatformError naming the address without its password', async () => {
    const buckets = redisBuckets({ url: 'redis://:hunter2@127.0.0.1:1' });
    opened.push(buckets);
    const bucketStore = buckets({ clientId: 'cid', clock: jumpingClock(), rateLimit: 'wait', timeout: 15_000, events: { emit: () => {} } });
    const error = (await take(bucketStore).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:1 failed while taking a rate-limit point: /);
    expect(error.message).not.toContain('hunter2');
  });

  it('fails fast while Redis is away, still returns what an answer says, and works again once it is back', async () => {
    const clock = jumpingClock();
    const one = store(clock);
    const resetAt = clock.at + 60_000;
    await take(one);
    await recorded(one, headers(800, 700, resetAt), false);
    await take(one);
    await server.stop();
    try {
      const started = Date.now();
      await expect(take(one)).rejects.toThrow(/^Redis at redis:\/\/127\.0\.0\.1:\d+ failed while taking a rate-limit point: /);
      expect(Date.now() - started).toBeLessThan(1_000);
      // The answer of the attempt in flight is not lost: a 429's reset still comes back.
      expect(one.record('app', headers(800, 0, resetAt), true)).toBe(resetAt);
    } finally {
      await server.start();
    }
    // A fresh server without the scripts (and without the buckets, persistence is off).
    await expect.poll(() => take(one).then(() => 'taken', () => 'down'), { timeout: 5_000, interval: 50 }).toBe('taken');
    // The record script is not loaded yet either: it lands once EVAL has loaded it.
    void one.record('app', headers(800, 650, resetAt), false);
    await expect.poll(() => one.state('app'), { timeout: 5_000, interval: 20 }).toEqual({ limit: 800, remaining: 650, resetAt });
  });
});
