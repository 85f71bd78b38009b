import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { createVirtualClock } from '@platform/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventSubWebhook } from '../src/index';
import { CALLBACK, FIXTURE_NOW, created, post, serve, signed, stubClient, until } from './helpers';

// What an unauthenticated sender can make the receiver spend: bounded body reads on both handlers,
// a deadline for slow bodies, and a repeat check that never forgets an ID a replay could use.

const SECRET = 'a-secret-for-the-bounds';
const ID = 'sub-of-the-bounds';
const online = { broadcaster_user_id: '41520837' };
const about = { id: ID, status: 'enabled', type: 'stream.online', version: '1', condition: online, transport: { method: 'webhook', callback: CALLBACK } };
const MiB = 1024 * 1024;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

async function subscribed() {
  const clock = createVirtualClock({ start: FIXTURE_NOW });
  const { client } = stubClient((seen) => (seen.method === 'POST' ? created(ID, 'stream.online', '1', online, 'enabled') : undefined), { clock });
  const errors: unknown[] = [];
  const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: (error) => errors.push(error), reconcileIntervalMs: 0 });
  cleanups.push(() => listener.close());
  const handler = vi.fn();
  await listener.on('stream.online', online, handler).ready;
  return { listener, errors, handler, clock };
}

/** A body stream of `total` bytes in 64 KiB chunks, made as it is pulled, counting what was pulled. */
function endless(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) controller.close();
      else {
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      }
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

describe('the fetch handler reads a body without Content-Length in bounds', () => {
  it('answers a streamed 256 MiB body 413 after reading at most a few MiB, and cancels the stream', async () => {
    const { listener, handler } = await subscribed();
    const { stream, counter } = endless(256 * MiB);
    const headers = signed(SECRET, 'notification', '{}').headers;
    const request = new Request(CALLBACK, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const response = await listener.fetch(request);
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(5 * MiB);
    expect(counter.cancelled).toBe(true);
    expect(handler).not.toHaveBeenCalled();
    expect(listener.stats().refused).toBe(1);
  });

  it('answers 408 to a body that has not arrived within 10 seconds, and cancels it', async () => {
    const { listener, clock } = await subscribed();
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x7b]));
      },
      cancel() {
        cancelled = true;
      },
    });
    const answer = listener.fetch(new Request(CALLBACK, { method: 'POST', headers: signed(SECRET, 'notification', '{}').headers, body: stream, duplex: 'half' } as RequestInit));
    await clock.advance(9_999);
    expect(cancelled).toBe(false);
    await clock.advance(1);
    expect((await answer).status).toBe(408);
    expect(cancelled).toBe(true);
  });

  it('still takes a body in many small chunks', async () => {
    const { listener, handler } = await subscribed();
    const message = signed(SECRET, 'notification', { subscription: about, event: { broadcaster_user_id: '41520837', type: 'live' } });
    const bytes = new TextEncoder().encode(message.body);
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) controller.close();
        else controller.enqueue(bytes.slice(at, (at += 7)));
      },
    });
    const response = await listener.fetch(new Request(CALLBACK, { method: 'POST', headers: message.headers, body: stream, duplex: 'half' } as RequestInit));
    expect(response.status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('the Node handler', () => {
  it('answers 408 and closes the connection when a body trickles in past 10 seconds', async () => {
    const { listener, clock } = await subscribed();
    const server = await serve(listener.handler);
    cleanups.push(() => server.close());
    const headers = { ...signed(SECRET, 'notification', '{}').headers, 'Transfer-Encoding': 'chunked' };
    const outcome = new Promise<{ status: number | undefined; closed: boolean }>((resolve) => {
      const request = httpRequest(server.url, { method: 'POST', headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, closed: true }));
      });
      request.on('error', () => resolve({ status: undefined, closed: true }));
      request.write('{');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await clock.advance(10_000);
    const { status } = await outcome;
    expect(status).toBe(408);
    expect(listener.stats().refused).toBe(1);
  });
});

