import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { combinedIdsParam, needOneOf } from '../checks';
import type { Game } from '../types';

/** Parameters of `games`: at least one of `id`, `name`, `igdb_id`, counted together (see `id`). */
export interface GamesParams {
  /**
   * One game ID or a list of any length. The platform takes 100 IDs, names and IGDB IDs
   * together per request; a longer combined list is split and the games joined in order.
   */
  id?: string | string[];
  /** One exact game name or a list of any length; counted together with `id` and `igdb_id`. */
  name?: string | string[];
  /** One IGDB ID or a list of any length; counted together with `id` and `name`. */
  igdb_id?: string | string[];
}

const lookupKeys = ['id', 'name', 'igdb_id'] as const;

/** Declaration of `games.games`: GET /games, either token, no scope; 100 IDs, names and IGDB IDs together per request. */
export const gamesOperation = /* @__PURE__ */ defineOperation<GamesParams, Game[]>({
  name: 'games.games',
  method: 'GET',
  path: '/games',
  token: 'either',
  scopes: [],
  params: {
    id: { type: combinedIdsParam, in: 'query', chunk: 100 },
    name: { type: combinedIdsParam, in: 'query', chunk: 100 },
    igdb_id: { type: combinedIdsParam, in: 'query', chunk: 100 },
  },
  result: dataResult,
});

/**
 * Gets games and categories by ID, exact name or IGDB ID; unknown and repeated ones are left out.
 *
 * Token: app or user; no scope.
 * Limits: at least one of `id`, `name`, `igdb_id`. The platform takes 100 of them together per
 * request; a longer combined list is sent as several requests (IDs, then names, then IGDB IDs, in
 * the order given) and the games are joined in that order.
 *
 * @platformName Get Games
 * @throws PlatformError when none of `id`, `name`, `igdb_id` is given, or one is not an ID or a list of non-empty strings (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const [fortnite] = await games(client, { name: 'Fortnite' });
 */
export async function games(client: ClientHandle, params: GamesParams, options?: RequestOptions): Promise<Game[]> {
  params = ownParams(params); // its rules read what is sent
  needOneOf(gamesOperation.name, params, lookupKeys);
  return await callOperation(client, gamesOperation, params, options);
}
