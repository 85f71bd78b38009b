import { booleanParam, defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { SearchedChannel } from '../types';

/** Parameters of `searchChannels`. */
export interface SearchChannelsParams {
  /**
   * The search text, matched at the start of the login name (case insensitive); with `live_only`,
   * at the start of the broadcaster's name or category name.
   */
  query: string;
  /** Only channels streaming now; the platform's default is false (live and offline). */
  live_only?: boolean;
  /** Page size, 1 to 100; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `search.searchChannels`: GET /search/channels, either token, no scope. */
export const searchChannelsOperation = /* @__PURE__ */ defineOperation<SearchChannelsParams, SearchedChannel>({
  name: 'search.searchChannels',
  method: 'GET',
  path: '/search/channels',
  token: 'either',
  scopes: [],
  params: {
    query: { type: 'string', in: 'query', required: true },
    live_only: { type: booleanParam, in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Finds channels that streamed in the past 6 months and whose name starts with `query`; with
 * `live_only`, channels live now whose name or category starts with it.
 *
 * Token: app or user; no scope.
 * Limits: `first` 1 to 100.
 *
 * @platformName Search Channels
 * @throws PlatformError when `query` is missing or empty, or `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * for await (const channel of searchChannels(client, { query: 'speedrun', live_only: true }).take(10)) console.log(channel.display_name);
 */
export function searchChannels(client: ClientHandle, params: SearchChannelsParams, options?: RequestOptions): Paginator<SearchedChannel, OperationPage<SearchedChannel>> {
  return paginateOperation(client, searchChannelsOperation, params, options);
}
