/**
 * Three conduit workers in three real Node processes share one conduit of 6 shards (2 each),
 * against the mock platform in this process: a worker closed (a rolling deploy), a worker killed
 * (SIGKILL), with and without leases on a real redis-server, and a killed worker started again.
 */
import { platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createConduit } from '@platform/eventsub';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The child-process helpers of the file store's tests: a fixture run with tsx, talking over IPC.
import { startChild, stopAll, type Child } from '../../file-store/test/helpers';
// The Redis package's test server: a real redis-server on a free port.
import { startRedis, type TestRedis } from '../../redis-store/test/redis-server';

const fixture = fileURLToPath(new URL('fixtures/shard-process.ts', import.meta.url));
const clientId = 'takeover-app';
const clientSecret = 'takeover-app-secret';
const broadcasters = Array.from({ length: 24 }, (_, i) => String(7000 + i));
/** Shards of each worker: 3 workers, 2 shards each. */
const layout = [
  [0, 1],
  [2, 3],
  [4, 5],
];

let mock: MockPlatform;
let client: PlatformClient;
let children: Child[];

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId, clientSecret });
  for (const [i, id] of broadcasters.entries()) mock.addUser({ id, login: `takeover${i}` });
  client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  children = [];
});

afterEach(async () => {
  await stopAll(children);
  await mock.close();
});

interface WorkerState {
  shards: { id: string; bound: boolean; sessionId: string | undefined; adopted: boolean; boundElsewhere: boolean; leased: boolean | undefined }[];
  takeovers: number;
  handedBack: number;
  adopted: string[];
  errors: string[];
}

type Extra = Partial<{ takeoverGraceMs: number; shardCheckIntervalMs: number; leaseTtlMs: number; redisUrl: string; redisPrefix: string }>;

/** Starts a worker serving `shards` of the conduit; resolves once its shards are bound and its subscriptions ready. */
async function startWorker(conduitId: string, shards: number[], extra: Extra = {}): Promise<Child> {
  const child = startChild(fixture, {
    clientId,
    clientSecret,
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    eventSubWsUrl: mock.eventSubWsUrl,
    conduitId,
    shards,
    broadcasters,
    streamEvents: true,
    ...extra,
  });
  children.push(child);
  await Promise.all([child.next('bound'), child.next('subscribed')]);
  return child;
}

async function startWorkers(extra: Extra = {}): Promise<{ conduitId: string; workers: Child[] }> {
  const conduitId = (await createConduit(client, { shard_count: 6 })).id;
  const workers = await Promise.all(layout.map((shards) => startWorker(conduitId, shards, extra)));
  await until(() => enabled().size === 6);
  return { conduitId, workers };
}

/** Asks a worker for its `listener.shards` and takeover counters. */
function stateOf(child: Child): Promise<WorkerState> {
  return new Promise((resolve) => {
    const listen = (message: { type: string }) => {
      if (message.type !== 'state') return;
      child.process.off('message', listen);
      resolve(message as unknown as WorkerState);
    };
    child.process.on('message', listen);
    child.send({ type: 'state' });
  });
}

/** The enabled shards of the conduit: shard ID -> session ID. */
function enabled(): Map<string, string> {
  const map = new Map<string, string>();
  for (const shard of mock.eventsub.conduits()[0]?.shards ?? []) {
    if (shard.status === 'enabled') map.set(String(shard.id), String((shard.transport as { session_id?: string }).session_id));
  }
  return map;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every event any worker received so far (the killed one's up to its death), by event ID: how many times. */
function receivedCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const child of children) {
    for (const message of child.messages) if (message.type === 'event') counts.set(message.id as string, (counts.get(message.id as string) ?? 0) + 1);
  }
  return counts;
}

/** Raises `count` stream.online events spread over the broadcasters (so over every shard); each must have been handed to a shard. */
function raise(count: number, tag: string): string[] {
  const ids: string[] = [];
  let handed = 0;
  for (let i = 0; i < count; i++) {
    const id = `${tag}-${i}`;
    ids.push(id);
    handed += mock.eventsub.trigger('stream.online', { broadcaster_user_id: broadcasters[i % broadcasters.length]!, id });
  }
  expect(handed).toBe(count);
  return ids;
}

