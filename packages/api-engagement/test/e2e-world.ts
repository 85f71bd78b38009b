import { authOf, platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform, type MockUser, type RaisedEvent } from '@platform/mock';
// The real EventSub WebSocket listener (it finds `ws` itself on Node 20).
import { eventSubWebSocket, type WebSocketListener } from '@platform/eventsub-ws';

/*
 * The world of the end-to-end tests of the engagement groups: the mock platform on 127.0.0.1 with
 * its clock in the test's hands, one application, a channel and its viewers, and a client that
 * signs them in as a user's app would (`createClient` with `platformAuth()`: `@platform/client`
 * depends on this package, so its `Platform` cannot be used here). Events are heard over a real
 * EventSub WebSocket listener.
 */

/** When every test starts, on the mock's clock. */
export const START = Date.parse('2026-03-14T17:00:00.000Z');

/** Epoch ms as the platform writes times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** What the broadcaster signs in with: every scope these groups ask for. */
export const broadcasterScopes = [
  'channel:manage:redemptions',
  'channel:manage:polls',
  'channel:manage:predictions',
  'channel:read:goals',
  'channel:read:hype_train',
  'channel:read:charity',
  'bits:read',
  'channel:read:subscriptions',
  'user:read:subscriptions',
];

/** One test's platform, client and people. */
export interface World {
  readonly mock: MockPlatform;
  readonly client: PlatformClient;
  readonly clientId: string;
  /** An affiliate (100, pixelforge): Channel Points, polls, predictions, charity. */
  readonly broadcaster: MockUser;
  /** A viewer (300, quietfox), signed in with `user:read:subscriptions` only. */
  readonly viewer: MockUser;
  /** Another viewer (301, mossfan), not signed in. */
  readonly fan: MockUser;
  /** Neither partner nor affiliate (500, weekendcaster), signed in with every scope. */
  readonly hobbyist: MockUser;
  /** Every event the mock raised, in order. */
  readonly events: RaisedEvent[];
  /** The mock's clock: move it with `advance(ms)`. */
  now(): number;
  advance(ms: number): void;
  /** Issues a token at the mock and registers it with the world's client, as a signed-in user would be. */
  register(user: MockUser, scopes: readonly string[]): Promise<void>;
  /** A second application (its own client ID) with its own client, for what only the creating app may do. */
  otherApp(): Promise<PlatformClient>;
  /** An EventSub WebSocket listener of the world's client, acting as `userId`; closed with the world. */
  listen(userId: string): WebSocketListener;
  /** What the listeners reported to onError (a handler's failure among them). */
  readonly listenerErrors: unknown[];
  /** Waits until `check` holds, as `until` does, but fails at once when a listener reports an error. */
  until(check: () => boolean, what: string): Promise<void>;
  /** The Helix requests the mock received, as `METHOD path` lines (EventSub subscriptions left out). */
  helixSent(): string[];
  close(): Promise<void>;
}

/** Starts the mock, adds the application and the people, and signs in the broadcaster, the viewer and the hobbyist. */
export async function createWorld(): Promise<World> {
  let clock = START;
  const mock = await createMockPlatform({ now: () => clock });
  const app = mock.addClient({ clientId: 'engagement-e2e-app', clientSecret: 'engagement-e2e-secret' });
  const broadcaster = mock.addUser({ id: '100', login: 'pixelforge', display_name: 'PixelForge', broadcaster_type: 'affiliate' });
  const viewer = mock.addUser({ id: '300', login: 'quietfox', display_name: 'QuietFox' });
  const fan = mock.addUser({ id: '301', login: 'mossfan', display_name: 'MossFan' });
  const hobbyist = mock.addUser({ id: '500', login: 'weekendcaster', display_name: 'WeekendCaster' });
  const events: RaisedEvent[] = [];
  mock.events.on((event) => events.push(event));

  const connect = (clientId: string, clientSecret: string) =>
    createClient({ clientId, clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, authenticator: platformAuth() });
  const client = connect(app.clientId, app.clientSecret);

  const signIn = async (into: PlatformClient, clientId: string, user: MockUser, scopes: readonly string[]) => {
    // Tokens that do not expire, so that tests can move the mock's clock by hours.
    const { accessToken, refreshToken } = mock.issueToken({ clientId, userId: user.id, scopes: [...scopes], expiresIn: null });
    await authOf(into).addUser({ accessToken, refreshToken });
  };
  const register = (user: MockUser, scopes: readonly string[]) => signIn(client, app.clientId, user, scopes);
  await register(broadcaster, broadcasterScopes);
  await register(viewer, ['user:read:subscriptions']);
  await register(hobbyist, [...broadcasterScopes, 'channel:read:redemptions']);

  const listeners: WebSocketListener[] = [];
  const listenerErrors: unknown[] = [];
  mock.clearRequests();

  return {
    mock,
    client,
    clientId: app.clientId,
    broadcaster,
    viewer,
    fan,
    hobbyist,
    events,
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    register,
    async otherApp() {
      const other = mock.addClient({ clientId: 'engagement-e2e-other-app', clientSecret: 'engagement-e2e-other-secret' });
      const otherClient = connect(other.clientId, other.clientSecret);
      await signIn(otherClient, other.clientId, broadcaster, broadcasterScopes);
      return otherClient;
    },
    listen(userId) {
      const listener = eventSubWebSocket(client.as(userId), { onError: (error) => listenerErrors.push(error) });
      listeners.push(listener);
      return listener;
    },
    listenerErrors,
    until: (check, what) =>
      until(() => {
        if (listenerErrors.length > 0) throw new Error(`A listener reported an error while waiting for ${what}`, { cause: listenerErrors[0] });
        return check();
      }, what),
    helixSent: () =>
      mock.requests.filter((request) => request.server === 'helix' && !request.path.startsWith('/eventsub/')).map((request) => `${request.method} ${request.path}`),
    async close() {
      await Promise.all(listeners.map((listener) => listener.close()));
      await mock.close();
    },
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

/** Waits until `check` holds, looking every 5 ms of real time (events arrive over a real socket). */
async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
