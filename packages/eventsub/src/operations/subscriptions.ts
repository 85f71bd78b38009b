import { defineOperation, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { appTokenByDefault, checkOneFilter } from '../checks';
import type { EventSubSubscription, EventSubSubscriptionCounts, EventSubSubscriptionStatus } from '../resources';

/** Parameters of `subscriptions`: one filter at most (`status`, `type`, `user_id`, `subscription_id` or `conduit_id`). */
export interface SubscriptionsParams {
  /** Only the subscriptions in this status, such as `enabled` or `authorization_revoked`. */
  status?: EventSubSubscriptionStatus;
  /** Only the subscriptions of this type, such as `channel.follow`. */
  type?: string;
  /** Only the subscriptions whose condition names this user (in any `*user_id` field). */
  user_id?: string;
  /** The subscription with this ID, or none. */
  subscription_id?: string;
  /** Only the subscriptions that deliver to this conduit (an app token's). */
  conduit_id?: string;
  /** The cursor to start after. */
  after?: string;
}

/** A page of `subscriptions`: `raw` also holds the platform's `total`, `total_cost` and `max_total_cost`. */
export type SubscriptionsPage = OperationPage<EventSubSubscription, EventSubSubscriptionCounts>;

/**
 * Declaration of `eventsub.subscriptions`: GET /eventsub/subscriptions, either token (the app token
 * lists the webhook and conduit subscriptions, a user token that user's WebSocket ones), no scope.
 */
export const subscriptionsOperation = /* @__PURE__ */ defineOperation<SubscriptionsParams, EventSubSubscription>({
  name: 'eventsub.subscriptions',
  method: 'GET',
  path: '/eventsub/subscriptions',
  token: 'either',
  scopes: [],
  params: {
    status: { type: 'string', in: 'query' },
    type: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'query' },
    subscription_id: { type: 'string', in: 'query' },
    conduit_id: { type: 'string', in: 'query' },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the EventSub subscriptions the client created, oldest first, page after page (the
 * platform chooses the page size), in every status: for clean-up scripts and dashboards.
 *
 * Token: the app token lists the webhook and conduit subscriptions, a user's token that user's
 * WebSocket ones. A call that names no identity (`as` or `token`, on the call or the
 * `client.as()` view) uses the app token when the client has a clientSecret, else the single
 * registered user's token (in a browser). Choose with `{ as: 'app' }` or `{ as: userId }`.
 * Limits: one filter at most: `status`, `type`, `user_id`, `subscription_id` or `conduit_id`.
 * `total()` counts the subscriptions of this list. The platform's own figures are on every page's
 * `raw`: `total` (every subscription of the token, whatever the filter, a few seconds behind),
 * `total_cost` and `max_total_cost`.
 *
 * @platformName Get EventSub Subscriptions
 * @throws PlatformError when two filters are given (nothing is sent).
 * @throws PlatformAuthError when there is no such token (the app token needs a clientSecret).
 * @throws PlatformApiError when the platform refuses the call (400 for an unknown `status` or `type`, or a bad cursor).
 * @example
 * const first = await subscriptions(client);
 * console.log(`${first.raw.total_cost} of ${first.raw.max_total_cost} used`);
 * for await (const subscription of subscriptions(client, { status: 'authorization_revoked' })) console.log(subscription.type, subscription.condition);
 * const onConduit = await subscriptions(client, { conduit_id }).all();
 */
export function subscriptions(client: ClientHandle, params?: SubscriptionsParams, options?: RequestOptions): Paginator<EventSubSubscription, SubscriptionsPage> {
  params = ownParams(params); // its rules read what is sent
  checkOneFilter(subscriptionsOperation.name, params);
  const paginator = paginateOperation<SubscriptionsParams, EventSubSubscription, EventSubSubscriptionCounts>(client, subscriptionsOperation, params, appTokenByDefault(client, options));
  // The platform's `total` counts every subscription of the token, not this list's: count the list.
  paginator.total = async () => {
    let count = 0;
    for await (const page of paginator.pages()) count += page.data.length;
    return count;
  };
  return paginator;
}
