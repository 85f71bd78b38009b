/**
 * The message IDs a listener has handled recently, to drop a repeated delivery. The platform
 * repeats a message with the same ID (at-least-once delivery) and advises refusing messages older
 * than 10 minutes, so IDs are kept for 10 minutes, and at most `limit` of them (the oldest go
 * first), which bounds the memory a flood of events can take.
 */
export class SeenIds {
  readonly #seen = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly keepMs = 10 * 60_000,
    private readonly limit = 50_000,
  ) {}

  /** Records `id`; true when it had been recorded already (a repeat to drop). */
  repeat(id: string): boolean {
    const seen = this.#seen;
    if (seen.has(id)) return true;
    const now = this.now();
    seen.set(id, now);
    if (seen.size > this.limit) this.#evict(now, true);
    return false;
  }

  /** How many IDs are kept. */
  get size(): number {
    return this.#seen.size;
  }

  #evict(now: number, overLimit: boolean): void {
    const oldest = now - this.keepMs;
    // Over the limit, a sixteenth of it goes at once: each pass walks the map from its start, over
    // the slots of deleted entries too, so freeing one entry per insertion made every insertion
    // pay for a long walk once the limit was reached (a flood of events slowed to a crawl).
    let over = overLimit ? this.#seen.size - this.limit + (this.limit >> 4) : 0;
    for (const [id, at] of this.#seen) {
      if (over <= 0 && at > oldest) break;
      this.#seen.delete(id);
      over--;
    }
  }

  /** Forgets IDs older than the window (the listener calls it now and then). */
  prune(): void {
    this.#evict(this.now(), false);
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
