import { describe, expect, it } from 'vitest';
import { Deadlines } from '../src/deadlines';
import { createVirtualClock } from '../src/testing/index';

describe('attempt deadlines', () => {
  it('expires each deadline at its time, unless cancelled first', async () => {
    const clock = createVirtualClock();
    const deadlines = new Deadlines(clock);
    const expired: string[] = [];
    deadlines.add(300, () => expired.push('c'));
    deadlines.add(100, () => expired.push('a'));
    const cancelB = deadlines.add(200, () => expired.push('b'));
    await clock.advance(150);
    expect(expired).toEqual(['a']);
    cancelB();
    await clock.advance(100);
    expect(expired).toEqual(['a']);
    await clock.advance(100);
    expect(expired).toEqual(['a', 'c']);
    expect(clock.pending()).toBe(0);
  });

  it('leaves no timer behind once every attempt has finished', () => {
    const clock = createVirtualClock();
    const deadlines = new Deadlines(clock);
    const cancelA = deadlines.add(15_000, () => undefined);
    const cancelB = deadlines.add(15_000, () => undefined);
    cancelA();
    cancelB();
    expect(clock.pending()).toBe(0);
  });
});
