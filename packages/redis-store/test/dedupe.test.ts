import { PlatformError } from '@platform/core';
import { Redis } from 'ioredis';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { barrier, startChild, stopAll, type Child } from '../../file-store/test/helpers';
import { redisDedupe, type RedisDedupe, type RedisDedupeOptions } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

const clientFile = fileURLToPath(new URL('fixtures/dedupe-client.ts', import.meta.url));
let server: TestRedis;
let admin: Redis;
const opened: RedisDedupe[] = [];
let children: Child[] = [];
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
  await stopAll(children);
  children = [];
  await Promise.all(opened.splice(0).map((dedupe) => dedupe.close()));
});

/** A repeat check on the test server, with a prefix of its own unless one is given. */
function open(options: Partial<RedisDedupeOptions> = {}): RedisDedupe {
  const dedupe = redisDedupe({ url: server.url, prefix: `dedupe${++prefixes}:`, ...options });
  opened.push(dedupe);
  return dedupe;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failure = (promise: Promise<unknown>) => promise.then(() => new Error('it resolved'), (error: unknown) => error);

describe('redisDedupe()', () => {
  it('the first claim of an ID is true, a repeat false; other IDs are apart', async () => {
    const dedupe = open({ prefix: 'first:' });
    expect(await dedupe.claim('msg-1', 60_000)).toBe(true);
    expect(await dedupe.claim('msg-1', 60_000)).toBe(false);
    expect(await dedupe.claim('msg-2', 60_000)).toBe(true);
    // One key per ID under the prefix, with the TTL given.
    const ttl = await admin.pttl('first:dedupe:msg-1');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('claims are shared by every connection with the same prefix, and kept apart by another prefix', async () => {
    const one = open({ prefix: 'shared:' });
    const again = open({ prefix: 'shared:' });
    const other = open({ prefix: 'other:' });
    const defaulted = open({ prefix: undefined });
    expect(await one.claim('msg', 60_000)).toBe(true);
    expect(await again.claim('msg', 60_000)).toBe(false);
    expect(await other.claim('msg', 60_000)).toBe(true);
    expect(await defaulted.claim('default-prefix-msg', 60_000)).toBe(true);
    expect(await admin.exists('platform:dedupe:default-prefix-msg')).toBe(1);
  });

  it('a claim lapses after its TTL: the same ID is claimed again', async () => {
    const dedupe = open();
    expect(await dedupe.claim('short', 50)).toBe(true);
    expect(await dedupe.claim('short', 50)).toBe(false);
    await wait(120);
    expect(await dedupe.claim('short', 50)).toBe(true);
    // A fractional TTL is rounded up to whole milliseconds (PX takes an integer).
    expect(await dedupe.claim('fraction', 0.5)).toBe(true);
  });

  it('takes a client of your own, and leaves it open on close()', async () => {
    const client = new Redis(server.url);
    try {
      const dedupe = redisDedupe({ client, prefix: 'own:' });
      expect(await dedupe.claim('msg', 60_000)).toBe(true);
      expect(await dedupe.claim('msg', 60_000)).toBe(false);
      await dedupe.close();
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });

  it('refuses bad options with a PlatformError', () => {
    expect(() => redisDedupe({})).toThrow(new PlatformError('redisDedupe() needs either url or client, not both.'));
    expect(() => redisDedupe({ url: server.url, client: admin })).toThrow('redisDedupe() needs either url or client, not both.');
    expect(() => redisDedupe(undefined as unknown as RedisDedupeOptions)).toThrow('redisDedupe() needs { url } or { client }.');
    expect(() => redisDedupe({ url: 'http://127.0.0.1:6379' })).toThrow('redisDedupe(): url must be a redis:// or rediss:// address.');
    expect(() => redisDedupe({ url: server.url, prefix: 3 as unknown as string })).toThrow('redisDedupe(): prefix must be a string.');
    expect(() => redisDedupe({ client: {} as Redis })).toThrow('redisDedupe(): client must be an ioredis client.');
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '100' as unknown as number]) {
      expect(() => redisDedupe({ url: server.url, timeoutMs })).toThrow(`redisDedupe(): timeoutMs must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
    }
  });

  it('refuses a bad message ID or TTL with a PlatformError, sending nothing', async () => {
    const dedupe = open({ prefix: 'bad-args:' });
    for (const id of ['', undefined, 42, null]) {
      const error = await failure(dedupe.claim(id as string, 1_000));
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as Error).message).toBe(`redisDedupe().claim() needs a message ID (a non-empty string); got ${id === '' ? '""' : String(id)}.`);
    }
    for (const ttl of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, undefined, '1000']) {
      const error = await failure(dedupe.claim('msg', ttl as number));
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as Error).message).toBe(`redisDedupe().claim() needs ttlMs, a positive number of milliseconds; got ${ttl === '1000' ? '"1000"' : String(ttl)}.`);
    }
    expect(await admin.keys('bad-args:*')).toEqual([]);
  });

  it('Redis stopped: claim rejects at once with a PlatformError naming the address without its password; Redis back: claims work again', async () => {
    const port = server.port;
    const dedupe = open({ url: `redis://:s3cret-pass@127.0.0.1:${port}`, prefix: 'restart:' });
    expect(await dedupe.claim('before', 60_000)).toBe(true);
    await server.stop();
    try {
      for (const id of ['during-1', 'during-2', 'during-3']) {
        const started = Date.now();
        const error = await failure(dedupe.claim(id, 60_000));
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(error).toBeInstanceOf(PlatformError);
        expect((error as Error).message).toMatch(new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${port} failed while claiming message ${id}: `));
        expect(inspect(error, { depth: 10 })).not.toContain('s3cret-pass');
      }
    } finally {
      await server.start();
    }
    // Nothing was claimed while Redis was away (it is kept in memory only: the restart forgot 'before').
    await expect.poll(() => dedupe.claim('during-1', 60_000).catch(() => 'down'), { timeout: 5_000, interval: 50 }).toBe(true);
    expect(await dedupe.claim('during-1', 60_000)).toBe(false);
    expect(await dedupe.claim('during-2', 60_000)).toBe(true);
  });

  it('Redis hung (SIGSTOP): claim rejects with a PlatformError within the 2 s default; the claims made meanwhile are withdrawn once it answers', async () => {
    const dedupe = open({ prefix: 'hung:' });
    expect(await dedupe.claim('before', 60_000)).toBe(true);
    server.pause();
    const started = Date.now();
    const errors = await Promise.all(['hung-1', 'hung-2'].map((id) => failure(dedupe.claim(id, 60_000))));
    const took = Date.now() - started;
    server.resume();
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(3_000);
    for (const [index, error] of errors.entries()) {
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as Error).message).toBe(`Redis at ${server.url} failed while claiming message hung-${index + 1}: no answer within 2000 ms`);
    }
    // Redis ran the late SETs when it woke up, and the withdrawals queued behind them: the
    // platform's retry of those messages is not taken for a repeat.
    await expect.poll(() => admin.keys('hung:*'), { timeout: 5_000, interval: 50 }).toEqual(['hung:dedupe:before']);
    expect(await dedupe.claim('hung-1', 60_000)).toBe(true);
    expect(await dedupe.claim('hung-2', 60_000)).toBe(true);
    expect(await dedupe.claim('before', 60_000)).toBe(false);
  });

  it('a shorter timeoutMs bounds a claim to it', async () => {
    const dedupe = open({ prefix: 'timeout:', timeoutMs: 300 });
    expect(await dedupe.claim('before', 60_000)).toBe(true);
    server.pause();
    const started = Date.now();
    const error = await failure(dedupe.claim('late', 60_000));
    const took = Date.now() - started;
    server.resume();
    expect((error as Error).message).toMatch(/failed while claiming message late: no answer within 300 ms$/);
    expect(took).toBeLessThan(1_000);
  });

  it('a command error reaches the caller without the command arguments ioredis attaches', async () => {
    const dedupe = open({ prefix: 'oom:' });
    expect(await dedupe.claim('warm', 60_000)).toBe(true);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
    let error: unknown;
    try {
      error = await failure(dedupe.claim('secret-looking-id', 60_000));
    } finally {
      await admin.config('SET', 'maxmemory', '0');
    }
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toMatch(new RegExp(`^Redis at ${server.url.replace(/\./g, '\\.')} failed while claiming message secret-looking-id: OOM `));
    const cause = (error as Error).cause as { command?: { name?: string; args?: unknown } };
    expect(cause).toBeInstanceOf(Error);
    expect(cause.command).toEqual({ name: 'eval' });
    // Nothing of the command's arguments (the key, the claim's value, PX, NX) is kept anywhere.
    expect(inspect(error, { depth: 10 })).not.toContain('oom:dedupe:secret-looking-id');
    expect(inspect(error, { depth: 10 })).not.toMatch(/\bNX\b/);
    expect(await dedupe.claim('secret-looking-id', 60_000)).toBe(true);
  });

  it('2 processes claim the same 500 IDs at once: each ID is won exactly once overall; a claim meeting the other\'s unconfirmed one is refused for a retry, never a repeat', async () => {
    const prefix = `processes${++prefixes}:`;
    children = [0, 1].map(() => startChild(clientFile, { url: server.url, prefix, ids: 500, ttlMs: 60_000 }));
    await barrier(children);
    const outcomes = (await Promise.all(children.map((child) => child.next('done')))) as unknown as { won: string[]; failed: string[] }[];
    // Two claims of one ID in the same moment: one is confirmed; the other met it pending and was
    // refused (the platform would retry it, and then meet a repeat).
    for (const outcome of outcomes) {
      for (const failure of outcome.failed) expect(failure).toMatch(/another process's claim of message message-\d+ is not confirmed yet\.$/);
    }
    const all = outcomes.flatMap((outcome) => outcome.won);
    expect(all).toHaveLength(500);
    expect(new Set(all).size).toBe(500);
    expect(await admin.keys(`${prefix}dedupe:message-*`)).toHaveLength(500);
    console.log(`500 IDs claimed by 2 processes at once: won ${outcomes.map((outcome) => outcome.won.length).join(' + ')}, refused while pending ${outcomes.map((outcome) => outcome.failed.length).join(' + ')}`);
  }, 60_000);
});
