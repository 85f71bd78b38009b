import { booleanParam, defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkExactlyOne } from '../rules';
import type { Clip } from '../types';

/** Parameters of `clips`: exactly one of `broadcaster_id`, `game_id` and `id`, then filters. */
export interface ClipsParams {
  /** The clips of this broadcaster's streams, most viewed first. */
  broadcaster_id?: string;
  /** The clips of streams in this category (game), most viewed first. */
  game_id?: string;
  /** These clips, in this order; a list longer than 100 is split into requests of 100, joined in order. Unknown IDs are left out. */
  id?: string | string[];
  /** Only clips created from this time on (RFC 3339). */
  started_at?: string;
  /** Only clips created until this time (RFC 3339); the platform's default is a week after `started_at`. */
  ended_at?: string;
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
  /** The cursor to start before (pages are then read backwards). */
  before?: string;
  /** Only featured clips (true) or only the others (false); both when left out. */
  is_featured?: boolean;
}

/** Declaration of `clips.clips`: GET /clips, either token, no scope. */
export const clipsOperation = /* @__PURE__ */ defineOperation<ClipsParams, Clip>({
  name: 'clips.clips',
  method: 'GET',
  path: '/clips',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    game_id: { type: 'string', in: 'query' },
    id: { type: idsParam, in: 'query', chunk: 100 },
    started_at: { type: 'string', in: 'query' },
    ended_at: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
    is_featured: { type: booleanParam, in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists clips by broadcaster, by category or by ID, as a paginator. Paging through one query
 * ends after about 1,000 clips: narrow it with `started_at` and `ended_at` windows for more.
 *
 * Token: app or user; no scope.
 * Limits: exactly one of `broadcaster_id`, `game_id` and `id`; `first` 1 to 100; `id` any number
 * (split into requests of 100).
 *
 * @platformName Get Clips
 * @throws PlatformError when neither or several of `broadcaster_id`, `game_id` and `id` are given,
 * or `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page (404 when `game_id` is unknown).
 * @example
 * const top = await clips(client, { broadcaster_id: '1234', first: 5 });
 * for (const clip of top.data) console.log(clip.title, clip.view_count);
 */
export function clips(client: ClientHandle, params: ClipsParams, options?: RequestOptions): Paginator<Clip, OperationPage<Clip>> {
  params = ownParams(params); // its rules read what is sent
  checkExactlyOne(clipsOperation.name, params, ['broadcaster_id', 'game_id', 'id']);
  return paginateOperation(client, clipsOperation, params, options);
}
