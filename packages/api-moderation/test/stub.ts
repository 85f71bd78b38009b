import type { Authenticator } from '@platform/core';

/** A request as the stub saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

/** What the stub answers. */
export interface StubReply {
  status?: number;
  body?: unknown;
}

/**
 * An in-memory fetch (copied from core's test stub, without the clock) that records every
 * request and answers through `handler`.
 */
export function stubFetch(handler: (request: SeenRequest, index: number) => StubReply) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    const reply = handler(request, requests.length - 1);
    // The answer arrives in a later turn of the event loop, as it would over a socket.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const status = reply.status ?? 200;
    const body = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : body, { status });
  };
  return { fetch, requests };
}

/** An authenticator for tests: `as: '<id>'` gives that user's token `user-token-<id>`, anything else the app token. */
export const testAuthenticator: Authenticator = {
  credential: ({ as }) =>
    as && as !== 'app'
      ? { kind: 'user', accessToken: `user-token-${as}`, bucket: `user:${as}`, userId: as }
      : { kind: 'app', accessToken: 'app-token', bucket: 'app' },
};
