import { describe, expect, it } from 'vitest';
import { SeenIds, parseTimestamp } from './seen-ids';

describe('SeenIds', () => {
  it('reports a repeat of an id seen within the window', () => {
    let now = 0;
    const seen = new SeenIds(() => now, 1000, 100);
    expect(seen.repeat('a')).toBe(false);
    expect(seen.repeat('a')).toBe(true);
    now = 999;
    expect(seen.repeat('a')).toBe(true);
    expect(seen.repeat('b')).toBe(false);
    now = 1500;
    seen.prune();
    // 'a' was recorded at 0 and is forgotten; 'b' (999) is kept.
    expect(seen.size).toBe(1);
    expect(seen.repeat('b')).toBe(true);
  });

  it('keeps at most `limit` ids, and takes no new one while they are all within the window (a replay could still use them)', () => {
    let now = 0;
    const seen = new SeenIds(() => now, 60_000, 3);
    for (const id of ['1', '2', '3']) expect(seen.claim(id)).toBe('first');
    expect(seen.claim('4')).toBe('full');
    expect(seen.size).toBe(3);
    // The oldest are still remembered: a replay of '1' is a repeat, not a first delivery.
    expect(seen.claim('1')).toBe('repeat');
    expect(seen.repeat('1')).toBe(true);
    // Once the oldest leave the window, new ids are taken again.
    now = 60_001;
    expect(seen.claim('4')).toBe('first');
    expect(seen.size).toBe(1);
  });

  it('forgets only what left the window, oldest first', () => {
    let now = 0;
    const seen = new SeenIds(() => now, 1000, 4);
    for (const id of ['a', 'b']) seen.claim(id);
    now = 500;
    for (const id of ['c', 'd']) seen.claim(id);
    now = 1200;
    expect(seen.claim('e')).toBe('first');
    expect(seen.size).toBe(3);
    expect(seen.claim('c')).toBe('repeat');
    expect(seen.claim('a')).toBe('first');
  });
});

describe('SeenIds, its ring of times', () => {
  it('keeps each ID its own time when the ring wraps around and grows after the oldest left', () => {
    let now = 0;
    const seen = new SeenIds(() => now, 100, 10_000);
    // 100 IDs at 0, forgotten at 100: the ring's start moves on to where the 101st goes.
    for (let n = 0; n < 100; n++) expect(seen.claim(`old-${n}`)).toBe('first');
    now = 100;
    seen.prune();
    expect(seen.size).toBe(0);
    // 300 IDs at 101, 102, ...: they wrap around the end of the ring and make it grow twice.
    for (let n = 0; n < 300; n++) {
      now = 101 + n;
      expect(seen.claim(`new-${n}`)).toBe('first');
    }
    expect(seen.claim('old-0')).toBe('first');
    now = 400;
    for (let n = 0; n < 300; n++) expect(seen.claim(`new-${n}`), `new-${n}`).toBe('repeat');
    // At 150 + 100 the first 50 (101 to 150) are gone, the 51st (151) is kept: each time stayed with its ID.
    now = 250;
    seen.prune();
    expect(seen.size).toBe(251);
    expect(seen.claim('new-49')).toBe('first');
    expect(seen.claim('new-50')).toBe('repeat');
  });

  it('holds at most `limit` IDs of a flood within the window, and takes new ones as the oldest leave it', () => {
    let now = 0;
    const seen = new SeenIds(() => now, 1000, 5000);
    const answers = { first: 0, full: 0 };
    for (let n = 0; n < 20_000; n++) {
      now = n / 10;
      const answer = seen.claim(`flood-${n}`);
      if (answer === 'repeat') throw new Error(`flood-${n} was taken for a repeat`);
      answers[answer]++;
      expect(seen.size).toBeLessThanOrEqual(5000);
    }
    // 10 IDs a millisecond for 2 seconds, a window of 1 second: the 5,000 of 0 to 0.5 s are taken,
    // those of 0.5 to 1 s refused (none left yet), those of 1 to 1.5 s taken as the first ones
    // leave, those of 1.5 to 2 s refused (the IDs of 0.5 to 1 s, which would leave now, were never taken).
    expect(answers.first).toBe(10_000);
    expect(answers.full).toBe(10_000);
  });
});

/** The repeat check as a plain map of ID to time, in insertion order: what SeenIds must answer like (a reference for any faster structure). */
class MapModel {
  readonly seen = new Map<string, number>();
  constructor(
    private readonly keepMs: number,
    private readonly limit: number,
  ) {}
  claim(id: string, now: number): 'first' | 'repeat' | 'full' {
    if (this.seen.has(id)) return 'repeat';
    if (this.seen.size >= this.limit) {
      this.evict(now);
      if (this.seen.size >= this.limit) return 'full';
    }
    this.seen.set(id, now);
    return 'first';
  }
  evict(now: number): void {
    for (const [id, at] of this.seen) {
      if (at > now - this.keepMs) break;
      this.seen.delete(id);
    }
  }
}

