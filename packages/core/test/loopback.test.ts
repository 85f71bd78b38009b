/**
 * The request pipeline over real loopback sockets: a `node:http` server on 127.0.0.1 (port 0)
 * answers the runtime's own fetch, so resets, refused connections, stalls and cut bodies are the
 * network's, not a stub's. Every test counts the requests the server actually received.
 *
 * Attempt timeouts run on real timers (small values); the pauses between retries go through a
 * clock whose `sleep` takes no real time and records the waits asked for.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  PlatformApiError,
  PlatformNetworkError,
  PlatformTimeoutError,
  systemClock,
  type Clock,
  type HttpMethod,
} from '../src/index';
import { rawCredential } from '../src/internal/index';
import { nodeHttpTransport } from '../src/node';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse, count: number) => void;

interface Loopback {
  readonly port: number;
  /** `<METHOD> <path>` of every request the server received, in order. */
  readonly requests: string[];
  /** TCP connections the server accepted. */
  readonly connections: () => number;
  /** Resolves with the request's socket once the server has received `count` requests. */
  readonly received: (count: number) => Promise<Socket>;
}

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts a server on 127.0.0.1:0 that the current test's afterEach closes, sockets and all. */
async function serve(handler: Handler): Promise<Loopback> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const requestSockets: Socket[] = [];
  const waiting: Array<{ count: number; resolve: (socket: Socket) => void }> = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    requestSockets.push(request.socket);
    request.resume();
    for (const waiter of waiting.filter((w) => w.count === requests.length)) waiter.resolve(request.socket);
    handler(request, response, requests.length);
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    connections: () => connections,
    received: (count) =>
      new Promise<Socket>((resolve) => {
        const socket = requestSockets[count - 1];
        if (socket) resolve(socket);
        else waiting.push({ count, resolve });
      }),
  };
}

/** A port that was listening a moment ago and is closed now: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface TestClock extends Clock {
  /** Every pause the pipeline asked for, in ms. */
  readonly sleeps: number[];
  /** Real ms each pause actually lasts (abortable); 0 by default so retries take no real time. */
  pauseFor: number;
  /** Called when a pause starts. */
  onPause?: (() => void) | undefined;
}

/** The system clock (real attempt timers), with pauses that record their length and last `pauseFor` real ms. */
function testClock(): TestClock {
  const clock: TestClock = {
    ...systemClock,
    sleeps: [],
    pauseFor: 0,
    sleep(ms, signal) {
      clock.sleeps.push(ms);
      const pause = systemClock.sleep(clock.pauseFor, signal);
      clock.onPause?.();
      return pause;
    },
  };
  return clock;
}

/**
 * Node's transports: its default (undici), `node:http` and a fetch function passed as the `fetch`
 * option, each with the runtime's words for a lost connection.
 */
const transports = [
  {
    name: 'undici (the default)',
    sending: {},
    words: { cutMidBody: 'other side closed', closed: 'other side closed', reset: 'read ECONNRESET' },
  },
  {
    name: 'node:http',
    sending: { transport: nodeHttpTransport() },
    words: { cutMidBody: 'the connection closed before the answer ended', closed: 'socket hang up', reset: 'read ECONNRESET' },
  },
  {
    name: 'fetch',
    sending: { fetch: globalThis.fetch },
    words: { cutMidBody: 'other side closed', closed: 'other side closed', reset: 'read ECONNRESET' },
  },
] as const;

/** The rejection of `promise` (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to reject, but it resolved.');
}

/** Checks the exact class (not a parent or sibling) and returns the message. */
function expectExactError(error: unknown, type: typeof PlatformNetworkError | typeof PlatformTimeoutError | typeof PlatformApiError): string {
  expect(error).toBeInstanceOf(type);
  expect((error as Error).constructor).toBe(type);
  expect((error as Error).name).toBe(type.name);
  return (error as Error).message;
}

/** Lets late requests (a retry that should not happen) reach the server before counting. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 30));

const bodyFor = (method: HttpMethod) => (method === 'GET' || method === 'DELETE' ? undefined : { a: 1 });

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
};

const unavailable = (response: http.ServerResponse) => json(response, 503, { error: 'Service Unavailable', status: 503, message: 'upstream down' });

/** Headers and part of a body promised longer by Content-Length. */
const partialBody = (response: http.ServerResponse) => {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
  response.write('{"data":[');
};

