import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startConduitWorker, type ConduitWorker, type ConduitWorkerSettings } from '../conduit-worker/worker.ts';
import { subscriptionsOf, until } from './helpers.ts';

// The conduit worker example against the mock platform: workers serve the shards of one conduit
// over real WebSocket sessions, and the platform spreads the events over them.

let mock: MockPlatform;
let workers: ConduitWorker[];
let streamers: MockUser[];
let received: { worker: number; type: string; login: string }[];

const logins = ['pixelforge', 'quietfox', 'mossmod', 'emberline'];
/** The workers' stream subscriptions (the listener also watches `conduit.shard.disabled` of its conduit). */
const streamSubscriptions = () => subscriptionsOf(mock).filter((subscription) => subscription.type.startsWith('stream.'));

async function start(worker: number, settings: Partial<ConduitWorkerSettings>): Promise<ConduitWorker> {
  const started = await startConduitWorker({
    clientId: 'conduit-app',
    clientSecret: 'conduit-app-secret',
    channels: logins,
    platform: mock,
    onEvent: (event) => received.push({ worker, ...event }),
    ...settings,
  });
  workers.push(started);
  return started;
}

beforeEach(async () => {
  // Round robin: each shard gets every other event, so both workers are seen at work.
  mock = await createMockPlatform({ eventsub: { conduitRouting: 'round-robin' } });
  mock.addClient({ clientId: 'conduit-app', clientSecret: 'conduit-app-secret' });
  streamers = logins.map((login) => mock.addUser({ login }));
  workers = [];
  received = [];
});

afterEach(async () => {
  for (const worker of workers.reverse()) await worker.close();
  await mock.close();
});

describe('the conduit worker example', () => {
  it('one worker creates a conduit and serves its only shard', async () => {
    const worker = await start(0, {});
    expect(mock.eventsub.conduits()).toEqual([expect.objectContaining({ id: worker.conduitId, shard_count: 1 })]);
    expect(worker.shards).toEqual([expect.objectContaining({ id: '0', transport: 'websocket', bound: true })]);
    const subscriptions = streamSubscriptions();
    expect(subscriptions).toHaveLength(8);
    expect(subscriptions.every((subscription) => subscription.transport.method === 'conduit' && subscription.transport.conduit_id === worker.conduitId)).toBe(true);
    mock.streams.start(streamers[0]!.id);
    await until(() => received.length === 1, 'stream.online');
    expect(received).toEqual([{ worker: 0, type: 'stream.online', login: 'pixelforge' }]);
  });

  it('two workers share a conduit of two shards: every event arrives once, spread over both', async () => {
    const first = await start(0, { shardCount: 2, shards: [0] });
    const second = await start(1, { conduitId: first.conduitId, shards: [1] });
    expect(second.conduitId).toBe(first.conduitId);
    expect(mock.eventsub.conduits()[0]!.shards.map((shard) => shard.status)).toEqual(['enabled', 'enabled']);
    // The second worker's subscriptions were already there: the platform keeps one of each.
    // The second worker's subscriptions were already there: the platform keeps one of each.
    expect(streamSubscriptions()).toHaveLength(8);

    for (const streamer of streamers) mock.streams.start(streamer.id);
    await until(() => received.length === 4, 'four stream.online events');
    expect(received.map((event) => event.login).sort()).toEqual([...logins].sort());
    expect([first.received, second.received]).toEqual([2, 2]);
    for (const streamer of streamers) mock.streams.stop(streamer.id);
    await until(() => received.length === 8, 'four stream.offline events');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(8);
  });

  it('deletes nothing on close (the other workers go on), and the conduit with its subscriptions on teardown', async () => {
    const worker = await start(0, { shardCount: 2 });
    await worker.close();
    expect(mock.eventsub.conduits()).toHaveLength(1);
    expect(subscriptionsOf(mock).length).toBeGreaterThan(0);
    await worker.teardown();
    workers = [];
    expect(mock.eventsub.conduits()).toEqual([]);
    expect(subscriptionsOf(mock).every((each) => each.status === 'conduit_deleted')).toBe(true);
  });
});
