import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import { readScopes } from '../scopes';
import type { GuestStarInvite } from '../types';

/**
 * Parameters of `invites()`.
 *
 * Beta: the platform may change this operation.
 */
export interface InvitesParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
}

/**
 * `GET /guest_star/invites`: the invitation queue of a session.
 *
 * Beta: the platform may change this operation.
 */
export const invitesOperation = /* @__PURE__ */ defineOperation<InvitesParams, GuestStarInvite[]>({
  name: 'guestStar.invites',
  method: 'GET',
  path: '/guest_star/invites',
  token: 'user',
  scopes: readScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    session_id: { type: 'string', in: 'query', required: true },
  },
  result: dataResult,
});

/**
 * Lists the guests invited to a session and where each stands (`INVITED`, `ACCEPTED`, `READY`).
 * The list is not paged.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with any of
 * channel:read:guest_star, channel:manage:guest_star, moderator:read:guest_star or
 * moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * @platformName Get Guest Star Invites
 * @throws PlatformError when broadcaster_id or session_id is missing or a parameter has the wrong
 *   type, before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds none of the scopes.
 * @throws PlatformApiError when the platform refuses the call (403: not a moderator; 404: unknown session).
 * @example
 * const ready = (await invites(client, { broadcaster_id, session_id })).filter((guest) => guest.status === 'READY');
 */
export function invites(client: ClientHandle, params: InvitesParams, options?: RequestOptions): Promise<GuestStarInvite[]> {
  return callOperation(client, invitesOperation, params, options);
}