describe.each(transports)('over $name', ({ name, sending, words }) => {
  function clientFor(port: number, options: { timeout?: number; retries?: number; clock: Clock }) {
    return createClient({ clientId: 'c', token: 't', baseUrl: `http://127.0.0.1:${port}/helix`, ...sending, ...options });
  }

  describe('loopback: attempt timeouts', { timeout: 5_000 }, () => {
    it('a GET to a server that never answers times out on every attempt and is retried', async () => {
      const server = await serve(() => {
        /* holds the request */
      });
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 100, retries: 3, clock });
      const started = Date.now();

      const error = await rejectionOf(client.request({ method: 'GET', path: '/slow' }));

      expect(expectExactError(error, PlatformTimeoutError)).toBe('GET /slow timed out after 100 ms.');
      // Each attempt really waited for its own timeout (real timers), the pauses took no time.
      expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 90);
      await settle();
      expect(server.requests).toEqual(Array(4).fill('GET /helix/slow'));
      expect(clock.sleeps).toHaveLength(3);
    });

    it.each(['POST', 'PATCH'] as const)('a %s to a server that never answers times out once, not retried', async (method) => {
      const server = await serve(() => {
        /* holds the request */
      });
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 100, retries: 3, clock });

      const error = await rejectionOf(client.request({ method, path: '/slow', body: { a: 1 } }));

      expect(expectExactError(error, PlatformTimeoutError)).toBe(`${method} /slow timed out after 100 ms.`);
      await settle();
      expect(server.requests).toEqual([`${method} /helix/slow`]);
      expect(clock.sleeps).toEqual([]);
    });

    it('the timeout covers reading the body: headers then a stall mid-body times out', async () => {
      const server = await serve((_request, response) => partialBody(response));
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 100, retries: 1, clock });

      const error = await rejectionOf(client.request({ method: 'GET', path: '/stall' }));

      expect(expectExactError(error, PlatformTimeoutError)).toBe('GET /stall timed out after 100 ms.');
      await settle();
      expect(server.requests).toEqual(['GET /helix/stall', 'GET /helix/stall']);
    });

    it("the attempt's timer does not hold the process (Node): it is unreferenced while the request is out", async () => {
      const server = await serve(() => {
        /* holds the request */
      });
      const timers: Array<{ hasRef(): boolean }> = [];
      const clock: Clock = {
        ...testClock(),
        setTimeout: (callback, ms) => {
          const handle = systemClock.setTimeout(callback, ms);
          timers.push(handle as { hasRef(): boolean });
          return handle;
        },
      };
      const client = clientFor(server.port, { timeout: 200, retries: 0, clock });

      const call = rejectionOf(client.request({ method: 'GET', path: '/slow' }));
      await server.received(1);

      expect(timers).toHaveLength(1);
      expect(timers[0]!.hasRef()).toBe(false);
      expect(expectExactError(await call, PlatformTimeoutError)).toBe('GET /slow timed out after 200 ms.');
    });

    it('a program whose only call hangs waits for the timeout: the open request holds it, not the timer', { timeout: 15_000 }, async () => {
      const server = await serve(() => {
        /* holds the request */
      });
      const child = spawn(process.execPath, ['--conditions=@platform/source', '--import', 'tsx', fileURLToPath(new URL('fixtures/hung-request.ts', import.meta.url)), String(server.port), name], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

      // Without the request holding it, the program would end at once and print only "exit".
      expect(output.split('\n').filter(Boolean)).toEqual(['PlatformTimeoutError', 'exit']);
      expect(code).toBe(0);
      expect(server.requests).toEqual(['GET /helix/hung']);
    });
  });

  describe('loopback: connections lost', { timeout: 5_000 }, () => {
    const networkPrefix = (method: string, path: string) => `${method} ${path} could not reach the platform: `;

    /** The runtime's part of a network error's message, after the prefix. */
    const runtimePart = (message: string, method: string, path: string) => {
      expect(message.startsWith(networkPrefix(method, path))).toBe(true);
      const rest = message.slice(networkPrefix(method, path).length);
      expect(rest).not.toBe('');
      // undici wraps the socket's error in "fetch failed" / "terminated": the message must carry the cause's words.
      expect(rest).not.toMatch(/^(fetch failed|terminated)$/);
      return rest;
    };

    it('a body cut short (socket destroyed after part of Content-Length) is a network error; GET is retried', async () => {
      const server = await serve((_request, response) => {
        partialBody(response);
        setTimeout(() => response.socket?.destroy(), 10);
      });
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 2_000, retries: 2, clock });

      const error = await rejectionOf(client.request({ method: 'GET', path: '/cut' }));

      const message = expectExactError(error, PlatformNetworkError);
      expect(runtimePart(message, 'GET', '/cut')).toBe(words.cutMidBody);
      expect((error as Error).cause).toBeInstanceOf(Error);
      await settle();
      expect(server.requests).toEqual(Array(3).fill('GET /helix/cut'));
      expect(clock.sleeps).toHaveLength(2);
    });

    it('a body cut short on POST is a network error, sent once', async () => {
      const server = await serve((_request, response) => {
        partialBody(response);
        setTimeout(() => response.socket?.destroy(), 10);
      });
      const client = clientFor(server.port, { timeout: 2_000, retries: 2, clock: testClock() });

      const error = await rejectionOf(client.request({ method: 'POST', path: '/cut', body: { a: 1 } }));

      expect(runtimePart(expectExactError(error, PlatformNetworkError), 'POST', '/cut')).toBe(words.cutMidBody);
      await settle();
      expect(server.requests).toEqual(['POST /helix/cut']);
    });

    // destroy(): the server closes the socket (FIN); resetAndDestroy(): it sends a TCP RST.
    const resets = [
      { how: 'destroy', cut: (socket: Socket) => socket.destroy(), words: words.closed },
      { how: 'resetAndDestroy', cut: (socket: Socket) => socket.resetAndDestroy(), words: words.reset },
    ];

    describe.each(resets)('connection dropped on receiving the request ($how)', ({ cut, words }) => {
      it.each(['GET', 'PUT', 'DELETE'] as const)('%s: network error after retries+1 requests', async (method) => {
        const server = await serve((request) => cut(request.socket));
        const clock = testClock();
        const client = clientFor(server.port, { timeout: 2_000, retries: 2, clock });

        const error = await rejectionOf(client.request({ method, path: '/reset', body: bodyFor(method) }));

        expect(runtimePart(expectExactError(error, PlatformNetworkError), method, '/reset')).toBe(words);
        await settle();
        expect(server.requests).toEqual(Array(3).fill(`${method} /helix/reset`));
        expect(clock.sleeps).toHaveLength(2);
      });

      it.each(['POST', 'PATCH'] as const)('%s: network error, sent once', async (method) => {
        const server = await serve((request) => cut(request.socket));
        const clock = testClock();
        const client = clientFor(server.port, { timeout: 2_000, retries: 2, clock });

        const error = await rejectionOf(client.request({ method, path: '/reset', body: { a: 1 } }));

        expect(runtimePart(expectExactError(error, PlatformNetworkError), method, '/reset')).toBe(words);
        await settle();
        expect(server.requests).toEqual([`${method} /helix/reset`]);
        expect(clock.sleeps).toEqual([]);
      });
    });

    it('a refused connection is a network error naming ECONNREFUSED; GET is retried, POST is not', async () => {
      const port = await closedPort();
      const clock = testClock();
      const client = clientFor(port, { timeout: 2_000, retries: 2, clock });

      const getError = await rejectionOf(client.request({ method: 'GET', path: '/refused' }));
      const getMessage = expectExactError(getError, PlatformNetworkError);
      expect(runtimePart(getMessage, 'GET', '/refused')).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
      expect(getMessage).toContain('ECONNREFUSED');
      // No server to count at: the pauses show the two retries.
      expect(clock.sleeps).toHaveLength(2);

      const postError = await rejectionOf(client.request({ method: 'POST', path: '/refused', body: { a: 1 } }));
      expect(expectExactError(postError, PlatformNetworkError)).toContain('ECONNREFUSED');
      expect(clock.sleeps).toHaveLength(2);
    });

    it('retries: 0 sends a GET once even when the connection is reset', async () => {
      const server = await serve((request) => request.socket.resetAndDestroy());
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 2_000, retries: 0, clock });

      const error = await rejectionOf(client.request({ method: 'GET', path: '/reset' }));

      expect(expectExactError(error, PlatformNetworkError)).toBe(`GET /reset could not reach the platform: ${words.reset}`);
      await settle();
      expect(server.requests).toEqual(['GET /helix/reset']);
      expect(clock.sleeps).toEqual([]);
    });
  });

  describe('loopback: recovery and status retries', { timeout: 5_000 }, () => {
    it('two resets then an answer: the call resolves with the body after 3 requests', async () => {
      const server = await serve((request, response, count) => {
        if (count <= 2) request.socket.resetAndDestroy();
        else json(response, 200, { data: [{ id: '1' }] });
      });
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock });

      await expect(client.request({ method: 'GET', path: '/users' })).resolves.toEqual({ data: [{ id: '1' }] });

      expect(server.requests).toEqual(Array(3).fill('GET /helix/users'));
      // The backoff the pipeline asked for: 125-250 ms before the first retry, 250-500 ms before the second.
      expect(clock.sleeps).toHaveLength(2);
      expect(clock.sleeps[0]).toBeGreaterThanOrEqual(125);
      expect(clock.sleeps[0]).toBeLessThanOrEqual(250);
      expect(clock.sleeps[1]).toBeGreaterThanOrEqual(250);
      expect(clock.sleeps[1]).toBeLessThanOrEqual(500);
    });

    it('two 503s then an answer: the call resolves with the body after 3 requests', async () => {
      const server = await serve((_request, response, count) => {
        if (count <= 2) unavailable(response);
        else json(response, 200, { data: [{ id: '2' }] });
      });
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock });

      await expect(client.request({ method: 'GET', path: '/users' })).resolves.toEqual({ data: [{ id: '2' }] });

      expect(server.requests).toEqual(Array(3).fill('GET /helix/users'));
      expect(clock.sleeps).toHaveLength(2);
    });

    it('a reset, a timeout, a cut body, then an answer: resolves after 4 requests', async () => {
      const server = await serve((request, response, count) => {
        if (count === 1) request.socket.resetAndDestroy();
        else if (count === 2) {
          /* holds the request: timeout */
        } else if (count === 3) {
          partialBody(response);
          setTimeout(() => response.socket?.destroy(), 10);
        } else json(response, 200, { data: [] });
      });
      const client = clientFor(server.port, { timeout: 150, retries: 3, clock: testClock() });

      await expect(client.request({ method: 'DELETE', path: '/thing' })).resolves.toEqual({ data: [] });
      expect(server.requests).toEqual(Array(4).fill('DELETE /helix/thing'));
    });

    it.each(['POST', 'PATCH'] as const)('a 503 on %s is not retried: PlatformApiError after 1 request', async (method) => {
      const server = await serve((_request, response) => unavailable(response));
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock });

      const error = await rejectionOf(client.request({ method, path: '/thing', body: { a: 1 } }));

      expect(expectExactError(error, PlatformApiError)).toBe(`upstream down (503 on ${method} /thing)`);
      expect((error as PlatformApiError).status).toBe(503);
      await settle();
      expect(server.requests).toEqual([`${method} /helix/thing`]);
      expect(clock.sleeps).toEqual([]);
    });

    it.each(['GET', 'PUT', 'DELETE'] as const)('a 503 on %s is retried: PlatformApiError after retries+1 requests', async (method) => {
      const server = await serve((_request, response) => unavailable(response));
      const clock = testClock();
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock });

      const error = await rejectionOf(client.request({ method, path: '/thing', body: bodyFor(method) }));

      expect(expectExactError(error, PlatformApiError)).toBe(`upstream down (503 on ${method} /thing)`);
      expect((error as PlatformApiError).status).toBe(503);
      await settle();
      expect(server.requests).toEqual(Array(4).fill(`${method} /helix/thing`));
      expect(clock.sleeps).toHaveLength(3);
    });
  });

  describe('loopback: abort signal', { timeout: 5_000 }, () => {
    const reason = { why: 'the caller gave up' };

    it('an abort while the request is in flight rejects with the reason and closes the connection', async () => {
      const server = await serve(() => {
        /* holds the request */
      });
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock: testClock() });
      const controller = new AbortController();

      const call = rejectionOf(client.request({ method: 'GET', path: '/held' }, { signal: controller.signal }));
      const socket = await server.received(1);
      const closed = new Promise<void>((resolve) => {
        if (socket.destroyed) resolve();
        else socket.once('close', () => resolve());
      });
      controller.abort(reason);

      expect(await call).toBe(reason);
      await closed;
      await settle();
      expect(server.requests).toEqual(['GET /helix/held']);
    });

    it('an abort while the body is being read rejects with the reason', async () => {
      const server = await serve((_request, response) => partialBody(response));
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock: testClock() });
      const controller = new AbortController();

      const call = rejectionOf(client.request({ method: 'GET', path: '/body' }, { signal: controller.signal }));
      const socket = await server.received(1);
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      setTimeout(() => controller.abort(reason), 50);

      expect(await call).toBe(reason);
      await closed;
      expect(server.requests).toEqual(['GET /helix/body']);
    });

    it('an abort during the pause after a 503 rejects at once, without another request', async () => {
      const server = await serve((_request, response) => unavailable(response));
      const clock = testClock();
      // The first pause really waits (abortably, 2 s) so the abort lands inside it; any later one is instant.
      clock.pauseFor = 2_000;
      const controller = new AbortController();
      let abortedAt = 0;
      clock.onPause = () => {
        clock.onPause = undefined;
        clock.pauseFor = 0;
        abortedAt = Date.now();
        controller.abort(reason);
      };
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock });

      const error = await rejectionOf(client.request({ method: 'GET', path: '/flaky' }, { signal: controller.signal }));

      expect(error).toBe(reason);
      expect(Date.now() - abortedAt).toBeLessThan(1_000);
      expect(clock.sleeps).toHaveLength(1);
      await settle();
      expect(server.requests).toEqual(['GET /helix/flaky']);
    });

    it('an abort while the token is being chosen: nothing is sent, the call rejects with the reason', async () => {
      const server = await serve((_request, response) => json(response, 200, { data: [] }));
      const controller = new AbortController();
      // An authenticator slower than the caller's patience, which (like a store or a refresh
      // that does not take a signal) does not watch the signal itself.
      const client = createClient({
        clientId: 'c',
        baseUrl: `http://127.0.0.1:${server.port}/helix`,
        timeout: 2_000,
        retries: 3,
        clock: testClock(),
        authenticator: () => ({
          credential: () => new Promise((resolve) => setTimeout(() => resolve(rawCredential('t')), 50)),
        }),
      });

      const call = rejectionOf(client.request({ method: 'GET', path: '/users' }, { signal: controller.signal }));
      setTimeout(() => controller.abort(reason), 10);

      expect(await call).toBe(reason);
      await settle();
      expect(server.requests).toEqual([]);
    });
  });

  describe('loopback: keep-alive', { timeout: 5_000 }, () => {
    it('20 sequential requests reuse one or few connections', async () => {
      const server = await serve((_request, response, count) => json(response, 200, { data: [{ n: count }] }));
      const client = clientFor(server.port, { timeout: 2_000, retries: 3, clock: testClock() });

      for (let n = 1; n <= 20; n++) {
        await expect(client.request({ method: 'GET', path: `/users?n=${n}` })).resolves.toEqual({ data: [{ n }] });
      }

      expect(server.requests).toHaveLength(20);
      expect(server.requests[19]).toBe('GET /helix/users?n=20');
      expect(server.connections()).toBeLessThanOrEqual(2);
    });

    it('a kept-alive connection closed by the server between calls does not fail the next call', async () => {
      const server = await serve((_request, response) => json(response, 200, { data: [] }));
      const client = clientFor(server.port, { timeout: 2_000, retries: 0, clock: testClock() });

      await client.request({ method: 'GET', path: '/a' });
      const socket = await server.received(1);
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.destroy();
      });
      await settle();

      // retries: 0, so only a fresh connection can make this pass.
      await expect(client.request({ method: 'POST', path: '/b', body: { a: 1 } })).resolves.toEqual({ data: [] });
      expect(server.requests).toEqual(['GET /helix/a', 'POST /helix/b']);
      expect(server.connections()).toBe(2);
    });
  });
});
