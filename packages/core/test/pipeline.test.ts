import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  PlatformApiError,
  PlatformAuthError,
  PlatformError,
  PlatformNetworkError,
  PlatformRateLimitError,
  PlatformTimeoutError,
  type ClientOptions,
  type RateLimitEvent,
} from '../src/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { limitHeaders, networkFailure, stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

let clock: VirtualClock;
afterEach(() => clock?.stop());

function setup(handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>, options: Partial<ClientOptions> = {}, random = () => 0.5) {
  clock = createVirtualClock({ auto: true, random });
  const stub = stubFetch(clock, handler);
  const client = createClient({ clientId: 'cid', token: 'raw-token', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock, ...options });
  const events: RateLimitEvent[] = [];
  client.on('rateLimit', (event) => events.push(event));
  return { client, requests: stub.requests, events };
}

const get = { method: 'GET', path: '/things' } as const;

describe('client.request() URLs', () => {
  it('joins a query written in the path with the query option, and sends neither when there is none', async () => {
    const urls: string[] = [];
    const { client } = setup((request) => {
      urls.push(String(request.url));
      return { body: {} };
    });
    await client.request({ method: 'GET', path: '/things' });
    await client.request({ method: 'GET', path: '/things', query: {} });
    await client.request({ method: 'GET', path: '/things?a=1' });
    await client.request({ method: 'GET', path: '/things?a=1&b=x%3Fy', query: { c: ['2', '3'], d: undefined } });
    await client.request({ method: 'GET', path: '/things', query: { e: 'f g' } });
    expect(urls).toEqual([
      'https://api.test/helix/things',
      'https://api.test/helix/things',
      'https://api.test/helix/things?a=1',
      'https://api.test/helix/things?a=1&b=x%3Fy&c=2&c=3',
      'https://api.test/helix/things?e=f+g',
    ]);
  });
});

describe('status handling: 2xx', () => {
  it('parses a JSON body', async () => {
    const { client } = setup(() => ({ body: { data: [{ id: '1' }] } }));
    await expect(client.request(get)).resolves.toEqual({ data: [{ id: '1' }] });
  });

  it('resolves with no value on 204 and on an empty 2xx body', async () => {
    const { client } = setup((_, index) => (index === 0 ? { status: 204 } : { status: 200, body: '' }));
    await expect(client.request({ method: 'DELETE', path: '/things' })).resolves.toBeUndefined();
    await expect(client.request(get)).resolves.toBeUndefined();
  });

  it('refuses a success body that is not JSON, keeping the parse error as cause', async () => {
    const { client } = setup(() => ({ body: '<html>oops</html>' }));
    const error = await client.request(get).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).constructor).toBe(PlatformError);
    expect((error as Error).message).toBe('GET /things answered with a body that is not JSON.');
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });
});

describe('status handling: other 4xx', () => {
  it.each([400, 403, 404, 409, 422])('%i is not retried and becomes a PlatformApiError with every field', async (status) => {
    const { client, requests } = setup(() => ({
      status,
      body: { error: 'Bad Request', status, message: 'Missing required parameter "broadcaster_id"' },
      headers: { 'X-Trace': 'abc' },
    }));
    const error = (await client.request({ method: 'GET', path: '/chat/chatters', query: { first: 5, user_id: ['1', '2'] } }).catch((failure: unknown) => failure)) as PlatformApiError;
    expect(requests).toHaveLength(1);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.name).toBe('PlatformApiError');
    expect(error.message).toBe(`Missing required parameter "broadcaster_id" (${status} on GET /chat/chatters)`);
    expect(error.status).toBe(status);
    expect(error.method).toBe('GET');
    expect(error.url).toBe('https://api.test/helix/chat/chatters?first=5&user_id=1&user_id=2');
    expect(error.error).toBe('Bad Request');
    expect(error.body).toEqual({ error: 'Bad Request', status, message: 'Missing required parameter "broadcaster_id"' });
    expect(error.headers?.get('x-trace')).toBe('abc');
  });

  it('keeps a body that is not JSON as raw text', async () => {
    const { client } = setup(() => ({ status: 400, body: 'plain words' }));
    const error = (await client.request(get).catch((failure: unknown) => failure)) as PlatformApiError;
    expect(error.body).toBe('plain words');
    expect(error.message).toBe('plain words (400 on GET /things)');
  });
});

