import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createFetchStub, createVirtualClock, type SeenRequest, type StubReply, type VirtualClock } from '@platform/core/testing';
import type { SignedSample } from './fixtures';

export type { SignedSample } from './fixtures';

/** A moment a little after every fixture's timestamp (they run from 18:25 to 18:29 on 2026-03-14). */
export const FIXTURE_NOW = Date.parse('2026-03-14T18:30:00.000Z');
export const CALLBACK = 'https://hooks.example.org/twitch/eventsub';
export const APP_TOKEN = 'app-token-for-tests';

/** The `Twitch-Eventsub-Message-Signature` of a message, as the platform computes it. */
export function sign(secret: string, messageId: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(messageId + timestamp + body).digest('hex')}`;
}

/** A signed message of our own, for cases the fixtures do not cover. */
export function signed(secret: string, type: string, body: unknown, options: { id?: string; timestamp?: string; headers?: Record<string, string> } = {}): SignedSample {
  const id = options.id ?? `message-${Math.random().toString(36).slice(2)}`;
  const timestamp = options.timestamp ?? new Date(FIXTURE_NOW - 1000).toISOString().replace('Z', '123456Z');
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    secret,
    body: text,
    headers: {
      'Content-Type': 'application/json',
      'Twitch-Eventsub-Message-Id': id,
      'Twitch-Eventsub-Message-Retry': '0',
      'Twitch-Eventsub-Message-Type': type,
      'Twitch-Eventsub-Message-Signature': sign(secret, id, timestamp, text),
      'Twitch-Eventsub-Message-Timestamp': timestamp,
      ...options.headers,
    },
  };
}

/** The sample with some headers replaced (`undefined` removes one). */
export function withHeaders(sample: SignedSample, changes: Record<string, string | undefined>): SignedSample {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...sample.headers, ...changes })) if (value !== undefined) headers[name] = value;
  return { ...sample, headers };
}

/** What a Helix subscription looks like in a 202 answer. */
export function created(id: string, type: string, version: string, condition: Record<string, string>, status = 'webhook_callback_verification_pending') {
  return {
    status: 202,
    body: {
      data: [{ id, status, type, version, condition, created_at: '2026-03-14T18:26:40.442409188Z', transport: { method: 'webhook', callback: CALLBACK }, cost: 0 }],
      total: 1,
      total_cost: 0,
      max_total_cost: 10000,
    },
  };
}

/**
 * The answer to a listener's read-back, `GET /eventsub/subscriptions?subscription_id=<id>`: the
 * subscription with `status` (enabled by default), or an empty list for an ID `known` does not
 * name. `known` maps the IDs the stub handed out to their type, version and condition.
 */
export function listed(request: SeenRequest, known: Record<string, { type: string; version: string; condition: Record<string, string> }>, status = 'enabled') {
  const id = request.url.searchParams.get('subscription_id') ?? '';
  const about = known[id];
  const data = about ? [{ id, status, ...about, created_at: '2026-03-14T18:26:40.442409188Z', transport: { method: 'webhook', callback: CALLBACK }, cost: 0 }] : [];
  return { status: 200, body: { data, total: data.length, total_cost: 0, max_total_cost: 10000, pagination: {} } };
}

/**
 * A client whose requests go to an in-memory stub: the OAuth server hands out `APP_TOKEN`, and
 * Helix calls go to `helix` (a DELETE gets 204 unless it says otherwise).
 */
export function stubClient(
  helix: (request: SeenRequest, index: number) => StubReply | undefined | Promise<StubReply | undefined>,
  options: { clock?: VirtualClock } = {},
) {
  const clock = options.clock ?? createVirtualClock({ start: FIXTURE_NOW });
  let index = 0;
  const stub = createFetchStub(
    async (request) => {
      if (request.url.pathname.startsWith('/oauth2/')) return { body: { access_token: APP_TOKEN, expires_in: 3600, token_type: 'bearer' } };
      const reply = await helix(request, index++);
      if (reply !== undefined) return reply;
      return request.method === 'DELETE' ? { status: 204 } : { status: 500, body: { error: 'Internal Server Error', status: 500, message: 'no stub answer' } };
    },
    { clock },
  );
  const client: PlatformClient = createClient({
    clientId: 'webhook-test-app',
    clientSecret: 'webhook-test-client-secret',
    fetch: stub.fetch,
    clock,
    authenticator: platformAuth(),
  });
  /** The Helix requests (not the OAuth ones). */
  const helixRequests = () => stub.requests.filter((request) => request.url.pathname.startsWith('/helix/'));
  return { client, clock, stub, helixRequests };
}

/** A node:http server on 127.0.0.1 with a port of its own, closed by `close()`. */
export async function serve(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/eventsub`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts a sample to `url` as the platform would; resolves with the answer's status, headers and text. */
export async function post(url: string, sample: SignedSample, method = 'POST') {
  const response = await fetch(url, { method, headers: sample.headers, body: method === 'GET' || method === 'HEAD' ? undefined : sample.body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A web-standard Request of a sample, for `listener.fetch`. */
export function requestOf(sample: SignedSample, method = 'POST'): Request {
  return new Request(CALLBACK, { method, headers: sample.headers, body: method === 'GET' || method === 'HEAD' ? null : sample.body });
}

/**
 * Reads the whole body, then hands the request on with `request.body` set as a body-parser
 * middleware would: express.raw() leaves a Buffer, express.text() a string, express.json() an object.
 */
export function bodyParser(kind: 'raw' | 'text' | 'json', next: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void, onNext?: (error?: unknown) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const target = request as IncomingMessage & { body?: unknown; _body?: boolean };
      target.body = kind === 'raw' ? raw : kind === 'text' ? raw.toString('utf8') : JSON.parse(raw.toString('utf8'));
      target._body = true;
      next(request, response, (error) => {
        onNext?.(error);
        if (!response.headersSent) response.writeHead(error ? 500 : 404).end();
      });
    });
  };
}

/** Resolves when `check` holds, polling every few milliseconds (real time); rejects after `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('The condition did not hold in time.');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
