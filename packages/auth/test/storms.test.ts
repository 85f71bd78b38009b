/**
 * Refresh storms: many calls of one user whose token dies, against the mock platform over real
 * sockets. What must hold whatever the timing of the 401s, validations and store reads: one
 * refresh request per refresh token, one `tokenInvalid` per removed user, every call of a user
 * whose token cannot be renewed rejects with the removal's PlatformAuthError, and a refresh token
 * whose refresh failed for a while is not sent again within 250 ms.
 */
import { callOperation, createClient, PlatformApiError, PlatformAuthError, type TokenInvalidEvent } from '@platform/core';
import { createMockPlatform, type MockPlatform, type MockToken } from '@platform/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, platformAuth } from '../src/index';
import { steppingClock, userNoScope } from './helpers';

const storm = 500;

let mock: MockPlatform | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** A mock whose budget does not get in the way of 500 calls, one registered user, and a client. */
async function start(options: { refresh?: boolean } = {}) {
  mock = await createMockPlatform({ rateLimit: { budget: 100_000 } });
  const platform = mock;
  const app = platform.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
  platform.addUser({ id: '11', login: 'alice' });
  const time = steppingClock();
  const client = createClient({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    baseUrl: platform.baseUrl,
    authUrl: platform.authUrl,
    clock: time.clock,
    retries: 0,
    authenticator: platformAuth(),
  });
  const invalid: TokenInvalidEvent[] = [];
  client.on('tokenInvalid', (event) => invalid.push(event));
  const issued: MockToken = platform.issueToken({ clientId: app.clientId, userId: '11', scopes: [], refresh: options.refresh });
  await authOf(client).addUser({ accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: Date.now() + 3_600_000 });
  platform.clearRequests();
  const count = (path: string) => platform.requests.filter((request) => request.path === path).length;
  return {
    mock: platform,
    client,
    time,
    issued,
    invalid,
    /** The token dies at the platform while the client still thinks it good: calls get a 401. */
    kill: () => platform.expireToken(issued.accessToken),
    /** The refresh token is refused for good (the platform says it was used). */
    spendRefreshToken: () => {
      platform.state.refreshTokens.get(issued.refreshToken!)!.used = true;
    },
    refreshes: () => count('/oauth2/token'),
    validations: () => count('/oauth2/validate'),
    /** Delays the n-th next request of a route by `ms` (rules apply in the order they were added). */
    delays: (route: string, ms: readonly number[]) => {
      for (const each of ms) platform.fault({ route, times: 1, fault: { kind: 'latency', ms: each } });
    },
    call: () => callOperation(client, userNoScope, {}),
  };
}

async function settle<T>(calls: Array<Promise<T>>) {
  const results = await Promise.allSettled(calls);
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  return { fulfilled: results.length - errors.length, errors };
}

describe(`a storm of ${storm} concurrent calls`, () => {
  it('a dead token: one validation, one refresh request, every call succeeds with the renewed token', async () => {
    const context = await start();
    context.kill();
    const { fulfilled, errors } = await settle(Array.from({ length: storm }, () => context.call()));
    expect(errors).toEqual([]);
    expect(fulfilled).toBe(storm);
    expect(context.refreshes()).toBe(1);
    expect(context.validations()).toBe(1);
    expect(context.invalid).toEqual([]);
  });

  it('a refresh refused for good: one refresh request, one tokenInvalid, every call rejects with the removal’s PlatformAuthError', async () => {
    const context = await start();
    context.kill();
    context.spendRefreshToken();
    const { fulfilled, errors } = await settle(Array.from({ length: storm }, () => context.call()));
    expect(fulfilled).toBe(0);
    expect(context.refreshes()).toBe(1);
    expect(context.invalid).toHaveLength(1);
    const removal = context.invalid[0]!.error;
    expect(removal).toBeInstanceOf(PlatformAuthError);
    expect(errors).toHaveLength(storm);
    for (const error of errors) expect(error).toBe(removal);
    expect(await authOf(context.client).users()).toEqual([]);
  });

  it('a refresh refused for good while the 401s arrive over 150 ms: still one refresh request, one tokenInvalid', async () => {
    const context = await start();
    context.kill();
    context.spendRefreshToken();
    context.delays('GET /users', Array.from({ length: storm }, (_, index) => (index * 150) / storm));
    context.delays('POST /oauth2/token', [40]);
    const { errors } = await settle(Array.from({ length: storm }, () => context.call()));
    expect(context.refreshes()).toBe(1);
    expect(context.invalid).toHaveLength(1);
    expect(errors).toHaveLength(storm);
    for (const error of errors) expect(error).toBe(context.invalid[0]!.error);
  });

  it('a dead token without a refresh token: one tokenInvalid, every call rejects with its PlatformAuthError', async () => {
    const context = await start({ refresh: false });
    context.kill();
    context.delays('GET /users', Array.from({ length: storm }, (_, index) => (index * 100) / storm));
    const { errors } = await settle(Array.from({ length: storm }, () => context.call()));
    expect(context.refreshes()).toBe(0);
    expect(context.invalid).toHaveLength(1);
    expect(errors).toHaveLength(storm);
    for (const error of errors) expect(error).toBe(context.invalid[0]!.error);
  });
});

