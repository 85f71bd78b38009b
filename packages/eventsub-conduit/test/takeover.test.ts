/**
 * Shard takeover inside one process: several conduit listeners on one conduit stand for the
 * processes of a deployment (see takeover-processes.test.ts for real processes). Short grace and
 * check intervals keep the tests quick.
 */
import { platformAuth } from '@platform/auth';
import { createClient, PlatformEventSubError, type PlatformClient } from '@platform/core';
import { createConduit } from '@platform/eventsub';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { eventSubConduit, type ConduitListener, type ConduitListenerOptions, type ConduitShardLeases } from '../src/index';

const clientId = 'takeover-unit-app';
const clientSecret = 'takeover-unit-secret';
let mock: MockPlatform;
let client: PlatformClient;
let listeners: ConduitListener[];
let errors: Map<ConduitListener | 'any', unknown[]>;

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId, clientSecret });
  for (let i = 0; i < 8; i++) mock.addUser({ id: String(8000 + i), login: `unit${i}` });
  client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  listeners = [];
  errors = new Map();
});

afterEach(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  await mock.close();
});

const fast = { takeoverGraceMs: 100, shardCheckIntervalMs: 200 };

/** A listener standing for one process; its errors are kept apart. */
function serve(options: ConduitListenerOptions): ConduitListener {
  const own: unknown[] = [];
  const listener = eventSubConduit(client, { webSocket: WebSocket, onError: (error) => own.push(error), ...fast, ...options });
  errors.set(listener, own);
  listeners.push(listener);
  return listener;
}

const errorsOf = (listener: ConduitListener) => errors.get(listener)!;

