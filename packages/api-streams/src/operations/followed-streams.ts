import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { Stream } from '../types';

/** Parameters of `followedStreams`. */
export interface FollowedStreamsParams {
  /** The user whose followed channels are read; defaults to the user whose token is used, which the platform requires it to be. */
  user_id?: string;
  /** Page size, 1 to 100 (the platform's default is 100). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `streams.followedStreams`: GET /streams/followed, user token, user:read:follows. */
export const followedStreamsOperation = /* @__PURE__ */ defineOperation<FollowedStreamsParams, Stream>({
  name: 'streams.followedStreams',
  method: 'GET',
  path: '/streams/followed',
  token: 'user',
  scopes: ['user:read:follows'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the live streams of the channels the user follows, most watched first, as a paginator.
 * The list is empty when none of them is live.
 *
 * Token: user; user:read:follows. `user_id` is the token's user.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Followed Streams
 * @throws PlatformError when `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * for await (const stream of followedStreams(client)) console.log(stream.user_name, stream.viewer_count);
 */
export function followedStreams(client: ClientHandle, params: FollowedStreamsParams = {}, options?: RequestOptions): Paginator<Stream, OperationPage<Stream>> {
  return paginateOperation(client, followedStreamsOperation, params, options);
}
