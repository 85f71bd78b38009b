import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  defineOperation,
  callOperation,
  diagnosticsChannels,
  envelopeResult,
  PlatformApiError,
  PlatformNetworkError,
  PlatformRateLimitError,
  type ClientOptions,
  type RequestEvent,
  type ResponseEvent,
} from '../src/index';
import { authServerRequest, clientCore, retryDelay, watched } from '../src/internal/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { limitHeaders, networkFailure, stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

let clock: VirtualClock;
afterEach(() => clock?.stop());

/** The platform takes 40 ms to answer each request. */
const latency = 40;

function setup(handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>, options: Partial<ClientOptions> = {}) {
  clock = createVirtualClock({ auto: true, random: () => 0.5 });
  const stub = stubFetch(clock, async (request, index) => {
    await clock.sleep(latency);
    return handler(request, index);
  });
  const client = createClient({ clientId: 'cid', token: 'raw-token', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock, ...options });
  const seen: (['request', RequestEvent] | ['response', ResponseEvent])[] = [];
  client.on('request', (event) => seen.push(['request', event]));
  client.on('response', (event) => seen.push(['response', event]));
  return { client, requests: stub.requests, seen };
}

const get = { method: 'GET', path: '/things', query: { first: 5 } } as const;
const url = 'https://api.test/helix/things?first=5';
const rawBucket = expect.stringMatching(/^raw:/) as unknown as string;

/** The steps of a sequence, without the parts that repeat: `request 1`, `response 1 500 retry 187`... */
function steps(seen: (['request', RequestEvent] | ['response', ResponseEvent])[]): string[] {
  return seen.map(([name, event]) =>
    name === 'request'
      ? `request ${event.attempt}`
      : `response ${event.attempt} ${event.status ?? 'none'} ${event.next.step}${'delay' in event.next ? ` ${event.next.delay}` : ''}`,
  );
}

