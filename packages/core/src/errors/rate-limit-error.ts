import { PlatformApiError, type PlatformApiErrorInit } from './api-error';

/** The fields of a PlatformRateLimitError. */
export interface PlatformRateLimitErrorInit extends Omit<PlatformApiErrorInit, 'status'> {
  /** Epoch ms when the request may be sent again; undefined when unknown. */
  resetAt: number | undefined;
  /** The clock that `retryAfter` is read against; `Date.now` when omitted. */
  now?: () => number;
}

/**
 * The rate limit was hit and the request was not retried: with `rateLimit: 'throw'` before
 * sending when the bucket is known empty, or on a 429 answer; with `'wait'`, when a 429 persists
 * after all retries. Its status is always 429.
 */
export class PlatformRateLimitError extends PlatformApiError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformRateLimitError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformRateLimitError';

  /**
   * Epoch ms when the request may be sent again: from `Ratelimit-Reset` when the bucket is empty,
   * the client's own estimate for an endpoint-specific limit. Declared: the constructor sets it.
   */
  declare readonly resetAt: number | undefined;
  readonly #now: () => number;

  constructor(message: string, init: PlatformRateLimitErrorInit) {
    super(message, { ...init, status: 429 });
    this.resetAt = init.resetAt;
    this.#now = init.now ?? Date.now;
  }

  /** Ms left until `resetAt`, never negative; 0 when `resetAt` is unknown. Computed at each read. */
  get retryAfter(): number {
    return this.resetAt === undefined ? 0 : Math.max(0, this.resetAt - this.#now());
  }
}
