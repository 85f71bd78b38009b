import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Conduit } from '../resources';

/** Parameters of `conduits`: none. */
export type ConduitsParams = Record<string, never>;

/** Declaration of `eventsub.conduits`: GET /eventsub/conduits, app token, no scope. */
export const conduitsOperation = /* @__PURE__ */ defineOperation<ConduitsParams, Conduit[]>({
  name: 'eventsub.conduits',
  method: 'GET',
  path: '/eventsub/conduits',
  token: 'app',
  scopes: [],
  params: {},
  result: dataResult,
});

/**
 * Lists the client's conduits with their shard counts; an empty list when it has none.
 *
 * Token: the app token (the client needs a clientSecret); no scope.
 *
 * @platformName Get Conduits
 * @throws PlatformAuthError when there is no app token.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * for (const conduit of await conduits(client)) console.log(conduit.id, conduit.shard_count);
 */
export function conduits(client: ClientHandle, params?: ConduitsParams, options?: RequestOptions): Promise<Conduit[]> {
  return callOperation(client, conduitsOperation, params, options);
}
