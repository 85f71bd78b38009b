import { callOperation, defineOperation, firstOrNullResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { readScopes } from '../scopes';
import type { GuestStarSession } from '../types';

/**
 * Parameters of `session()`.
 *
 * Beta: the platform may change this operation.
 */
export interface SessionParams {
  /** The channel whose session is read. */
  broadcaster_id: string;
  /**
   * The reading user: the broadcaster, one of their moderators, or a guest invited to or seated
   * in the session. Defaults to the user whose token is used.
   */
  moderator_id?: string;
}

/**
 * `GET /guest_star/session`: a channel's running guest star session, or null.
 *
 * Beta: the platform may change this operation.
 */
export const sessionOperation = /* @__PURE__ */ defineOperation<SessionParams, GuestStarSession | null>({
  name: 'guestStar.session',
  method: 'GET',
  path: '/guest_star/session',
  token: 'user',
  scopes: readScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: firstOrNullResult,
});

/**
 * Reads a channel's running guest star session with everyone holding a slot; null when none runs.
 * A guest can read it once invited or seated.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token (broadcaster, moderator, or invited or seated guest) with any of
 * channel:read:guest_star, channel:manage:guest_star, moderator:read:guest_star or
 * moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * @platformName Get Guest Star Session
 * @throws PlatformError when broadcaster_id is missing or a parameter has the wrong type, before
 *   anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds none of the scopes.
 * @throws PlatformApiError when the platform refuses the call (403: neither moderator nor guest).
 * @example
 * const current = await session(client, { broadcaster_id: '1234' });
 * if (current) console.log(current.guests.length);
 */
export function session(client: ClientHandle, params: SessionParams, options?: RequestOptions): Promise<GuestStarSession | null> {
  return callOperation(client, sessionOperation, params, options);
}
