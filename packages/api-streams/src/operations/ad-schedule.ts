import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { AdSchedule } from '../types';

/** Parameters of `adSchedule`. */
export interface AdScheduleParams {
  /**
   * The broadcaster. With a user token it defaults to that user, whom the platform requires it to
   * be; with the app token it must be given.
   */
  broadcaster_id?: string;
}

/** Declaration of `ads.adSchedule`: GET /channels/ads, either token, channel:read:ads. */
export const adScheduleOperation = /* @__PURE__ */ defineOperation<AdScheduleParams, AdSchedule>({
  name: 'ads.adSchedule',
  method: 'GET',
  path: '/channels/ads',
  token: 'either',
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
 * Token: user (the broadcaster's) or app; channel:read:ads. The app token works too, with
 * `broadcaster_id` set to a broadcaster who granted the app channel:read:ads.
 *
 * @platformName Get Ad Schedule
 * @throws PlatformAuthError when no token fits the call (with the app token, `broadcaster_id` is needed); PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { next_ad_at, snooze_count } = await adSchedule(client);
 */
export function adSchedule(client: ClientHandle, params: AdScheduleParams = {}, options?: RequestOptions): Promise<AdSchedule> {
  return callOperation(client, adScheduleOperation, params, options);
}
