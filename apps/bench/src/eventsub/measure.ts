/** What both EventSub benches measure around a receive phase: CPU, memory peaks, and a counting handler. */
import { settle } from '../harness';

/** The bench's handler: counts events and resolves `done` at `target`. Keeps the first event for the check. */
export class Sink {
  count = 0;
  first: unknown;
  readonly done: Promise<void>;
  readonly handler: (event: unknown) => void;
  #resolve!: () => void;

  constructor(readonly target: number) {
    this.done = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    this.handler = (event) => {
      if (++this.count === this.target) this.#resolve();
      else if (this.count === 1) this.first = event;
    };
  }

  /** `done`, or an error when the count has not moved for `stallMs`. */
  finished(stallMs: number, what: string): Promise<void> {
    let last = -1;
    let since = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setInterval(() => {
        if (this.count !== last) {
          last = this.count;
          since = Date.now();
        } else if (Date.now() - since >= stallMs) {
          reject(new Error(`${what}: stalled at ${this.count} of ${this.target} events for ${stallMs / 1000} s.`));
        }
      }, 250);
    });
    return Promise.race([this.done, stalled]).finally(() => clearInterval(timer));
  }
}

/** Peak growth of the V8 heap and of the resident set over a baseline, in bytes. */
export interface MemoryGrowth {
  heap: number;
  rss: number;
  /** `heapUsed` over the baseline after a last `gc()`: what the contender still holds. */
  kept: number;
}

/**
 * Collects garbage, takes the baseline, then samples `process.memoryUsage()` every `everyMs` until
 * `stop()`, which returns the peak growth of `heapUsed` and `rss` over the baseline, and what is
 * left of the heap's growth after collecting garbage once more. `heapUsed` includes garbage not
 * yet collected, so a contender that allocates fast shows some peak growth even if it keeps nothing.
 */
export function memorySampler(everyMs = 5): { stop(): MemoryGrowth } {
  settle();
  const base = process.memoryUsage();
  let heap = 0;
  let rss = 0;
  const sample = () => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed - base.heapUsed);
    rss = Math.max(rss, now.rss - base.rss);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      settle();
      return { heap, rss, kept: process.memoryUsage().heapUsed - base.heapUsed };
    },
  };
}

/** This process's CPU time (user + system) since `since`, in microseconds. */
export function cpuMicros(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

/** Rejects with `what` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} (no answer within ${ms / 1000} s).`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const megabytes = (bytes: number): number => bytes / 1024 / 1024;
