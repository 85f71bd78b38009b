import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { User } from '../types';

/** Parameters of `updateUser`. */
export interface UpdateUserParams {
  /** The new description of the user's channel, at most 300 characters; an empty string removes it. */
  description?: string;
}

/** Declaration of `users.updateUser`: PUT /users, user token, user:edit; `description` in the query. */
export const updateUserOperation = /* @__PURE__ */ defineOperation<UpdateUserParams, User>({
  name: 'users.updateUser',
  method: 'PUT',
  path: '/users',
  token: 'user',
  scopes: ['user:edit'],
  params: {
    description: { type: stringParam, in: 'query', maxLength: 300 },
  },
  result: firstResult,
});

/**
 * Updates the description of the channel of the user whose token is used, and resolves with the
 * updated user.
 *
 * Token: user only; user:edit (the user is the token's owner). `email` is filled when the token
 * also has user:read:email.
 * Limits: `description` at most 300 characters (counted as the platform counts them: an emoji is
 * one); an empty string removes the description.
 *
 * @platformName Update User
 * @throws PlatformError when `description` is longer than 300 characters (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const user = await updateUser(client, { description: 'Speedruns every evening.' });
 */
export function updateUser(client: ClientHandle, params?: UpdateUserParams, options?: RequestOptions): Promise<User> {
  return callOperation(client, updateUserOperation, params, options);
}
