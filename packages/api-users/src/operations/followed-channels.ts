import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type Paginator, type RequestOptions } from '@platform/core';
import type { FollowedChannel, FollowedChannelPage } from '../types';

/** Parameters of `followedChannels`. */
export interface FollowedChannelsParams {
  /** The following user; defaults to the user whose token is used, and must be that user. */
  user_id?: string;
  /** Only this broadcaster: the list holds it when the user follows it, and is empty otherwise. */
  broadcaster_id?: string;
  /** Page size, 1 to 100; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `channels.followedChannels`: GET /channels/followed, user token, user:read:follows. */
export const followedChannelsOperation = /* @__PURE__ */ defineOperation<FollowedChannelsParams, FollowedChannel>({
  name: 'channels.followedChannels',
  method: 'GET',
  path: '/channels/followed',
  token: 'user',
  scopes: ['user:read:follows'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'query' },
    broadcaster_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the broadcasters a user follows, most recently followed first; with `broadcaster_id`,
 * tells whether the user follows that one broadcaster. Each page's `raw.total` (and `total()`)
 * is the number of broadcasters the user follows.
 *
 * Token: user only; user:read:follows. `user_id` defaults to the token's user and must be that user.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Followed Channels
 * @throws PlatformError when `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page (401 when `user_id` is not the token's user).
 * @example
 * const follows = (await followedChannels(client, { broadcaster_id: '1234' })).data.length > 0;
 * const count = await followedChannels(client).total();
 */
export function followedChannels(client: ClientHandle, params?: FollowedChannelsParams, options?: RequestOptions): Paginator<FollowedChannel, FollowedChannelPage> {
  return paginateOperation<FollowedChannelsParams, FollowedChannel, { total: number }>(client, followedChannelsOperation, params, options);
}
