import { PlatformError } from '@platform/core';
import { randomBytes } from 'node:crypto';
import { RedisConnection, type RedisConnectionOptions } from './connection';

/** Options of `redisDedupe()`: where Redis is, and how long a claim may wait for its answer. */
export interface RedisDedupeOptions extends RedisConnectionOptions {
  /**
   * How long `claim()` waits for Redis's answer before rejecting with a `PlatformError`
   * (a Redis that hangs keeps its connection open and would never answer). Default 2 000 ms.
   */
  timeoutMs?: number | undefined;
}

/** A repeat check of deliveries on Redis, as `redisDedupe()` returns it. */
export interface RedisDedupe {
  /**
   * Claims `messageId` for `ttlMs` milliseconds, for every process using the same Redis and
   * prefix: resolves true the first time it is claimed within that time (hand the message on),
   * false for a repeat (drop it). Rejects with a `PlatformError` when Redis cannot be reached,
   * fails or does not answer within `timeoutMs`: the check could not be made, so answer the
   * delivery with a 5xx and let the platform send it again.
   */
  claim(messageId: string, ttlMs: number): Promise<boolean>;
  /** Closes the connection opened from `url`; a `client` you gave is left open. */
  close(): Promise<void>;
}

const defaultTimeoutMs = 2_000;

// Deletes a claim only while it still holds this claimer's value: a claim whose answer never came
// back is withdrawn, never the claim of another process.
const withdrawScript = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * A repeat check of webhook deliveries shared by several processes and machines: give it as the
 * `dedupe` option of the webhook listener, the conduit listener or `WebhookReceiver` in each of
 * them, and a message the platform sends again (to whichever process) is handed on once.
 *
 * - Each claim is one command, `SET <prefix>dedupe:<messageId> <value> PX <ttlMs> NX`: the key
 *   lives for `ttlMs` and the first claim within that time wins, whatever the process.
 * - When Redis cannot be reached, fails, or does not answer within `timeoutMs` (2 s by default),
 *   `claim()` rejects with a `PlatformError` naming the address without its password: the
 *   listener then answers the delivery with a 5xx, and the platform sends it again later. It never
 *   answers true or false without Redis's word. A claim whose answer did not come back is then
 *   withdrawn (deleted while it still holds this claim's random value), so that a Redis that
 *   answers late does not turn the platform's retry into a repeat.
 *
 * Server only (Node 20 to 24).
 *
 * @example
 * import { redisDedupe } from '@platform/redis-store';
 *
 * const dedupe = redisDedupe({ url: process.env.REDIS_URL });
 * if (await dedupe.claim(messageId, 10 * 60_000)) {
 *   // the first time: handle the message
 * }
 * // ... on shutdown:
 * await dedupe.close();
 * @throws {PlatformError} synchronously for bad options (neither or both of `url` and `client`, a
 * bad `url` or `prefix`, a `timeoutMs` that is not a positive number).
 */
export function redisDedupe(options: RedisDedupeOptions): RedisDedupe {
  const connection = new RedisConnection(options, 'redisDedupe()');
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new PlatformError(`redisDedupe(): timeoutMs must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
  }
  return new RedisClaims(connection, Math.ceil(timeoutMs));
}

class RedisClaims implements RedisDedupe {
  readonly #connection: RedisConnection;
  readonly #timeoutMs: number;
  readonly #keyPrefix: string;

  constructor(connection: RedisConnection, timeoutMs: number) {
    this.#connection = connection;
    this.#timeoutMs = timeoutMs;
    this.#keyPrefix = `${connection.prefix}dedupe:`;
  }

  async claim(messageId: string, ttlMs: number): Promise<boolean> {
    if (typeof messageId !== 'string' || messageId === '') {
      throw new PlatformError(`redisDedupe().claim() needs a message ID (a non-empty string); got ${describe(messageId)}.`);
    }
    if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) {
      throw new PlatformError(`redisDedupe().claim() needs ttlMs, a positive number of milliseconds; got ${describe(ttlMs)}.`);
    }
    const key = `${this.#keyPrefix}${messageId}`;
    const value = randomBytes(8).toString('hex');
    try {
      const answer = await this.#connection.run(`claiming message ${messageId}`, (redis) => redis.set(key, value, 'PX', Math.ceil(ttlMs), 'NX'), this.#timeoutMs);
      return answer === 'OK';
    } catch (error) {
      // The SET may still reach Redis (a hung server that wakes up): withdraw it behind it on the
      // same connection, without waiting. A SET that never left fails this too, harmlessly.
      this.#connection.run(`withdrawing the claim of message ${messageId}`, (redis) => redis.eval(withdrawScript, 1, key, value)).catch(() => undefined);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.#connection.close();
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