describe('status handling: 5xx by method', () => {
  it.each(['GET', 'PUT', 'DELETE'] as const)('%s is retried and resolves once the platform recovers', async (method) => {
    const { client, requests } = setup((_, index) => (index < 2 ? { status: 503, body: { message: 'busy' } } : { body: { ok: true } }));
    await expect(client.request({ method, path: '/things' })).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(3);
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)('%s gets a PlatformApiError after retries + 1 attempts', async (method) => {
    const { client, requests } = setup(() => ({ status: 500, body: { error: 'Internal Server Error', status: 500, message: 'broken' } }));
    const error = await client.request({ method, path: '/things' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as Error).message).toBe(`broken (500 on ${method} /things)`);
    expect(requests).toHaveLength(4);
  });

  it.each(['POST', 'PATCH'] as const)('%s is sent once', async (method) => {
    const { client, requests } = setup(() => ({ status: 502, body: { message: 'bad gateway' } }));
    const error = await client.request({ method, path: '/things', body: { a: 1 } }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(502);
    expect(requests).toHaveLength(1);
  });
});

describe('status handling: no answer and timeouts', () => {
  it.each(['GET', 'PUT', 'DELETE'] as const)('a network failure on %s is retried, then a PlatformNetworkError', async (method) => {
    const { client, requests } = setup(() => networkFailure());
    const error = await client.request({ method, path: '/things' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformNetworkError);
    expect((error as Error).message).toBe(`${method} /things could not reach the platform: connect ECONNREFUSED 127.0.0.1:1`);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(requests).toHaveLength(4);
  });

  it.each(['POST', 'PATCH'] as const)('a network failure on %s is not retried', async (method) => {
    const { client, requests } = setup(() => networkFailure());
    await expect(client.request({ method, path: '/things' })).rejects.toBeInstanceOf(PlatformNetworkError);
    expect(requests).toHaveLength(1);
  });

  it('a timeout on GET is retried, then a PlatformTimeoutError naming the timeout', async () => {
    const { client, requests } = setup(() => 'hang', { timeout: 2500 });
    const error = await client.request(get).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformTimeoutError);
    expect((error as Error).message).toBe('GET /things timed out after 2500 ms.');
    expect(requests).toHaveLength(4);
  });

  it('a timeout on POST is not retried; a call option overrides the client timeout', async () => {
    const { client, requests } = setup(() => 'hang', { timeout: 2500 });
    const error = await client.request({ method: 'POST', path: '/things' }, { timeout: 40 }).catch((failure: unknown) => failure);
    expect((error as Error).message).toBe('POST /things timed out after 40 ms.');
    expect(requests).toHaveLength(1);
  });

  it('the timeout runs per attempt: each attempt gets the full time', async () => {
    const { client, requests } = setup((_, index) => (index < 3 ? 'hang' : { body: { ok: 1 } }), { timeout: 1000 });
    await expect(client.request(get)).resolves.toEqual({ ok: 1 });
    const gaps = requests.slice(1).map((request, index) => request.at - requests[index]!.at);
    // 1000 ms of timeout plus the backoff pause (random fixed at 0.5: 187.5, 375, 750).
    expect(gaps).toEqual([1187.5, 1375, 1750]);
  });

  it('rate-limit waits and retry pauses do not count toward the timeout', async () => {
    const { client } = setup(
      (_, index) => (index === 0 ? { status: 429, headers: limitHeaders(800, 0, clock.now() + 20_000) } : { body: { ok: 1 } }),
      { timeout: 100 },
    );
    await expect(client.request(get)).resolves.toEqual({ ok: 1 });
  });
});

describe('status handling: 401', () => {
  const unauthorized = { status: 401, body: { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' } };

  it('renews a dead token and sends once more, without using a retry', async () => {
    const { authenticator, calls } = testAuthenticator(async (credential) => ({ ...credential, accessToken: 'renewed' }));
    const { client, requests } = setup((request) => (request.headers.get('authorization') === 'Bearer renewed' ? { body: { ok: 1 } } : unauthorized), {
      authenticator: () => authenticator,
      retries: 0,
    });
    await expect(client.request(get, { as: 'app' })).resolves.toEqual({ ok: 1 });
    expect(calls.unauthorized).toBe(1);
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual(['Bearer app-token', 'Bearer renewed']);
  });

  it('a token the platform still calls valid leaves the 401 as a PlatformApiError', async () => {
    const { authenticator, calls } = testAuthenticator(async () => undefined);
    const { client, requests } = setup(() => unauthorized, { authenticator: () => authenticator });
    const error = await client.request(get, { as: '42' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as Error).message).toBe('Invalid OAuth token (401 on GET /things)');
    expect(calls.unauthorized).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('a second 401 after renewal is a PlatformApiError; the platform is asked only once per call', async () => {
    const { authenticator, calls } = testAuthenticator(async (credential) => ({ ...credential, accessToken: 'renewed' }));
    const { client, requests } = setup(() => unauthorized, { authenticator: () => authenticator });
    await expect(client.request(get, { as: '42' })).rejects.toBeInstanceOf(PlatformApiError);
    expect(calls.unauthorized).toBe(1);
    expect(requests).toHaveLength(2);
  });

  it('a raw token is never renewed', async () => {
    const { client, requests } = setup(() => unauthorized);
    const error = await client.request(get).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(401);
    expect(requests).toHaveLength(1);
  });

  it('a dead token that cannot be renewed rejects with the PlatformAuthError of the authenticator', async () => {
    const dead = new PlatformAuthError('The access token of user 42 is no longer valid and there is no refresh token to renew it. The user has to authorize the app again.', { userId: '42' });
    const { authenticator } = testAuthenticator(() => Promise.reject(dead));
    const { client } = setup(() => unauthorized, { authenticator: () => authenticator });
    await expect(client.request(get, { as: '42' })).rejects.toBe(dead);
  });
});

describe('status handling: 429', () => {
  it('bucket empty, wait: marks the bucket empty until Ratelimit-Reset, waits, emits rateLimit and retries', async () => {
    const { authenticator } = testAuthenticator();
    const { client, requests, events } = setup(
      (_, index) => (index === 0 ? { status: 429, body: { message: 'Too Many Requests' }, headers: limitHeaders(800, 0, clock.now() + 12_000) } : { body: { ok: 1 } }),
      { authenticator: () => authenticator },
    );
    const start = clock.now();
    const resetAt = Math.ceil((start + 12_000) / 1000) * 1000;
    await expect(client.request(get, { as: '7' })).resolves.toEqual({ ok: 1 });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at).toBe(resetAt);
    expect(events).toEqual([{ bucket: 'user:7', wait: resetAt - start }]);
  });

  it('bucket empty, wait: a PlatformRateLimitError once retries are used up, with resetAt from the header', async () => {
    const { client, requests } = setup(() => ({ status: 429, body: { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' }, headers: limitHeaders(800, 0, clock.now() + 5000) }), { retries: 2 });
    const error = (await client.request(get).catch((failure: unknown) => failure)) as PlatformRateLimitError;
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.name).toBe('PlatformRateLimitError');
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too Many Requests (429 on GET /things)');
    expect(requests).toHaveLength(3);
    expect(error.resetAt).toBe(Math.ceil(requests[2]!.at / 1000 + 5) * 1000);
    expect(error.retryAfter).toBe(error.resetAt! - clock.now());
    await clock.advance(error.retryAfter + 1000);
    expect(error.retryAfter).toBe(0);
  });

  it('with rateLimit throw, any 429 throws at once', async () => {
    const { client, requests, events } = setup(() => ({ status: 429, headers: limitHeaders(800, 0, clock.now() + 5000) }), { rateLimit: 'throw' });
    await expect(client.request(get)).rejects.toBeInstanceOf(PlatformRateLimitError);
    expect(requests).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('a 429 whose reset time has already passed is retried at once', async () => {
    const { client, requests, events } = setup((_, index) => (index === 0 ? { status: 429, headers: limitHeaders(800, 0, clock.now() - 3000) } : { body: { ok: 1 } }));
    await expect(client.request(get)).resolves.toEqual({ ok: 1 });
    expect(requests[1]!.at).toBe(requests[0]!.at);
    expect(events).toEqual([]);
  });

  it('bucket not empty: an endpoint limit, waited out with a backoff from 0.5-1 s doubling up to 30 s', async () => {
    const lowest = setup(() => ({ status: 429, headers: limitHeaders(800, 700, clock.now() + 60_000) }), { retries: 8 }, () => 0);
    await expect(lowest.client.request(get)).rejects.toBeInstanceOf(PlatformRateLimitError);
    expect(lowest.events.map((event) => event.wait)).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(lowest.requests).toHaveLength(9);

    const highest = setup(() => ({ status: 429, headers: limitHeaders(800, 700, clock.now() + 60_000) }), { retries: 7 }, () => 0.999_999);
    await highest.client.request(get).catch(() => undefined);
    const waits = highest.events.map((event) => Math.round(event.wait));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(Math.max(...highest.events.map((event) => event.wait))).toBeLessThanOrEqual(30_000);
    expect(highest.events.every((event) => event.bucket.startsWith('raw:'))).toBe(true);
  });

  it('bucket not empty: the error after retries carries the client estimate as resetAt', async () => {
    const { client } = setup(() => ({ status: 429, headers: limitHeaders(800, 700, clock.now() + 60_000) }), { retries: 0 }, () => 0);
    const error = (await client.request(get).catch((failure: unknown) => failure)) as PlatformRateLimitError;
    expect(error.resetAt).toBe(clock.now() + 500);
    expect(error.retryAfter).toBe(500);
  });

  it('a 429 without any count is treated as an empty bucket when it gives a reset', async () => {
    const { client, requests } = setup((_, index) => (index === 0 ? { status: 429, headers: { 'Ratelimit-Reset': String(Math.ceil(clock.now() / 1000) + 2) } } : { body: {} }));
    await client.request(get);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('retries: 0 disables retrying, 429 included', async () => {
    const { client, requests } = setup(() => ({ status: 429, headers: limitHeaders(800, 0, clock.now() + 5000) }), { retries: 0 });
    await expect(client.request(get)).rejects.toBeInstanceOf(PlatformRateLimitError);
    expect(requests).toHaveLength(1);
  });

  it('429 retries count against retries on POST too', async () => {
    const { client, requests } = setup((_, index) => (index < 2 ? { status: 429, headers: limitHeaders(800, 5, clock.now() + 5000) } : { body: { ok: 1 } }));
    await expect(client.request({ method: 'POST', path: '/things' })).resolves.toEqual({ ok: 1 });
    expect(requests).toHaveLength(3);
  });
});

describe('retries and backoff', () => {
  it('pauses 125-250 ms before the first retry, doubling each time up to 4-8 s', async () => {
    const low = setup(() => ({ status: 500 }), { retries: 8 }, () => 0);
    await low.client.request(get).catch(() => undefined);
    expect(clock.sleeps).toEqual([125, 250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(low.requests).toHaveLength(9);

    const high = setup(() => ({ status: 500 }), { retries: 8 }, () => 0.999_999);
    await high.client.request(get).catch(() => undefined);
    expect(clock.sleeps.map(Math.round)).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(Math.max(...clock.sleeps)).toBeLessThan(8000);
  });

  it('a call option overrides the client retries; retries: 0 sends once', async () => {
    const { client, requests } = setup(() => ({ status: 500 }), { retries: 5 });
    await client.request(get, { retries: 1 }).catch(() => undefined);
    expect(requests).toHaveLength(2);
    await client.request(get, { retries: 0 }).catch(() => undefined);
    expect(requests).toHaveLength(3);
  });

  it('rejects a bad call option before sending', async () => {
    const { client, requests } = setup(() => ({ body: {} }));
    await expect(client.request(get, { timeout: -1 })).rejects.toThrow('The request option timeout must be a positive number of milliseconds; got -1.');
    await expect(client.request(get, { retries: 1.5 })).rejects.toThrow('The request option retries must be a whole number, 0 or more; got 1.5.');
    await expect(client.request(get, { token: '' })).rejects.toThrow('The request option token must be a non-empty string; got "".');
    expect(requests).toHaveLength(0);
  });
});

describe('abort signal', () => {
  it('cancels the request in flight and rejects with the signal reason', async () => {
    const controller = new AbortController();
    const reason = { why: 'user left' };
    const { client } = setup(() => {
      setTimeout(() => controller.abort(reason), 1);
      return 'hang';
    });
    // Time stands still, so only the abort can end the attempt (no timeout races it).
    clock.stop();
    await expect(client.request(get, { signal: controller.signal })).rejects.toBe(reason);
  });

  it('cancels a retry pause', async () => {
    const controller = new AbortController();
    const { client, requests } = setup(() => {
      setTimeout(() => controller.abort(), 1);
      return { status: 503 };
    });
    clock.stop();
    const error = await client.request(get, { signal: controller.signal }).catch((failure: unknown) => failure);
    expect((error as Error).name).toBe('AbortError');
    expect(requests).toHaveLength(1);
  });

  it('cancels a rate-limit wait', async () => {
    const controller = new AbortController();
    const { client, requests } = setup(() => ({ status: 429, headers: limitHeaders(800, 0, clock.now() + 30_000) }));
    clock.stop();
    const pending = client.request(get, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('stop waiting'));
    await expect(pending).rejects.toThrow('stop waiting');
    expect(requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client, requests } = setup(() => ({ body: {} }));
    await expect(client.request(get, { signal: AbortSignal.abort('gone') })).rejects.toBe('gone');
    expect(requests).toHaveLength(0);
  });
});
