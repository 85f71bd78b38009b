/**
 * Where the library reads time and randomness. Every wait (backoff, rate-limit holds, attempt
 * timeouts) goes through one clock, so tests can run them in virtual time
 * (see `createVirtualClock` in `@platform/core/testing`).
 */
export interface Clock {
  /** Epoch milliseconds. */
  now: () => number;
  /** Resolves after `ms`; rejects with the signal's reason when the signal aborts first. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Calls `callback` after `ms`; the handle goes to `clearTimeout`. */
  setTimeout: (callback: () => void, ms: number) => unknown;
  /** Cancels the timer of a handle that `setTimeout` returned. */
  clearTimeout: (handle: unknown) => void;
  /** A number in [0, 1), for jitter. */
  random: () => number;
}

/** The real clock: `Date.now`, the runtime's timers and `Math.random`. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepWith(systemClock, ms, signal),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: () => Math.random(),
};

/** A `sleep` built on a clock's `setTimeout`, cancellable by a signal. */
export function sleepWith(clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>, ms: number, signal?: AbortSignal): Promise<void> {
  return abortable(signal, (done) => {
    const handle = clock.setTimeout(done, Math.max(0, ms));
    return () => clock.clearTimeout(handle);
  });
}

/**
 * Waits until `start` calls `done`, or rejects with the signal's reason when the signal aborts
 * first; `start` begins the wait and returns how to give it up.
 */
export function abortable(signal: AbortSignal | undefined, start: (done: () => void) => () => void): Promise<void> {
  // An aborted call rejects with the signal's reason, whatever the caller made it (an Error or not).
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      giveUp();
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      reject(abortReason(signal!));
    };
    const giveUp = start(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    // An aborted signal fires no more, so no `{ once: true }`.
    signal?.addEventListener('abort', onAbort);
  });
}

/**
 * The reason a signal was aborted with: an AbortError DOMException unless another was given
 * (every runtime the builds target sets it: Node 17.2 and later, browsers since 2022).
 */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason;
}
