import { sleepWith, type Clock } from '../clock';

/** A clock whose time moves only when told to (or, with `auto`, whenever nothing else is left to run). */
export interface VirtualClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Runs timers until none is left (or `limit` timers ran). */
  runAll(limit?: number): Promise<void>;
  /** Timers still waiting. */
  pending(): number;
  /** Every `sleep` asked for, in ms, in order: handy to check backoff bounds. */
  readonly sleeps: number[];
  /** Stops the automatic advance of an `auto` clock. */
  stop(): void;
}

/** Options of `createVirtualClock()`. */
export interface VirtualClockOptions {
  /** Epoch ms to start at. Default 1,700,000,000,000. */
  start?: number;
  /** The source of `random()`; default always 0.5. */
  random?: () => number;
  /**
   * Advance by itself: whenever the program has nothing left to do but wait for a timer, jump to
   * that timer. Suits code whose I/O is in memory (a fetch stub); over real sockets, advance by hand.
   */
  auto?: boolean;
}

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Makes a virtual clock for tests, so that long waits (backoff, rate limits, timeouts) take no real time. */
export function createVirtualClock(options: VirtualClockOptions = {}): VirtualClock {
  let now = options.start ?? 1_700_000_000_000;
  let order = 0;
  const timers = new Map<number, Timer>();
  const sleeps: number[] = [];
  let driving = false;
  let stopped = !options.auto;
  /** Counts every use of the clock: a program still at work keeps using it. */
  let activity = 0;

  /**
   * Lets the program run before time moves: until 20 turns of the event loop in a row pass
   * without it touching the clock (a request being answered, a timer set or cleared), or at most
   * 2,000 turns, for a program that polls the clock without end.
   */
  const settle = async () => {
    let quiet = 0;
    let seen = activity;
    for (let turn = 0; turn < 2000 && quiet < 20; turn++) {
      await nextTurn();
      if (activity === seen) quiet++;
      else {
        seen = activity;
        quiet = 0;
      }
    }
  };

  const next = (): Timer | undefined => {
    let first: Timer | undefined;
    for (const timer of timers.values()) if (!first || timer.at < first.at || (timer.at === first.at && timer.order < first.order)) first = timer;
    return first;
  };
  /** Fires `timer` and every other timer due at the same instant, as a runtime's timer phase does. */
  const fire = (timer: Timer) => {
    now = Math.max(now, timer.at);
    const due = [...timers.values()].filter((other) => other.at <= now).sort((a, b) => a.at - b.at || a.order - b.order);
    for (const each of due) {
      if (!timers.delete(each.order)) continue;
      each.callback();
    }
  };
  const drive = async () => {
    if (driving || stopped) return;
    driving = true;
    try {
      for (;;) {
        await settle();
        const timer = next();
        if (!timer || stopped) break;
        fire(timer);
      }
    } finally {
      driving = false;
    }
  };

  const clock: VirtualClock = {
    now: () => {
      activity++;
      return now;
    },
    random: options.random ?? (() => 0.5),
    setTimeout(callback, ms) {
      activity++;
      const timer = { at: now + Math.max(0, ms), order: order++, callback };
      timers.set(timer.order, timer);
      void drive();
      return timer.order;
    },
    clearTimeout(handle) {
      activity++;
      timers.delete(handle as number);
    },
    sleep(ms, signal) {
      sleeps.push(ms);
      return sleepWith(clock, ms, signal);
    },
    async advance(ms) {
      const target = now + ms;
      for (;;) {
        await settle();
        const timer = next();
        if (!timer || timer.at > target) break;
        fire(timer);
      }
      now = Math.max(now, target);
      await settle();
    },
    async runAll(limit = 10_000) {
      for (let count = 0; count < limit; count++) {
        await settle();
        const timer = next();
        if (!timer) return;
        fire(timer);
      }
    },
    pending: () => timers.size,
    sleeps,
    stop() {
      stopped = true;
    },
  };
  return clock;
}
