import { createFetchStub, type SeenRequest, type StubReply } from '@platform/core/testing';
import { createClient, PlatformAuthError, type Authenticator } from '@platform/core';

export type { SeenRequest, StubReply } from '@platform/core/testing';

/** The shared in-memory fetch of `@platform/core/testing`: records every request, answers through `handler`. */
export function stubFetch(handler: (request: SeenRequest, index: number) => StubReply) {
  return createFetchStub(handler);
}

/** The user a `user`-kind call goes out as when it names none: the single registered user. */
export const SINGLE_USER = '1';

/**
 * An authenticator for tests that follows the token kind a call asks for: `as: '<id>'` gives that
 * user's token and `as: 'app'` the app token; without `as`, an `app` call gets the app token and a
 * `user` call the token of `SINGLE_USER`. An `either` call without `as` is refused: the EventSub
 * operations always decide which token they use.
 */
export const testAuthenticator: Authenticator = {
  credential: ({ as, target }) => {
    const user = (id: string) => ({ kind: 'user' as const, accessToken: `user-token-${id}`, bucket: `user:${id}`, userId: id });
    if (as === 'app') return { kind: 'app', accessToken: 'app-token', bucket: 'app' };
    if (as !== undefined) return user(as);
    if (target.token === 'app') return { kind: 'app', accessToken: 'app-token', bucket: 'app' };
    if (target.token === 'user') return user(SINGLE_USER);
    throw new PlatformAuthError(`The test authenticator got an either-token call of ${target.method} ${target.path} that names no identity.`);
  },
};

/** A client whose requests go to the stub; a server's, with a clientSecret. */
export function stubClient(handler: (request: SeenRequest, index: number) => StubReply) {
  const stub = stubFetch(handler);
  const client = createClient({ clientId: 'cid', clientSecret: 'secret', baseUrl: 'https://api.test/helix', fetch: stub.fetch, retries: 0, authenticator: () => testAuthenticator });
  return { client, requests: stub.requests };
}
