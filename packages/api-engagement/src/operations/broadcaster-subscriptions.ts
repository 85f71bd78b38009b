import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkNotWith } from '../rules';
import type { BroadcasterSubscription, BroadcasterSubscriptionsExtra } from '../types';

/** Parameters of `broadcasterSubscriptions`; every field is optional. */
export interface BroadcasterSubscriptionsParams {
  /** The broadcaster whose subscribers are listed; defaults to the user whose token is used (set it with the app token). */
  broadcaster_id?: string;
  /** Only these subscribers; a list longer than 100 is split into requests of 100, walked in order. Not with `after` or `before`. */
  user_id?: string | string[];
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after; not with `user_id`. */
  after?: string;
  /** The cursor to start before (pages are then read backwards); not with `user_id`. */
  before?: string;
}

/** Declaration of `subscriptions.broadcasterSubscriptions`: GET /subscriptions, either token, channel:read:subscriptions. */
export const broadcasterSubscriptionsOperation = /* @__PURE__ */ defineOperation<BroadcasterSubscriptionsParams, BroadcasterSubscription>({
  name: 'subscriptions.broadcasterSubscriptions',
  method: 'GET',
  path: '/subscriptions',
  token: 'either',
  scopes: ['channel:read:subscriptions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    user_id: { type: idsParam, in: 'query', chunk: 100 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the users who subscribe to the broadcaster, as a paginator: await it for the first page
 * (its `raw` also holds the channel's subscriber `points` and `total`), or iterate every
 * subscriber. With `user_id`, only those users who subscribe.
 *
 * Token: user (the broadcaster's); channel:read:subscriptions. An extension may use its app token
 * when the broadcaster granted the scope in the extensions manager; `broadcaster_id` is then needed.
 * Limits: `first` 1 to 100; `user_id` any number (split into requests of 100 and joined in order),
 * not combined with `after` or `before`. With `user_id` the platform sends `total` and `points` as
 * null, and `total()` counts the subscribers it lists.
 *
 * @platformName Get Broadcaster Subscriptions
 * @throws PlatformError when a limit is broken or `after` or `before` comes with `user_id` (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const page = await broadcasterSubscriptions(client, { first: 100 });
 * console.log(`${page.raw.total} subscribers, ${page.raw.points} points`);
 */
export function broadcasterSubscriptions(
  client: ClientHandle,
  params?: BroadcasterSubscriptionsParams,
  options?: RequestOptions,
): Paginator<BroadcasterSubscription, OperationPage<BroadcasterSubscription, BroadcasterSubscriptionsExtra>> {
  params = ownParams(params); // its rules read what is sent
  checkNotWith(broadcasterSubscriptionsOperation.name, params, 'after', 'user_id');
  checkNotWith(broadcasterSubscriptionsOperation.name, params, 'before', 'user_id');
  return paginateOperation(client, broadcasterSubscriptionsOperation, params, options);
}
