/**
 * What the end-to-end tests of @platform/api-streams share: a mock platform on 127.0.0.1 whose
 * clock the tests move, the people of one channel, a client signed in as a user would be
 * (`createClient` + `platformAuth()`), the events the platform raises, and the Helix requests it
 * received.
 */
import { authOf, platformAuth } from '@platform/auth';
import { createClient, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform, type MockUser, type RaisedEvent } from '@platform/mock';

export const START = Date.parse('2026-03-14T17:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

/** What the broadcaster signs in with: every scope these groups ask for. */
export const broadcasterScopes = [
  'channel:read:stream_key',
  'user:read:follows',
  'channel:manage:broadcast',
  'user:read:broadcast',
  'channel:manage:videos',
  'clips:edit',
  'channel:manage:clips',
  'channel:manage:schedule',
  'channel:manage:raids',
  'channel:edit:commercial',
  'channel:read:ads',
  'channel:manage:ads',
];

export interface E2E {
  mock: MockPlatform;
  client: PlatformClient;
  clientId: string;
  /** An affiliate: may run commercials and one-time schedule segments. */
  broadcaster: MockUser;
  /** One of the broadcaster's editors. */
  editor: MockUser;
  /** Follows the broadcaster and `other`. */
  viewer: MockUser;
  /** A partner: the raid target, another live channel. */
  other: MockUser;
  /** Neither partner nor affiliate. */
  hobbyist: MockUser;
  events: RaisedEvent[];
  /** Moves the mock's clock. */
  advance(ms: number): void;
  now(): number;
  /** Issues a token at the mock and registers it with the client, as a signed-in user would be. */
  register(user: MockUser, scopes: readonly string[]): Promise<void>;
  /** The Helix requests the mock received, as `METHOD path` lines. */
  helixSent(): string[];
  /** Resolves with the first event of `type` raised from now on. */
  nextEvent(type: string): Promise<RaisedEvent>;
}

/** Starts a mock platform and a client for one test; `mock.close()` it afterwards. */
export async function startE2E(): Promise<E2E> {
  let clock = START;
  const mock = await createMockPlatform({ now: () => clock });
  const app = mock.addClient({ clientId: 'streams-e2e-app', clientSecret: 'streams-e2e-secret' });
  const broadcaster = mock.addUser({ id: '100', login: 'pixelforge', display_name: 'PixelForge', broadcaster_type: 'affiliate' });
  const editor = mock.addUser({ id: '200', login: 'cutroom', display_name: 'CutRoom' });
  const viewer = mock.addUser({ id: '300', login: 'quietfox', display_name: 'QuietFox' });
  const other = mock.addUser({ id: '400', login: 'northwind', display_name: 'Northwind', broadcaster_type: 'partner' });
  const hobbyist = mock.addUser({ id: '500', login: 'weekendcaster', display_name: 'WeekendCaster' });
  mock.state.channel(broadcaster.id).editors.set(editor.id, START);
  mock.channels.follow(viewer.id, broadcaster.id);
  mock.channels.follow(viewer.id, other.id);

  const events: RaisedEvent[] = [];
  const waiting: { type: string; resolve: (event: RaisedEvent) => void }[] = [];
  mock.events.on((event) => {
    events.push(event);
    for (const waiter of waiting.filter((entry) => entry.type === event.type)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });

  const client = createClient({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
  async function register(user: MockUser, scopes: readonly string[]) {
    // Tokens that do not expire, so that tests can move the mock's clock by hours.
    const { accessToken, refreshToken } = mock.issueToken({ clientId: app.clientId, userId: user.id, scopes: [...scopes], expiresIn: null });
    await authOf(client).addUser({ accessToken, refreshToken });
  }
  await register(broadcaster, broadcasterScopes);
  await register(editor, ['channel:manage:broadcast', 'user:read:broadcast', 'channel:manage:videos', 'editor:manage:clips', 'clips:edit']);
  await register(viewer, ['user:read:follows', 'clips:edit']);
  await register(other, ['channel:manage:raids', 'channel:read:ads']);
  await register(hobbyist, ['channel:edit:commercial', 'channel:manage:schedule', 'channel:read:ads', 'channel:manage:ads']);
  mock.clearRequests();

  return {
    mock,
    client,
    clientId: app.clientId,
    broadcaster,
    editor,
    viewer,
    other,
    hobbyist,
    events,
    advance: (ms) => {
      clock += ms;
    },
    now: () => clock,
    register,
    helixSent: () => mock.requests.filter((request) => request.server === 'helix').map((request) => `${request.method} ${request.path}`),
    nextEvent: (type) => new Promise((resolve) => waiting.push({ type, resolve })),
  };
}

/** The rejection of `promise` (a paginator too), or a failure when it resolves. */
export async function failureOf(promise: PromiseLike<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, but the call resolved');
}
