import { booleanParam, callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { manageScopes } from '../scopes';

/**
 * Parameters of `deleteSlot()`.
 *
 * Beta: the platform may change this operation.
 */
export interface DeleteSlotParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
  /** The seated guest. */
  guest_id: string;
  /** The slot the guest holds. */
  slot_id: string;
  /** Put the guest back in the invitation queue. */
  should_reinvite_guest?: boolean;
}

/**
 * `DELETE /guest_star/slot`: removes a guest from their slot; every parameter in the query.
 *
 * Beta: the platform may change this operation.
 */
export const deleteSlotOperation = /* @__PURE__ */ defineOperation<DeleteSlotParams, void>({
  name: 'guestStar.deleteSlot',
  method: 'DELETE',
  path: '/guest_star/slot',
  token: 'user',
  scopes: manageScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    session_id: { type: 'string', in: 'query', required: true },
    guest_id: { type: 'string', in: 'query', required: true },
    slot_id: { type: 'string', in: 'query', required: true },
    should_reinvite_guest: { type: booleanParam, in: 'query' },
  },
  result: voidResult,
});

/**
 * Removes a guest from their slot; they lose access at once. With `should_reinvite_guest: true`
 * they go back to the invitation queue.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with channel:manage:guest_star
 * or moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * @platformName Delete Guest Star Slot
 * @throws PlatformError when broadcaster_id, session_id, guest_id or slot_id is missing or a
 *   parameter has the wrong type (slot_id must be a string), before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds neither scope.
 * @throws PlatformApiError when the platform refuses the call (403: a restricted slot; 404: the
 *   guest is not in that slot).
 * @example
 * await deleteSlot(client, { broadcaster_id, session_id, guest_id: '5678', slot_id: '1', should_reinvite_guest: true });
 */
export function deleteSlot(client: ClientHandle, params: DeleteSlotParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, deleteSlotOperation, params, options);
}
