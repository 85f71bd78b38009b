import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { BlockedUser } from '../types';

/** Parameters of `blockList`. */
export interface BlockListParams {
  /** The broadcaster whose block list is read; defaults to the user whose token is used, and must be that user. */
  broadcaster_id?: string;
  /** Page size, 1 to 100; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `users.blockList`: GET /users/blocks, user token, user:read:blocked_users. */
export const blockListOperation = /* @__PURE__ */ defineOperation<BlockListParams, BlockedUser>({
  name: 'users.blockList',
  method: 'GET',
  path: '/users/blocks',
  token: 'user',
  scopes: ['user:read:blocked_users'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the users a broadcaster has blocked, most recently blocked first.
 *
 * Token: user only; user:read:blocked_users. `broadcaster_id` defaults to the token's user and
 * must be that user.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get User Block List
 * @throws PlatformError when `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page (401 when `broadcaster_id` is not the token's user).
 * @example
 * for await (const blocked of blockList(client)) console.log(blocked.user_login);
 */
export function blockList(client: ClientHandle, params?: BlockListParams, options?: RequestOptions): Paginator<BlockedUser, OperationPage<BlockedUser>> {
  return paginateOperation(client, blockListOperation, params, options);
}
