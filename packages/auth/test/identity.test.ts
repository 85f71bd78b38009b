import { callOperation, PlatformAuthError, PlatformScopeError } from '@platform/core';
import { afterEach, describe, expect, it } from 'vitest';
import { appOnly, eitherNoField, eitherWithField, setup, userNoScope, userOnly } from './helpers';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(options: Parameters<typeof setup>[0] = {}) {
  const context = await setup(options);
  close = () => context.mock.close();
  return context;
}

/** Runs a call that must fail, and gives the error and what reached the platform meanwhile. */
async function failure(run: () => Promise<unknown>, context: { mock: { clearRequests(): void }; sent(): string[] }) {
  context.mock.clearRequests();
  const error = await run().then(
    () => undefined,
    (failed: unknown) => failed,
  );
  if (!error) throw new Error('the call succeeded');
  return { error: error as Error, sent: context.sent() };
}

describe('choosing the identity: the PlatformAuthError messages, with nothing sent', () => {
  it('a user-token endpoint with no user registered', async () => {
    const context = await start();
    const { error, sent } = await failure(() => callOperation(context.client, userNoScope, {}), context);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe('GET /users needs a user access token and no user is registered. Add one with client.auth.addUser().');
    expect(sent).toEqual([]);
  });

  it('a user-token endpoint with several users and none named', async () => {
    const context = await start();
    await context.register('11');
    await context.register('22');
    const { error, sent } = await failure(() => callOperation(context.client, userNoScope, {}), context);
    expect(error.message).toBe('GET /users needs a user access token and several users are registered. Choose one with { as: userId } or client.as(userId).');
    expect(sent).toEqual([]);
  });

  it('the acting user named by the field is not registered, other users are', async () => {
    const context = await start({ secret: false });
    await context.register('11');
    await context.register('22');
    const { error, sent } = await failure(() => callOperation(context.client, eitherWithField, { moderator_id: '33' }), context);
    expect(error.message).toBe('GET /users needs the token of user 33, which is not registered. Add it with client.auth.addUser() or choose a user with { as: userId }.');
    expect((error as PlatformAuthError).userId).toBe('33');
    expect(sent).toEqual([]);
  });

  it('an either-token endpoint without the acting user and several users', async () => {
    const context = await start();
    await context.register('11');
    await context.register('22');
    const { error, sent } = await failure(() => callOperation(context.client, eitherWithField, {}), context);
    expect(error.message).toBe(
      'GET /users does not say who is acting and several users are registered. Set moderator_id, or choose a user with { as: userId } or client.as(userId).',
    );
    expect(sent).toEqual([]);
  });

  it('the same call with no user registered: the app token belongs to no user (no app token is even requested)', async () => {
    const context = await start();
    const { error, sent } = await failure(() => callOperation(context.client, eitherWithField, {}), context);
    expect(error.message).toBe(
      'GET /users needs moderator_id: the call is made with the app token, which belongs to no user. Set moderator_id, or register the acting user with client.auth.addUser().',
    );
    expect(sent).toEqual([]);
  });

  it('the same call as app', async () => {
    const context = await start();
    await context.register('11');
    const { error, sent } = await failure(() => callOperation(context.client, eitherWithField, {}, { as: 'app' }), context);
    expect(error.message).toBe(
      'GET /users needs moderator_id: the call is made with the app token, which belongs to no user. Set moderator_id, or register the acting user with client.auth.addUser().',
    );
    expect(sent).toEqual([]);
  });

  it('the same call with a token passed by hand', async () => {
    const context = await start();
    const { error, sent } = await failure(() => callOperation(context.client, eitherWithField, {}, { token: 'raw-token' }), context);
    expect(error.message).toBe('GET /users needs moderator_id: a token passed by hand does not say who it belongs to.');
    expect(sent).toEqual([]);
  });

  it('an either-token endpoint, no clientSecret, several users', async () => {
    const context = await start({ secret: false });
    await context.register('11');
    await context.register('22');
    const { error, sent } = await failure(() => callOperation(context.client, eitherNoField, {}), context);
    expect(error.message).toBe('GET /users can use a user token, but several users are registered. Choose one with { as: userId } or client.as(userId).');
    expect(sent).toEqual([]);
  });

  it('as app on a user-only endpoint', async () => {
    const context = await start();
    const { error, sent } = await failure(() => callOperation(context.client, userNoScope, {}, { as: 'app' }), context);
    expect(error.message).toBe('GET /users only accepts a user access token: the app token cannot be used for it.');
    expect(sent).toEqual([]);
  });

  it('as a user on an app-only endpoint: refused unsent, naming the token it needs', async () => {
    const context = await start();
    await context.register('11');
    const { error, sent } = await failure(() => callOperation(context.client.as('11'), appOnly, {}), context);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe("GET /users only accepts an app access token: a user's token cannot be used for it (asked to act as user 11).");
    expect(sent).toEqual([]);
  });

  it('as names an unknown user', async () => {
    const context = await start();
    const { error, sent } = await failure(() => callOperation(context.client.as('99'), eitherNoField, {}), context);
    expect(error.message).toBe('No token is registered for user 99. Add it with client.auth.addUser().');
    expect((error as PlatformAuthError).userId).toBe('99');
    expect(sent).toEqual([]);
  });

  it('an app-token endpoint without clientSecret, and an either-token one', async () => {
    const context = await start({ secret: false });
    const app = await failure(() => callOperation(context.client, appOnly, {}), context);
    expect(app.error.message).toBe('GET /users needs an app access token, which requires a clientSecret.');
    const either = await failure(() => callOperation(context.client, eitherNoField, {}), context);
    expect(either.error.message).toBe('GET /users needs an app access token, which requires a clientSecret (or a registered user token).');
    expect([...app.sent, ...either.sent]).toEqual([]);
  });

  it('as app, or appToken(), without clientSecret', async () => {
    const context = await start({ secret: false });
    const asApp = await failure(() => callOperation(context.client, eitherNoField, {}, { as: 'app' }), context);
    expect(asApp.error.message).toBe('A clientSecret is required to get an app access token.');
    const direct = await failure(() => context.auth.appToken(), context);
    expect(direct.error.message).toBe('A clientSecret is required to get an app access token.');
    expect([...asApp.sent, ...direct.sent]).toEqual([]);
  });

  it('exchangeCode without clientSecret', async () => {
    const context = await start({ secret: false });
    const { error, sent } = await failure(() => context.auth.exchangeCode({ code: 'c', redirectUri: 'http://127.0.0.1:9/callback' }), context);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe('A clientSecret is required to exchange an authorization code.');
    expect(sent).toEqual([]);
  });
});

