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

describe('parseTimestamp', () => {
  it('reads RFC 3339 with nanoseconds, with fewer digits and with an offset', () => {
    expect(parseTimestamp('2026-03-14T18:22:05.123456789Z')).toBe(Date.parse('2026-03-14T18:22:05.123Z'));
    expect(parseTimestamp('2026-03-14T18:22:05.1Z')).toBe(Date.parse('2026-03-14T18:22:05.100Z'));
    expect(parseTimestamp('2026-03-14T18:22:05Z')).toBe(Date.parse('2026-03-14T18:22:05Z'));
    expect(parseTimestamp('2026-03-14T19:22:05.5+01:00')).toBe(Date.parse('2026-03-14T18:22:05.500Z'));
  });

  it('gives NaN for anything else', () => {
    expect(parseTimestamp('yesterday')).toBeNaN();
    expect(parseTimestamp(undefined)).toBeNaN();
    expect(parseTimestamp('2026-03-14 18:22:05Z')).toBeNaN();
  });
});
