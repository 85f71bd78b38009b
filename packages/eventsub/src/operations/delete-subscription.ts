import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { appTokenByDefault } from '../checks';

/** Parameters of `deleteSubscription`. */
export interface DeleteSubscriptionParams {
  /** The subscription's ID. */
  id: string;
}

/**
 * Declaration of `eventsub.deleteSubscription`: DELETE /eventsub/subscriptions, either token (the
 * app token for webhook and conduit subscriptions, the user's token for their WebSocket ones), no scope.
 */
export const deleteSubscriptionOperation = /* @__PURE__ */ defineOperation<DeleteSubscriptionParams, void>({
  name: 'eventsub.deleteSubscription',
  method: 'DELETE',
  path: '/eventsub/subscriptions',
  token: 'either',
  scopes: [],
  params: {
    id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Deletes an EventSub subscription; no event of it is sent afterwards.
 *
 * Token: the app token for webhook and conduit subscriptions, a user's token for their WebSocket
 * ones; the platform answers 404 to a subscription the token cannot see. A call that names no
 * identity (`as` or `token`, on the call or the `client.as()` view) uses the app token when the
 * client has a clientSecret, else the single registered user's token (in a browser). Choose with
 * `{ as: 'app' }` or `{ as: userId }`.
 *
 * @platformName Delete EventSub Subscription
 * @throws PlatformError when `id` is missing (nothing is sent).
 * @throws PlatformAuthError when there is no such token (the app token needs a clientSecret).
 * @throws PlatformApiError when the platform refuses the call (404 for a subscription it does not have, or that belongs to the other token kind).
 * @example
 * for await (const subscription of subscriptions(client, { status: 'webhook_callback_verification_failed' })) {
 *   await deleteSubscription(client, { id: subscription.id });
 * }
 */
export async function deleteSubscription(client: ClientHandle, params: DeleteSubscriptionParams, options?: RequestOptions): Promise<void> {
  await callOperation(client, deleteSubscriptionOperation, params, appTokenByDefault(client, options));
}
