/**
 * Which transport a client sends with, and what both transports must agree on, over a real
 * loopback server: Node's own (`node:http`, the default on Node) and a fetch function.
 */
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, PlatformApiError, PlatformAuthError, PlatformNetworkError } from '../src/index';
import { clientCore, rawCredential } from '../src/internal/index';
import { takesHeaderList } from '../src/runtime-sender.node';
import { transports } from './stub';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The header lines as received, names and values in turn. */
  rawHeaders: string[];
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A server on 127.0.0.1:0 that records each request (body included) and answers with `answer`. */
async function serve(answer: (response: http.ServerResponse, seen: Seen) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, rawHeaders: request.rawHeaders, body };
      seen.push(entry);
      answer(response, entry);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/helix`, seen };
}

const ok = (response: http.ServerResponse) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end('{"data":[]}');
};

/** undici's fetch marks its requests with `Sec-Fetch-Mode`; `node:http` sends no such header. */
const viaFetch = (seen: Seen | undefined) => seen?.headers['sec-fetch-mode'] !== undefined;

const dispatcherKey = Symbol.for('undici.globalDispatcher.1');

describe('the transport a client chooses', () => {
  it("sends with node:http on Node when given no fetch and the global fetch is Node's own", async () => {
    const { url, seen } = await serve(ok);
    await createClient({ clientId: 'c', token: 't', baseUrl: url }).request({ method: 'GET', path: '/a' });
    expect(seen).toHaveLength(1);
    expect(viaFetch(seen[0])).toBe(false);
    expect(seen[0]?.headers['accept-encoding']).toBe('gzip');
  });

  it('uses the fetch option when one is given', async () => {
    const { url, seen } = await serve(ok);
    const fetch = vi.fn(globalThis.fetch);
    const client = createClient({ clientId: 'c', token: 't', baseUrl: url, fetch });
    await expect(client.request({ method: 'GET', path: '/a' })).resolves.toEqual({ data: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(viaFetch(seen[0])).toBe(true);
  });

  it("uses a global fetch that replaced Node's own (a test stub, a framework patch), even one replaced after the client was made", async () => {
    const { url, seen } = await serve(ok);
    const original = globalThis.fetch;
    const early = vi.fn((input: string | URL | Request, init?: RequestInit) => original(input, init));
    vi.stubGlobal('fetch', early);
    await createClient({ clientId: 'c', token: 't', baseUrl: url }).request({ method: 'GET', path: '/a' });
    expect(early).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();

    const client = createClient({ clientId: 'c', token: 't', baseUrl: url });
    await client.request({ method: 'GET', path: '/b' });
    const late = vi.fn((input: string | URL | Request, init?: RequestInit) => original(input, init));
    vi.stubGlobal('fetch', late);
    await client.request({ method: 'GET', path: '/c' });
    expect(late).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    await client.request({ method: 'GET', path: '/d' });

    expect(seen.map((request) => [request.url, viaFetch(request)])).toEqual([
      ['/helix/a', true],
      ['/helix/b', false],
      ['/helix/c', true],
      ['/helix/d', false],
    ]);
  });

  it("goes through fetch while undici's global dispatcher is a program's own (a ProxyAgent, a MockAgent)", async () => {
    const { url, seen } = await serve(ok);
    const client = createClient({ clientId: 'c', token: 't', baseUrl: url });
    await fetch(`${url}/warm`); // Node installs its own Agent on the first fetch.
    const slot = globalThis as unknown as Record<symbol, { dispatch(...args: unknown[]): unknown }>;
    const nodes = slot[dispatcherKey]!;
    expect(nodes.constructor.name).toBe('Agent');
    const dispatched = vi.fn();
    // A stand-in for undici's ProxyAgent: a dispatcher of another class, passing requests on.
    class ProxyAgent {
      dispatch(...args: unknown[]): unknown {
        dispatched();
        return nodes.dispatch(...args);
      }
    }
    slot[dispatcherKey] = new ProxyAgent();
    try {
      await client.request({ method: 'GET', path: '/a' });
    } finally {
      slot[dispatcherKey] = nodes;
    }
    await client.request({ method: 'GET', path: '/b' });
    expect(dispatched).toHaveBeenCalledTimes(1);
    expect(seen.slice(1).map((request) => [request.url, viaFetch(request)])).toEqual([
      ['/helix/a', true],
      ['/helix/b', false],
    ]);
  });
});

/** A request's header lines as `name: value` with lowercase names, sorted: what a server reads, whatever the order. */
const headerLines = (request: Seen) => {
  const lines: string[] = [];
  for (let index = 0; index < request.rawHeaders.length; index += 2) lines.push(`${request.rawHeaders[index]!.toLowerCase()}: ${request.rawHeaders[index + 1]}`);
  return lines.sort();
};

describe('node:http requests', () => {
  it('carry the header lines Node writes for a header object (Host, Accept-Encoding, Content-Length, keep-alive), for every method with and without a body', async () => {
    const { url, seen } = await serve(ok);
    const client = createClient({ clientId: 'the-client', token: 'tok', baseUrl: url, retries: 0 });
    const cases = [
      ['GET', undefined],
      ['POST', { message: 'héllo' }],
      ['POST', undefined],
      ['PUT', undefined],
      ['PATCH', { n: 1 }],
      ['DELETE', undefined],
    ] as const;
    for (const [method, body] of cases) await client.request({ method, path: '/a', body });
    // The same requests written by hand, as Node's documentation shows: options with a header object.
    for (const [method, body] of cases) {
      const text = body === undefined ? undefined : JSON.stringify(body);
      await new Promise<void>((resolve, reject) => {
        const headers: http.OutgoingHttpHeaders = { 'Client-Id': 'the-client', Authorization: 'Bearer tok', 'Accept-Encoding': 'gzip' };
        if (text !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
        const request = http.request(`${url}/a`, { method, headers }, (response) => response.resume().on('end', resolve));
        request.on('error', reject);
        request.end(text);
      });
    }
    expect(seen).toHaveLength(cases.length * 2);
    expect(seen.some(viaFetch)).toBe(false);
    const ours = seen.slice(0, cases.length);
    const byHand = seen.slice(cases.length);
    expect(ours.map(headerLines)).toEqual(byHand.map(headerLines));
    expect(ours.map((request) => request.body)).toEqual(byHand.map((request) => request.body));
    // What that means, spelled out for two of them.
    const port = new URL(url).port;
    expect(headerLines(ours[0]!)).toEqual(['accept-encoding: gzip', 'authorization: Bearer tok', 'client-id: the-client', 'connection: keep-alive', `host: 127.0.0.1:${port}`]);
    expect(headerLines(ours[2]!)).toEqual(['accept-encoding: gzip', 'authorization: Bearer tok', 'client-id: the-client', 'connection: keep-alive', 'content-length: 0', `host: 127.0.0.1:${port}`]);
  });

  it("pass a header list to Node's own http.request and https.request only, not to a function put in their place", () => {
    // Asked in turn, as a program calling both the API and the OAuth server asks (the answer is kept for the last function asked).
    expect(takesHeaderList(http.request)).toBe(true);
    expect(takesHeaderList(https.request)).toBe(true);
    expect(takesHeaderList(http.request)).toBe(true);
    const wrapped = function request(...args: Parameters<typeof http.request>) {
      return http.request(...args);
    } as typeof http.request;
    expect(takesHeaderList(wrapped)).toBe(false);
    expect(takesHeaderList(new Proxy(http.request, {}))).toBe(false);
    expect(takesHeaderList(https.request)).toBe(true);
  });

  it('work through a wrapped http.request that copies the header object, as OpenTelemetry\'s HTTP instrumentation does to add traceparent', async () => {
    const { url, seen } = await serve(ok);
    const client = createClient({ clientId: 'the-client', token: 'tok', baseUrl: url, retries: 0 });
    await client.request({ method: 'GET', path: '/before' });
    const original = http.request;
    const given: unknown[] = [];
    // The shape of @opentelemetry/instrumentation-http's outgoing wrapper (Object.assign, then inject).
    http.request = function outgoingRequest(this: unknown, ...args: unknown[]) {
      const options = args[0] as http.RequestOptions;
      given.push(options.headers);
      options.headers = Object.assign({}, options.headers, { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
      return (original as (...rest: unknown[]) => http.ClientRequest).apply(this, args);
    };
    syncBuiltinESMExports();
    try {
      await client.request({ method: 'GET', path: '/a' });
      await client.request({ method: 'POST', path: '/b', body: { n: 1 } });
    } finally {
      http.request = original;
      syncBuiltinESMExports();
    }
    await client.request({ method: 'GET', path: '/after' });
    expect(given).toHaveLength(2);
    expect(given.some((headers) => Array.isArray(headers))).toBe(false);
    expect(seen.map((request) => request.url)).toEqual(['/helix/before', '/helix/a', '/helix/b', '/helix/after']);
    for (const request of seen.slice(1, 3)) {
      expect(request.headers['client-id']).toBe('the-client');
      expect(request.headers.authorization).toBe('Bearer tok');
      expect(request.headers['accept-encoding']).toBe('gzip');
      expect(request.headers.traceparent).toMatch(/^00-/);
      expect(Object.keys(request.headers).filter((name) => /^\d+$/.test(name))).toEqual([]);
    }
    expect(seen[2]?.headers['content-length']).toBe('7');
    expect(seen[2]?.body).toBe('{"n":1}');
    // Before and after the wrapper: the same header lines.
    expect(headerLines(seen[0]!)).toEqual(headerLines(seen[3]!));
  });

  it('refuses a header value Node would refuse (a line break in the token) before anything is sent, without quoting it (see redaction.test.ts for both transports)', async () => {
    const { url, seen } = await serve(ok);
    const client = createClient({ clientId: 'the-client', token: 'tok\r\nX-Injected: 1', baseUrl: url, retries: 0 });
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toThrow(
      new PlatformAuthError('GET /a was not sent: its token holds a line break or another character that an HTTP header cannot carry.'),
    );
    expect(seen).toHaveLength(0);
  });
});

describe.each(transports)('over %s', (_name, fetch) => {
  const clientFor = (baseUrl: string) => createClient({ clientId: 'the-client', token: 'tok', baseUrl, fetch, retries: 0 });

  it('sends the method, path, query, headers and a UTF-8 JSON body whole', async () => {
    const { url, seen } = await serve(ok);
    const body = { message: 'héllo ✨ 👋', n: 1 };
    await clientFor(url).request({ method: 'POST', path: '/chat/messages', query: { a: ['1', '2'] }, body });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/helix/chat/messages?a=1&a=2');
    expect(request?.headers['client-id']).toBe('the-client');
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
    expect(JSON.parse(request?.body ?? '')).toEqual(body);
  });

  it('sends every path and query as the URL parser writes them (encoded, no fragment; dot segments are refused, see hardening.test.ts)', async () => {
    const { url, seen } = await serve(ok);
    const client = clientFor(url);
    const paths = [
      '/chat/chatters?broadcaster_id=1&first=1000&after=eyJiIjpudWxsfQ~-_.!*',
      '/a b/é?q=x y',
      '/.well-known/a',
      '/a?',
      "/a?x='1'&y=<2>",
      '/a|b^c`d{e}',
      '/a"b',
      '/a\\b',
      '/a?b#c',
      '/a;b=c:d@e$f&g(h)*i+j,k%41%zz',
      '//double//slash',
    ];
    for (const path of paths) await client.request({ method: 'GET', path });
    const expected = paths.map((path) => {
      const parsed = new URL(`${url}${path}`);
      return `${parsed.pathname}${parsed.search}`;
    });
    expect(seen.map((request) => request.url)).toEqual(expected);
  });

  it('reads a UTF-8 body that arrives in many chunks, characters split between them', async () => {
    const text = JSON.stringify({ data: Array.from({ length: 3000 }, (_, n) => ({ id: String(n), name: `é✨👋 ${n}` })) });
    const bytes = Buffer.from(text);
    const { url } = await serve((response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      // Cuts in the middle of multi-byte characters, each written apart.
      let offset = 0;
      const step = () => {
        if (offset >= bytes.length) return void response.end();
        const size = 1 + (offset % 7919);
        response.write(bytes.subarray(offset, offset + size));
        offset += size;
        setImmediate(step);
      };
      step();
    });
    await expect(clientFor(url).request({ method: 'GET', path: '/x' })).resolves.toEqual(JSON.parse(text));
  });

  it('reads a gzipped answer', async () => {
    const payload = { data: Array.from({ length: 200 }, (_, n) => ({ id: String(n), name: `emote ${n}` })) };
    const { url, seen } = await serve((response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      response.end(gzipSync(JSON.stringify(payload)));
    });
    await expect(clientFor(url).request({ method: 'GET', path: '/chat/emotes/global' })).resolves.toEqual(payload);
    expect(seen[0]?.headers['accept-encoding']).toContain('gzip');
  });

  it('gives an error the answer\'s headers as Headers, repeated ones included', async () => {
    const { url } = await serve((response) => {
      response.writeHead(400, [
        ['Content-Type', 'application/json'],
        ['X-Trace', 'abc'],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
      ]);
      response.end('{"error":"Bad Request","status":400,"message":"no"}');
    });
    const error = await clientFor(url).request({ method: 'GET', path: '/x' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    const { headers } = error as PlatformApiError;
    expect(headers).toBeInstanceOf(Headers);
    expect(headers?.get('x-trace')).toBe('abc');
    expect(headers?.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('reads the rate-limit headers of an answer into the bucket', async () => {
    const { url } = await serve((response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '42', 'Ratelimit-Reset': '2000000000' });
      response.end('{"data":[]}');
    });
    const client = clientFor(url);
    await client.request({ method: 'GET', path: '/x' });
    expect(clientCore(client).buckets.state(rawCredential('tok').bucket)).toMatchObject({ limit: 800, remaining: 42 });
  });

  it('a gzipped answer cut short is a network error', async () => {
    const { url } = await serve((response) => {
      const zipped = gzipSync(JSON.stringify({ data: Array.from({ length: 500 }, (_, n) => n) }));
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.length) });
      response.write(zipped.subarray(0, 20));
      setTimeout(() => response.socket?.destroy(), 10);
    });
    await expect(clientFor(url).request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(PlatformNetworkError);
  });
});
