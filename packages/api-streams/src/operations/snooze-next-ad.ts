import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { SnoozedAd } from '../types';

/** Parameters of `snoozeNextAd`. */
export interface SnoozeNextAdParams {
  /**
   * The broadcaster. With a user token it defaults to that user, whom the platform requires it to
   * be; with the app token it must be given.
   */
  broadcaster_id?: string;
}

/** Declaration of `ads.snoozeNextAd`: POST /channels/ads/schedule/snooze, either token, channel:manage:ads; everything in the query. */
export const snoozeNextAdOperation = /* @__PURE__ */ defineOperation<SnoozeNextAdParams, SnoozedAd>({
  name: 'ads.snoozeNextAd',
  method: 'POST',
  path: '/channels/ads/schedule/snooze',
  token: 'either',
  scopes: ['channel:manage:ads'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Pushes the next scheduled mid-roll ad back by 5 minutes, using one of the broadcaster's
 * snoozes, and resolves with the schedule after it.
 *
 * Token: user (the broadcaster's) or app; channel:manage:ads. The app token works too, with
 * `broadcaster_id` set to a broadcaster who granted the app channel:manage:ads.
 *
 * @platformName Snooze Next Ad
 * @throws PlatformAuthError when no token fits the call (with the app token, `broadcaster_id` is needed); PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when the channel is not live or no ad is scheduled).
 * @throws PlatformRateLimitError when no snooze is left (the platform answers 429) and retries are exhausted.
 * @example
 * const { snooze_count, next_ad_at } = await snoozeNextAd(client);
 */
export function snoozeNextAd(client: ClientHandle, params: SnoozeNextAdParams = {}, options?: RequestOptions): Promise<SnoozedAd> {
  return callOperation(client, snoozeNextAdOperation, params, options);
}
