import { authOf, platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform, type MockUser, type RaisedEvent } from '@platform/mock';

/*
 * The world of the end-to-end tests: the mock platform on 127.0.0.1 with its clock in the test's
 * hands, one application, four users and a client that signs them in as a user's app would
 * (`createClient` with `platformAuth()`: `@platform/client` depends on this package, so its
 * `Platform` cannot be used here).
 */

/** When every test starts, on the mock's clock. */
export const START = Date.parse('2026-03-14T17:00:00.000Z');

/** Epoch ms as the platform writes times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** One test's platform, client and people. */
export interface World {
  readonly mock: MockPlatform;
  readonly client: PlatformClient;
  readonly clientId: string;
  /** The mock's clock: move it with `world.advance(ms)`. */
  now(): number;
  advance(ms: number): void;
  /** A partner broadcaster (100, pixelforge) with an email address. */
  readonly broadcaster: MockUser;
  /** One of the broadcaster's moderators (200, mossmod). */
  readonly moderator: MockUser;
  /** A viewer (300, quietfox). */
  readonly viewer: MockUser;
  /** Another broadcaster (400, northwind). */
  readonly other: MockUser;
  /** Every event the mock raised, in order. */
  readonly events: RaisedEvent[];
  /** Issues a token at the mock and registers it with the client, as a signed-in user would be. */
  register(user: MockUser, scopes: string[]): Promise<void>;
  /** The Helix requests the mock received, as `METHOD path` lines. */
  helixSent(): string[];
  close(): Promise<void>;
}

/** The scopes the broadcaster signs in with: everything this package's operations may need. */
export const broadcasterScopes = [
  'user:read:email',
  'user:edit',
  'user:read:blocked_users',
  'user:manage:blocked_users',
  'user:read:broadcast',
  'user:edit:broadcast',
  'channel:manage:broadcast',
  'channel:read:editors',
  'moderator:read:followers',
  'user:read:follows',
  'user:manage:whispers',
];

/** Starts the mock, adds the application and the four users, and signs in the broadcaster and the viewer. */
export async function createWorld(options: { viewerScopes?: string[] } = {}): Promise<World> {
  let clock = START;
  const mock = await createMockPlatform({ now: () => clock });
  const app = mock.addClient({ clientId: 'users-e2e-app', clientSecret: 'users-e2e-secret' });
  const broadcaster = mock.addUser({ id: '100', login: 'pixelforge', display_name: 'PixelForge', broadcaster_type: 'partner', email: 'pixelforge@example.com' });
  const moderator = mock.addUser({ id: '200', login: 'mossmod', display_name: 'MossMod' });
  const viewer = mock.addUser({ id: '300', login: 'quietfox', display_name: 'QuietFox', email: 'quietfox@example.com' });
  const other = mock.addUser({ id: '400', login: 'northwind', display_name: 'Northwind' });
  mock.state.channel(broadcaster.id).moderators.add(moderator.id);
  const events: RaisedEvent[] = [];
  mock.events.on((event) => events.push(event));
  const client = createClient({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });

  const register = async (user: MockUser, scopes: string[]) => {
    const { accessToken, refreshToken } = mock.issueToken({ clientId: app.clientId, userId: user.id, scopes });
    await authOf(client).addUser({ accessToken, refreshToken });
  };
  await register(broadcaster, broadcasterScopes);
  await register(viewer, options.viewerScopes ?? ['user:read:follows', 'user:manage:whispers', 'user:read:broadcast']);

  return {
    mock,
    client,
    clientId: app.clientId,
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    broadcaster,
    moderator,
    viewer,
    other,
    events,
    register,
    helixSent: () => mock.requests.filter((request) => request.server === 'helix').map((request) => `${request.method} ${request.path}`),
    close: () => mock.close(),
  };
}

/**
 * What a call rejects with (a test fails when it resolves). A function is called inside the
 * check, so that a paginator that refuses its parameters as it is made (it throws, rather than
 * rejecting) is caught as well.
 */
export async function rejectionOf(call: PromiseLike<unknown> | (() => PromiseLike<unknown>)): Promise<Error> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`Rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('Expected a rejection, but the call resolved.');
}
