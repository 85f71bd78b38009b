import type { CallTarget } from './authenticator';
import { abortable, type Clock } from './clock';
import { PlatformRateLimitError } from './errors/rate-limit-error';
import type { RateLimitEvent } from './events';
import type { RateLimitState } from './types';

/** The request a waiting or refused call makes: its method and path, as messages name them. */
export type RateLimitTarget = Pick<CallTarget, 'method' | 'path'>;

/** An answer's headers as a bucket store reads them (`Ratelimit-Limit`, `-Remaining`, `-Reset`). */
export interface RateLimitHeaders {
  /** The value of a header by its name (any case), or null when the answer has none. */
  get(name: string): string | null;
}

/**
 * Where a client keeps its rate-limit buckets (`app`, `user:<id>`, `raw:<fingerprint>`): the
 * `buckets` option's port. The default keeps them in the client's memory; `redisBuckets()` of
 * `@platform/redis-store` shares them between every process that uses the same token. The
 * pipeline calls, for each attempt: `take` before sending (the only step that may wait), then
 * `record` with the answer's headers, or `release` when the attempt ended without an answer.
 */
export interface RateLimitBucketStore {
  /**
   * Takes one point from bucket `name` before an attempt of a call to `target` (`url` in full).
   * Returns nothing when a point was taken at once (the in-memory store's usual case, free of
   * promises), or a promise that settles once one was taken (a shared store asks its server).
   * With `rateLimit: 'wait'` an empty bucket waits for its reset (emitting `rateLimit`, cancelled
   * by `signal`); with `'throw'` it throws (or rejects) with a PlatformRateLimitError. A store
   * that cannot take a point (its server is away) rejects with a PlatformError: the call fails
   * unsent.
   */
  take(name: string, target: RateLimitTarget, url: string, signal: AbortSignal | undefined): Promise<void> | undefined;
  /**
   * The attempt ended without an answer: its point stays spent, it is no longer in flight. A shared
   * store writes this in the background (what it cannot write must expire by itself).
   */
  release(name: string): void;
  /**
   * Records the `Ratelimit-*` headers of an answer to an attempt that took a point from `name`
   * (`limited` for a 429), which is then no longer in flight. For a 429 that leaves no points (or
   * gives no count at all) the bucket is empty until the reset: that reset (epoch ms) is returned,
   * and undefined for any other answer. Synchronous: the reset is in the headers themselves, and a
   * shared store writes the report in the background, so the call's path waits for nothing here.
   */
  record(name: string, headers: RateLimitHeaders, limited: boolean): number | undefined;
  /**
   * The bucket's state as last known to this process, less what is in flight; undefined when
   * unknown or past its reset. Synchronous: a shared store answers from its last copy.
   */
  state(name: string): RateLimitState | undefined;
}

/** What a `buckets` factory receives from the client it serves. */
export interface RateLimitBucketContext {
  /** The application's client ID (an app token's budget is per client ID, a user's per user and client). */
  readonly clientId: string;
  /** The client's clock: waits go through its `sleep`, times are compared with its `now`. */
  readonly clock: Clock;
  /** What a call does when its bucket is empty: wait for the reset or throw. */
  readonly rateLimit: 'wait' | 'throw';
  /** The client's default timeout of one attempt (ms); a call may give another. */
  readonly timeout: number;
  /** Emits the client's `rateLimit` event, once per wait for a reset. */
  readonly events: {
    /** Tells the client's `rateLimit` listeners about a wait. */
    emit(name: 'rateLimit', event: RateLimitEvent): void;
  };
}

/**
 * The `buckets` option: builds a client's rate-limit bucket store. Without it the client keeps
 * its buckets in memory.
 */
export type RateLimitBucketsFactory = (context: RateLimitBucketContext) => RateLimitBucketStore;

interface Bucket {
  limit: number;
  /**
   * The lowest count the platform reported in the current window (`limit` after a refill,
   * infinite while the platform never reported).
   */
  lowest: number;
  /** Epoch ms when the bucket is full again; undefined once that has passed and no report came since. */
  resetAt: number | undefined;
  /** Requests that took a point and have no answer yet. */
  inFlight: number;
  /** Calls waiting for the next answer with this token (the refilled budget is spent). */
  waiters: Set<() => void>;
}

/**
 * The client's copies of the platform's per-token rate-limit buckets (`app`, `user:<id>`,
 * `raw:<fingerprint>`), by these rules:
 * - after each response the bucket records limit, remaining and reset; within a window the lowest
 *   count is trusted (answers to parallel requests arrive in any order), and an answer with a
 *   later reset opens a new window (the platform's bucket refills over time);
 * - before each attempt one point is taken: the points left are the lowest reported count less
 *   the requests still in flight, so parallel requests cannot overshoot, and the next answer
 *   corrects the count;
 * - at zero a request waits until the reset (`wait`) or is refused unsent (`throw`);
 * - once the reset time has passed the bucket's state is forgotten (`rateLimitOf()` gives
 *   undefined) until the platform reports again.
 *
 * At the reset the platform's bucket is full again, so the local copy refills to `limit` rather
 * than letting every held call go at once: calls past `limit` wait for the next answer's headers.
 */
export class RateLimitBuckets implements RateLimitBucketStore {
  readonly #buckets = new Map<string, Bucket>();
  readonly #clock: Clock;
  readonly #mode: 'wait' | 'throw';
  readonly #events: RateLimitBucketContext['events'];

  constructor(clock: Clock, mode: 'wait' | 'throw', events: RateLimitBucketContext['events']) {
    this.#clock = clock;
    this.#mode = mode;
    this.#events = events;
  }

