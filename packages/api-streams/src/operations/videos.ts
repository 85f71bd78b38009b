import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, stringParam, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { checkExactlyOne, checkOnlyWith } from '../rules';
import type { Video, VideoType } from '../types';

/** Parameters of `videos`: exactly one of `id`, `user_id` and `game_id`, then filters. */
export interface VideosParams {
  /** These videos; a list longer than 100 is split into requests of 100, joined in order. Unknown IDs are left out. */
  id?: string | string[];
  /** The videos of this broadcaster. */
  user_id?: string;
  /** The videos of this category (game); the platform returns at most 500. */
  game_id?: string;
  /** With `game_id` only: videos broadcast in this language (ISO 639-1 code, or `other`). */
  language?: string;
  /** With `user_id` or `game_id`: published in the last `day`, `week`, `month`, or `all` (the default). */
  period?: 'all' | 'day' | 'month' | 'week';
  /** With `user_id` or `game_id`: latest first (`time`, the default), `trending` or most `views`. */
  sort?: 'time' | 'trending' | 'views';
  /** With `user_id` or `game_id`: only this kind of video, or `all` (the default). */
  type?: 'all' | VideoType;
  /** With `user_id` or `game_id`: page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** With `user_id` only: the cursor to start after. */
  after?: string;
  /** With `user_id` only: the cursor to start before (pages are then read backwards). */
  before?: string;
}

/** Declaration of `videos.videos`: GET /videos, either token, no scope. */
export const videosOperation = /* @__PURE__ */ defineOperation<VideosParams, Video>({
  name: 'videos.videos',
  method: 'GET',
  path: '/videos',
  token: 'either',
  scopes: [],
  params: {
    id: { type: idsParam, in: 'query', chunk: 100 },
    user_id: { type: 'string', in: 'query' },
    game_id: { type: 'string', in: 'query' },
    language: { type: 'string', in: 'query' },
    period: { type: stringParam, in: 'query', oneOf: ['all', 'day', 'month', 'week'] },
    sort: { type: stringParam, in: 'query', oneOf: ['time', 'trending', 'views'] },
    type: { type: stringParam, in: 'query', oneOf: ['all', 'archive', 'highlight', 'upload'] },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/** Which selecting parameter each filter goes with, as the platform's reference says. */
const filters = [
  ['language', ['game_id']],
  ['period', ['game_id', 'user_id']],
  ['sort', ['game_id', 'user_id']],
  ['type', ['game_id', 'user_id']],
  ['first', ['game_id', 'user_id']],
  ['after', ['user_id']],
  ['before', ['user_id']],
] as const;

/**
 * Lists published videos by ID, by broadcaster or by category, as a paginator.
 *
 * Token: app or user; no scope.
 * Limits: exactly one of `id`, `user_id` and `game_id`; `language` only with `game_id`; `period`,
 * `sort`, `type` and `first` only with `user_id` or `game_id`; `after` and `before` only with
 * `user_id`; `first` 1 to 100; `id` any number (split into requests of 100).
 *
 * @throws PlatformError when a limit or one of these rules is broken (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page (404 when no ID was found).
 * @example
 * const latest = await videos(client, { user_id: '141981764', type: 'archive' }).take(10);
 */
export function videos(client: ClientHandle, params: VideosParams, options?: RequestOptions): Paginator<Video, OperationPage<Video>> {
  const name = videosOperation.name;
  const selector = checkExactlyOne(name, params, ['id', 'user_id', 'game_id']);
  for (const [key, companions] of filters) checkOnlyWith(name, params, key, companions, selector);
  return paginateOperation(client, videosOperation, params, options);
}