/** The IDs the comparison claims: UUIDs and other shapes. */
const idOf = (n: number) => {
  if (n % 3 !== 0) return `id-${n}`;
  const hex = [0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f].map((factor) => (Math.imul(n + 1, factor) >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

describe('SeenIds, against a plain map', () => {
  it('answers every claim as a map of ID to time would, with the time passed in or read from its clock', () => {
    // A fixed pseudo-random sequence: claims of new and earlier IDs, time moving on, prunes.
    let state = 12345;
    const random = () => {
      state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
      return state / 0x80000000;
    };
    for (const [keepMs, limit] of [
      [1000, 100],
      [5000, 300],
      [200, 1000],
    ] as const) {
      let now = 0;
      const seen = new SeenIds(() => now, keepMs, limit);
      const model = new MapModel(keepMs, limit);
      let next = 0;
      const answers = { first: 0, repeat: 0, full: 0 };
      for (let step = 0; step < 20_000; step++) {
        now += Math.floor(random() * 8);
        const roll = random();
        if (roll < 0.01) {
          seen.prune();
          model.evict(now);
        } else {
          const id = idOf(roll < 0.3 && next > 0 ? Math.floor(random() * next) : next++);
          const passed = random() < 0.5 ? now : undefined;
          const answer = seen.claim(id, passed);
          expect(answer, `step ${step}: ${id}`).toBe(model.claim(id, now));
          answers[answer]++;
        }
        expect(seen.size).toBe(model.seen.size);
      }
      // Every answer came up, so the comparison covered each path.
      expect(answers.first).toBeGreaterThan(0);
      expect(answers.repeat).toBeGreaterThan(0);
      if (limit < 1000) expect(answers.full).toBeGreaterThan(0);
    }
  });

  it('still refuses a repeat claimed with the time passed in, and a repeat once the memory is full', () => {
    const seen = new SeenIds(() => 0, 60_000, 2);
    expect(seen.claim('a', 5)).toBe('first');
    expect(seen.claim('a', 6)).toBe('repeat');
    expect(seen.claim('b', 7)).toBe('first');
    expect(seen.claim('a', 8)).toBe('repeat');
    expect(seen.claim('c', 9)).toBe('full');
    // 'a' was recorded at 5, not at 6 or 8: it leaves the window first, 'b' (7) stays.
    expect(seen.claim('c', 60_006)).toBe('first');
    expect(seen.claim('b', 60_006)).toBe('repeat');
    expect(seen.claim('a', 60_006)).toBe('full');
  });
});

describe('parseTimestamp', () => {
  it('reads RFC 3339 with nanoseconds, with fewer digits and with an offset', () => {
    expect(parseTimestamp('2026-03-14T18:22:05.123456789Z')).toBe(Date.parse('2026-03-14T18:22:05.123Z'));
    expect(parseTimestamp('2026-03-14T18:22:05.1Z')).toBe(Date.parse('2026-03-14T18:22:05.100Z'));
    expect(parseTimestamp('2026-03-14T18:22:05Z')).toBe(Date.parse('2026-03-14T18:22:05Z'));
    expect(parseTimestamp('2026-03-14T19:22:05.5+01:00')).toBe(Date.parse('2026-03-14T18:22:05.500Z'));
  });

  it('reads the usual form (the short way) exactly as the regular expression and Date.parse do', () => {
    const long = (value: string) => {
      const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(value);
      if (!match) return Number.NaN;
      const millis = match[2] ? `.${match[2].slice(0, 3).padEnd(3, '0')}` : '';
      return Date.parse(`${match[1]}${millis}${match[3]!.toUpperCase()}`);
    };
    const days = ['2026-03-14', '2026-02-29', '2026-02-30', '2024-02-29', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '0000-01-01', '9999-12-31', '1969-12-31', '2026-1a-01'];
    const times = ['T18:22:05', 'T00:00:00', 'T23:59:59', 'T24:00:00', 'T23:60:00', 'T23:59:60', 't18:22:05', 'T18:22', 'T18-22-05'];
    const tails = ['Z', 'z', '.1Z', '.12Z', '.123Z', '.1234Z', '.123456789z', '.Z', '.1', '', '+01:00', '.5-02:30', '.12aZ', '.1234a6Z', 'ZZ', ' Z', '.000000000Z', '.999Z'];
    for (const day of days) {
      for (const time of times) {
        for (const tail of tails) {
          // Each day after another one, and again (the second read of a day reuses its midnight).
          for (const value of [`${day}${time}${tail}`, `2026-03-14${time}${tail}`, `${day}${time}${tail}`]) {
            expect(parseTimestamp(value), value).toBe(long(value));
          }
        }
      }
    }
    // Hour 24 is the next day's midnight, but only without a fraction.
    expect(parseTimestamp('2026-01-01T24:00:00Z')).toBe(Date.parse('2026-01-02T00:00:00Z'));
    expect(parseTimestamp('2026-01-01T24:00:00.5Z')).toBeNaN();
  });

  it('gives NaN for anything else', () => {
    expect(parseTimestamp('yesterday')).toBeNaN();
    expect(parseTimestamp(undefined)).toBeNaN();
    expect(parseTimestamp('2026-03-14 18:22:05Z')).toBeNaN();
  });
});
