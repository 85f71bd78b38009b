import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, stringParam, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { DropsEntitlement, DropsFulfillmentStatus } from '../types';
import { oauthOptions } from '../extension-jwt';

/** Parameters of `dropsEntitlements`. */
export interface DropsEntitlementsParams {
  /** Entitlements by ID, sent as a repeated key; a list longer than 100 is read 100 at a time. */
  id?: string | string[];
  /** A user's entitlements. App token only: the platform refuses it with a user token, which stands for its user. */
  user_id?: string;
  /** The entitlements a game granted. */
  game_id?: string;
  /** Only the entitlements with this status: `CLAIMED` or `FULFILLED`. */
  fulfillment_status?: DropsFulfillmentStatus;
  /** Page size, 1 to 1000; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `entitlements.dropsEntitlements`: GET /entitlements/drops, either token, no scope. */
export const dropsEntitlementsOperation = /* @__PURE__ */ defineOperation<DropsEntitlementsParams, DropsEntitlement>({
  name: 'entitlements.dropsEntitlements',
  method: 'GET',
  path: '/entitlements/drops',
  token: 'either',
  scopes: [],
  params: {
    id: { type: idsParam, in: 'query', chunk: 100 },
    user_id: { type: 'string', in: 'query' },
    game_id: { type: 'string', in: 'query' },
    fulfillment_status: { type: stringParam, in: 'query', oneOf: ['CLAIMED', 'FULFILLED'] },
    first: { type: numberParam, in: 'query', min: 1, max: 1000, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the drops entitlements of the organization that owns the client's games, in no
 * particular order: all of them, a user's, a game's, or by ID, filtered by status.
 *
 * Token: app or user; no scope. The client ID's owner must belong to the organization that owns
 * the game. With the app token the list covers every user (or `user_id`); with a user token, that
 * user only (`user_id` is then refused by the platform).
 * Limits: `first` 1 to 1000; `fulfillment_status` `CLAIMED` or `FULFILLED`; more than 100 `id`
 * values are read 100 at a time, chunk after chunk.
 *
 * @platformName Get Drops Entitlements
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call (403 when the organization owns neither the game nor the entitlements).
 * @example
 * for await (const entitlement of dropsEntitlements(client, { game_id: '33214', fulfillment_status: 'CLAIMED' })) grant(entitlement);
 */
export function dropsEntitlements(client: ClientHandle, params?: DropsEntitlementsParams, options?: RequestOptions): Paginator<DropsEntitlement, OperationPage<DropsEntitlement>> {
  return paginateOperation(client, dropsEntitlementsOperation, params, oauthOptions(dropsEntitlementsOperation, options));
}
