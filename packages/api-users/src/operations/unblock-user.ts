import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `unblockUser`. */
export interface UnblockUserParams {
  /** The user to remove from the block list. Unblocking a user who is not blocked is not an error. */
  target_user_id: string;
}

/** Declaration of `users.unblockUser`: DELETE /users/blocks, user token, user:manage:blocked_users. */
export const unblockUserOperation = /* @__PURE__ */ defineOperation<UnblockUserParams, void>({
  name: 'users.unblockUser',
  method: 'DELETE',
  path: '/users/blocks',
  token: 'user',
  scopes: ['user:manage:blocked_users'],
  params: {
    target_user_id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Removes a user from the block list of the user whose token is used.
 *
 * Token: user only; user:manage:blocked_users (the unblocking user is the token's owner).
 *
 * @platformName Unblock User
 * @throws PlatformError when `target_user_id` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * await unblockUser(client, { target_user_id: '5678' });
 */
export function unblockUser(client: ClientHandle, params: UnblockUserParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, unblockUserOperation, params, options);
}
