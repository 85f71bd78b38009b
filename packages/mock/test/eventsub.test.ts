import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMockPlatform, type MockPlatform } from '../src/index';
import { signature } from '../src/eventsub/webhook';

// End-to-end tests of the fake EventSub over real sockets: a `ws` client for the WebSocket
// transport, plain fetch for the Helix calls, and a node:http server as the webhook receiver.

// Payloads are read loosely: the assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

interface Frame {
  metadata: { message_id: string; message_type: string; message_timestamp: string; subscription_type?: string; subscription_version?: string };
  payload: Loose;
}

/** A WebSocket client that keeps every frame, for `next()` to take in order. */
interface Client {
  socket: WebSocket;
  frames: Frame[];
  /** The next frame not yet taken (of a message type, if given). */
  next(type?: string, timeoutMs?: number): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
}

const nanoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/;

let mock: MockPlatform;
let appToken: string;
let streamerToken: string;
let streamerId: string;
let viewerId: string;
const clientId = 'test-app';
const clients: Client[] = [];
const servers: Server[] = [];

beforeEach(async () => {
  mock = await createMockPlatform();
  // Fast timings; the defaults are the platform's.
  mock.eventsub.configure({ pingIntervalMs: null, webhookRetryDelaysMs: [20, 20], webhookTimeoutMs: 1000, reconnectGraceMs: 100 });
  mock.addClient({ clientId });
  streamerId = mock.addUser({ login: 'Streamer' }).id;
  viewerId = mock.addUser({ login: 'Viewer' }).id;
  streamerToken = mock.issueToken({ clientId, userId: streamerId, scopes: ['moderator:read:followers', 'channel:read:subscriptions', 'user:read:chat', 'bits:read'] }).accessToken;
  appToken = mock.issueToken({ clientId }).accessToken;
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  for (const server of servers.splice(0)) server.close();
  await mock.close();
});

