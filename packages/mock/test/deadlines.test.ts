/**
 * `Deadlines`, the work due on the mock's clock that polls, predictions and hype trains share:
 * run by `settle()` or by a timer that looks at the clock at least every half second, and that
 * stops looking at a clock standing still until the next `settle()`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines } from '../src/helix';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Deadlines', () => {
  it('runs work once the mock clock reaches it, in time order, replacing work of the same key', () => {
    let clock = 0;
    const deadlines = new Deadlines(() => clock);
    const ran: string[] = [];
    deadlines.set('a', 2000, () => ran.push('a'));
    deadlines.set('b', 1000, () => ran.push('b'));
    deadlines.set('c', 1000, () => ran.push('c-old'));
    deadlines.set('c', 3000, () => ran.push('c'));
    deadlines.set('d', 500, () => ran.push('d'));
    deadlines.clear('d');
    expect(deadlines.settle()).toBe(0);
    clock = 2500;
    expect(deadlines.settle()).toBe(2);
    expect(ran).toEqual(['b', 'a']);
    expect(deadlines.settle()).toBe(0);
  });

  it('runs on its timer within half a second of a clock jump, without a call', () => {
    let clock = 0;
    const deadlines = new Deadlines(() => clock);
    const run = vi.fn();
    deadlines.set('end', 60_000, run);
    vi.advanceTimersByTime(499);
    clock = 60_000;
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops looking at a clock that stood still for 10 s; settle() looks again', () => {
    let clock = 0;
    const deadlines = new Deadlines(() => clock);
    const run = vi.fn();
    deadlines.set('end', 60_000, run);
    vi.advanceTimersByTime(9_999);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
    clock = 30_000;
    expect(deadlines.settle()).toBe(0);
    expect(vi.getTimerCount()).toBe(1);
    clock = 60_000;
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledOnce();
  });
});
