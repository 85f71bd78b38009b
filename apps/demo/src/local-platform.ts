import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A few routes of the platform, enough for the tour: chatters in pages, global emotes that fail
 * once with a 503, and a token budget small enough to run dry. The full fake of the platform is
 * `@platform/mock`; this stand-in keeps the demo self-contained until then.
 */
export async function startLocalPlatform(options: { budget: number; windowMs: number }) {
  const chatters = Array.from({ length: 2345 }, (_, index) => ({ user_id: String(1000 + index), user_login: `viewer${index}`, user_name: `Viewer${index}` }));
  let remaining = options.budget;
  let resetAt = Date.now() + options.windowMs;
  let emoteCalls = 0;
  const log: string[] = [];

  const send = (response: ServerResponse, status: number, body: unknown) => {
    if (Date.now() >= resetAt) {
      remaining = options.budget;
      resetAt = Date.now() + options.windowMs;
    }
    response.setHeader('Ratelimit-Limit', String(options.budget));
    response.setHeader('Ratelimit-Remaining', String(Math.max(0, remaining)));
    response.setHeader('Ratelimit-Reset', String(Math.ceil(resetAt / 1000)));
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    log.push(`${request.method} ${url.pathname}`);
    if (request.headers.authorization !== 'Bearer demo-token') {
      send(response, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
      return;
    }
    if (Date.now() >= resetAt) {
      remaining = options.budget;
      resetAt = Date.now() + options.windowMs;
    }
    if (remaining <= 0) {
      send(response, 429, { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' });
      return;
    }
    remaining--;
    if (url.pathname === '/helix/chat/emotes/global') {
      emoteCalls++;
      if (emoteCalls === 1) send(response, 503, { error: 'Service Unavailable', status: 503, message: 'Try again' });
      else send(response, 200, { data: [{ id: '25', name: 'Kappa' }, { id: '88', name: 'PogChamp' }], template: 'https://static.example/{{id}}/{{format}}/{{theme_mode}}/{{scale}}' });
      return;
    }
    if (url.pathname === '/helix/chat/chatters') {
      const first = Number(url.searchParams.get('first') ?? 100);
      const start = Number(url.searchParams.get('after') ?? 0);
      const data = chatters.slice(start, start + first);
      const next = start + first < chatters.length ? { cursor: String(start + first) } : {};
      send(response, 200, { data, pagination: next, total: chatters.length });
      return;
    }
    send(response, 404, { error: 'Not Found', status: 404, message: `No route ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/helix`,
    requests: log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
