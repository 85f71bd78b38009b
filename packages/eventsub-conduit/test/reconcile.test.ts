import { platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createConduit, createSubscription, deleteSubscription } from '@platform/eventsub';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { eventSubConduit, type ConduitListener, type ConduitListenerOptions } from '../src/index';

// The conduit listener keeps the subscriptions it wants in step with the platform's list of its
// conduit: what another worker made is adopted, what is gone is made again, what was revoked for
// good is reported, and nothing of another conduit is touched.

vi.mock('../../eventsub-ws/src/websocket.node.ts', () => ({ fallbackWebSocket: () => undefined }));

const clientId = 'reconcile-app';
const clientSecret = 'reconcile-app-secret';
let mock: MockPlatform;
let client: PlatformClient;
let listeners: ConduitListener[];
let errors: unknown[];

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId, clientSecret });
  for (let i = 0; i < 3; i++) mock.addUser({ id: String(7000 + i), login: `streamer${i}` });
  client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  listeners = [];
  errors = [];
});

afterEach(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  await mock.close();
});

function serve(options: ConduitListenerOptions = {}): ConduitListener {
  const listener = eventSubConduit(client, { webSocket: WebSocket, onError: (error) => errors.push(error), watchShards: false, reconcileIntervalMs: 0, ...options });
  listeners.push(listener);
  return listener;
}

const posts = () => mock.requests.filter((request) => request.method === 'POST' && request.path === '/eventsub/subscriptions').length;
const listedFor = (conduitId: string) =>
  mock.eventsub.subscriptions().filter((each) => (each.transport as { conduit_id?: string }).conduit_id === conduitId);

describe('conduit listener: reconcile()', () => {
  it('creates again a subscription that is gone, adopts one another worker made, and touches no other conduit', async () => {
    const listener = serve();
    const conduitId = await listener.conduitId;
    const online = listener.on('stream.online', { broadcaster_user_id: '7000' }, () => undefined);
    const offline = listener.on('stream.offline', { broadcaster_user_id: '7000' }, () => undefined);
    await Promise.all([online.ready, offline.ready]);
    // Another conduit with a subscription of the same type and condition.
    const other = await createConduit(client, { shard_count: 1 });
    const theirs = await createSubscription(client, { type: 'stream.online', version: '1', condition: { broadcaster_user_id: '7000' }, transport: { method: 'conduit', conduit_id: other.id } });

    // stream.online deleted from outside; stream.offline deleted and made again by another worker.
    const first = online.id!;
    await deleteSubscription(client, { id: first });
    await deleteSubscription(client, { id: offline.id! });
    const made = await createSubscription(client, { type: 'stream.offline', version: '1', condition: { broadcaster_user_id: '7000' }, transport: { method: 'conduit', conduit_id: conduitId } });
    const before = posts();
    await listener.reconcile();
    await vi.waitFor(() => expect(online.id !== undefined && online.id !== first).toBe(true), { timeout: 5000 });
    expect(offline.id).toBe(made.id);
    // One create for the one that was gone; none for the adopted one.
    expect(posts() - before).toBe(1);
    expect(listedFor(conduitId).map((each) => each.type).sort()).toEqual(['stream.offline', 'stream.online']);
    expect(listedFor(other.id).map((each) => each.id)).toEqual([theirs.id]);
    expect(listener.stats()).toMatchObject({ subscriptions: 2, totalCost: expect.any(Number), maxTotalCost: expect.any(Number) });
    expect(errors).toEqual([]);

    // The events of the one made again arrive.
    const seen: string[] = [];
    listener.on('channel.update', { broadcaster_user_id: '7001' }, () => undefined);
    const handle = listener.on('stream.online', { broadcaster_user_id: '7002' }, () => seen.push('7002'));
    await handle.ready;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '7002' });
    await vi.waitFor(() => expect(seen).toEqual(['7002']), { timeout: 5000 });
  });

  it('adopts the subscription listed on its conduit when a 409 names none', async () => {
    // A platform whose 409 body has no `id` (as before April 2026).
    const stripping: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (answer.status !== 409) return answer;
      const { id: _id, ...body } = (await answer.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(body), { status: 409, headers: answer.headers });
    };
    client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth(), fetch: stripping });
    const listener = serve();
    const conduitId = await listener.conduitId;
    const made = await createSubscription(client, { type: 'stream.online', version: '1', condition: { broadcaster_user_id: '7000' }, transport: { method: 'conduit', conduit_id: conduitId } });
    const handle = listener.on('stream.online', { broadcaster_user_id: '7000' }, () => undefined);
    await handle.ready;
    expect(handle.id).toBe(made.id);
    expect(errors).toEqual([]);
  });

  it('reconciles every reconcileIntervalMs; 0 turns it off; a bad value is refused', async () => {
    expect(() => serve({ reconcileIntervalMs: -1 })).toThrow('The reconcileIntervalMs option must be 0 (off) or a positive number of milliseconds.');
    const listener = serve({ reconcileIntervalMs: 200 });
    const handle = listener.on('stream.online', { broadcaster_user_id: '7000' }, () => undefined);
    await handle.ready;
    const lists = () => mock.requests.filter((request) => request.method === 'GET' && request.path === '/eventsub/subscriptions').length;
    await vi.waitFor(() => expect(lists()).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await listener.close();
    const after = lists();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lists()).toBe(after);
  });
});
