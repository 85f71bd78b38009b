/**
 * The local stand-in for the platform's API, run in a child process (see `startServer()`) so that
 * its CPU time is not counted in the clients' figures.
 *
 * Routes, under both `/helix` (our library, raw fetch) and `/mock` (twurple's mock-server prefix):
 * - `GET <prefix>/chat/emotes/global`: a small JSON answer (two emotes and a template);
 * - `GET <prefix>/chat/chatters`: 20,000 chatters in pages of `first` (at most 1,000), with
 *   `pagination.cursor` until the last page and `total`;
 * - `GET /auth/validate`: the token's details, for twurple's auth provider.
 * Every API answer carries `Ratelimit-Limit`, `Ratelimit-Remaining` and `Ratelimit-Reset` headers
 * like the platform's. Answers are built once at start-up so the server does as little as possible.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_ID, MAX_PAGE, SCOPES, TOTAL_CHATTERS, USER_ID, type ParentMessage, type ServerMessage } from './fixture';

const emotesBody = Buffer.from(
  JSON.stringify({
    data: [
      {
        id: '196892',
        name: 'TwitchUnity',
        images: { url_1x: 'https://example.invalid/196892/1.0', url_2x: 'https://example.invalid/196892/2.0', url_4x: 'https://example.invalid/196892/3.0' },
        format: ['static'],
        scale: ['1.0', '2.0', '3.0'],
        theme_mode: ['light', 'dark'],
      },
      {
        id: '425618',
        name: 'LUL',
        images: { url_1x: 'https://example.invalid/425618/1.0', url_2x: 'https://example.invalid/425618/2.0', url_4x: 'https://example.invalid/425618/3.0' },
        format: ['static', 'animated'],
        scale: ['1.0', '2.0', '3.0'],
        theme_mode: ['light', 'dark'],
      },
    ],
    template: 'https://example.invalid/{{id}}/{{format}}/{{theme_mode}}/{{scale}}',
  }),
);

const validateBody = Buffer.from(
  JSON.stringify({ client_id: CLIENT_ID, login: 'bench', scopes: SCOPES, user_id: USER_ID, expires_in: 3600 }),
);

const notFoundBody = Buffer.from(JSON.stringify({ error: 'Not Found', status: 404, message: 'No such route in the bench server' }));

/** A cursor is the offset of the next item, made opaque the way the platform's look. */
function cursorFor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function offsetOf(cursor: string | null): number | undefined {
  if (cursor === null || cursor === '') return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

/** Chatter pages, cached per (offset, size): the bench only ever asks for a few shapes. */
const pageCache = new Map<string, Buffer>();

function chattersPage(offset: number, size: number): Buffer {
  const key = `${offset}:${size}`;
  let body = pageCache.get(key);
  if (!body) {
    const end = Math.min(offset + size, TOTAL_CHATTERS);
    const data = [];
    for (let index = offset; index < end; index++) {
      const id = String(100_000 + index);
      data.push({ user_id: id, user_login: `viewer_${id}`, user_name: `Viewer_${id}` });
    }
    body = Buffer.from(JSON.stringify({ data, pagination: end < TOTAL_CHATTERS ? { cursor: cursorFor(end) } : {}, total: TOTAL_CHATTERS }));
    pageCache.set(key, body);
  }
  return body;
}

const counts: Record<string, number> = {};

function send(response: ServerResponse, status: number, body: Buffer, rateLimited: boolean): void {
  const headers: Record<string, string | number> = { 'Content-Type': 'application/json', 'Content-Length': body.length };
  if (rateLimited) {
    headers['Ratelimit-Limit'] = 800;
    headers['Ratelimit-Remaining'] = 799;
    headers['Ratelimit-Reset'] = Math.floor(Date.now() / 1000) + 60;
  }
  response.writeHead(status, headers);
  response.end(body);
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const route = /^\/(helix|mock)(\/chat\/emotes\/global|\/chat\/chatters)$/.exec(url.pathname);
  const key = route ? `${route[1]} ${route[2]}` : url.pathname;
  counts[key] = (counts[key] ?? 0) + 1;
  if (request.method !== 'GET') {
    send(response, 404, notFoundBody, false);
    return;
  }
  if (url.pathname === '/auth/validate') {
    send(response, 200, validateBody, false);
    return;
  }
  if (!route) {
    send(response, 404, notFoundBody, false);
    return;
  }
  if (route[2] === '/chat/emotes/global') {
    send(response, 200, emotesBody, true);
    return;
  }
  const offset = offsetOf(url.searchParams.get('after'));
  const first = Number(url.searchParams.get('first') ?? 20);
  if (offset === undefined || !Number.isInteger(first) || first < 1 || first > MAX_PAGE || url.searchParams.get('broadcaster_id') === null) {
    send(response, 400, Buffer.from(JSON.stringify({ error: 'Bad Request', status: 400, message: 'Bad chatters query' })), true);
    return;
  }
  send(response, 200, chattersPage(offset, first), true);
}

function main(): void {
  const server = createServer({ keepAlive: true }, handle);
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  // Only the loopback address: nothing here is reachable from outside the machine.
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ type: 'listening', port } satisfies ServerMessage);
  });
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') process.send?.({ type: 'stats', counts: { ...counts } } satisfies ServerMessage);
    if (message.type === 'reset') for (const key of Object.keys(counts)) delete counts[key];
  });
  // The parent going away (or closing the channel) ends the server.
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  });
}

if (!process.send) {
  console.error('server.ts is the bench server; run it through src/main.ts, which starts it as a child process.');
  process.exit(1);
}
main();
