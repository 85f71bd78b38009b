/**
 * What the tests of the users-side groups (users, channels, teams, search, games, CCLs, whispers)
 * share: a mock on a clock the tests move, a few users with tokens, plain-fetch Helix calls, and
 * the events raised.
 */
import { afterEach, expect } from 'vitest';
import { createMockPlatform, type MockPlatform, type RaisedEvent } from '../src/index';

export const START = Date.parse('2026-03-14T18:00:00.000Z');
export const CLIENT_ID = 'app-1';

/** Every scope these routes ask for, so most tests meet only the check under test. */
export const ALL_SCOPES = [
  'user:edit',
  'user:read:email',
  'user:read:blocked_users',
  'user:manage:blocked_users',
  'user:read:broadcast',
  'user:edit:broadcast',
  'channel:manage:broadcast',
  'channel:read:editors',
  'user:read:follows',
  'moderator:read:followers',
  'user:manage:whispers',
];

interface World {
  mock: MockPlatform;
  /** The time the mock reads; tests move it. */
  clock: { now: number };
  events: RaisedEvent[];
}

let world: World | undefined;

afterEach(async () => {
  await world?.mock.close();
  world = undefined;
});

/** The running mock of the current test. */
export function platform(): MockPlatform {
  if (!world) throw new Error('setup() first');
  return world.mock;
}

/** Moves the mock's clock forward. */
export function advance(ms: number): void {
  if (!world) throw new Error('setup() first');
  world.clock.now += ms;
}

/** The events of a type raised so far. */
export function eventsOf(type: string): RaisedEvent[] {
  return (world?.events ?? []).filter((event) => event.type === type);
}

/**
 * A mock with a channel `streamer` (a partner), its moderator `mossmod`, viewers `viewer` and
 * `other`, and tokens with every scope (`issue()` makes others).
 */
export async function setup() {
  const clock = { now: START };
  const events: RaisedEvent[] = [];
  const mock = await createMockPlatform({ now: () => clock.now });
  world = { mock, clock, events };
  mock.events.on((event) => events.push(event));
  const app = mock.addClient({ clientId: CLIENT_ID });
  const streamer = mock.addUser({ login: 'Streamer', broadcaster_type: 'partner', email: 'streamer@example.test', description: 'Speedruns.' });
  const mod = mock.addUser({ login: 'MossMod' });
  const viewer = mock.addUser({ login: 'viewer' });
  const other = mock.addUser({ login: 'other' });
  mock.state.channel(streamer.id).moderators.add(mod.id);
  // Tokens that never expire, so tests can move the clock by days.
  const issue = (userId?: string, scopes: string[] = ALL_SCOPES) => mock.issueToken({ clientId: app.clientId, userId, scopes, expiresIn: null }).accessToken;
  return {
    mock,
    streamer,
    mod,
    viewer,
    other,
    issue,
    tokens: { streamer: issue(streamer.id), mod: issue(mod.id), viewer: issue(viewer.id), other: issue(other.id), app: issue() },
  };
}

export interface Answer {
  status: number;
  /** What JSON.parse gave: tests reach into it freely. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One Helix call with `Client-Id` and `Authorization: Bearer`; arrays become repeated query keys. */
export async function call(
  method: string,
  path: string,
  token: string | undefined,
  options: { query?: Record<string, string | string[] | undefined>; body?: unknown; clientId?: string } = {},
): Promise<Answer> {
  const url = new URL(`${platform().baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const each of [value].flat()) url.searchParams.append(key, each);
  }
  const headers: Record<string, string> = { 'Client-Id': options.clientId ?? CLIENT_ID };
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, body: parsed };
}

/** Expects the platform's error body with a status, and a message matching `message`. */
export function errorBody(status: number, message: RegExp | string = /.+/): Record<string, unknown> {
  const anyText: unknown = expect.any(String);
  const matching: unknown = typeof message === 'string' ? message : expect.stringMatching(message);
  return { status, error: anyText, message: matching };
}
