import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { manageScopes } from '../scopes';

/**
 * Parameters of `assignSlot()`.
 *
 * Beta: the platform may change this operation.
 */
export interface AssignSlotParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
  /** The guest to seat; they must be invited and `READY`. */
  guest_id: string;
  /** The slot, a number written as a string: `"1"` up to the channel's slot count. */
  slot_id: string;
}

/**
 * `POST /guest_star/slot`: seats a ready guest in a slot; every parameter in the query.
 *
 * Beta: the platform may change this operation.
 */
export const assignSlotOperation = /* @__PURE__ */ defineOperation<AssignSlotParams, void>({
  name: 'guestStar.assignSlot',
  method: 'POST',
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
  },
  result: voidResult,
});

/**
 * Seats an invited, `READY` guest in an empty slot of a running session.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with channel:manage:guest_star
 * or moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * Limits: slot_id is a string holding a number from 1 up to the channel's slot count (at most 6).
 *
 * @platformName Assign Guest Star Slot
 * @throws PlatformError when broadcaster_id, session_id, guest_id or slot_id is missing or a
 *   parameter has the wrong type (slot_id must be a string), before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds neither scope.
 * @throws PlatformApiError when the platform refuses the call (403: the host slot, a guest not
 *   invited or not ready, or a guest already seated).
 * @example
 * await assignSlot(client, { broadcaster_id, session_id, guest_id: '5678', slot_id: '1' });
 */
export function assignSlot(client: ClientHandle, params: AssignSlotParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, assignSlotOperation, params, options);
}
