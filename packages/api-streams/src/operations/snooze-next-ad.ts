import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { SnoozedAd } from '../types';

/** Parameters of `snoozeNextAd`. */
export interface SnoozeNextAdParams {
  /** The broadcaster; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `ads.snoozeNextAd`: POST /channels/ads/schedule/snooze, user token, channel:manage:ads; everything in the query. */
export const snoozeNextAdOperation = /* @__PURE__ */ defineOperation<SnoozeNextAdParams, SnoozedAd>({
  name: 'ads.snoozeNextAd',
  method: 'POST',
  path: '/channels/ads/schedule/snooze',
  token: 'user',
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
 * Token: user; channel:manage:ads.
 *
 * @platformName Snooze Next Ad
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when the channel is not live or no ad is scheduled).
 * @throws PlatformRateLimitError when no snooze is left (the platform answers 429) and retries are exhausted.
 * @example
 * const { snooze_count, next_ad_at } = await snoozeNextAd(client);
 */
export function snoozeNextAd(client: ClientHandle, params: SnoozeNextAdParams = {}, options?: RequestOptions): Promise<SnoozedAd> {
  return callOperation(client, snoozeNextAdOperation, params, options);
}
