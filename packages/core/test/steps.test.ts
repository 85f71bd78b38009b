/**
 * The pipeline's steps, each alone: the credential (credentialFor), the request (exchangeFor), what
 * an answer is (classify) and what to do next (decide). runCall, which strings them together with
 * the bucket's take and the transport's attempt, is tested through the client in pipeline.test.ts
 * and the other files; these tests need no client, no transport and no clock of a client.
 */
import { describe, expect, it } from 'vitest';
import {
  callOperation,
  createClient,
  defineOperation,
  PlatformApiError,
  PlatformAuthError,
  PlatformError,
  PlatformNetworkError,
  PlatformRateLimitError,
  PlatformTimeoutError,
  textResult,
  type Authenticator,
  type CallTarget,
  type Credential,
  type CredentialRequest,
} from '../src/index';
import { clientCore } from '../src/internal/index';
import { classify, credentialFor, decide, exchangeFor, type Budget, type Call, type Outcome } from '../src/pipeline';
import type { Answer } from '../src/transport';
import { createVirtualClock } from '../src/testing/index';
import { stubFetch } from './stub';

const target: CallTarget = { method: 'GET', path: '/things', token: 'either', scopes: [] };
const request = (overrides: Partial<CallTarget> = {}, as?: string): CredentialRequest => ({ target: { ...target, ...overrides }, params: {}, as });
const user: Credential = { kind: 'user', accessToken: 'user-token-7', bucket: 'user:7', userId: '7' };
const raw: Credential = { kind: 'raw', accessToken: 'raw-token', bucket: 'raw:abc' };

/** A call of `target` whose parameters travel in the query, with `body` as its JSON body. */
function call(params: Record<string, unknown>, overrides: Partial<CallTarget> = {}, body?: unknown): Call {
  return {
    target: { ...target, ...overrides },
    params,
    encode: (final) => ({ search: new URLSearchParams(Object.entries(final).map(([key, value]) => [key, String(value)])).toString(), body }),
  };
}

describe('credentialFor: the credential of a call', () => {
  const authenticator: Authenticator = { credential: ({ as }) => (as === '7' ? user : Promise.resolve({ kind: 'app', accessToken: 'app-token', bucket: 'app' })) };

  it("asks the authenticator, answering without a promise when it has the token at hand", async () => {
    expect(credentialFor(authenticator, request({}, '7'), undefined)).toBe(user);
    await expect(credentialFor(authenticator, request(), undefined)).resolves.toEqual({ kind: 'app', accessToken: 'app-token', bucket: 'app' });
  });

  it("takes the call's token option as a raw token, whose bucket names a hash of it", () => {
    const credential = credentialFor(authenticator, request({}, '7'), 'per-call-token') as Credential;
    expect(credential).toMatchObject({ kind: 'raw', accessToken: 'per-call-token' });
    expect(credential.bucket).toMatch(/^raw:[0-9a-z]{1,7}$/);
  });

  it("gives a token-less operation no token at all, whatever identity or token the call names", () => {
    const throwing: Authenticator = {
      credential: () => {
        throw new Error('not asked');
      },
    };
    expect(credentialFor(throwing, request({ token: 'none' }, '7'), 'per-call-token')).toEqual({ kind: 'raw', accessToken: '', bucket: 'anonymous' });
  });
});

describe('exchangeFor: the request of a call', () => {
  it('encodes the query, the JSON body and the headers', () => {
    const exchange = exchangeFor('https://api.test/helix', 'cid', call({ first: 5 }, { method: 'POST' }, { text: 'hi' }), user);
    expect(exchange).toEqual({
      method: 'POST',
      url: 'https://api.test/helix/things?first=5',
      headers: { 'Client-Id': 'cid', Authorization: 'Bearer user-token-7', 'Content-Type': 'application/json' },
      body: '{"text":"hi"}',
      label: 'POST /things',
    });
  });

  it("fills the acting-user field from the token's owner, and leaves a given one alone", () => {
    expect(exchangeFor('https://a', 'cid', call({}, { actingUser: 'moderator_id' }), user).url).toBe('https://a/things?moderator_id=7');
    expect(exchangeFor('https://a', 'cid', call({ moderator_id: '9' }, { actingUser: 'moderator_id' }), user).url).toBe('https://a/things?moderator_id=9');
  });

  it('refuses a raw token for an unset acting-user field, unless the field may stay unset', () => {
    expect(() => exchangeFor('https://a', 'cid', call({}, { actingUser: 'moderator_id' }), raw)).toThrow(
      new PlatformAuthError('GET /things needs moderator_id: a token passed by hand does not say who it belongs to.'),
    );
    expect(exchangeFor('https://a', 'cid', call({}, { actingUser: 'moderator_id', actingUserOptional: true }), raw).url).toBe('https://a/things');
  });

  it('sends no Authorization for a credential without a token (a token-less operation)', () => {
    const exchange = exchangeFor('https://a', 'cid', call({}), { kind: 'raw', accessToken: '', bucket: 'anonymous' });
    expect(exchange.headers).toEqual({ 'Client-Id': 'cid' });
    expect(exchange.body).toBeUndefined();
  });
});

