import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `deleteConduit`. */
export interface DeleteConduitParams {
  /** The conduit's ID. */
  id: string;
}

/** Declaration of `eventsub.deleteConduit`: DELETE /eventsub/conduits, app token, no scope. */
export const deleteConduitOperation = /* @__PURE__ */ defineOperation<DeleteConduitParams, void>({
  name: 'eventsub.deleteConduit',
  method: 'DELETE',
  path: '/eventsub/conduits',
  token: 'app',
  scopes: [],
  params: {
    id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Deletes a conduit. Its subscriptions stop, and `subscriptions()` lists them disabled a little
 * later (`conduit_deleted`); delete them with `deleteSubscription`.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 *
 * @platformName Delete Conduit
 * @throws PlatformError when `id` is missing (nothing is sent).
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses the call (404 for a conduit of another client or none).
 * @example
 * await deleteConduit(client, { id: conduitId });
 */
export async function deleteConduit(client: ClientHandle, params: DeleteConduitParams, options?: RequestOptions): Promise<void> {
  await callOperation(client, deleteConduitOperation, params, options);
}
