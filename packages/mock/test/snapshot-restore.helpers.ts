/**
 * What the snapshot tests of the groups share: mocks started for a test and closed after it, and a
 * restore through JSON (as `platform-mock serve --state` and `GET /mock/snapshot` carry it).
 */
import { afterEach } from 'vitest';
import type { MockPlatform } from '../src/index';
import { throughJson } from './snapshot.helpers';

/** A start function whose mocks are closed after each test (call it at the top of a test file). */
export function startEach<T extends { close(): Promise<void> }>(make: () => Promise<T>): () => Promise<T> {
  const started: T[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((each) => each.close()));
  });
  return async () => {
    const made = await make();
    started.push(made);
    return made;
  };
}

/** A test's mock with the clock it moves and the events it saw (the shape of the groups' `setup()`). */
interface ClockedMock {
  mock: MockPlatform;
  events: unknown[];
  now(): number;
  advance(ms: number): void;
}

/**
 * Gives `into` (a fresh mock at the same start time) the snapshot of `from` through JSON, its clock
 * moved to `from`'s time plus `ahead` ms first; its events are counted from the restore.
 */
export function restoreThroughJson<T extends ClockedMock>(from: T, into: T, ahead = 0): T {
  into.advance(from.now() + ahead - into.now());
  into.mock.restore(throughJson(from.mock.snapshot()));
  into.events.length = 0;
  return into;
}
