import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkExactlyOne } from '../rules';
import type { StreamMarkerGroup } from '../types';

/** Parameters of `streamMarkers`: exactly one of `user_id` and `video_id`. */
export interface StreamMarkersParams {
  /**
   * The markers of this broadcaster's most recent video: the token's user or a broadcaster they
   * edit for. Not filled from the token, since it excludes `video_id`.
   */
  user_id?: string;
  /** The markers of this video, which the token's user owns or edits. */
  video_id?: string;
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
  /** The cursor to start before (pages are then read backwards). */
  before?: string;
}

/** Declaration of `streams.streamMarkers`: GET /streams/markers, user token, user:read:broadcast or channel:manage:broadcast. */
export const streamMarkersOperation = /* @__PURE__ */ defineOperation<StreamMarkersParams, StreamMarkerGroup>({
  name: 'streams.streamMarkers',
  method: 'GET',
  path: '/streams/markers',
  token: 'user',
  scopes: ['user:read:broadcast', 'channel:manage:broadcast'],
  params: {
    user_id: { type: 'string', in: 'query' },
    video_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the markers of a broadcaster's most recent video (`user_id`) or of one video
 * (`video_id`), grouped by the user who created them, as a paginator.
 *
 * Token: user; user:read:broadcast or channel:manage:broadcast. The user owns the video or edits
 * for its broadcaster.
 * Limits: exactly one of `user_id` and `video_id`; `first` 1 to 100.
 *
 * @platformName Get Stream Markers
 * @throws PlatformError when neither or both of `user_id` and `video_id` are given, or `first` is
 * outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scopes.
 * @throws PlatformApiError when the platform refuses a page (404 when the user has no videos).
 * @example
 * const { data } = await streamMarkers(client, { video_id: '456' });
 * for (const marker of data[0]?.videos[0]?.markers ?? []) console.log(marker.position_seconds, marker.description);
 */
export function streamMarkers(client: ClientHandle, params: StreamMarkersParams, options?: RequestOptions): Paginator<StreamMarkerGroup, OperationPage<StreamMarkerGroup>> {
  params = ownParams(params); // its rules read what is sent
  checkExactlyOne(streamMarkersOperation.name, params, ['user_id', 'video_id']);
  return paginateOperation(client, streamMarkersOperation, params, options);
}
