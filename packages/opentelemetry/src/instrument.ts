import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { context, SpanKind, SpanStatusCode, trace, type Span, type TracerProvider } from '@opentelemetry/api';
import { diagnosticsChannels, type RequestEvent, type ResponseEvent } from '@platform/core';

/** Options of `instrumentPlatform()`. */
export interface PlatformInstrumentationOptions {
  /** Where the spans go; default the global tracer provider (`trace.getTracerProvider()`), read once. */
  tracerProvider?: TracerProvider | undefined;
}

/** A running instrumentation; `disable()` stops it. */
export interface PlatformInstrumentation {
  /** Unsubscribes from the channels. Spans of attempts still in flight are ended, marked unfinished. */
  disable(): void;
}

/** The tracer's name and version, as the spans' instrumentation scope says. */
export const instrumentationScope = {
  /** The package's name. */
  name: '@platform/opentelemetry',
  /** The package's version. */
  version: '0.0.0',
} as const;

/**
 * Turns the platform client's requests into OpenTelemetry spans: one `CLIENT` span per attempt
 * (a retry, a resend after a 429 wait or a token renewal is a span of its own, as the HTTP semantic
 * conventions ask), named `GET /chat/chatters` (the method and the templated path), child of the
 * span active when the call was made. It subscribes to core's `node:diagnostics_channel` channels,
 * so it sees every client of the process, of any copy of `@platform/core`; nothing is built while
 * it is disabled. Node only.
 *
 * Attributes: `http.request.method`, `url.full`, `url.template`, `server.address`, `server.port`,
 * `http.request.resend_count` (from the second attempt on), `http.response.status_code`,
 * `error.type` (the status code, or the error's name when no answer came), and the client's own
 * `platform.operation` (`chat.chatters`), `platform.rate_limit.bucket` (`app`, `user:<id>`...),
 * `platform.rate_limit.waited_ms`, `platform.next_step` (`return`, `retry`, `renew`, `wait`, `throw`)
 * and `platform.next_delay_ms`. No token or secret is ever an attribute.
 *
 * @example
 * import { instrumentPlatform } from '@platform/opentelemetry';
 * const instrumentation = instrumentPlatform();   // after the OpenTelemetry SDK is set up
 * // ... later
 * instrumentation.disable();
 */
export function instrumentPlatform(options: PlatformInstrumentationOptions = {}): PlatformInstrumentation {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(instrumentationScope.name, instrumentationScope.version);
  // The span of each attempt in flight, found again from its response's `request`.
  const spans = new Map<RequestEvent, Span>();

  const onRequest = (message: unknown) => {
    const request = message as RequestEvent;
    const address = new URL(request.url);
    const span = tracer.startSpan(
      `${request.method} ${request.path}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'url.full': request.url,
          'url.template': request.path,
          'server.address': address.hostname,
          'server.port': Number(address.port) || (address.protocol === 'https:' ? 443 : 80),
          'platform.rate_limit.waited_ms': request.waited,
          ...(request.attempt > 1 && { 'http.request.resend_count': request.attempt - 1 }),
          ...(request.operation !== undefined && { 'platform.operation': request.operation }),
          ...(request.bucket !== undefined && { 'platform.rate_limit.bucket': request.bucket }),
        },
      },
      // The publisher's context: the caller's active span becomes the parent.
      context.active(),
    );
    spans.set(request, span);
  };

  const onResponse = (message: unknown) => {
    const response = message as ResponseEvent;
    const span = spans.get(response.request);
    if (!span) return;
    spans.delete(response.request);
    const { status, next, error } = response;
    span.setAttribute('platform.next_step', next.step);
    if ('delay' in next) span.setAttribute('platform.next_delay_ms', next.delay);
    if (status !== undefined) span.setAttribute('http.response.status_code', status);
    if (status === undefined || status >= 400) {
      // No answer (network failure, timeout, abort) is named by its error, an answer by its status.
      const name = status === undefined ? errorName(error) : String(status);
      span.setAttribute('error.type', name);
      span.setStatus({ code: SpanStatusCode.ERROR, ...(error instanceof Error && { message: error.message }) });
      if (error instanceof Error) span.recordException(error);
    }
    span.end();
  };

  subscribe(diagnosticsChannels.request, onRequest);
  subscribe(diagnosticsChannels.response, onResponse);
  return {
    disable() {
      unsubscribe(diagnosticsChannels.request, onRequest);
      unsubscribe(diagnosticsChannels.response, onResponse);
      for (const span of spans.values()) {
        span.setAttribute('error.type', '_OTHER');
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'The instrumentation was disabled before the attempt ended.' });
        span.end();
      }
      spans.clear();
    },
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '_OTHER';
}