async function connect(url = mock.eventSubWsUrl): Promise<Client> {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  const taken = new Set<Frame>();
  let wake: () => void = () => undefined;
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as Frame);
    wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const client: Client = {
    socket,
    frames,
    closed,
    async next(type, timeoutMs = 1000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find((frame) => !taken.has(frame) && (type === undefined || frame.metadata.message_type === type));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No ${type ?? 'frame'} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return client;
}

/** Connects and reads the welcome; returns the client and its session id. */
async function session(url?: string): Promise<{ client: Client; sessionId: string }> {
  const client = await connect(url);
  const welcome = await client.next('session_welcome');
  return { client, sessionId: welcome.payload.session.id as string };
}

async function api(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Loose }> {
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Client-Id': clientId, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

function subscribe(token: string, type: string, version: string, condition: Record<string, string>, transport: Record<string, string>, extra: Record<string, unknown> = {}) {
  return api('POST', '/eventsub/subscriptions', token, { type, version, condition, transport, ...extra });
}

async function waitFor(check: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WebSocket transport', () => {
  it('welcomes a connection with its session and the keepalive timeout', async () => {
    const client = await connect();
    const welcome = await client.next();
    expect(welcome.metadata.message_type).toBe('session_welcome');
    expect(welcome.metadata.message_timestamp).toMatch(nanoTime);
    expect(welcome.payload.session).toMatchObject({ status: 'connected', keepalive_timeout_seconds: 10, reconnect_url: null });
    expect(welcome.payload.session.id).toEqual(expect.any(String));
    expect(welcome.payload.session.connected_at).toMatch(nanoTime);
    expect(mock.eventsub.sessions()).toMatchObject([{ id: welcome.payload.session.id, state: 'connected' }]);
  });

  it('clamps keepalive_timeout_seconds to 10..600, and honours a value inside', async () => {
    const read = async (value: string) => (await session(`${mock.eventSubWsUrl}?keepalive_timeout_seconds=${value}`)).client.frames[0]!.payload.session.keepalive_timeout_seconds as number;
    expect(await read('3')).toBe(10);
    expect(await read('900')).toBe(600);
    expect(await read('42')).toBe(42);
    mock.eventsub.configure({ keepaliveRange: { min: 1 } });
    expect(await read('1')).toBe(1);
  });

  it('sends keepalives while idle, and none while silent', async () => {
    mock.eventsub.configure({ keepaliveIntervalMs: 60 });
    const { client, sessionId } = await session();
    const keepalive = await client.next('session_keepalive');
    expect(keepalive.payload).toEqual({});
    await client.next('session_keepalive');
    mock.eventsub.silenceSession(sessionId);
    await sleep(80);
    const count = client.frames.length;
    await sleep(150);
    expect(client.frames.length).toBe(count);
    mock.eventsub.silenceSession(sessionId, false);
    await client.next('session_keepalive');
  });

  it('creates a subscription (202) and delivers a triggered notification', async () => {
    const { client, sessionId } = await session();
    const created = await subscribe(streamerToken, 'channel.follow', '2', { broadcaster_user_id: streamerId, moderator_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ total: 1, total_cost: 0, max_total_cost: 10 });
    const subscription = created.body.data[0];
    expect(subscription).toMatchObject({ status: 'enabled', type: 'channel.follow', version: '2', cost: 0, transport: { method: 'websocket', session_id: sessionId } });
    expect(subscription.transport.connected_at).toMatch(nanoTime);

    expect(mock.eventsub.trigger('channel.follow', { user_name: 'Fan' })).toBe(1);
    const notification = await client.next('notification');
    expect(notification.metadata).toMatchObject({ subscription_type: 'channel.follow', subscription_version: '2' });
    expect(notification.metadata.message_id).toEqual(expect.any(String));
    expect(notification.payload.subscription).toMatchObject({ id: subscription.id, status: 'enabled', transport: { method: 'websocket', session_id: sessionId } });
    // The sample's broadcaster is replaced by the subscription's; the given field sits on top.
    expect(notification.payload.event).toMatchObject({ broadcaster_user_id: streamerId, broadcaster_user_login: 'streamer', user_name: 'Fan', user_id: '73019922' });

    // A trigger for another channel reaches nobody.
    expect(mock.eventsub.trigger('channel.follow', { broadcaster_user_id: viewerId })).toBe(0);
  });

  it('triggers channel.charity_campaign.donate in the reference shape, as the mock\'s own donations', async () => {
    const { client, sessionId } = await session();
    const token = mock.issueToken({ clientId, userId: streamerId, scopes: ['channel:read:charity'] }).accessToken;
    expect((await subscribe(token, 'channel.charity_campaign.donate', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId })).status).toBe(202);
    expect(mock.eventsub.trigger('channel.charity_campaign.donate')).toBe(1);
    const event = (await client.next('notification')).payload.event;
    expect(event).toMatchObject({ broadcaster_user_id: streamerId, broadcaster_user_login: 'streamer', broadcaster_user_name: expect.any(String), campaign_id: expect.any(String), user_id: expect.any(String), amount: expect.any(Object) });
    expect(Object.keys(event).filter((key) => key.startsWith('broadcaster_'))).toEqual(['broadcaster_user_id', 'broadcaster_user_login', 'broadcaster_user_name']);
  });

  it('triggers name@version, and refuses a type the platform does not offer', async () => {
    const { client, sessionId } = await session();
    const moderate = (version: string) => subscribe(streamerToken, 'channel.moderate', version, { broadcaster_user_id: streamerId, moderator_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    // channel.moderate wants one scope of each read/manage pair; this token has none.
    expect((await moderate('1')).status).toBe(403);
    const moderator = mock.issueToken({ clientId, userId: streamerId, scopes: ['moderator:read:blocked_terms', 'moderator:read:chat_settings', 'moderator:read:unban_requests', 'moderator:read:banned_users', 'moderator:read:chat_messages', 'moderator:read:moderators', 'moderator:read:vips'] });
    const created = await subscribe(moderator.accessToken, 'channel.moderate', '1', { broadcaster_user_id: streamerId, moderator_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    expect(created.status).toBe(202);
    // The plain name is version 2, which nobody subscribed to.
    expect(mock.eventsub.trigger('channel.moderate')).toBe(0);
    expect(mock.eventsub.trigger('channel.moderate@1')).toBe(1);
    expect((await client.next('notification')).payload.event).toMatchObject({ action: 'ban', moderator_user_id: streamerId });
    expect(() => mock.eventsub.trigger('channel.nothing')).toThrow('The platform has no EventSub type channel.nothing.');
    expect(() => mock.eventsub.trigger('channel.moderate@9')).toThrow();
  });

  it('delivers events raised on the event bus to subscriptions whose condition matches', async () => {
    const { client, sessionId } = await session();
    await subscribe(streamerToken, 'channel.chat.message', '1', { broadcaster_user_id: streamerId, user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    mock.events.raise({ type: 'channel.chat.message', event: { message_id: 'other' }, condition: { broadcaster_user_id: viewerId } });
    mock.events.raise({ type: 'channel.chat.message', event: { message_id: 'm-1', broadcaster_user_id: streamerId }, condition: { broadcaster_user_id: streamerId } });
    const notification = await client.next('notification');
    expect(notification.payload.event).toEqual({ message_id: 'm-1', broadcaster_user_id: streamerId });
    expect(mock.eventsub.deliveries.filter((each) => each.kind === 'notification')).toHaveLength(1);
  });

  it('sends a delivered WebSocket message again, the same frame with the same message id (redeliver)', async () => {
    const { client, sessionId } = await session();
    await subscribe(streamerToken, 'channel.chat.message', '1', { broadcaster_user_id: streamerId, user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    mock.eventsub.trigger('channel.chat.message', { message_id: 'm-2' }, { condition: { broadcaster_user_id: streamerId } });
    const first = await client.next('notification');
    expect(mock.eventsub.redeliver(first.metadata.message_id)).toBe('sent');
    const again = await client.next('notification');
    expect(again).toEqual(first);
    expect(() => mock.eventsub.redeliver('no-such-message')).toThrow('No message no-such-message among the last 1000 delivered.');
  });

  it('hands a session over on session_reconnect without losing or repeating a message', async () => {
    const { client: old, sessionId } = await session();
    const created = await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    mock.eventsub.trigger('channel.subscribe', { tier: 'A' });
    const url = mock.eventsub.reconnectSession(sessionId);
    const reconnect = await old.next('session_reconnect');
    expect(reconnect.payload.session).toMatchObject({ id: sessionId, status: 'reconnecting', keepalive_timeout_seconds: null, reconnect_url: url });
    // The old socket carries events until the new one is welcomed.
    mock.eventsub.trigger('channel.subscribe', { tier: 'B' });
    const fresh = await connect(url);
    const welcome = await fresh.next('session_welcome');
    expect(welcome.payload.session).toMatchObject({ id: sessionId, status: 'connected', keepalive_timeout_seconds: 10 });
    mock.eventsub.trigger('channel.subscribe', { tier: 'C' });
    await fresh.next('notification');
    old.socket.close();
    await old.closed;
    mock.eventsub.trigger('channel.subscribe', { tier: 'D' });
    await fresh.next('notification');

    const tiers = (client: { frames: Frame[] }) => client.frames.filter((frame) => frame.metadata.message_type === 'notification').map((frame) => frame.payload.event.tier as string);
    expect(tiers(old)).toEqual(['A', 'B']);
    expect(tiers(fresh)).toEqual(['C', 'D']);
    expect(mock.eventsub.subscriptions()).toMatchObject([{ id: created.body.data[0].id, status: 'enabled', transport: { session_id: sessionId } }]);
  });

  it('closes an old socket left open after the handoff with 4004, keeping the session', async () => {
    const { client: old, sessionId } = await session();
    await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    const url = mock.eventsub.reconnectSession(sessionId);
    const fresh = await connect(url);
    await fresh.next('session_welcome');
    expect((await old.closed).code).toBe(4004);
    expect(mock.eventsub.subscriptions()[0]).toMatchObject({ status: 'enabled' });
    mock.eventsub.trigger('channel.subscribe');
    await fresh.next('notification');
  });

  it('ends a session that never moves after session_reconnect (4004, websocket_failed_to_reconnect)', async () => {
    const { client, sessionId } = await session();
    await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    mock.eventsub.reconnectSession(sessionId);
    expect((await client.closed).code).toBe(4004);
    expect(mock.eventsub.subscriptions()[0]).toMatchObject({ status: 'websocket_failed_to_reconnect' });
  });

  it('refuses an unknown reconnect URL with 4007', async () => {
    const client = await connect(`${mock.eventSubWsUrl}?reconnect_id=nope`);
    expect((await client.closed).code).toBe(4007);
    expect(client.frames).toEqual([]);
  });

  it('sends one revocation and nothing more for a revoked subscription', async () => {
    const { client, sessionId } = await session();
    const created = await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    const id = created.body.data[0].id as string;
    mock.eventsub.revoke(id);
    const revocation = await client.next('revocation');
    expect(revocation.metadata).toMatchObject({ subscription_type: 'channel.subscribe', subscription_version: '1' });
    expect(revocation.payload).toEqual({ subscription: expect.objectContaining({ id, status: 'authorization_revoked' }) });
    expect(mock.eventsub.trigger('channel.subscribe')).toBe(0);
    expect((await api('GET', `/eventsub/subscriptions?subscription_id=${id}`, streamerToken)).body.data[0].status).toBe('authorization_revoked');
  });

  it('closes with 4001 when the client sends a data frame', async () => {
    const { client, sessionId } = await session();
    await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    client.socket.send('hello');
    expect((await client.closed).code).toBe(4001);
    expect(mock.eventsub.subscriptions()[0]).toMatchObject({ status: 'websocket_received_inbound_traffic', transport: { disconnected_at: expect.stringMatching(nanoTime) } });
  });

  it('closes an unused connection with 4003 when the subscribe window is set', async () => {
    mock.eventsub.configure({ subscribeWithinMs: 50 });
    const client = await connect();
    expect(await client.closed).toEqual({ code: 4003, reason: 'connection unused' });
  });

  it('closes with a chosen code, and marks subscriptions after a client close or a drop', async () => {
    const first = await session();
    await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: first.sessionId });
    mock.eventsub.closeSession(first.sessionId, 4000);
    expect((await first.client.closed).code).toBe(4000);
    expect(mock.eventsub.subscriptions({ status: 'websocket_internal_error' })).toHaveLength(1);

    const second = await session();
    await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: second.sessionId });
    second.client.socket.close();
    await waitFor(() => mock.eventsub.subscriptions({ status: 'websocket_disconnected' }).length === 1);

    const third = await session();
    await subscribe(streamerToken, 'channel.subscribe', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: third.sessionId });
    mock.eventsub.dropSession(third.sessionId);
    // No close frame: the client sees an abnormal closure.
    expect((await third.client.closed).code).toBe(1006);
    expect(mock.eventsub.subscriptions({ status: 'websocket_disconnected' })).toHaveLength(2);
    expect(mock.eventsub.sessions().map((each) => each.state)).toEqual(['closed', 'closed', 'closed']);
  });

  it('closes with 4002 when pings go unanswered', async () => {
    mock.eventsub.configure({ pingIntervalMs: 30 });
    const client = new WebSocket(mock.eventSubWsUrl, { autoPong: false });
    const closed = new Promise<number>((resolve) => client.on('close', (code) => resolve(code)));
    clients.push({ socket: client } as Client);
    expect(await closed).toBe(4002);
  });

  it('enforces the per-session, per-user connection and cost limits', async () => {
    mock.eventsub.configure({ limits: { subscriptionsPerSession: 2, connectionsPerUser: 1, websocketMaxTotalCost: 1 } });
    const { sessionId } = await session();
    const on = (id: string, type: string) => subscribe(streamerToken, type, '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: id });
    expect((await on(sessionId, 'channel.subscribe')).status).toBe(202);
    expect((await on(sessionId, 'channel.cheer')).status).toBe(202);
    expect((await on(sessionId, 'channel.subscription.end')).status).toBe(429);
    const other = await session();
    const second = await on(other.sessionId, 'channel.subscription.end');
    expect(second).toMatchObject({ status: 429, body: { message: 'websocket transports limit exceeded' } });

    mock.eventsub.configure({ limits: { connectionsPerUser: 3 } });
    // stream.online names a user who has not authorized the client: cost 1, and the limit is 1.
    const online = (broadcaster: string) => subscribe(streamerToken, 'stream.online', '1', { broadcaster_user_id: broadcaster }, { method: 'websocket', session_id: other.sessionId });
    const first = await online(viewerId);
    expect(first.body).toMatchObject({ data: [{ cost: 1 }], total_cost: 1 });
    const third = mock.addUser({ login: 'third' });
    expect((await online(third.id)).status).toBe(429);
  });
});

describe('subscription management', () => {
  it('answers 409 for a duplicate, naming the existing subscription', async () => {
    const { sessionId } = await session();
    const create = () => subscribe(streamerToken, 'channel.cheer', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    const first = await create();
    const again = await create();
    expect(again).toMatchObject({ status: 409, body: { error: 'Conflict', status: 409, id: first.body.data[0].id } });
  });

  it('answers 410 Gone for a version the platform withdrew, naming the version to use', async () => {
    const { sessionId } = await session();
    const ws = { method: 'websocket', session_id: sessionId };
    const hype = await subscribe(mock.issueToken({ clientId, userId: streamerId, scopes: ['channel:read:hype_train'] }).accessToken, 'channel.hype_train.begin', '1', { broadcaster_user_id: streamerId }, ws);
    expect(hype).toMatchObject({ status: 410, body: { error: 'Gone', status: 410, message: 'Version "1" of subscription type "channel.hype_train.begin" has been removed; use version "2"' } });
    expect((await subscribe(streamerToken, 'channel.follow', '1', { broadcaster_user_id: streamerId }, ws)).status).toBe(410);
    expect((await subscribe(streamerToken, 'channel.custom_power_up_redemption.add', 'beta', { broadcaster_user_id: streamerId }, ws)).status).toBe(410);
    expect(mock.eventsub.subscriptions()).toEqual([]);
  });

  it('still takes the deprecated channel.update@1, and delivers it in its own shape (is_mature, no labels)', async () => {
    const { client, sessionId } = await session();
    const created = await subscribe(streamerToken, 'channel.update', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    expect(created.status).toBe(202);
    expect(mock.eventsub.trigger('channel.update')).toBe(0);
    expect(mock.eventsub.trigger('channel.update@1')).toBe(1);
    const event = (await client.next('notification')).payload.event;
    expect(event).toMatchObject({ broadcaster_user_id: streamerId, title: expect.any(String), is_mature: expect.any(Boolean) });
    expect(event).not.toHaveProperty('content_classification_labels');
    // A change of the channel raises version 2, which version 1's subscribers get in their shape.
    const editor = mock.issueToken({ clientId, userId: streamerId, scopes: ['channel:manage:broadcast'] }).accessToken;
    expect((await api('PATCH', `/channels?broadcaster_id=${streamerId}`, editor, { title: 'Changed', content_classification_labels: [{ id: 'Gambling', is_enabled: true }] })).status).toBe(204);
    const changed = (await client.next('notification')).payload;
    expect(changed.subscription).toMatchObject({ type: 'channel.update', version: '1' });
    expect(changed.event).toEqual({ broadcaster_user_id: streamerId, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer', title: 'Changed', language: expect.any(String), category_id: '', category_name: '', is_mature: true });
  });

  it('triggers stream.offline with the stream\'s id, which the platform added in 2026-06', async () => {
    const { client, sessionId } = await session();
    expect((await subscribe(streamerToken, 'stream.offline', '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId })).status).toBe(202);
    expect(mock.eventsub.trigger('stream.offline')).toBe(1);
    expect((await client.next('notification')).payload.event).toMatchObject({ id: expect.any(String), broadcaster_user_id: streamerId });
  });

  it('refuses bad types, versions, conditions and transports with 400', async () => {
    const { sessionId } = await session();
    const ws = { method: 'websocket', session_id: sessionId };
    const condition = { broadcaster_user_id: streamerId };
    const cases: [string, string, Record<string, string>, Record<string, string>, RegExp][] = [
      ['channel.nope', '1', condition, ws, /type "channel.nope" is not supported/],
      ['channel.cheer', '7', condition, ws, /Version "7"/],
      ['channel.follow', '2', condition, ws, /Missing required condition field "moderator_user_id"/],
      ['channel.cheer', '1', { ...condition, colour: 'red' }, ws, /"colour" is not valid/],
      ['channel.cheer', '1', { broadcaster_user_id: '999999' }, ws, /does not exist/],
      ['channel.cheer', '1', condition, { method: 'carrier-pigeon' }, /not supported/],
      ['channel.cheer', '1', condition, { method: 'websocket', session_id: 'gone' }, /does not exist or is no longer connected/],
      ['channel.raid', '1', { from_broadcaster_user_id: streamerId, to_broadcaster_user_id: viewerId }, ws, /exactly one/],
    ];
    for (const [type, version, cond, transport, message] of cases) {
      const answer = await subscribe(streamerToken, type, version, cond, transport);
      expect(answer.status, `${type}@${version}`).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const noCondition = await api('POST', '/eventsub/subscriptions', streamerToken, { type: 'channel.cheer', version: '1', transport: ws });
    expect(noCondition.body).toMatchObject({ status: 400, message: 'Missing required parameter "condition"' });
    const badSecret = await subscribe(appToken, 'channel.cheer', '1', condition, { method: 'webhook', callback: 'http://127.0.0.1:1/hook', secret: 'short' });
    expect(badSecret.body.message).toMatch(/secret/);
  });

  it('applies the token rules: user token for WebSocket, app token for webhook and conduit, scopes', async () => {
    const { sessionId } = await session();
    const ws = { method: 'websocket', session_id: sessionId };
    expect((await subscribe(appToken, 'channel.cheer', '1', { broadcaster_user_id: streamerId }, ws)).status).toBe(401);
    expect((await subscribe(streamerToken, 'channel.cheer', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: 'http://127.0.0.1:1/x', secret: 'a-long-enough-secret' })).status).toBe(401);
    // The token lacks channel:read:polls.
    const noScope = await subscribe(streamerToken, 'channel.poll.begin', '1', { broadcaster_user_id: streamerId }, ws);
    expect(noScope).toMatchObject({ status: 403, body: { message: expect.stringMatching(/channel:read:polls/) } });
    // A scoped type for another user's channel.
    expect((await subscribe(streamerToken, 'channel.cheer', '1', { broadcaster_user_id: viewerId }, ws)).status).toBe(403);
    // The app token needs the user to have granted the scope to the client.
    const conduit = await api('POST', '/eventsub/conduits', appToken, { shard_count: 1 });
    const viaConduit = (broadcaster: string) => subscribe(appToken, 'channel.cheer', '1', { broadcaster_user_id: broadcaster }, { method: 'conduit', conduit_id: conduit.body.data[0].id });
    expect((await viaConduit(viewerId)).status).toBe(403);
    expect((await viaConduit(streamerId)).status).toBe(202);
    // A moderator type needs a moderator.
    expect((await subscribe(streamerToken, 'channel.follow', '2', { broadcaster_user_id: viewerId, moderator_user_id: streamerId }, ws)).status).toBe(403);
    // No token at all.
    const bare = await fetch(`${mock.baseUrl}/eventsub/subscriptions`, { headers: { 'Client-Id': clientId } });
    expect(bare.status).toBe(401);
  });

  it('asks an app token\'s chat subscriptions for user:bot from the chatting user, and channel:bot from the broadcaster unless the user moderates', async () => {
    const conduit = await api('POST', '/eventsub/conduits', appToken, { shard_count: 1 });
    const transport = { method: 'conduit', conduit_id: conduit.body.data[0].id };
    const bot = mock.addUser({ login: 'chatbot' }).id;
    const chat = (type: string) => subscribe(appToken, type, '1', { broadcaster_user_id: streamerId, user_id: bot }, transport);
    mock.issueToken({ clientId, userId: bot, scopes: ['user:read:chat'] });
    const noBot = await chat('channel.chat.message');
    expect(noBot).toMatchObject({ status: 403, body: { message: 'subscription missing proper authorization: with an app access token the user in user_id must have granted user:bot' } });
    mock.issueToken({ clientId, userId: bot, scopes: ['user:read:chat', 'user:bot'] });
    const noChannel = await chat('channel.chat.message');
    expect(noChannel).toMatchObject({ status: 403, body: { message: expect.stringContaining('the broadcaster must have granted channel:bot') } });
    // A held message of the bot's own needs user:bot only.
    expect((await chat('channel.chat.user_message_hold')).status).toBe(202);
    mock.state.channel(streamerId).moderators.add(bot);
    expect((await chat('channel.chat.message')).status).toBe(202);
    mock.state.channel(streamerId).moderators.delete(bot);
    mock.issueToken({ clientId, userId: streamerId, scopes: ['channel:bot'] });
    for (const type of ['channel.chat.clear', 'channel.chat.clear_user_messages', 'channel.chat.message_delete', 'channel.chat.notification', 'channel.chat_settings.update']) {
      expect((await chat(type)).status, type).toBe(202);
    }
  });

  it('lists a token\'s subscriptions oldest first, paged, with at most one filter, and deletes', async () => {
    mock.eventsub.configure({ pageSize: 2 });
    const { sessionId } = await session();
    const types = ['channel.cheer', 'channel.subscribe', 'channel.subscription.end'];
    for (const type of types) await subscribe(streamerToken, type, '1', { broadcaster_user_id: streamerId }, { method: 'websocket', session_id: sessionId });
    const first = await api('GET', '/eventsub/subscriptions', streamerToken);
    expect(first.body).toMatchObject({ total: 3, total_cost: 0, max_total_cost: 10 });
    expect(first.body.data.map((each: { type: string }) => each.type)).toEqual(types.slice(0, 2));
    const second = await api('GET', `/eventsub/subscriptions?after=${first.body.pagination.cursor}`, streamerToken);
    expect(second.body.data.map((each: { type: string }) => each.type)).toEqual([types[2]]);
    expect(second.body.pagination).toEqual({});
    expect((await api('GET', '/eventsub/subscriptions?type=channel.cheer', streamerToken)).body.data).toHaveLength(1);
    const byUser = await api('GET', `/eventsub/subscriptions?user_id=${streamerId}`, streamerToken);
    expect(byUser.body.data).toHaveLength(2);
    expect(byUser.body.pagination.cursor).toEqual(expect.any(String));
    expect((await api('GET', '/eventsub/subscriptions?type=channel.cheer&status=enabled', streamerToken)).status).toBe(400);
    expect((await api('GET', '/eventsub/subscriptions?type=channel.cheer&conduit_id=c', streamerToken)).status).toBe(400);
    // The app token sees none of the user's WebSocket subscriptions.
    expect((await api('GET', '/eventsub/subscriptions', appToken)).body).toMatchObject({ data: [], total: 0, max_total_cost: 10000 });

    const id = first.body.data[0].id as string;
    expect((await api('DELETE', `/eventsub/subscriptions?id=${id}`, appToken)).status).toBe(404);
    expect((await api('DELETE', `/eventsub/subscriptions?id=${id}`, streamerToken)).status).toBe(204);
    expect((await api('GET', '/eventsub/subscriptions', streamerToken)).body.total).toBe(2);
  });
});

/** A webhook receiver on 127.0.0.1 that answers challenges and records every request. */
async function receiver(answer?: (type: string, body: string) => { status: number; body?: string; delayMs?: number } | undefined) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body });
      const type = request.headers['twitch-eventsub-message-type'] as string;
      const custom = answer?.(type, body);
      if (custom) {
        setTimeout(() => response.writeHead(custom.status, { 'Content-Type': 'text/plain' }).end(custom.body ?? ''), custom.delayMs ?? 0);
      } else if (type === 'webhook_callback_verification') {
        const challenge = (JSON.parse(body) as { challenge: string }).challenge;
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(Buffer.byteLength(challenge)) }).end(challenge);
      } else {
        response.writeHead(204).end();
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eventsub`, received };
}

/** Checks a received webhook request's signature as a client must: HMAC-SHA256 over id + timestamp + raw body. */
function signatureValid(secret: string, request: { headers: IncomingHttpHeaders; body: string }): boolean {
  const id = request.headers['twitch-eventsub-message-id'] as string;
  const time = request.headers['twitch-eventsub-message-timestamp'] as string;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(id + time + request.body).digest('hex')}`);
  const given = Buffer.from(request.headers['twitch-eventsub-message-signature'] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('webhook transport', () => {
  const secret = 'a-secret-of-some-length';

  it('signs as the shared fixture says', () => {
    // webhook/notification.signed.json of the shared fixtures, trimmed to its signed parts.
    const body = '{"subscription":{"id":"9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0","status":"enabled","type":"stream.online","version":"1","cost":1,"condition":{"broadcaster_user_id":"41520837"},"transport":{"method":"webhook","callback":"https://hooks.example.org/twitch/eventsub"},"created_at":"2026-03-14T17:00:00.490019367Z"},"event":{"id":"40898421049","broadcaster_user_id":"41520837","broadcaster_user_login":"pixelforge","broadcaster_user_name":"PixelForge","type":"live","started_at":"2026-03-14T18:25:00.424597987Z"}}';
    expect(signature('c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8', '9ddfac06-bc9a-491a-a9b5-c9ac4a35a138', '2026-03-14T18:25:02.212015131Z', body)).toBe(
      'sha256=e3b5b127551fbed76b4755a5de8d7b6968a47061cd2852f5c498359e0b8f312d',
    );
  });

  it('verifies the callback, then delivers signed notifications and a revocation', async () => {
    const hook = await receiver();
    const created = await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: hook.url, secret });
    expect(created.status).toBe(202);
    const subscription = created.body.data[0];
    expect(subscription).toMatchObject({ status: 'webhook_callback_verification_pending', cost: 0, transport: { method: 'webhook', callback: hook.url } });
    expect(subscription.transport.secret).toBeUndefined();
    expect(created.body.max_total_cost).toBe(10000);

    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'enabled');
    const challenge = hook.received[0]!;
    expect(challenge.headers).toMatchObject({
      'twitch-eventsub-message-type': 'webhook_callback_verification',
      'twitch-eventsub-message-retry': '0',
      'twitch-eventsub-subscription-type': 'stream.online',
      'twitch-eventsub-subscription-version': '1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(challenge.body)).toMatchObject({ challenge: expect.any(String), subscription: { id: subscription.id, status: 'webhook_callback_verification_pending' } });
    expect(signatureValid(secret, challenge)).toBe(true);

    expect(mock.eventsub.trigger('stream.online')).toBe(1);
    await waitFor(() => hook.received.length === 2);
    const notification = hook.received[1]!;
    expect(signatureValid(secret, notification)).toBe(true);
    expect(signatureValid('another-secret-entirely', notification)).toBe(false);
    expect(notification.headers['twitch-eventsub-message-type']).toBe('notification');
    expect(notification.headers['twitch-eventsub-message-timestamp']).toMatch(nanoTime);
    const payload = JSON.parse(notification.body);
    expect(payload.subscription).toMatchObject({ id: subscription.id, status: 'enabled', transport: { method: 'webhook', callback: hook.url } });
    expect(payload.event).toMatchObject({ broadcaster_user_id: streamerId, broadcaster_user_login: 'streamer', type: 'live' });
    await waitFor(() => mock.eventsub.deliveries[0]?.outcome === 'acknowledged');

    mock.eventsub.revoke(subscription.id, 'user_removed');
    await waitFor(() => hook.received.length === 3);
    const revocation = hook.received[2]!;
    expect(revocation.headers['twitch-eventsub-message-type']).toBe('revocation');
    expect(signatureValid(secret, revocation)).toBe(true);
    expect(JSON.parse(revocation.body)).toEqual({ subscription: expect.objectContaining({ id: subscription.id, status: 'user_removed' }) });
  });

  it('fails verification on a wrong answer', async () => {
    const hook = await receiver(() => ({ status: 200, body: 'not the challenge' }));
    await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: hook.url, secret });
    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'webhook_callback_verification_failed');
    expect(mock.eventsub.trigger('stream.online')).toBe(0);
  });

  it('retries a failed notification with the same id and a rising retry count', async () => {
    let failures = 2;
    const hook = await receiver((type) => (type === 'notification' && failures-- > 0 ? { status: 500 } : undefined));
    await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: hook.url, secret });
    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'enabled');
    mock.eventsub.trigger('stream.online');
    await waitFor(() => mock.eventsub.deliveries[0]?.outcome === 'acknowledged');
    const attempts = hook.received.slice(1);
    expect(attempts.map((each) => each.headers['twitch-eventsub-message-retry'])).toEqual(['0', '1', '2']);
    expect(new Set(attempts.map((each) => each.headers['twitch-eventsub-message-id'])).size).toBe(1);
    expect(attempts.every((each) => signatureValid(secret, each))).toBe(true);
  });

  it('posts a delivered webhook message again with the same id (redeliver)', async () => {
    const hook = await receiver(() => undefined);
    await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: hook.url, secret });
    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'enabled');
    mock.eventsub.trigger('stream.online');
    await waitFor(() => mock.eventsub.deliveries[0]?.outcome === 'acknowledged');
    expect(mock.eventsub.redeliver(mock.eventsub.deliveries[0]!.messageId)).toBe('pending');
    await waitFor(() => hook.received.length === 3);
    const [, first, again] = hook.received;
    expect(again!.headers['twitch-eventsub-message-id']).toBe(first!.headers['twitch-eventsub-message-id']);
    expect(again!.body).toBe(first!.body);
    expect(signatureValid(secret, again!)).toBe(true);
  });

  it('counts an answer slower than the timeout as a failure', async () => {
    mock.eventsub.configure({ webhookTimeoutMs: 50 });
    let slow = 1;
    const hook = await receiver((type) => (type === 'notification' && slow-- > 0 ? { status: 204, delayMs: 200 } : undefined));
    await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: hook.url, secret });
    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'enabled');
    mock.eventsub.trigger('stream.online');
    await waitFor(() => mock.eventsub.deliveries[0]?.outcome === 'acknowledged');
    expect(hook.received.slice(1).map((each) => each.headers['twitch-eventsub-message-retry'])).toEqual(['0', '1']);
  });

  it('revokes with notification_failures_exceeded after too many undelivered messages', async () => {
    mock.eventsub.configure({ webhookRetryDelaysMs: [], webhookFailuresBeforeRevocation: 2 });
    const hook = await receiver((type) => (type === 'notification' ? { status: 503 } : undefined));
    await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'webhook', callback: hook.url, secret });
    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'enabled');
    mock.eventsub.trigger('stream.online');
    mock.eventsub.trigger('stream.online');
    await waitFor(() => hook.received.some((each) => each.headers['twitch-eventsub-message-type'] === 'revocation'));
    expect(mock.eventsub.subscriptions()[0]).toMatchObject({ status: 'notification_failures_exceeded' });
  });

  it('delivers a batched type as events [{ id, data }]', async () => {
    const hook = await receiver();
    const condition = { organization_id: 'org-1' };
    await subscribe(appToken, 'drop.entitlement.grant', '1', condition, { method: 'webhook', callback: hook.url, secret }, { is_batching_enabled: true });
    await waitFor(() => mock.eventsub.subscriptions()[0]?.status === 'enabled');
    expect(mock.eventsub.trigger('drop.entitlement.grant', { user_login: 'someone' })).toBe(1);
    await waitFor(() => hook.received.length === 2);
    const payload = JSON.parse(hook.received[1]!.body);
    expect(payload.event).toBeUndefined();
    expect(payload.events).toEqual([{ id: expect.any(String), data: expect.objectContaining({ organization_id: 'org-1', user_login: 'someone' }) }]);
  });
});

