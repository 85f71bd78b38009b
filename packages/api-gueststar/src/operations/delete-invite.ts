import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { manageScopes } from '../scopes';

/**
 * Parameters of `deleteInvite()`.
 *
 * Beta: the platform may change this operation.
 */
export interface DeleteInviteParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
  /** The invited user. */
  guest_id: string;
}

/**
 * `DELETE /guest_star/invites`: withdraws an invitation; every parameter in the query.
 *
 * Beta: the platform may change this operation.
 */
export const deleteInviteOperation = /* @__PURE__ */ defineOperation<DeleteInviteParams, void>({
  name: 'guestStar.deleteInvite',
  method: 'DELETE',
  path: '/guest_star/invites',
  token: 'user',
  scopes: manageScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    session_id: { type: 'string', in: 'query', required: true },
    guest_id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Withdraws a guest's invitation to a session, whatever its status.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with channel:manage:guest_star
 * or moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * @platformName Delete Guest Star Invite
 * @throws PlatformError when broadcaster_id, session_id or guest_id is missing or a parameter has
 *   the wrong type, before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds neither scope.
 * @throws PlatformApiError when the platform refuses the call (403: `moderator_id` may not delete
 * the broadcaster's invitations; 404: the guest has no invitation).
 * @example
 * await deleteInvite(client, { broadcaster_id, session_id, guest_id: '5678' });
 */
export function deleteInvite(client: ClientHandle, params: DeleteInviteParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, deleteInviteOperation, params, options);
}
