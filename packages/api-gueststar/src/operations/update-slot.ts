import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { manageScopes } from '../scopes';

/**
 * Parameters of `updateSlot()`.
 *
 * Beta: the platform may change this operation.
 */
export interface UpdateSlotParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
  /** The slot of the guest to move. */
  source_slot_id: string;
  /** Where the guest goes; a guest already there swaps places with them. */
  destination_slot_id?: string;
}

/**
 * `PATCH /guest_star/slot`: moves a seated guest; every parameter in the query.
 *
 * Beta: the platform may change this operation.
 */
export const updateSlotOperation = /* @__PURE__ */ defineOperation<UpdateSlotParams, void>({
  name: 'guestStar.updateSlot',
  method: 'PATCH',
  path: '/guest_star/slot',
  token: 'user',
  scopes: manageScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    session_id: { type: 'string', in: 'query', required: true },
    source_slot_id: { type: 'string', in: 'query', required: true },
    destination_slot_id: { type: 'string', in: 'query' },
  },
  result: voidResult,
});

/**
 * Moves a seated guest to another slot; when the destination is taken, the two guests swap.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with channel:manage:guest_star
 * or moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * Limits: slot IDs are strings holding a number from 1 up to the channel's slot count (at most 6).
 *
 * @platformName Update Guest Star Slot
 * @throws PlatformError when broadcaster_id, session_id or source_slot_id is missing or a
 *   parameter has the wrong type (slot IDs must be strings), before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds neither scope.
 * @throws PlatformApiError when the platform refuses the call (404: no guest in the source slot).
 * @example
 * await updateSlot(client, { broadcaster_id, session_id, source_slot_id: '1', destination_slot_id: '2' });
 */
export function updateSlot(client: ClientHandle, params: UpdateSlotParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, updateSlotOperation, params, options);
}