async function until(check: () => boolean, timeoutMs = 5000, what = 'a condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The conduit's shards: ID -> `status:session`. */
const listed = () => Object.fromEntries((mock.eventsub.conduits()[0]?.shards ?? []).map((shard) => [shard.id, `${String(shard.status)}:${String((shard.transport as { session_id?: string }).session_id)}`]));
const enabledCount = () => (mock.eventsub.conduits()[0]?.shards ?? []).filter((shard) => shard.status === 'enabled').length;
const binds = () => mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards').length;
const sessionsOf = (listener: ConduitListener) => new Set(listener.shards.map((shard) => shard.sessionId));

/** Leases in memory, as `redisShardLeases()` keeps them; `failing` makes every call reject. */
function memoryLeases(): ConduitShardLeases & { held: Map<string, { owner: string; until: number }>; failing: boolean; calls: string[] } {
  const held = new Map<string, { owner: string; until: number }>();
  const store = {
    held,
    failing: false,
    calls: [] as string[],
    acquire(key: string, owner: string, ttlMs: number) {
      store.calls.push(`acquire ${key}`);
      if (store.failing) return Promise.reject(new Error('the lease store is away'));
      const lease = held.get(key);
      if (lease && lease.until > Date.now() && lease.owner !== owner) return Promise.resolve(false);
      held.set(key, { owner, until: Date.now() + ttlMs });
      return Promise.resolve(true);
    },
    renew(key: string, owner: string, ttlMs: number) {
      store.calls.push(`renew ${key}`);
      if (store.failing) return Promise.reject(new Error('the lease store is away'));
      const lease = held.get(key);
      if (!lease || lease.until <= Date.now() || lease.owner !== owner) return Promise.resolve(false);
      lease.until = Date.now() + ttlMs;
      return Promise.resolve(true);
    },
    release(key: string, owner: string) {
      store.calls.push(`release ${key}`);
      if (store.failing) return Promise.reject(new Error('the lease store is away'));
      if (held.get(key)?.owner === owner) held.delete(key);
      return Promise.resolve();
    },
  };
  return store;
}

describe('shard takeover between listeners of one conduit', () => {
  it('a closed listener\'s shards are taken over after the grace, shown as adopted; a new listener with those shards takes them back and the adopter lets go', async () => {
    const conduitId = (await createConduit(client, { shard_count: 4 })).id;
    const a = serve({ conduitId, shards: [0, 1] });
    const b = serve({ conduitId, shards: [2, 3] });
    await until(() => enabledCount() === 4);
    const seen: string[] = [];
    await a.on('stream.online', { broadcaster_user_id: '8000' }, (event) => seen.push(event.id)).ready;
    const closedAt = Date.now();
    await b.close();
    await until(() => a.shards.length === 4 && a.shards.every((shard) => shard.bound) && enabledCount() === 4, 3000, 'the takeover');
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(90);
    expect(a.shards.map(({ id, adopted, bound }) => ({ id, adopted, bound }))).toEqual([
      { id: '0', adopted: false, bound: true },
      { id: '1', adopted: false, bound: true },
      { id: '2', adopted: true, bound: true },
      { id: '3', adopted: true, bound: true },
    ]);
    expect(a.stats()).toMatchObject({ takeovers: 2, handedBack: 0, adopted: ['2', '3'] });
    expect(a.stats().connections.map((each) => each.shardId)).toEqual(['0', '1', '2', '3']);

    // B's replacement: binds its shards at start; A sees them bound elsewhere at its next check and lets go.
    const c = serve({ conduitId, shards: [2, 3] });
    await until(() => c.shards.length === 2 && c.shards.every((shard) => shard.bound), 3000, 'the new listener');
    await until(() => a.shards.length === 2, 2000, 'A to let go');
    expect(a.stats()).toMatchObject({ takeovers: 2, handedBack: 2, adopted: [] });
    const mine = sessionsOf(c);
    const now = listed();
    expect(mine.has(now['2']!.split(':')[1])).toBe(true);
    expect(mine.has(now['3']!.split(':')[1])).toBe(true);
    // Stable: two more checks of each, no binding.
    const before = { listed: listed(), binds: binds() };
    await wait(500);
    expect({ listed: listed(), binds: binds() }).toEqual(before);
    // Events of every shard arrive once.
    for (let n = 0; n < 8; n++) mock.eventsub.trigger('stream.online', { broadcaster_user_id: '8000', id: `e${n}` });
    await until(() => seen.length === 8);
    expect(errorsOf(a)).toEqual([]);
    expect(errorsOf(c)).toEqual([]);
  });

  it('takeover: false leaves another process\'s disabled shards alone', async () => {
    const conduitId = (await createConduit(client, { shard_count: 2 })).id;
    const a = serve({ conduitId, shards: [0], takeover: false });
    const b = serve({ conduitId, shards: [1] });
    await until(() => enabledCount() === 2);
    await until(() => mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    await b.close();
    await wait(600);
    expect(a.shards.map((shard) => shard.id)).toEqual(['0']);
    expect(enabledCount()).toBe(1);
    expect(errorsOf(a)).toEqual([]);
  });

  it('without the event (watchShards: false), the periodic check gives a disabled shard to the listener serving the next enabled shard after it', async () => {
    const conduitId = (await createConduit(client, { shard_count: 6 })).id;
    const a = serve({ conduitId, shards: [0, 1], watchShards: false });
    const b = serve({ conduitId, shards: [2, 3], watchShards: false });
    const c = serve({ conduitId, shards: [4, 5], watchShards: false });
    await until(() => enabledCount() === 6);
    await c.close();
    await until(() => enabledCount() === 4, 2000, 'the platform to see the close');
    // 4 and 5 are followed (cyclically) by 0, which A serves: A takes both, B none.
    await until(() => enabledCount() === 6, 3000, 'the periodic takeover');
    expect(a.stats().adopted).toEqual(['4', '5']);
    expect(b.stats().adopted).toEqual([]);
    await b.close();
    await until(() => enabledCount() === 4, 2000, 'the platform to see the close');
    // 2 and 3 are followed by 4, now A's too.
    await until(() => enabledCount() === 6, 3000, 'the second takeover');
    expect(a.stats().adopted.sort()).toEqual(['2', '3', '4', '5']);
    expect(errorsOf(a)).toEqual([]);
  });

  it('a shard taken over whose session drops looks before binding again: still free, it is bound again; bound elsewhere meanwhile, it is let go', async () => {
    const conduitId = (await createConduit(client, { shard_count: 2 })).id;
    const a = serve({ conduitId, shards: [0] });
    const b = serve({ conduitId, shards: [1] });
    await until(() => enabledCount() === 2);
    await until(() => mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    await b.close();
    await until(() => a.shards.length === 2 && a.shards[1]!.bound && enabledCount() === 2, 3000, 'the takeover');
    const adoptedSession = a.shards[1]!.sessionId!;
    mock.eventsub.dropSession(adoptedSession);
    await until(() => a.shards[1]?.bound === true && a.shards[1].sessionId !== adoptedSession && enabledCount() === 2, 3000, 'the rebind');
    expect(a.shards[1]).toMatchObject({ id: '1', adopted: true });
    // Now a listener with shard 1 starts while A's adopted session is down: A lets go instead of binding.
    mock.eventsub.silenceSession(a.shards[1]!.sessionId);
    const c = serve({ conduitId, shards: [1] });
    await until(() => c.shards[0]?.bound === true, 3000, 'the new listener');
    await until(() => a.shards.length === 1, 2000, 'A to let go');
    expect(a.stats().handedBack).toBe(1);
    expect(errorsOf(a)).toEqual([]);
  });

  it('a shard of its own found bound to another process after the start is reported once and not fought over; when that one goes, it is bound again', async () => {
    const conduitId = (await createConduit(client, { shard_count: 2 })).id;
    const a = serve({ conduitId, shards: [0, 1] });
    await until(() => a.shards.length === 2 && a.shards.every((shard) => shard.bound) && mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    // A misconfigured second process also names shard 1: it takes it at its start.
    const b = serve({ conduitId, shards: [1] });
    await until(() => b.shards[0]?.bound === true, 3000, 'B');
    await until(() => errorsOf(a).length === 1, 2000, 'the report');
    const report = errorsOf(a)[0] as Error;
    expect(report).toBeInstanceOf(PlatformEventSubError);
    expect(report.message).toBe(
      `Shard 1 of conduit ${conduitId} is one of this listener's shards, but the platform has it bound to session ${b.shards[0]!.sessionId} of another process; it is left there, and bound again here only once it is disabled.`,
    );
    expect(a.shards[1]).toMatchObject({ id: '1', bound: false, boundElsewhere: true, adopted: false });
    const before = { listed: listed(), binds: binds() };
    await wait(700);
    expect({ listed: listed(), binds: binds() }).toEqual(before);
    expect(errorsOf(a)).toHaveLength(1);
    // A new subscription's ready does not wait for the shard B serves.
    await a.on('stream.online', { broadcaster_user_id: '8001' }, () => undefined).ready;
    // B goes: the platform disables shard 1 and tells A (shard 0), which binds it again at once.
    await b.close();
    await until(() => a.shards[1]!.bound && enabledCount() === 2, 2000, 'A to bind its shard again');
    expect(a.shards[1]).toMatchObject({ boundElsewhere: false, adopted: false });
    expect(errorsOf(a)).toHaveLength(1);
  });

  it('refuses bad takeover options', () => {
    for (const name of ['takeoverGraceMs', 'shardCheckIntervalMs', 'leaseTtlMs'] as const) {
      for (const value of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '5' as unknown as number]) {
        expect(() => eventSubConduit(client, { webSocket: WebSocket, [name]: value })).toThrow(`The ${name} option must be a positive number of milliseconds.`);
      }
    }
    expect(() => eventSubConduit(client, { webSocket: WebSocket, leases: { acquire: () => true } as unknown as ConduitShardLeases })).toThrow(
      'The leases option must have acquire(key, owner, ttlMs), renew(key, owner, ttlMs) and release(key, owner) methods, such as redisShardLeases() of @platform/redis-store.',
    );
    expect(() => eventSubConduit(client, { webhook: { callback: 'https://example.org/hook', secret: 'a-secret-of-length' }, leases: memoryLeases() })).toThrow(
      'The leases option is for WebSocket shards: a webhook shard is its callback, which outlives any one process.',
    );
  });
});

describe('shard takeover with leases', () => {
  it('each listener holds and renews the leases of its shards; close() releases them, so a survivor takes the shards over without waiting for them to lapse', async () => {
    const leases = memoryLeases();
    const conduitId = (await createConduit(client, { shard_count: 4 })).id;
    const a = serve({ conduitId, shards: [0, 1], leases, leaseTtlMs: 10_000 });
    const b = serve({ conduitId, shards: [2, 3], leases, leaseTtlMs: 10_000 });
    await until(() => enabledCount() === 4 && [...a.shards, ...b.shards].every((shard) => shard.leased === true), 3000, 'the leases');
    const ownerOf = (id: string) => leases.held.get(`${conduitId}:${id}`)?.owner;
    expect(ownerOf('0')).toBe(ownerOf('1'));
    expect(ownerOf('2')).toBe(ownerOf('3'));
    expect(ownerOf('0')).not.toBe(ownerOf('2'));
    await until(() => mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    const closedAt = Date.now();
    await b.close();
    expect(leases.held.has(`${conduitId}:2`)).toBe(false);
    await until(() => a.shards.length === 4 && a.shards.every((shard) => shard.bound && shard.leased) && enabledCount() === 4, 3000, 'the takeover');
    // Well before the 10 s lease time: the leases were released, not left to lapse.
    expect(Date.now() - closedAt).toBeLessThan(2000);
    expect(ownerOf('2')).toBe(ownerOf('0'));
    expect(a.shards.map((shard) => shard.leased)).toEqual([true, true, true, true]);
    expect(errorsOf(a)).toEqual([]);
  });

  it('a dead listener\'s lease (never released) holds its shard until it lapses; then a survivor takes it', async () => {
    const leases = memoryLeases();
    const conduitId = (await createConduit(client, { shard_count: 2 })).id;
    const a = serve({ conduitId, shards: [0], leases, leaseTtlMs: 600 });
    // A process that dies never releases its leases: its store's release does nothing.
    const dying = serve({ conduitId, shards: [1], leases: { ...leases, release: () => undefined }, leaseTtlMs: 600 });
    await until(() => enabledCount() === 2 && [...a.shards, ...dying.shards].every((shard) => shard.leased === true), 3000, 'the leases');
    await until(() => mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    const lease = leases.held.get(`${conduitId}:1`)!;
    await dying.close();
    const diedAt = Date.now();
    await until(() => a.shards.length === 2 && a.shards[1]!.bound && enabledCount() === 2, 4000, 'the takeover after the lapse');
    // Not before the lease lapsed (its renewals stopped with the process), and soon after.
    expect(Date.now()).toBeGreaterThanOrEqual(lease.until);
    expect(Date.now() - diedAt).toBeLessThan(600 + 1000);
    expect(leases.held.get(`${conduitId}:1`)?.owner).toBe(leases.held.get(`${conduitId}:0`)?.owner);
    expect(a.shards[1]).toMatchObject({ adopted: true, leased: true });
    expect(errorsOf(a)).toEqual([]);
  });

  it('a lease store that fails is reported once per shard; the shards are served on, and leases are taken once it works again', async () => {
    const leases = memoryLeases();
    leases.failing = true;
    const conduitId = (await createConduit(client, { shard_count: 2 })).id;
    const a = serve({ conduitId, shards: [0, 1], leases, leaseTtlMs: 300 });
    await until(() => a.shards.length === 2 && a.shards.every((shard) => shard.bound) && errorsOf(a).length === 2, 3000, 'the reports');
    await wait(400);
    expect(errorsOf(a).map((error) => (error as Error).message).sort()).toEqual([
      'Could not take the lease of shard 0: the lease store is away The shard is served on meanwhile.',
      'Could not take the lease of shard 1: the lease store is away The shard is served on meanwhile.',
    ]);
    expect(a.shards.map((shard) => shard.leased)).toEqual([false, false]);
    leases.failing = false;
    await until(() => a.shards.every((shard) => shard.leased === true), 2000, 'the leases');
    expect(errorsOf(a)).toHaveLength(2);
  });

  it('a lease store that hangs does not hold the renewals up: each call gives up after half the lease time', async () => {
    const leases = memoryLeases();
    const conduitId = (await createConduit(client, { shard_count: 1 })).id;
    let hang = false;
    const hanging: ConduitShardLeases = {
      acquire: (...args) => (hang ? new Promise<boolean>(() => undefined) : leases.acquire(...args)),
      renew: (...args) => (hang ? new Promise<boolean>(() => undefined) : leases.renew(...args)),
      release: (...args) => leases.release(...args),
    };
    const a = serve({ conduitId, leases: hanging, leaseTtlMs: 400 });
    await until(() => a.shards[0]?.leased === true, 3000, 'the lease');
    hang = true;
    await until(() => errorsOf(a).length === 1, 2000, 'the report');
    expect((errorsOf(a)[0] as Error).message).toBe('Could not renew the lease of shard 0: the lease store did not answer within 200 ms. The shard is served on meanwhile.');
    hang = false;
    expect(a.shards[0]!.bound).toBe(true);
  });
});
