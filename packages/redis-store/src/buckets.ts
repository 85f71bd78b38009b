import {
  PlatformError,
  PlatformRateLimitError,
  type RateLimitBucketContext,
  type RateLimitBucketStore,
  type RateLimitHeaders,
  type RateLimitState,
  type RateLimitTarget,
} from '@platform/core';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { RedisConnection, commandTimeout, type RedisConnectionOptions } from './connection';

/**
 * The state of a bucket in Redis, a hash under `<prefix>bucket:{<clientId>:<bucket>}`:
 * - `limit`, `lowest` (the lowest count reported in the current window), `reset` (epoch ms, as the
 *   platform reported it); no hash at all while the platform never reported;
 * - beside it, `...:flight`, a sorted set of the attempts in flight (member: an attempt's ID,
 *   score: the time after which it no longer counts, so the points of a process that died
 *   mid-request come back).
 *
 * Both scripts get the caller's clock (`ARGV[1]`): reset times come from the platform, and the
 * client compares them with its own clock, as the in-memory buckets do. A script replies
 * `{ limit, lowest, reset, inFlight }` (-1 for unknown), and `take` puts whether it took first.
 */
const stateOf = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local inflight = redis.call('ZCARD', KEYS[2])
local saved = redis.call('HMGET', KEYS[1], 'limit', 'lowest', 'reset')
local limit, lowest, reset = tonumber(saved[1]), tonumber(saved[2]), tonumber(saved[3])
local changed = false
if lowest and reset and now >= reset then
  -- The reset has passed: the platform's bucket is full again. The copy refills to its limit
  -- (so held calls go up to the limit, not all at once) and has no reset until the next report.
  lowest, reset, changed = limit, nil, true