/** Waits until each of `ids` was received, then a moment more for repeats; expects each exactly once. */
async function expectEachOnce(ids: string[]): Promise<void> {
  await until(() => {
    const counts = receivedCounts();
    return ids.every((id) => counts.has(id));
  }, 10_000, `${ids.length} events`).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const counts = receivedCounts();
  const missing = ids.filter((id) => !counts.has(id));
  const twice = ids.filter((id) => (counts.get(id) ?? 0) > 1);
  expect({ missing: missing.length, twice: twice.length }).toEqual({ missing: 0, twice: 0 });
}

/** No event was received twice, by any worker, in the whole test. */
function expectNoRepeat(): void {
  const twice = [...receivedCounts()].filter(([, count]) => count > 1);
  expect(twice).toEqual([]);
}

/** Kills a worker (SIGKILL) and measures how long until all 6 shards are enabled again, none on its sessions. */
async function killAndMeasure(victim: Child, during?: () => void): Promise<{ ms: number; deadSessions: Set<string> }> {
  const dead = await stateOf(victim);
  const deadSessions = new Set(dead.shards.map((shard) => shard.sessionId!));
  expect(deadSessions.size).toBe(2);
  const killedAt = Date.now();
  victim.process.kill('SIGKILL');
  await until(
    () => {
      during?.();
      const now = enabled();
      return now.size === 6 && [...now.values()].every((session) => !deadSessions.has(session));
    },
    15_000,
    'the killed worker\'s shards to be enabled on survivors',
  );
  return { ms: Date.now() - killedAt, deadSessions };
}

