import { callOperation, defineOperation, firstResult, numberParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Conduit } from '../resources';

/** Parameters of `updateConduit`. */
export interface UpdateConduitParams {
  /** The conduit's ID. */
  id: string;
  /** The new shard count, 1 or more; shards at and above it are removed. */
  shard_count: number;
}

/** Declaration of `eventsub.updateConduit`: PATCH /eventsub/conduits, app token, no scope. */
export const updateConduitOperation = /* @__PURE__ */ defineOperation<UpdateConduitParams, Conduit>({
  name: 'eventsub.updateConduit',
  method: 'PATCH',
  path: '/eventsub/conduits',
  token: 'app',
  scopes: [],
  params: {
    id: { type: 'string', in: 'body', required: true },
    shard_count: { type: numberParam, in: 'body', required: true, min: 1, integer: true },
  },
  result: firstResult,
});

/**
 * Changes a conduit's shard count and resolves with the conduit. Lowering it removes the shards
 * at and above the new count (from 100 to 50: shards 50 to 99); raising it adds unbound shards.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 * Limits: `shard_count` a whole number, 1 or more.
 *
 * @platformName Update Conduits
 * @throws PlatformError when a parameter is missing or `shard_count` is not a whole number, 1 or more (nothing is sent).
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses the call (404 for a conduit of another client or none).
 * @example
 * await updateConduit(client, { id: conduitId, shard_count: 4 });
 */
export async function updateConduit(client: ClientHandle, params: UpdateConduitParams, options?: RequestOptions): Promise<Conduit> {
  return await callOperation(client, updateConduitOperation, params, options);
}
