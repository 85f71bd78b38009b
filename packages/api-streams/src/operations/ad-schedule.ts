import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { AdSchedule } from '../types';

/** Parameters of `adSchedule`. */
export interface AdScheduleParams {
  /** The broadcaster; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `ads.adSchedule`: GET /channels/ads, user token, channel:read:ads. */
export const adScheduleOperation = /* @__PURE__ */ defineOperation<AdScheduleParams, AdSchedule>({
  name: 'ads.adSchedule',
  method: 'GET',
  path: '/channels/ads',
  token: 'user',
  scopes: ['channel:read:ads'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets the channel's ad schedule: the next and last ad break, the snoozes left and the pre-roll
 * free time. A new ad cannot run until 8 minutes after the previous one.
 *
 * Token: user; channel:read:ads.
 *
 * @platformName Get Ad Schedule
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { next_ad_at, snooze_count } = await adSchedule(client);
 */
export function adSchedule(client: ClientHandle, params: AdScheduleParams = {}, options?: RequestOptions): Promise<AdSchedule> {
  return callOperation(client, adScheduleOperation, params, options);
}