describe('conduit shard takeover, 3 worker processes on a conduit of 6 shards', () => {
  it('close() of one worker (a rolling deploy): 500 events raised right after are each received once by the two others, and its shards are taken over', async () => {
    const { workers } = await startWorkers();
    expectNoRepeat();
    await expectEachOnce(raise(60, 'before'));
    const [first, second, third] = workers as [Child, Child, Child];
    const closing = new Set((await stateOf(third)).shards.map((shard) => shard.sessionId));
    third.send({ type: 'close' });
    await third.next('closed');
    // The platform has seen its sockets close (events sent to a socket in its closing handshake are
    // in flight to a process that stopped reading: see the README).
    await until(() => mock.eventsub.sessions().every((session) => !closing.has(session.id) || session.state === 'closed'), 5_000, 'the platform to see the close');
    // close() deleted nothing: the 24 subscriptions (and the conduit's own) are all still enabled.
    expect(mock.eventsub.subscriptions({ type: 'stream.online', status: 'enabled' })).toHaveLength(24);
    expect(mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' })).toHaveLength(1);
    expect(mock.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    const after = raise(500, 'after-close');
    await expectEachOnce(after);
    const counts = receivedCounts();
    expect(after.filter((id) => counts.has(id)).length).toBe(500);
    // The closed worker's shards are served by the two others within the default grace (2 s) and then some.
    await until(() => enabled().size === 6, 10_000, 'the closed worker\'s shards to be taken over');
    const states = await Promise.all([stateOf(first), stateOf(second)]);
    expect(states.flatMap((state) => state.adopted).sort()).toEqual(['4', '5']);
    expect(states.flatMap((state) => state.errors)).toEqual([]);
    await expectEachOnce(raise(300, 'after-takeover'));
    expectNoRepeat();
  }, 60_000);

  it('events raised all through one worker\'s close() are each received exactly once: the closing worker drains its sessions until the platform has seen the close', async () => {
    const { workers } = await startWorkers();
    expectNoRepeat();
    const third = workers[2]!;
    const during: string[] = [];
    let closed = false;
    third.send({ type: 'close' });
    const done = third.next('closed').then(() => (closed = true));
    // Events keep coming while the worker closes, some of them to its shards.
    for (let round = 0; !closed && round < 400; round++) {
      during.push(...raise(3, `closing-${round}`));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await done;
    during.push(...raise(30, 'closed'));
    expect(during.length).toBeGreaterThan(30);
    await expectEachOnce(during);
    console.log(`events raised while a worker closed: ${during.length - 30}, each received once`);
    expectNoRepeat();
  }, 60_000);

  it('SIGKILL of one worker: its shards are enabled again on the survivors within 10 s (default 2 s grace), events after are each received once, none twice', async () => {
    const { workers } = await startWorkers();
    await expectEachOnce(raise(300, 'before'));
    const [first, second, victim] = workers as [Child, Child, Child];
    // Events raised all through the takeover (one every 10 ms): some are on their way to the killed
    // worker when it dies (lost: the platform does not send a WebSocket message again), none twice.
    const during: string[] = [];
    const { ms } = await killAndMeasure(victim, () => {
      const id = `during-${during.length}`;
      during.push(id);
      mock.eventsub.trigger('stream.online', { broadcaster_user_id: broadcasters[during.length % broadcasters.length]!, id });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = during.filter((id) => receivedCounts().has(id)).length;
    console.log(`takeover without leases: the killed worker's 2 shards were enabled on survivors ${ms} ms after SIGKILL; ${got} of ${during.length} events raised meanwhile received`);
    expect(ms).toBeLessThan(10_000);
    // The grace was given: no takeover before it (the platform disabled the shards at once).
    expect(ms).toBeGreaterThanOrEqual(1_900);
    await expectEachOnce(raise(500, 'after-kill'));
    const states = await Promise.all([stateOf(first), stateOf(second)]);
    expect(states.flatMap((state) => state.adopted).sort()).toEqual(['4', '5']);
    expect(states.reduce((sum, state) => sum + state.takeovers, 0)).toBe(2);
    expect(states.flatMap((state) => state.errors)).toEqual([]);
    expectNoRepeat();
  }, 60_000);

  it('a worker started again with the killed worker\'s shards takes them back; the survivors let go, and after 2 periodic checks nothing moves', async () => {
    const timings = { takeoverGraceMs: 300, shardCheckIntervalMs: 500 };
    const { conduitId, workers } = await startWorkers(timings);
    const [first, second, victim] = workers as [Child, Child, Child];
    const { ms } = await killAndMeasure(victim);
    expect(ms).toBeLessThan(10_000);
    await expectEachOnce(raise(200, 'while-adopted'));

    const restarted = await startWorker(conduitId, [4, 5], timings);
    const mine = async () => new Set((await stateOf(restarted)).shards.map((shard) => shard.sessionId));
    // Its shards are bound to its own sessions at start, and the survivors let go at their next check.
    await until(
      async () => {
        const own = await mine();
        const now = enabled();
        const [one, two] = await Promise.all([stateOf(first), stateOf(second)]);
        const open = mock.eventsub.sessions().filter((session) => session.state !== 'closed').length;
        return own.has(now.get('4')) && own.has(now.get('5')) && one.adopted.length === 0 && two.adopted.length === 0 && open === 6;
      },
      5_000,
      'the shards to be handed back',
    );
    const binds = () => mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards').length;
    const before = { shards: [...enabled()], binds: binds(), sessions: mock.eventsub.sessions().filter((session) => session.state !== 'closed').length };
    // Two periodic checks of every worker later: the same sessions on the same shards, no bind call, no new session.
    await new Promise((resolve) => setTimeout(resolve, 2 * timings.shardCheckIntervalMs + 300));
    expect({ shards: [...enabled()], binds: binds(), sessions: mock.eventsub.sessions().filter((session) => session.state !== 'closed').length }).toEqual(before);
    expect(before.sessions).toBe(6);
    const states = await Promise.all([stateOf(first), stateOf(second), stateOf(restarted)]);
    expect(states.map((state) => state.handedBack).reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(states[2].shards.map(({ id, bound, adopted, boundElsewhere }) => ({ id, bound, adopted, boundElsewhere }))).toEqual([
      { id: '4', bound: true, adopted: false, boundElsewhere: false },
      { id: '5', bound: true, adopted: false, boundElsewhere: false },
    ]);
    expect(states.flatMap((state) => state.errors)).toEqual([]);
    await expectEachOnce(raise(500, 'after-restart'));
    expectNoRepeat();
  }, 60_000);

  describe('with leases on a real redis-server (redisShardLeases)', () => {
    let redis: TestRedis;
    let prefixes = 0;

    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis.stop();
    });
    /** Each worker's leased shards, as it sees them (a lease it holds is one it could renew). */
    const leasedBy = async (workers: Child[]) => (await Promise.all(workers.map(stateOf))).map((state) => state.shards.filter((shard) => shard.leased).map((shard) => shard.id));

    it('SIGKILL of one worker: a survivor takes each shard once its lease lapsed (default 5 s), within 10 s; events after are each received once, none twice', async () => {
      const redisPrefix = `takeover${++prefixes}:`;
      const { workers } = await startWorkers({ redisUrl: redis.url, redisPrefix });
      const [first, second, victim] = workers as [Child, Child, Child];
      // Every worker holds the leases of its shards.
      await until(async () => (await Promise.all(workers.map(stateOf))).every((state) => state.shards.every((shard) => shard.leased === true)), 5_000, 'the leases');
      expect(await leasedBy(workers)).toEqual([['0', '1'], ['2', '3'], ['4', '5']]);
      await expectEachOnce(raise(300, 'before'));
      const { ms } = await killAndMeasure(victim);
      console.log(`takeover with leases: the killed worker's 2 shards were enabled on survivors ${ms} ms after SIGKILL`);
      expect(ms).toBeLessThan(10_000);
      // Not before the dead worker's leases lapsed (renewed every 1.67 s, 5 s long).
      expect(ms).toBeGreaterThanOrEqual(3_000);
      await expectEachOnce(raise(500, 'after-kill'));
      const states = await Promise.all([stateOf(first), stateOf(second)]);
      expect(states.flatMap((state) => state.adopted).sort()).toEqual(['4', '5']);
      // The survivors hold (and renew) the leases of all 6 shards: the dead worker's lapsed.
      expect((await leasedBy([first, second])).flat().sort()).toEqual(['0', '1', '2', '3', '4', '5']);
      expect(states.flatMap((state) => state.errors)).toEqual([]);
      expectNoRepeat();
    }, 60_000);

    it('a worker started again takes its shards back and their leases once the survivors let go; after 2 periodic checks nothing moves', async () => {
      const redisPrefix = `takeover${++prefixes}:`;
      const timings = { shardCheckIntervalMs: 500, leaseTtlMs: 1_500, redisUrl: redis.url, redisPrefix };
      const { conduitId, workers } = await startWorkers(timings);
      const [first, second, victim] = workers as [Child, Child, Child];
      await until(async () => (await Promise.all(workers.map(stateOf))).every((state) => state.shards.every((shard) => shard.leased === true)), 5_000, 'the leases');
      const { ms } = await killAndMeasure(victim);
      expect(ms).toBeLessThan(10_000);
      await expectEachOnce(raise(200, 'while-adopted'));

      const restarted = await startWorker(conduitId, [4, 5], timings);
      await until(
        async () => {
          const [one, two, back] = await Promise.all([stateOf(first), stateOf(second), stateOf(restarted)]);
          return one.adopted.length === 0 && two.adopted.length === 0 && back.shards.every((shard) => shard.bound && shard.leased === true);
        },
        5_000,
        'the shards and their leases to be handed back',
      );
      const binds = () => mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards').length;
      const before = { shards: [...enabled()], binds: binds(), leased: await leasedBy([first, second, restarted]) };
      expect(before.leased).toEqual([['0', '1'], ['2', '3'], ['4', '5']]);
      await new Promise((resolve) => setTimeout(resolve, 2 * timings.shardCheckIntervalMs + 300));
      expect({ shards: [...enabled()], binds: binds(), leased: await leasedBy([first, second, restarted]) }).toEqual(before);
      const states = await Promise.all([stateOf(first), stateOf(second), stateOf(restarted)]);
      expect(states.flatMap((state) => state.errors)).toEqual([]);
      await expectEachOnce(raise(500, 'after-restart'));
      expectNoRepeat();
    }, 60_000);
  });
});
