import { callOperation, PlatformApiError, PlatformAuthError, PlatformError, PlatformNetworkError, type TokenInvalidEvent } from '@platform/core';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore } from '../src/index';
import { appOnly, setup, steppingClock, userNoScope } from './helpers';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(options: Parameters<typeof setup>[0] = {}) {
  const context = await setup(options);
  close = () => context.mock.close();
  const invalid: TokenInvalidEvent[] = [];
  context.client.on('tokenInvalid', (event) => invalid.push(event));
  return { ...context, invalid };
}

const refreshes = (context: { sent(): string[] }) => context.sent().filter((line) => line === 'POST /oauth2/token').length;

describe('renewal before expiry', () => {
  it('500 concurrent calls with an expired token make exactly one refresh request', async () => {
    const context = await start();
    await context.register('11', undefined, { expiresAt: Date.now() - 1000 });
    context.mock.clearRequests();
    await Promise.all(Array.from({ length: 500 }, () => callOperation(context.client, userNoScope, {})));
    expect(refreshes(context)).toBe(1);
    const [user] = await context.auth.users();
    const helixTokens = new Set(context.mock.requests.filter((request) => request.server === 'helix').map((request) => request.token));
    expect([...helixTokens]).toEqual([user!.accessToken]);
  });

  it('a token expiring within 60 s is renewed first; one with more time is not', async () => {
    const context = await start();
    await context.register('11', undefined, { expiresAt: Date.now() + 30_000 });
    await context.register('22', undefined, { expiresAt: Date.now() + 120_000 });
    context.mock.clearRequests();
    await callOperation(context.client.as('11'), userNoScope, {});
    await callOperation(context.client.as('22'), userNoScope, {});
    expect(context.sent()).toEqual(['POST /oauth2/token', 'GET /users', 'GET /users']);
  });

  it('the renewed token (and the rotated refresh token) go to the store', async () => {
    const tokens = new MemoryTokenStore();
    const context = await start({ tokens });
    const before = await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    await callOperation(context.client, userNoScope, {});
    const stored = await tokens.get('11');
    expect(stored!.accessToken).not.toBe(before.accessToken);
    expect(stored!.refreshToken).not.toBe(before.refreshToken);
    expect(stored!.expiresAt).toBeGreaterThan(Date.now());
  });
});

describe('the 401 path', () => {
  it('a dead user token is checked, refreshed, and the call sent once more', async () => {
    const context = await start();
    const alice = await context.register('11');
    context.mock.expireToken(alice.accessToken);
    context.mock.clearRequests();
    await expect(callOperation(context.client, userNoScope, {})).resolves.toBeDefined();
    expect(context.sent()).toEqual(['GET /users', 'GET /oauth2/validate', 'POST /oauth2/token', 'GET /users']);
  });

  it('a token the platform calls valid leaves the 401 as a PlatformApiError, the user kept', async () => {
    const context = await start();
    await context.register('11');
    context.mock.fault({ route: 'GET /users', times: 1, fault: { kind: 'status', status: 401, message: 'Missing scope: something' } });
    const error = await callOperation(context.client, userNoScope, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as Error).message).toBe('Missing scope: something (401 on GET /users)');
    expect(await context.auth.users()).toHaveLength(1);
  });

  it('a dead token without refresh token: the user is removed, tokenInvalid emitted', async () => {
    const context = await start();
    const alice = await context.register('11', undefined, { refresh: false });
    context.mock.expireToken(alice.accessToken);
    const error = await callOperation(context.client, userNoScope, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe(
      'The access token of user 11 is no longer valid and there is no refresh token to renew it. The user has to authorize the app again.',
    );
    expect(await context.auth.users()).toEqual([]);
    expect(context.invalid).toEqual([{ userId: '11', error }]);
  });

  it('a dead app token is requested again', async () => {
    const context = await start();
    const first = await context.auth.appToken();
    context.mock.expireToken(first.accessToken);
    context.mock.clearRequests();
    await callOperation(context.client, appOnly, { id: '11' });
    expect(context.sent()).toEqual(['GET /users', 'GET /oauth2/validate', 'POST /oauth2/token', 'GET /users']);
  });
});

