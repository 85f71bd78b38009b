import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { Game } from '../types';

/** Parameters of `topGames`. */
export interface TopGamesParams {
  /** Page size, 1 to 100; the platform's default is 20. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
  /** The cursor to start before (pages then go backwards). */
  before?: string;
}

/** Declaration of `games.topGames`: GET /games/top, either token, no scope. */
export const topGamesOperation = /* @__PURE__ */ defineOperation<TopGamesParams, Game>({
  name: 'games.topGames',
  method: 'GET',
  path: '/games/top',
  token: 'either',
  scopes: [],
  params: {
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
    before: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the games and categories with the most viewers now, most watched first.
 *
 * Token: app or user; no scope.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Top Games
 * @throws PlatformError when `first` is outside 1 to 100 (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page (400 for a bad cursor).
 * @example
 * const top10 = await topGames(client, { first: 10 }).take(10);
 */
export function topGames(client: ClientHandle, params?: TopGamesParams, options?: RequestOptions): Paginator<Game, OperationPage<Game>> {
  return paginateOperation(client, topGamesOperation, params, options);
}
