import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
  ATTR_URL_TEMPLATE,
} from '@opentelemetry/semantic-conventions/incubating';
import { callOperation, createClient, defineOperation, envelopeResult, PlatformNetworkError, systemClock, type ClientOptions } from '@platform/core';
import { createFetchStub, createVirtualClock, type SeenRequest, type StubReply, type VirtualClock } from '@platform/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instrumentPlatform, instrumentationScope, type PlatformInstrumentation } from '../src/index';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let instrumentation: PlatformInstrumentation | undefined;
let clock: VirtualClock | undefined;

beforeEach(() => {
  exporter.reset();
  instrumentation = instrumentPlatform({ tracerProvider: provider });
});
afterEach(() => {
  instrumentation?.disable();
  clock?.stop();
});

const chatters = defineOperation<{ broadcaster_id: string }, unknown>({
  name: 'chat.chatters',
  method: 'GET',
  path: '/chat/chatters',
  token: 'either',
  scopes: [],
  params: { broadcaster_id: { type: 'string', in: 'query', required: true } },
  result: envelopeResult,
});

function setup(handler: (request: SeenRequest, index: number) => StubReply, options: Partial<ClientOptions> = {}) {
  clock = createVirtualClock({ auto: true, random: () => 0.5 });
  const stub = createFetchStub(handler, { clock });
  return createClient({ clientId: 'cid', token: 'secret-raw-token', baseUrl: 'https://api.test:8443/helix', fetch: stub.fetch, clock, ...options });
}

describe('instrumentPlatform()', () => {
  it('makes one client span per call attempt with the HTTP semantic conventions', async () => {
    const client = setup(() => ({ body: { data: [] } }));
    await callOperation(client, chatters, { broadcaster_id: '1' });
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span!.name).toBe('GET /chat/chatters');
    expect(span!.kind).toBe(SpanKind.CLIENT);
    expect(span!.instrumentationScope.name).toBe(instrumentationScope.name);
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(span!.attributes).toEqual({
      [ATTR_HTTP_REQUEST_METHOD]: 'GET',
      [ATTR_URL_FULL]: 'https://api.test:8443/helix/chat/chatters?broadcaster_id=1',
      [ATTR_URL_TEMPLATE]: '/chat/chatters',
      [ATTR_SERVER_ADDRESS]: 'api.test',
      [ATTR_SERVER_PORT]: 8443,
      [ATTR_HTTP_RESPONSE_STATUS_CODE]: 200,
      'platform.operation': 'chat.chatters',
      'platform.rate_limit.bucket': expect.stringMatching(/^raw:/),
      'platform.rate_limit.waited_ms': 0,
      'platform.next_step': 'return',
    });
  });

  it('500 then a retry: two spans, the first an error saying retry, the second with its resend count', async () => {
    const client = setup((_, index) => (index === 0 ? { status: 500, body: { message: 'boom' } } : { body: {} }));
    await client.request({ method: 'GET', path: '/things' });
    const [first, second] = exporter.getFinishedSpans();
    expect(first!.status.code).toBe(SpanStatusCode.ERROR);
    expect(first!.attributes).toMatchObject({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: 500, [ATTR_ERROR_TYPE]: '500', 'platform.next_step': 'retry', 'platform.next_delay_ms': 187.5 });
    expect(first!.attributes).not.toHaveProperty(ATTR_HTTP_REQUEST_RESEND_COUNT);
    expect(first!.attributes).not.toHaveProperty('platform.operation');
    expect(second!.attributes).toMatchObject({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: 200, [ATTR_HTTP_REQUEST_RESEND_COUNT]: 1, 'platform.next_step': 'return' });
    expect(second!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('no answer: error.type is the error name, with the exception recorded', async () => {
    const client = setup(() => new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }));
    await expect(client.request({ method: 'POST', path: '/things' })).rejects.toBeInstanceOf(PlatformNetworkError);
    const [span] = exporter.getFinishedSpans();
    expect(span!.attributes).toMatchObject({ [ATTR_ERROR_TYPE]: 'PlatformNetworkError', 'platform.next_step': 'throw' });
    expect(span!.attributes).not.toHaveProperty(ATTR_HTTP_RESPONSE_STATUS_CODE);
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: expect.stringContaining('could not reach the platform') });
    expect(span!.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('a 429 wait: the span says wait and for how long', async () => {
    const reset = () => String(Math.ceil((clock!.now() + 3000) / 1000));
    const client = setup((_, index) => (index === 0 ? { status: 429, headers: { 'Ratelimit-Limit': '800', 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': reset() } } : { body: {} }));
    await client.request({ method: 'GET', path: '/things' });
    const [first, second] = exporter.getFinishedSpans();
    expect(first!.attributes).toMatchObject({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: 429, 'platform.next_step': 'wait', 'platform.rate_limit.bucket': expect.stringMatching(/^raw:/) });
    expect(first!.attributes['platform.next_delay_ms']).toBeGreaterThan(2000);
    expect(second!.attributes[ATTR_HTTP_REQUEST_RESEND_COUNT]).toBe(1);
  });

  it("is a child of the caller's active span", async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const client = setup(() => ({ body: {} }));
      const tracer = provider.getTracer('test');
      await tracer.startActiveSpan('handle a chat command', async (parent) => {
        await client.request({ method: 'GET', path: '/things' });
        parent.end();
      });
      const [child, parent] = exporter.getFinishedSpans();
      expect(child!.name).toBe('GET /things');
      expect(child!.parentSpanContext?.spanId).toBe(parent!.spanContext().spanId);
      expect(child!.spanContext().traceId).toBe(parent!.spanContext().traceId);
    } finally {
      context.disable();
    }
  });

  it('holds no token or secret in any span', async () => {
    const client = setup(() => ({ status: 401, body: { message: 'Invalid OAuth token' } }), { clientSecret: 'the-client-secret' });
    await client.request({ method: 'GET', path: '/things' }).catch(() => undefined);
    await client.request({ method: 'GET', path: '/things' }, { token: 'another-raw-token' }).catch(() => undefined);
    const text = JSON.stringify(exporter.getFinishedSpans().map((span) => [span.name, span.attributes, span.events, span.status]));
    expect(exporter.getFinishedSpans()).toHaveLength(2);
    for (const secret of ['secret-raw-token', 'another-raw-token', 'the-client-secret']) expect(text).not.toContain(secret);
  });

  it('makes no span once disabled, and ends the spans in flight', async () => {
    // The real clock: a virtual one would run the hung attempt into its timeout at once.
    const client = setup(() => 'hang', { clock: systemClock });
    const controller = new AbortController();
    const call = client.request({ method: 'GET', path: '/things' }, { signal: controller.signal }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    instrumentation!.disable();
    expect(exporter.getFinishedSpans().map((span) => span.attributes[ATTR_ERROR_TYPE])).toEqual(['_OTHER']);
    controller.abort();
    await call;
    await setup(() => ({ body: {} })).request({ method: 'GET', path: '/things' });
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    instrumentation = undefined;
  });

  it('uses the global tracer provider by default', async () => {
    instrumentation!.disable();
    trace.setGlobalTracerProvider(provider);
    try {
      instrumentation = instrumentPlatform();
      await setup(() => ({ body: {} })).request({ method: 'GET', path: '/things' });
      expect(exporter.getFinishedSpans()).toHaveLength(1);
    } finally {
      trace.disable();
    }
  });
});
