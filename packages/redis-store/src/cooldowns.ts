import { PlatformError } from '@platform/core';
import { RedisConnection, commandTimeout, type RedisConnectionOptions } from './connection';

/** Options of `redisCooldowns()`: where Redis is, and how long a check may wait for its answer. */
export interface RedisCooldownsOptions extends RedisConnectionOptions {
  /** How long `take()` waits for Redis's answer before rejecting with a `PlatformError`. Default 2 000 ms. */
  timeoutMs?: number | undefined;
}

/** Cooldowns of `@platform/bot` on Redis, as `redisCooldowns()` returns them (a `CooldownStore`). */
export interface RedisCooldowns {
  /**
   * Takes every entry at once when none of them is running, for every process using the same
   * Redis and prefix, and resolves 0; otherwise takes none and resolves the milliseconds left of
   * the longest one running. Rejects with a `PlatformError` when Redis cannot answer (the bot then
   * does not run the command).
   */
  take(entries: ReadonlyArray<{ key: string; ms: number }>, now: number): Promise<number>;
  /** Closes the connection opened from `url`; a `client` you gave is left open. */
  close(): Promise<void>;
}

// All or none, in one script: the end of each running cooldown is the key's value (the bot's
// clock, epoch ms), and the key lapses with it (PX), so Redis keeps only running ones.
const takeScript = `local now = tonumber(ARGV[1])
local wait = 0
for index, key in ipairs(KEYS) do
  local ends = tonumber(redis.call('GET', key) or '0')
  if ends and ends - now > wait then wait = ends - now end
end
if wait > 0 then return wait end
for index, key in ipairs(KEYS) do
  local ms = tonumber(ARGV[index + 1])
  if ms > 0 then redis.call('SET', key, tostring(now + ms), 'PX', ms) end
end
return 0`;

/**
 * Cooldowns shared by every process of a chat bot: give it as the `cooldowns` option of
 * `createBot()` (`@platform/bot`) in each of them, and a command's cooldown started by one process
 * holds in all. Each check is one script (`GET` each key, then `SET <prefix>cooldown:<key> <end>
 * PX <ms>` for all of them when none is running), so two processes never both take one cooldown.
 * Running cooldowns end by the bots' clocks, which are taken to agree.
 *
 * Server only (Node 20 to 24).
 *
 * @example
 * import { createBot } from '@platform/bot';
 * import { redisCooldowns } from '@platform/redis-store';
 *
 * const cooldowns = redisCooldowns({ url: process.env.REDIS_URL });
 * const bot = createBot({ client, bot: botUserId, channels: ['somechannel'], cooldowns });
 * // ... on shutdown:
 * await bot.stop();
 * await cooldowns.close();
 * @throws {PlatformError} synchronously for bad options (neither or both of `url` and `client`, a
 * bad `url` or `prefix`, a `timeoutMs` that is not a positive number).
 */
export function redisCooldowns(options: RedisCooldownsOptions): RedisCooldowns {
  const connection = new RedisConnection(options, 'redisCooldowns()');
  const timeoutMs = commandTimeout(options.timeoutMs, 'redisCooldowns()');
  const keyPrefix = `${connection.prefix}cooldown:`;
  return {
    async take(entries, now) {
      const bad = (entry: { key: unknown; ms: unknown } | undefined) => typeof entry?.key !== 'string' || typeof entry.ms !== 'number' || !Number.isFinite(entry.ms) || entry.ms < 0;
      const given: unknown = entries;
      if (!Array.isArray(given) || entries.some(bad)) {
        throw new PlatformError('redisCooldowns().take() needs entries of { key, ms } with ms a number of milliseconds from 0.');
      }
      if (typeof now !== 'number' || !Number.isFinite(now)) throw new PlatformError(`redisCooldowns().take() needs now, epoch milliseconds; got ${String(now)}.`);
      if (entries.length === 0) return 0;
      const keys = entries.map((entry) => `${keyPrefix}${entry.key}`);
      const answer = await connection.run(
        'taking a cooldown',
        (redis) => redis.eval(takeScript, keys.length, ...keys, Math.floor(now), ...entries.map((entry) => Math.ceil(entry.ms))),
        timeoutMs,
      );
      return Number(answer);
    },
    close: () => connection.close(),
  };
}
