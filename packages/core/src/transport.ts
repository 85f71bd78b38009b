import { abortReason, type Clock } from './clock';
import { PlatformAuthError } from './errors/auth-error';
import { PlatformNetworkError } from './errors/network-error';
import { PlatformTimeoutError } from './errors/timeout-error';
import type { FetchFunction } from './options';
import { carriedSecrets, hideSecrets } from './redact';
import { headerGuard } from '#server-guards';

/**
 * One HTTP request as the client hands it to its transport: every header it needs is in `headers`
 * (`Client-Id`, `Authorization`, `Content-Type`...); a transport adds what its protocol needs
 * (`Host`, `Content-Length`) and may add `Accept-Encoding: gzip`, as long as it also undoes it.
 */
export interface Exchange {
  /** `GET`, `POST`, `PUT`, `PATCH` or `DELETE`. */
  method: string;
  /** The absolute address, query included. */
  url: string;
  /** The request's headers, as they are to be sent. */
  headers: Record<string, string>;
  /** The body, already encoded (JSON or a form); absent for none. */
  body?: string | undefined;
  /** `<METHOD> <path>` as error messages name the request. */
  label: string;
}

/**
 * The headers of an answer as the client reads them: `get()` by name, in any case. A fetch answer
 * gives its `Headers`; a transport may give a lighter reader, with `toHeaders()` making
 * web-standard `Headers` for an error that carries them.
 */
export interface AnswerHeaders {
  /** The header's value (repeated ones joined with `, `), or null when the answer has none. */
  get(name: string): string | null;
  /** The headers as web-standard `Headers`; absent when the object already is one. */
  toHeaders?(): Headers;
}

/** An answer read to its end, and undone when it came gzipped. */
export interface Answer {
  /** The HTTP status. A redirect (3xx) is never followed: it is an answer like any other. */
  status: number;
  /** The reason phrase ('' when the server sent none). */
  statusText: string;
  /** The answer's headers (the rate-limit ones are read from them). */
  headers: AnswerHeaders;
  /** The whole body as text ('' when there is none). */
  text: string;
}

/** An exchange on its way: the answer read to its end, and a way to give it up. */
export interface Sending {
  /**
   * The whole answer; rejects with the runtime's own error when the server cannot be reached or
   * the connection ends before the answer does (the client turns it into a PlatformNetworkError).
   */
  readonly answer: Promise<Answer>;
  /** Stops the exchange: the connection is closed and `answer` rejects. A function of its own (no `this`): it is the signal's listener as it is. */
  readonly cancel: () => void;
}

/**
 * How a client sends its requests: a function that starts an exchange and gives the answer read
 * to its end, with a way to cancel it. The client times every attempt, cancels it on timeout or
 * abort, retries and reads the answer; a transport only moves bytes. It must not follow
 * redirects, so that a token never goes to the address a redirect names. Passed as the
 * `transport` option; the `fetch` option, when given, wins over it.
 *
 * Transports that come with the library: `fetchTransport()` (every runtime), and on Node
 * `undiciTransport()` (the default there) and `nodeHttpTransport()`, from `@platform/core/node`.
 * @example
 * // A transport that counts the requests of a client, over the runtime's default one.
 * import { createClient, fetchTransport, type PlatformTransport } from '@platform/core';
 * const inner = fetchTransport();
 * let sent = 0;
 * const counting: PlatformTransport = (exchange) => {
 *   sent++;
 *   return inner(exchange);
 * };
 * const client = createClient({ clientId, token, transport: counting });
 */
export type PlatformTransport = (exchange: Exchange) => Sending;

/**
 * A transport over a fetch function: the one given, or else the runtime's global fetch, read at
 * each request (so a wrapper installed after the client was made still sees every call).
 * Redirects are not followed (`redirect: 'manual'`): a 3xx reaches the client, which turns it into
 * a PlatformApiError, so a token, a client secret or a refresh token never goes to the address a
 * redirect names. Browsers hide such an answer behind status 0 (an `opaqueredirect`), which the
 * client treats the same way. The default transport of browsers, workers, Deno and Bun.
 * @example
 * import { createClient, fetchTransport } from '@platform/core';
 * const client = createClient({ clientId, token, transport: fetchTransport() }); // Node's fetch, on Node
 */
