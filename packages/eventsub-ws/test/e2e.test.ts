import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformApiError, PlatformEventSubError, systemClock, type PlatformClient } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createSubscription } from '@platform/eventsub';
import { eventSubWebSocket, type WebSocketListener, type WebSocketListenerOptions } from '../src/index';

// These tests pass `ws` explicitly. Node's fallback to the `ws` package (test/websocket-fallback.test.ts)
// is left out here, so that a runtime without any WebSocket class can be stood for.
vi.mock('../src/websocket.node.ts', () => ({ fallbackWebSocket: () => undefined }));

let mock: MockPlatform;
let client: PlatformClient;
let streamer: MockUser;
let bot: MockUser;
let listeners: WebSocketListener[];
let errors: unknown[];
const clientId = 'ws-app';

const chatScopes = ['user:read:chat', 'user:bot', 'moderator:read:followers'];

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId, clientSecret: 'ws-app-secret-value' });
  streamer = mock.addUser({ id: '1001', login: 'streamer' });
  bot = mock.addUser({ id: '2002', login: 'helperbot' });
  client = createClient({
    clientId,
    clientSecret: 'ws-app-secret-value',
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    eventSubWsUrl: mock.eventSubWsUrl,
    authenticator: platformAuth(),
    // Retry pauses 50 times shorter, so that the 6 attempts take little real time.
    clock: { ...systemClock, sleep: (ms, signal) => systemClock.sleep(ms / 50, signal) },
  });
  const issued = mock.issueToken({ clientId, userId: bot.id, scopes: chatScopes });
  await authOf(client).addUser({ accessToken: issued.accessToken, refreshToken: issued.refreshToken });
  mock.state.channel(streamer.id).moderators.add(bot.id);
  listeners = [];
  errors = [];
});

afterEach(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  await mock.close();
});

function listen(options: WebSocketListenerOptions = {}): WebSocketListener {
  const listener = eventSubWebSocket(client, { webSocket: WebSocket, onError: (error) => errors.push(error), ...options });
  listeners.push(listener);
  return listener;
}

/** Waits until `check` holds, polling on real time. */
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const chatCondition = () => ({ broadcaster_user_id: streamer.id, user_id: bot.id });
const sendChat = (text: string, extra: Record<string, unknown> = {}) =>
  mock.eventsub.trigger('channel.chat.message', { message: { text, fragments: [] }, ...extra }, { condition: { broadcaster_user_id: streamer.id, user_id: bot.id } });
const posts = () => mock.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/eventsub/subscriptions'));

