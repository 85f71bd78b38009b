/**
 * The local stand-in for the platform's EventSub WebSocket server and subscription API, run as a
 * child process (see ws-bench.ts) so that its CPU time is not counted in the contenders' figures.
 *
 * One port on 127.0.0.1 serves:
 * - `GET /ws` (WebSocket upgrade): a `session_welcome` frame on connection, then `session_keepalive`
 *   frames while idle; the client may send nothing (like the platform);
 * - `POST /eventsub/subscriptions`: 202 with the subscription echoed back, `status: 'enabled'`, a
 *   new UUID; the transport must name a connected session (else 400);
 * - `GET /eventsub/subscriptions`: an empty list; `DELETE /eventsub/subscriptions?id=`: 204;
 * - `GET /auth/validate` (twurple) and `GET /oauth2/validate`: the token's details.
 * twurple's mock mode uses the same paths (it adds no `/mock` prefix for EventSub subscriptions).
 *
 * On `{ type: 'send', subscriptionId, count }` from the bench it sends `count` `channel.chat.message`
 * notifications on that subscription's socket, as fast as the socket drains, and answers
 * `{ type: 'sent' }` when the last one was handed to the kernel. Frames are built from a
 * pre-serialized template: only the message ID (and the timestamp, once per write burst) differ.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { CHAT_USER_ID, chatMessageEvent, timestamp, validateBody, type WsSendMessage, type WsServerMessage } from './fixtures';
import { answer, error, readBody } from './fake-api';

/** Bytes the socket may hold unsent before the pump waits for it to drain. */
const HIGH_WATER = 1 << 20;
/** A keepalive goes out after this long without a frame (the welcome says 10 s). */
const KEEPALIVE_MS = 5_000;

interface Session {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: string;
  lastFrame: number;
}

interface Subscription {
  readonly id: string;
  readonly type: string;
  readonly version: string;
  readonly condition: Record<string, string>;
  readonly session: Session;
  readonly createdAt: string;
}

const sessions = new Map<string, Session>();
const subscriptions = new Map<string, Subscription>();

function report(message: WsServerMessage): void {
  process.send?.(message);
}

// ---------------------------------------------------------------------------------------------
// Frames

function welcomeFrame(session: Session): string {
  return JSON.stringify({
    metadata: { message_id: randomUUID(), message_type: 'session_welcome', message_timestamp: timestamp() },
    payload: {
      session: { id: session.id, status: 'connected', connected_at: session.connectedAt, keepalive_timeout_seconds: 10, reconnect_url: null },
    },
  });
}

function keepaliveFrame(): string {
  return JSON.stringify({ metadata: { message_id: randomUUID(), message_type: 'session_keepalive', message_timestamp: timestamp() }, payload: {} });
}

function wireSubscription(subscription: Subscription) {
  return {
    id: subscription.id,
    status: 'enabled',
    type: subscription.type,
    version: subscription.version,
    cost: 0,
    condition: subscription.condition,
    transport: { method: 'websocket', session_id: subscription.session.id, connected_at: subscription.session.connectedAt },
    created_at: subscription.createdAt,
  };
}

/**
 * The notification frame in three constant pieces around the message ID and the timestamp, so a
 * frame is one string concatenation.
 */
function notificationTemplate(subscription: Subscription): { head: string; middle: string; tail: string } {
  const { transport, ...rest } = wireSubscription(subscription);
  const payload = JSON.stringify({ subscription: { ...rest, transport: { method: transport.method, session_id: transport.session_id } }, event: chatMessageEvent });
  return {
    head: '{"metadata":{"message_id":"',
    middle: '","message_type":"notification","message_timestamp":"',
    tail: `","subscription_type":"${subscription.type}","subscription_version":"${subscription.version}"},"payload":${payload}}`,
  };
}

// ---------------------------------------------------------------------------------------------
// The notification pump

let pumping = 0;

