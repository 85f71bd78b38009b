/**
 * What the tests of the engagement groups (channel points, polls, predictions, goals, hype train,
 * charity, bits, subscriptions) share: a mock on a clock the tests move, a broadcaster (affiliate),
 * viewers, a broadcaster who is neither partner nor affiliate, their tokens, the events raised,
 * and one Helix call over a real socket.
 */
import { expect } from 'vitest';
import { conditionMatches } from '../src/eventsub/core';
import { findType } from '../src/eventsub/registry';
import { createMockPlatform, type MockPlatform, type RaisedEvent } from '../src/index';

export const START = Date.parse('2026-03-14T18:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

/** Every scope the engagement routes ask for, so most tests meet only the check under test. */
export const ALL_SCOPES = [
  'channel:read:redemptions',
  'channel:manage:redemptions',
  'channel:read:polls',
  'channel:manage:polls',
  'channel:read:predictions',
  'channel:manage:predictions',
  'channel:read:goals',
  'channel:read:hype_train',
  'channel:read:charity',
  'bits:read',
  'channel:read:subscriptions',
  'user:read:subscriptions',
];

export interface Answer {
  status: number;
  /** What JSON.parse gave (undefined for an empty body): tests reach into it freely. */
  body: ReturnType<typeof JSON.parse>;
}

export interface CallOptions {
  query?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** The Client-Id header; default the token's app, `app-1`. */
  clientId?: string;
}

/** A started mock with its people and tokens; `close()` it after each test. */
export async function setup() {
  let clock = START;
  const events: RaisedEvent[] = [];
  const mock: MockPlatform = await createMockPlatform({ now: () => clock });
  mock.events.on((event) => events.push(event));
  mock.addClient({ clientId: 'app-1' });
  mock.addClient({ clientId: 'app-2' });
  const streamer = mock.addUser({ login: 'Streamer', broadcaster_type: 'affiliate' });
  const viewer = mock.addUser({ login: 'viewer' });
  const fan = mock.addUser({ login: 'Fan' });
  const plain = mock.addUser({ login: 'plain' });
  // Tokens that never expire, so tests can move the clock by days.
  const issue = (userId?: string, scopes: string[] = ALL_SCOPES, clientId = 'app-1') => mock.issueToken({ clientId, userId, scopes, expiresIn: null }).accessToken;

  /** One Helix call with `Client-Id` and `Authorization: Bearer`; repeated query keys for arrays. */
  async function call(method: string, path: string, token: string | undefined, options: CallOptions = {}): Promise<Answer> {
    const url = new URL(`${mock.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const each of [value].flat()) url.searchParams.append(key, each);
    }
    const clientId = options.clientId ?? (token === undefined ? 'app-1' : (mock.state.tokens.get(token)?.clientId ?? 'app-1'));
    const headers: Record<string, string> = { 'Client-Id': clientId };
    if (token) headers.Authorization = `Bearer ${token}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const json: unknown = text === '' ? undefined : JSON.parse(text);
    return { status: response.status, body: json };
  }

  return {
    mock,
    events,
    streamer,
    viewer,
    fan,
    plain,
    issue,
    tokens: { streamer: issue(streamer.id), viewer: issue(viewer.id), fan: issue(fan.id), plain: issue(plain.id), app: issue() },
    call,
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },
    eventsOf: (type: string) => events.filter((event) => event.type === type),
    close: () => mock.close(),
  };
}

export type Setup = Awaited<ReturnType<typeof setup>>;

/** The platform's error body. */
export function errorBody(status: number, message: RegExp | string): Record<string, unknown> {
  const anyText: unknown = expect.any(String);
  const matching: unknown = typeof message === 'string' ? message : expect.stringMatching(message);
  return { error: anyText, status, message: matching };
}

/**
 * Every event raised names its version, a type and version the EventSub side offers, and its
 * condition names only that type's condition fields: a subscriber of that version can receive it.
 */
export function expectDeliverable(events: readonly RaisedEvent[]): void {
  for (const raised of events) {
    const entry = findType(raised.type, raised.version ?? '');
    expect(entry, `${raised.type}@${raised.version} is offered`).toBeDefined();
    for (const key of Object.keys(raised.condition)) expect([...entry!.required, ...entry!.optional], `${raised.type} condition ${key}`).toContain(key);
    expect(conditionMatches(entry!, raised.condition, raised.condition)).toBe(true);
  }
}
