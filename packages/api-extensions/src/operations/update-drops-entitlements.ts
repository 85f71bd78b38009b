import { dataResult, defineOperation, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { bodyIdsParam } from '../checks';
import type { DropsEntitlementUpdate, DropsFulfillmentStatus } from '../types';
import { callWithToken } from '../extension-jwt';

/** Parameters of `updateDropsEntitlements`. */
export interface UpdateDropsEntitlementsParams {
  /** The entitlements to update; a list longer than 100 is sent 100 at a time. */
  entitlement_ids?: string[];
  /** The status to set: `CLAIMED` (the user claimed the benefit) or `FULFILLED` (the developer granted it). */
  fulfillment_status?: DropsFulfillmentStatus;
}

/** Declaration of `entitlements.updateDropsEntitlements`: PATCH /entitlements/drops, either token, no scope; everything in the body. */
export const updateDropsEntitlementsOperation = /* @__PURE__ */ defineOperation<UpdateDropsEntitlementsParams, DropsEntitlementUpdate[]>({
  name: 'entitlements.updateDropsEntitlements',
  method: 'PATCH',
  path: '/entitlements/drops',
  token: 'either',
  scopes: [],
  params: {
    entitlement_ids: { type: bodyIdsParam, in: 'body', chunk: 100 },
    fulfillment_status: { type: stringParam, in: 'body', oneOf: ['CLAIMED', 'FULFILLED'] },
  },
  result: dataResult,
});

/**
 * Sets the fulfillment status of drops entitlements. Resolves with the outcome for each group of
 * IDs (`SUCCESS`, `INVALID_ID`, `NOT_FOUND`, `UNAUTHORIZED`, or `UPDATE_FAILED`, which is worth
 * trying again later): a refused ID is not an error.
 *
 * Token: app or user; no scope. The client ID's owner must belong to the organization that owns
 * the benefits. The app token updates any of the organization's entitlements; a user token, that
 * user's only.
 * Limits: `fulfillment_status` `CLAIMED` or `FULFILLED`; more than 100 `entitlement_ids` are sent
 * 100 at a time and the outcomes joined in order.
 *
 * @platformName Update Drops Entitlements
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const outcomes = await updateDropsEntitlements(client, { entitlement_ids: ['fb78259e-fb81-4d1b-8333-34a06ffc24c0'], fulfillment_status: 'FULFILLED' });
 * const failed = outcomes.filter((outcome) => outcome.status === 'UPDATE_FAILED').flatMap((outcome) => outcome.ids);
 */
export function updateDropsEntitlements(client: ClientHandle, params?: UpdateDropsEntitlementsParams, options?: RequestOptions): Promise<DropsEntitlementUpdate[]> {
  return callWithToken(client, updateDropsEntitlementsOperation, params, options);
}
