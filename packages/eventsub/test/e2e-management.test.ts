import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformApiError, PlatformError, PlatformRateLimitError, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @platform/eventsub does not depend on its transports (they depend on it): the listeners are
// reached through the workspace source, as the engagement groups' end-to-end tests reach theirs.
import { eventSubConduit, type ConduitListener } from '../../eventsub-conduit/src/index.ts';
import { eventSubWebhook, type WebhookListener } from '../../eventsub-webhook/src/index.ts';
import { eventSubWebSocket, type WebSocketListener } from '../../eventsub-ws/src/index.ts';
import {
  conduits,
  conduitShards,
  createConduit,
  createSubscription,
  deleteConduit,
  deleteSubscription,
  subscriptions,
  updateConduit,
  updateConduitShards,
  type EventSubSubscription,
} from '../src/index';

/*
 * The management operations against the mock platform on 127.0.0.1, over real sockets: the
 * subscriptions the listeners make (webhook, WebSocket, conduit) listed, filtered, paged and
 * deleted; conduits created, resized and deleted; shards listed and bound. The mock lists two
 * subscriptions or shards per page, so that paging shows.
 */

const clientId = 'management-app';
const clientSecret = 'management-app-secret';
const hookSecret = 'the-webhook-secret-of-these-tests';
let mock: MockPlatform;
let client: PlatformClient;
let errors: unknown[];
const closers: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  mock = await createMockPlatform({ eventsub: { pageSize: 2 } });
  mock.addClient({ clientId, clientSecret });
  mock.addUser({ id: '100', login: 'streamer' });
  mock.addUser({ id: '200', login: 'viewer' });
  client = createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  errors = [];
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await mock.close();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A node:http server on 127.0.0.1; its address. */
async function serve(handler: RequestListener): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

async function webhookListener(): Promise<WebhookListener> {
  // The server needs the listener's handler, the listener the server's address.
  const made: { listener?: WebhookListener } = {};
  const callback = await serve((request, response) => made.listener!.handler(request, response));
  const listener = (made.listener = eventSubWebhook(client, { callback, secret: hookSecret, onError: (error) => errors.push(error) }));
  closers.push(() => listener.close());
  return listener;
}

function webSocketListener(userId: string): WebSocketListener {
  const listener = eventSubWebSocket(client.as(userId), { onError: (error) => errors.push(error) });
  closers.push(() => listener.close());
  return listener;
}

function conduitListener(shardCount: number): ConduitListener {
  const listener = eventSubConduit(client, { shardCount, onError: (error) => errors.push(error) });
  closers.push(() => listener.close());
  return listener;
}

const ids = (list: readonly EventSubSubscription[]) => list.map((each) => each.id).sort();
const listCalls = (path: string) => mock.requests.filter((request) => request.method === 'GET' && request.path === path);

