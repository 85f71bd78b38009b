/**
 * What the tests of a group's records across a restart share (snapshot-<groups>.test.ts): mocks on
 * one clock the tests move, with their events; the snapshot of one carried into another through
 * JSON, as `platform-mock serve --state` writes it; and one Helix call to either mock.
 */
import { afterEach } from 'vitest';
import { createMockPlatform, type MockPlatform, type MockSnapshot, type RaisedEvent } from '../src/index';
import { taggedJson, untaggedJson } from '../src/persist';

export const START = Date.parse('2026-03-14T18:00:00.000Z');
export const CLIENT_ID = 'app-1';

const started: MockPlatform[] = [];
let clock = START;

afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()));
  clock = START;
});

/** The time every mock of the test reads. */
export function now(): number {
  return clock;
}

/** Moves the mocks' clock forward. */
export function advance(ms: number): void {
  clock += ms;
}

/** A mock on the test's clock, with the events it raises. */
export async function start(): Promise<{ mock: MockPlatform; events: RaisedEvent[] }> {
  const mock = await createMockPlatform({ now });
  started.push(mock);
  const events: RaisedEvent[] = [];
  mock.events.on((event) => events.push(event));
  return { mock, events };
}

/** A token of `userId` (an app token when undefined) for the application `clientId` (`app-1`), that never expires. */
export function tokenOf(mock: MockPlatform, userId: string | undefined, scopes: string[], clientId = CLIENT_ID): string {
  if (!mock.state.clients.has(clientId)) mock.addClient({ clientId });
  return mock.issueToken({ clientId, userId, scopes, expiresIn: null }).accessToken;
}

/** A snapshot after a trip through JSON, as the state file and `GET /mock/snapshot` carry it. */
export function throughJson(snapshot: MockSnapshot): MockSnapshot {
  return untaggedJson(JSON.parse(JSON.stringify(taggedJson(snapshot)))) as MockSnapshot;
}

/** Restores `from`'s snapshot into `to`, through JSON as the state file carries it. */
export function carry(from: MockPlatform, to: MockPlatform): void {
  to.restore(throughJson(from.snapshot()));
}

export interface Answer {
  status: number;
  /** What JSON.parse gave (undefined for an empty body): tests reach into it freely. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One Helix call with the token's `Client-Id` (`clientId` for an extension's JWT); arrays become repeated query keys. */
export async function helix(
  mock: MockPlatform,
  method: string,
  path: string,
  token: string,
  options: { query?: Record<string, string | string[]>; body?: unknown; clientId?: string } = {},
): Promise<Answer> {
  const url = new URL(`${mock.baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) for (const each of [value].flat()) url.searchParams.append(key, each);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Client-Id': options.clientId ?? mock.state.tokens.get(token)?.clientId ?? CLIENT_ID };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}
