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

  it('keeps at most `limit` ids, dropping the oldest first', () => {
    const seen = new SeenIds(() => 0, 60_000, 3);
    for (const id of ['1', '2', '3', '4']) seen.repeat(id);
    expect(seen.size).toBe(3);
    expect(seen.repeat('1')).toBe(false);
    expect(seen.repeat('4')).toBe(true);
  });

  it('drops a sixteenth of a large limit at once, so that a flood does not walk the map on every id', () => {
    const seen = new SeenIds(() => 0, 60_000, 32);
    for (let id = 0; id < 33; id++) seen.repeat(String(id));
    expect(seen.size).toBe(30);
    expect(seen.repeat('32')).toBe(true);
    expect(seen.repeat('0')).toBe(false);
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