describe('refresh refused or failing', () => {
  it('a refresh token refused for good: user removed, tokenInvalid, the spec message with the platform reason and cause', async () => {
    const context = await start();
    const alice = await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    context.mock.state.refreshTokens.get(alice.refreshToken!)!.used = true;
    const error = (await callOperation(context.client, userNoScope, {}).catch((failure: unknown) => failure)) as PlatformAuthError;
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe('The platform rejected the refresh token of user 11: Invalid refresh token. The user has to authorize the app again.');
    expect(error.cause).toBeInstanceOf(PlatformApiError);
    expect(error.userId).toBe('11');
    expect(await context.auth.users()).toEqual([]);
    expect(context.invalid).toEqual([{ userId: '11', error }]);
  });

  it('a newer token written to the store by another process wins over a refused refresh', async () => {
    const tokens = new MemoryTokenStore();
    const context = await start({ tokens });
    const alice = await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    // Another process refreshed first: it spent the refresh token and saved the new pair.
    const other = context.mock.issueToken({ clientId: 'app-1', userId: '11', scopes: alice.scopes });
    context.mock.state.refreshTokens.get(alice.refreshToken!)!.used = true;
    const refusedOnce = tokens.get.bind(tokens);
    let reads = 0;
    tokens.get = async (userId) => {
      reads++;
      // The first read (before refreshing) still sees the old token; the re-read sees the new one.
      if (reads === 1) return refusedOnce(userId);
      return { ...alice, accessToken: other.accessToken, refreshToken: other.refreshToken, expiresAt: Date.now() + 3_600_000 };
    };
    context.mock.clearRequests();
    await expect(callOperation(context.client, userNoScope, {})).resolves.toBeDefined();
    expect(context.mock.requests.at(-1)!.token).toBe(other.accessToken);
    expect(context.invalid).toEqual([]);
    expect(refreshes(context)).toBe(1);
  });

  it('a temporary failure of the refresh throws that error, keeps the user, and rests the refresh token for 250 ms', async () => {
    const time = steppingClock();
    const context = await start({ client: { clock: time.clock } });
    await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 503 } });
    context.mock.clearRequests();
    const error = await callOperation(context.client, userNoScope, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(503);
    expect(refreshes(context)).toBe(1);
    expect(await context.auth.users()).toHaveLength(1);
    expect(context.invalid).toEqual([]);
    // Within the rest, a call that needs the refresh shares the failure and sends nothing.
    time.advance(249);
    await expect(callOperation(context.client, userNoScope, {})).rejects.toBe(error);
    expect(refreshes(context)).toBe(1);
    expect(context.mock.requests).toHaveLength(1);
    time.advance(1);
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'reset' } });
    await expect(callOperation(context.client, userNoScope, {})).rejects.toBeInstanceOf(PlatformNetworkError);
    expect(refreshes(context)).toBe(2);
    expect(await context.auth.users()).toHaveLength(1);
    time.advance(250);
    await expect(callOperation(context.client, userNoScope, {})).resolves.toBeDefined();
    expect(refreshes(context)).toBe(3);
  });

  it('removeUser during a refresh rejects the waiting calls', async () => {
    const context = await start();
    await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'latency', ms: 100 } });
    const pending = callOperation(context.client, userNoScope, {}).catch((failure: unknown) => failure);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await context.auth.removeUser('11');
    const error = await pending;
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('User 11 was removed while their token was being renewed.');
    expect(await context.auth.users()).toEqual([]);
  });
});

