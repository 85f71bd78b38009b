import { callOperation, defineOperation, firstResult, numberParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Conduit } from '../resources';

/** Parameters of `createConduit`. */
export interface CreateConduitParams {
  /** How many shards the conduit has: a whole number, 1 or more (the platform's maximum is 20,000, subject to change). */
  shard_count: number;
}

/** Declaration of `eventsub.createConduit`: POST /eventsub/conduits, app token, no scope. */
export const createConduitOperation = /* @__PURE__ */ defineOperation<CreateConduitParams, Conduit>({
  name: 'eventsub.createConduit',
  method: 'POST',
  path: '/eventsub/conduits',
  token: 'app',
  scopes: [],
  params: {
    shard_count: { type: numberParam, in: 'body', required: true, min: 1, integer: true },
  },
  result: firstResult,
});

/**
 * Creates a conduit with `shard_count` shards, none of them bound yet: give each a WebSocket
 * session or a webhook callback with `updateConduitShards`, then subscribe with the transport
 * `{ method: 'conduit', conduit_id }`. The conduit listener (`client.eventsub.conduit()`) does all
 * of that with this same operation.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 * Limits: `shard_count` a whole number, 1 or more. The platform allows 5 conduits per client.
 *
 * @platformName Create Conduits
 * @throws PlatformError when `shard_count` is missing, not a whole number or below 1 (nothing is sent).
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses the call (400 for a shard count it does not take, 429 when the client has its maximum of conduits).
 * @example
 * const conduit = await createConduit(client, { shard_count: 2 });
 */
export async function createConduit(client: ClientHandle, params: CreateConduitParams, options?: RequestOptions): Promise<Conduit> {
  return await callOperation(client, createConduitOperation, params, options);
}
