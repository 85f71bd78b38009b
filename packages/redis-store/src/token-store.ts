import { isUserToken, type TokenEncryption, type TokenStore, type UserToken } from '@platform/auth';
import { PlatformError } from '@platform/core';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisConnection, commandTimeout, type RedisConnectionOptions } from './connection';

/** Options of `redisTokenStore()`: where Redis is, how long a command may wait for its answer, and how the refresh lock behaves. */
export interface RedisTokenStoreOptions extends RedisConnectionOptions {
  /**
   * How long each command waits for Redis's answer before the call rejects with a `PlatformError`
   * (a Redis that hangs keeps its connection open and would never answer). Default 2 000 ms. Not
   * the wait for a lock another process holds: that is `lockTimeoutMs`.
   */
  timeoutMs?: number | undefined;
  /**
   * How long the refresh lock of a user is held without being renewed: a holder renews it every
   * third of this while its refresh runs, so only a holder that died (or lost Redis) lets it
   * lapse, and the lock is taken over this long after its last renewal. Longer than one refresh
   * attempt (the client's request timeout is 15 s by default). Default 30 000 ms.
   */
  lockLeaseMs?: number | undefined;
  /**
   * How long `lock()` waits for a lock held by another process before rejecting with a
   * `PlatformError`. Default 60 000 ms: two leases, so that a waiter outlives a dead holder's lease.
   */
  lockTimeoutMs?: number | undefined;
  /**
   * Encrypts each token before it reaches Redis: `encrypt` turns the token's JSON into the value
   * stored in the hash, `decrypt` turns it back (see `TokenEncryption` of `@platform/auth`). Redis
   * then holds no token in clear text: not in its memory, its persistence files, its replicas or
   * its `MONITOR` output. A failing hook is a `PlatformError` whose message holds no token; every
   * value must then be encrypted (a clear one fails in `decrypt`).
   */
  encryption?: TokenEncryption | undefined;
}

/**
 * A token store on Redis, as `redisTokenStore()` returns it. `get`, `set`, `delete` and `list`
 * reject with a `PlatformError` when Redis cannot be reached, fails or does not answer within
 * `timeoutMs`; a write or delete that got no answer in time may still be made once Redis answers
 * again.
 */
export interface RedisTokenStore extends TokenStore {
  /**
   * Runs `work` while holding the Redis lock of `userId`, shared by every process and machine using
   * the same Redis and prefix. Rejects without running `work` when the lock cannot be taken (Redis
   * away, or no answer within `timeoutMs`, or another holder past `lockTimeoutMs`); a lock whose
   * answer came too late is released as soon as that answer comes, or lapses after `lockLeaseMs`.
   */
  lock<T>(userId: string, work: () => Promise<T>): Promise<T>;
  /**
   * Closes the connection the store opened from `url` (cut after `timeoutMs` when Redis does not
   * answer); a `client` you gave is left open.
   */
  close(): Promise<void>;
}

const defaultLeaseMs = 30_000;
const defaultLockTimeoutMs = 60_000;
const firstDelayMs = 5;
const maxDelayMs = 100;

// Compare-and-renew and compare-and-delete: only the holder named by the owner token touches the
// lock, so a holder whose lease lapsed never extends or removes the lock of its successor.
const renewScript = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * A token store on Redis for several processes or machines that act for the same users: give it to
 * `new Platform({ tokens })` (or `platformAuth({ tokens })`) in each of them, and a user's token is
 * refreshed exactly once whatever the number of processes that find it expired.
 *
 * - Tokens are kept as JSON in one hash, `<prefix>tokens` (field: the user ID), encrypted first
 *   with the `encryption` option.
 * - `lock(userId, work)` is a Redis lock, `<prefix>lock:<userId>`: taken with `SET NX PX` and a
 *   random owner token, renewed every third of `lockLeaseMs` while `work` runs, and released in
 *   the end by a compare-and-delete script. Waiters poll with a short backoff (5 ms, up to
 *   100 ms) and then read the store again, so they use the token the holder wrote. A lock whose
 *   holder died lapses after its lease and is taken over.
 * - A token written while its user's lock is held (the refreshed token) is retried until Redis
 *   takes it, for up to one lease, so that a refresh the platform has answered is not lost when
 *   Redis blinks; any other call fails at once while Redis is away, with a `PlatformError` that
 *   names the address without its password.
 * - Every command waits at most `timeoutMs` (2 s by default) for Redis's answer: a Redis that hangs
 *   with its connection open (stopped, stalled, behind a network black hole) makes the call reject
 *   with `Redis at <address> failed while <doing>: no answer within <timeoutMs> ms` instead of
 *   waiting for ever. What was sent may still be done when Redis answers again: a token saved or
 *   deleted late (the caller saw the rejection); a lock taken late is released when its answer
 *   comes (it lapses after `lockLeaseMs` otherwise); a refreshed token is tried again for up to
 *   one lease, as when Redis is away, so the call that refreshed waits at most `lockLeaseMs` and
 *   twice `timeoutMs` (its last try, the release), then fails.
 *
 * Server only (Node 20 to 24).
 *
 * @example
 * import { Platform } from '@platform/client';
 * import { redisTokenStore } from '@platform/redis-store';
 *
 * const tokens = redisTokenStore({ url: process.env.REDIS_URL });
 * const client = new Platform({ clientId, clientSecret, tokens });
 * // ... on shutdown:
 * await tokens.close();
 * @throws {PlatformError} synchronously for bad options (neither or both of `url` and `client`, a
 * lease or timeout that is not a positive number, an `encryption` that is not two functions).
 */
