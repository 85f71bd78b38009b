import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { BannedUser } from '../types';

/** Parameters of `bans`. */
export interface BansParams {
  /** The channel; defaults to the user whose token is used (set it with the app token). */
  broadcaster_id?: string;
  /** Only these users; a list longer than 100 is split into requests of 100, walked in order. */
  user_id?: string | string[];
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** Cursor of the page after. */
  after?: string;
  /** Cursor of the page before. */
  before?: string;
}

/** The declaration of `moderation.bans`: GET /moderation/banned, `user_id` repeated in the query. */
export const bansOperation = /* @__PURE__ */ defineOperation<BansParams, BannedUser>({
  name: 'moderation.bans',
  method: 'GET',
  path: '/moderation/banned',
  token: 'either',
  scopes: ['moderation:read', 'moderator:manage:banned_users'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    user_id: { type: idsParam, in: 'query', chunk: 100 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the users banned or timed out in a channel (`expires_at` is an empty string for a
 * permanent ban), as a paginator: await it for the first page, or iterate every user.
 *
 * Token: app or user; scope `moderation:read` or `moderator:manage:banned_users`. With a user
 * token, `broadcaster_id` is that user. The app token works too, with `broadcaster_id` set to a
 * broadcaster who granted the app one of them.
 * Limits: `first` 1 to 100; `user_id` up to 100 IDs per request (longer lists are split).
 *
 * @platformName Get Banned Users
 * @throws PlatformError when `first` is out of range or `user_id` is not a list of IDs, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * for await (const banned of bans(client)) console.log(banned.user_login, banned.expires_at || 'permanent');
 */
export function bans(client: ClientHandle, params: BansParams = {}, options?: RequestOptions): Paginator<BannedUser, OperationPage<BannedUser>> {
  return paginateOperation(client, bansOperation, params, options);
}
