import {
  defineOperation,
  idsParam,
  numberParam,
  pageResult,
  paginateOperation,
  Paginator,
  PlatformApiError,
  stringParam,
  validateParams,
  type ClientHandle,
  type OperationPage,
  type RequestOptions,
} from '@platform/core';
import { ownParams } from '@platform/core/internal';
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

/** The platform's maximum of `id` per request. */
const MAX_IDS = 100;

/** Declaration of `videos.videos`: GET /videos, either token, no scope. */
export const videosOperation = /* @__PURE__ */ defineOperation<VideosParams, Video>({
  name: 'videos.videos',
  method: 'GET',
  path: '/videos',
  token: 'either',
  scopes: [],
  params: {
    id: { type: idsParam, in: 'query', chunk: MAX_IDS },
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
 * @platformName Get Videos
 * @throws PlatformError when a limit or one of these rules is broken (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page (404 when none of the IDs was found).
 * @example
 * const latest = await videos(client, { user_id: '141981764', type: 'archive' }).take(10);
 */
export function videos(client: ClientHandle, params: VideosParams, options?: RequestOptions): Paginator<Video, OperationPage<Video>> {
  params = ownParams(params); // its rules read what is sent
  const name = videosOperation.name;
  const selector = checkExactlyOne(name, params, ['id', 'user_id', 'game_id']);
  for (const [key, companions] of filters) checkOnlyWith(name, params, key, companions, selector);
  if (typeof params === 'object' && params !== null && Array.isArray(params.id) && params.id.length > MAX_IDS) return videosByManyIds(client, params as VideosParams & { id: string[] }, options);
  return paginateOperation(client, videosOperation, params, options);
}

/**
 * `videos` by more IDs than one request takes: one request per 100, joined in order. The platform
 * answers 404 only when none of a request's IDs is found, and ignores unknown IDs otherwise; the
 * joined list keeps that rule for the whole list, so a request whose IDs are all unknown adds
 * nothing, and the 404 comes only when no request found a video.
 */
function videosByManyIds(client: ClientHandle, params: VideosParams & { id: string[] }, options: RequestOptions | undefined): Paginator<Video, OperationPage<Video>> {
  const ids: readonly string[] = params.id;
  // Checked at once, as every paginator does; each request is checked again when it is sent.
  validateParams(videosOperation as unknown as Parameters<typeof validateParams>[0], params);
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS) chunks.push(ids.slice(start, start + MAX_IDS));
  const positions = new WeakMap<OperationPage<Video>, number>();
  let found = false;

  // By ID the platform answers in one page (`after` and `before` go only with `user_id`).
  const load = async (from: number): Promise<OperationPage<Video>> => {
    for (let chunk = from; chunk < chunks.length; chunk++) {
      try {
        const page = await paginateOperation(client, videosOperation, { ...params, id: chunks[chunk]! }, options);
        found ||= page.data.length > 0;
        const joined: OperationPage<Video> = { data: page.data, raw: page.raw, cursor: undefined };
        positions.set(joined, chunk);
        return joined;
      } catch (error) {
        const noneFound = error instanceof PlatformApiError && error.status === 404;
        if (!noneFound || (chunk === chunks.length - 1 && !found)) throw error;
      }
    }
    const end: OperationPage<Video> = { data: [], raw: { data: [] }, cursor: undefined };
    positions.set(end, chunks.length);
    return end;
  };

  return new Paginator<Video, OperationPage<Video>>({
    first: () => load(0),
    next: (page) => {
      const chunk = positions.get(page) ?? chunks.length;
      return chunk + 1 < chunks.length ? load(chunk + 1) : undefined;
    },
  });
}