export function redisTokenStore(options: RedisTokenStoreOptions): RedisTokenStore {
  const connection = new RedisConnection(options, 'redisTokenStore()');
  const timeoutMs = commandTimeout(options.timeoutMs, 'redisTokenStore()');
  const leaseMs = duration(options.lockLeaseMs, 'lockLeaseMs', defaultLeaseMs);
  const lockTimeoutMs = duration(options.lockTimeoutMs, 'lockTimeoutMs', defaultLockTimeoutMs);
  const encryption = options.encryption;
  if (encryption !== undefined && (typeof encryption !== 'object' || encryption === null || typeof encryption.encrypt !== 'function' || typeof encryption.decrypt !== 'function')) {
    throw new PlatformError('redisTokenStore(): encryption must be { encrypt(text), decrypt(text) }, two functions.');
  }
  return new RedisTokens(connection, { timeoutMs, leaseMs, lockTimeoutMs }, encryption);
}

function duration(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new PlatformError(`redisTokenStore(): ${name} must be a positive number of milliseconds.`);
  }
  return Math.ceil(value);
}

function checkUserId(userId: unknown, method: string): asserts userId is string {
  if (typeof userId !== 'string' || userId === '') throw new PlatformError(`redisTokenStore().${method}() needs a user ID.`);
}

function checkToken(token: unknown): asserts token is UserToken {
  if (!isUserToken(token)) {
    throw new PlatformError('redisTokenStore().set() takes a UserToken: { userId, accessToken, scopes, refreshToken?, expiresAt?, login? }.');
  }
}

/** The times of a token store, in milliseconds: a command's answer, the lock's lease, the wait for another holder. */
interface Times {
  readonly timeoutMs: number;
  readonly leaseMs: number;
  readonly lockTimeoutMs: number;
}

class RedisTokens implements RedisTokenStore {
  readonly #connection: RedisConnection;
  readonly #timeoutMs: number;
  readonly #leaseMs: number;
  readonly #lockTimeoutMs: number;
  readonly #hash: string;
  readonly #encryption: TokenEncryption | undefined;
  /** This process's callers of `lock()`, one after another per user, so only the first polls Redis. */
  readonly #queues = new Map<string, Promise<unknown>>();
  /** The users whose lock this store holds now. */
  readonly #holding = new Set<string>();

  constructor(connection: RedisConnection, times: Times, encryption: TokenEncryption | undefined) {
    this.#connection = connection;
    this.#encryption = encryption;
    this.#timeoutMs = times.timeoutMs;
    this.#leaseMs = times.leaseMs;
    this.#lockTimeoutMs = times.lockTimeoutMs;
    this.#hash = `${connection.prefix}tokens`;
  }

  async get(userId: string): Promise<UserToken | undefined> {
    checkUserId(userId, 'get');
    const text = await this.#run(`reading the token of user ${userId}`, (redis) => redis.hget(this.#hash, userId));
    return text === null ? undefined : this.#tokenOf(userId, text);
  }

