import type { Clock } from './clock';

interface Deadline {
  at: number;
  expire: () => void;
}

/**
 * Attempt timeouts share one timer instead of one each: the timer is armed for the earliest
 * deadline, a finished attempt only leaves the set, and when the timer fires it expires what is
 * due and re-arms for the next. Concurrent attempts (a burst of calls) thus cost one timer. When
 * the last attempt finishes the timer is cleared, so no stale timer keeps a program (or a virtual
 * clock) waiting.
 */
export class Deadlines {
  readonly #pending = new Set<Deadline>();
  #timer: unknown;
  #timerAt = Infinity;
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Calls `expire` once `ms` have passed, unless `cancel` is called first. */
  add(ms: number, expire: () => void): () => void {
    const deadline: Deadline = { at: this.#clock.now() + ms, expire };
    this.#pending.add(deadline);
    if (deadline.at < this.#timerAt) this.#arm(deadline.at);
    return () => {
      this.#pending.delete(deadline);
      if (this.#pending.size === 0 && this.#timer !== undefined) {
        this.#clock.clearTimeout(this.#timer);
        this.#timer = undefined;
        this.#timerAt = Infinity;
      }
    };
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = this.#clock.setTimeout(() => this.#fire(), Math.max(0, at - this.#clock.now()));
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const now = this.#clock.now();
    let next = Infinity;
    for (const deadline of this.#pending) {
      if (deadline.at <= now) {
        this.#pending.delete(deadline);
        deadline.expire();
      } else if (deadline.at < next) {
        next = deadline.at;
      }
    }
    if (next !== Infinity) this.#arm(next);
  }
}
