import { callOperation, defineOperation, envelopeResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { dataObjectOf } from '../checks';
import type { UserActiveExtensions } from '../types';

/** Parameters of `activeExtensions`. */
export interface ActiveExtensionsParams {
  /** The broadcaster; defaults to the user whose token is used. Set it with the app token. */
  user_id?: string;
}

/**
 * Declaration of `users.activeExtensions`: GET /users/extensions, either token, no scope. The
 * answer's `data` is one object (not a list), so the whole envelope is taken and unwrapped.
 */
export const activeExtensionsOperation = /* @__PURE__ */ defineOperation<
  ActiveExtensionsParams,
  {
    /** The extensions active in each slot (one object, not a list). */
    data: UserActiveExtensions;
  }
>({
  name: 'users.activeExtensions',
  method: 'GET',
  path: '/users/extensions',
  token: 'either',
  scopes: [],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'query' },
  },
  result: envelopeResult,
});

/**
 * Gets the extensions active in each slot (panel, overlay, component) of a broadcaster's channel.
 * A slot without an extension reads `{ active: false }`.
 *
 * Token: app or user; no scope. With a user token `user_id` defaults to its user; with the app
 * token it must be set. Extensions still in development are listed only for a user token with
 * user:read:broadcast or user:edit:broadcast.
 *
 * @platformName Get User Active Extensions
 * @throws PlatformAuthError when no token fits the call (with the app token: `user_id` is not set).
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { panel } = await activeExtensions(client, { user_id: '1234' });
 * for (const [slot, extension] of Object.entries(panel)) if (extension.active) console.log(slot, extension.name);
 */
export async function activeExtensions(client: ClientHandle, params?: ActiveExtensionsParams, options?: RequestOptions): Promise<UserActiveExtensions> {
  return dataObjectOf(await callOperation(client, activeExtensionsOperation, params, options), activeExtensionsOperation);
}

