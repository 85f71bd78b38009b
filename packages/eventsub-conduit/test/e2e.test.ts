import { platformAuth } from '@platform/auth';
import { createClient, PlatformEventSubError, type PlatformClient } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { eventSubConduit, type ConduitListener, type ConduitListenerOptions } from '../src/index';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
// The child-process helpers of the file store's tests: a fixture run with tsx, talking over IPC.
import { startChild, stopAll, type Child } from '../../file-store/test/helpers';
// The webhook package's test helpers: a node:http server on 127.0.0.1 and the platform's signature.
import { serve as serveHttp, sign } from '../../eventsub-webhook/test/helpers';

// These tests pass `ws` explicitly. Node's fallback to the `ws` package (see eventsub-ws's
// test/websocket-fallback.test.ts) is left out here, so that a runtime without any WebSocket class
// can be stood for.
vi.mock('../../eventsub-ws/src/websocket.node.ts', () => ({ fallbackWebSocket: () => undefined }));

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

  it('delivers an event raised right after await ready, 100 times in a row (a new listener each time)', async () => {
    // A user's first call: a new listener (a new conduit and its sessions), `await on(...).ready`, and the event at once.
    // A hundred listeners in a few seconds make more calls than a minute's budget of 800 points.
    mock.limits.budget = 10_000;
    let handedOver = 0;
    let delivered = 0;
    for (let round = 0; round < 100; round++) {
      const listener = eventSubConduit(client, { webSocket: WebSocket, shardCount: 2, onError: (error) => errors.push(error) });
      let calls = 0;
      await listener.on('stream.online', { broadcaster_user_id: '5006' }, () => void calls++).ready;
      const handed = mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5006', id: `round-${round}` });
      handedOver += handed;
      // Nothing to wait for when the platform had no enabled shard to hand it to.
      await until(() => calls === 1, handed === 0 ? 0 : 2000).catch(() => undefined);
      delivered += calls;
      // A conduit lives until deleteConduit(): close() alone would leave 100 conduits behind (the platform allows 5).
      await listener.deleteConduit();
    }
    expect({ handedOver, delivered }).toEqual({ handedOver: 100, delivered: 100 });
    expect(errors).toEqual([]);
  }, 30_000);

  it('delivers a message a shard receives again with the same message ID once', async () => {
    const listener = serve();
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '5005' }, (event) => seen.push(event.id)).ready;
    await until(() => enabledShards().length === 1);
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5005', id: 'first' });
    await until(() => seen.length === 1);
    const delivery = mock.eventsub.deliveries.find((each) => each.kind === 'notification' && each.type === 'stream.online')!;
    expect(delivery).toMatchObject({ method: 'websocket', shardId: '0' });
    expect(mock.eventsub.redeliver(delivery.messageId)).toBe('sent');
    // The next message comes after the repeat on the same socket: once it is in, the repeat was read.
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5005', id: 'second' });
    await until(() => seen.length === 2);
    expect(seen).toEqual(['first', 'second']);
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

  it('counts per shard in stats() and logs connects, binds, drops, handoffs and events', async () => {
    const lines: { level: string; message: string }[] = [];
    // What the client's `logger` option will set (already filtered and redacted by core).
    (clientCore(client) as unknown as { log: (level: string, message: string) => void }).log = (level, message) => lines.push({ level, message });
    const listener = serve({ shardCount: 2 });
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '5007' }, (event) => seen.push(event.id)).ready;
    await until(() => enabledShards().length === 2);
    for (let n = 1; n <= 6; n++) mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5007', id: `e${n}` });
    await until(() => seen.length === 6);
    const notifications = () => mock.eventsub.deliveries.filter((each) => each.kind === 'notification' && each.type === 'stream.online');
    // Two repeats, on the shards they went to.
    const [one, two] = notifications();
    expect(mock.eventsub.redeliver(one!.messageId)).toBe('sent');
    expect(mock.eventsub.redeliver(two!.messageId)).toBe('sent');
    await until(() => listener.stats().duplicates === 2);
    // Shard 0 moves to a new socket (session_reconnect), shard 1 drops and is bound again.
    const sessionOf = (shardId: string) => listener.shards.find((shard) => shard.id === shardId)!.sessionId!;
    const zero = sessionOf('0');
    const one1 = sessionOf('1');
    mock.eventsub.reconnectSession(zero);
    await until(() => listener.stats().handoffs === 1);
    mock.eventsub.dropSession(one1);
    await until(() => listener.shards.every((shard) => shard.bound) && sessionOf('1') !== one1 && enabledShards().length === 2);
    for (let n = 7; n <= 10; n++) mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5007', id: `e${n}` });
    await until(() => seen.length === 10);

    // The drop disabled shard 1: the platform said so with a conduit.shard.disabled event, which the
    // listener's own subscription received (delivered too, and counted).
    await until(() => listener.stats().delivered === 11);
    const disabled = mock.eventsub.deliveries.filter((each) => each.kind === 'notification' && each.type === 'conduit.shard.disabled');
    expect(disabled).toHaveLength(1);
    const stats = listener.stats();
    expect(stats).toMatchObject({ transport: 'conduit', delivered: 11, duplicates: 2, drops: 1, reconnects: 1, handoffs: 1, refused: 0, revocations: 0, subscriptions: 2 });
    const perShard = (shardId: string) => [...notifications(), ...disabled].filter((each) => each.shardId === shardId);
    const firstOf = (shardId: string) => new Set(perShard(shardId).map((each) => each.messageId)).size;
    expect(stats.connections).toEqual([
      { transport: 'websocket', sessionId: zero, shardId: '0', connected: true, subscriptions: 0, delivered: firstOf('0'), duplicates: [one, two].filter((each) => each!.shardId === '0').length, drops: 0, reconnects: 0, handoffs: 1, lastKeepaliveAt: undefined },
      { transport: 'websocket', sessionId: sessionOf('1'), shardId: '1', connected: true, subscriptions: 0, delivered: firstOf('1'), duplicates: [one, two].filter((each) => each!.shardId === '1').length, drops: 1, reconnects: 1, handoffs: 0, lastKeepaliveAt: undefined },
    ]);
    expect(firstOf('0') + firstOf('1')).toBe(11);

    const messages = (level: string, pattern: RegExp) => lines.filter((line) => line.level === level && pattern.test(line.message)).map((line) => line.message);
    expect(messages('info', / connected: /).sort()).toEqual([`EventSub conduit: shard 0 connected: session ${zero} welcomed`, `EventSub conduit: shard 1 connected: session ${one1} welcomed`].sort());
    expect(messages('info', /reconnected: /)).toEqual([`EventSub conduit: shard 1 reconnected: session ${sessionOf('1')} welcomed`]);
    expect(messages('info', /bound to/).sort()).toEqual(
      [`EventSub conduit: shard 0 bound to session ${zero}`, `EventSub conduit: shard 1 bound to session ${one1}`, `EventSub conduit: shard 1 bound to session ${sessionOf('1')}`].sort(),
    );
    expect(messages('info', /moved to a new connection/)).toEqual([`EventSub conduit: shard 0 session ${zero} moved to a new connection (session_reconnect)`]);
    expect(messages('warn', /dropped/)).toEqual([expect.stringMatching(new RegExp(`^EventSub conduit: shard 1 session ${one1} dropped`))]);
    expect(messages('debug', /^EventSub conduit: delivered stream\.online message \S+$/)).toHaveLength(10);
    expect(messages('debug', /^EventSub conduit: dropped repeated message /)).toHaveLength(2);
    for (const line of lines) expect(line.message).not.toContain(clientSecret);
    expect(errors).toEqual([]);
  });

  it('close() deletes nothing: the subscriptions and the conduit it created stay; deleteConduit() deletes the conduit, its subscriptions with it', async () => {
    const listener = serve();
    const conduitId = await listener.conduitId;
    const handle = listener.on('stream.online', { broadcaster_user_id: '5002' }, () => undefined);
    await handle.ready;
    const enabled = () => mock.eventsub.subscriptions({ status: 'enabled' }).map((each) => each.type).sort();
    expect(enabled()).toEqual(['conduit.shard.disabled', 'stream.online']);
    await listener.close();
    expect(enabled()).toEqual(['conduit.shard.disabled', 'stream.online']);
    expect(mock.eventsub.conduits()).toMatchObject([{ id: conduitId }]);
    expect(mock.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    // Another process (or a restart) serves the same conduit and gets the events.
    const next = serve({ conduitId });
    const seen: string[] = [];
    await next.on('stream.online', { broadcaster_user_id: '5002' }, (event) => seen.push(event.id)).ready;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5002', id: 'after-close' });
    await until(() => seen.length === 1);
    // The teardown: the conduit goes, and with it every subscription on it; the listener is closed.
    await next.deleteConduit();
    expect(next.closed).toBe(true);
    expect(mock.eventsub.conduits()).toEqual([]);
    expect(enabled()).toEqual([]);
    expect(mock.eventsub.subscriptions({ type: 'stream.online' })).toMatchObject([{ status: 'conduit_deleted' }]);
    expect(mock.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/eventsub/conduits']);
    // Already gone: the platform's 404 reaches the caller.
    await expect(listener.deleteConduit()).rejects.toMatchObject({ status: 404 });
    expect(errors).toEqual([]);
  });

  it('deleteConduit() that the platform refuses rejects and leaves the listener running', async () => {
    const listener = serve();
    await listener.on('stream.online', { broadcaster_user_id: '5002' }, () => undefined).ready;
    mock.fault({ route: 'DELETE /eventsub/conduits', times: 1, fault: { kind: 'status', status: 400 } });
    await expect(listener.deleteConduit()).rejects.toMatchObject({ status: 400 });
    expect(listener.closed).toBe(false);
    expect(mock.eventsub.conduits()).toHaveLength(1);
    await listener.deleteConduit();
    expect(mock.eventsub.conduits()).toEqual([]);
  });

  it.each([
    ['WebSocket sessions', undefined],
    ['webhook callbacks', 'child-process-webhook-secret'],
  ])('serves a conduit of 4 shards from 2 processes (the second one with %s), each event received once', async (_, webhookSecret) => {
    const broadcasters = Array.from({ length: 24 }, (_, i) => String(5000 + i));
    const listener = serve({ shardCount: 4, shards: [0, 1] });
    const conduitId = await listener.conduitId;
    const received: string[] = [];
    await Promise.all(broadcasters.map((id) => listener.on('stream.online', { broadcaster_user_id: id }, (event) => received.push(event.id)).ready));
    const child = startChild(fileURLToPath(new URL('fixtures/shard-process.ts', import.meta.url)), { clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, conduitId, shards: [2, 3], broadcasters, webhookSecret });
    children.push(child);
    await Promise.all([child.next('bound'), child.next('subscribed')]);
    await until(() => enabledShards().length === 4);
    const methods = mock.eventsub.conduits()[0]!.shards.map((shard) => (shard.transport as { method: string }).method);
    expect(methods).toEqual(webhookSecret ? ['websocket', 'websocket', 'webhook', 'webhook'] : ['websocket', 'websocket', 'websocket', 'websocket']);

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

describe('conduit listener with webhook callbacks as shards', () => {
  const secret = 'conduit-webhook-secret-42';
  let server: Awaited<ReturnType<typeof serveHttp>>;
  /** Each request the callback received, with the status it was answered with. */
  let requests: { type: string | undefined; status: number; headers: IncomingMessage['headers']; body: string }[];
  /** When set, the callback answers every challenge with 403 instead of handing it on. */
  let refuseChallenges = false;
  let handler: ConduitListener['handler'] = () => undefined;

  beforeEach(async () => {
    requests = [];
    refuseChallenges = false;
    server = await serveHttp((request, response) => {
      const entry = { type: request.headers['twitch-eventsub-message-type'] as string | undefined, status: 0, headers: request.headers, body: '' };
      requests.push(entry);
      request.on('data', (chunk: Buffer) => (entry.body += chunk.toString('utf8')));
      response.on('finish', () => (entry.status = response.statusCode));
      if (refuseChallenges && entry.type === 'webhook_callback_verification') {
        request.resume();
        response.writeHead(403).end();
        return;
      }
      handler(request, response);
    });
  });

  afterEach(async () => {
    for (const listener of listeners) await listener.close();
    await server.close();
  });

  function serveWebhook(options: ConduitListenerOptions = {}): ConduitListener {
    const listener = serve({ webhook: { callback: server.url, secret }, ...options });
    handler = listener.handler;
    return listener;
  }

  it('assigns the callback to each shard, answers the shard challenges and receives events once, without any WebSocket', async () => {
    const connects: unknown[] = [];
    const listener = serveWebhook({ shardCount: 2, onConnect: (event) => connects.push(event) });
    const conduitId = await listener.conduitId;
    await until(() => listener.shards.every((shard) => shard.bound) && enabledShards().length === 2);
    expect(listener.shards).toEqual([
      { id: '0', transport: 'webhook', bound: true, sessionId: undefined, adopted: false, boundElsewhere: false, leased: undefined },
      { id: '1', transport: 'webhook', bound: true, sessionId: undefined, adopted: false, boundElsewhere: false, leased: undefined },
    ]);
    const binds = mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards');
    expect(binds.map((request) => request.body)).toEqual([
      { conduit_id: conduitId, shards: [{ id: '0', transport: { method: 'webhook', callback: server.url, secret } }] },
      { conduit_id: conduitId, shards: [{ id: '1', transport: { method: 'webhook', callback: server.url, secret } }] },
    ]);
    const challenges = requests.filter((request) => request.type === 'webhook_callback_verification');
    expect(challenges.map((request) => request.status)).toEqual([200, 200]);
    expect(mock.eventsub.sessions()).toEqual([]);
    expect(connects).toEqual([]);

    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '5003' }, (event) => seen.push(event.id)).ready;
    mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5003', id: 'first' });
    await until(() => seen.length === 1);
    // The platform sends the same delivery again (same message ID): answered, not handed on twice.
    const sent = mock.eventsub.deliveries.find((each) => each.kind === 'notification' && each.type === 'stream.online')!;
    expect(sent).toMatchObject({ method: 'webhook', target: server.url });
    mock.eventsub.redeliver(sent.messageId);
    await until(() => requests.filter((request) => request.type === 'notification').length === 2);
    await until(() => requests.filter((request) => request.type === 'notification').every((request) => request.status === 204));
    const delivery = requests.find((request) => request.type === 'notification')!;
    // A tampered body: 403 and no handler call.
    const tampered = await fetch(server.url, { method: 'POST', headers: headersOf(delivery), body: delivery.body.replace('first', 'forged') });
    expect(tampered.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['first']);
    expect(errors).toEqual([]);
  });

  it('shows each webhook shard in stats() and counts deliveries, repeats and refused requests for the listener', async () => {
    const lines: { level: string; message: string }[] = [];
    (clientCore(client) as unknown as { log: (level: string, message: string) => void }).log = (level, message) => lines.push({ level, message });
    const listener = serveWebhook({ shardCount: 2 });
    await until(() => listener.shards.every((shard) => shard.bound));
    const seen: string[] = [];
    await listener.on('stream.online', { broadcaster_user_id: '5004' }, (event) => seen.push(event.id)).ready;
    for (let n = 1; n <= 3; n++) mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5004', id: `w${n}` });
    await until(() => seen.length === 3);
    const sent = mock.eventsub.deliveries.find((each) => each.kind === 'notification' && each.type === 'stream.online')!;
    mock.eventsub.redeliver(sent.messageId);
    await until(() => listener.stats().duplicates === 1);
    const delivery = requests.find((request) => request.type === 'notification')!;
    expect((await fetch(server.url, { method: 'POST', headers: headersOf(delivery), body: delivery.body.replace('w1', 'forged') })).status).toBe(403);

    const empty = { delivered: 0, duplicates: 0, drops: 0, reconnects: 0, handoffs: 0, lastKeepaliveAt: undefined };
    const { totalCost, maxTotalCost, ...stats } = listener.stats();
    // As the platform's last create answer gave them.
    expect(typeof totalCost).toBe('number');
    expect(typeof maxTotalCost).toBe('number');
    expect(stats).toEqual({
      transport: 'conduit',
      delivered: 3,
      duplicates: 1,
      drops: 0,
      reconnects: 0,
      handoffs: 0,
      lastKeepaliveAt: undefined,
      refused: 1,
      revocations: 0,
      revokedBy: {},
      subscriptions: 2,
      takeovers: 0,
      handedBack: 0,
      adopted: [],
      connections: [
        { transport: 'webhook', sessionId: undefined, shardId: '0', connected: true, subscriptions: 0, ...empty },
        { transport: 'webhook', sessionId: undefined, shardId: '1', connected: true, subscriptions: 0, ...empty },
      ],
    });
    const messages = (level: string, pattern: RegExp) => lines.filter((line) => line.level === level && pattern.test(line.message)).map((line) => line.message);
    expect(messages('info', /bound to/).sort()).toEqual(['EventSub conduit: shard 0 bound to the webhook callback', 'EventSub conduit: shard 1 bound to the webhook callback']);
    expect(messages('debug', /answered the verification challenge/).sort()).toEqual([
      'EventSub conduit: answered the verification challenge of shard 0',
      'EventSub conduit: answered the verification challenge of shard 1',
    ]);
    expect(messages('warn', /refused/)).toEqual([`EventSub conduit: refused a request with 403: bad signature (message ${String(delivery.headers['twitch-eventsub-message-id'])})`]);
    for (const line of lines) {
      expect(line.message).not.toContain(secret);
      expect(line.message).not.toContain(clientSecret);
    }
    expect(errors).toEqual([]);
  });

  it('delivers an event raised right after await ready, 100 times in a row (a new listener with webhook shards each time)', async () => {
    // A user's first call: a new listener (a new conduit, its callback verified), `await on(...).ready`, and the event at once.
    // A hundred listeners in a few seconds make more calls than a minute's budget of 800 points.
    mock.limits.budget = 10_000;
    let handedOver = 0;
    let delivered = 0;
    for (let round = 0; round < 100; round++) {
      const listener = eventSubConduit(client, { webhook: { callback: server.url, secret }, shardCount: 2, onError: (error) => errors.push(error) });
      handler = listener.handler;
      let calls = 0;
      await listener.on('stream.online', { broadcaster_user_id: '5007' }, () => void calls++).ready;
      const handed = mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5007', id: `round-${round}` });
      handedOver += handed;
      // Nothing to wait for when the platform had no enabled shard to hand it to.
      await until(() => calls === 1, handed === 0 ? 0 : 2000).catch(() => undefined);
      delivered += calls;
      // A conduit lives until deleteConduit(): close() alone would leave 100 conduits behind (the platform allows 5).
      await listener.deleteConduit();
    }
    expect({ handedOver, delivered }).toEqual({ handedOver: 100, delivered: 100 });
    expect(errors).toEqual([]);
  }, 30_000);

  it('counts a webhook shard bound, and resolves ready, only once the platform lists the shard enabled', async () => {
    // The first reads of the shards fail (503): the listener keeps reading until it sees the shard enabled.
    mock.fault({ route: 'GET /eventsub/conduits/shards', times: 2, fault: { kind: 'status', status: 503 } });
    const listener = serveWebhook();
    let calls = 0;
    const handle = listener.on('stream.online', { broadcaster_user_id: '5008' }, () => void calls++);
    await until(() => requests.some((request) => request.type === 'webhook_callback_verification' && request.status === 200));
    // Answered, but not yet read back enabled.
    expect(listener.shards[0]!.bound).toBe(false);
    await handle.ready;
    expect(listener.shards[0]!.bound).toBe(true);
    const reads = mock.requests.filter((request) => request.method === 'GET' && request.path === '/eventsub/conduits/shards');
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.at(-1)!.status).toBe(200);
    expect(mock.eventsub.trigger('stream.online', { broadcaster_user_id: '5008' })).toBe(1);
    await until(() => calls === 1);
    expect(errors).toEqual([]);
  });

  it('binds a webhook shard again when the platform lists it failed after the challenge was answered', async () => {
    // The first challenge's answer reaches the platform altered (same length, wrong text), so the
    // platform fails the verification that the listener believes it passed.
    let alter = true;
    const listener = serveWebhook();
    handler = (request, response) => {
      if (alter && request.headers['twitch-eventsub-message-type'] === 'webhook_callback_verification') {
        alter = false;
        const end = response.end.bind(response) as (chunk: string) => ServerResponse;
        response.end = ((chunk: string) => end([...chunk].reverse().join(''))) as ServerResponse['end'];
      }
      listener.handler(request, response);
    };
    const handle = listener.on('stream.online', { broadcaster_user_id: '5009' }, () => undefined);
    await handle.ready;
    expect(listener.shards[0]!.bound).toBe(true);
    expect(requests.filter((request) => request.type === 'webhook_callback_verification')).toHaveLength(2);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'Could not bind the webhook callback: the platform lists shard 0 as webhook_callback_verification_failed after its challenge was answered, not enabled.',
    ]);
    expect(enabledShards()).toHaveLength(1);
  });

  it('refuses a challenge for a shard it does not serve, or for another conduit', async () => {
    const listener = serveWebhook({ shardCount: 2, shards: [1] });
    const conduitId = await listener.conduitId;
    await until(() => listener.shards[0]!.bound);
    for (const conduitShard of [{ conduit_id: conduitId, shard: '0' }, { conduit_id: 'another-conduit', shard: '1' }]) {
      const body = JSON.stringify({ challenge: 'not-mine', conduit_shard: conduitShard });
      const id = `challenge-${conduitShard.shard}`;
      const timestamp = new Date().toISOString();
      const answer = await fetch(server.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Twitch-Eventsub-Message-Id': id,
          'Twitch-Eventsub-Message-Timestamp': timestamp,
          'Twitch-Eventsub-Message-Type': 'webhook_callback_verification',
          'Twitch-Eventsub-Message-Signature': sign(secret, id, timestamp, body),
        },
        body,
      });
      expect(answer.status).toBe(403);
    }
  });

  it('reports an unverified callback once, then assigns the shard again until the challenge is answered', async () => {
    refuseChallenges = true;
    const listener = serveWebhook({ webhook: { callback: server.url, secret, verificationTimeoutMs: 100 } });
    handler = listener.handler;
    const conduitId = await listener.conduitId;
    const binds = () => mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards').length;
    await until(() => binds() >= 3, 10_000);
    expect(listener.shards[0]!.bound).toBe(false);
    refuseChallenges = false;
    await until(() => listener.shards[0]!.bound && enabledShards().length === 1, 15_000);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    expect((errors[0] as Error).message).toBe('Could not bind the webhook callback: the platform did not verify the callback of shard 0 within 0.1 seconds.');
    expect(mock.eventsub.conduits()).toMatchObject([{ id: conduitId, shards: [{ id: '0', status: 'enabled' }] }]);
  }, 30_000);

  it('assigns a shard again after a conduit.shard.disabled event', async () => {
    const listener = serveWebhook();
    const conduitId = await listener.conduitId;
    // The listener counts the shard bound once it has answered; the platform enables it once it has read the answer.
    await until(() => listener.shards[0]!.bound && enabledShards().length === 1 && mock.eventsub.subscriptions({ type: 'conduit.shard.disabled', status: 'enabled' }).length === 1);
    const challenges = () => requests.filter((request) => request.type === 'webhook_callback_verification' && request.status === 200).length;
    expect(challenges()).toBe(1);
    mock.eventsub.trigger('conduit.shard.disabled', { conduit_id: conduitId, shard_id: '0', status: 'notification_failures_exceeded', transport: { method: 'webhook', callback: server.url } });
    await until(() => challenges() === 2 && listener.shards[0]!.bound);
    expect(errors).toEqual([]);
  });

  it('refuses pending subscriptions when the conduit does not exist', async () => {
    const listener = serveWebhook({ conduitId: 'no-such-conduit' });
    const handle = listener.on('stream.online', { broadcaster_user_id: '5004' }, () => undefined);
    const message = 'Could not bind the webhook callback: the conduit no-such-conduit does not exist or belongs to another client.';
    await expect(listener.conduitId).rejects.toThrow(message);
    await expect(handle.ready).rejects.toThrow(message);
  });

  it('checks the webhook option with the webhook listener\'s messages, and needs no WebSocket class', () => {
    expect(() => eventSubConduit(client, { webhook: { callback: server.url, secret: 'short' } })).toThrow('The webhook secret must be 10 to 100 characters long.');
    expect(() => eventSubConduit(client, { webhook: { callback: '', secret } })).toThrow('A webhook listener needs a `callback` URL and a `secret`.');
    expect(() => eventSubConduit(client, { webhook: { callback: server.url, secret, verificationTimeoutMs: -1 } })).toThrow(
      'The verificationTimeoutMs option must be a positive number of milliseconds.',
    );
    // No `webSocket` option, and this runtime's global WebSocket is not needed either.
    const global = globalThis as { WebSocket?: unknown };
    const saved = global.WebSocket;
    delete global.WebSocket;
    try {
      listeners.push(eventSubConduit(client, { webhook: { callback: server.url, secret }, onError: (error) => errors.push(error) }));
      expect(() => eventSubConduit(client, {})).toThrow('This runtime has no global WebSocket.');
    } finally {
      global.WebSocket = saved;
    }
  });

  it('answers 404 on the handlers of a listener without webhook shards', async () => {
    const listener = serve();
    expect((await listener.fetch(new Request(server.url, { method: 'POST', body: '{}' }))).status).toBe(404);
    handler = listener.handler;
    expect((await fetch(server.url, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

/** The Twitch-Eventsub headers of a recorded request, to post it again. */
function headersOf(entry: { headers: IncomingMessage['headers'] }): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.headers)) if (name.startsWith('twitch-eventsub-') || name === 'content-type') headers[name] = String(value);
  return headers;
}
