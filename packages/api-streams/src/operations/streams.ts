import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, stringParam, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkSplitAlone } from '../rules';
import type { Stream } from '../types';

/** Parameters of `streams`; every filter is optional (none: the most watched streams first). */
export interface StreamsParams {
  /** Only these broadcasters' streams; a list longer than 100 is split into requests of 100, walked in order. */
  user_id?: string | string[];
  /** Only these broadcasters' streams, by login; a list longer than 100 is split like `user_id`. */
  user_login?: string | string[];
  /** Only streams in these categories (games); at most 100. */
  game_id?: string | string[];
  /** `all` (the platform's default) or `live`. */
  type?: 'all' | 'live';
  /** Only streams in these languages (ISO 639-1 codes, or `other`); at most 100. */
  language?: string | string[];
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
  /** The cursor to start before (pages are then read backwards). */
  before?: string;
}

/** Declaration of `streams.streams`: GET /streams, either token, no scope. */
export const streamsOperation = /* @__PURE__ */ defineOperation<StreamsParams, Stream>({
  name: 'streams.streams',
  method: 'GET',
  path: '/streams',
  token: 'either',
  scopes: [],
  params: {
    user_id: { type: idsParam, in: 'query', chunk: 100 },
    user_login: { type: idsParam, in: 'query', chunk: 100 },
    game_id: { type: idsParam, in: 'query', maxLength: 100 },
    type: { type: stringParam, in: 'query', oneOf: ['all', 'live'] },
    language: { type: idsParam, in: 'query', maxLength: 100 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists live streams, most watched first, as a paginator: await it for the first page, or iterate
 * every stream. Viewers come and go while you page, so a stream may repeat or be missed.
 *
 * Token: app or user; no scope.
 * Limits: `first` 1 to 100; `game_id` and `language` at most 100 each; `user_id` and `user_login`
 * any number (split into requests of 100 and joined in order), but a list longer than 100 cannot
 * be combined with the other one.
 *
 * @platformName Get Streams
 * @throws PlatformError when a limit is broken or `type` is not `all` or `live` (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const { data: live } = await streams(client, { user_login: ['alice', 'bob'] });
 */
export function streams(client: ClientHandle, params: StreamsParams = {}, options?: RequestOptions): Paginator<Stream, OperationPage<Stream>> {
  params = ownParams(params); // its rules read what is sent
  checkSplitAlone(streamsOperation.name, params, ['user_id', 'user_login'], 100);
  return paginateOperation(client, streamsOperation, params, options);
}
