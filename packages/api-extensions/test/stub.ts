import { createFetchStub, type SeenRequest, type StubReply } from '@platform/core/testing';
import { createClient, type Authenticator } from '@platform/core';

export type { SeenRequest, StubReply } from '@platform/core/testing';

/** The shared in-memory fetch of `@platform/core/testing`: records every request, answers through `handler`. */
export function stubFetch(handler: (request: SeenRequest, index: number) => StubReply) {
  return createFetchStub(handler);
}

/** An authenticator for tests: `as: '<id>'` gives that user's token, anything else the app token. */
export const testAuthenticator: Authenticator = {
  credential: ({ as }) =>
    as && as !== 'app'
      ? { kind: 'user', accessToken: `user-token-${as}`, bucket: `user:${as}`, userId: as }
      : { kind: 'app', accessToken: 'app-token', bucket: 'app' },
};

/** A client whose requests go to the stub. */
export function stubClient(handler: (request: SeenRequest, index: number) => StubReply) {
  const stub = stubFetch(handler);
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, retries: 0, authenticator: () => testAuthenticator });
  return { client, requests: stub.requests };
}
