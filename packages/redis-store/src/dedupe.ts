import { PlatformError } from '@platform/core';
import { randomBytes } from 'node:crypto';
import { RedisConnection, commandTimeout, type RedisConnectionOptions } from './connection';

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
   * fails or does not answer within `timeoutMs`, and while another process's claim of the same
   * message is still being confirmed: the check could not be made, so answer the delivery with a
   * 5xx and let the platform send it again.
   *
   * When the answer to the confirmation is lost (the connection cut at the wrong moment), the
   * promise settles only once Redis tells whether the confirmation was made: true then (hand the
   * message on, late; the platform's retry meets a repeat), so that no claim is made without its
   * message being handed on.
   */
  claim(messageId: string, ttlMs: number): Promise<boolean>;
  /** Closes the connection opened from `url`; a `client` you gave is left open. */
  close(): Promise<void>;
}

/** How long a claim waits for its confirmation before it lapses: past the answer timeout, with room. */
const pendingExtraMs = 3_000;
/** The wait between reads of a claim whose confirmation's answer was lost. */
const recheckMs = 250;

// A claim is made in two steps, so that a claim Redis made but whose answer was lost never turns
// the platform's retry into a repeat. First `pending:<token>`, which lapses after a few seconds:
// 1 = this claimer has it; 0 = confirmed by another (a repeat); 2 = another claimer has it pending.
const claimScript = `if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
local held = redis.call('GET', KEYS[1])
if held and string.sub(held, 1, 8) == 'pending:' then return 2 end
return 0`;
// Then `done:<token>` for the whole TTL, only while the claim is still this claimer's pending one.
const confirmScript = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
return 0`;
// Deletes a claim only while it still holds this claimer's pending value: a claim whose answer
// never came back is withdrawn (it lapses on its own otherwise), never the claim of another process.
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
  return new RedisClaims(connection, commandTimeout(options.timeoutMs, 'redisDedupe()'));
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
    const token = randomBytes(8).toString('hex');
    const pending = `pending:${token}`;
    const done = `done:${token}`;
    const connection = this.#connection;
    let claimed: unknown;
    try {
      claimed = await connection.run(`claiming message ${messageId}`, (redis) => redis.eval(claimScript, 1, key, pending, this.#timeoutMs + pendingExtraMs), this.#timeoutMs);
    } catch (error) {
      // The claim may still reach Redis (a hung server that wakes up): withdraw it behind it on the
      // same connection, without waiting; should that fail too, the pending claim lapses in seconds.
      connection.run(`withdrawing the claim of message ${messageId}`, (redis) => redis.eval(withdrawScript, 1, key, pending)).catch(() => undefined);
      throw error;
    }
    if (claimed === 0) return false;
    if (claimed === 2) {
      throw new PlatformError(`Redis at ${connection.address}: another process's claim of message ${messageId} is not confirmed yet.`);
    }
    let confirmed: unknown;
    try {
      confirmed = await connection.run(`confirming the claim of message ${messageId}`, (redis) => redis.eval(confirmScript, 1, key, pending, done, Math.ceil(ttlMs)), this.#timeoutMs);
    } catch {
      // The confirmation may have been made with its answer lost: only Redis can tell. Until it
      // does, the message is neither handed on nor given up (the caller answers the delivery for a
      // retry meanwhile, and hands it on late if this resolves true).
      return this.#outcome(key, done, messageId, ttlMs);
    }
    if (confirmed === 1) return true;
    throw new PlatformError(`Redis at ${connection.address}: the claim of message ${messageId} lapsed before it was confirmed.`);
  }

  /** Reads a claim whose confirmation's answer was lost until Redis answers: true when the confirmation was made. */
  async #outcome(key: string, done: string, messageId: string, ttlMs: number): Promise<boolean> {
    const until = Date.now() + ttlMs;
    for (;;) {
      let held: string | null;
      try {
        held = await this.#connection.run(`reading the claim of message ${messageId}`, (redis) => redis.get(key), this.#timeoutMs);
      } catch (error) {
        if (Date.now() >= until) throw error;
        await new Promise((resolve) => setTimeout(resolve, recheckMs));
        continue;
      }
      if (held === done) return true;
      throw new PlatformError(`Redis at ${this.#connection.address}: the claim of message ${messageId} was not confirmed.`);
    }
  }

  close(): Promise<void> {
    return this.#connection.close();
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
