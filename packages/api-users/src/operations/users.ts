import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import { combinedIdsParam } from '../checks';
import type { User } from '../types';

/** Parameters of `users`. */
export interface UsersParams {
  /**
   * One user ID or a list of any length. The platform takes 100 IDs and logins together per
   * request; a longer combined list is split and the users joined in order.
   */
  id?: string | string[];
  /** One login name or a list of any length; counted together with `id` (see there). */
  login?: string | string[];
}

/** Declaration of `users.users`: GET /users, either token, no scope; 100 IDs and logins together per request. */
export const usersOperation = /* @__PURE__ */ defineOperation<UsersParams, User[]>({
  name: 'users.users',
  method: 'GET',
  path: '/users',
  token: 'either',
  scopes: [],
  params: {
    id: { type: combinedIdsParam, in: 'query', chunk: 100 },
    login: { type: combinedIdsParam, in: 'query', chunk: 100 },
  },
  result: dataResult,
});

/**
 * Gets users by ID, by login name, or both; unknown users are left out. With neither, it gets
 * the user whose token is used (a user token is needed then: the platform answers the app token
 * with 400).
 *
 * Token: app or user; no scope. `email` is filled only for the token's own user, and only when
 * the token has user:read:email.
 * Limits: the platform takes 100 IDs and logins together per request; a longer combined list is
 * sent as several requests (IDs first, then logins, in the order given) and the users are joined
 * in that order.
 *
 * @platformName Get Users
 * @throws PlatformError when `id` or `login` is not an ID or a list of non-empty strings (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call (400 for the app token without `id` or `login`).
 * @example
 * const [me] = await users(client);
 * const found = await users(client, { login: ['alice', 'bob'], id: '1234' });
 */
export function users(client: ClientHandle, params?: UsersParams, options?: RequestOptions): Promise<User[]> {
  return callOperation(client, usersOperation, params, options);
}
