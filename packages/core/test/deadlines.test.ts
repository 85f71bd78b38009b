import { describe, expect, it } from 'vitest';
import { Deadlines } from '../src/deadlines';
import { createVirtualClock } from '../src/testing/index';

describe('shared attempt deadlines', () => {
  it('expires each deadline at its time, with one timer for many attempts', async () => {
    const clock = createVirtualClock();
    const deadlines = new Deadlines(clock);
    const expired: string[] = [];
    deadlines.add(300, () => expired.push('c'));
    deadlines.add(100, () => expired.push('a'));
    const cancelB = deadlines.add(200, () => expired.push('b'));
    expect(clock.pending()).toBe(1);
    await clock.advance(150);
    expect(expired).toEqual(['a']);
    cancelB();
    await clock.advance(100);
    expect(expired).toEqual(['a']);
    await clock.advance(100);
    expect(expired).toEqual(['a', 'c']);
    expect(clock.pending()).toBe(0);
  });

  it('clears its timer when the last attempt finishes', () => {
    const clock = createVirtualClock();
    const deadlines = new Deadlines(clock);
    const cancelA = deadlines.add(15_000, () => undefined);
    const cancelB = deadlines.add(15_000, () => undefined);
    cancelA();
    expect(clock.pending()).toBe(1);
    cancelB();
    expect(clock.pending()).toBe(0);
  });
});
