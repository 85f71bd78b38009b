import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitBuckets } from '../src/buckets';
import { createClient, PlatformRateLimitError, type RateLimitBucketContext, type RateLimitBucketStore, type RateLimitEvent } from '../src/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { limitHeaders, networkFailure, stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

let clock: VirtualClock;
afterEach(() => clock?.stop());

/**
 * A store as a shared one behaves: `take` answers with a promise (settled a turn later), keeping
 * its buckets in the in-memory store. It logs what the pipeline asked of it.
 */
function asyncStore(context: RateLimitBucketContext, log: string[]): RateLimitBucketStore {
  const inner = new RateLimitBuckets(context.clock, context.rateLimit, context.events);
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 1));
  return {
    take: (name, target, url, signal) => {
      log.push(`take ${name}`);
      return later(() => inner.take(name, target, url, signal)).then(() => undefined);
    },
    release: (name) => {
      log.push(`release ${name}`);
      inner.release(name);
    },
    record: (name, headers, limited) => {
      log.push(`record ${name}${limited ? ' 429' : ''}`);
      return inner.record(name, headers, limited);
    },
    state: (name) => inner.state(name),
  };
}

function setup(handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>, rateLimit: 'wait' | 'throw' = 'wait') {
  clock = createVirtualClock({ auto: true });
  const stub = stubFetch(clock, handler);
  const { authenticator } = testAuthenticator();
  const log: string[] = [];
  const contexts: RateLimitBucketContext[] = [];
  const client = createClient({
    clientId: 'cid',
    baseUrl: 'https://api.test/helix',
    fetch: stub.fetch,
    clock,
    rateLimit,
    timeout: 4_000,
    retries: 1,
    authenticator: () => authenticator,
    buckets: (context) => {
      contexts.push(context);
      return asyncStore(context, log);
    },
  });
  const events: RateLimitEvent[] = [];
  client.on('rateLimit', (event) => events.push(event));
  return { client, requests: stub.requests, events, log, contexts };
}

const get = { method: 'GET', path: '/things' } as const;

describe('the buckets option', () => {
  it('builds the store once per client, with the client ID, clock, mode, timeout and events', () => {
    const { contexts } = setup(() => ({ body: {} }), 'throw');
    expect(contexts).toHaveLength(1);
    expect(contexts[0]).toMatchObject({ clientId: 'cid', clock, rateLimit: 'throw', timeout: 4_000 });
    expect(typeof contexts[0]!.events.emit).toBe('function');
  });

  it('takes, then records each answer through the store; rateLimitOf() reads its state', async () => {
    const resetAt = Math.ceil((Date.now() + 30_000) / 1000) * 1000;
    const { client, log } = setup(() => ({ body: {}, headers: limitHeaders(800, 700, resetAt) }));
    await client.request(get, { as: 'app' });
    expect(log).toEqual(['take app', 'record app']);
    expect(client.rateLimitOf()).toEqual({ limit: 800, remaining: 700, resetAt });
  });

  it("waits for the reset a store's record gives for a 429 that empties the bucket, then sends again", async () => {
    const { client, requests, events, log } = setup((_, index) =>
      index === 0 ? { status: 429, body: { message: 'Too Many Requests' }, headers: limitHeaders(800, 0, clock.now() + 5_000) } : { body: {} },
    );
    await client.request(get, { as: 'app' });
    expect(requests).toHaveLength(2);
    // The wait is the reset the store returned (not the endpoint-limit backoff of under 1 s).
    expect(events).toHaveLength(1);
    expect(events[0]!.wait).toBeGreaterThan(4_000);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThan(4_000);
    expect(log).toEqual(['take app', 'record app 429', 'take app', 'record app']);
  });

  it("with throw, a 429 rejects with the reset the store's record gives", async () => {
    const resetAt = Math.ceil((Date.now() + 30_000) / 1000) * 1000;
    const { client, requests } = setup(() => ({ status: 429, body: { message: 'Too Many Requests' }, headers: limitHeaders(800, 0, resetAt) }), 'throw');
    const error = (await client.request(get, { as: 'app' }).catch((failure: unknown) => failure)) as PlatformRateLimitError;
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    expect(error.resetAt).toBe(resetAt);
    expect(requests).toHaveLength(1);
  });

  it('releases the point through the store when an attempt gets no answer', async () => {
    const { client, log } = setup((_, index) => {
      if (index === 0) throw networkFailure();
      return { body: {} };
    });
    await client.request(get, { as: 'app' });
    expect(log).toEqual(['take app', 'release app', 'take app', 'record app']);
  });
});
