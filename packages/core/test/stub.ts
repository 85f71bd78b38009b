import type { Authenticator, Clock, Credential } from '../src/index';

/** A request as the stub saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  /** The clock's time when the request was sent. */
  at: number;
}

/** What the stub answers: a reply, a Response, an Error (thrown: a network failure) or 'hang'. */
export type StubReply =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | Response
  | Error
  | 'hang';

/**
 * An in-memory fetch that records every request and answers through `handler`. 'hang' never
 * answers until the request's signal aborts, as a silent server would.
 */
export function stubFetch(clock: Pick<Clock, 'now'>, handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      at: clock.now(),
    };
    requests.push(request);
    const reply = await handler(request, requests.length - 1);
    // The answer arrives in a later turn of the event loop, as it would over a socket.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        const signal = init.signal;
        const fail = () => reject(new DOMException('This operation was aborted', 'AbortError'));
        if (signal?.aborted) fail();
        signal?.addEventListener('abort', fail, { once: true });
      });
    }
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    const body = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : body, { status, headers: reply.headers });
  };
  return { fetch, requests };
}

/** A network failure as undici reports it. */
export function networkFailure(message = 'connect ECONNREFUSED 127.0.0.1:1'): TypeError {
  return new TypeError('fetch failed', { cause: new Error(message) });
}

/** Rate-limit headers as the platform sends them (reset in epoch seconds). */
export function limitHeaders(limit: number, remaining: number, resetAtMs: number): Record<string, string> {
  return {
    'Ratelimit-Limit': String(limit),
    'Ratelimit-Remaining': String(remaining),
    'Ratelimit-Reset': String(Math.ceil(resetAtMs / 1000)),
  };
}

/**
 * An authenticator for tests: `as: '<id>'` gives that user's token, anything else the app token.
 * `unauthorized` answers as `renew` says and counts its calls.
 */
export function testAuthenticator(renew?: (credential: Credential) => Promise<Credential | undefined>) {
  const calls = { unauthorized: 0 };
  const authenticator: Authenticator = {
    credential: ({ as }) =>
      Promise.resolve(
        as && as !== 'app'
          ? { kind: 'user' as const, accessToken: `user-token-${as}`, bucket: `user:${as}`, userId: as }
          : { kind: 'app' as const, accessToken: 'app-token', bucket: 'app' },
      ),
    ...(renew && {
      unauthorized: (credential: Credential) => {
        calls.unauthorized++;
        return renew(credential);
      },
    }),
  };
  return { authenticator, calls };
}