describe('EventSub subscriptions against the mock platform', () => {
  it('lists, filters and pages the subscriptions a webhook listener made, and deletes one', async () => {
    const listener = await webhookListener();
    const online = listener.on('stream.online', { broadcaster_user_id: '100' }, () => undefined);
    const offline = listener.on('stream.offline', { broadcaster_user_id: '100' }, () => undefined);
    const update = listener.on('channel.update', { broadcaster_user_id: '100' }, () => undefined);
    const user = listener.on('user.update', { user_id: '200' }, () => undefined);
    const handles = [online, offline, update, user];
    await Promise.all(handles.map((handle) => handle.ready));
    mock.clearRequests();

    // Every subscription, two to a page; the platform's figures on raw.
    const paginator = subscriptions(client);
    const first = await paginator;
    expect(first.data).toHaveLength(2);
    expect(first.cursor).toEqual(expect.any(String));
    const all = await paginator.all();
    expect(ids(all)).toEqual(handles.map((handle) => handle.id!).sort());
    expect(all.every((each) => each.status === 'enabled' && each.transport.method === 'webhook')).toBe(true);
    expect(all.find((each) => each.id === user.id)).toMatchObject({ type: 'user.update', version: '1', condition: { user_id: '200' }, transport: { method: 'webhook', callback: expect.stringMatching(/\/hooks$/) } });
    expect(first.raw).toMatchObject({ total: 4, max_total_cost: 10_000 });
    expect(first.raw.total_cost).toBe(all.reduce((sum, each) => sum + each.cost, 0));
    expect(await paginator.total()).toBe(4);
    const pages = listCalls('/eventsub/subscriptions');
    expect(pages.map((request) => request.query.after)).toEqual([undefined, first.cursor, first.cursor]);
    // The app token, with a user registered or not.
    expect(pages.every((request) => mock.state.tokens.get(request.token!)?.userId === undefined)).toBe(true);

    // One filter at a time.
    expect(ids(await subscriptions(client, { type: 'stream.offline' }).all())).toEqual([offline.id]);
    expect(ids(await subscriptions(client, { user_id: '200' }).all())).toEqual([user.id]);
    expect(ids(await subscriptions(client, { subscription_id: update.id! }).all())).toEqual([update.id]);
    expect(await subscriptions(client, { status: 'enabled' }).total()).toBe(4);
    expect(await subscriptions(client, { status: 'authorization_revoked' }).all()).toEqual([]);
    // A filtered list's total() counts it; raw.total stays the platform's count of every subscription.
    const byUser = subscriptions(client, { user_id: '100' });
    expect(await byUser.total()).toBe(3);
    expect((await byUser).raw.total).toBe(4);

    // Deleted from code: the platform stops sending its events, and the listener's own stop finds it gone.
    await deleteSubscription(client, { id: online.id! });
    expect(ids(await subscriptions(client).all())).toEqual([offline.id, update.id, user.id].sort());
    expect(mock.eventsub.trigger('stream.online', { broadcaster_user_id: '100' })).toBe(0);
    // close() of a webhook listener deletes nothing (other processes may serve the callback); unsubscribeAll() deletes its own.
    await listener.close();
    expect(ids(await subscriptions(client).all())).toEqual([offline.id, update.id, user.id].sort());
    await listener.unsubscribeAll();
    expect(await subscriptions(client).all()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a user's WebSocket subscriptions are listed and deleted with that user's token, the app token sees none", async () => {
    await authOf(client).addUser(mock.issueToken({ clientId, userId: '100', scopes: [] }).accessToken);
    const listener = webSocketListener('100');
    const online = listener.on('stream.online', { broadcaster_user_id: '100' }, () => undefined);
    const update = listener.on('channel.update', { broadcaster_user_id: '100' }, () => undefined);
    await Promise.all([online.ready, update.ready]);

    expect(await subscriptions(client).all()).toEqual([]);
    const mine = subscriptions(client.as('100'));
    const listed = await mine.all();
    expect(ids(listed)).toEqual([online.id, update.id].sort());
    expect(listed.map((each) => each.transport)).toEqual([
      expect.objectContaining({ method: 'websocket', session_id: listener.sessionIds[0] }),
      expect.objectContaining({ method: 'websocket', session_id: listener.sessionIds[0] }),
    ]);
    expect((await mine).raw).toMatchObject({ total: 2, max_total_cost: 10 });
    expect(ids(await subscriptions(client, { type: 'channel.update' }, { as: '100' }).all())).toEqual([update.id]);

    // The app token cannot see it: 404. The user's token deletes it.
    const refused = await deleteSubscription(client, { id: online.id! }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect(refused).toMatchObject({ status: 404, message: 'The subscription was not found (404 on DELETE /eventsub/subscriptions)' });
    await deleteSubscription(client, { id: online.id! }, { as: '100' });
    expect(ids(await subscriptions(client.as('100')).all())).toEqual([update.id]);

    // createSubscription over the listener's own session, as the user.
    const created = await createSubscription(client.as('100'), { type: 'stream.offline', version: '1', condition: { broadcaster_user_id: '100' }, transport: { method: 'websocket', session_id: listener.sessionIds[0]! } });
    expect(created).toMatchObject({ status: 'enabled', type: 'stream.offline', transport: { method: 'websocket', session_id: listener.sessionIds[0] } });
    expect(await subscriptions(client.as('100')).total()).toBe(2);
    await deleteSubscription(client.as('100'), { id: created.id });
    await listener.close();
    expect(await subscriptions(client.as('100')).all()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses what the platform refuses: an unknown status or type filter (400), an unknown subscription (404)', async () => {
    await expect(subscriptions(client, { status: 'sleeping' }).firstPage()).rejects.toMatchObject({ status: 400, message: 'The value in the status query parameter is not valid (400 on GET /eventsub/subscriptions)' });
    await expect(subscriptions(client, { type: 'channel.nothing' }).firstPage()).rejects.toMatchObject({ status: 400, message: 'The value in the type query parameter is not valid (400 on GET /eventsub/subscriptions)' });
    await expect(deleteSubscription(client, { id: 'no-such-subscription' })).rejects.toMatchObject({ status: 404 });
    const before = mock.requests.length;
    expect(() => subscriptions(client, { status: 'enabled', type: 'stream.online' })).toThrow(PlatformError);
    expect(mock.requests).toHaveLength(before);
  });
});

describe('conduits and their shards against the mock platform', () => {
  it('creates, lists, resizes and deletes a conduit; its subscriptions then read conduit_deleted', async () => {
    const conduit = await createConduit(client, { shard_count: 2 });
    expect(conduit).toEqual({ id: expect.any(String), shard_count: 2 });
    expect(await conduits(client)).toEqual([conduit]);
    expect(await updateConduit(client, { id: conduit.id, shard_count: 3 })).toEqual({ id: conduit.id, shard_count: 3 });
    expect(await conduitShards(client, { conduit_id: conduit.id }).total()).toBe(3);

    const subscription = await createSubscription(client, { type: 'stream.online', version: '1', condition: { broadcaster_user_id: '100' }, transport: { method: 'conduit', conduit_id: conduit.id } });
    expect(subscription).toMatchObject({ status: 'enabled', transport: { method: 'conduit', conduit_id: conduit.id }, total: 1, total_cost: 1, max_total_cost: 10_000 });
    expect(ids(await subscriptions(client, { type: 'stream.online' }).all())).toEqual([subscription.id]);

    await deleteConduit(client, { id: conduit.id });
    expect(await conduits(client)).toEqual([]);
    expect(ids(await subscriptions(client, { status: 'conduit_deleted' }).all())).toEqual([subscription.id]);
    await deleteSubscription(client, { id: subscription.id });
    expect(await subscriptions(client).all()).toEqual([]);

    // What the platform refuses.
    await expect(updateConduit(client, { id: conduit.id, shard_count: 1 })).rejects.toMatchObject({ status: 404 });
    await expect(deleteConduit(client, { id: conduit.id })).rejects.toMatchObject({ status: 404 });
    await expect(conduitShards(client, { conduit_id: conduit.id }).firstPage()).rejects.toMatchObject({ status: 404 });
    mock.eventsub.configure({ limits: { conduitsPerClient: 1 } });
    await createConduit(client, { shard_count: 1 });
    const refused = await createConduit(client, { shard_count: 1 }, { retries: 0 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformRateLimitError);
    expect((refused as Error).message).toBe('Conduit limit reached (429 on POST /eventsub/conduits)');
  });

  it('lists the subscriptions of one conduit with the conduit_id filter', async () => {
    const first = await createConduit(client, { shard_count: 1 });
    const second = await createConduit(client, { shard_count: 1 });
    const on = (conduitId: string, type: string) => createSubscription(client, { type, version: '1', condition: { broadcaster_user_id: '100' }, transport: { method: 'conduit', conduit_id: conduitId } });
    const online = await on(first.id, 'stream.online');
    const offline = await on(first.id, 'stream.offline');
    await on(second.id, 'stream.online');
    expect(ids(await subscriptions(client, { conduit_id: first.id }).all())).toEqual(ids([online, offline]));
    expect(listCalls('/eventsub/subscriptions').at(-1)?.query).toMatchObject({ conduit_id: first.id });
    expect(await subscriptions(client, { conduit_id: 'no-such-conduit' }).all()).toEqual([]);
  });

  it('updates more than 100 shards in calls of 100, joining their answers', async () => {
    const conduit = await createConduit(client, { shard_count: 150 });
    mock.clearRequests();
    const shards = Array.from({ length: 150 }, (_, index) => ({ id: String(index), transport: { method: 'websocket' as const, session_id: `gone-${index}` } }));
    const answer = await updateConduitShards(client, { conduit_id: conduit.id, shards });
    const patches = mock.requests.filter((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards');
    expect(patches.map((request) => (request.body as { shards: unknown[] }).shards.length)).toEqual([100, 50]);
    expect(patches.map((request) => request.status)).toEqual([202, 202]);
    expect(answer.data).toEqual([]);
    expect(answer.errors.map((error) => error.id)).toEqual(shards.map((shard) => shard.id));
  });

  it('refuses a version the platform withdrew before sending, and the platform answers 410 to it', async () => {
    const conduit = await createConduit(client, { shard_count: 1 });
    const before = mock.requests.length;
    const params = { type: 'channel.hype_train.begin', version: '1', condition: { broadcaster_user_id: '100' }, transport: { method: 'conduit' as const, conduit_id: conduit.id } };
    await expect(createSubscription(client, params)).rejects.toThrow(new PlatformError('EventSub type channel.hype_train.begin@1 has been withdrawn by the platform: use version 2 (channel.hype_train.begin).'));
    expect(mock.requests).toHaveLength(before);
    // Sent by hand, the platform answers 410 Gone.
    const gone = await client.request({ method: 'POST', path: '/eventsub/subscriptions', body: params }, { as: 'app' }).catch((error: unknown) => error);
    expect(gone).toMatchObject({ status: 410 });
  });

  it("lists a conduit listener's shards page by page and by status, and updates shards: a 202 with data and errors", async () => {
    const listener = conduitListener(3);
    const conduitId = await listener.conduitId;
    await until(() => listener.shards.length === 3 && listener.shards.every((shard) => shard.bound));
    expect(await conduits(client)).toEqual([{ id: conduitId, shard_count: 3 }]);
    mock.clearRequests();

    const shards = await conduitShards(client, { conduit_id: conduitId }).all();
    expect(listCalls('/eventsub/conduits/shards')).toHaveLength(2);
    expect(shards.map((shard) => shard.id)).toEqual(['0', '1', '2']);
    for (const shard of shards) {
      expect(shard.status).toBe('enabled');
      expect(shard.transport).toMatchObject({ method: 'websocket', session_id: listener.shards.find((each) => each.id === shard.id)!.sessionId });
    }
    expect(await conduitShards(client, { conduit_id: conduitId, status: 'enabled' }).total()).toBe(3);
    expect(await conduitShards(client, { conduit_id: conduitId, status: 'websocket_disconnected' }).all()).toEqual([]);

    // A fourth shard, bound to a webhook callback of our own; two shards the platform refuses.
    await updateConduit(client, { id: conduitId, shard_count: 4 });
    expect(await conduitShards(client, { conduit_id: conduitId, status: 'websocket_disconnected' }).all()).toEqual([expect.objectContaining({ id: '3' })]);
    const callback = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const { challenge } = JSON.parse(body) as { challenge?: string };
        response.writeHead(challenge === undefined ? 204 : 200, { 'Content-Type': 'text/plain' }).end(challenge ?? '');
      });
    });
    const answer = await updateConduitShards(client, {
      conduit_id: conduitId,
      shards: [
        { id: '3', transport: { method: 'webhook', callback, secret: hookSecret } },
        { id: '9', transport: { method: 'websocket', session_id: 'any' } },
        { id: '2', transport: { method: 'websocket', session_id: 'a-session-that-is-gone' } },
      ],
    });
    expect(answer.data).toEqual([{ id: '3', status: 'webhook_callback_verification_pending', transport: { method: 'webhook', callback } }]);
    expect(answer.errors).toEqual([
      { id: '9', message: expect.stringContaining("outside the conduit's range"), code: 'invalid_parameter' },
      { id: '2', message: expect.stringContaining('is not connected'), code: 'invalid_parameter' },
    ]);
    expect(mock.requests.find((request) => request.method === 'PATCH' && request.path === '/eventsub/conduits/shards')?.status).toBe(202);
    // The callback answered the challenge: the shard is enabled; shard 2 kept the listener's session.
    await until(async () => (await conduitShards(client, { conduit_id: conduitId, status: 'enabled' }).total()) === 4);
    expect((await conduitShards(client, { conduit_id: conduitId }).all())[2]!.transport).toMatchObject({ session_id: listener.shards[2]!.sessionId });

    // close() deletes nothing, not even a conduit the listener created: other workers may serve it.
    await listener.close();
    expect(await conduits(client)).toHaveLength(1);
    await deleteConduit(client, { id: conduitId });
    expect(await conduits(client)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
