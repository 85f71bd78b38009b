/**
 * The message IDs a listener has handled recently, to drop a repeated delivery. The platform
 * repeats a message with the same ID (at-least-once delivery) and advises refusing messages older
 * than 10 minutes, so IDs are kept for as long as a message can pass the age check, and at most
 * `limit` of them, which bounds the memory a flood of events can take. An ID is never forgotten
 * while that window holds: a full memory takes no new ID (the caller answers so that the platform
 * retries later) instead of forgetting one that a replay could still use.
 *
 * The IDs are a `Set` (insertion order, oldest first) and their times a ring of doubles in the same
 * order: a new ID costs one `add` (which says whether it was there) and one number written in
 * place, where a `Map` of ID to time cost a lookup, an insert and a heap number per ID for the
 * garbage collector to move. The answers are those of the map (see the tests).
 */
export class SeenIds {
  /** The IDs kept, oldest first. */
  readonly #seen = new Set<string>();
  /** The time each ID of #seen was recorded at, in the same order from #head (a ring, its length a power of two). */
  #times = new Float64Array(64);
  #head = 0;

  constructor(
    private readonly now: () => number,
    private readonly keepMs = 10 * 60_000,
    private readonly limit = 50_000,
  ) {}

  /**
   * Records `id`: `'first'` when it is new (and now recorded), `'repeat'` when it was recorded
   * within the window, `'full'` when it is new but `limit` IDs of the window are kept already
   * (it is not recorded: it cannot be checked). `now`: the time to record it at, when the caller
   * has just read the clock (default: the clock's now).
   */
  claim(id: string, now?: number): 'first' | 'repeat' | 'full' {
    const seen = this.#seen;
    const size = seen.size;
    if (size >= this.limit) {
      if (seen.has(id)) return 'repeat';
      now ??= this.now();
      this.#evict(now);
      if (seen.size >= this.limit) return 'full';
      return this.claim(id, now);
    }
    // A Set keeps an element's first place when it is added again: the order stays the times' order.
    seen.add(id);
    if (seen.size === size) return 'repeat';
    const times = size < this.#times.length ? this.#times : this.#grow(size);
    times[(this.#head + size) & (times.length - 1)] = now ?? this.now();
    return 'first';
  }

  /** Records `id`; true when it had been recorded already (a repeat to drop). A full memory records nothing and says false. */
  repeat(id: string): boolean {
    return this.claim(id) === 'repeat';
  }

  /** How many IDs are kept. */
  get size(): number {
    return this.#seen.size;
  }

  /** Forgets IDs older than the window (the listener calls it now and then). */
  prune(): void {
    this.#evict(this.now());
  }

  /** Forgets the IDs older than the window: the oldest come first, so the walk stops at the first one kept. */
  #evict(now: number): void {
    const oldest = now - this.keepMs;
    const times = this.#times;
    const mask = times.length - 1;
    for (const id of this.#seen) {
      if (times[this.#head]! > oldest) break;
      this.#seen.delete(id);
      this.#head = (this.#head + 1) & mask;
    }
  }

  /** Doubles the ring of times (it holds `size` of them, oldest first from #head), the oldest moved to 0. */
  #grow(size: number): Float64Array {
    const old = this.#times;
    const times = new Float64Array(old.length * 2);
    for (let index = 0; index < size; index++) times[index] = old[(this.#head + index) & (old.length - 1)]!;
    this.#times = times;
    this.#head = 0;
    return times;
  }
}

/** Milliseconds since the epoch of an RFC 3339 timestamp with any number of fraction digits; NaN when it is not one. */
export function parseTimestamp(value: string | null | undefined): number {
  if (typeof value !== 'string') return Number.NaN;
  const fast = utcTimestampMs(value);
  if (fast >= 0) return fast;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(value);
  if (!match) return Number.NaN;
  const millis = match[2] ? `.${match[2].slice(0, 3).padEnd(3, '0')}` : '';
  return Date.parse(`${match[1]}${millis}${match[3]!.toUpperCase()}`);
}

/** The day `utcTimestampMs` read last, as YYYYMMDD, and its midnight in milliseconds since the epoch. */
let lastDay = -1;
let lastDayMs = 0;

/**
 * The platform's usual form, `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, read without a regular expression
 * or a string built per message: its day's midnight (`Date.parse`, once per day) plus the time of
 * day. -1 for any other form, or hours, minutes or seconds out of their usual range, which
 * `parseTimestamp` then reads the long way (so `24:00:00` and the like read as before).
 */
function utcTimestampMs(value: string): number {
  const end = value.length - 1;
  if (end < 19) return -1;
  const zone = value.charCodeAt(end);
  if (zone !== 90 && zone !== 122) return -1; // Z, z
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(10) !== 84 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return -1; // - - T : :
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  const hours = digits(value, 11, 2);
  const minutes = digits(value, 14, 2);
  const seconds = digits(value, 17, 2);
  if (year < 0 || month < 0 || day < 0 || hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return -1;
  let millis = 0;
  if (end > 19) {
    // `.` and one or more digits; the first three are the milliseconds.
    if (end === 20 || value.charCodeAt(19) !== 46) return -1;
    const fraction = end - 20;
    const read = digits(value, 20, Math.min(fraction, 3));
    if (read < 0 || !allDigits(value, 23, end)) return -1;
    millis = fraction === 1 ? read * 100 : fraction === 2 ? read * 10 : read;
  }
  const key = year * 10_000 + month * 100 + day;
  if (key !== lastDay) {
    // Within a day, Date.parse of HH:MM:SS.mmm (hours below 24) is the midnight's value plus that time.
    const midnight = Date.parse(`${value.slice(0, 10)}T00:00:00.000Z`);
    if (!Number.isFinite(midnight)) return -1;
    lastDay = key;
    lastDayMs = midnight;
  }
  return lastDayMs + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** The number the `count` (at most 4) decimal digits of `value` from `start` spell, or -1 when one is not a digit. */
function digits(value: string, start: number, count: number): number {
  let number = 0;
  for (let index = start; index < start + count; index++) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

/** Whether the characters of `value` from `start` up to `end` (excluded) are all decimal digits. */
function allDigits(value: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
  }
  return true;
}
