import { abortReason, type Clock } from './clock';
import { PlatformAuthError } from './errors/auth-error';
import { PlatformNetworkError } from './errors/network-error';
import { PlatformTimeoutError } from './errors/timeout-error';
import type { FetchFunction } from './options';
import { carriedSecrets, hideSecrets } from './redact';
import { headerGuard } from '#server-guards';

/** One HTTP exchange as the transport sends it. */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** `<METHOD> <path>` as error messages name the request. */
  label: string;
}

/**
 * The headers of an answer as the pipeline reads them. A fetch answer gives its `Headers`; the
 * Node transport gives a lighter reader that builds `Headers` only when an error carries them.
 */
export interface AnswerHeaders {
  get(name: string): string | null;
  /** The headers as web-standard `Headers`; absent when the object already is one. */
  toHeaders?(): Headers;
}

/** An answer read to its end. */
export interface Answer {
  status: number;
  statusText: string;
  headers: AnswerHeaders;
  /** The whole body as text ('' when there is none). */
  text: string;
}

/** An exchange on its way: the answer read to its end, and a way to give it up. */
export interface Sending {
  readonly answer: Promise<Answer>;
  /** Stops the exchange: the connection is closed and `answer` rejects. A function of its own (no `this`): it is the signal's listener as it is. */
  readonly cancel: () => void;
}

/**
 * Sends an exchange and reads the whole answer. Rejects with the runtime's own error when the
 * platform cannot be reached; `attempt()` turns that into the library's errors.
 */
export type Sender = (exchange: Exchange) => Sending;

/**
 * A sender over a fetch function (the user's, or the runtime's global fetch). Redirects are not
 * followed (`redirect: 'manual'`), as `node:http` follows none: a 3xx reaches the pipeline, which
 * turns it into a PlatformApiError, so a token, a client secret or a refresh token never goes to the
 * address a redirect names. Browsers hide such an answer behind status 0 (an `opaqueredirect`),
 * which the pipeline treats the same way.
 */
export function fetchSender(fetch: FetchFunction): Sender {
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
export async function attempt(send: Sender, clock: Clock, exchange: Exchange, timeout: number, signal: AbortSignal | undefined): Promise<Answer> {
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
