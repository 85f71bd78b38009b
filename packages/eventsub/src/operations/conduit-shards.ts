import { defineOperation, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { ConduitShard } from '../resources';
import type { ConduitShardStatus } from '../types/conduit';

/** Parameters of `conduitShards`. */
export interface ConduitShardsParams {
  /** The conduit's ID. */
  conduit_id: string;
  /** Only the shards in this status, such as `enabled` or `websocket_disconnected`. */
  status?: ConduitShardStatus;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `eventsub.conduitShards`: GET /eventsub/conduits/shards, app token, no scope. */
export const conduitShardsOperation = /* @__PURE__ */ defineOperation<ConduitShardsParams, ConduitShard>({
  name: 'eventsub.conduitShards',
  method: 'GET',
  path: '/eventsub/conduits/shards',
  token: 'app',
  scopes: [],
  params: {
    conduit_id: { type: 'string', in: 'query', required: true },
    status: { type: 'string', in: 'query' },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists a conduit's shards with their status and transport, page after page (the platform chooses
 * the page size). Events go only to `enabled` shards.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 *
 * @platformName Get Conduit Shards
 * @throws PlatformError when `conduit_id` is missing (nothing is sent).
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses the call (404 for a conduit of another client or none).
 * @example
 * const down = await conduitShards(client, { conduit_id: conduitId, status: 'websocket_disconnected' }).all();
 */
export function conduitShards(client: ClientHandle, params: ConduitShardsParams, options?: RequestOptions): Paginator<ConduitShard, OperationPage<ConduitShard>> {
  return paginateOperation(client, conduitShardsOperation, params, options);
}