describe('the Node handler sets the body deadline only for a body still coming', () => {
  it('sets no timer for bodies that came with their headers, and still hands each message on once and refuses a repeat', async () => {
    const { listener, clock, handler } = await subscribed();
    const server = await serve(listener.handler);
    cleanups.push(() => server.close());
    const timers = vi.spyOn(clock, 'setTimeout');
    const message = signed(SECRET, 'notification', { subscription: about, event: { broadcaster_user_id: '41520837', type: 'live' } });
    const other = signed(SECRET, 'notification', { subscription: about, event: { broadcaster_user_id: '41520837', type: 'live' } });
    const statuses = await Promise.all([message, other, message].map((sample) => post(server.url, sample).then((answer) => answer.status)));
    expect(statuses).toEqual([204, 204, 204]);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(listener.stats().duplicates).toBe(1);
    // Nothing was left waiting for 10 seconds.
    expect(timers.mock.calls.filter(([, ms]) => ms > 5_000)).toHaveLength(0);
    await clock.advance(10_000);
    expect(listener.stats().refused).toBe(0);
  });

  it('counts the 10 seconds from the headers, not from when the timer is set', async () => {
    const { listener, clock } = await subscribed();
    const server = await serve(listener.handler);
    cleanups.push(() => server.close());
    const timers = vi.spyOn(clock, 'setTimeout');
    const headers = { ...signed(SECRET, 'notification', '{}').headers, 'Transfer-Encoding': 'chunked' };
    const answered = new Promise<number | undefined>((resolve) => {
      const request = httpRequest(server.url, { method: 'POST', headers }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', () => resolve(undefined));
      request.write('{');
    });
    await until(() => timers.mock.calls.some(([, ms]) => ms === 10_000));
    await clock.advance(9_999);
    expect(listener.stats().refused).toBe(0);
    await clock.advance(1);
    expect(await answered).toBe(408);
    expect(listener.stats().refused).toBe(1);
  });

  it('refuses nothing, 10 seconds on, for a client that left before its body came', async () => {
    const { listener, clock } = await subscribed();
    let handled = 0;
    const server = await serve((request, response) => {
      handled++;
      listener.handler(request, response);
      // The client goes away while the body is still coming.
      request.socket.destroy();
    });
    cleanups.push(() => server.close());
    const headers = { ...signed(SECRET, 'notification', '{}').headers, 'Transfer-Encoding': 'chunked' };
    await new Promise<void>((resolve) => {
      const request = httpRequest(server.url, { method: 'POST', headers });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write('{');
    });
    await until(() => handled === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await clock.advance(10_000);
    expect(listener.stats().refused).toBe(0);
  });
});

describe('the Node handler, a body still coming when its deadline is set', () => {
  /** Posts the headers and the first byte of `body` now; `rest()` sends the remainder. */
  function trickle(url: string, message: { headers: Record<string, string>; body: string }) {
    let rest!: () => void;
    const answered = new Promise<number | undefined>((resolve) => {
      const request = httpRequest(url, { method: 'POST', headers: { ...message.headers, 'Transfer-Encoding': 'chunked' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', () => resolve(undefined));
      request.write(message.body.slice(0, 1));
      rest = () => request.end(message.body.slice(1));
    });
    return { answered, rest: () => rest() };
  }

  it('hands on a body that ends within the 10 seconds, and its deadline refuses nothing later', async () => {
    const { listener, clock, handler, errors } = await subscribed();
    const server = await serve(listener.handler);
    cleanups.push(() => server.close());
    const timers = vi.spyOn(clock, 'setTimeout');
    const { answered, rest } = trickle(server.url, signed(SECRET, 'notification', { subscription: about, event: { broadcaster_user_id: '41520837', type: 'live' } }));
    await until(() => timers.mock.calls.some(([, ms]) => ms === 10_000));
    await clock.advance(5_000);
    rest();
    expect(await answered).toBe(204);
    expect(handler).toHaveBeenCalledTimes(1);
    await clock.advance(10_000);
    expect(listener.stats().refused).toBe(0);
    expect(errors).toEqual([]);
  });

  it('answers 408 once at 10 seconds and hands on nothing of a body that ends after it', async () => {
    const { listener, clock, handler, errors } = await subscribed();
    // A request and response of our own, so that the body's end can come after the 408 (a real
    // socket is closed once the 408 is out).
    const message = signed(SECRET, 'notification', { subscription: about, event: { broadcaster_user_id: '41520837', type: 'live' } });
    const request = Object.assign(new EventEmitter(), {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name.toLowerCase(), value])),
      complete: false,
      destroyed: false,
      readableEnded: false,
      destroy() {
        this.destroyed = true;
      },
    });
    const statuses: number[] = [];
    const response = Object.assign(new EventEmitter(), {
      headersSent: false,
      writeHead(status: number) {
        statuses.push(status);
        this.headersSent = true;
        return this;
      },
      end() {
        return this;
      },
    });
    listener.handler(request as never, response as never);
    request.emit('data', Buffer.from(message.body.slice(0, 1)));
    await new Promise((resolve) => setImmediate(resolve));
    await clock.advance(9_999);
    expect(statuses).toEqual([]);
    await clock.advance(1);
    expect(statuses).toEqual([408]);
    request.emit('data', Buffer.from(message.body.slice(1)));
    request.complete = true;
    request.emit('end');
    await until(() => true);
    expect(statuses).toEqual([408]);
    expect(handler).not.toHaveBeenCalled();
    expect(listener.stats().refused).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('the in-memory repeat check', () => {
  it('after 50,000 other deliveries within the window, a replay with a fresh timestamp is refused (503), not handed on again', async () => {
    const { listener, handler, errors } = await subscribed();
    const deliver = (id: string) => listener.fetch(new Request(CALLBACK, { method: 'POST', ...signed(SECRET, 'notification', { subscription: about, event: { n: id } }, { id }) }));
    expect((await deliver('first')).status).toBe(204);
    for (let n = 1; n < 50_000; n++) await deliver(`other-${n}`);
    expect(handler).toHaveBeenCalledTimes(50_000);
    // The memory is full of IDs that are still in the window: the first one is still known.
    expect((await deliver('first')).status).toBe(204);
    expect(handler).toHaveBeenCalledTimes(50_000);
    // A new one cannot be checked: 503, and the platform sends it again later.
    expect((await deliver('one-more')).status).toBe(503);
    expect((await deliver('one-more-again')).status).toBe(503);
    expect(handler).toHaveBeenCalledTimes(50_000);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toMatch(/^The repeat check holds 50000 message IDs of the last 11 minutes and takes no more: message one-more and the next ones are answered 503 /);
    await until(() => true);
  }, 120_000);
});
