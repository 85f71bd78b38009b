import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UserExtension } from '../types';

/** Parameters of `userExtensions`: none (the token's user is the broadcaster). */
export type UserExtensionsParams = Record<string, never>;

/** Declaration of `users.userExtensions`: GET /users/extensions/list, user token, user:read:broadcast or user:edit:broadcast. */
export const userExtensionsOperation = /* @__PURE__ */ defineOperation<UserExtensionsParams, UserExtension[]>({
  name: 'users.userExtensions',
  method: 'GET',
  path: '/users/extensions/list',
  token: 'user',
  scopes: ['user:read:broadcast', 'user:edit:broadcast'],
  params: {},
  result: dataResult,
});

/**
 * Lists every extension the broadcaster whose token is used has installed, active or not.
 *
 * Token: user only; user:read:broadcast or user:edit:broadcast. The platform lists inactive
 * extensions only for a token with user:edit:broadcast.
 *
 * @platformName Get User Extensions
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks both scopes.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const installed = await userExtensions(client);
 * console.log(installed.filter((extension) => extension.can_activate).map((extension) => extension.name));
 */
export function userExtensions(client: ClientHandle, params?: UserExtensionsParams, options?: RequestOptions): Promise<UserExtension[]> {
  return callOperation(client, userExtensionsOperation, params, options);
}
