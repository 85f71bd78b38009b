import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UserSubscription } from '../types';

/** Parameters of `checkUserSubscription`. */
export interface CheckUserSubscriptionParams {
  /** The broadcaster (a partner or affiliate) the user may subscribe to. */
  broadcaster_id: string;
  /** The user whose subscription is checked; defaults to the user whose token is used, which the platform requires it to be (set it with the app token). */
  user_id?: string;
}

/** Declaration of `subscriptions.checkUserSubscription`: GET /subscriptions/user, either token, user:read:subscriptions. */
export const checkUserSubscriptionOperation = /* @__PURE__ */ defineOperation<CheckUserSubscriptionParams, UserSubscription>({
  name: 'subscriptions.checkUserSubscription',
  method: 'GET',
  path: '/subscriptions/user',
  token: 'either',
  scopes: ['user:read:subscriptions'],
  actingUser: 'user_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    user_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Checks whether the user subscribes to the broadcaster: resolves with the subscription (its
 * tier, and the gifter for a gift). The platform answers 404 when the user does not subscribe,
 * which rejects with a PlatformApiError whose `status` is 404.
 *
 * Token: user (the subscriber's); user:read:subscriptions. An extension may use its app token
 * when the broadcaster granted the scope in the extensions manager; `user_id` is then needed.
 *
 * @platformName Check User Subscription
 * @throws PlatformError when `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when the user does not subscribe).
 * @example
 * const subscription = await checkUserSubscription(client, { broadcaster_id: '149747285' }).catch((error: unknown) => {
 *   if (error instanceof PlatformApiError && error.status === 404) return null;
 *   throw error;
 * });
 */
export function checkUserSubscription(client: ClientHandle, params: CheckUserSubscriptionParams, options?: RequestOptions): Promise<UserSubscription> {
  return callOperation(client, checkUserSubscriptionOperation, params, options);
}