function pump(message: WsSendMessage): void {
  const subscription = subscriptions.get(message.subscriptionId);
  if (!subscription || subscription.session.socket.readyState !== subscription.session.socket.OPEN) {
    report({ type: 'failed', run: message.run, message: `no open socket for subscription ${message.subscriptionId}` });
    return;
  }
  const { socket } = subscription.session;
  const { head, middle, tail } = notificationTemplate(subscription);
  // Unique per run and per frame: a UUID's first four groups, then a 12-digit hex counter.
  const idBase = randomUUID().slice(0, 24);
  const { count } = message;
  let sent = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  pumping++;

  const finish = (error?: Error) => {
    pumping--;
    subscription.session.lastFrame = Date.now();
    if (error) {
      report({ type: 'failed', run: message.run, message: error.message });
      return;
    }
    const used = process.cpuUsage(cpu);
    report({ type: 'sent', run: message.run, count, ms: performance.now() - start, cpuMicros: used.user + used.system });
  };

  // Sends until the socket holds HIGH_WATER bytes; the last frame of a burst carries a callback that
  // runs once it has been written out, and starts the next burst.
  const burst = (error?: Error) => {
    if (error) {
      finish(error);
      return;
    }
    const stamp = timestamp();
    while (sent < count) {
      const frame = head + idBase + (sent++).toString(16).padStart(12, '0') + middle + stamp + tail;
      if (sent === count) {
        socket.send(frame, finish);
        return;
      }
      if (socket.bufferedAmount + frame.length >= HIGH_WATER) {
        socket.send(frame, burst);
        return;
      }
      socket.send(frame);
    }
  };
  burst();
}

// ---------------------------------------------------------------------------------------------
// The subscription API

function create(body: unknown, response: ServerResponse): void {
  const { type, version, condition, transport } = (body ?? {}) as {
    type?: unknown;
    version?: unknown;
    condition?: unknown;
    transport?: { method?: unknown; session_id?: unknown };
  };
  if (typeof type !== 'string' || typeof version !== 'string' || typeof condition !== 'object' || condition === null) {
    error(response, 400, 'type, version and condition are required');
    return;
  }
  const session = transport?.method === 'websocket' && typeof transport.session_id === 'string' ? sessions.get(transport.session_id) : undefined;
  if (!session) {
    error(response, 400, 'transport.session_id must name a connected session');
    return;
  }
  const subscription: Subscription = { id: randomUUID(), type, version, condition: condition as Record<string, string>, session, createdAt: timestamp() };
  subscriptions.set(subscription.id, subscription);
  answer(response, 202, JSON.stringify({ data: [wireSubscription(subscription)], total: subscriptions.size, total_cost: 0, max_total_cost: 10 }));
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname.replace(/^\/helix(?=\/)/, '');
  if (path === '/eventsub/subscriptions') {
    if (request.method === 'POST') {
      readBody(request).then(JSON.parse).then(
        (body) => create(body, response),
        () => error(response, 400, 'the body is not JSON'),
      );
      return;
    }
    if (request.method === 'GET') {
      answer(response, 200, JSON.stringify({ data: [], total: 0, total_cost: 0, max_total_cost: 10, pagination: {} }));
      return;
    }
    if (request.method === 'DELETE') {
      subscriptions.delete(url.searchParams.get('id') ?? '');
      answer(response, 204);
      return;
    }
  }
  if (request.method === 'GET' && (path === '/auth/validate' || path === '/oauth2/validate' || path === '/validate')) {
    answer(response, 200, validateBody(CHAT_USER_ID));
    return;
  }
  error(response, 404, `no route ${request.method ?? ''} ${url.pathname} in the bench server`);
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  const server = createServer({ keepAlive: true }, handle);
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (socket) => {
    const session: Session = { id: randomUUID().replaceAll('-', ''), socket, connectedAt: timestamp(), lastFrame: Date.now() };
    sessions.set(session.id, session);
    socket.send(welcomeFrame(session));
    const keepalive = setInterval(() => {
      if (pumping === 0 && Date.now() - session.lastFrame >= KEEPALIVE_MS) {
        session.lastFrame = Date.now();
        socket.send(keepaliveFrame());
      }
    }, 1_000);
    // The platform closes a socket that sends anything but pongs (4001).
    socket.on('message', () => socket.close(4001, 'Client sent inbound traffic'));
    socket.on('close', () => {
      clearInterval(keepalive);
      sessions.delete(session.id);
      for (const [id, subscription] of subscriptions) if (subscription.session === session) subscriptions.delete(id);
    });
    socket.on('error', () => undefined);
  });
  // Only the loopback address: nothing here is reachable from outside the machine.
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    report({ type: 'listening', port });
  });
  process.on('message', (message: WsSendMessage) => {
    if (message.type === 'send') pump(message);
  });
  // The parent going away (or closing the channel) ends the server.
  process.on('disconnect', () => {
    for (const client of wss.clients) client.terminate();
    server.closeAllConnections();
    server.close();
    process.exit(0);
  });
}

if (!process.send) {
  console.error('ws-server.ts is the EventSub bench server; run it through src/eventsub.ts, which starts it as a child process.');
  process.exit(1);
}
main();
