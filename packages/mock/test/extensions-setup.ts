/**
 * What the tests of the extensions-side groups (extensions, analytics, entitlements) share: a mock
 * on a clock the tests move, an extension owned by `dev` with a known secret, people with tokens,
 * plain-fetch Helix calls that carry either an OAuth token or an extension JWT, and the events raised.
 */
import { afterEach, expect } from 'vitest';
import { createMockPlatform, signExtensionJwt, type ExtensionJwtClaims, type MockPlatform, type RaisedEvent } from '../src/index';

export const START = Date.parse('2026-03-14T18:00:00.000Z');
/** The extension's client ID (its ID). */
export const EXTENSION_ID = 'ext-client-1';
/** The extension's shared secret, base64 (as Get Extension Secrets gives it). */
export const SECRET = Buffer.from('the extension secret, 32 bytes!!').toString('base64');
/** An ordinary app, not an extension. */
export const APP_ID = 'app-1';

interface World {
  mock: MockPlatform;
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

/** The mock's time now. */
export function now(): number {
  if (!world) throw new Error('setup() first');
  return world.clock.now;
}

/** The events of a type raised so far. */
export function eventsOf(type: string): RaisedEvent[] {
  return (world?.events ?? []).filter((event) => event.type === type);
}

/**
 * A mock with the extension `EXTENSION_ID` (owner `dev`, secret `SECRET`, version 1.0.0 released),
 * an app `APP_ID`, a streamer (partner) and a viewer, and tokens that never expire.
 */
export async function setup() {
  const clock = { now: START };
  const events: RaisedEvent[] = [];
  const mock = await createMockPlatform({ now: () => clock.now });
  world = { mock, clock, events };
  mock.events.on((event) => events.push(event));
  mock.addClient({ clientId: APP_ID });
  const dev = mock.addUser({ login: 'DevDana' });
  const streamer = mock.addUser({ login: 'Streamer', broadcaster_type: 'partner' });
  const viewer = mock.addUser({ login: 'viewer' });
  const extension = mock.extensions.add({ clientId: EXTENSION_ID, ownerId: dev.id, name: 'Trivia Time', version: '1.0.0', secret: SECRET });
  const issue = (options: { clientId?: string; userId?: string; scopes?: string[] } = {}) =>
    mock.issueToken({ clientId: options.clientId ?? APP_ID, userId: options.userId, scopes: options.scopes ?? [], expiresIn: null }).accessToken;
  return { mock, dev, streamer, viewer, extension, issue };
}

/** An EBS JWT for the extension: role external, the owner, a minute of life; `claims` on top. */
export function jwt(claims: ExtensionJwtClaims = {}, secret = SECRET): string {
  const owner = platform().extensions.get(EXTENSION_ID)!.ownerId;
  return signExtensionJwt({ exp: Math.floor(now() / 1000) + 60, user_id: owner, role: 'external', ...claims }, secret);
}

export interface Answer {
  status: number;
  /** What JSON.parse gave: tests reach into it freely. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  query?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** The Client-Id header: the extension's by default; null sends none. */
  clientId?: string | null;
}

/** One Helix call with `Client-Id` and `Authorization: Bearer <token or JWT>`; arrays become repeated query keys. */
export async function call(method: string, path: string, bearer: string | undefined, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(`${platform().baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const each of [value].flat()) url.searchParams.append(key, each);
  }
  const headers: Record<string, string> = {};
  const clientId = options.clientId === undefined ? EXTENSION_ID : options.clientId;
  if (clientId !== null) headers['Client-Id'] = clientId;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
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