describe('conduits', () => {
  it('lists the subscriptions of one conduit with the conduit_id filter', async () => {
    const first = (await api('POST', '/eventsub/conduits', appToken, { shard_count: 1 })).body.data[0].id as string;
    const second = (await api('POST', '/eventsub/conduits', appToken, { shard_count: 1 })).body.data[0].id as string;
    const onConduit = (conduitId: string, type: string) => subscribe(appToken, type, '1', { broadcaster_user_id: streamerId }, { method: 'conduit', conduit_id: conduitId });
    expect((await onConduit(first, 'stream.online')).status).toBe(202);
    expect((await onConduit(first, 'stream.offline')).status).toBe(202);
    expect((await onConduit(second, 'stream.online')).status).toBe(202);
    const listed = await api('GET', `/eventsub/subscriptions?conduit_id=${first}`, appToken);
    expect(listed.body.data.map((each: { type: string; transport: { conduit_id: string } }) => [each.type, each.transport.conduit_id])).toEqual([
      ['stream.online', first],
      ['stream.offline', first],
    ]);
    expect((await api('GET', '/eventsub/subscriptions?conduit_id=none', appToken)).body.data).toEqual([]);
  });

  it('creates, lists, resizes and deletes conduits with the app token', async () => {
    expect((await api('POST', '/eventsub/conduits', streamerToken, { shard_count: 1 })).status).toBe(401);
    const created = await api('POST', '/eventsub/conduits', appToken, { shard_count: 3 });
    expect(created.status).toBe(200);
    const id = created.body.data[0].id as string;
    expect(created.body.data).toEqual([{ id, shard_count: 3 }]);
    expect((await api('GET', '/eventsub/conduits', appToken)).body.data).toEqual([{ id, shard_count: 3 }]);
    expect((await api('PATCH', '/eventsub/conduits', appToken, { id, shard_count: 2 })).body.data).toEqual([{ id, shard_count: 2 }]);
    expect((await api('PATCH', '/eventsub/conduits', appToken, { id: 'nope', shard_count: 2 })).status).toBe(404);
    expect((await api('GET', `/eventsub/conduits/shards?conduit_id=${id}`, appToken)).body.data.map((shard: { id: string }) => shard.id)).toEqual(['0', '1']);
    expect((await api('DELETE', `/eventsub/conduits?id=${id}`, appToken)).status).toBe(204);
    expect((await api('GET', '/eventsub/conduits', appToken)).body.data).toEqual([]);
  });

  it('binds two WebSocket sessions as shards, spreads events over them, and disables a shard on disconnect', async () => {
    mock.eventsub.configure({ conduitRouting: 'round-robin' });
    const conduitId = (await api('POST', '/eventsub/conduits', appToken, { shard_count: 2 })).body.data[0].id as string;
    const one = await session();
    const two = await session();
    const bound = await api('PATCH', '/eventsub/conduits/shards', appToken, {
      conduit_id: conduitId,
      shards: [
        { id: '0', transport: { method: 'websocket', session_id: one.sessionId } },
        { id: '1', transport: { method: 'websocket', session_id: two.sessionId } },
        { id: '2', transport: { method: 'websocket', session_id: one.sessionId } },
        { id: '1', transport: { method: 'websocket', session_id: 'not-a-session' } },
      ],
    });
    expect(bound.status).toBe(202);
    expect(bound.body.data).toEqual([
      { id: '0', status: 'enabled', transport: { method: 'websocket', session_id: one.sessionId, connected_at: expect.stringMatching(nanoTime) } },
      { id: '1', status: 'enabled', transport: { method: 'websocket', session_id: two.sessionId, connected_at: expect.stringMatching(nanoTime) } },
    ]);
    expect(bound.body.errors).toEqual([
      { id: '2', message: expect.stringMatching(/outside the conduit's range/), code: 'invalid_parameter' },
      { id: '1', message: expect.stringMatching(/not connected/), code: 'invalid_parameter' },
    ]);

    const conduitTransport = { method: 'conduit', conduit_id: conduitId };
    expect((await subscribe(appToken, 'channel.cheer', '1', { broadcaster_user_id: streamerId }, conduitTransport)).status).toBe(202);
    expect((await subscribe(appToken, 'conduit.shard.disabled', '1', { client_id: clientId }, conduitTransport)).status).toBe(202);
    mock.eventsub.trigger('channel.cheer', { bits: 1 });
    mock.eventsub.trigger('channel.cheer', { bits: 2 });
    const first = await one.client.next('notification');
    const second = await two.client.next('notification');
    expect([first.payload.event.bits, second.payload.event.bits].sort()).toEqual([1, 2]);
    expect(first.payload.subscription.transport).toEqual(conduitTransport);

    // Shard 0's socket closes: the shard is disabled, the event about it goes to shard 1, and
    // later events too.
    one.client.socket.close();
    const disabled = await two.client.next('notification');
    expect(disabled.metadata.subscription_type).toBe('conduit.shard.disabled');
    expect(disabled.payload.event).toMatchObject({ conduit_id: conduitId, shard_id: '0', status: 'websocket_disconnected', transport: { method: 'websocket', session_id: one.sessionId, disconnected_at: expect.stringMatching(nanoTime) } });
    const shards = await api('GET', `/eventsub/conduits/shards?conduit_id=${conduitId}&status=websocket_disconnected`, appToken);
    expect(shards.body.data).toMatchObject([{ id: '0', status: 'websocket_disconnected' }]);
    expect(mock.eventsub.subscriptions({ type: 'channel.cheer' })[0]).toMatchObject({ status: 'enabled' });
    mock.eventsub.trigger('channel.cheer', { bits: 3 });
    expect((await two.client.next('notification')).payload.event.bits).toBe(3);

    // A new session takes shard 0 back.
    const three = await session();
    const rebound = await api('PATCH', '/eventsub/conduits/shards', appToken, { conduit_id: conduitId, shards: [{ id: '0', transport: { method: 'websocket', session_id: three.sessionId } }] });
    expect(rebound.body).toMatchObject({ data: [{ id: '0', status: 'enabled' }], errors: [] });
  });

  it('verifies a webhook shard with a conduit_shard challenge', async () => {
    const hook = await receiver();
    const conduitId = (await api('POST', '/eventsub/conduits', appToken, { shard_count: 1 })).body.data[0].id as string;
    const secret = 'shard-secret-0123';
    const bound = await api('PATCH', '/eventsub/conduits/shards', appToken, { conduit_id: conduitId, shards: [{ id: '0', transport: { method: 'webhook', callback: hook.url, secret } }] });
    expect(bound.body.data).toEqual([{ id: '0', status: 'webhook_callback_verification_pending', transport: { method: 'webhook', callback: hook.url } }]);
    await waitFor(() => mock.eventsub.conduits()[0]?.shards[0]?.status === 'enabled');
    const challenge = hook.received[0]!;
    expect(JSON.parse(challenge.body)).toEqual({ challenge: expect.any(String), conduit_shard: { conduit_id: conduitId, shard: '0' } });
    expect(challenge.headers['twitch-eventsub-subscription-type']).toBeUndefined();
    expect(signatureValid(secret, challenge)).toBe(true);

    await subscribe(appToken, 'stream.online', '1', { broadcaster_user_id: streamerId }, { method: 'conduit', conduit_id: conduitId });
    mock.eventsub.trigger('stream.online');
    await waitFor(() => hook.received.length === 2);
    expect(signatureValid(secret, hook.received[1]!)).toBe(true);
    expect(JSON.parse(hook.received[1]!.body).subscription.transport).toEqual({ method: 'conduit', conduit_id: conduitId });
  });
});
