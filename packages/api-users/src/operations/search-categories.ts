import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { Category } from '../types';

/** Parameters of `searchCategories`. */
export interface SearchCategoriesParams {
  /** The search text; a category matches when its name holds every word of it, in any case. */
  query: string;
  /** Page size, 1 to 100; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `search.searchCategories`: GET /search/categories, either token, no scope. */
export const searchCategoriesOperation = /* @__PURE__ */ defineOperation<SearchCategoriesParams, Category>({
  name: 'search.searchCategories',
  method: 'GET',
  path: '/search/categories',
  token: 'either',
  scopes: [],
  params: {
    query: { type: 'string', in: 'query', required: true },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Finds the games and categories whose name holds every word of `query` (case insensitive).
 *
 * Token: app or user; no scope.
 * Limits: `first` 1 to 100.
 *
 * @platformName Search Categories
 * @throws PlatformError when `query` is missing or empty, or `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const { data } = await searchCategories(client, { query: 'fort' });
 */
export function searchCategories(client: ClientHandle, params: SearchCategoriesParams, options?: RequestOptions): Paginator<Category, OperationPage<Category>> {
  return paginateOperation(client, searchCategoriesOperation, params, options);
}