describe('WebSocket listener against the mock platform', () => {
  it('creates the subscription on the welcomed session with the user token and delivers an event once', async () => {
    const connects: string[] = [];
    const listener = listen({ onConnect: ({ sessionId }) => connects.push(sessionId) });
    const seen: { message: { text: string } }[] = [];
    const handle = listener.on('channel.chat.message', chatCondition(), (event) => {
      seen.push(event);
    });
    await handle.ready;
    expect(handle.id).toMatch(/.+/);
    expect(connects).toEqual(listener.sessionIds);
    const [subscription] = mock.eventsub.subscriptions();
    expect(subscription).toMatchObject({ type: 'channel.chat.message', version: '1', status: 'enabled', transport: { method: 'websocket', session_id: connects[0] } });
    expect(posts()[0]!.token).not.toBeUndefined();
    expect(sendChat('hello')).toBe(1);
    await until(() => seen.length === 1);
    expect(seen[0]!.message.text).toBe('hello');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('delivers an event raised right after await ready, 100 times in a row (a new listener each time)', async () => {
    // A user's first call: a new listener, `await on(...).ready`, and the event at once.
    let handedOver = 0;
    let delivered = 0;
    for (let round = 0; round < 100; round++) {
      const listener = eventSubWebSocket(client, { webSocket: WebSocket, onError: (error) => errors.push(error) });
      let calls = 0;
      await listener.on('channel.chat.message', chatCondition(), () => void calls++).ready;
      const handed = sendChat(`round ${round}`);
      handedOver += handed;
      // Nothing to wait for when the platform had no enabled subscription to hand it to.
      await until(() => calls === 1, handed === 0 ? 0 : 2000).catch(() => undefined);
      delivered += calls;
      await listener.close();
    }
    expect({ handedOver, delivered }).toEqual({ handedOver: 100, delivered: 100 });
    expect(errors).toEqual([]);
  });

  it('delivers a message the platform sends again with the same message ID once', async () => {
    const listener = listen();
    const seen: string[] = [];
    await listener.on('channel.chat.message', chatCondition(), (event) => seen.push(event.message.text)).ready;
    sendChat('once');
    await until(() => seen.length === 1);
    const [delivery] = mock.eventsub.deliveries.filter((each) => each.kind === 'notification');
    expect(mock.eventsub.redeliver(delivery!.messageId)).toBe('sent');
    // The next message comes after the repeat on the same socket: once it is in, the repeat was read.
    sendChat('next');
    await until(() => seen.length === 2);
    expect(seen).toEqual(['once', 'next']);
    expect(errors).toEqual([]);
  });

  it('follows a session_reconnect during 10,000 events without losing or repeating one', async () => {
    const listener = listen();
    const ids: string[] = [];
    const handle = listener.on('channel.chat.message', chatCondition(), (event) => {
      ids.push((event as { message_id: string }).message_id);
    });
    await handle.ready;
    const [sessionId] = listener.sessionIds;
    for (let i = 0; i < 10_000; i++) {
      if (i === 4_000) mock.eventsub.reconnectSession(sessionId!);
      sendChat(`m${i}`, { message_id: `msg-${i}` });
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => ids.length >= 10_000, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    // Each socket's events come in the order sent. Around the switch both sockets deliver, and the
    // platform promises no order between them (the old socket's last frames may be read after the
    // new one's first): the events are two ordered streams merged, never anything more shuffled.
    expect(orderedStreams(ids.map((id) => Number(id.slice('msg-'.length))))).toBeLessThanOrEqual(2);
    // The handoff keeps the session: nothing subscribed again.
    expect(posts()).toHaveLength(1);
    expect(listener.sessionIds).toEqual([sessionId]);
    expect(mock.eventsub.sessions().filter((session) => session.state !== 'closed')).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 30_000);

  it('reconnects after a dropped socket and recreates its subscriptions on the new session', async () => {
    const disconnects: unknown[] = [];
    const connects: string[] = [];
    const listener = listen({ onDisconnect: (event) => disconnects.push(event), onConnect: ({ sessionId }) => connects.push(sessionId) });
    const texts: string[] = [];
    const handle = listener.on('channel.chat.message', chatCondition(), (event) => {
      texts.push((event as { message: { text: string } }).message.text);
    });
    await handle.ready;
    const firstId = handle.id;
    mock.eventsub.dropSession();
    await until(() => connects.length === 2 && handle.id !== undefined && handle.id !== firstId);
    expect(disconnects).toHaveLength(1);
    expect(disconnects[0]).toMatchObject({ sessionId: connects[0] });
    expect(mock.eventsub.subscriptions({ status: 'enabled' })).toMatchObject([{ transport: { session_id: connects[1] } }]);
    sendChat('after the drop');
    await until(() => texts.length === 1);
    expect(texts).toEqual(['after the drop']);
  });

  it('treats the close code 4000 as a drop and reconnects', async () => {
    const disconnects: { code?: number }[] = [];
    const listener = listen({ onDisconnect: (event) => disconnects.push(event) });
    const handle = listener.on('channel.chat.message', chatCondition(), () => undefined);
    await handle.ready;
    mock.eventsub.closeSession(listener.sessionIds[0]!, 4000);
    await until(() => disconnects.length === 1 && mock.eventsub.subscriptions({ status: 'enabled' }).length === 1);
    expect(disconnects[0]!.code).toBe(4000);
  });

  it('treats a silence longer than the keepalive timeout as a drop', async () => {
    mock.eventsub.configure({ keepaliveSeconds: 1, keepaliveRange: { min: 1 }, pingIntervalMs: null });
    const disconnects: { reason: string }[] = [];
    const listener = listen({ onDisconnect: (event) => disconnects.push(event) });
    await listener.on('channel.chat.message', chatCondition(), () => undefined).ready;
    const started = Date.now();
    mock.eventsub.silenceSession();
    await until(() => disconnects.length === 1, 5000);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(disconnects[0]!.reason).toContain('keepalive');
    mock.eventsub.silenceSession(undefined, false);
    await until(() => mock.eventsub.subscriptions({ status: 'enabled' }).length === 1);
  });

  it('reports a revocation and forgets the subscription', async () => {
    const listener = listen();
    const handle = listener.on('channel.chat.message', chatCondition(), () => undefined);
    await handle.ready;
    mock.eventsub.revoke(handle.id!, 'authorization_revoked');
    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
    expect((errors[0] as Error).message).toBe('The platform revoked the subscription to channel.chat.message (version 1): authorization_revoked.');
  });

  it('stop() deletes the subscription with the user token; close() deletes every one and never reconnects', async () => {
    const listener = listen();
    const one = listener.on('channel.chat.message', chatCondition(), () => undefined);
    const two = listener.on('channel.follow', { broadcaster_user_id: streamer.id, moderator_user_id: bot.id }, () => undefined);
    await Promise.all([one.ready, two.ready]);
    await one.stop();
    expect(mock.eventsub.subscriptions().map((each) => each.type)).toEqual(['channel.follow']);
    await listener.close();
    expect(mock.eventsub.subscriptions()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mock.eventsub.sessions().every((session) => session.state === 'closed')).toBe(true);
  });

  it('stop() before the platform confirmed rejects ready and still deletes the subscription', async () => {
    const listener = listen();
    const handle = listener.on('channel.chat.message', chatCondition(), () => undefined);
    const stopped = handle.stop();
    await expect(handle.ready).rejects.toThrow('The subscription to channel.chat.message was removed before the platform confirmed it.');
    await stopped;
    expect(mock.eventsub.subscriptions({ status: 'enabled' })).toEqual([]);
  });

  it('opens another connection when one holds its maximum of subscriptions', async () => {
    const listener = listen({ subscriptionsPerConnection: 1 });
    const one = listener.on('channel.chat.message', chatCondition(), () => undefined);
    const two = listener.on('channel.follow', { broadcaster_user_id: streamer.id, moderator_user_id: bot.id }, () => undefined);
    await Promise.all([one.ready, two.ready]);
    expect(listener.sessionIds).toHaveLength(2);
    expect(mock.eventsub.sessions().filter((session) => session.subscriptions === 1)).toHaveLength(2);
  });

  it('opens 3 connections at most (the platform\'s limit per user), then refuses a subscription without a request', async () => {
    const casters = [streamer, bot, mock.addUser({ id: '3003', login: 'third' }), mock.addUser({ id: '4004', login: 'fourth' })];
    const listener = listen({ subscriptionsPerConnection: 1 });
    const handles = casters.map((caster) => listener.on('stream.online', { broadcaster_user_id: caster.id }, () => undefined));
    await Promise.all(handles.slice(0, 3).map((handle) => handle.ready));
    const message = 'Could not subscribe to stream.online (version 1): the listener is full: 3 connections of 1 subscriptions each.';
    await expect(handles[3]!.ready).rejects.toThrow(message);
    expect(errors.map((error) => (error as Error).message)).toEqual([message]);
    expect(posts()).toHaveLength(3);
    expect(listener.sessionIds).toHaveLength(3);
    // A stopped subscription frees its connection, which closes; the next subscription opens one again.
    await handles[0]!.stop();
    await listener.on('stream.online', { broadcaster_user_id: casters[3]!.id }, () => undefined).ready;
    expect(listener.sessionIds).toHaveLength(3);
    expect(() => listen({ maxConnections: 0 })).toThrow('The maxConnections option must be a whole number, 1 or more; got 0.');
  });

  it('retries a create call on 503 on the same session, 6 attempts in all, then rejects ready', async () => {
    mock.fault({ route: 'POST /eventsub/subscriptions', times: 2, fault: { kind: 'status', status: 503 } });
    const listener = listen();
    await listener.on('channel.chat.message', chatCondition(), () => undefined).ready;
    expect(posts()).toHaveLength(3);

    mock.fault({ route: 'POST /eventsub/subscriptions', fault: { kind: 'status', status: 503 } });
    const handle = listener.on('channel.follow', { broadcaster_user_id: streamer.id, moderator_user_id: bot.id }, () => undefined);
    const error = await handle.ready.then(() => undefined, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(PlatformEventSubError);
    expect((error as Error).message).toMatch(/^Could not subscribe to channel\.follow \(version 2\): /);
    expect((error as Error).cause).toBeInstanceOf(PlatformApiError);
    expect(posts()).toHaveLength(3 + 6);
    expect(errors).toContain(error);
  }, 20_000);

  it('gives a refused subscription one attempt, and names the plain type and wire version', async () => {
    const listener = listen();
    const handle = listener.on('nosuch.type@7', { broadcaster_user_id: streamer.id }, () => undefined);
    const error = (await handle.ready.catch((reason: unknown) => reason)) as Error;
    expect(error.message).toMatch(/^Could not subscribe to nosuch\.type \(version 7\): /);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({ type: 'nosuch.type', version: '7' });
  });

  it('throws for an unknown plain name and sends nothing', () => {
    const listener = listen();
    const before = mock.requests.length;
    expect(() => listener.on('nosuch.type' as never, {} as never, () => undefined)).toThrow(new PlatformEventSubError('Unknown EventSub type nosuch.type. Write nosuch.type@1.'));
    expect(mock.requests).toHaveLength(before);
    expect(mock.eventsub.sessions()).toEqual([]);
  });

  it('throws for a version the platform withdrew, naming the version to use, and sends nothing', () => {
    const listener = listen();
    const before = mock.requests.length;
    expect(() => listener.on('channel.hype_train.begin@1', { broadcaster_user_id: streamer.id }, () => undefined)).toThrow(
      new PlatformEventSubError('EventSub type channel.hype_train.begin@1 has been withdrawn by the platform: use version 2 (channel.hype_train.begin).'),
    );
    expect(() => listener.subscribe('channel.follow@1', { broadcaster_user_id: streamer.id })).toThrow(
      'EventSub type channel.follow@1 has been withdrawn by the platform: use version 2 (channel.follow).',
    );
    expect(() => listener.on('channel.custom_power_up_redemption.add@beta', { broadcaster_user_id: streamer.id }, () => undefined)).toThrow(
      'EventSub type channel.custom_power_up_redemption.add@beta has been withdrawn by the platform: use version 1 (channel.custom_power_up_redemption.add).',
    );
    expect(mock.requests).toHaveLength(before);
    expect(mock.eventsub.sessions()).toEqual([]);
  });

  it('subscribes to a deprecated version and warns once per client, on the console without a logger', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const first = listen();
      const seen: unknown[] = [];
      await first.on('channel.update@1', { broadcaster_user_id: streamer.id }, (event) => seen.push(event)).ready;
      await listen().on('channel.update@1', { broadcaster_user_id: streamer.id }, () => undefined).ready;
      expect(warn.mock.calls).toEqual([['EventSub type channel.update@1 is deprecated and the platform may withdraw it: use version 2 (channel.update).']]);
      expect(posts().map((request) => request.body)).toMatchObject([{ type: 'channel.update', version: '1' }, { type: 'channel.update', version: '1' }]);
      mock.eventsub.trigger('channel.update@1', { title: 'old payload' }, { condition: { broadcaster_user_id: streamer.id } });
      await until(() => seen.length === 1);
      expect(seen[0]).toMatchObject({ broadcaster_user_id: streamer.id, title: 'old payload', is_mature: expect.any(Boolean) });
      expect(errors).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('says the deprecation to the client\'s logger when it has one', async () => {
    const lines: { level: string; message: string }[] = [];
    (clientCore(client) as unknown as { log: (level: string, message: string) => void }).log = (level, message) => lines.push({ level, message });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await listen().on('channel.update@1', { broadcaster_user_id: streamer.id }, () => undefined).ready;
      expect(lines.filter((line) => line.level === 'warn')).toEqual([
        { level: 'warn', message: 'EventSub websocket: EventSub type channel.update@1 is deprecated and the platform may withdraw it: use version 2 (channel.update).' },
      ]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('rejects ready with the reason when the platform answers 410 Gone for a version it removed', async () => {
    mock.fault({ route: 'POST /eventsub/subscriptions', fault: { kind: 'status', status: 410 } });
    const listener = listen();
    const error = (await listener.on('nosuch.type@3', { broadcaster_user_id: streamer.id }, () => undefined).ready.catch((reason: unknown) => reason)) as Error;
    expect(error).toBeInstanceOf(PlatformEventSubError);
    expect(error.message).toMatch(/^Could not subscribe to nosuch\.type \(version 3\): the platform no longer offers version 3 of this type; subscribe to a newer one: .*\(410 on POST \/eventsub\/subscriptions\)$/);
    expect((error.cause as PlatformApiError).status).toBe(410);
    expect(posts()).toHaveLength(1);
  });

  it('adopts the subscription a 409 names when it is on its own session (an earlier attempt made it)', async () => {
    const listener = listen();
    await listener.on('channel.follow', { broadcaster_user_id: streamer.id, moderator_user_id: bot.id }, () => undefined).ready;
    const [sessionId] = listener.sessionIds;
    // What a create call that timed out after the platform made the subscription leaves behind.
    const made = await createSubscription(client, { type: 'channel.chat.message', version: '1', condition: chatCondition(), transport: { method: 'websocket', session_id: sessionId! } });
    const seen: string[] = [];
    const handle = listener.on('channel.chat.message', chatCondition(), (event) => seen.push(event.message.text));
    await handle.ready;
    expect(handle.id).toBe(made.id);
    expect(posts().at(-1)!.status).toBe(409);
    expect(sendChat('adopted')).toBe(1);
    await until(() => seen.length === 1);
    expect(seen).toEqual(['adopted']);
    await handle.stop();
    expect(mock.eventsub.subscriptions({ type: 'channel.chat.message' })).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses on a 409 that names no subscription', async () => {
    const listener = listen();
    mock.fault({ route: 'POST /eventsub/subscriptions', times: 1, fault: { kind: 'status', status: 409 } });
    const error = (await listener.on('channel.chat.message', chatCondition(), () => undefined).ready.catch((reason: unknown) => reason)) as Error;
    expect(error.message).toMatch(/^Could not subscribe to channel\.chat\.message \(version 1\): /);
    expect((error.cause as PlatformApiError).status).toBe(409);
    expect(posts()).toHaveLength(1);
  });

  it('refuses a condition without a required field, or a type the transport does not carry, before sending', async () => {
    const listener = listen();
    const before = mock.requests.length;
    const missing = listener.on('channel.chat.message', { broadcaster_user_id: streamer.id } as never, () => undefined);
    await expect(missing.ready).rejects.toThrow('Could not subscribe to channel.chat.message (version 1): the condition needs user_id.');
    const webhookOnly = listener.on('drop.entitlement.grant', { organization_id: 'org' }, () => undefined);
    await expect(webhookOnly.ready).rejects.toThrow('Could not subscribe to drop.entitlement.grant (version 1): the websocket transport does not carry this type (it comes over webhook and conduit).');
    expect(mock.requests).toHaveLength(before);
    expect(errors).toHaveLength(2);
  });

  it('hands what a handler throws to onError unchanged', async () => {
    const listener = listen();
    const thrown = new Error('handler broke');
    await listener.on('channel.chat.message', chatCondition(), () => {
      throw thrown;
    }).ready;
    sendChat('boom');
    await until(() => errors.length === 1);
    expect(errors[0]).toBe(thrown);
  });

  it('goes to console.error without onError', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const listener = eventSubWebSocket(client, { webSocket: WebSocket });
      listeners.push(listener);
      const thrown = new Error('nobody listens');
      await listener.on('channel.chat.message', chatCondition(), () => {
        throw thrown;
      }).ready;
      sendChat('x');
      await until(() => spy.mock.calls.length === 1);
      expect(spy).toHaveBeenCalledWith(thrown);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps events that arrive before an iteration starts, and leaving the loop stops the subscription', async () => {
    const listener = listen();
    const iterable = listener.subscribe('channel.chat.message', chatCondition());
    await iterable.ready;
    sendChat('first');
    sendChat('second');
    await until(() => mock.eventsub.deliveries.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const texts: string[] = [];
    for await (const event of iterable) {
      texts.push(event.message.text);
      if (texts.length === 2) break;
    }
    expect(texts).toEqual(['first', 'second']);
    await until(() => mock.eventsub.subscriptions().length === 0);
  });

  it('throws the spec message when there is no WebSocket class', () => {
    const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
    delete (globalThis as { WebSocket?: unknown }).WebSocket;
    try {
      expect(() => eventSubWebSocket(client)).toThrow(/^This runtime has no global WebSocket\./);
    } finally {
      if (saved) (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    }
  });
});

describe('WebSocket listener stats() and log lines', () => {
  let lines: { level: string; message: string }[];
  const matching = (level: string, pattern: RegExp) => lines.filter((line) => line.level === level && pattern.test(line.message));
  const notifications = () => mock.eventsub.deliveries.filter((each) => each.kind === 'notification');
  const sendNumbered = (n: number) => sendChat(`m${n}`, { message_id: `chat-${n}` });

  beforeEach(() => {
    lines = [];
    // What the client's `logger` option will set (already filtered and redacted by core).
    (clientCore(client) as unknown as { log: (level: string, message: string) => void }).log = (level, message) => lines.push({ level, message });
  });

  it('counts delivered events, dropped repeats, a handoff, a drop with its reconnect, keepalives and a revocation exactly', async () => {
    mock.eventsub.configure({ keepaliveIntervalMs: 100 });
    const disconnects: unknown[] = [];
    const listener = listen({ onDisconnect: (event) => disconnects.push(event) });
    expect(listener.stats()).toEqual({
      transport: 'websocket',
      delivered: 0,
      duplicates: 0,
      drops: 0,
      reconnects: 0,
      handoffs: 0,
      lastKeepaliveAt: undefined,
      refused: 0,
      revocations: 0,
      revokedBy: {},
      totalCost: undefined,
      maxTotalCost: undefined,
      subscriptions: 0,
      connections: [],
    });
    const seen: string[] = [];
    const handle = listener.on('channel.chat.message', { broadcaster_user_id: streamer.id, user_id: bot.id }, (event) => {
      seen.push(event.message_id);
    });
    await handle.ready;
    const [first] = listener.sessionIds;

    // 4 events, 2 of them sent again with their message IDs; the 5th proves the repeats were read.
    for (let n = 1; n <= 4; n++) sendNumbered(n);
    await until(() => seen.length === 4);
    const [one, two] = notifications();
    expect(mock.eventsub.redeliver(one!.messageId)).toBe('sent');
    expect(mock.eventsub.redeliver(two!.messageId)).toBe('sent');
    sendNumbered(5);
    await until(() => seen.length === 5);

    // A session_reconnect handoff: the session and its subscription stay.
    mock.eventsub.reconnectSession(first!);
    await until(() => listener.stats().handoffs === 1);
    sendNumbered(6);
    await until(() => seen.length === 6);
    // A repeat of an event from before the handoff, over the new socket.
    expect(mock.eventsub.redeliver(one!.messageId)).toBe('sent');
    sendNumbered(7);
    await until(() => seen.length === 7);

    // A drop: a new session, the subscription made again on it.
    const firstId = handle.id;
    mock.eventsub.dropSession();
    await until(() => listener.sessionIds.length === 1 && listener.sessionIds[0] !== first && handle.id !== undefined && handle.id !== firstId);
    const [second] = listener.sessionIds;
    for (let n = 8; n <= 10; n++) sendNumbered(n);
    await until(() => seen.length === 10);
    const startedWaiting = Date.now();
    await until(() => (listener.stats().connections[0]?.lastKeepaliveAt ?? 0) >= startedWaiting);

    const stats = listener.stats();
    expect(seen).toEqual(Array.from({ length: 10 }, (_, index) => `chat-${index + 1}`));
    expect(stats).toMatchObject({ transport: 'websocket', delivered: 10, duplicates: 3, drops: 1, reconnects: 1, handoffs: 1, refused: 0, revocations: 0, subscriptions: 1 });
    expect(stats.connections).toEqual([
      { transport: 'websocket', sessionId: second, shardId: undefined, connected: true, subscriptions: 1, delivered: 10, duplicates: 3, drops: 1, reconnects: 1, handoffs: 1, lastKeepaliveAt: expect.any(Number) },
    ]);
    expect(stats.lastKeepaliveAt).toBe(stats.connections[0]!.lastKeepaliveAt);
    expect(stats.lastKeepaliveAt).toBeLessThanOrEqual(Date.now());
    // A snapshot: later events do not change it.
    sendNumbered(11);
    await until(() => seen.length === 11);
    expect(stats.delivered).toBe(10);
    expect(listener.stats().delivered).toBe(11);

    // A revocation: the subscription goes, and with it the connection; the totals stay.
    mock.eventsub.revoke(handle.id!, 'authorization_revoked');
    await until(() => errors.length === 1);
    expect(listener.stats()).toMatchObject({ delivered: 11, duplicates: 3, drops: 1, reconnects: 1, handoffs: 1, revocations: 1, subscriptions: 0, connections: [] });
    expect(disconnects).toHaveLength(1);

    // The log: one line per event and per repeat, the connects, the handoff, the drop and the revocation.
    expect(matching('info', /^EventSub websocket: connected: session \S+ welcomed$/).map((line) => line.message)).toEqual([`EventSub websocket: connected: session ${first} welcomed`]);
    expect(matching('info', /^EventSub websocket: reconnected: /).map((line) => line.message)).toEqual([`EventSub websocket: reconnected: session ${second} welcomed`]);
    expect(matching('info', /moved to a new connection/).map((line) => line.message)).toEqual([`EventSub websocket: session ${first} moved to a new connection (session_reconnect)`]);
    expect(matching('warn', /dropped/).map((line) => line.message)).toEqual([expect.stringMatching(new RegExp(`^EventSub websocket: session ${first} dropped`))]);
    expect(matching('warn', /revoked/)).toHaveLength(1);
    expect(matching('warn', /revoked/)[0]!.message).toMatch(/^EventSub websocket: subscription \S+ to channel\.chat\.message \(version 1\) revoked: authorization_revoked$/);
    const delivered = matching('debug', /^EventSub websocket: delivered channel\.chat\.message message \S+$/);
    expect(delivered).toHaveLength(11);
    expect(new Set(delivered.map((line) => line.message)).size).toBe(11);
    expect(matching('debug', /^EventSub websocket: dropped repeated message \S+$/)).toHaveLength(3);
    // Nothing secret in any line: the client secret, the tokens the platform issued.
    const secrets = ['ws-app-secret-value', ...mock.state.tokens.keys(), ...mock.state.refreshTokens.keys()];
    for (const line of lines) for (const secret of secrets) expect(line.message).not.toContain(secret);
  }, 30_000);

  it('counts per connection when the subscriptions need two connections', async () => {
    const listener = listen({ subscriptionsPerConnection: 1 });
    const a = listener.on('channel.chat.message', { broadcaster_user_id: streamer.id, user_id: bot.id }, () => undefined);
    const b = listener.on('channel.chat.notification', { broadcaster_user_id: streamer.id, user_id: bot.id }, () => undefined);
    await Promise.all([a.ready, b.ready]);
    sendNumbered(1);
    await until(() => listener.stats().delivered === 1);
    const { connections, subscriptions } = listener.stats();
    expect(subscriptions).toBe(2);
    expect(connections.map((each) => [each.subscriptions, each.delivered, each.connected])).toEqual([
      [1, 1, true],
      [1, 0, true],
    ]);
    expect(new Set(connections.map((each) => each.sessionId)).size).toBe(2);
    await b.stop();
    expect(listener.stats().connections).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

/**
 * The fewest increasing sequences `values` can be split into (keeping their order): 1 when sorted,
 * 2 for two sorted streams merged. Greedy: each value goes after the largest tail below it.
 */
function orderedStreams(values: readonly number[]): number {
  const tails: number[] = [];
  for (const value of values) {
    let best = -1;
    for (let index = 0; index < tails.length; index++) if (tails[index]! < value && (best < 0 || tails[index]! > tails[best]!)) best = index;
    if (best < 0) tails.push(value);
    else tails[best] = value;
  }
  return tails.length;
}
