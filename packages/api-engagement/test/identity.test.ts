import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformAuthError, PlatformScopeError } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { broadcasterSubscriptions, checkUserSubscription, createPoll, extensionTransactions, hypeTrainStatus, polls } from '../src/index';
import { poll, subscriber, transaction, userSubscription } from './samples';
import { stubFetch, type SeenRequest, type StubReply } from './stub';

/*
 * Who acts, with the real `@platform/auth` over the stub fetch: the acting-user field defaults
 * from the registered user's token, an either-token call may use the app token when it names
 * its user, scopes are checked before sending, and an app-only call takes the app token.
 */

const BROADCASTER = '141981764';
const tokens: Record<string, { user_id: string; login: string; scopes: string[] }> = {
  'token-broadcaster': { user_id: BROADCASTER, login: 'twitchdev', scopes: ['channel:manage:polls', 'channel:read:subscriptions', 'user:read:subscriptions', 'channel:read:hype_train'] },
  'token-reader': { user_id: '55', login: 'reader', scopes: ['channel:read:polls'] },
};

function world(helix: (request: SeenRequest) => StubReply) {
  const stub = stubFetch((request) => {
    if (request.url.pathname === '/oauth2/validate') {
      const owner = tokens[request.headers.get('authorization')!.replace('OAuth ', '')];
      return owner ? { body: { client_id: 'cid', ...owner, expires_in: 3600 } } : { status: 401, body: { status: 401, message: 'invalid access token' } };
    }
    if (request.url.pathname === '/oauth2/token') return { body: { access_token: 'app-token', expires_in: 3600, token_type: 'bearer' } };
    return helix(request);
  });
  const client = createClient({
    clientId: 'cid',
    clientSecret: 'secret',
    baseUrl: 'https://api.test/helix',
    authUrl: 'https://auth.test/oauth2',
    fetch: stub.fetch,
    retries: 0,
    authenticator: platformAuth(),
  });
  const helixRequests = () => stub.requests.filter((request) => request.url.pathname.startsWith('/helix/'));
  return { client, helixRequests };
}

describe('the acting user and the token kind, with @platform/auth', () => {
  it('createPoll: broadcaster_id in the body comes from the single registered user', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [poll] } }));
    await authOf(client).addUser('token-broadcaster');
    await createPoll(client, { title: 'Heads or Tails?', choices: [{ title: 'Heads' }, { title: 'Tails' }], duration: 60 });
    const [request] = helixRequests();
    expect(JSON.parse(request!.body!)).toMatchObject({ broadcaster_id: BROADCASTER });
    expect(request!.headers.get('authorization')).toBe('Bearer token-broadcaster');
  });

  it('hypeTrainStatus: op(client) with broadcaster_id from the token', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [{ current: null, all_time_high: null, shared_all_time_high: null }] } }));
    await authOf(client).addUser('token-broadcaster');
    await expect(hypeTrainStatus(client)).resolves.toEqual({ current: null, all_time_high: null, shared_all_time_high: null });
    expect(helixRequests()[0]!.url.search).toBe(`?broadcaster_id=${BROADCASTER}`);
  });

  it('a user token without the scope is refused before sending', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [poll] } }));
    await authOf(client).addUser('token-reader');
    const error = await createPoll(client, { title: 't', choices: [{ title: 'a' }, { title: 'b' }], duration: 60 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformScopeError);
    // Reading polls needs either scope: the reader's one suffices.
    await polls(client);
    expect(helixRequests().map((request) => `${request.method} ${request.url.pathname}${request.url.search}`)).toEqual(['GET /helix/polls?broadcaster_id=55']);
  });

  it('a user-token call with only the app token is refused before sending', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [] } }));
    const error = await Promise.resolve(polls(client, { broadcaster_id: BROADCASTER })).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(helixRequests()).toHaveLength(0);
  });

  it('broadcasterSubscriptions with the app token: refused without broadcaster_id, sent with it', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [subscriber], pagination: {}, total: 1, points: 1 } }));
    const error = await Promise.resolve(broadcasterSubscriptions(client)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe(
      'GET /subscriptions needs broadcaster_id: the call is made with the app token, which belongs to no user. Set broadcaster_id, or register the acting user with client.auth.addUser().',
    );
    expect(helixRequests()).toHaveLength(0);
    await broadcasterSubscriptions(client, { broadcaster_id: BROADCASTER });
    expect(helixRequests().map((request) => request.headers.get('authorization'))).toEqual(['Bearer app-token']);
  });

  it('checkUserSubscription: user_id from the registered user; with an unregistered user_id, the app token', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [userSubscription] } }));
    await authOf(client).addUser('token-broadcaster');
    await checkUserSubscription(client, { broadcaster_id: '149747285' });
    await checkUserSubscription(client, { broadcaster_id: '149747285', user_id: '999' });
    expect(helixRequests().map((request) => [request.url.searchParams.get('user_id'), request.headers.get('authorization')])).toEqual([
      [BROADCASTER, 'Bearer token-broadcaster'],
      ['999', 'Bearer app-token'],
    ]);
  });

  it('extensionTransactions takes the app token even with a user registered', async () => {
    const { client, helixRequests } = world(() => ({ body: { data: [transaction], pagination: {} } }));
    await authOf(client).addUser('token-broadcaster');
    await extensionTransactions(client, { extension_id: 'cid' });
    expect(helixRequests().map((request) => request.headers.get('authorization'))).toEqual(['Bearer app-token']);
  });

  it('a raw token does not say who it belongs to: a defaulted acting user is refused', async () => {
    const stub = stubFetch(() => ({ body: { data: [] } }));
    const client = createClient({ clientId: 'cid', token: 'raw-token', baseUrl: 'https://api.test/helix', fetch: stub.fetch, retries: 0 });
    const error = await Promise.resolve(polls(client)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('GET /polls needs broadcaster_id: a token passed by hand does not say who it belongs to.');
    await polls(client, { broadcaster_id: BROADCASTER });
    expect(stub.requests.map((request) => request.url.search)).toEqual([`?broadcaster_id=${BROADCASTER}`]);
  });
});
