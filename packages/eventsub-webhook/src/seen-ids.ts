/**
 * The message IDs a listener has handled recently, to drop a repeated delivery. The platform
 * repeats a message with the same ID (at-least-once delivery) and advises refusing messages older
 * than 10 minutes, so IDs are kept for as long as a message can pass the age check, and at most
 * `limit` of them, which bounds the memory a flood of events can take. An ID is never forgotten
 * while that window holds: a full memory takes no new ID (the caller answers so that the platform
 * retries later) instead of forgetting one that a replay could still use.
 */
export class SeenIds {
  readonly #seen = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly keepMs = 10 * 60_000,
    private readonly limit = 50_000,
  ) {}

  /**
   * Records `id`: `'first'` when it is new (and now recorded), `'repeat'` when it was recorded
   * within the window, `'full'` when it is new but `limit` IDs of the window are kept already
   * (it is not recorded: it cannot be checked).
   */
  claim(id: string): 'first' | 'repeat' | 'full' {
    const seen = this.#seen;
    if (seen.has(id)) return 'repeat';
    const now = this.now();
    if (seen.size >= this.limit) {
      this.#evict(now);
      if (seen.size >= this.limit) return 'full';
    }
    seen.set(id, now);
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

  /** Forgets the IDs older than the window: the oldest come first in the map, so the walk stops at the first one kept. */
  #evict(now: number): void {
    const oldest = now - this.keepMs;
    for (const [id, at] of this.#seen) {
      if (at > oldest) break;
      this.#seen.delete(id);
    }
  }

  /** Forgets IDs older than the window (the listener calls it now and then). */
  prune(): void {
    this.#evict(this.now());
  }
}

/** Milliseconds since the epoch of an RFC 3339 timestamp with any number of fraction digits; NaN when it is not one. */
export function parseTimestamp(value: string | null | undefined): number {
  if (typeof value !== 'string') return Number.NaN;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(value);
  if (!match) return Number.NaN;
  const millis = match[2] ? `.${match[2].slice(0, 3).padEnd(3, '0')}` : '';
  return Date.parse(`${match[1]}${millis}${match[3]!.toUpperCase()}`);
}
