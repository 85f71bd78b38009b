import { createClient, dataResult, defineOperation, systemClock, type ClientOptions, type Clock } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { authOf, platformAuth, type TokenStore } from '../src/index';

/** Declarations of each token kind, all served by the mock's GET /users. */
export const userOnly = defineOperation<{ user_id?: string }, unknown>({
  name: 'test.userOnly', method: 'GET', path: '/users', token: 'user', scopes: ['user:read:email'], actingUser: 'user_id', actingUserOptional: true,
  params: { user_id: { type: 'string', in: 'query' } }, result: dataResult,
});
export const userNoScope = defineOperation<{ id?: string }, unknown>({
  name: 'test.userNoScope', method: 'GET', path: '/users', token: 'user', scopes: [], params: { id: { type: 'string', in: 'query' } }, result: dataResult,
});
export const eitherWithField = defineOperation<{ moderator_id?: string; id?: string }, unknown>({
  name: 'test.eitherWithField', method: 'GET', path: '/users', token: 'either', scopes: ['moderator:read:chatters'], actingUser: 'moderator_id',
  params: { moderator_id: { type: 'string', in: 'query' }, id: { type: 'string', in: 'query' } }, result: dataResult,
});
export const eitherNoField = defineOperation<{ id?: string }, unknown>({
  name: 'test.eitherNoField', method: 'GET', path: '/users', token: 'either', scopes: [], params: { id: { type: 'string', in: 'query' } }, result: dataResult,
});
export const appOnly = defineOperation<{ id?: string }, unknown>({
  name: 'test.appOnly', method: 'GET', path: '/users', token: 'app', scopes: [], params: { id: { type: 'string', in: 'query' } }, result: dataResult,
});

export const allScopes = ['user:read:email', 'moderator:read:chatters'];

/** A mock platform with an app registered and a few users, and a client made with platformAuth(). */
export async function setup(options: { secret?: boolean; tokens?: TokenStore; client?: Partial<ClientOptions> } = {}) {
  const mock: MockPlatform = await createMockPlatform();
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value', redirectUris: ['http://127.0.0.1:9/callback'] });
  const alice = mock.addUser({ id: '11', login: 'alice' });
  const bob = mock.addUser({ id: '22', login: 'bob' });
  const carol = mock.addUser({ id: '33', login: 'carol' });
  const client = createClient({
    clientId: app.clientId,
    clientSecret: options.secret === false ? undefined : app.clientSecret,
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    retries: 1,
    authenticator: platformAuth({ tokens: options.tokens }),
    ...options.client,
  });
  const auth = authOf(client);
  /** Issues a token at the mock for a user and registers it with the client. */
  const register = async (userId: string, scopes = allScopes, extra: { refresh?: boolean; expiresAt?: number } = {}) => {
    const issued = mock.issueToken({ clientId: app.clientId, userId, scopes, refresh: extra.refresh });
    return auth.addUser({ accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: extra.expiresAt });
  };
  /** The requests the mock received, as `METHOD path` lines. */
  const sent = () => mock.requests.map((request) => `${request.method} ${request.path}`);
  return { mock, app, alice, bob, carol, client, auth, register, sent };
}

/**
 * The real clock's timers and randomness, with a `now` that stands still unless the test moves it:
 * for windows measured on the client clock (the rest after a failed refresh), exact whatever the
 * machine's load, and without waiting them out.
 */
export function steppingClock() {
  const start = Date.now();
  let offset = 0;
  const clock: Clock = { ...systemClock, now: () => start + offset };
  return {
    clock,
    advance(ms: number) {
      offset += ms;
    },
  };
}
