import type { Clock } from '../clock';

/** A request as the stub saw it. */
export interface SeenRequest {
  /** The HTTP method. */
  method: string;
  /** The full URL, with its query. */
  url: URL;
  /** The request headers. */
  headers: Headers;
  /** The body text, or undefined when the request has none. */
  body: string | undefined;
  /** The clock's time when the request was sent. */
  at: number;
}

/**
 * What the stub answers: a status (200 by default) with a body (a string as it is, anything else
 * as JSON) and headers, a ready Response, an Error (thrown: a network failure) or `'hang'` (no
 * answer until the request's signal aborts, as a silent server).
 */
export type StubReply =
  | {
      /** The HTTP status; 200 when omitted. */
      status?: number;
      /** A string sent as it is, anything else as JSON; no body when omitted. */
      body?: unknown;
      /** Response headers; they override the JSON `Content-Type` the stub sets for an object body. */
      headers?: Record<string, string>;
    }
  | Response
  | Error
  | 'hang';

/**
 * An in-memory fetch for tests, to pass as `createClient({ fetch })`: it records every request
 * and answers through `handler`. Answers arrive in a later turn of the event loop, as they would
 * over a socket.
 *
 * @example
 * const stub = createFetchStub(() => ({ body: { data: [] } }));
 * const client = createClient({ clientId, token, fetch: stub.fetch });
 */
export function createFetchStub(
  handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>,
  options: { clock?: Pick<Clock, 'now'> } = {},
) {
  const now = options.clock ? () => options.clock!.now() : () => Date.now();
  const requests: SeenRequest[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      at: now(),
    };
    requests.push(request);
    const reply = await handler(request, requests.length - 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        const fail = () => reject(new DOMException('This operation was aborted', 'AbortError'));
        if (init.signal?.aborted) fail();
        init.signal?.addEventListener('abort', fail, { once: true });
      });
    }
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    const json = reply.body !== undefined && typeof reply.body !== 'string';
    const body = status === 204 || reply.body === undefined ? null : json ? JSON.stringify(reply.body) : (reply.body as string);
    const headers = { ...(json && body !== null ? { 'Content-Type': 'application/json' } : {}), ...reply.headers };
    return new Response(body, { status, headers });
  };
  return {
    /** The fetch to pass as `createClient({ fetch })`. */
    fetch,
    /** Every request the stub has seen, in order. */
    requests,
  };
}