describe('two calls whose 401s come apart (the second validation answers 300 ms later)', () => {
  /** Call one's 401 comes at once, call two's 30 ms later; the second validation takes 300 ms, the refresh 50 ms. */
  async function twoCalls(refused: boolean) {
    const context = await start();
    context.kill();
    if (refused) context.spendRefreshToken();
    context.delays('GET /users', [0, 30]);
    context.delays('GET /oauth2/validate', [0, 300]);
    context.delays('POST /oauth2/token', [50]);
    const results = await Promise.allSettled([context.call(), context.call()]);
    return { context, results };
  }

  it('refused for good: one refresh request, one tokenInvalid, both calls reject with the removal’s error', async () => {
    const { context, results } = await twoCalls(true);
    expect(context.refreshes()).toBe(1);
    expect(context.invalid).toHaveLength(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBe(context.invalid[0]!.error);
    }
  });

  it('renewed: one refresh request, and the late call is sent again with the new token', async () => {
    const { context, results } = await twoCalls(false);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(context.refreshes()).toBe(1);
    const tokens = context.mock.requests.filter((request) => request.path === '/users').map((request) => request.token);
    expect(tokens.filter((token) => token === context.issued.accessToken)).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
  });
});

describe('a refresh that fails for a while (503)', () => {
  it('calls whose 401 arrives 40 to 90 ms later share the 503 and send nothing; the user stays', async () => {
    const context = await start();
    context.kill();
    context.delays('GET /users', [0, ...Array.from({ length: 50 }, (_, index) => 40 + index)]);
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 503 } });
    const { fulfilled, errors } = await settle(Array.from({ length: 51 }, () => context.call()));
    expect(fulfilled).toBe(0);
    expect(context.refreshes()).toBe(1);
    expect(errors).toHaveLength(51);
    const first = errors[0] as PlatformApiError;
    expect(first).toBeInstanceOf(PlatformApiError);
    expect(first.status).toBe(503);
    for (const error of errors) expect(error).toBe(first);
    // The late 401s were not even validated again: the token was found dead 40 ms earlier.
    expect(context.validations()).toBe(1);
    expect(context.invalid).toEqual([]);
    expect(await authOf(context.client).users()).toHaveLength(1);
  });

  it('the same refresh token goes out again only once 250 ms have passed on the client clock', async () => {
    const context = await start();
    context.kill();
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 503 } });
    const first = await context.call().catch((error: unknown) => error);
    expect((first as PlatformApiError).status).toBe(503);
    context.time.advance(249);
    await expect(context.call()).rejects.toBe(first);
    expect(context.refreshes()).toBe(1);
    context.time.advance(1);
    await expect(context.call()).resolves.toBeDefined();
    expect(context.refreshes()).toBe(2);
    expect(context.invalid).toEqual([]);
  });
});