export function fetchTransport(fetch: FetchFunction = (input, init) => globalThis.fetch(input, init)): PlatformTransport {
  return (exchange) => {
    const controller = new AbortController();
    return {
      answer: fetch(exchange.url, { method: exchange.method, headers: exchange.headers, body: exchange.body, redirect: 'manual', signal: controller.signal }).then(
        // The body is part of the attempt: a server that stalls mid-body is cut off by the same timer.
        (response) => response.text().then((text) => ({ status: response.status, statusText: response.statusText, headers: response.headers, text })),
      ),
      cancel: () => controller.abort(),
    };
  };
}

/**
 * Sends one attempt and reads the whole body, within `timeout` ms. A failure to reach the
 * platform (refused, reset, cut mid-body) becomes a PlatformNetworkError, an attempt past the
 * timeout a PlatformTimeoutError; an aborted `signal` rejects with its reason. On a server, a
 * token that no header can carry (a line break, another control character) is a
 * PlatformAuthError, and nothing is sent (`headerGuard`). Every failure's message is free of the
 * tokens the exchange carries (`carriedSecrets()`).
 *
 * The timeout is a timer of the client's clock (so tests run it in virtual time), one per attempt
 * and cleared as soon as the attempt ends: no stale timer keeps a program waiting, and on Node the
 * timer is unreferenced (the open request holds the process until the timer fires). Runtimes keep
 * the timers of one duration in one list, so a burst of attempts costs no more than one shared
 * timer would.
 */
export async function attempt(send: PlatformTransport, clock: Clock, exchange: Exchange, timeout: number, signal: AbortSignal | undefined): Promise<Answer> {
  // A signal that fired while the call waited (for a token, a bucket, a pause) sends nothing.
  if (signal?.aborted) throw abortReason(signal);
  // On servers, a token no header can carry is refused here, without quoting it (see `headerGuard`).
  const refused = headerGuard?.(exchange);
  if (refused) throw new PlatformAuthError(refused);
  const { answer, cancel } = send(exchange);
  let timedOut = false;
  const timer = clock.setTimeout(() => {
    timedOut = true;
    cancel();
  }, timeout);
  // On Node the open request holds the process, not its timer. Unreferenced, the timer is cleared
  // without Node dropping the list of timers of its duration, which a referenced timer's clearing
  // does when it was the last: sequential calls made and dropped that list on every attempt, about
  // 3% of their CPU. Handles of other runtimes and of virtual clocks have no `unref`.
  (timer as { unref?(): void } | undefined)?.unref?.();
  // Removed in `finally`, so it runs once at most.
  signal?.addEventListener('abort', cancel);
  try {
    return await answer;
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (timedOut) throw new PlatformTimeoutError(`${exchange.label} timed out after ${timeout} ms.`);
    // A runtime's words that quote a token the request carried (a header value, say) are redacted,
    // and the runtime's error, which holds them too, is not kept: its redacted words take its place.
    const words = runtimeMessage(error);
    const said = hideSecrets(words, carriedSecrets(exchange));
    throw new PlatformNetworkError(`${exchange.label} could not reach the platform: ${said}`, { cause: said === words ? error : new Error(said) });
  } finally {
    clock.clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The runtime's own words for a failure: undici hides them behind "fetch failed" / "terminated"
 * and puts them in the cause (an Error, or an object with a `code`).
 */
function runtimeMessage(error: unknown): string {
  const failure = error as { message?: unknown; cause?: { message?: unknown; code?: unknown } } | null | undefined;
  return String(failure?.cause?.message || failure?.cause?.code || failure?.message || error);
}
