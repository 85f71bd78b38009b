import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChannelTeam } from '../types';

/** Parameters of `channelTeams`. */
export interface ChannelTeamsParams {
  /** The broadcaster whose teams are listed. */
  broadcaster_id: string;
}

/** Declaration of `teams.channelTeams`: GET /teams/channel, either token, no scope. */
export const channelTeamsOperation = /* @__PURE__ */ defineOperation<ChannelTeamsParams, ChannelTeam[]>({
  name: 'teams.channelTeams',
  method: 'GET',
  path: '/teams/channel',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
  },
  result: dataResult,
});

/**
 * Lists the teams a broadcaster belongs to; an empty list when none.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Channel Teams
 * @throws PlatformError when `broadcaster_id` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call (404 when the broadcaster is not found).
 * @example
 * const names = (await channelTeams(client, { broadcaster_id: '1234' })).map((team) => team.team_display_name);
 */
export function channelTeams(client: ClientHandle, params: ChannelTeamsParams, options?: RequestOptions): Promise<ChannelTeam[]> {
  return callOperation(client, channelTeamsOperation, params, options);
}
