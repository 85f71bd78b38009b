import { abortReason } from './clock';
import type { Deadlines } from './deadlines';
import { PlatformNetworkError } from './errors/network-error';
import { PlatformTimeoutError } from './errors/timeout-error';
import type { FetchFunction } from './options';

/** One HTTP exchange as the transport sends it. */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** `<METHOD> <path>` as error messages name the request. */
  label: string;
}

/** An answer read to its end. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  /** The whole body as text ('' when there is none). */
  text: string;
}

/**
 * Sends one attempt and reads the whole body, within `timeout` ms. A failure to reach the
 * platform (refused, reset, cut mid-body) becomes a PlatformNetworkError, an attempt past the
 * timeout a PlatformTimeoutError; an aborted `signal` rejects with its reason.
 */
export async function attempt(
  fetch: FetchFunction,
  deadlines: Deadlines,
  exchange: Exchange,
  timeout: number,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  // A signal that fired while the call waited (for a token, a bucket, a pause) sends nothing.
  if (signal?.aborted) throw abortReason(signal);
  const controller = new AbortController();
  let timedOut = false;
  const cancelDeadline = deadlines.add(timeout, () => {
    timedOut = true;
    controller.abort();
  });
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetch(exchange.url, {
      method: exchange.method,
      headers: exchange.headers,
      body: exchange.body,
      signal: controller.signal,
    });
    // The timeout covers the body too: a server that stalls mid-body is cut off by the same timer.
    const text = await response.text();
    return { status: response.status, statusText: response.statusText, headers: response.headers, text };
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (timedOut) throw new PlatformTimeoutError(`${exchange.label} timed out after ${timeout} ms.`);
    throw new PlatformNetworkError(`${exchange.label} could not reach the platform: ${runtimeMessage(error)}`, { cause: error });
  } finally {
    cancelDeadline();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The runtime's own words for a failure: undici hides them behind "fetch failed" / "terminated". */
function runtimeMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  if (typeof cause === 'object' && cause !== null && 'code' in cause) return String((cause).code);
  return error.message;
}
