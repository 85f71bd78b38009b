import { afterEach, describe, expect, it } from 'vitest';
import { createClient, PlatformRateLimitError, type RateLimitEvent } from '../src/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { limitHeaders, stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

let clock: VirtualClock;
afterEach(() => clock?.stop());

function setup(handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>, rateLimit: 'wait' | 'throw' = 'wait') {
  clock = createVirtualClock({ auto: true });
  const stub = stubFetch(clock, handler);
  const { authenticator } = testAuthenticator();
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock, rateLimit, authenticator: () => authenticator });
  const events: RateLimitEvent[] = [];
  client.on('rateLimit', (event) => events.push(event));
  return { client, requests: stub.requests, events };
}

const get = { method: 'GET', path: '/things' } as const;

describe('rate-limit buckets', () => {
  it('200 concurrent calls on a bucket reported with 10 remaining send 10 before the reset and the rest after it', async () => {
    let resetAt = 0;
    let remaining = 11;
    const { client, requests, events } = setup(() => {
      // The platform's count: one point per request, full again at the reset.
      if (clock.now() >= resetAt) remaining = 800;
      remaining--;
      return { body: { ok: true }, headers: limitHeaders(800, remaining, resetAt) };
    });
    resetAt = Math.ceil((clock.now() + 30_000) / 1000) * 1000;
    await client.request(get, { as: 'app' });
    expect(client.rateLimitOf()).toEqual({ limit: 800, remaining: 10, resetAt });

    const results = await Promise.all(Array.from({ length: 200 }, () => client.request(get, { as: 'app' })));
    expect(results).toHaveLength(200);
    const burst = requests.slice(1);
    const early = burst.filter((request) => request.at < resetAt);
    expect(early).toHaveLength(10);
    expect(burst.filter((request) => request.at >= resetAt)).toHaveLength(190);
    // The 190 waited for the reset, each announcing its wait.
    expect(events).toHaveLength(190);
    expect(events.every((event) => event.bucket === 'app' && event.wait > 0)).toBe(true);
  });

  it('at the reset the bucket is full again: held calls go up to the limit, the rest wait for the next report', async () => {
    // A platform with a fixed window of 5 points per 2 s, answering 429 when spent.
    const windowMs = 2000;
    let windowEnd = 0;
    let remaining = 0;
    const served: { at: number; status: number }[] = [];
    const { client, requests } = setup(() => {
      if (clock.now() >= windowEnd) {
        windowEnd = Math.ceil((clock.now() + windowMs) / 1000) * 1000;
        remaining = 5;
      }
      const status = remaining > 0 ? 200 : 429;
      if (remaining > 0) remaining--;
      served.push({ at: clock.now(), status });
      return { status, body: {}, headers: limitHeaders(5, remaining, windowEnd) };
    });
    for (let index = 0; index < 5; index++) await client.request(get, { as: 'app' });
    expect(client.rateLimitOf()?.remaining).toBe(0);
    await Promise.all(Array.from({ length: 12 }, () => client.request(get, { as: 'app' })));
    expect(requests).toHaveLength(17);
    expect(served.filter((answer) => answer.status === 429)).toEqual([]);
    // Never more than 5 in one window.
    const perWindow = new Map<number, number>();
    for (const answer of served) perWindow.set(Math.floor(answer.at / windowMs), (perWindow.get(Math.floor(answer.at / windowMs)) ?? 0) + 1);
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(5);
  });

  it('follows a refilling bucket: a later reset brings a newer count, so steady traffic never stalls', async () => {
    // The platform's token bucket: 800 points, refilled continuously, reset = when full again.
    const { client, events, requests } = setup(() => ({ body: {}, headers: limitHeaders(800, 799, clock.now() + 60_000) }));
    for (let index = 0; index < 1200; index++) {
      await client.request(get, { as: 'app' });
      await clock.advance(1000);
    }
    expect(requests).toHaveLength(1200);
    expect(events).toEqual([]);
    expect(client.rateLimitOf()?.remaining).toBe(799);
  });

  it('a later reset replaces the count, also while other requests are in flight', async () => {
    let calls = 0;
    const { client } = setup(() => {
      calls++;
      return { body: {}, headers: limitHeaders(800, 500, clock.now() + 60_000 + calls * 1000) };
    });
    await client.request(get, { as: 'app' });
    await Promise.all(Array.from({ length: 20 }, () => client.request(get, { as: 'app' })));
    // Each answer started a new window; once none is in flight the count is the platform's.
    expect(client.rateLimitOf()?.remaining).toBe(500);
  });

  it('trusts the lowest count within a window when answers arrive out of order', async () => {
    const resetAt = 1_700_000_060_000;
    const counts = [5, 3, 9];
    const { client } = setup((_, index) => ({ body: {}, headers: limitHeaders(800, counts[index] ?? 1, resetAt) }));
    for (let index = 0; index < 3; index++) await client.request(get, { as: 'app' });
    expect(client.rateLimitOf()?.remaining).toBe(3);
  });

  it('does not count its own requests twice: a steady count within one window never drifts to a stall', async () => {
    const resetAt = Math.ceil((clock?.now() ?? 1_700_000_000_000) / 1000) * 1000 + 60_000;
    const { client, events, requests } = setup(() => ({ body: {}, headers: limitHeaders(800, 799, resetAt) }));
    for (let index = 0; index < 1000; index++) await client.request(get, { as: 'app' });
    expect(requests).toHaveLength(1000);
    expect(events).toEqual([]);
    expect(client.rateLimitOf()).toEqual({ limit: 800, remaining: 799, resetAt });
  });

  it('counts requests in flight against the reported count', async () => {
    const { client, requests } = setup((_, index) => (index === 0 ? { body: {}, headers: limitHeaders(800, 3, clock.now() + 60_000) } : 'hang'));
    await client.request(get, { as: 'app' });
    // Time stands still: the hanging requests stay in flight until their signal ends them.
    clock.stop();
    const pending = Array.from({ length: 5 }, () => client.request(get, { as: 'app', signal: AbortSignal.timeout(50) }).catch(() => 'stopped'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toHaveLength(4);
    expect(client.rateLimitOf()?.remaining).toBe(0);
    await Promise.all(pending);
  });

  it('forgets a bucket once its reset has passed, until the platform reports again', async () => {
    const { client } = setup(() => ({ body: {}, headers: limitHeaders(800, 0, clock.now() + 10_000) }));
    await client.request(get, { as: 'app' });
    expect(client.rateLimitOf()?.remaining).toBe(0);
    await clock.advance(11_000);
    expect(client.rateLimitOf()).toBeUndefined();
  });

  it('keeps one bucket per token: app, each user, each raw token', async () => {
    const { client, requests } = setup((request) => {
      const who = request.headers.get('authorization');
      return { body: {}, headers: limitHeaders(800, who === 'Bearer app-token' ? 0 : 500, clock.now() + 60_000) };
    });
    await client.request(get, { as: 'app' });
    await client.request(get, { as: '42' });
    expect(client.rateLimitOf()?.remaining).toBe(0);
    expect(client.rateLimitOf('42')?.remaining).toBe(500);
    expect(client.rateLimitOf('43')).toBeUndefined();
    // The app bucket is empty, yet a user's call and a raw token's call go at once.
    const before = requests.length;
    await client.request(get, { as: '42' });
    await client.request(get, { token: 'some-raw-token' });
    expect(requests.length).toBe(before + 2);
    expect(requests.at(-1)!.at).toBe(requests[0]!.at);
  });

  it('is undefined until the platform has answered with that token, and ignores answers without headers', async () => {
    const { client } = setup(() => ({ body: {} }));
    expect(client.rateLimitOf()).toBeUndefined();
    await client.request(get, { as: 'app' });
    expect(client.rateLimitOf()).toBeUndefined();
  });

  it('with throw, a known empty bucket refuses before sending: no body, no headers', async () => {
    const { client, requests } = setup(() => ({ body: {}, headers: limitHeaders(800, 0, clock.now() + 20_000) }), 'throw');
    await client.request({ method: 'GET', path: '/chat/chatters', query: { broadcaster_id: '1' } }, { as: 'app' });
    const error = (await client.request({ method: 'GET', path: '/chat/chatters', query: { broadcaster_id: '1' } }, { as: 'app' }).catch((failure: unknown) => failure)) as PlatformRateLimitError;
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    expect(error.message).toBe('Rate limit reached for GET /chat/chatters.');
    expect(error.status).toBe(429);
    expect(error.body).toBeUndefined();
    expect(error.headers).toBeUndefined();
    expect(error.url).toBe('https://api.test/helix/chat/chatters?broadcaster_id=1');
    expect(error.resetAt).toBe(client.rateLimitOf()!.resetAt);
    expect(error.retryAfter).toBeGreaterThan(19_000);
    expect(requests).toHaveLength(1);
  });

  it('the raw token never appears in a bucket name', async () => {
    const { client, events } = setup((_, index) => (index === 0 ? { status: 429, headers: limitHeaders(800, 0, clock.now() + 2000) } : { body: {} }));
    await client.request(get, { token: 'secret-raw-token-value' });
    expect(events).toHaveLength(1);
    expect(events[0]!.bucket).toMatch(/^raw:[0-9a-z]{1,7}$/);
    expect(events[0]!.bucket).not.toContain('secret');
  });
});
