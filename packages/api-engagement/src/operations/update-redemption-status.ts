import { callOperation, dataResult, defineOperation, idsParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CustomRewardRedemption } from '../types';

/** Parameters of `updateRedemptionStatus`. */
export interface UpdateRedemptionStatusParams {
  /** The broadcaster who owns the reward; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The reward that was redeemed. */
  reward_id: string;
  /** The redemptions to change, 1 to 50; each must still be UNFULFILLED. */
  id: string | string[];
  /** `FULFILLED`, or `CANCELED`, which refunds the viewer's Channel Points. */
  status: 'FULFILLED' | 'CANCELED';
}

/** Declaration of `channelPoints.updateRedemptionStatus`: PATCH /channel_points/custom_rewards/redemptions, user token, channel:manage:redemptions. */
export const updateRedemptionStatusOperation = /* @__PURE__ */ defineOperation<UpdateRedemptionStatusParams, CustomRewardRedemption[]>({
  name: 'channelPoints.updateRedemptionStatus',
  method: 'PATCH',
  path: '/channel_points/custom_rewards/redemptions',
  token: 'user',
  scopes: ['channel:manage:redemptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    reward_id: { type: 'string', in: 'query', required: true },
    id: { type: idsParam, in: 'query', required: true, maxLength: 50 },
    status: { type: stringParam, in: 'body', required: true, oneOf: ['FULFILLED', 'CANCELED'] },
  },
  result: dataResult,
});

/**
 * Fulfils or cancels redemptions of a custom reward; canceling refunds the viewer's Channel
 * Points. Only UNFULFILLED redemptions can change, and only the app that created the reward may
 * change them. Resolves with the redemptions changed. The IDs go in one request (not split), so
 * one call changes at most 50.
 *
 * Token: user (the broadcaster's); channel:manage:redemptions.
 * Limits: `id` 1 to 50; `status` `FULFILLED` or `CANCELED`.
 *
 * @platformName Update Redemption Status
 * @throws PlatformError when a limit is broken or `reward_id`, `id` or `status` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when another app created the
 * reward; 404 when the reward is unknown or no redemption in `id` is UNFULFILLED).
 * @example
 * await updateRedemptionStatus(client, { reward_id: event.reward.id, id: event.id, status: 'FULFILLED' });
 */
export function updateRedemptionStatus(client: ClientHandle, params: UpdateRedemptionStatusParams, options?: RequestOptions): Promise<CustomRewardRedemption[]> {
  return callOperation(client, updateRedemptionStatusOperation, params, options);
}
