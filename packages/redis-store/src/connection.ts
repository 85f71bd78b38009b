import { PlatformError } from '@platform/core';
import { Redis } from 'ioredis';

/** Where the Redis server is, shared by `redisTokenStore()`, `redisBuckets()` and `redisDedupe()`. */
export interface RedisConnectionOptions {
  /**
   * The server's address, `redis://[[user]:password@]host[:port][/db]` (or `rediss://` for TLS).
   * The package opens its own connection and closes it with `close()`.
   */
  url?: string | undefined;
  /**
   * A client of your own (an ioredis `Redis`), used as it is and never closed by this package.
   * Give either `url` or `client`.
   */
  client?: Redis | undefined;
  /** Prepended to every key this package writes; default `platform:`. */
  prefix?: string | undefined;
}

/**
 * One Redis connection as this package uses it: commands fail fast while the server is away
 * (no offline queue, so no call hangs), the connection is retried in the background, and every
 * failure becomes a `PlatformError` that names the server's address without its password.
 * @internal
 */
export class RedisConnection {
  /** The ioredis client. */
  readonly redis: Redis;
  /** The key prefix. */
  readonly prefix: string;
  /** The server's address as messages name it: no user name, no password. */
  readonly address: string;
  readonly #owned: boolean;
  /** The first connection while it is being made, awaited by every command sent meanwhile. */
  #connecting: Promise<void> | undefined;

  constructor(options: RedisConnectionOptions, what: string) {
    if (typeof options !== 'object' || options === null) throw new PlatformError(`${what} needs { url } or { client }.`);
    const { url, client, prefix = 'platform:' } = options;
    if ((url === undefined) === (client === undefined)) throw new PlatformError(`${what} needs either url or client, not both.`);
    if (typeof prefix !== 'string') throw new PlatformError(`${what}: prefix must be a string.`);
    this.prefix = prefix;
    if (client !== undefined) {
      if (typeof client !== 'object' || client === null || typeof (client as { evalsha?: unknown }).evalsha !== 'function') {
        throw new PlatformError(`${what}: client must be an ioredis client.`);
      }
      this.redis = client;
      this.address = describeClient(client);
      this.#owned = false;
      return;
    }
    if (typeof url !== 'string' || !/^rediss?:\/\//.test(url)) {
      throw new PlatformError(`${what}: url must be a redis:// or rediss:// address.`);
    }
    this.address = safeAddress(url);
    this.redis = new Redis(url, {
      lazyConnect: true,
      // While the server is away, commands reject at once instead of waiting in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      // Reconnect in the background: 50 ms, 100 ms... at most 1 s apart, for ever.
      retryStrategy: (times) => Math.min(times * 50, 1_000),
    });
    // Errors are reported through the commands that fail; an unhandled 'error' event would
    // otherwise be printed by ioredis for every reconnect attempt.
    this.redis.on('error', () => {});
    this.#owned = true;
  }

  /**
   * Runs `command` once the connection is up. A server that cannot be reached, or a command that
   * fails, rejects with a PlatformError naming `doing` and the address (the cause holds the
   * original error, without the command's arguments: they may hold a token). With `timeoutMs`, a
   * server that does not answer within that time (a hung server keeps its connection open, and
   * the command would wait for ever) rejects the same way; the command may still run later, and
   * `late` then gets its answer, if any comes (to undo what the caller gave up on).
   */
  async run<T>(doing: string, command: (redis: Redis) => Promise<T>, timeoutMs?: number, late?: (answer: T) => void): Promise<T> {
    try {
      const sent = this.#send(command);
      return await (timeoutMs === undefined ? sent : bounded(sent, timeoutMs, late));
    } catch (error) {
      throw new PlatformError(`Redis at ${this.address} failed while ${doing}: ${reason(error)}`, { cause: withoutArguments(error) });
    }
  }

  async #send<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    // Commands sent while the first connection is made wait for it (without an offline queue they
    // would fail); once it is made, or has failed, commands go (or fail) at once.
    if (this.redis.status === 'wait') this.#connecting = this.redis.connect().finally(() => (this.#connecting = undefined));
    if (this.#connecting) await this.#connecting;
    return await command(this.redis);
  }

  /**
   * Closes a connection this package opened; a client given by the user is left open. A server that
   * does not answer the QUIT within `timeoutMs` (a hung one) has the connection cut instead.
   */
  async close(timeoutMs = 2_000): Promise<void> {
    if (!this.#owned) return;
    if (this.redis.status === 'end') return;
    try {
      await bounded(this.redis.quit(), timeoutMs);
    } catch {
      this.redis.disconnect();
    }
  }
}

/** The address without credentials: `redis://host:port/db`. */
export function safeAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an address that is not a valid URL';
  }
}

function describeClient(client: Redis): string {
  const { host, port, db } = client.options ?? {};
  return host ? `redis://${host}:${port ?? 6379}${db ? `/${db}` : ''}` : 'the given client';
}

/**
 * `work`, or a rejection once `ms` have passed without its answer: its late answer then goes to
 * `late` (a late failure is dropped).
 */
function bounded<T>(work: Promise<T>, ms: number, late?: (answer: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (late) work.then(late).catch(() => undefined);
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
}

/**
 * The error as ioredis gave it, without the `command.args` it attaches to a reply error or an
 * aborted command (a saved token, a message ID): only the command's name stays.
 */
function withoutArguments(error: unknown): unknown {
  const failed = error as { command?: { name?: unknown; args?: unknown } } | null;
  if (typeof failed === 'object' && failed !== null && typeof failed.command === 'object' && failed.command !== null) {
    failed.command = { name: failed.command.name };
  }
  return error;
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message || 'unknown error';
}

/**
 * The `timeoutMs` option of a store whose every command must answer in time (2 000 ms by
 * default), rounded up to whole milliseconds.
 *
 * @throws {PlatformError} `<owner>: timeoutMs must be a positive number of milliseconds; got <value>.`
 */
export function commandTimeout(value: number | undefined, owner: string): number {
  const timeoutMs = value ?? 2_000;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new PlatformError(`${owner}: timeoutMs must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
  }
  return Math.ceil(timeoutMs);
}
