import type { Authenticator, Clock, Credential } from '../src/index';
import { missingActingUserError } from '../src/internal/index';
import { createFetchStub, type SeenRequest, type StubReply } from '../src/testing/index';

export type { SeenRequest, StubReply } from '../src/testing/index';

/** The shared fetch stub of `@platform/core/testing`, timed by the test's clock. */
export function stubFetch(clock: Pick<Clock, 'now'>, handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>) {
  return createFetchStub(handler, { clock });
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
    credential: ({ as, target, params }) => {
      if (as && as !== 'app') return Promise.resolve({ kind: 'user' as const, accessToken: `user-token-${as}`, bucket: `user:${as}`, userId: as });
      // Like @platform/auth: the app token belongs to no user, so the acting-user field must be set.
      const field = target.actingUser;
      if (field && !target.actingUserOptional && params[field] === undefined) return Promise.reject(missingActingUserError(target, 'app'));
      return Promise.resolve({ kind: 'app' as const, accessToken: 'app-token', bucket: 'app' });
    },
    ...(renew && {
      unauthorized: (credential: Credential) => {
        calls.unauthorized++;
        return renew(credential);
      },
    }),
  };
  return { authenticator, calls };
}

/**
 * Two ways a client sends, for `describe.each`: Node's default (undici, given no `fetch` option)
 * and Node's fetch passed as the `fetch` option. `node:http` (`nodeHttpTransport()`) has its own
 * rows in transports.test.ts and loopback.test.ts.
 */
export const transports = [
  ['undici', undefined],
  ['fetch', globalThis.fetch],
] as const;
