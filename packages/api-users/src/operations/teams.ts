import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { needExactlyOneOf } from '../checks';
import type { Team } from '../types';

/** Parameters of `teams`: the team's `name` or its `id`, not both. */
export type TeamsParams =
  | {
      /** The team's name. */
      name: string;
      /** Not with `name`. */
      id?: undefined;
    }
  | {
      /** The team's ID. */
      id: string;
      /** Not with `id`. */
      name?: undefined;
    };

/** Declaration of `teams.teams`: GET /teams, either token, no scope; `name` or `id` in the query. */
export const teamsOperation = /* @__PURE__ */ defineOperation<TeamsParams, Team>({
  name: 'teams.teams',
  method: 'GET',
  path: '/teams',
  token: 'either',
  scopes: [],
  params: {
    name: { type: 'string', in: 'query' },
    id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets a team and its members, by name or by ID.
 *
 * Token: app or user; no scope.
 * Limits: exactly one of `name` and `id`.
 *
 * @platformName Get Teams
 * @throws PlatformError when neither or both of `name` and `id` are given (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call (404 when there is no such team).
 * @example
 * const team = await teams(client, { name: 'livecoders' });
 * console.log(team.team_display_name, team.users.length);
 */
export async function teams(client: ClientHandle, params: TeamsParams, options?: RequestOptions): Promise<Team> {
  params = ownParams(params); // its rules read what is sent
  needExactlyOneOf(teamsOperation.name, params, ['name', 'id']);
  return await callOperation(client, teamsOperation, params, options);
}
