import { HttpError } from './http';

interface Window {
  remaining: number;
  resetAt: number;
}

/**
 * The platform's per-token budget (a window of `budget` points per `windowMs`), reported in
 * `Ratelimit-*` headers, and the endpoint-specific limits that answer 429 while the token's
 * bucket still has points.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Window>();
  readonly #endpoints = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    /** The per-token budget: points per window. */
    public budget = 800,
    /** The window, in milliseconds. */
    public windowMs = 60_000,
  ) {}

  #window(key: string): Window {
    const now = this.now();
    let window = this.#buckets.get(key);
    if (!window || now >= window.resetAt) {
      window = { remaining: this.budget, resetAt: now + this.windowMs };
      this.#buckets.set(key, window);
    }
    return window;
  }

  /** Takes a point for `key`: the headers to send, or a 429 HttpError when the bucket is spent. */
  take(key: string): Record<string, string> {
    const window = this.#window(key);
    if (window.remaining <= 0) throw new HttpError(429, 'Too Many Requests', this.headers(key));
    window.remaining--;
    return this.headers(key);
  }

  /** The `Ratelimit-*` headers of a bucket; the reset is in epoch seconds, as the platform sends it. */
  headers(key: string): Record<string, string> {
    const window = this.#window(key);
    return {
      'Ratelimit-Limit': String(this.budget),
      'Ratelimit-Remaining': String(Math.max(0, window.remaining)),
      'Ratelimit-Reset': String(Math.ceil(window.resetAt / 1000)),
    };
  }

  /** Empties a bucket now (a test's way to make the next call see 429). */
  spend(key: string): void {
    this.#window(key).remaining = 0;
  }

  /**
   * An endpoint-specific limit: at most `count` calls per `windowMs` for `key` (for example one
   * announcement per 2 s per channel). Throws a 429 HttpError past it.
   */
  endpoint(key: string, count: number, windowMs: number, message = 'Too Many Requests'): void {
    const now = this.now();
    const recent = (this.#endpoints.get(key) ?? []).filter((at) => now - at < windowMs);
    if (recent.length >= count) {
      this.#endpoints.set(key, recent);
      throw new HttpError(429, message);
    }
    recent.push(now);
    this.#endpoints.set(key, recent);
  }
}
