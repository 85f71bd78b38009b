import { platformAuth } from '@platform/auth';
import { createClient, PlatformEventSubError, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { eventSubConduit, type ConduitListener, type ConduitListenerOptions } from '../src/index';
import { fileURLToPath } from 'node:url';
// The child-process helpers of the file store's tests: a fixture run with tsx, talking over IPC.
import { startChild, stopAll, type Child } from '../../file-store/test/helpers';

const clientId = 'conduit-app';
const clientSecret = 'conduit-app-secret';
let mock: MockPlatform;
let client: PlatformClient;
let listeners: ConduitListener[];
let errors: unknown[];
let children: Child[];

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId, clientSecret });
  for (let i = 0; i < 24; i++) mock.addUser({ id: String(5000 + i), login: `caster${i}` });
  client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  listeners = [];
  errors = [];
  children = [];
});

afterEach(async () => {
  await stopAll(children);
  await Promise.all(listeners.map((listener) => listener.close()));
  await mock.close();
});

function serve(options: ConduitListenerOptions = {}): ConduitListener {
  const listener = eventSubConduit(client, { webSocket: WebSocket, onError: (error) => errors.push(error), ...options });
  listeners.push(listener);
  return listener;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const enabledShards = () => mock.eventsub.conduits().flatMap((conduit) => conduit.shards).filter((shard) => shard.status === 'enabled');
const subscriptionPosts = () => mock.requests.filter((request) => request.method === 'POST' && request.path === '/eventsub/subscriptions');

describe('conduit listener against the mock platform', () => {
  it('creates a conduit, binds a session to each shard, and subscribes with the conduit transport and the app token', async () => {
    const shardsConnected: string[] = [];
    const listener = serve({ shardCount: 2, onConnect: ({ shardId }) => shardsConnected.push(shardId!) });
    const conduitId = await listener.conduitId;
    const seen: string[] = [];
    const handle = listener.on('stream.online', { broadcaster_user_id: '5000' }, (event) => seen.push(event.broadcaster_user_id));
    await handle.ready;
    await until(() => enabledShards().length === 2 && shardsConnected.length === 2);
    expect(shardsConnected.sort()).toEqual(['0', '1']);
    expect(mock.eventsub.conduits()).toMatchObject([{ id: conduitId, shard_count: 2 }]);
    const created = subscriptionPosts().find((request) => (request.body as { type: string }).type === 'stream.online')!;
    expect(created.body).toMatchObject({ transport: { method: 'conduit', conduit_id: conduitId } });
    expect(mock.state.tokens.get(created.token!)?.userId).toBeUndefined();
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5000' });
    await until(() => seen.length === 1);
    expect(seen).toEqual(['5000']);
    expect(errors).toEqual([]);
  });

  it('after a drop binds the new session to the same shard and subscribes nothing again', async () => {
    const disconnects: unknown[] = [];
    const listener = serve({ onDisconnect: (event) => disconnects.push(event) });
    await listener.on('stream.online', { broadcaster_user_id: '5001' }, () => undefined).ready;
    await until(() => enabledShards().length === 1);
    const before = enabledShards()[0]!;
    const posts = subscriptionPosts().length;
    mock.eventsub.dropSession();
    await until(() => enabledShards().length === 1 && JSON.stringify(enabledShards()[0]) !== JSON.stringify(before));
    expect(disconnects).toHaveLength(1);
    expect(disconnects[0]).toMatchObject({ shardId: '0' });
    expect(subscriptionPosts()).toHaveLength(posts);
    const seen: string[] = [];
    listener.on('stream.offline', { broadcaster_user_id: '5001' }, (event) => seen.push(event.broadcaster_user_id));
    await until(() => mock.eventsub.subscriptions({ type: 'stream.offline' }).length === 1);
    mock.eventsub.trigger('stream.offline', { broadcaster_user_id: '5001' });
    await until(() => seen.length === 1);
  });

  it('binds a shard again after a conduit.shard.disabled event', async () => {
    const listener = serve();
    const conduitId = await listener.conduitId;
    await until(() => enabledShards().length === 1 && mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    const binds = () => mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards').length;
    const before = binds();
    mock.eventsub.trigger('conduit.shard.disabled', { conduit_id: conduitId, shard_id: '0', status: 'websocket_disconnected' });
    await until(() => binds() === before + 1);
    expect(mock.requests.filter((request) => request.method === 'PATCH').at(-1)!.body).toMatchObject({
      conduit_id: conduitId,
      shards: [{ id: '0', transport: { method: 'websocket', session_id: listener.shards[0]!.sessionId ?? expect.any(String) } }],
    });
    expect(errors).toEqual([]);
  });

  it('reports a temporary bind failure once and binds on a later attempt', async () => {
    mock.fault({ route: 'PATCH /eventsub/conduits/shards', times: 2, fault: { kind: 'status', status: 503 } });
    const listener = serve();
    await listener.conduitId;
    await until(() => enabledShards().length === 1, 10_000);
    const bindErrors = errors.filter((error) => error instanceof PlatformEventSubError && error.message.startsWith('Could not bind the WebSocket session: '));
    expect(bindErrors).toHaveLength(1);
  });

  it('close() deletes its subscriptions and the conduit it created', async () => {
    const listener = serve();
    await listener.on('stream.online', { broadcaster_user_id: '5002' }, () => undefined).ready;
    await listener.close();
    expect(mock.eventsub.subscriptions({ status: 'enabled' })).toEqual([]);
    expect(mock.eventsub.conduits()).toEqual([]);
  });

  it('serves a conduit of 4 shards from 2 processes, each event received once', async () => {
    const broadcasters = Array.from({ length: 24 }, (_, i) => String(5000 + i));
    const listener = serve({ shardCount: 4, shards: [0, 1] });
    const conduitId = await listener.conduitId;
    const received: string[] = [];
    await Promise.all(broadcasters.map((id) => listener.on('stream.online', { broadcaster_user_id: id }, (event) => received.push(event.id)).ready));
    const child = startChild(fileURLToPath(new URL('fixtures/shard-process.ts', import.meta.url)), { clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, conduitId, shards: [2, 3], broadcasters });
    children.push(child);
    await Promise.all([child.next('bound'), child.next('subscribed')]);
    await until(() => enabledShards().length === 4);

    const sent: string[] = [];
    for (let round = 0; round < 5; round++) {
      for (const id of broadcasters) {
        const eventId = `stream-${id}-${round}`;
        sent.push(eventId);
        mock.eventsub.trigger('stream.online', { broadcaster_user_id: id, id: eventId });
      }
    }
    const report = async () => {
      const waiting = new Promise<{ received: string[]; errors: string[] }>((resolve) => {
        child.process.once('message', (message: { type: string; received: string[]; errors: string[] }) => resolve(message));
      });
      child.send({ type: 'report' });
      return waiting;
    };
    let other: { received: string[]; errors: string[] } = { received: [], errors: [] };
    const end = Date.now() + 10_000;
    while (received.length + other.received.length < sent.length && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      other = await report();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    other = await report();
    const all = [...received, ...other.received];
    expect(all.length).toBe(sent.length);
    expect(new Set(all).size).toBe(sent.length);
    expect(new Set(all)).toEqual(new Set(sent));
    // Both processes served part of the traffic.
    expect(received.length).toBeGreaterThan(0);
    expect(other.received.length).toBeGreaterThan(0);
    expect(other.errors).toEqual([]);
    expect(errors).toEqual([]);
  }, 30_000);
});