describe('request and response events', () => {
  it('a success: one request, one response with the status, the duration and return', async () => {
    const { client, seen } = setup(() => ({ body: { data: [] } }));
    await client.request(get);
    expect(seen).toHaveLength(2);
    const [[, request], [, response]] = seen as [['request', RequestEvent], ['response', ResponseEvent]];
    expect(request).toEqual({ method: 'GET', path: '/things', url, attempt: 1, bucket: rawBucket, waited: 0, operation: undefined });
    expect(response).toEqual({ ...request, request, status: 200, error: undefined, duration: latency, next: { step: 'return' } });
    expect(response.request).toBe(request);
  });

  it('names the declared operation and its templated path', async () => {
    const operation = defineOperation<{ first?: number }, unknown>({
      name: 'things.list',
      method: 'GET',
      path: '/things',
      token: 'either',
      scopes: [],
      params: { first: { type: 'string', in: 'query' } },
      result: envelopeResult,
    });
    const { client, seen } = setup(() => ({ body: { data: [] } }));
    await callOperation(client, operation, {});
    expect(seen.map(([, event]) => [event.operation, event.path])).toEqual([
      ['things.list', '/things'],
      ['things.list', '/things'],
    ]);
  });

  it('500 then a retry: the first response says retry and after how long', async () => {
    const { client, seen } = setup((_, index) => (index === 0 ? { status: 500, body: { message: 'boom' } } : { body: {} }));
    await client.request(get);
    expect(steps(seen)).toEqual(['request 1', `response 1 500 retry ${retryDelay(1, () => 0.5)}`, 'request 2', 'response 2 200 return']);
    // The error of the failed attempt, which the call would have rejected with without a retry.
    expect((seen[1]![1] as ResponseEvent).error).toMatchObject({ name: 'PlatformApiError', status: 500, message: 'boom (500 on GET /things)' });
  });

  it('a 5xx on the last attempt, and a 4xx: throw, with the error the call rejects with', async () => {
    const { client, seen } = setup(() => ({ status: 503, body: { message: 'down' } }), { retries: 1 });
    const error = await client.request(get).catch((failure: unknown) => failure);
    expect(steps(seen)).toEqual(['request 1', `response 1 503 retry ${retryDelay(1, () => 0.5)}`, 'request 2', 'response 2 503 throw']);
    expect((seen[3]![1] as ResponseEvent).error).toBe(error);
    expect(error).toBeInstanceOf(PlatformApiError);

    const other = setup(() => ({ status: 404, body: { message: 'no such thing' } }));
    const notFound = await other.client.request(get).catch((failure: unknown) => failure);
    expect(steps(other.seen)).toEqual(['request 1', 'response 1 404 throw']);
    expect((other.seen[1]![1] as ResponseEvent).error).toBe(notFound);
  });

  it('401 then a renewal: renew, then the second attempt with the new token', async () => {
    const { authenticator } = testAuthenticator(async (credential) => ({ ...credential, accessToken: 'renewed-token' }));
    const { client, seen } = setup((request) => (request.headers.get('authorization') === 'Bearer renewed-token' ? { body: {} } : { status: 401, body: { message: 'Invalid OAuth token' } }), {
      authenticator: () => authenticator,
    });
    await client.request(get, { as: '42' });
    expect(steps(seen)).toEqual(['request 1', 'response 1 401 renew', 'request 2', 'response 2 200 return']);
    expect(seen.map(([, event]) => event.bucket)).toEqual(['user:42', 'user:42', 'user:42', 'user:42']);
  });

  it('401 with a token still valid: renew, then the call rejects without another attempt', async () => {
    const { authenticator } = testAuthenticator(async () => undefined);
    const { client, seen } = setup(() => ({ status: 401, body: { message: 'Invalid OAuth token' } }), { authenticator: () => authenticator });
    await expect(client.request(get, { as: '42' })).rejects.toBeInstanceOf(PlatformApiError);
    expect(steps(seen)).toEqual(['request 1', 'response 1 401 renew']);
  });

  it('429 with an empty bucket: wait until the reset, then the second attempt', async () => {
    const { client, seen } = setup((_, index) => (index === 0 ? { status: 429, headers: limitHeaders(800, 0, clock.now() + 12_000) } : { body: {} }));
    const waits: number[] = [];
    client.on('rateLimit', ({ wait }) => waits.push(wait));
    await client.request(get);
    const [, response] = seen[1] as ['response', ResponseEvent];
    expect(response.next).toEqual({ step: 'wait', delay: waits[0] });
    expect(response.error).toBeInstanceOf(PlatformRateLimitError);
    expect(waits[0]).toBeGreaterThan(11_000);
    expect(steps(seen).filter((step) => !step.startsWith('response 1'))).toEqual(['request 1', 'request 2', 'response 2 200 return']);
  });

  it('a call that waited for its bucket says how long in its request event', async () => {
    const { client, seen } = setup(() => ({ body: {}, headers: limitHeaders(800, 0, clock.now() + 5000) }));
    await client.request(get);
    await client.request(get);
    const second = seen[2]![1];
    expect(second.attempt).toBe(1);
    expect(second.waited).toBeGreaterThan(4000);
  });

  it('a network failure: retry for a GET, throw for a POST, with the failure and no status', async () => {
    const { client, seen } = setup((request) => (request.method === 'POST' || seen.length < 3 ? networkFailure() : { body: {} }));
    await client.request(get);
    expect(steps(seen)).toEqual(['request 1', `response 1 none retry ${retryDelay(1, () => 0.5)}`, 'request 2', 'response 2 200 return']);
    expect((seen[1]![1] as ResponseEvent).error).toBeInstanceOf(PlatformNetworkError);
    seen.length = 0;
    const error = await client.request({ method: 'POST', path: '/things' }).catch((failure: unknown) => failure);
    expect(steps(seen)).toEqual(['request 1', 'response 1 none throw']);
    expect((seen[1]![1] as ResponseEvent).error).toBe(error);
  });

  it('an abort during the attempt: throw, with the signal reason', async () => {
    const { client, seen } = setup(() => 'hang');
    const controller = new AbortController();
    const call = client.request(get, { signal: controller.signal }).catch((failure: unknown) => failure);
    await clock.sleep(latency + 10);
    const reason = new Error('user gave up');
    controller.abort(reason);
    await expect(call).resolves.toBe(reason);
    expect(steps(seen)).toEqual(['request 1', 'response 1 none throw']);
    expect((seen[1]![1] as ResponseEvent).error).toBe(reason);
  });

  it('an abort during the pause before a retry ends the sequence after the retry step', async () => {
    const { client, seen } = setup(() => ({ status: 500 }));
    const controller = new AbortController();
    client.on('response', () => controller.abort());
    await expect(client.request(get, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(steps(seen)).toEqual(['request 1', `response 1 500 retry ${retryDelay(1, () => 0.5)}`]);
  });

  it('carries no token: not the raw token, nor a user token, nor a renewed one', async () => {
    const { authenticator } = testAuthenticator(async (credential) => ({ ...credential, accessToken: 'renewed-secret-token' }));
    const { client, seen } = setup((request) => (request.headers.get('authorization') === 'Bearer user-token-42' ? { status: 401 } : { body: {} }), {
      authenticator: () => authenticator,
      clientSecret: 'the-client-secret',
    });
    await client.request(get, { as: '42' });
    await client.request(get, { token: 'raw-secret-token' });
    const text = JSON.stringify(seen);
    for (const secret of ['renewed-secret-token', 'user-token-42', 'raw-secret-token', 'raw-token', 'the-client-secret']) expect(text).not.toContain(secret);
  });

  it('stops after off(); a listener that throws does not fail the call', async () => {
    const { client, seen } = setup(() => ({ body: {} }));
    const thrower = () => {
      throw new Error('listener bug');
    };
    client.on('response', thrower);
    const original = console.error;
    console.error = () => {};
    try {
      await expect(client.request(get)).resolves.toEqual({});
    } finally {
      console.error = original;
    }
    client.off('response', thrower);
    const late: RequestEvent[] = [];
    const listener = (event: RequestEvent) => late.push(event);
    client.on('request', listener);
    client.off('request', listener);
    await client.request(get);
    expect(late).toEqual([]);
    expect(seen).toHaveLength(4);
  });

  it('tells about OAuth server requests too, without a bucket and without the form', async () => {
    const { client, seen } = setup((_, index) => (index === 0 ? { status: 502 } : { body: { access_token: 'minted-app-token', expires_in: 10 } }), {
      authUrl: 'https://id.test/oauth2',
      clientSecret: 'the-client-secret',
    });
    await authServerRequest(clientCore(client), { method: 'POST', path: 'token', form: { client_secret: 'the-client-secret', grant_type: 'client_credentials' }, retry: true });
    expect(steps(seen)).toEqual(['request 1', `response 1 502 retry ${retryDelay(1, () => 0.5)}`, 'request 2', 'response 2 200 return']);
    expect(seen[0]![1]).toEqual({ method: 'POST', path: '/oauth2/token', url: 'https://id.test/oauth2/token', attempt: 1, bucket: undefined, waited: 0, operation: undefined });
    expect(JSON.stringify(seen)).not.toMatch(/the-client-secret|minted-app-token/);
  });
});

describe('diagnostics channels (Node)', () => {
  it('publish the same events on platform:request and platform:response, for every client', async () => {
    const published: [string, unknown][] = [];
    const onRequest = (message: unknown) => published.push(['request', message]);
    const onResponse = (message: unknown) => published.push(['response', message]);
    subscribe(diagnosticsChannels.request, onRequest);
    subscribe(diagnosticsChannels.response, onResponse);
    try {
      const { client, seen } = setup((_, index) => (index === 0 ? { status: 500 } : { body: {} }));
      await client.request(get);
      expect(published).toEqual(seen);
      expect(published[0]![1]).toBe(seen[0]![1]);
    } finally {
      unsubscribe(diagnosticsChannels.request, onRequest);
      unsubscribe(diagnosticsChannels.response, onResponse);
    }
  });

  it('are the channels the Node form of #diagnostics publishes on', async () => {
    const { diagnostics } = await import('../src/diagnostics.node');
    expect(diagnostics.channels.request).toMatchObject({ name: diagnosticsChannels.request });
    expect(diagnostics.channels.response).toMatchObject({ name: diagnosticsChannels.response });
  });

  it('build nothing while nobody listens, logs or subscribes', async () => {
    const { client } = setup(() => ({ body: {} }));
    expect(watched(clientCore(client))).toBe(true);
    const quiet = createClient({ clientId: 'cid', token: 'raw-token', fetch: async () => new Response('{}') });
    expect(watched(clientCore(quiet))).toBe(false);
    const onRequest = () => {};
    subscribe(diagnosticsChannels.request, onRequest);
    expect(watched(clientCore(quiet))).toBe(true);
    unsubscribe(diagnosticsChannels.request, onRequest);
    expect(watched(clientCore(quiet))).toBe(false);
  });

  it('make the hub of request and response on the first listener, and drop it after the last', () => {
    const client = createClient({ clientId: 'cid', token: 'raw-token', fetch: async () => new Response('{}') });
    const core = clientCore(client);
    const onRateLimit = () => {};
    client.on('rateLimit', onRateLimit);
    expect(core.attempts).toBeUndefined();
    const onRequest = () => {};
    const onResponse = () => {};
    client.on('request', onRequest).on('response', onResponse);
    const hub = core.attempts;
    expect(hub).toBeDefined();
    expect(watched(core)).toBe(true);
    client.off('request', onRequest);
    expect(core.attempts).toBe(hub);
    client.off('response', onResponse);
    expect(core.attempts).toBeUndefined();
    expect(watched(core)).toBe(false);
    // A listener that was never added changes nothing.
    client.off('response', onResponse);
    expect(core.attempts).toBeUndefined();
  });
});
