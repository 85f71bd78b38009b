/**
 * Several Node processes sharing one token and one Redis, against one mock platform with a budget
 * of 60 requests per 1 s window: together they never send more than the budget (no 429), and
 * Redis going away mid-run fails calls fast, then they work again once it is back.
 */
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barrier, startChild, stopAll, type Child } from '../../file-store/test/helpers';
import { startRedis, type TestRedis } from './redis-server';

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'bucket-client.ts');
let server: TestRedis;
let mock: MockPlatform;
const children: Child[] = [];

beforeAll(async () => {
  server = await startRedis();
  mock = await createMockPlatform({ rateLimit: { budget: 60, windowMs: 1_000 } });
});
afterAll(async () => {
  await stopAll(children);
  await mock.close();
  await server.stop();
});

/** A fresh user token that the processes share, and its requests as the mock saw them. */
function sharedToken(clientId: string) {
  const app = mock.addClient({ clientId });
  const user = mock.addUser({ login: `user-${clientId}` });
  const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: user.id });
  return { clientId: app.clientId, token: accessToken, requests: () => mock.requests.filter((request) => request.token === accessToken) };
}

function start(count: number, config: Record<string, unknown>): Child[] {
  const started = Array.from({ length: count }, () => startChild(fixture, { redisUrl: server.url, baseUrl: mock.baseUrl, ...config }));
  children.push(...started);
  return started;
}

describe('processes sharing a token through redisBuckets()', () => {
  it('3 processes x 40 concurrent calls, budget 60 per window: all 120 succeed, the mock answers no 429', async () => {
    const shared = sharedToken('burst-app');
    const burst = start(3, { clientId: shared.clientId, token: shared.token, calls: 40, mode: 'burst' });
    await barrier(burst);
    const outcomes = await Promise.all(burst.map((child) => child.next('done')));
    const requests = shared.requests();
    expect(requests.filter((request) => request.status === 429)).toEqual([]);
    expect(requests).toHaveLength(120);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ fulfilled: 40, errors: {} });
    // The budget is spent at least once: some calls waited for the window's reset.
    expect(outcomes.reduce((sum, outcome) => sum + (outcome.waits as number), 0)).toBeGreaterThan(0);
  }, 60_000);

  it('Redis stopped and started again mid-run: calls fail fast with a PlatformError naming Redis, then work again', async () => {
    const shared = sharedToken('restart-app');
    const loops = start(2, { clientId: shared.clientId, token: shared.token, mode: 'loop' });
    await barrier(loops);
    // Each process has a call answered before Redis goes away: each says so (a count of answers
    // across the processes could all be one process's on a loaded machine).
    await Promise.all(loops.map((child) => child.next('answered')));
    // The answer's time can be this very millisecond: Redis goes away strictly after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stoppedAt = Date.now();
    await server.stop();
    // Longer than the mock's 1 s window: a process waiting for the window's reset when Redis went
    // away still asks Redis again while it is away.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const restartedAt = Date.now();
    await server.start();
    // Reconnecting takes up to 1 s, and the platform's window may be spent by then.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const child of loops) child.send({ type: 'stop' });
    const logs = (await Promise.all(loops.map((child) => child.next('done')))).map((outcome) => outcome.log as Array<{ end: number; ms: number; error?: string; message?: string }>);
    for (const log of logs) {
      const summary = JSON.stringify(log.map((entry) => ({ ...entry, end: entry.end - stoppedAt })));
      expect(log.filter((entry) => !entry.error && entry.end < stoppedAt).length, summary).toBeGreaterThan(0);
      const failed = log.filter((entry) => entry.error);
      expect(failed.filter((entry) => entry.end - entry.ms >= stoppedAt).length, summary).toBeGreaterThan(0);
      for (const entry of failed) {
        expect(entry.error).toBe('PlatformError');
        expect(entry.message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:\d+ failed while taking a rate-limit point: /);
        expect(entry.end).toBeGreaterThanOrEqual(stoppedAt);
        // No hang: a call made while Redis is away fails at once (one made before may have been
        // waiting for the window's reset, then failed when it asked Redis again).
        if (entry.end - entry.ms >= stoppedAt) expect(entry.ms, summary).toBeLessThan(1_000);
      }
      expect(log.filter((entry) => !entry.error && entry.end > restartedAt).length, summary).toBeGreaterThan(0);
    }
    expect(shared.requests().filter((request) => request.status === 429)).toEqual([]);
  }, 60_000);
});
