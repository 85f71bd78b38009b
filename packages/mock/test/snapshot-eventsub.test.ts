import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { MockPlatform } from '../src/index';
import { carry, helix, start, tokenOf } from './snapshot.helpers';

// The EventSub records across a restart (mock.snapshot() → JSON → mock.restore()): webhook
// subscriptions, conduits and their shards are kept; WebSocket sessions end with the mock, and
// their subscriptions and shards with them.

const SECRET = 'a-secret-of-some-length';
const servers: Server[] = [];
const sockets: WebSocket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A list answer of the EventSub API. */
interface Listing {
  data: { id: string; status: string; transport: Record<string, unknown> }[];
}

interface Received {
  type: string;
  body: { subscription?: { id: string; type: string }; event?: Record<string, unknown>; challenge?: string };
}

/** A webhook receiver: it answers challenges while `answering.on` (else holds them), other messages with `answering.status`, and keeps what it got. */
async function receiver(): Promise<{ url: string; received: Received[]; answering: { on: boolean; status: number } }> {
  const received: Received[] = [];
  const answering = { on: true, status: 204 };
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const message: Received = { type: request.headers['twitch-eventsub-message-type'] as string, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'] };
      received.push(message);
      if (message.type !== 'webhook_callback_verification') response.writeHead(answering.status).end();
      else if (answering.on) response.writeHead(200, { 'Content-Type': 'text/plain' }).end(message.body.challenge);
      else held.push(response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eventsub`, received, answering };
}

/** A WebSocket session on the mock: its ID, once welcomed. */
async function session(mock: MockPlatform): Promise<string> {
  const socket = new WebSocket(mock.eventSubWsUrl);
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('message', (data: Buffer) => resolve((JSON.parse(data.toString('utf8')) as { payload: { session: { id: string } } }).payload.session.id));
    socket.once('error', reject);
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 400) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('EventSub across a restore', () => {
  it('keeps webhook subscriptions and conduits; WebSocket subscriptions and shards end with their sessions; a pending verification is sent again', async () => {
    const { mock: first } = await start();
    const streamer = first.addUser({ login: 'pixelforge' });
    const appToken = tokenOf(first, undefined, []);
    const userToken = tokenOf(first, streamer.id, []);
    const condition = { broadcaster_user_id: streamer.id };
    const hook = await receiver();
    const slow = await receiver();
    slow.answering.on = false;
    const subscribe = async (token: string, type: string, version: string, transport: Record<string, string>, on: Record<string, string> = condition) =>
      (await helix(first, 'POST', '/eventsub/subscriptions', token, { body: { type, version, condition: on, transport } })).body.data[0].id as string;

    const online = await subscribe(appToken, 'stream.online', '1', { method: 'webhook', callback: hook.url, secret: SECRET });
    const offline = await subscribe(appToken, 'stream.offline', '1', { method: 'webhook', callback: slow.url, secret: SECRET });
    const socketOf = await subscribe(userToken, 'channel.update', '2', { method: 'websocket', session_id: await session(first) });
    const conduitId = (await helix(first, 'POST', '/eventsub/conduits', appToken, { body: { shard_count: 2 } })).body.data[0].id as string;
    const shardSession = await session(first);
    const shards = [
      { id: '0', transport: { method: 'webhook', callback: hook.url, secret: SECRET } },
      { id: '1', transport: { method: 'websocket', session_id: shardSession } },
    ];
    expect((await helix(first, 'PATCH', '/eventsub/conduits/shards', appToken, { body: { conduit_id: conduitId, shards } })).status).toBe(202);
    const conduit = { method: 'conduit', conduit_id: conduitId };
    const update = await subscribe(appToken, 'channel.update', '2', conduit);
    // A second conduit, whose webhook shard waits for its verification.
    const waiting = (await helix(first, 'POST', '/eventsub/conduits', appToken, { body: { shard_count: 1 } })).body.data[0].id as string;
    const waitingShard = { id: '0', transport: { method: 'webhook', callback: slow.url, secret: SECRET } };
    expect((await helix(first, 'PATCH', '/eventsub/conduits/shards', appToken, { body: { conduit_id: waiting, shards: [waitingShard] } })).status).toBe(202);
    await subscribe(appToken, 'conduit.shard.disabled', '1', conduit, { client_id: 'app-1' });
    await until(() => first.eventsub.subscriptions({ status: 'enabled', method: 'webhook' }).length === 1 && first.eventsub.conduits()[0]?.shards[0]?.status === 'enabled');
    expect(first.eventsub.subscriptions({ status: 'webhook_callback_verification_pending' })).toMatchObject([{ id: offline }]);
    const listings = async (mock: MockPlatform) => {
      const [webhooks, websockets, conduits, shards] = await Promise.all([
        helix(mock, 'GET', '/eventsub/subscriptions', appToken),
        helix(mock, 'GET', '/eventsub/subscriptions', userToken),
        helix(mock, 'GET', '/eventsub/conduits', appToken),
        helix(mock, 'GET', '/eventsub/conduits/shards', appToken, { query: { conduit_id: conduitId } }),
      ]);
      return { webhooks: webhooks.body, websockets: websockets.body, conduits: conduits.body, shards: shards.body } as Record<'webhooks' | 'websockets' | 'conduits' | 'shards', Listing>;
    };
    const before = await listings(first);

    const { mock: second, events } = await start();
    slow.answering.on = true;
    carry(first, second);
    const after = await listings(second);
    // The webhook and conduit subscriptions and the conduit answer the same.
    expect(after.webhooks).toEqual(before.webhooks);
    expect(after.conduits).toEqual(before.conduits);
    // The WebSocket subscription and shard ended with their sessions, as on a dropped session.
    const disconnected = { status: 'websocket_disconnected', transport: { disconnected_at: expect.any(String) as unknown } };
    expect(after.websockets.data).toMatchObject([{ id: socketOf, ...disconnected }]);
    expect(before.websockets.data).toMatchObject([{ id: socketOf, status: 'enabled' }]);
    const [webhookShard, socketShard] = before.shards.data;
    expect(after.shards.data).toEqual([webhookShard, { ...socketShard, ...disconnected, transport: { ...socketShard?.transport, disconnected_at: expect.any(String) } }]);
    expect(events.filter((event) => event.type === 'conduit.shard.disabled')).toMatchObject([{ event: { conduit_id: conduitId, shard_id: '1', status: 'websocket_disconnected' } }]);
    // ...and the conduit sends the news over its webhook shard.
    await until(() => hook.received.some((message) => message.body.subscription?.type === 'conduit.shard.disabled'));
    // The pending verification is sent again, and answered now: the subscription is enabled.
    await until(() => second.eventsub.subscriptions({ status: 'enabled', method: 'webhook' }).length === 2);
    await until(() => second.eventsub.conduits()[1]?.shards[0]?.status === 'enabled');
    expect(first.eventsub.conduits()[1]?.shards[0]?.status).toBe('webhook_callback_verification_pending');
    expect(slow.received.filter((message) => message.type === 'webhook_callback_verification')).toHaveLength(4);
    expect(first.eventsub.subscriptions({ status: 'webhook_callback_verification_pending' })).toMatchObject([{ id: offline }]);
    // Events reach the restored subscriptions: the webhook one, and the conduit one over shard 0.
    expect(second.eventsub.trigger('stream.online', condition)).toBe(1);
    expect(second.eventsub.trigger('channel.update', condition)).toBe(1);
    await until(() => hook.received.filter((message) => message.type === 'notification').length === 3);
    const notified = hook.received.filter((message) => message.type === 'notification' && message.body.subscription?.type !== 'conduit.shard.disabled');
    expect(notified.map((message) => message.body.subscription?.id).sort()).toEqual([online, update].sort());
    // The restored records are the ones the controls act on.
    second.eventsub.revoke(online);
    expect(second.eventsub.subscriptions({ type: 'stream.online' })).toMatchObject([{ id: online, status: 'authorization_revoked' }]);
    expect(first.eventsub.subscriptions({ type: 'stream.online' })).toMatchObject([{ id: online, status: 'enabled' }]);
  });

  it('counts no webhook result of a message sent before a restore against the restored records', async () => {
    const { mock } = await start();
    mock.eventsub.configure({ webhookRetryDelaysMs: [], webhookFailuresBeforeRevocation: 1 });
    const streamer = mock.addUser({ login: 'pixelforge' });
    const appToken = tokenOf(mock, undefined, []);
    const hook = await receiver();
    const transport = { method: 'webhook', callback: hook.url, secret: SECRET };
    await helix(mock, 'POST', '/eventsub/subscriptions', appToken, { body: { type: 'stream.online', version: '1', condition: { broadcaster_user_id: streamer.id }, transport } });
    await until(() => mock.eventsub.subscriptions({ status: 'enabled' }).length === 1);
    hook.answering.status = 500;
    const revocations = () => hook.received.filter((message) => message.type === 'revocation');
    // The message fails after the mock restored its own snapshot: the restored subscription stays enabled, and nothing is revoked.
    expect(mock.eventsub.trigger('stream.online')).toBe(1);
    carry(mock, mock);
    await until(() => mock.eventsub.deliveries.some((delivery) => delivery.outcome === 'failed'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(revocations()).toEqual([]);
    expect(mock.eventsub.subscriptions()).toMatchObject([{ status: 'enabled' }]);
    // A message sent after the restore counts: one failure revokes it.
    mock.eventsub.trigger('stream.online');
    await until(() => revocations().length === 1);
    expect(mock.eventsub.subscriptions()).toMatchObject([{ status: 'notification_failures_exceeded' }]);
  });
});
