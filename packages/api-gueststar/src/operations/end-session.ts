import { callOperation, defineOperation, firstOrNullResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { hostScopes } from '../scopes';
import type { GuestStarSession } from '../types';

/**
 * Parameters of `endSession()`.
 *
 * Beta: the platform may change this operation.
 */
export interface EndSessionParams {
  /** The host; defaults to the user whose token is used, and must be that user. */
  broadcaster_id?: string;
  /** The session to end. */
  session_id: string;
}

/**
 * `DELETE /guest_star/session`: ends a guest star session. The platform answers 200 with the
 * session as it was.
 *
 * Beta: the platform may change this operation.
 */
export const endSessionOperation = /* @__PURE__ */ defineOperation<EndSessionParams, GuestStarSession | null>({
  name: 'guestStar.endSession',
  method: 'DELETE',
  path: '/guest_star/session',
  token: 'user',
  scopes: hostScopes,
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    session_id: { type: 'string', in: 'query', required: true },
  },
  result: firstOrNullResult,
});

/**
 * Ends a running guest star session. Resolves with the session as it was when it ended, or null
 * when the platform sends none.
 *
 * Beta: the platform may change this operation.
 *
 * Token: the broadcaster's user token with channel:manage:guest_star. `broadcaster_id` defaults
 * to the user whose token is used.
 *
 * @platformName End Guest Star Session
 * @throws PlatformError when session_id is missing or a parameter has the wrong type, before
 *   anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token lacks channel:manage:guest_star.
 * @throws PlatformApiError when the platform refuses the call (400: already ended; 404: unknown).
 * @example
 * const ended = await endSession(client, { session_id: current.id });
 */
export function endSession(client: ClientHandle, params: EndSessionParams, options?: RequestOptions): Promise<GuestStarSession | null> {
  return callOperation(client, endSessionOperation, params, options);
}
