/**
 * The local stand-in for the platform's webhook side, run as a child process (see
 * webhook-bench.ts) so that its CPU time is not counted in the listeners' figures. It is both:
 *
 * - the subscription API, on its own port on 127.0.0.1: `POST /eventsub/subscriptions` answers 202
 *   with `status: 'webhook_callback_verification_pending'` and a new UUID, then sends the signed
 *   verification challenge to the subscription's callback and reports the outcome to the bench;
 *   `GET` lists the subscriptions (`subscription_id` picks one), `DELETE ?id=` 204; `GET /auth/validate` and `/oauth2/validate`
 *   the token's details, `POST /oauth2/token` an app token. The callback's host must be
 *   127.0.0.1 (with its port); `https:` callbacks (twurple only makes those) are called over plain
 *   HTTP.
 * - the load generator: on `{ type: 'load' }` it opens `concurrency` keep-alive connections to the
 *   listener and keeps one signed `channel.follow` v2 notification in flight on each until `count`
 *   were answered. Requests are written as raw HTTP/1.1 on `net` sockets and answers are parsed
 *   just enough (status line, Content-Length or chunked), which costs far less than the listener's
 *   work, so that the generator is not the bottleneck. Each request has a unique message ID, a
 *   current timestamp and its own HMAC-SHA256 signature, computed as it goes.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import {
  BROADCASTER_ID,
  MODERATOR_ID,
  WEBHOOK_SECRET,
  followEvent,
  timestamp,
  validateBody,
  type GeneratorLoadMessage,
  type GeneratorMessage,
} from './fixtures';
import { answer, error, readBody } from './fake-api';

interface Subscription {
  readonly id: string;
  readonly type: string;
  readonly version: string;
  readonly condition: Record<string, string>;
  readonly callback: string;
  readonly secret: string;
  readonly createdAt: string;
  status: string;
}

const subscriptions = new Map<string, Subscription>();

function report(message: GeneratorMessage): void {
  process.send?.(message);
}

function sign(secret: string, id: string, stamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(id + stamp).update(body).digest('hex')}`;
}

function wireSubscription(subscription: Subscription) {
  return {
    id: subscription.id,
    status: subscription.status,
    type: subscription.type,
    version: subscription.version,
    cost: 1,
    condition: subscription.condition,
    transport: { method: 'webhook', callback: subscription.callback },
    created_at: subscription.createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// The subscription API and the verification challenge

/** Where a callback is reached from here: plain HTTP on 127.0.0.1, whatever its scheme. */
function deliveryUrl(callback: string): URL {
  const url = new URL(callback);
  url.protocol = 'http:';
  return url;
}

/** Sends the signed challenge to the callback; the listener must answer 200 with the challenge alone. */
function challenge(subscription: Subscription): void {
  const body = JSON.stringify({ challenge: randomUUID(), subscription: wireSubscription(subscription) });
  const { challenge: expected } = JSON.parse(body) as { challenge: string };
  const id = randomUUID();
  const stamp = timestamp();
  const url = deliveryUrl(subscription.callback);
  const outgoing = httpRequest(
    url,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'Twitch-Eventsub-Message-Id': id,
        'Twitch-Eventsub-Message-Retry': '0',
        'Twitch-Eventsub-Message-Type': 'webhook_callback_verification',
        'Twitch-Eventsub-Message-Signature': sign(subscription.secret, id, stamp, body),
        'Twitch-Eventsub-Message-Timestamp': stamp,
        'Twitch-Eventsub-Subscription-Type': subscription.type,
        'Twitch-Eventsub-Subscription-Version': subscription.version,
      },
    },
    (response) => {
      readBody(response).then(
        (text) => {
          const ok = response.statusCode === 200 && text === expected;
          if (ok) subscription.status = 'enabled';
          report({ type: 'verification', id: subscription.id, callback: subscription.callback, ok, detail: `${response.statusCode} ${JSON.stringify(text.slice(0, 80))}` });
        },
        (thrown: Error) => report({ type: 'verification', id: subscription.id, callback: subscription.callback, ok: false, detail: thrown.message }),
      );
    },
  );
  outgoing.on('error', (thrown) => report({ type: 'verification', id: subscription.id, callback: subscription.callback, ok: false, detail: thrown.message }));
  outgoing.end(body);
}