describe('classify: what an answer is', () => {
  const exchange = exchangeFor('https://api.test/helix', 'cid', call({}), user);
  const answer = (status: number, text = '', headers: Record<string, string> = {}): Answer => ({ status, statusText: '', headers: new Headers(headers), text });
  const budget = (): Budget => ({ retries: 3, used: 0, renewed: false, limitHits: 0 });

  function setup() {
    const clock = createVirtualClock({ random: () => 0.5 });
    const core = clientCore(createClient({ clientId: 'cid', clientSecret: 'the-client-secret', fetch: stubFetch(clock, () => ({})).fetch, clock }));
    return { core, clock };
  }

  it('a 2xx: the body parsed (none for 204 or an empty body), or kept as text for a text call', () => {
    const { core } = setup();
    expect(classify(core, {}, exchange, user, budget(), answer(200, '{"data":[1]}'))).toEqual({
      status: 200,
      answer: { status: 200, headers: expect.any(Headers), data: { data: [1] }, url: 'https://api.test/helix/things' },
    });
    expect(classify(core, {}, exchange, user, budget(), answer(204)).answer?.data).toBeUndefined();
    expect(classify(core, {}, exchange, user, budget(), answer(200)).answer?.data).toBeUndefined();
    expect(classify(core, { text: true }, exchange, user, budget(), answer(200, 'BEGIN:VCALENDAR')).answer?.data).toBe('BEGIN:VCALENDAR');
    expect(classify(core, { text: true }, exchange, user, budget(), answer(200)).answer?.data).toBe('');
  });

  it('a 2xx body that is not JSON: a PlatformError with the parse error as cause', () => {
    const { core } = setup();
    const { status, error, answer: parsed } = classify(core, {}, exchange, user, budget(), answer(200, '<html>'));
    expect([status, parsed]).toEqual([200, undefined]);
    expect(error).toEqual(new PlatformError('GET /things answered with a body that is not JSON.'));
    expect((error as Error).constructor).toBe(PlatformError);
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it("an error answer: a PlatformApiError whose texts hold neither the call's token nor the client secret", () => {
    const { core } = setup();
    const { status, error } = classify(core, {}, exchange, user, budget(), answer(400, '{"error":"Bad Request","message":"user-token-7 and the-client-secret are wrong"}'));
    expect(status).toBe(400);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).message).toBe('[redacted] and [redacted] are wrong (400 on GET /things)');
    expect((error as PlatformApiError).body).toEqual({ error: 'Bad Request', message: '[redacted] and [redacted] are wrong' });
  });

  it("a 429 of an empty bucket waits for the bucket's reset, recorded in the bucket", () => {
    const { core, clock } = setup();
    const reset = Math.ceil((clock.now() + 30_000) / 1000);
    const outcome = classify(core, {}, exchange, user, budget(), answer(429, '', { 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': String(reset) }));
    expect(outcome.wait).toBe(reset * 1000 - clock.now());
    expect(outcome.error).toBeInstanceOf(PlatformRateLimitError);
    expect((outcome.error as PlatformRateLimitError).resetAt).toBe(reset * 1000);
    expect(core.buckets.state('user:7')).toMatchObject({ limit: 800, remaining: 0, resetAt: reset * 1000 });
  });

  it("a 429 with points left is an endpoint's limit: a doubling estimate of its end, counted in the budget", () => {
    const { core } = setup();
    const spent = budget();
    const first = classify(core, {}, exchange, user, spent, answer(429)).wait;
    const second = classify(core, {}, exchange, user, spent, answer(429)).wait;
    expect([first, second, spent.limitHits]).toEqual([750, 1500, 2]);
  });
});

describe('decide: what to do after an attempt', () => {
  const client = { rateLimit: 'wait' as const, clock: { random: () => 0.5 } } as const;
  const budget = (used = 0, retries = 3): Budget => ({ retries, used, renewed: false, limitHits: 0 });
  const api = (status: number) => ({ status, error: new PlatformApiError('x', { status, method: 'GET', url: 'u' }) });
  const decided = (outcome: Outcome, spent = budget(), method = 'GET', renewable = true, core: Parameters<typeof decide>[4] = client as never) => [
    decide(outcome, spent, method, renewable, core),
    spent,
  ];

  it('returns a success', () => {
    expect(decide({ status: 200, answer: { status: 200, headers: new Headers(), data: {}, url: 'u' } }, budget(), 'GET', true, client as never)).toEqual({ step: 'return' });
  });

  it('retries a 5xx or a failure without an answer for GET, PUT and DELETE, after a growing pause, while retries are left', () => {
    expect(decided(api(503))).toEqual([{ step: 'retry', delay: 187.5 }, { retries: 3, used: 1, renewed: false, limitHits: 0 }]);
    expect(decided(api(500), budget(1))[0]).toEqual({ step: 'retry', delay: 375 });
    expect(decided({ error: new PlatformNetworkError('down') }, budget(), 'PUT')[0]).toEqual({ step: 'retry', delay: 187.5 });
    expect(decided({ error: new PlatformTimeoutError('slow') }, budget(), 'DELETE')[0]).toEqual({ step: 'retry', delay: 187.5 });
    expect(decided(api(503), budget(3))[0]).toEqual({ step: 'throw' });
  });

  it('never retries a POST or a PATCH whose outcome is unknown', () => {
    expect(decided(api(503), budget(), 'POST')[0]).toEqual({ step: 'throw' });
    expect(decided({ error: new PlatformNetworkError('down') }, budget(), 'PATCH')[0]).toEqual({ step: 'throw' });
  });

  it('throws a 4xx, an abort (any reason) and a body that is not JSON', () => {
    expect(decided(api(404))[0]).toEqual({ step: 'throw' });
    expect(decided({ error: 'gave up' })[0]).toEqual({ step: 'throw' });
    expect(decided({ status: 200, error: new PlatformError('not JSON') })[0]).toEqual({ step: 'throw' });
  });

  it('renews the token once after a 401, without using a retry, when the credential can be renewed', () => {
    const spent = budget();
    expect(decided(api(401), spent)).toEqual([{ step: 'renew' }, { retries: 3, used: 0, renewed: true, limitHits: 0 }]);
    expect(decided(api(401), spent)[0]).toEqual({ step: 'throw' });
    expect(decided(api(401), budget(), 'GET', false)[0]).toEqual({ step: 'throw' });
  });

  it('waits for a 429 (at once when the limit has already ended) for any method, counting a retry; throws when told to or out of retries', () => {
    const limited = (wait: number) => ({ status: 429, wait, error: new Error('429') });
    expect(decided(limited(1200), budget(), 'POST')).toEqual([{ step: 'wait', delay: 1200 }, { retries: 3, used: 1, renewed: false, limitHits: 0 }]);
    expect(decided(limited(0))[0]).toEqual({ step: 'retry', delay: 0 });
    expect(decided(limited(1200), budget(3))[0]).toEqual({ step: 'throw' });
    expect(decided(limited(1200), budget(), 'GET', true, { ...client, rateLimit: 'throw' } as never)[0]).toEqual({ step: 'throw' });
  });
});

describe('the steps in a call (token-less operations, text results)', () => {
  const icalendar = defineOperation<{ broadcaster_id: string }, string>({
    name: 'schedule.scheduleICalendar',
    method: 'GET',
    path: '/schedule/icalendar',
    token: 'none',
    scopes: [],
    params: { broadcaster_id: { type: 'string', in: 'query', required: true } },
    result: textResult,
  });

  it('send no Authorization and hand over the text as it came, on a client without any token', async () => {
    const clock = createVirtualClock({ auto: true });
    const stub = stubFetch(clock, () => ({ body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', headers: { 'Content-Type': 'text/calendar' } }));
    const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock });
    await expect(callOperation(client, icalendar, { broadcaster_id: '1' }, { as: '42', token: 'ignored-token' })).resolves.toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(stub.requests[0]!.headers.get('authorization')).toBeNull();
    expect(stub.requests[0]!.headers.get('client-id')).toBe('cid');
    clock.stop();
  });
});
