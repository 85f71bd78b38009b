import { callOperation, defineOperation, envelopeResult, validateParams, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { shardUpdatesParam } from '../checks';
import type { ConduitShardsUpdate, ConduitShardUpdate } from '../resources';

/** Parameters of `updateConduitShards`. */
export interface UpdateConduitShardsParams {
  /** The conduit's ID. */
  conduit_id: string;
  /** One shard or more, each with its new transport: a WebSocket session or a webhook callback. More than 100 are sent in calls of 100. */
  shards: readonly ConduitShardUpdate[];
}

/** At most this many shards per call (the platform's limit since 2026-06-18). */
const SHARDS_PER_CALL = 100;

/** Declaration of `eventsub.updateConduitShards`: PATCH /eventsub/conduits/shards, app token, no scope; 1 to 100 shards per call. */
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

/** The declaration with no upper bound on `shards`: what a list longer than one call's is checked with. */
const wholeList = /* @__PURE__ */ (() =>
  ({
    ...updateConduitShardsOperation,
    params: { ...updateConduitShardsOperation.params, shards: { ...updateConduitShardsOperation.params.shards, maxLength: undefined } },
  }) as unknown as Parameters<typeof validateParams>[0])();

/**
 * Binds conduit shards to a transport: a WebSocket session (within 10 seconds of its welcome
 * message) or a webhook callback (enabled once it answers the platform's challenge). The platform
 * answers 202 whatever befalls each shard: `data` lists the shards it updated, `errors` those it
 * refused (a shard outside the conduit, a session that is not connected...) with why. A partly
 * refused call is not an error: check `errors`.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 * Limits: the platform takes 100 shards per call: a longer list is sent in calls of 100, one after
 * the other, and the answers' `data` and `errors` are joined. Each shard is `{ id, transport }`
 * with an `id` such as `'0'`; a WebSocket transport needs `session_id`, a webhook one `callback`
 * and a `secret` of 10 to 100 characters.
 *
 * @platformName Update Conduit Shards
 * @throws PlatformError when a parameter is missing or broken (nothing is sent; no secret is in the message).
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses a whole call (404 for a conduit of another
 *   client or none); the calls before it, of a list longer than 100, have been made.
 * @example
 * const { errors } = await updateConduitShards(client, { conduit_id, shards: [{ id: '0', transport: { method: 'websocket', session_id } }] });
 * for (const error of errors) console.warn(`shard ${error.id}: ${error.message}`);
 */
export async function updateConduitShards(client: ClientHandle, params: UpdateConduitShardsParams, options?: RequestOptions): Promise<ConduitShardsUpdate> {
  params = ownParams(params); // its rules read what is sent
  const shards = (params as Partial<UpdateConduitShardsParams> | undefined)?.shards;
  const parts: (readonly ConduitShardUpdate[] | undefined)[] = [];
  if (Array.isArray(shards) && shards.length > SHARDS_PER_CALL) {
    for (let start = 0; start < shards.length; start += SHARDS_PER_CALL) parts.push(shards.slice(start, start + SHARDS_PER_CALL));
  } else {
    parts.push(shards);
  }
  const calls = parts.length === 1 ? [params] : parts.map((part) => ({ ...params, shards: part! }));
  // The whole list is checked before the first call is sent (a shard named by its place in it).
  if (calls.length > 1) validateParams(wholeList, params);
  let joined: ConduitShardsUpdate | undefined;
  for (const call of calls) {
    const answer = (await callOperation(client, updateConduitShardsOperation, call, options)) as Partial<ConduitShardsUpdate> | undefined;
    // The platform may leave out an empty list: both are always lists here.
    const data = Array.isArray(answer?.data) ? answer.data : [];
    const errors = Array.isArray(answer?.errors) ? answer.errors : [];
    joined = joined ? { ...joined, data: [...joined.data, ...data], errors: [...joined.errors, ...errors] } : { ...answer, data, errors };
  }
  return joined!;
}
