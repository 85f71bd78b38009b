import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformAuthError } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { conduits, createSubscription, deleteSubscription, subscriptions } from '../src/index';
import { stubFetch, type SeenRequest, type StubReply } from './stub';

/*
 * Which token goes out, with the real `@platform/auth` over the stub fetch: the transport decides
 * for createSubscription, the app token lists and deletes unless the call names a user, and the
 * conduit operations take the app token.
 */

const tokens: Record<string, { user_id: string; login: string; scopes: string[] }> = {
  'token-streamer': { user_id: '100', login: 'streamer', scopes: ['moderator:read:followers'] },
  'token-bot': { user_id: '200', login: 'bot', scopes: [] },
};
const created = (method: string) => ({
  status: 202,
  body: {
    data: [{ id: 'sub-1', status: 'enabled', type: 'stream.online', version: '1', condition: { broadcaster_user_id: '100' }, created_at: 't', transport: { method }, cost: 0 }],
    total: 1,
    total_cost: 0,
    max_total_cost: 10000,
  },
});
const empty = { body: { data: [], total: 0, total_cost: 0, max_total_cost: 10000, pagination: {} } };

function world(answer: (request: SeenRequest) => StubReply, options: { clientSecret?: string | undefined } = { clientSecret: 'secret' }) {
  const stub = stubFetch((request) => {
    if (request.url.pathname === '/oauth2/validate') {
      const owner = tokens[request.headers.get('authorization')!.replace('OAuth ', '')];
      return owner ? { body: { client_id: 'cid', ...owner, expires_in: 3600 } } : { status: 401, body: { status: 401, message: 'invalid access token' } };
    }
    if (request.url.pathname === '/oauth2/token') return { body: { access_token: 'app-token', expires_in: 3600, token_type: 'bearer' } };
    return answer(request);
  });
  const client = createClient({
    clientId: 'cid',
    clientSecret: options.clientSecret,
    baseUrl: 'https://api.test/helix',
    authUrl: 'https://auth.test/oauth2',
    fetch: stub.fetch,
    retries: 0,
    authenticator: platformAuth(),
  });
  const helix = () => stub.requests.filter((request) => request.url.pathname.startsWith('/helix/')).map((request) => request.headers.get('authorization'));
  return { client, helix };
}

const condition = { broadcaster_user_id: '100' };

describe('the token kind of the EventSub operations, with @platform/auth', () => {
  it('createSubscription: the single registered user for WebSocket, the app token for webhook and conduit', async () => {
    const { client, helix } = world((request) => created((JSON.parse(request.body!) as { transport: { method: string } }).transport.method));
    await authOf(client).addUser('token-streamer');
    await createSubscription(client, { type: 'stream.online', version: '1', condition, transport: { method: 'websocket', session_id: 's' } });
    await createSubscription(client, { type: 'stream.online', version: '1', condition, transport: { method: 'webhook', callback: 'https://example.org/hooks', secret: 'ten-chars-at-least' } });
    await createSubscription(client, { type: 'stream.online', version: '1', condition, transport: { method: 'conduit', conduit_id: 'c' } });
    expect(helix()).toEqual(['Bearer token-streamer', 'Bearer app-token', 'Bearer app-token']);
  });

  it('createSubscription over WebSocket with several users must be told which', async () => {
    const { client, helix } = world(() => created('websocket'));
    await authOf(client).addUser('token-streamer');
    await authOf(client).addUser('token-bot');
    const params = { type: 'stream.online', version: '1', condition, transport: { method: 'websocket' as const, session_id: 's' } };
    await expect(createSubscription(client, params)).rejects.toThrow(PlatformAuthError);
    await expect(createSubscription(client, params)).rejects.toThrow('POST /eventsub/subscriptions needs a user access token and several users are registered.');
    await createSubscription(client.as('200'), params);
    expect(helix()).toEqual(['Bearer token-bot']);
  });

  it("subscriptions and deleteSubscription: the app's subscriptions with one user registered, the user's own when asked", async () => {
    const { client, helix } = world((request) => (request.method === 'GET' ? empty : { status: 204 }));
    await authOf(client).addUser('token-streamer');
    await subscriptions(client);
    await deleteSubscription(client, { id: 'sub-1' });
    await subscriptions(client, {}, { as: '100' });
    await deleteSubscription(client.as('100'), { id: 'sub-2' });
    expect(helix()).toEqual(['Bearer app-token', 'Bearer app-token', 'Bearer token-streamer', 'Bearer token-streamer']);
  });

  it('the conduit operations take the app token, even with one user registered', async () => {
    const { client, helix } = world(() => ({ body: { data: [] } }));
    await authOf(client).addUser('token-streamer');
    await conduits(client);
    expect(helix()).toEqual(['Bearer app-token']);
  });

  it('without a clientSecret (a browser), subscriptions and deleteSubscription use the single user, and the conduit operations say what they need', async () => {
    const { client, helix } = world((request) => (request.method === 'GET' ? empty : { status: 204 }), { clientSecret: undefined });
    await expect(conduits(client)).rejects.toThrow('GET /eventsub/conduits needs an app access token, which requires a clientSecret.');
    await expect(subscriptions(client).firstPage()).rejects.toThrow(PlatformAuthError);
    expect(helix()).toEqual([]);
    await authOf(client).addUser('token-streamer');
    await subscriptions(client);
    await deleteSubscription(client, { id: 'sub-1' });
    expect(helix()).toEqual(['Bearer token-streamer', 'Bearer token-streamer']);
  });
});