  async set(token: UserToken): Promise<void> {
    checkToken(token);
    const { userId } = token;
    const text = await this.#encrypt(userId, JSON.stringify({ ...token, scopes: [...token.scopes] }));
    // A write that gets no answer in time may still be made later (after any write sent before it
    // on this connection, before any sent after it): the value is the one the caller wanted.
    const write = () => this.#run(`saving the token of user ${userId}`, (redis) => redis.hset(this.#hash, userId, text));
    if (!this.#holding.has(userId)) {
      await write();
      return;
    }
    // Under the user's lock this is a refreshed token: the platform has spent the old refresh
    // token, so the new one must reach Redis. Redis may be back within the lease.
    const deadline = Date.now() + this.#leaseMs;
    for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
      try {
        await write();
        return;
      } catch (error) {
        // The last try is made at the deadline itself, not one back-off step before it.
        const left = deadline - Date.now();
        if (left <= 0) throw error;
        await sleep(Math.min(delay, left));
      }
    }
  }

  async delete(userId: string): Promise<void> {
    checkUserId(userId, 'delete');
    await this.#run(`deleting the token of user ${userId}`, (redis) => redis.hdel(this.#hash, userId));
  }

  async list(): Promise<UserToken[]> {
    const all = await this.#run('listing the tokens', (redis) => redis.hgetall(this.#hash));
    return Promise.all(Object.entries(all).map(([userId, text]) => this.#tokenOf(userId, text)));
  }

  lock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    if (typeof userId !== 'string' || userId === '') return Promise.reject(new PlatformError('redisTokenStore().lock() needs a user ID.'));
    const run = () => this.#locked(userId, work);
    const result = (this.#queues.get(userId) ?? Promise.resolve()).then(run, run);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(userId, settled);
    void settled.then(() => {
      if (this.#queues.get(userId) === settled) this.#queues.delete(userId);
    });
    return result;
  }

  close(): Promise<void> {
    return this.#connection.close(this.#timeoutMs);
  }

  /** One command, rejected when Redis does not answer within `timeoutMs`; `late` gets an answer that came after that. */
  #run<T>(doing: string, command: (redis: Redis) => Promise<T>, late?: (answer: T) => void): Promise<T> {
    return this.#connection.run(doing, command, this.#timeoutMs, late);
  }

  async #locked<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const key = `${this.#connection.prefix}lock:${userId}`;
    const owner = randomBytes(16).toString('hex');
    await this.#acquire(userId, key, owner);
    const lease = String(this.#leaseMs);
    // A renewal that fails (Redis away for a moment, or no answer in time) is tried again at the
    // next beat; the lease is three beats long.
    const beat = setInterval(() => {
      void this.#run(`renewing the refresh lock of user ${userId}`, (redis) => redis.eval(renewScript, 1, key, owner, lease)).catch(() => undefined);
    }, Math.max(1, Math.floor(this.#leaseMs / 3)));
    beat.unref();
    this.#holding.add(userId);
    try {
      return await work();
    } finally {
      this.#holding.delete(userId);
      clearInterval(beat);
      await this.#release(userId, key, owner);
    }
  }

  /**
   * Releases the lock `owner` holds, if it still does. Redis away or silent: the lock lapses after
   * its lease instead (a release sent without an answer may still be made, before that).
   */
  async #release(userId: string, key: string, owner: string): Promise<void> {
    await this.#run(`releasing the refresh lock of user ${userId}`, (redis) => redis.eval(releaseScript, 1, key, owner)).catch(() => undefined);
  }

  async #acquire(userId: string, key: string, owner: string): Promise<void> {
    const deadline = Date.now() + this.#lockTimeoutMs;
    for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
      // A lock taken after its caller gave up waiting for the answer is nobody's: released as soon
      // as that answer comes, so that other processes do not wait out its lease.
      const taken = await this.#run(
        `taking the refresh lock of user ${userId}`,
        (redis) => redis.set(key, owner, 'PX', this.#leaseMs, 'NX'),
        (late) => {
          if (late === 'OK') void this.#release(userId, key, owner);
        },
      );
      if (taken === 'OK') return;
      if (Date.now() >= deadline) {
        throw new PlatformError(
          `Timed out after ${this.#lockTimeoutMs} ms waiting for the refresh lock of user ${userId} in Redis at ${this.#connection.address}: another process holds it.`,
        );
      }
      // Jitter, so that waiters of several processes do not poll in step.
      await sleep(Math.min(delay + Math.random() * delay, Math.max(1, deadline - Date.now())));
    }
  }

  /** The value to store for a token's JSON: the JSON itself, or its encrypted text. */
  async #encrypt(userId: string, json: string): Promise<string> {
    const encryption = this.#encryption;
    if (!encryption) return json;
    let text: unknown;
    try {
      text = await encryption.encrypt(json);
    } catch (error) {
      throw new PlatformError(`redisTokenStore(): encrypt failed for the token of user ${userId}, so it was not saved.`, { cause: error });
    }
    if (typeof text !== 'string' || text === '') throw new PlatformError(`redisTokenStore(): encrypt must return a non-empty string; the token of user ${userId} was not saved.`);
    return text;
  }

  /** The token of a stored value: the value's JSON, decrypted first with `encryption`. */
  async #tokenOf(userId: string, value: string): Promise<UserToken> {
    const encryption = this.#encryption;
    if (!encryption) return this.#parse(userId, value);
    const failed = (what: string, cause?: unknown) =>
      new PlatformError(
        `The token of user ${userId} in Redis at ${this.#connection.address} (${this.#hash}) could not be decrypted: ${what} (a wrong key, or a value not written with this encryption).`,
        cause === undefined ? undefined : { cause },
      );
    let text: unknown;
    try {
      text = await encryption.decrypt(value);
    } catch (error) {
      throw failed('decrypt failed', error);
    }
    if (typeof text !== 'string') throw failed('decrypt did not return a string');
    try {
      return this.#parse(userId, text);
    } catch {
      throw failed('decrypt gave something that is not its token');
    }
  }

  #parse(userId: string, text: string): UserToken {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const token = value as Partial<UserToken> | undefined;
    if (
      typeof token !== 'object' ||
      token === null ||
      token.userId !== userId ||
      typeof token.accessToken !== 'string' ||
      !Array.isArray(token.scopes) ||
      !token.scopes.every((scope) => typeof scope === 'string')
    ) {
      throw new PlatformError(`Redis at ${this.#connection.address} holds an invalid token for user ${userId} in ${this.#hash}; repair or delete that field.`);
    }
    return token as UserToken;
  }
}
