import { PlatformError } from '@platform/core';
import { RedisConnection, commandTimeout, type RedisConnectionOptions } from './connection';

/** Options of `redisShardLeases()`: where Redis is, and how long a call may wait for its answer. */
export interface RedisShardLeasesOptions extends RedisConnectionOptions {
  /**
   * How long `acquire()`, `renew()` and `release()` wait for Redis's answer before rejecting with
   * a `PlatformError` (a Redis that hangs keeps its connection open and would never answer).
   * Default 2 000 ms.
   */
  timeoutMs?: number | undefined;
}

/**
 * Leases of conduit shards on Redis, as `redisShardLeases()` returns it: the `leases` option of
 * the conduit listener (`@platform/eventsub-conduit`). A lease is a key that one owner holds for a
 * time; whoever serves a shard holds its lease and renews it, so that another process takes the
 * shard over only once the lease has lapsed.
 */
export interface RedisShardLeases {
  /**
   * Takes the lease `key` for `owner` for `ttlMs` milliseconds: true when it was free (or lapsed),
   * or already held by `owner` (its time is then set to `ttlMs` again); false while another owner
   * holds it. Rejects with a `PlatformError` when Redis cannot be reached, fails or does not
   * answer within `timeoutMs`.
   */
  acquire(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /**
   * Gives `owner`'s lease `key` another `ttlMs` milliseconds from now: true while `owner` holds it,
   * false when it lapsed or another owner holds it (nothing is changed then). Rejects like `acquire()`.
   */
  renew(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Ends `owner`'s lease `key` at once; a lease of another owner (or none) is left as it is. Rejects like `acquire()`. */
  release(key: string, owner: string): Promise<void>;
  /** Closes the connection opened from `url` (cut after `timeoutMs` when Redis does not answer); a `client` you gave is left open. */
  close(): Promise<void>;
}


// Renews the owner's own lease, or takes a free one: one round trip, no window between the two.
const acquireScript = `local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if held then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// Compare and renew: only the owner's lease gets more time.
const renewScript = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

// Compare and delete: only the owner's lease ends.
const releaseScript = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * Leases of conduit shards shared by several processes and machines: give it as the `leases`
 * option of the conduit listener in each process serving a conduit. The process that serves a
 * shard holds the shard's lease and renews it; when it dies, its lease lapses and a surviving
 * process takes the shard over, never two at once.
 *
 * - A lease is the key `<prefix>shard-lease:<key>` holding its owner's ID with a time to live:
 *   `acquire()` sets it when it is free (`SET NX PX` in one script, which also renews the owner's
 *   own lease), `renew()` and `release()` change it only while it holds the caller's owner ID
 *   (compare and renew, compare and delete, each one script).
 * - When Redis cannot be reached, fails, or does not answer within `timeoutMs` (2 s by default),
 *   the call rejects with a `PlatformError` naming the address without its password: the listener
 *   keeps serving the shards it has and tries again later.
 *
 * Server only (Node 20 to 24).
 *
 * @example
 * import { redisShardLeases } from '@platform/redis-store';
 *
 * const leases = redisShardLeases({ url: process.env.REDIS_URL });
 * if (await leases.acquire('conduit-id:0', 'worker-a', 5_000)) {
 *   // worker-a serves shard 0 for the next 5 seconds, unless it renews
 *   await leases.renew('conduit-id:0', 'worker-a', 5_000);
 *   await leases.release('conduit-id:0', 'worker-a');
 * }
 * await leases.close();
 * @throws {PlatformError} synchronously for bad options (neither or both of `url` and `client`, a
 * bad `url` or `prefix`, a `timeoutMs` that is not a positive number).
 */
export function redisShardLeases(options: RedisShardLeasesOptions): RedisShardLeases {
  const connection = new RedisConnection(options, 'redisShardLeases()');
  return new RedisLeases(connection, commandTimeout(options.timeoutMs, 'redisShardLeases()'));
}

class RedisLeases implements RedisShardLeases {
  readonly #connection: RedisConnection;
  readonly #timeoutMs: number;
  readonly #keyPrefix: string;

  constructor(connection: RedisConnection, timeoutMs: number) {
    this.#connection = connection;
    this.#timeoutMs = timeoutMs;
    this.#keyPrefix = `${connection.prefix}shard-lease:`;
  }

  async acquire(key: string, owner: string, ttlMs: number): Promise<boolean> {
    check('acquire', key, owner, ttlMs);
    const answer = await this.#connection.run(`acquiring the shard lease ${key}`, (redis) => redis.eval(acquireScript, 1, this.#keyPrefix + key, owner, Math.ceil(ttlMs)), this.#timeoutMs);
    return answer === 1;
  }

  async renew(key: string, owner: string, ttlMs: number): Promise<boolean> {
    check('renew', key, owner, ttlMs);
    const answer = await this.#connection.run(`renewing the shard lease ${key}`, (redis) => redis.eval(renewScript, 1, this.#keyPrefix + key, owner, Math.ceil(ttlMs)), this.#timeoutMs);
    return answer === 1;
  }

  async release(key: string, owner: string): Promise<void> {
    check('release', key, owner, 1);
    await this.#connection.run(`releasing the shard lease ${key}`, (redis) => redis.eval(releaseScript, 1, this.#keyPrefix + key, owner), this.#timeoutMs);
  }

  close(): Promise<void> {
    return this.#connection.close(this.#timeoutMs);
  }
}

function check(method: string, key: unknown, owner: unknown, ttlMs: unknown): void {
  if (typeof key !== 'string' || key === '') throw new PlatformError(`redisShardLeases().${method}() needs a lease key (a non-empty string); got ${describe(key)}.`);
  if (typeof owner !== 'string' || owner === '') throw new PlatformError(`redisShardLeases().${method}() needs an owner ID (a non-empty string); got ${describe(owner)}.`);
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new PlatformError(`redisShardLeases().${method}() needs ttlMs, a positive number of milliseconds; got ${describe(ttlMs)}.`);
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
