import { defineOperation, numberParam, pageResult, paginateOperation, stringParam, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkWindow } from '../checks';
import type { AnalyticsReportType, GameAnalyticsReport } from '../types';
import { oauthOptions } from '../extension-jwt';

/** Parameters of `gameAnalytics`. */
export interface GameAnalyticsParams {
  /** One game's report; without it, a report for each of the user's games. */
  game_id?: string;
  /** The kind of report: `overview_v2`. */
  type?: AnalyticsReportType;
  /**
   * The window's first day (RFC 3339, time at zero, e.g. `2021-10-22T00:00:00Z`); needs `ended_at`.
   * The platform starts no earlier than a year ago. Without a window, the last 365 days.
   */
  started_at?: string;
  /** The window's last day, included (RFC 3339, time at zero); needs `started_at`. Data arrives one to two days late. */
  ended_at?: string;
  /** Page size, 1 to 100; the platform's default is 20, and it sends at most 20 a page. */
  first?: number;
  /** The cursor to start after; the platform ignores it when `game_id` is set. */
  after?: string;
}

/** Declaration of `analytics.gameAnalytics`: GET /analytics/games, user token, analytics:read:games. */
export const gameAnalyticsOperation = /* @__PURE__ */ defineOperation<GameAnalyticsParams, GameAnalyticsReport>({
  name: 'analytics.gameAnalytics',
  method: 'GET',
  path: '/analytics/games',
  token: 'user',
  scopes: ['analytics:read:games'],
  params: {
    game_id: { type: 'string', in: 'query' },
    type: { type: stringParam, in: 'query', oneOf: ['overview_v2'] },
    started_at: { type: 'string', in: 'query' },
    ended_at: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 100, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists analytics reports of the user's games: for each, the address of a CSV file (valid 5
 * minutes) with one row per day the game was played in the window. A report exists only for a
 * game broadcast at least 5 hours over the window.
 *
 * Token: user only; analytics:read:games.
 * Limits: `first` 1 to 100; `type` `overview_v2`; `started_at` and `ended_at` together or not at
 * all, the end not before the start.
 *
 * @platformName Get Game Analytics
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 for an unknown game).
 * @example
 * const [report] = (await gameAnalytics(client, { game_id: '493057' })).data;
 */
export function gameAnalytics(client: ClientHandle, params?: GameAnalyticsParams, options?: RequestOptions): Paginator<GameAnalyticsReport, OperationPage<GameAnalyticsReport>> {
  params = ownParams(params); // its rules read what is sent
  checkWindow(gameAnalyticsOperation.name, params);
  return paginateOperation(client, gameAnalyticsOperation, params, oauthOptions(gameAnalyticsOperation, options));
}