  /** The bucket's state as last reported, less what is in flight; undefined when unknown or past its reset. */
  state(name: string): RateLimitState | undefined {
    const bucket = this.#current(name);
    if (bucket?.resetAt === undefined) return undefined;
    return { limit: bucket.limit, remaining: Math.max(0, bucket.lowest - bucket.inFlight), resetAt: bucket.resetAt };
  }

  #current(name: string, now = this.#clock.now()): Bucket | undefined {
    const bucket = this.#buckets.get(name);
    if (bucket?.resetAt !== undefined && now >= bucket.resetAt) {
      bucket.resetAt = undefined;
      bucket.lowest = bucket.limit;
    }
    return bucket;
  }

  /**
   * Takes one point before an attempt of a call to `target` (`url` in full). Returns nothing when
   * a point was free (the usual case, kept free of promises), or a promise that settles once one
   * was taken after waiting for the reset (`signal` cancels the wait); throws (or rejects) with
   * `rateLimit: 'throw'`.
   */
  take(name: string, target: RateLimitTarget, url: string, signal: AbortSignal | undefined): Promise<void> | undefined {
    return this.#tryTake(name) ? undefined : this.#waitAndTake(name, target, url, signal);
  }

  #tryTake(name: string): boolean {
    const bucket = this.#current(name);
    if (!bucket) {
      // An unknown bucket limits nothing until the platform reports; it tracks what is in flight.
      this.#buckets.set(name, { limit: 0, lowest: Infinity, resetAt: undefined, inFlight: 1, waiters: new Set() });
      return true;
    }
    if (bucket.lowest - bucket.inFlight <= 0) return false;
    bucket.inFlight++;
    return true;
  }

  async #waitAndTake(name: string, target: RateLimitTarget, url: string, signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      if (this.#tryTake(name)) return;
      const bucket = this.#buckets.get(name)!;
      if (bucket.resetAt === undefined && bucket.inFlight === 0) {
        // The refilled budget is spent and no answer is coming to report the new count.
        this.#buckets.delete(name);
        continue;
      }
      if (this.#mode === 'throw') {
        throw new PlatformRateLimitError(`Rate limit reached for ${target.method} ${target.path}.`, {
          method: target.method,
          url,
          resetAt: bucket.resetAt,
          now: () => this.#clock.now(),
        });
      }
      if (bucket.resetAt === undefined) {
        await abortable(signal, (wake) => {
          bucket.waiters.add(wake);
          return () => bucket.waiters.delete(wake);
        });
        continue;
      }
      const wait = bucket.resetAt - this.#clock.now();
      this.#events.emit('rateLimit', { bucket: name, wait });
      await this.#clock.sleep(wait, signal);
    }
  }

  /** The attempt ended without an answer: its point stays spent, it is no longer in flight. */
  release(name: string): void {
    const bucket = this.#buckets.get(name);
    if (!bucket) return;
    bucket.inFlight = Math.max(0, bucket.inFlight - 1);
    // A bucket the platform never reported on holds nothing worth keeping once idle.
    if (bucket.inFlight === 0 && bucket.resetAt === undefined && bucket.lowest === Infinity) this.#buckets.delete(name);
    // Calls waiting for the next report try again (the report, if any, was recorded before).
    // Only when some wait: `for...of` makes an iterator, and `clear()` a new table, on every answer otherwise.
    if (bucket.waiters.size) {
      for (const wake of bucket.waiters) wake();
      bucket.waiters.clear();
    }
  }

  /**
   * Records the `Ratelimit-*` headers of an answer to a request that took a point from `name`.
   * For a 429 (`limited`) that leaves no points (or gives no count at all) the bucket is empty
   * until the reset: that reset (epoch ms) is returned, and undefined for any other answer.
   */
  record(name: string, headers: RateLimitHeaders, limited = false): number | undefined {
    // A missing header reads as NaN (a bare `+null` would be 0); `+` is `Number()` in fewer bytes.
    const limit = +(headers.get('ratelimit-limit') ?? NaN);
    const count = headers.get('ratelimit-remaining');
    const remaining = +(count ?? NaN);
    const resetAt = +(headers.get('ratelimit-reset') ?? NaN) * 1000;
    let emptyUntil: number | undefined;
    if (Number.isFinite(resetAt)) {
      if (Number.isFinite(limit) && Number.isFinite(remaining)) this.#report(name, limit, remaining, resetAt);
      // A 429 that leaves no points (or gives no count at all) means the token's bucket is empty.
      if (limited && (count === null || remaining <= 0)) {
        emptyUntil = resetAt;
        this.#report(name, limit || (this.#buckets.get(name)?.limit ?? 0), 0, resetAt);
      }
    }
    this.release(name);
    return emptyUntil;
  }

  #report(name: string, limit: number, remaining: number, resetAt: number): void {
    const now = this.#clock.now();
    if (resetAt <= now) return;
    const bucket = this.#current(name, now);
    if (!bucket) {
      this.#buckets.set(name, { limit, lowest: remaining, resetAt, inFlight: 0, waiters: new Set() });
      return;
    }
    if (bucket.resetAt === undefined || resetAt > bucket.resetAt) {
      // A later reset: the platform's bucket has refilled since, this is a newer window.
      bucket.limit = limit;
      bucket.lowest = remaining;
      bucket.resetAt = resetAt;
    } else if (resetAt === bucket.resetAt) {
      // The same window, answers in any order: the lowest count is the truest.
      bucket.lowest = Math.min(bucket.lowest, remaining);
    }
    // An earlier reset is an answer from an older window arriving late: nothing new in it.
  }
}
