/** redisCooldowns() against a real redis-server: all or none, shared by two connections (as two processes), Redis away. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCooldowns, type RedisCooldowns } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

let server: TestRedis;
const opened: RedisCooldowns[] = [];
beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await server.stop();
});

function store(prefix: string): RedisCooldowns {
  const cooldowns = redisCooldowns({ url: server.url, prefix });
  opened.push(cooldowns);
  return cooldowns;
}

describe('redisCooldowns()', () => {
  it('takes every entry or none, and answers the longest wait, for every connection on the same prefix', async () => {
    const one = store('cd1:');
    const two = store('cd1:');
    const now = Date.now();
    expect(await one.take([{ key: 'user', ms: 60_000 }, { key: 'channel', ms: 10_000 }], now)).toBe(0);
    expect(await two.take([{ key: 'user', ms: 60_000 }], now + 1_000)).toBe(59_000);
    // Another user: the channel's cooldown still runs, and the user's is not taken.
    expect(await two.take([{ key: 'user2', ms: 60_000 }, { key: 'channel', ms: 10_000 }], now + 1_000)).toBe(9_000);
    expect(await two.take([{ key: 'user2', ms: 60_000 }], now + 1_000)).toBe(0);
    // Ended by the bot's clock.
    expect(await one.take([{ key: 'channel', ms: 10_000 }], now + 10_000)).toBe(0);
    // Another prefix is another bot.
    expect(await store('cd2:').take([{ key: 'user', ms: 60_000 }], now)).toBe(0);
  });

  it('two connections racing for one cooldown: exactly one gets it', async () => {
    const one = store('race:');
    const two = store('race:');
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? one : two).take([{ key: 'so', ms: 5_000 }], now)));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(1);
  });

  it('refuses bad entries, and rejects with a PlatformError naming Redis when it is away', async () => {
    const cooldowns = store('away:');
    await expect(cooldowns.take([{ key: 'x', ms: -1 }], Date.now())).rejects.toThrow('redisCooldowns().take() needs entries of { key, ms } with ms a number of milliseconds from 0.');
    expect(() => redisCooldowns({ url: 'http://nope' })).toThrow('redisCooldowns(): url must be a redis:// or rediss:// address.');
    await server.stop();
    try {
      await expect(cooldowns.take([{ key: 'x', ms: 1_000 }], Date.now())).rejects.toThrow(/^Redis at redis:\/\/127\.0\.0\.1:\d+ failed while taking a cooldown: /);
    } finally {
      await server.start();
    }
  });
});
