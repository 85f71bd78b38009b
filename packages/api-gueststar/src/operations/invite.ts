import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { manageScopes } from '../scopes';

/**
 * Parameters of `invite()`.
 *
 * Beta: the platform may change this operation.
 */
export interface InviteParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
  /** The user to invite. */
  guest_id: string;
}

/**
 * `POST /guest_star/invites`: invites a guest to a session; every parameter in the query.
 *
 * Beta: the platform may change this operation.
 */
export const inviteOperation = /* @__PURE__ */ defineOperation<InviteParams, void>({
  name: 'guestStar.invite',
  method: 'POST',
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
 * Invites a user to a running guest star session; they join the invitation queue as `INVITED`.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with channel:manage:guest_star
 * or moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * @platformName Send Guest Star Invite
 * @throws PlatformError when broadcaster_id, session_id or guest_id is missing or a parameter has
 *   the wrong type, before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds neither scope.
 * @throws PlatformApiError when the platform refuses the call (403: already invited or not allowed).
 * @example
 * await invite(client, { broadcaster_id, session_id, guest_id: '5678' });
 */
export function invite(client: ClientHandle, params: InviteParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, inviteOperation, params, options);
}