end
`;

const save = `
local function save()
  if lowest == nil then return end
  redis.call('HSET', KEYS[1], 'limit', limit, 'lowest', lowest)
  if reset then
    redis.call('HSET', KEYS[1], 'reset', reset)
    redis.call('PEXPIRE', KEYS[1], math.floor(reset - now) + tonumber(ARGV[#ARGV]))
  else
    redis.call('HDEL', KEYS[1], 'reset')
  end
end
`;

/** ARGV: now, attempt ID, its deadline, the flight set's expiry (ms), the bucket's keep (ms). */
const takeScript = `${stateOf}${save}
local took = 0
if lowest == nil then
  -- Never reported: one attempt at a time until the platform reports its budget, so that a burst
  -- from every process at once cannot overshoot a budget nobody knows yet.
  if inflight == 0 then took = 1 end
elseif lowest - inflight > 0 then
  took = 1
elseif reset == nil and inflight == 0 then
  -- The refilled budget is spent and no answer is coming to report the new count: start over.
  redis.call('DEL', KEYS[1])
  limit, lowest, took, changed = nil, nil, 1, false
end
if changed then save() end
if took == 1 then
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  inflight = inflight + 1
end
return { took, limit or -1, lowest or -1, reset or -1, inflight }
`;

/**
 * ARGV: now, attempt ID, reset (epoch ms or ''), limit (or ''), remaining (or ''), '1' when the
 * answer is a 429 that leaves no points, the bucket's keep (ms).
 */
const recordScript = `
redis.call('ZREM', KEYS[2], ARGV[2])
${stateOf}${save}
local function report(newLimit, remaining, at)
  -- A reset already passed reports a window that is over.
  if at <= now then return end
  if lowest == nil or reset == nil or at > reset then
    -- A later reset: the platform's bucket has refilled since, this is a newer window.
    limit, lowest, reset = newLimit, remaining, at
  elseif at == reset then
    -- The same window, answers in any order: the lowest count is the truest.
    lowest = math.min(lowest, remaining)
  end
  -- An earlier reset is an answer from an older window arriving late: nothing new in it.
end
local at = tonumber(ARGV[3])
if at then
  local newLimit, remaining = tonumber(ARGV[4]), tonumber(ARGV[5])
  if newLimit and remaining then report(newLimit, remaining, at) end
  if ARGV[6] == '1' then
    if newLimit == nil or newLimit == 0 then newLimit = limit or 0 end
    report(newLimit, 0, at)
  end
end
save()
return { limit or -1, lowest or -1, reset or -1, inflight }
`;

/** A script and its SHA1, run with EVALSHA (EVAL when the server does not know it yet). */
interface Script {
  readonly source: string;
  readonly sha: string;
}

const script = (source: string): Script => ({ source, sha: createHash('sha1').update(source).digest('hex') });

async function evaluate(redis: Redis, { source, sha }: Script, keys: readonly string[], args: readonly (string | number)[]): Promise<number[]> {
  try {
    return (await redis.evalsha(sha, keys.length, ...keys, ...args)) as number[];
  } catch (error) {
    // A server restarted (or another one) has no scripts loaded: EVAL loads it.
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return (await redis.eval(source, keys.length, ...keys, ...args)) as number[];
  }
}

/** A bucket as this process last read or wrote it. */
interface Copy {
  limit: number;
  /** -1 while the platform never reported. */
  lowest: number;
  /** -1 when no reset is known. */
  resetAt: number;
  inFlight: number;
}

/** Options of `redisBuckets()`: the connection, how long a point may wait for Redis's answer, and how long an attempt's point stays in flight. */
export interface RedisBucketsOptions extends RedisConnectionOptions {
  /**
   * How long taking a rate-limit point waits for Redis's answer before the call rejects, unsent,
   * with a `PlatformError` (a Redis that hangs keeps its connection open and would never answer).
   * Default 2 000 ms.
   */
  timeoutMs?: number | undefined;
  /**
   * Milliseconds after which an attempt that took a point no longer counts as in flight when no
   * answer was recorded (its process died mid-request). Default: twice the client's `timeout`
   * (30 s with the default timeout); keep it longer than any call's timeout.
   */
  inFlightLease?: number | undefined;
}

/**
 * What `redisBuckets()` returns: the `buckets` option's factory, and `close()` for the connection it
 * opened from a `url` (a `client` of your own is left open).
 */
export interface RedisBuckets {
  /** Builds the bucket store of one client (called by the client with its context). */
  (context: RateLimitBucketContext): RateLimitBucketStore;
  /** Closes the connection opened from `url` (cut after `timeoutMs` when Redis does not answer); calls made afterwards fail. */
  close(): Promise<void>;
}

/** How long a bucket outlives its reset in Redis (refilled, waiting for the next report). */
const keepAfterReset = 600_000;
/** Pause between two looks at a bucket while an answer from another attempt is awaited. */
const pollMs = 20;

/**
 * Rate-limit buckets shared through Redis by every process (and machine) that uses the same
 * tokens: pass it as the `buckets` option (`new Platform({ buckets: redisBuckets({ url }) })` or
 * `createClient`). Taking a point and recording an answer's headers each run as one script in
 * Redis, by the rules of the client's in-memory buckets (lowest count within a window, a later
 * reset opens a new window, forgotten after the reset, points in flight counted), so processes
 * that share a token never send more than the platform's budget. Buckets are keyed by client ID
 * and token (`app`, `user:<id>`, `raw:<fingerprint>`). A bucket the platform has never reported
 * on lets one attempt through at a time until the first answer gives its budget.
 *
 * While Redis is away, calls fail at once, unsent, with a PlatformError naming the address without
 * its password, and work again once it is back; an answer that arrives while Redis is away is
 * still returned (its point expires after `inFlightLease`). A Redis that hangs with its connection
 * open fails the call the same way once `timeoutMs` (2 s by default) has passed without its answer
 * (`... failed while taking a rate-limit point: no answer within 2000 ms`); a point Redis takes
 * after that is given back as soon as its late answer comes (it expires after `inFlightLease`
 * otherwise), so it holds up no other call for longer than Redis hangs.
 *
 * @throws PlatformError for bad options (neither or both of `url` and `client`, a bad `url`, a
 * bad `inFlightLease`, a `timeoutMs` that is not a positive number).
 * @example
 * const buckets = redisBuckets({ url: process.env.REDIS_URL });
 * const client = new Platform({ clientId, clientSecret, tokens, buckets });
 * // at shutdown
 * await buckets.close();
 */
export function redisBuckets(options: RedisBucketsOptions): RedisBuckets {
  const connection = new RedisConnection(options, 'redisBuckets()');
  const lease = options?.inFlightLease;
  if (lease !== undefined && !(typeof lease === 'number' && Number.isFinite(lease) && lease > 0)) {
    throw new PlatformError(`redisBuckets(): inFlightLease must be a positive number of milliseconds; got ${String(lease)}.`);
  }
  const timeoutMs = commandTimeout(options.timeoutMs, 'redisBuckets()');
  const factory = (context: RateLimitBucketContext) => new RedisBucketStore(connection, context, lease ?? context.timeout * 2, timeoutMs);
  return Object.assign(factory, { close: () => connection.close(timeoutMs) });
}

const takeLua = script(takeScript);
const recordLua = script(recordScript);

/** One client's view of the shared buckets. */
class RedisBucketStore implements RateLimitBucketStore {
  readonly #connection: RedisConnection;
  readonly #context: RateLimitBucketContext;
  readonly #lease: number;
  readonly #timeoutMs: number;
  readonly #keyPrefix: string;
  /** The last copy of each bucket this process read or wrote, for `state()`. */
  readonly #copies = new Map<string, Copy>();
  /** This process's attempts in flight per bucket, oldest first. */
  readonly #mine = new Map<string, string[]>();
  readonly #idPrefix = randomBytes(6).toString('hex');
  #count = 0;

  constructor(connection: RedisConnection, context: RateLimitBucketContext, lease: number, timeoutMs: number) {
    this.#connection = connection;
    this.#context = context;
    this.#lease = lease;
    this.#timeoutMs = timeoutMs;
    this.#keyPrefix = `${connection.prefix}bucket:`;
  }

  #keys(name: string): [string, string] {
    // One hash tag for both keys: a script's keys must live in one slot of a Redis Cluster.
    const bucket = `${this.#keyPrefix}{${this.#context.clientId}:${name}}`;
    return [bucket, `${bucket}:flight`];
  }

  state(name: string): RateLimitState | undefined {
    const copy = this.#copies.get(name);
    if (!copy || copy.lowest < 0 || copy.resetAt < 0 || this.#context.clock.now() >= copy.resetAt) return undefined;
    return { limit: copy.limit, remaining: Math.max(0, copy.lowest - copy.inFlight), resetAt: copy.resetAt };
  }

  async take(name: string, target: RateLimitTarget, url: string, signal: AbortSignal | undefined): Promise<void> {
    const { clock, rateLimit, events } = this.#context;
    for (;;) {
      const now = clock.now();
      const id = `${this.#idPrefix}:${++this.#count}`;
      // A point taken after the call gave up waiting for the answer is given back when that
      // answer comes, so that it holds up no other attempt until its lease ends.
      const [took, ...state] = await this.#connection.run(
        'taking a rate-limit point',
        (redis) => evaluate(redis, takeLua, this.#keys(name), [now, id, now + this.#lease, this.#lease, keepAfterReset]),
        this.#timeoutMs,
        ([late]) => {
          if (late === 1) this.#withdraw(name, id);
        },
      );
      const copy = this.#remember(name, state);
      if (took === 1) {
        const mine = this.#mine.get(name);
        if (mine) mine.push(id);
        else this.#mine.set(name, [id]);
        return;
      }
      // Known empty: wait for its reset, or refuse. Otherwise an answer is on its way (the first
      // attempt on an unknown bucket, or the refilled budget is in flight): look again shortly.
      const known = copy.lowest >= 0;
      if (known && rateLimit === 'throw') {
        throw new PlatformRateLimitError(`Rate limit reached for ${target.method} ${target.path}.`, {
          method: target.method,
          url,
          resetAt: copy.resetAt < 0 ? undefined : copy.resetAt,
          now: () => clock.now(),
        });
      }
      if (known && copy.resetAt >= 0) {
        const wait = copy.resetAt - now;
        events.emit('rateLimit', { bucket: name, wait });
        await clock.sleep(wait, signal);
      } else {
        await clock.sleep(pollMs * (0.5 + clock.random()), signal);
      }
    }
  }

  #remember(name: string, [limit, lowest, resetAt, inFlight]: number[]): Copy {
    const copy: Copy = { limit: limit!, lowest: lowest!, resetAt: resetAt!, inFlight: inFlight! };
    this.#copies.set(name, copy);
    return copy;
  }

  /** The ID of this process's oldest attempt in flight on `name` (any of them will do). */
  #settle(name: string): string {
    return this.#mine.get(name)?.shift() ?? '';
  }

  /**
   * Sent without waiting for Redis: this process's next command on the connection runs after it,
   * and what Redis cannot take back (it is away) leaves the flight set when its lease ends.
   */
  release(name: string): void {
    this.#withdraw(name, this.#settle(name));
  }

  /** Takes attempt `id` out of the flight of `name`, without waiting for Redis. */
  #withdraw(name: string, id: string): void {
    const [, flight] = this.#keys(name);
    this.#connection.run('releasing a rate-limit point', (redis) => redis.zrem(flight, id), this.#timeoutMs).catch(ignore);
  }

  /**
   * Returns at once: the reset of an emptied bucket is in the headers themselves. The script that
   * records them is sent without waiting for its reply (this process's next take on the connection
   * runs after it, so the call's path pays no round trip for it); `state()` follows its reply.
   */
  record(name: string, headers: RateLimitHeaders, limited: boolean): number | undefined {
    const id = this.#settle(name);
    const limit = Number(headers.get('ratelimit-limit') ?? NaN);
    const count = headers.get('ratelimit-remaining');
    const remaining = Number(count ?? NaN);
    const resetAt = Number(headers.get('ratelimit-reset') ?? NaN) * 1000;
    // A 429 that leaves no points (or gives no count at all) means the token's bucket is empty.
    const empty = Number.isFinite(resetAt) && limited && (count === null || remaining <= 0);
    const finite = (value: number) => (Number.isFinite(value) ? value : '');
    const remember = (state: number[]) => {
      this.#remember(name, state);
    };
    this.#connection
      .run(
        'recording a rate limit',
        (redis) => evaluate(redis, recordLua, this.#keys(name), [this.#context.clock.now(), id, finite(resetAt), finite(limit), finite(remaining), empty ? '1' : '0', keepAfterReset]),
        this.#timeoutMs,
        // A late reply still comes before that of any take sent after it: the copy stays in order.
        remember,
      )
      // Redis away: the answer is here all the same, and the next answer corrects the count.
      .then(remember, ignore);
    return empty ? resetAt : undefined;
  }
}

const ignore = () => {};
