/**
 * OpenTelemetry's own HTTP instrumentations keep tracing the client's requests, whatever
 * transport sends them on Node: `@opentelemetry/instrumentation-undici` sees Node's default
 * (undici's `dispatch()`: undici reports each request on `node:diagnostics_channel`), and
 * `@opentelemetry/instrumentation-http` sees `nodeHttpTransport()`, which looks `http.request`
 * up at each request. Over a loopback server.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient } from '@platform/core';
import { nodeHttpTransport } from '@platform/core/node';
import { afterEach, describe, expect, it } from 'vitest';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const cleanups: Array<() => unknown> = [];

// Registered first, as a program registers it at start: it patches `node:http` when that is next
// required (a require it sees before any other), and the module object it patches is the one
// `nodeHttpTransport()` reads `request` from. Disabled (unpatched) until its test enables it again.
const httpInstrumentation = new HttpInstrumentation();
httpInstrumentation.setTracerProvider(provider);
createRequire(import.meta.url)('node:http');
httpInstrumentation.disable();

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  exporter.reset();
});

/** A loopback server answering `{"data":[]}` (the HTTP instrumentation traces it too: `clientSpans()` leaves its spans out). */
async function serve(): Promise<string> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/helix`;
}

/** The client spans finished so far (the server's, when instrumented, are left out). */
const clientSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);

describe("OpenTelemetry's HTTP instrumentations", () => {
  it('@opentelemetry/instrumentation-undici traces a call over Node\'s default transport', async () => {
    const instrumentation = new UndiciInstrumentation();
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
    cleanups.push(() => instrumentation.disable());
    const url = await serve();
    const client = createClient({ clientId: 'c', token: 't', baseUrl: url });
    await expect(client.request({ method: 'GET', path: '/users', query: { id: '1' } })).resolves.toEqual({ data: [] });
    const spans = clientSpans();
    expect(spans).toHaveLength(1);
    expect(spans[0]!.name).toBe('GET');
    expect(spans[0]!.attributes).toMatchObject({ 'http.request.method': 'GET', 'url.full': `${url}/users?id=1`, 'http.response.status_code': 200 });
  });

  it('@opentelemetry/instrumentation-http traces a call over nodeHttpTransport(), a traced http.request', async () => {
    httpInstrumentation.enable();
    cleanups.push(() => httpInstrumentation.disable());
    const url = await serve();
    const client = createClient({ clientId: 'c', token: 't', baseUrl: url, transport: nodeHttpTransport() });
    await expect(client.request({ method: 'POST', path: '/chat/messages', body: { message: 'hi' } })).resolves.toEqual({ data: [] });
    const spans = clientSpans();
    expect(spans).toHaveLength(1);
    expect(spans[0]!.name).toBe('POST');
    expect(spans[0]!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
  });
});
