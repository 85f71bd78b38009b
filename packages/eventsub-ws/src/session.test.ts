import { PlatformEventSubError } from '@platform/core';
import { createVirtualClock, type VirtualClock } from '@platform/core/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventSubSession, reconnectDelay, type EventSubFrame, type WebSocketLike } from './session';

/** A socket the test drives by hand. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | undefined;
  sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  close(code?: number): void {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }

  /** A frame from the server. */
  frame(type: string, payload: EventSubFrame['payload'], id = `${type}-${Math.random()}`): void {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify({ metadata: { message_id: id, message_type: type, message_timestamp: '2026-03-14T18:22:05.123456789Z' }, payload }) });
  }

  welcome(sessionId: string, keepalive = 10): void {
    this.frame('session_welcome', { session: { id: sessionId, keepalive_timeout_seconds: keepalive, reconnect_url: null } });
  }

  notify(id: string, text = id): void {
    this.frame('notification', { subscription: { id: 'sub-1', type: 'channel.chat.message', version: '1', status: 'enabled' }, event: { text } }, id);
  }

  /** The server closes it. */
  serverClose(code: number, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

let clock: VirtualClock;
let log: string[];
let errors: unknown[];
let session: EventSubSession;

function start(): FakeSocket {
  session = new EventSubSession(
    { url: 'ws://127.0.0.1:1/ws', webSocket: FakeSocket, clock },
    {
      welcome: (id) => log.push(`welcome ${id}`),
      message: (frame) => log.push(`${frame.metadata.message_type} ${String((frame.payload.event as { text?: string } | undefined)?.text ?? frame.payload.subscription?.status)}`),
      drop: (id, code, reason) => log.push(`drop ${String(id)} ${String(code)} ${reason}`),
      error: (error) => errors.push(error),
    },
  );
  session.start();
  return FakeSocket.made.at(-1)!;
}

beforeEach(() => {
  FakeSocket.made = [];
  clock = createVirtualClock({ start: Date.parse('2026-03-14T18:00:00Z') });
  log = [];
  errors = [];
});

describe('EventSubSession', () => {
  it('reports the welcome, then notifications, dropping a repeated message id', () => {
    const socket = start();
    socket.welcome('s1');
    socket.notify('a');
    socket.notify('a');
    socket.notify('b');
    socket.frame('session_keepalive', {});
    expect(log).toEqual(['welcome s1', 'notification a', 'notification b']);
    expect(session.sessionId).toBe('s1');
  });

  it('hands over to the reconnect URL as given, reads both sockets, and never welcomes twice', async () => {
    const old = start();
    old.welcome('s1');
    old.frame('session_reconnect', { session: { id: 's1', keepalive_timeout_seconds: null, reconnect_url: 'ws://127.0.0.1:2/ws?reconnect=abc&x=%20y' } });
    const next = FakeSocket.made.at(-1)!;
    expect(next).not.toBe(old);
    expect(next.url).toBe('ws://127.0.0.1:2/ws?reconnect=abc&x=%20y');
    old.notify('1');
    next.notify('1');
    next.welcome('s1');
    // Frames the platform wrote to the old socket before the move may still arrive: they are read.
    old.notify('late');
    old.notify('2');
    next.notify('2');
    next.notify('3');
    expect(old.closedWith).toBeUndefined();
    await clock.advance(1000);
    expect(old.closedWith).toBe(1000);
    old.notify('after close');
    // The old socket's 4004 after the move is not a drop.
    old.serverClose(4004);
    expect(log).toEqual(['welcome s1', 'notification 1', 'notification late', 'notification 2', 'notification 3']);
    expect(next.sent).toEqual([]);
  });

  it('drops every repeat of a handoff longer than the 1,000 ids kept otherwise, UUIDs or not', async () => {
    const old = start();
    old.welcome('s1');
    const uuid = (n: number) => `0f8e7d6c-5b4a-4392-8170-${n.toString(16).padStart(12, '0')}`;
    const ids = Array.from({ length: 3000 }, (_, n) => (n % 10 === 0 ? `plain-${n}` : uuid(n)));
    for (const id of ids.slice(0, 500)) old.notify(id);
    old.frame('session_reconnect', { session: { id: 's1', keepalive_timeout_seconds: null, reconnect_url: 'ws://127.0.0.1:2/ws' } });
    const next = FakeSocket.made.at(-1)!;
    // Both sockets carry every message of the window, the new one from its start.
    for (const id of ids.slice(500, 2000)) old.notify(id);
    for (const id of ids.slice(500, 2000)) next.notify(id);
    next.welcome('s1');
    for (const id of ids.slice(2000)) next.notify(id);
    for (const id of ids.slice(500)) old.notify(id);
    expect(log.slice(1)).toEqual(ids.map((id) => `notification ${id}`));
    // Once the old socket is let go, only the last 1,000 are kept.
    await clock.advance(1000);
    next.notify(ids[2000]!);
    next.notify(ids[1999]!);
    expect(log.slice(3001)).toEqual([`notification ${ids[1999]!}`]);
  });

  it('delivers a frame without a message id (it cannot be told from another)', () => {
    const socket = start();
    socket.welcome('s1');
    const frame = JSON.stringify({ metadata: { message_type: 'notification' }, payload: { event: { text: 'no id' } } });
    socket.onmessage?.({ data: frame });
    socket.onmessage?.({ data: frame });
    expect(log).toEqual(['welcome s1', 'notification no id', 'notification no id']);
  });

  it('waits for the new welcome when the old socket closes first during a handoff', () => {
    const old = start();
    old.welcome('s1');
    old.frame('session_reconnect', { session: { id: 's1', keepalive_timeout_seconds: null, reconnect_url: 'ws://127.0.0.1:2/ws' } });
    const next = FakeSocket.made.at(-1)!;
    old.serverClose(4004);
    next.welcome('s1');
    next.notify('x');
    expect(log).toEqual(['welcome s1', 'notification x']);
  });

  it('after a drop reconnects to the base URL at once, then with backoff, within 10 seconds', async () => {
    const first = start();
    first.welcome('s1');
    first.serverClose(4005, 'network timeout');
    expect(log).toEqual(['welcome s1', 'drop s1 4005 network timeout']);
    await clock.advance(0);
    const second = FakeSocket.made.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.url).toBe('ws://127.0.0.1:1/ws');
    // The runtime's words for the failure (ws gives them in the error event) and the address are named.
    second.onerror?.({ type: 'error', message: 'connect ECONNREFUSED 127.0.0.1:1', error: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    second.serverClose(1006);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('Could not open the EventSub WebSocket: ws://127.0.0.1:1/ws closed before the welcome: connect ECONNREFUSED 127.0.0.1:1 (code 1006)');
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    await clock.advance(2000);
    const third = FakeSocket.made.at(-1)!;
    expect(third).not.toBe(second);
    third.welcome('s2');
    expect(log.at(-1)).toBe('welcome s2');
  });

  it('counts a silence longer than the keepalive timeout (not shorter) as a drop', async () => {
    const socket = start();
    socket.welcome('s1', 10);
    await clock.advance(9_000);
    socket.frame('session_keepalive', {});
    await clock.advance(9_999);
    expect(log).toEqual(['welcome s1']);
    await clock.advance(1_000);
    expect(log).toEqual(['welcome s1']);
    await clock.advance(2_000);
    expect(log[1]).toBe('drop s1 undefined no message within the keepalive timeout of 10 seconds');
    expect(socket.closedWith).toBe(1000);
  });

  it('close() closes the sockets and never reconnects', async () => {
    const socket = start();
    socket.welcome('s1');
    void session.close();
    expect(socket.closedWith).toBe(1000);
    socket.serverClose(1000);
    await clock.advance(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(log).toEqual(['welcome s1']);
  });

  it('keeps the reconnect delays within 10 seconds', () => {
    for (let attempt = 1; attempt < 30; attempt++) {
      expect(reconnectDelay(attempt, () => 0.999)).toBeLessThanOrEqual(10_000);
    }
    expect(reconnectDelay(1, () => 0.5)).toBe(0);
  });
});

describe('EventSubSession over a real ws socket', () => {
  it('a refused connection names the address and the runtime\'s cause', async () => {
    const { WebSocket } = await import('ws');
    const { createServer } = await import('node:net');
    // A port that was just free: nothing listens there now.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const failures: unknown[] = [];
    const real = new EventSubSession(
      { url: `ws://127.0.0.1:${port}/ws?secret=never-shown`, webSocket: WebSocket as never, clock },
      { welcome: () => undefined, message: () => undefined, drop: () => undefined, error: (error) => failures.push(error) },
    );
    real.start();
    for (let turn = 0; turn < 200 && failures.length === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    await real.close();
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe(`Could not open the EventSub WebSocket: ws://127.0.0.1:${port}/ws closed before the welcome: connect ECONNREFUSED 127.0.0.1:${port} (code 1006)`);
  });
});
