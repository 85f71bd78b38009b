import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, stringParam, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkNeededWhen } from '../rules';
import type { CustomRewardRedemption, RedemptionStatus } from '../types';

/** Parameters of `customRewardRedemptions`: the reward, then `status` or `id`. */
export interface CustomRewardRedemptionsParams {
  /** The broadcaster who owns the reward; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The reward whose redemptions are listed. */
  reward_id: string;
  /**
   * Only redemptions in this state; needed unless `id` is given. CANCELED and FULFILLED ones are
   * kept for a few days only.
   */
  status?: RedemptionStatus;
  /** Only these redemptions; a list longer than 50 is split into requests of 50, walked in order. */
  id?: string | string[];
  /** `OLDEST` (the platform's default) or `NEWEST` first. */
  sort?: 'OLDEST' | 'NEWEST';
  /** Page size, 1 to 50 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `channelPoints.customRewardRedemptions`: GET /channel_points/custom_rewards/redemptions, user token, channel:read:redemptions or channel:manage:redemptions. */
export const customRewardRedemptionsOperation = /* @__PURE__ */ defineOperation<CustomRewardRedemptionsParams, CustomRewardRedemption>({
  name: 'channelPoints.customRewardRedemptions',
  method: 'GET',
  path: '/channel_points/custom_rewards/redemptions',
  token: 'user',
  scopes: ['channel:read:redemptions', 'channel:manage:redemptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    reward_id: { type: 'string', in: 'query', required: true },
    status: { type: stringParam, in: 'query', oneOf: ['CANCELED', 'FULFILLED', 'UNFULFILLED'] },
    id: { type: idsParam, in: 'query', chunk: 50 },
    sort: { type: stringParam, in: 'query', oneOf: ['OLDEST', 'NEWEST'] },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 50 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the redemptions of a custom reward, as a paginator: await it for the first page, or
 * iterate every redemption. Only the app that created the reward may read its redemptions.
 *
 * Token: user (the broadcaster's); channel:read:redemptions or channel:manage:redemptions.
 * Limits: `status` needed unless `id` is given; `first` 1 to 50; `id` any number (split into
 * requests of 50 and joined in order).
 *
 * @platformName Get Custom Reward Redemption
 * @throws PlatformError when a limit is broken, `reward_id` is missing, or neither `status` nor
 * `id` is given (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks both scopes.
 * @throws PlatformApiError when the platform refuses a page (403 when another app created the
 * reward; 404 when none of the IDs in `id` exists).
 * @example
 * for await (const redemption of customRewardRedemptions(client, { reward_id: reward.id, status: 'UNFULFILLED' })) console.log(redemption.user_input);
 */
export function customRewardRedemptions(
  client: ClientHandle,
  params: CustomRewardRedemptionsParams,
  options?: RequestOptions,
): Paginator<CustomRewardRedemption, OperationPage<CustomRewardRedemption>> {
  params = ownParams(params); // its rules read what is sent
  checkNeededWhen(customRewardRedemptionsOperation.name, params, 'status', 'id');
  return paginateOperation(client, customRewardRedemptionsOperation, params, options);
}
