import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  PlatformApiError,
  PlatformNetworkError,
  PlatformTimeoutError,
  type Clock,
} from '../src/index';
import { authServerRequest, clientCore } from '../src/internal/index';
import { systemClock } from '../src/clock';
import { nodeHttpTransport } from '../src/node';

const api = 'https://api.platform.test';
const id = 'https://id.platform.test';

/** The real clock, but retry pauses take no time. */
const quickClock: Clock = { ...systemClock, sleep: () => Promise.resolve(), random: () => 0 };

/** A failure as the runtime reports it (nock passes plain objects on to fetch, but not to node:http). */
function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});
afterAll(() => nock.enableNetConnect());

/**
 * The transports nock sees: it replaces `node:http` and the global fetch. Node's default transport
 * (undici with an Agent of its own) goes past it, as past msw: see transports.test.ts for it,
 * with undici's own MockAgent.
 */
const nockable = [
  ['node:http', { transport: nodeHttpTransport() }],
  ['fetch', { fetch: globalThis.fetch }],
] as const;

describe.each(nockable)('over %s', (_transport, sending) => {
  function client(options: { retries?: number; timeout?: number } = {}) {
    return createClient({ clientId: 'my-client', clientSecret: 'shh-secret', token: 'tok-abc', baseUrl: `${api}/helix`, authUrl: `${id}/oauth2`, clock: quickClock, ...sending, ...options });
  }

  describe('on the wire (nock)', () => {
    it('sends Client-Id and a Bearer token, no Content-Type without a body', async () => {
      nock(api, { badheaders: ['content-type'] })
        .get('/helix/chat/color')
        .query({ user_id: ['1', '2'] })
        .matchHeader('client-id', 'my-client')
        .matchHeader('authorization', 'Bearer tok-abc')
        .reply(200, { data: [] });
      await expect(client().request({ method: 'GET', path: '/chat/color', query: { user_id: ['1', '2'] } })).resolves.toEqual({ data: [] });
    });

    it('sends a JSON body with its Content-Type, and encodes # in the query', async () => {
      const seen: string[] = [];
      nock(api)
        .post('/helix/chat/messages', { broadcaster_id: '1', message: 'hi' })
        .query({ color: '#9146FF' })
        .matchHeader('content-type', 'application/json')
        .reply((uri) => {
          seen.push(uri);
          return [200, { data: [{ message_id: 'm', is_sent: true }] }];
        });
      await client().request({ method: 'POST', path: '/chat/messages', query: { color: '#9146FF' }, body: { broadcaster_id: '1', message: 'hi' } });
      expect(seen[0]).toContain('color=%239146FF');
    });

    it('sends a GET retries + 1 times on 503 and a POST once', async () => {
      const get = nock(api).get('/helix/x').times(3).reply(503, { message: 'down' });
      await expect(client({ retries: 2 }).request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(PlatformApiError);
      expect(get.isDone()).toBe(true);
      nock(api).post('/helix/x').once().reply(503, { message: 'down' });
      await expect(client({ retries: 2 }).request({ method: 'POST', path: '/x' })).rejects.toThrow('down (503 on POST /x)');
    });

    it('reports a connection error as a PlatformNetworkError and retries a GET', async () => {
      nock(api).get('/helix/x').times(2).replyWithError(failure('ECONNRESET', 'socket hang up'));
      nock(api).get('/helix/x').reply(200, { ok: true });
      await expect(client({ retries: 2 }).request({ method: 'GET', path: '/x' })).resolves.toEqual({ ok: true });
      nock(api).patch('/helix/x').replyWithError(failure('ECONNRESET', 'socket hang up'));
      const error = await client().request({ method: 'PATCH', path: '/x' }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(PlatformNetworkError);
      expect((error as Error).message).toMatch(/^PATCH \/x could not reach the platform: .+/);
    });

    it('times out an answer that is too slow', async () => {
      nock(api).get('/helix/slow').delay(300).reply(200, {});
      await expect(client({ retries: 0, timeout: 50 }).request({ method: 'GET', path: '/slow' })).rejects.toThrow(new PlatformTimeoutError('GET /slow timed out after 50 ms.'));
    });
  });

  describe('OAuth server requests', () => {
    it('posts a form without Client-Id, and returns the parsed answer', async () => {
      nock(id, { badheaders: ['client-id'] })
        .post('/oauth2/token', 'client_id=my-client&client_secret=shh-secret&grant_type=client_credentials')
        .matchHeader('content-type', 'application/x-www-form-urlencoded')
        .reply(200, { access_token: 'app', expires_in: 100, token_type: 'bearer' });
      const answer = await authServerRequest(clientCore(client()), {
        method: 'POST',
        path: 'token',
        form: { client_id: 'my-client', client_secret: 'shh-secret', grant_type: 'client_credentials', scope: undefined },
      });
      expect(answer.data).toEqual({ access_token: 'app', expires_in: 100, token_type: 'bearer' });
    });

    it('uses the OAuth prefix for validation and gives the platform message alone on refusal', async () => {
      nock(id).get('/oauth2/validate').matchHeader('authorization', 'OAuth dead').reply(401, { status: 401, message: 'invalid access token' });
      const error = (await authServerRequest(clientCore(client()), { method: 'GET', path: 'validate', authorization: 'OAuth dead' }).catch((failure: unknown) => failure)) as PlatformApiError;
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error.message).toBe('invalid access token');
      expect(error.status).toBe(401);
      expect(error.url).toBe(`${id}/oauth2/validate`);
    });

    it('retries a 5xx or a network failure only when asked (app token, validation)', async () => {
      nock(id).post('/oauth2/token').reply(500, { status: 500, message: 'oops' });
      nock(id).post('/oauth2/token').replyWithError(failure('ECONNRESET', 'reset'));
      nock(id).post('/oauth2/token').reply(200, { access_token: 'app' });
      await expect(authServerRequest(clientCore(client()), { method: 'POST', path: 'token', form: { grant_type: 'client_credentials' }, retry: true })).resolves.toMatchObject({ data: { access_token: 'app' } });

      nock(id).post('/oauth2/token').reply(500, { status: 500, message: 'oops' });
      await expect(authServerRequest(clientCore(client()), { method: 'POST', path: 'token', form: { grant_type: 'refresh_token', refresh_token: 'r1' } })).rejects.toThrow('oops');
    });

    it("times out with the client's timeout and names the OAuth path", async () => {
      nock(id).post('/oauth2/token').delay(300).reply(200, { access_token: 'late' });
      const error = await authServerRequest(clientCore(client({ timeout: 60, retries: 0 })), { method: 'POST', path: 'token', form: { grant_type: 'refresh_token' } }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(PlatformTimeoutError);
      expect((error as Error).message).toBe('POST /oauth2/token timed out after 60 ms.');
    });

    it('names the OAuth path in network errors, never the secret', async () => {
      nock(id).post('/oauth2/token').replyWithError(failure('ECONNREFUSED', 'connect ECONNREFUSED'));
      const error = (await authServerRequest(clientCore(client()), { method: 'POST', path: 'token', form: { client_secret: 'shh-secret', code: 'the-code' } }).catch((failure: unknown) => failure)) as Error;
      expect(error).toBeInstanceOf(PlatformNetworkError);
      expect(error.message).toMatch(/^POST \/oauth2\/token could not reach the platform: /);
      expect(error.message).not.toContain('shh-secret');
      expect(error.message).not.toContain('the-code');
    });
  });
});