describe('scopes', () => {
  it('a registered user without the scope: PlatformScopeError before sending, several scopes joined with "or"', async () => {
    const context = await start();
    await context.register('11', ['chat:read']);
    const { error, sent } = await failure(() => callOperation(context.client, userOnly, {}), context);
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect(error.message).toBe('The token of user 11 is missing the user:read:email scope required by GET /users.');
    const scopeError = error as PlatformScopeError;
    expect([scopeError.userId, scopeError.required, scopeError.granted]).toEqual(['11', ['user:read:email'], ['chat:read']]);
    expect(sent).toEqual([]);
  });

  it('raw tokens are not checked', async () => {
    const context = await start();
    const issued = context.mock.issueToken({ clientId: 'app-1', userId: '11', scopes: [] });
    await expect(callOperation(context.client, userOnly, { user_id: '11' }, { token: issued.accessToken })).resolves.toBeDefined();
  });
});

describe('choosing the identity: what is sent', () => {
  it('the single registered user acts when nothing is named, and fills the acting-user field', async () => {
    const context = await start();
    const alice = await context.register('11');
    context.mock.clearRequests();
    await callOperation(context.client, eitherWithField, {});
    expect(context.mock.requests[0]).toMatchObject({ token: alice.accessToken, query: { moderator_id: '11' } });
  });

  it('the acting-user field picks that user among several', async () => {
    const context = await start();
    await context.register('11');
    const bob = await context.register('22');
    context.mock.clearRequests();
    await callOperation(context.client, eitherWithField, { moderator_id: '22' });
    expect(context.mock.requests[0]!.token).toBe(bob.accessToken);
  });

  it('an either-token call for an unregistered acting user goes with the app token', async () => {
    const context = await start();
    await context.register('11');
    await context.register('22');
    context.mock.clearRequests();
    await callOperation(context.client, eitherWithField, { moderator_id: '33', id: '11' });
    expect(context.sent()).toEqual(['POST /oauth2/token', 'GET /users']);
    const appToken = await context.auth.appToken();
    expect(context.mock.requests[1]!.token).toBe(appToken.accessToken);
  });

  it('the app token is requested once and shared by concurrent calls', async () => {
    const context = await start();
    await Promise.all(Array.from({ length: 20 }, () => callOperation(context.client, appOnly, { id: '11' })));
    expect(context.sent().filter((line) => line === 'POST /oauth2/token')).toHaveLength(1);
  });

  it('client.as() and { as } choose the user', async () => {
    const context = await start();
    await context.register('11');
    const bob = await context.register('22');
    context.mock.clearRequests();
    await callOperation(context.client.as('22'), userNoScope, {});
    await context.client.as('22').request({ method: 'GET', path: '/users' });
    expect(context.mock.requests.map((request) => request.token)).toEqual([bob.accessToken, bob.accessToken]);
  });
});