function create(text: string, response: ServerResponse): void {
  let body: { type?: unknown; version?: unknown; condition?: unknown; transport?: { method?: unknown; callback?: unknown; secret?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    error(response, 400, 'the body is not JSON');
    return;
  }
  const { type, version, condition, transport } = body;
  if (typeof type !== 'string' || typeof version !== 'string' || typeof condition !== 'object' || condition === null) {
    error(response, 400, 'type, version and condition are required');
    return;
  }
  if (transport?.method !== 'webhook' || typeof transport.callback !== 'string' || typeof transport.secret !== 'string') {
    error(response, 400, 'transport must be { method: "webhook", callback, secret }');
    return;
  }
  let host: string;
  try {
    host = deliveryUrl(transport.callback).hostname;
  } catch {
    error(response, 400, 'transport.callback is not a URL');
    return;
  }
  if (host !== '127.0.0.1') {
    error(response, 400, `the bench delivers to 127.0.0.1 only, not ${host}`);
    return;
  }
  const subscription: Subscription = {
    id: randomUUID(),
    type,
    version,
    condition: condition as Record<string, string>,
    callback: transport.callback,
    secret: transport.secret,
    createdAt: timestamp(),
    status: 'webhook_callback_verification_pending',
  };
  subscriptions.set(subscription.id, subscription);
  answer(response, 202, JSON.stringify({ data: [wireSubscription(subscription)], total: subscriptions.size, total_cost: subscriptions.size, max_total_cost: 10_000 }));
  // Like the platform: the challenge comes after the 202.
  response.once('finish', () => challenge(subscription));
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname.replace(/^\/helix(?=\/)/, '');
  if (path === '/eventsub/subscriptions') {
    if (request.method === 'POST') {
      readBody(request).then(
        (text) => create(text, response),
        () => error(response, 400, 'the body could not be read'),
      );
      return;
    }
    if (request.method === 'GET') {
      // As the platform lists them (a listener reads its subscription back after the challenge,
      // and reconciles against the list): `subscription_id` picks one.
      const id = url.searchParams.get('subscription_id');
      const listed = [...subscriptions.values()].filter((each) => id === null || each.id === id).map(wireSubscription);
      answer(response, 200, JSON.stringify({ data: listed, total: subscriptions.size, total_cost: subscriptions.size, max_total_cost: 10_000, pagination: {} }));
      return;
    }
    if (request.method === 'DELETE') {
      subscriptions.delete(url.searchParams.get('id') ?? '');
      answer(response, 204);
      return;
    }
  }
  if (request.method === 'GET' && (path === '/auth/validate' || path === '/oauth2/validate')) {
    answer(response, 200, validateBody(MODERATOR_ID));
    return;
  }
  if (request.method === 'POST' && (path === '/auth/token' || path === '/oauth2/token')) {
    answer(response, 200, JSON.stringify({ access_token: 'benchapptoken', expires_in: 3600, token_type: 'bearer' }));
    return;
  }
  error(response, 404, `no route ${request.method ?? ''} ${url.pathname} in the bench generator`);
}

// ---------------------------------------------------------------------------------------------
// The load

/** The notification body: the same for every request of a run (the message ID is a header). */
function notificationBody(subscriptionId: string, port: number, path: string): string {
  const known = subscriptions.get(subscriptionId);
  const subscription = known
    ? { ...wireSubscription(known), status: 'enabled' }
    : {
        id: subscriptionId,
        status: 'enabled',
        type: 'channel.follow',
        version: '2',
        cost: 1,
        condition: { broadcaster_user_id: BROADCASTER_ID, moderator_user_id: MODERATOR_ID },
        transport: { method: 'webhook', callback: `http://127.0.0.1:${port}${path}` },
        created_at: timestamp(),
      };
  return JSON.stringify({ subscription, event: followEvent });
}

/**
 * One connection's answer parser: the status line, then the end of the answer by Content-Length,
 * by the last chunk, or at the head's end (204 and other bodiless answers).
 */
function answers(socket: Socket, onAnswer: (status: number) => void): void {
  let buffered = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (;;) {
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffered.slice(0, headEnd).toLowerCase();
      const status = Number(buffered.slice(9, 12));
      let end = headEnd + 4;
      const length = /\r\ncontent-length: *(\d+)/.exec(head);
      if (length) end += Number(length[1]);
      else if (head.includes('\r\ntransfer-encoding: chunked')) {
        const last = buffered.indexOf('\r\n0\r\n\r\n', headEnd + 2);
        if (last < 0) return;
        end = last + 7;
      }
      if (buffered.length < end) return;
      buffered = buffered.slice(end);
      onAnswer(status);
    }
  });
}

