/**
 * Several Node processes sharing one Redis and one mock platform, as workers on several machines
 * do: a dead token is refreshed once whatever the number of processes, a lock holder killed in the
 * middle of its refresh is taken over after its lease, Redis going away fails calls fast without
 * losing anything once it is back, and calls whose token is still valid go on while it is away.
 */
import type { UserToken } from '@platform/auth';
import { createMockPlatform, type MockPlatform, type MockToken } from '@platform/mock';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { barrier, startChild, stopAll, type Child } from '../../file-store/test/helpers';
import { redisTokenStore, type RedisTokenStore } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

const clientFile = fileURLToPath(new URL('fixtures/client.ts', import.meta.url));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StormOutcome {
  fulfilled: number;
  errors: Record<string, number>;
  invalid: string[];
  users: string[];
  ms: number;
}
interface Round {
  at: number;
  ms: number;
  ok: boolean;
  kind?: string;
  message?: string;
}

let redis: TestRedis;
let mock: MockPlatform;
let store: RedisTokenStore | undefined;
let children: Child[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(async () => {
  await stopAll(children);
  children = [];
  await store?.close();
  store = undefined;
  await mock.close();
});

/** A mock platform with user 11 signed in, and their token in a Redis store with a prefix of its own. */
async function setUp(url: string) {
  mock = await createMockPlatform({ rateLimit: { budget: 100_000 } });
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
  mock.addUser({ id: '11', login: 'alice' });
  const issued: MockToken = mock.issueToken({ clientId: app.clientId, userId: '11', scopes: [] });
  const prefix = `processes${++prefixes}:`;
  store = redisTokenStore({ url, prefix });
  // The store says the token is good for an hour: the calls learn it is dead from their 401s.
  const token: UserToken = { userId: '11', login: 'alice', accessToken: issued.accessToken, refreshToken: issued.refreshToken, scopes: [], expiresAt: Date.now() + 3_600_000 };
  await store.set(token);
  const common = { url, prefix, clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl };
  const start = (config: Record<string, unknown>) => {
    const child = startChild(clientFile, { ...common, ...config });
    children.push(child);
    return child;
  };
  const tokenRequests = () => mock.requests.filter((request) => request.path === '/oauth2/token');
  return { issued, start, tokenRequests };
}

describe('several processes on one Redis', () => {
  it('3 processes x 100 concurrent calls with a dead token make exactly 1 refresh request', async () => {
    const { issued, start, tokenRequests } = await setUp(redis.url);
    const clients = [0, 1, 2].map(() => start({ mode: 'storm', calls: 100 }));
    mock.expireToken(issued.accessToken);
    await barrier(clients);
    const outcomes = (await Promise.all(clients.map((child) => child.next('done')))) as unknown as StormOutcome[];
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests()[0]).toMatchObject({ status: 200, body: { grant_type: 'refresh_token', refresh_token: issued.refreshToken } });
    for (const outcome of outcomes) expect(outcome).toMatchObject({ fulfilled: 100, errors: {}, invalid: [], users: ['11'] });
    // The refreshed token was written before the lock was released: the store holds it.
    const saved = await store!.get('11');
    expect(saved?.refreshToken).not.toBe(issued.refreshToken);
    expect(mock.state.tokens.get(saved!.accessToken)).toBeDefined();
  }, 60_000);

  it('a lock holder killed with SIGKILL mid-refresh is taken over after its lease, and the refresh completes once', async () => {
    const { issued, start, tokenRequests } = await setUp(redis.url);
    const leaseMs = 1_500;
    // The first refresh request never gets an answer (the platform did not take it): its sender dies waiting.
    mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'hang' } });
    const holder = start({ mode: 'storm', calls: 1, lockLeaseMs: leaseMs });
    const successor = start({ mode: 'storm', calls: 20, lockLeaseMs: leaseMs });
    mock.expireToken(issued.accessToken);
    await Promise.all([holder.next('ready'), successor.next('ready')]);
    holder.send({ type: 'go' });
    await expect.poll(() => tokenRequests().length, { timeout: 10_000, interval: 10 }).toBe(1);
    // The holder is in the middle of its refresh, under the lock; the successor now needs one too.
    successor.send({ type: 'go' });
    await wait(200);
    holder.process.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await holder.exited).toMatchObject({ signal: 'SIGKILL' });
    const outcome = (await successor.next('done')) as unknown as StormOutcome;
    const tookOver = Date.now() - killedAt;
    expect(outcome).toMatchObject({ fulfilled: 20, errors: {}, invalid: [], users: ['11'] });
    // It waited for the dead holder's lease to lapse (renewed until the kill), not much longer.
    expect(outcome.ms).toBeGreaterThanOrEqual(leaseMs - 500);
    expect(tookOver).toBeLessThan(leaseMs + 3_000);
    const answered = tokenRequests().filter((request) => request.status === 200);
    expect(answered).toHaveLength(1);
    expect(tokenRequests()).toHaveLength(2);
    expect((await store!.get('11'))?.accessToken).not.toBe(issued.accessToken);
  }, 60_000);

  it('Redis stopped and started again mid-run: calls fail fast with a PlatformError while it is away, succeed after, nothing is lost', async () => {
    // A Redis that keeps its data across a restart (an append-only file), as a deployment does.
    const dir = await mkdtemp(join(tmpdir(), 'redis-store-'));
    const durable = await startRedis({ appendOnlyDir: dir });
    try {
      const { start, tokenRequests } = await setUp(durable.url);
      // A refreshed token is written for up to one lease while Redis is away: the lease outlasts the
      // restart even on a loaded machine (Redis is away 700 ms plus its start-up).
      const clients = [0, 1].map(() => start({ mode: 'rounds', lockLeaseMs: 3_000 }));
      await barrier(clients);
      // Both processes have gone round before Redis goes away: waited for by the token requests the
      // mock answered (a fixed 400 ms was not always enough on a loaded machine).
      for (const end = Date.now() + 20_000; tokenRequests().filter((request) => request.status === 200).length < 6 && Date.now() < end; ) await wait(20);
      await wait(200);
      const stoppedAt = Date.now();
      await durable.stop('SIGKILL');
      await wait(700);
      await durable.start();
      const startedAt = Date.now();
      // Long enough for a lock whose release failed while Redis was away to lapse (its 3 s lease)
      // and for both processes to go round a few times after it, on a loaded machine too.
      await wait(5_000);
      for (const child of clients) child.send({ type: 'stop' });
      const outcomes = (await Promise.all(clients.map((child) => child.next('done')))) as unknown as { rounds: Round[]; invalid: string[] }[];
      // A process writing a refreshed token when Redis went away keeps trying until Redis is back
      // (within the lease) and fails nothing; the other one, which needs Redis meanwhile, fails fast.
      expect(outcomes.flatMap(({ rounds }) => rounds.filter((round) => !round.ok)).length).toBeGreaterThan(0);
      for (const { rounds, invalid } of outcomes) {
        expect(invalid).toEqual([]);
        const failed = rounds.filter((round) => !round.ok);
        expect(rounds.filter((round) => round.ok && round.at < stoppedAt).length).toBeGreaterThan(0);
        for (const round of failed) {
          expect(round.kind).toBe('PlatformError');
          expect(round.message).toMatch(new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${durable.port} failed while `));
          // Fast: no call waits for Redis to come back.
          expect(round.ms).toBeLessThan(1_000);
          expect(round.at).toBeGreaterThanOrEqual(stoppedAt - 1_000);
          expect(round.at).toBeLessThan(startedAt + 1_500);
        }
        expect(rounds.filter((round) => round.ok && round.at > startedAt).length).toBeGreaterThanOrEqual(3);
      }
      // No refresh token was sent twice or refused, and the store holds the newest token.
      expect(tokenRequests().every((request) => request.status === 200)).toBe(true);
      const refreshTokens = tokenRequests().map((request) => (request.body as { refresh_token: string }).refresh_token);
      expect(new Set(refreshTokens).size).toBe(refreshTokens.length);
      const saved = await store!.get('11');
      expect(mock.state.refreshTokens.get(saved!.refreshToken!)?.used).toBe(false);
    } finally {
      await store?.close();
      store = undefined;
      await durable.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('Redis stopped for 2 s while the token is within its renewal margin but valid for another 58 s: no call fails, and once Redis is back 1 refresh is made across the processes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'redis-store-'));
    const durable = await startRedis({ appendOnlyDir: dir });
    try {
      const { issued, start, tokenRequests } = await setUp(durable.url);
      const expiresAt = (await store!.get('11'))!.expiresAt!;
      const clients = [0, 1].map(() => start({ mode: 'calls' }));
      await barrier(clients);
      // Calls go on with the token, which has an hour left: nothing needs Redis.
      await wait(500);
      const stoppedAt = Date.now();
      await durable.stop('SIGKILL');
      // Time passes for the processes while Redis is away: their token now expires in 58 s, within
      // the 60 s renewal margin, so every call wants it refreshed and the lock cannot be taken.
      const skip = expiresAt - 58_000 - Date.now();
      for (const child of clients) child.send({ type: 'skip', ms: skip });
      await wait(2_000);
      await durable.start();
      const startedAt = Date.now();
      // Reconnecting takes up to 1 s, then the next call after the 250 ms rest refreshes.
      await wait(3_000);
      for (const child of clients) child.send({ type: 'stop' });
      const outcomes = (await Promise.all(clients.map((child) => child.next('done')))) as unknown as { rounds: Round[]; invalid: string[] }[];
      for (const { rounds, invalid } of outcomes) {
        const summary = JSON.stringify(rounds.filter((round) => !round.ok).slice(0, 5));
        expect(invalid).toEqual([]);
        expect(rounds.filter((round) => !round.ok), summary).toEqual([]);
        // The process called while Redis was away, and after it was back.
        expect(rounds.filter((round) => round.at > stoppedAt + 200 && round.at < startedAt).length).toBeGreaterThanOrEqual(20);
        expect(rounds.filter((round) => round.at > startedAt + 2_000).length).toBeGreaterThanOrEqual(3);
      }
      // One refresh request in all, answered, with the refresh token both processes held.
      expect(tokenRequests()).toHaveLength(1);
      expect(tokenRequests()[0]).toMatchObject({ status: 200, body: { grant_type: 'refresh_token', refresh_token: issued.refreshToken } });
      const saved = await store!.get('11');
      expect(saved?.accessToken).not.toBe(issued.accessToken);
      expect(mock.state.refreshTokens.get(saved!.refreshToken!)?.used).toBe(false);
      // Calls used the old token until the refresh, then only the new one, in both processes.
      const used = mock.requests.filter((request) => request.path === '/users').map((request) => request.token);
      expect(new Set(used)).toEqual(new Set([issued.accessToken, saved!.accessToken]));
      expect(used.slice(used.lastIndexOf(issued.accessToken) + 1).length).toBeGreaterThan(0);
      expect(used.every((token, index) => token === saved!.accessToken || index <= used.lastIndexOf(issued.accessToken))).toBe(true);
      expect(mock.requests.every((request) => request.status === 200)).toBe(true);
    } finally {
      await store?.close();
      store = undefined;
      await durable.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