describe('client.auth', () => {
  it('addUser validates the token and registers its user', async () => {
    const context = await start();
    const issued = context.mock.issueToken({ clientId: 'app-1', userId: '11', scopes: ['chat:read'] });
    const user = await context.auth.addUser(issued.accessToken);
    expect(user).toEqual({ userId: '11', login: 'alice', accessToken: issued.accessToken, refreshToken: undefined, scopes: ['chat:read'], expiresAt: expect.any(Number) });
    expect(await context.auth.users()).toEqual([user]);
  });

  it('addUser refuses an app token and a token of another application', async () => {
    const context = await start();
    const appToken = context.mock.issueToken({ clientId: 'app-1' });
    await expect(context.auth.addUser(appToken.accessToken)).rejects.toMatchObject({ name: 'PlatformAuthError', message: 'This is an app access token, not a user access token.' });
    context.mock.addClient({ clientId: 'other-app' });
    const foreign = context.mock.issueToken({ clientId: 'other-app', userId: '11' });
    await expect(context.auth.addUser(foreign.accessToken)).rejects.toMatchObject({ name: 'PlatformAuthError', message: 'This token was issued to another application (client ID other-app), so it cannot be used with client ID app-1.' });
    expect(await context.auth.users()).toEqual([]);
    await expect(context.auth.addUser('')).rejects.toBeInstanceOf(PlatformError);
  });

  it('refresh(): unknown user, no refresh token, and a working refresh', async () => {
    const context = await start();
    await expect(context.auth.refresh('99')).rejects.toMatchObject({ name: 'PlatformAuthError', message: 'No token is registered for user 99.' });
    await context.register('11', undefined, { refresh: false });
    await expect(context.auth.refresh('11')).rejects.toMatchObject({ name: 'PlatformAuthError', message: 'The access token of user 11 expired and there is no refresh token to renew it.' });
    const bob = await context.register('22');
    const renewed = await context.auth.refresh('22');
    expect(renewed.accessToken).not.toBe(bob.accessToken);
  });

  it('revoke() a user revokes their token and forgets them; a raw token is revoked too', async () => {
    const context = await start();
    const alice = await context.register('11');
    await context.auth.revoke('11');
    expect(await context.auth.users()).toEqual([]);
    expect(context.mock.state.tokens.has(alice.accessToken)).toBe(false);
    const raw = context.mock.issueToken({ clientId: 'app-1', userId: '22' });
    await context.auth.revoke(raw.accessToken);
    expect(context.mock.state.tokens.has(raw.accessToken)).toBe(false);
  });

  it('authorizeUrl builds the consent address without a request', async () => {
    const context = await start();
    const url = new URL(context.auth.authorizeUrl({ redirectUri: 'http://127.0.0.1:9/callback', scopes: ['chat:read', 'user:write:chat'], state: 'abc', forceVerify: true }));
    expect(url.origin + url.pathname).toBe(`${context.mock.authUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      redirect_uri: 'http://127.0.0.1:9/callback',
      response_type: 'code',
      scope: 'chat:read user:write:chat',
      state: 'abc',
      force_verify: 'true',
    });
    expect(new URL(context.auth.authorizeUrl({ redirectUri: 'http://127.0.0.1:9/callback', responseType: 'token' })).searchParams.get('response_type')).toBe('token');
    expect(context.mock.requests).toEqual([]);
  });

  it('exchangeCode posts the code and secret in the body and registers the user', async () => {
    const context = await start();
    context.mock.oauth.consentUser = '22';
    const consent = await fetch(context.auth.authorizeUrl({ redirectUri: 'http://127.0.0.1:9/callback', scopes: ['chat:read'], state: 's' }), { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const user = await context.auth.exchangeCode({ code, redirectUri: 'http://127.0.0.1:9/callback' });
    expect(user).toMatchObject({ userId: '22', login: 'bob', scopes: ['chat:read'], refreshToken: expect.any(String) });
    const exchange = context.mock.requests.find((request) => request.path === '/oauth2/token')!;
    expect(exchange.query).toEqual({});
    expect(exchange.body).toMatchObject({ code, client_secret: 'very-secret-value', grant_type: 'authorization_code' });
    const again = await context.auth.exchangeCode({ code, redirectUri: 'http://127.0.0.1:9/callback' }).catch((failure: unknown) => failure);
    expect(again).toBeInstanceOf(PlatformApiError);
    expect((again as PlatformApiError).status).toBe(400);
  });

  it('exchangeCode reports a token the platform will not validate as its 401, not as an app token', async () => {
    const context = await start();
    context.mock.oauth.consentUser = '22';
    const consent = await fetch(context.auth.authorizeUrl({ redirectUri: 'http://127.0.0.1:9/callback' }), { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    context.mock.fault({ route: 'GET /oauth2/validate', times: 1, fault: { kind: 'status', status: 401, message: 'invalid access token' } });
    const error = await context.auth.exchangeCode({ code, redirectUri: 'http://127.0.0.1:9/callback' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(401);
    expect(await context.auth.users()).toEqual([]);
  });

  it('the device code flow waits for approval, then registers the user', async () => {
    const context = await start({ client: { clock: { ...(await import('@platform/core')).systemClock, sleep: () => new Promise((resolve) => setTimeout(resolve, 5)) } } });
    const flow = await context.auth.deviceCode({ scopes: ['chat:read'] });
    expect(flow.userCode).toEqual(expect.any(String));
    expect(flow.verificationUri).toContain(flow.userCode);
    setTimeout(() => context.mock.oauth.approveDevice(flow.userCode, '33'), 30);
    const user = await flow.wait();
    expect(user).toMatchObject({ userId: '33', login: 'carol', scopes: ['chat:read'] });
    expect(await context.auth.users()).toHaveLength(1);
  });

  it('the device code flow slows down by 5 s when the platform asks it to', async () => {
    const sleeps: number[] = [];
    const core = await import('@platform/core');
    const context = await start({ client: { clock: { ...core.systemClock, sleep: (ms: number) => (sleeps.push(ms), new Promise((resolve) => setTimeout(resolve, 5))) } } });
    const flow = await context.auth.deviceCode({ scopes: ['chat:read'] });
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 400, message: 'slow_down' } });
    setTimeout(() => context.mock.oauth.approveDevice(flow.userCode, '33'), 40);
    await expect(flow.wait()).resolves.toMatchObject({ userId: '33' });
    expect(sleeps.slice(0, 2)).toEqual([5000, 10_000]);
  });
});