async function load(message: GeneratorLoadMessage): Promise<void> {
  const { run, port, path, count, concurrency } = message;
  const secret = subscriptions.get(message.subscriptionId)?.secret ?? WEBHOOK_SECRET;
  const body = notificationBody(message.subscriptionId, port, path);
  const headStart =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    'Twitch-Eventsub-Message-Retry: 0\r\nTwitch-Eventsub-Message-Type: notification\r\n' +
    'Twitch-Eventsub-Subscription-Type: channel.follow\r\nTwitch-Eventsub-Subscription-Version: 2\r\nTwitch-Eventsub-Message-Id: ';
  const idBase = randomUUID().slice(0, 24);
  const statuses: Record<string, number> = {};
  let started = 0;
  let answered = 0;

  const sockets = await Promise.all(
    Array.from(
      { length: Math.min(concurrency, count) },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect({ host: '127.0.0.1', port, noDelay: true }, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );

  const cpu = process.cpuUsage();
  const start = performance.now();
  let ms = 0;
  let used: NodeJS.CpuUsage | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const send = (socket: Socket) => {
        const id = idBase + (started++).toString(16).padStart(12, '0');
        const stamp = timestamp();
        socket.write(`${headStart}${id}\r\nTwitch-Eventsub-Message-Timestamp: ${stamp}\r\nTwitch-Eventsub-Message-Signature: ${sign(secret, id, stamp, body)}\r\n\r\n${body}`);
      };
      for (const socket of sockets) {
        socket.on('error', reject);
        // The listener must keep the connection open for the whole run.
        socket.on('close', () => {
          if (answered < count) reject(new Error(`the listener closed a connection after ${answered} of ${count} answers`));
        });
        answers(socket, (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          answered++;
          if (answered === count) {
            ms = performance.now() - start;
            used = process.cpuUsage(cpu);
            resolve();
          }
          else if (started < count) send(socket);
        });
        send(socket);
      }
    });
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  report({ type: 'done', run, count, ms, cpuMicros: used!.user + used!.system, statuses });
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  const server = createServer({ keepAlive: true }, handle);
  // Only the loopback address: nothing here is reachable from outside the machine.
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    report({ type: 'listening', port });
  });
  process.on('message', (message: GeneratorLoadMessage) => {
    if (message.type !== 'load') return;
    load(message).catch((thrown: Error) => report({ type: 'failed', run: message.run, message: thrown.message }));
  });
  // The parent going away (or closing the channel) ends the generator.
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  });
}

if (!process.send) {
  console.error('webhook-generator.ts is the EventSub webhook load generator; run it through src/eventsub.ts, which starts it as a child process.');
  process.exit(1);
}
main();
