import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type Paginator, type RequestOptions } from '@platform/core';
import type { ChannelFollower, ChannelFollowerPage } from '../types';

/** Parameters of `channelFollowers`. */
export interface ChannelFollowersParams {
  /** The followed broadcaster. */
  broadcaster_id: string;
  /** Only this user: the list holds them when they follow the broadcaster, and is empty otherwise. */
  user_id?: string;
  /** Page size, 1 to 100; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/**
 * Declaration of `channels.channelFollowers`: GET /channels/followers, user token. No scope is
 * required: without moderator:read:followers the platform answers with the total alone.
 */
export const channelFollowersOperation = /* @__PURE__ */ defineOperation<ChannelFollowersParams, ChannelFollower>({
  name: 'channels.channelFollowers',
  method: 'GET',
  path: '/channels/followers',
  token: 'user',
  // moderator:read:followers lists the followers; without it the platform still answers, with the total.
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    user_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the users who follow a broadcaster, most recent follower first; with `user_id`, tells
 * whether that one user follows. Each page's `raw.total` (and `total()`) is the follower count.
 *
 * Token: user only. Any user token may ask for the follower count. To see the followers, or to
 * ask about one user with `user_id`, the token needs moderator:read:followers and its user must be
 * the broadcaster or one of their moderators; otherwise the platform sends only `total`, with an
 * empty list (and refuses `user_id` with a 401).
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Channel Followers
 * @throws PlatformError when `broadcaster_id` is missing or `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const followers = await channelFollowers(client, { broadcaster_id: '1234' }).total();
 * for await (const follower of channelFollowers(client, { broadcaster_id: '1234', first: 100 })) console.log(follower.user_login);
 */
export function channelFollowers(client: ClientHandle, params: ChannelFollowersParams, options?: RequestOptions): Paginator<ChannelFollower, ChannelFollowerPage> {
  return paginateOperation<ChannelFollowersParams, ChannelFollower, { total: number }>(client, channelFollowersOperation, params, options);
}
