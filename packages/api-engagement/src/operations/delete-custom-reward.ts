import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `deleteCustomReward`. */
export interface DeleteCustomRewardParams {
  /** The broadcaster who created the reward; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The reward to delete. */
  id: string;
}

/** Declaration of `channelPoints.deleteCustomReward`: DELETE /channel_points/custom_rewards, user token, channel:manage:redemptions. */
export const deleteCustomRewardOperation = /* @__PURE__ */ defineOperation<DeleteCustomRewardParams, void>({
  name: 'channelPoints.deleteCustomReward',
  method: 'DELETE',
  path: '/channel_points/custom_rewards',
  token: 'user',
  scopes: ['channel:manage:redemptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Deletes a custom reward. Only the app that created the reward may delete it; its redemptions
 * still UNFULFILLED become FULFILLED.
 *
 * Token: user (the broadcaster's); channel:manage:redemptions.
 *
 * @platformName Delete Custom Reward
 * @throws PlatformError when `id` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when another app created the
 * reward; 404 when the reward is unknown).
 * @example
 * await deleteCustomReward(client, { id: reward.id });
 */
export function deleteCustomReward(client: ClientHandle, params: DeleteCustomRewardParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, deleteCustomRewardOperation, params, options);
}
