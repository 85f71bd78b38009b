import { PlatformError } from '@platform/core';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection, safeAddress } from '../src/connection';
import { startRedis, type TestRedis } from './redis-server';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

describe('RedisConnection', () => {
  it('names the address without its password', () => {
    expect(safeAddress('redis://user:hunter2@127.0.0.1:6390/2')).toBe('redis://127.0.0.1:6390/2');
  });

  it('rejects an unreachable server with a PlatformError naming the address, not the password', async () => {
    const connection = new RedisConnection({ url: 'redis://:s3cret-pass@127.0.0.1:1' }, 'redisTokenStore()');
    const error = await connection.run('reading a token', (client) => client.ping()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:1 failed while reading a token: /);
    expect((error as Error).message).not.toContain('s3cret-pass');
    await connection.close();
  });

  it('fails fast while the server is away and recovers when it returns', async () => {
    const connection = new RedisConnection({ url: redis.url }, 'redisTokenStore()');
    expect(await connection.run('pinging', (client) => client.ping())).toBe('PONG');
    await redis.stop();
    const started = Date.now();
    await expect(connection.run('pinging', (client) => client.ping())).rejects.toThrow(PlatformError);
    expect(Date.now() - started).toBeLessThan(1_000);
    await redis.start();
    await expect.poll(() => connection.run('pinging', (client) => client.ping()).catch(() => 'down'), { timeout: 5_000, interval: 50 }).toBe('PONG');
    await connection.close();
  });

  it('commands sent together before the first connection is made all wait for it', async () => {
    const connection = new RedisConnection({ url: redis.url }, 'redisBuckets()');
    const answers = await Promise.all(Array.from({ length: 5 }, () => connection.run('pinging', (client) => client.ping())));
    expect(answers).toEqual(['PONG', 'PONG', 'PONG', 'PONG', 'PONG']);
    await connection.close();
  });

  it("a command's error keeps its name but not its arguments (a token being saved), and a timeout bounds a hung server", async () => {
    const connection = new RedisConnection({ url: redis.url }, 'redisTokenStore()');
    const admin = new RedisConnection({ url: redis.url }, 'admin');
    await admin.run('limiting memory', (client) => client.config('SET', 'maxmemory', '1'));
    try {
      const error = await connection.run('saving a token', (client) => client.hset('tokens', '11', '{"accessToken":"access-secret"}')).catch((caught: unknown) => caught);
      expect((error as Error).message).toMatch(/failed while saving a token: OOM /);
      expect(((error as Error).cause as { command?: unknown }).command).toEqual({ name: 'hset' });
      expect(inspect(error, { depth: 10 })).not.toContain('access-secret');
    } finally {
      await admin.run('lifting the limit', (client) => client.config('SET', 'maxmemory', '0'));
    }
    redis.pause();
    try {
      const started = Date.now();
      await expect(connection.run('pinging', (client) => client.ping(), 200)).rejects.toThrow(`Redis at ${redis.url} failed while pinging: no answer within 200 ms`);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      redis.resume();
    }
    expect(await connection.run('pinging', (client) => client.ping(), 200)).toBe('PONG');
    await Promise.all([connection.close(), admin.close()]);
  });

  it('refuses both url and client, and neither', () => {
    expect(() => new RedisConnection({}, 'redisBuckets()')).toThrow('redisBuckets() needs either url or client, not both.');
  });
});
