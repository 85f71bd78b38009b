import { callOperation, defineOperation, stringParam, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { BlockReason, BlockSourceContext } from '../types';

/** Parameters of `blockUser`. */
export interface BlockUserParams {
  /** The user to block; must not be the token's user. Blocking a user already blocked is not an error. */
  target_user_id: string;
  /** Where the harassment took place: `chat` or `whisper`. */
  source_context?: BlockSourceContext;
  /** Why the user is blocked: `harassment`, `spam` or `other`. */
  reason?: BlockReason;
}

/** Declaration of `users.blockUser`: PUT /users/blocks, user token, user:manage:blocked_users; everything in the query. */
export const blockUserOperation = /* @__PURE__ */ defineOperation<BlockUserParams, void>({
  name: 'users.blockUser',
  method: 'PUT',
  path: '/users/blocks',
  token: 'user',
  scopes: ['user:manage:blocked_users'],
  params: {
    target_user_id: { type: 'string', in: 'query', required: true },
    source_context: { type: stringParam, in: 'query', oneOf: ['chat', 'whisper'] },
    reason: { type: stringParam, in: 'query', oneOf: ['harassment', 'spam', 'other'] },
  },
  result: voidResult,
});

/**
 * Blocks a user from interacting with the user whose token is used.
 *
 * Token: user only; user:manage:blocked_users (the blocking user is the token's owner).
 * Limits: `source_context` is `chat` or `whisper`; `reason` is `harassment`, `spam` or `other`.
 *
 * @platformName Block User
 * @throws PlatformError when `target_user_id` is missing or empty, or `source_context` or `reason` is not one of its values (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when blocking oneself).
 * @example
 * await blockUser(client, { target_user_id: '5678', source_context: 'chat', reason: 'spam' });
 */
export function blockUser(client: ClientHandle, params: BlockUserParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, blockUserOperation, params, options);
}
