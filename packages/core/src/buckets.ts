import type { Clock } from './clock';
import { PlatformRateLimitError } from './errors/rate-limit-error';
import type { EventHub } from './events';
import type { RateLimitState } from './types';

/** What a waiting or refused request needs to say about itself. */
export interface BucketRequest {
  method: string;
  path: string;
  url: string;
  signal?: AbortSignal | undefined;
}

/**
 * The client's copies of the platform's per-token rate-limit buckets (`app`, `user:<id>`,
 * `raw:<fingerprint>`), following the spec's rules:
 * - after each response the bucket records limit, remaining and reset; within a window the lowest
 *   count is trusted (answers to parallel requests arrive in any order);
 * - before each attempt one point is taken from the local copy, so parallel requests cannot
 *   overshoot; the next response headers correct the count;
 * - at zero a request waits until the reset (`wait`) or is refused unsent (`throw`);
 * - once the reset time has passed the bucket is forgotten until the platform reports again.
 */
export class RateLimitBuckets {
  readonly #states = new Map<string, RateLimitState>();
  /** Requests that took a point and have no answer yet, per bucket. */
  readonly #inFlight = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly mode: 'wait' | 'throw',
    private readonly events: EventHub,
  ) {}

  /** The bucket's state, or undefined when unknown or past its reset. */
  state(name: string): RateLimitState | undefined {
    const state = this.#states.get(name);
    if (state && this.clock.now() >= state.resetAt) {
      this.#states.delete(name);
      return undefined;
    }
    return state;
  }

  /** Takes one point before an attempt, waiting for the reset (or throwing) when there is none. */
  async take(name: string, request: BucketRequest): Promise<void> {
    for (;;) {
      const state = this.state(name);
      if (!state || state.remaining > 0) {
        if (state) state.remaining--;
        this.#inFlight.set(name, (this.#inFlight.get(name) ?? 0) + 1);
        return;
      }
      if (this.mode === 'throw') {
        throw new PlatformRateLimitError(`Rate limit reached for ${request.method} ${request.path}.`, {
          method: request.method,
          url: request.url,
          resetAt: state.resetAt,
          now: () => this.clock.now(),
        });
      }
      const wait = state.resetAt - this.clock.now();
      this.events.emit('rateLimit', { bucket: name, wait });
      await this.clock.sleep(wait, request.signal);
    }
  }

  /** The attempt ended without an answer: its point stays spent, it is no longer in flight. */
  release(name: string): void {
    const count = this.#inFlight.get(name) ?? 0;
    if (count <= 1) this.#inFlight.delete(name);
    else this.#inFlight.set(name, count - 1);
  }

  /** Records the `Ratelimit-*` headers of an answer to a request that took a point from `name`. */
  record(name: string, headers: Headers): void {
    this.release(name);
    const limit = Number(headers.get('ratelimit-limit') ?? Number.NaN);
    const remaining = Number(headers.get('ratelimit-remaining') ?? Number.NaN);
    const reset = Number(headers.get('ratelimit-reset') ?? Number.NaN);
    if (!Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(reset)) return;
    this.#update(name, limit, remaining, reset * 1000);
  }

  /** Marks a bucket empty until `resetAt` (epoch ms), after a 429 that said so. */
  markEmpty(name: string, resetAt: number, limit?: number): void {
    this.#update(name, limit ?? this.#states.get(name)?.limit ?? 0, 0, resetAt);
  }

  #update(name: string, limit: number, remaining: number, resetAt: number): void {
    const state = this.state(name);
    if (!state) {
      if (resetAt <= this.clock.now()) return;
      // Requests still in flight were sent without a known count: they will spend points too.
      const others = this.#inFlight.get(name) ?? 0;
      this.#states.set(name, { limit, remaining: Math.max(0, remaining - others), resetAt });
      return;
    }
    state.limit = limit;
    state.remaining = Math.min(state.remaining, remaining);
    state.resetAt = Math.max(state.resetAt, resetAt);
  }
}
