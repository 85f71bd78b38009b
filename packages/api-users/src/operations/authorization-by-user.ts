import { callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UserAuthorization } from '../types';

/** Parameters of `authorizationByUser`. */
export interface AuthorizationByUserParams {
  /** One user ID or a list of any length; a long list is split into requests of 10. */
  user_id: string | string[];
}

/** Declaration of `users.authorizationByUser`: GET /authorization/users, app token, no scope; 10 users per request. */
export const authorizationByUserOperation = /* @__PURE__ */ defineOperation<AuthorizationByUserParams, UserAuthorization[]>({
  name: 'users.authorizationByUser',
  method: 'GET',
  path: '/authorization/users',
  token: 'app',
  scopes: [],
  params: {
    user_id: { type: idsParam, in: 'query', required: true, chunk: 10 },
  },
  result: dataResult,
});

/**
 * Gets the scopes each user has granted the application, without needing the users' tokens.
 *
 * Token: app only (a clientSecret is needed); no scope.
 * Limits: the platform takes 10 users per request; a longer list is sent as several requests and
 * the results are joined in order.
 *
 * @platformName Get Authorization By User
 * @throws PlatformError when `user_id` is missing, empty or holds an empty ID (nothing is sent).
 * @throws PlatformAuthError when there is no clientSecret for the app token.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const [granted] = await authorizationByUser(client, { user_id: '1234' });
 * if (!granted?.scopes.includes('user:write:chat')) console.warn('ask for user:write:chat again');
 */
export function authorizationByUser(client: ClientHandle, params: AuthorizationByUserParams, options?: RequestOptions): Promise<UserAuthorization[]> {
  return callOperation(client, authorizationByUserOperation, params, options);
}
