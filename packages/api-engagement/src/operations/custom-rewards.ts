import { booleanParam, callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CustomReward } from '../types';

/** Parameters of `customRewards`; every field is optional. */
export interface CustomRewardsParams {
  /** The broadcaster whose rewards are listed; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** Only these rewards, at most 50 (a channel holds at most 50 rewards). */
  id?: string | string[];
  /** true: only the rewards this app (the client ID) may manage (the platform's default is false). */
  only_manageable_rewards?: boolean;
}

/** Declaration of `channelPoints.customRewards`: GET /channel_points/custom_rewards, user token, channel:read:redemptions or channel:manage:redemptions. */
export const customRewardsOperation = /* @__PURE__ */ defineOperation<CustomRewardsParams, CustomReward[]>({
  name: 'channelPoints.customRewards',
  method: 'GET',
  path: '/channel_points/custom_rewards',
  token: 'user',
  scopes: ['channel:read:redemptions', 'channel:manage:redemptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: idsParam, in: 'query', maxLength: 50 },
    only_manageable_rewards: { type: booleanParam, in: 'query' },
  },
  result: dataResult,
});

/**
 * Lists the custom rewards of the broadcaster's channel, in ascending order of ID; an empty list
 * when there are none. With `id`, only those that exist come back.
 *
 * Token: user (the broadcaster's); channel:read:redemptions or channel:manage:redemptions.
 * Limits: `id` 1 to 50.
 *
 * @platformName Get Custom Reward
 * @throws PlatformError when `id` holds more than 50 IDs (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks both scopes.
 * @throws PlatformApiError when the platform refuses the call (403 when the broadcaster is not a
 * partner or affiliate; 404 when none of the IDs in `id` exists).
 * @example
 * const mine = await customRewards(client, { only_manageable_rewards: true });
 */
export function customRewards(client: ClientHandle, params?: CustomRewardsParams, options?: RequestOptions): Promise<CustomReward[]> {
  return callOperation(client, customRewardsOperation, params, options);
}
