import { authOf, platformAuth } from '@platform/auth';
import { createClient, systemClock, type Clock, type ExtensionCredentials, type PlatformClient } from '@platform/core';
import { createMockPlatform, type LoggedRequest, type MockPlatform, type MockUser, type RaisedEvent } from '@platform/mock';

/*
 * The world of the end-to-end tests of the extensions, analytics and entitlements groups: the mock
 * platform on 127.0.0.1 with its clock in the test's hands, an ordinary application, an extension
 * (with its own client ID and shared secret, owned by a developer), a few people, and clients that
 * sign them in as an app would (`createClient` with `platformAuth()`: `@platform/client` depends on
 * this package, so its `Platform` cannot be used here).
 *
 * The clients read the same clock as the mock, so the extension JWTs they sign (valid five minutes
 * on the client clock) line up with the mock's `exp` check; `clientLag()` sets the client clock
 * behind or ahead of the platform's, as a machine whose clock drifted would be.
 */

/** When every test starts, on the mock's clock. */
export const START = Date.parse('2026-03-14T17:00:00.000Z');

/** Epoch ms as the platform writes times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The extension's client ID, which is its ID. */
export const EXTENSION_ID = 'ext-e2e-trivia';
/** The extension's shared secret, base64 as the platform gives it (32 bytes). */
export const SECRET = Buffer.from('the shared secret of the e2e ext').toString('base64');
/** The OAuth client secret of the extension's client (its app token; not the JWT secret). */
export const EXTENSION_CLIENT_SECRET = 'extension-e2e-client-secret';
/** The game the developer's organization owns, with Drops. */
export const GAME_ID = '33214';
/** A game of another organization. */
export const OTHER_GAME_ID = '509658';

/** The scopes the developer signs in with: both analytics reports. */
export const developerScopes = ['analytics:read:extensions', 'analytics:read:games'];

/** One test's platform, clients and people. */
export interface World {
  readonly mock: MockPlatform;
  /** The ordinary application's client, with the developer, the broadcaster and the viewer registered. */
  readonly client: PlatformClient;
  readonly clientId: string;
  /** A client made with the extension's own client ID (its app token is the extension's). */
  readonly extensionClient: PlatformClient;
  /** The `extension` request option of the JWT operations: `{ clientId, secret, ownerId }`. */
  readonly extension: ExtensionCredentials;
  /** Owns the extension and the organization's client (100, devdana), signed in with `developerScopes`. */
  readonly developer: MockUser;
  /** A partner with the extension installed (200, pixelforge), signed in with no scope. */
  readonly broadcaster: MockUser;
  /** A viewer who earns Drops (300, quietfox), signed in with no scope. */
  readonly viewer: MockUser;
  /** Another viewer (400, northwind), not signed in. */
  readonly other: MockUser;
  /** Every event the mock raised, in order. */
  readonly events: RaisedEvent[];
  /** The mock's clock: move it (and the clients' with it) with `advance(ms)`. */
  now(): number;
  advance(ms: number): void;
  /** Sets the clients' clock `ms` behind the platform's (negative: ahead). */
  clientLag(ms: number): void;
  /** Issues a token at the mock and registers it with the application's client. */
  register(user: MockUser, scopes: readonly string[]): Promise<void>;
  /** The Helix requests the mock received since the world was made. */
  helix(): LoggedRequest[];
  /** The Helix requests as `METHOD path` lines. */
  helixSent(): string[];
  close(): Promise<void>;
}

/** Starts the mock, adds the application, the extension and the people, and signs the people in. */
export async function createWorld(): Promise<World> {
  let now = START;
  let lag = 0;
  const mock = await createMockPlatform({ now: () => now });
  const clock: Clock = { ...systemClock, now: () => now - lag };
  const app = mock.addClient({ clientId: 'extensions-e2e-app', clientSecret: 'extensions-e2e-app-secret' });
  mock.addClient({ clientId: EXTENSION_ID, clientSecret: EXTENSION_CLIENT_SECRET });
  const developer = mock.addUser({ id: '100', login: 'devdana', display_name: 'DevDana' });
  const broadcaster = mock.addUser({ id: '200', login: 'pixelforge', display_name: 'PixelForge', broadcaster_type: 'partner' });
  const viewer = mock.addUser({ id: '300', login: 'quietfox', display_name: 'QuietFox' });
  const other = mock.addUser({ id: '400', login: 'northwind', display_name: 'Northwind' });
  mock.extensions.add({ clientId: EXTENSION_ID, ownerId: developer.id, name: 'Trivia Time', version: '1.0.0', secret: SECRET, has_chat_support: true });
  const events: RaisedEvent[] = [];
  mock.events.on((event) => events.push(event));

  const connect = (clientId: string, clientSecret: string) =>
    createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, clock, authenticator: platformAuth() });
  const client = connect(app.clientId, app.clientSecret);
  const extensionClient = connect(EXTENSION_ID, EXTENSION_CLIENT_SECRET);

  const register = async (user: MockUser, scopes: readonly string[]) => {
    // Tokens that do not expire, so that tests can move the clock by hours.
    const { accessToken, refreshToken } = mock.issueToken({ clientId: app.clientId, userId: user.id, scopes: [...scopes], expiresIn: null });
    await authOf(client).addUser({ accessToken, refreshToken });
  };
  await register(developer, developerScopes);
  await register(broadcaster, []);
  await register(viewer, []);
  mock.clearRequests();

  const helix = () => mock.requests.filter((request) => request.server === 'helix');
  return {
    mock,
    client,
    clientId: app.clientId,
    extensionClient,
    extension: { clientId: EXTENSION_ID, secret: SECRET, ownerId: developer.id },
    developer,
    broadcaster,
    viewer,
    other,
    events,
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    clientLag: (ms) => {
      lag = ms;
    },
    register,
    helix,
    helixSent: () => helix().map((request) => `${request.method} ${request.path}`),
    close: () => mock.close(),
  };
}

/** The claims of a JWT (its middle part), as the platform reads them. */
export function claimsOf(jwt: string | undefined): Record<string, unknown> {
  const payload = jwt?.split('.')[1];
  if (payload === undefined) throw new Error('Not a JWT.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * What a call rejects with (a test fails when it resolves). A function is called inside the
 * check, so that a call that refuses its parameters as it is made (a paginator throws, rather
 * than rejecting) is caught as well.
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

/** Everything an error says: its message, and those of its causes. */
export function everythingSaid(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) parts.push(current.message);
  return parts.join('\n');
}
