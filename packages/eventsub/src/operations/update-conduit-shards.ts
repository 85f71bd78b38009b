import { callOperation, defineOperation, envelopeResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { shardUpdatesParam } from '../checks';
import type { ConduitShardsUpdate, ConduitShardUpdate } from '../resources';

/** Parameters of `updateConduitShards`. */
export interface UpdateConduitShardsParams {
  /** The conduit's ID. */
  conduit_id: string;
  /** 1 to 100 shards, each with its new transport: a WebSocket session or a webhook callback. */
  shards: readonly ConduitShardUpdate[];
}

/** Declaration of `eventsub.updateConduitShards`: PATCH /eventsub/conduits/shards, app token, no scope. */
export const updateConduitShardsOperation = /* @__PURE__ */ defineOperation<UpdateConduitShardsParams, ConduitShardsUpdate>({
  name: 'eventsub.updateConduitShards',
  method: 'PATCH',
  path: '/eventsub/conduits/shards',
  token: 'app',
  scopes: [],
  params: {
    conduit_id: { type: 'string', in: 'body', required: true },
    shards: { type: shardUpdatesParam, in: 'body', required: true, minLength: 1, maxLength: 100 },
  },
  result: envelopeResult,
});

/**
 * Binds conduit shards to a transport: a WebSocket session (within 10 seconds of its welcome
 * message) or a webhook callback (enabled once it answers the platform's challenge). The platform
 * answers 202 whatever befalls each shard: `data` lists the shards it updated, `errors` those it
 * refused (a shard outside the conduit, a session that is not connected...) with why. A partly
 * refused call is not an error: check `errors`.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 * Limits: 1 to 100 shards per call, each `{ id, transport }` with an `id` such as `'0'`; a WebSocket
 * transport needs `session_id`, a webhook one `callback` and a `secret` of 10 to 100 characters.
 *
 * @throws PlatformError when a parameter is missing or a limit is broken (nothing is sent; no secret is in the message).
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses the whole call (404 for a conduit of another client or none).
 * @example
 * const { errors } = await updateConduitShards(client, { conduit_id, shards: [{ id: '0', transport: { method: 'websocket', session_id } }] });
 * for (const error of errors) console.warn(`shard ${error.id}: ${error.message}`);
 */
export async function updateConduitShards(client: ClientHandle, params: UpdateConduitShardsParams, options?: RequestOptions): Promise<ConduitShardsUpdate> {
  const answer = (await callOperation(client, updateConduitShardsOperation, params, options)) as Partial<ConduitShardsUpdate> | undefined;
  // The platform may leave out an empty list: both are always lists here.
  return { ...answer, data: Array.isArray(answer?.data) ? answer.data : [], errors: Array.isArray(answer?.errors) ? answer.errors : [] };
}
