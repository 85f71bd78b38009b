import { callOperation, defineOperation, envelopeResult, numberParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkOnlyWith } from '../rules';
import type { BitsLeaderboard, BitsLeaderboardPeriod } from '../types';

/** Parameters of `bitsLeaderboard`; every field is optional. The leaderboard is the token user's channel. */
export interface BitsLeaderboardParams {
  /** How many leaders, 1 to 100 (the platform's default is 10). */
  count?: number;
  /** The period the board covers, in Pacific time: `day`, `week`, `month`, `year` or `all` (the platform's default: the channel's lifetime). */
  period?: BitsLeaderboardPeriod;
  /**
   * A moment within the period to report (RFC 3339), converted to Pacific time; only with
   * `period`, and ignored with `all`. `2022-01-01T08:00:00Z` with `month` is January 2022.
   */
  started_at?: string;
  /** A user who cheered: the board around them (ranks above and below when `count` is more than 1) instead of the top. */
  user_id?: string;
}

/** Declaration of `bits.bitsLeaderboard`: GET /bits/leaderboard, user token, bits:read. */
export const bitsLeaderboardOperation = /* @__PURE__ */ defineOperation<BitsLeaderboardParams, BitsLeaderboard>({
  name: 'bits.bitsLeaderboard',
  method: 'GET',
  path: '/bits/leaderboard',
  token: 'user',
  scopes: ['bits:read'],
  params: {
    count: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    period: { type: stringParam, in: 'query', oneOf: ['day', 'week', 'month', 'year', 'all'] },
    started_at: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'query' },
  },
  result: envelopeResult,
});

/**
 * Gets the Bits leaderboard of the channel whose token is used: the leaders in rank order
 * (`data`), the reporting window (`date_range`) and how many leaders came back (`total`).
 *
 * Token: user (the broadcaster's); bits:read.
 * Limits: `count` 1 to 100, whole; `period` one of `day`, `week`, `month`, `year`, `all`;
 * `started_at` only with `period`.
 *
 * @platformName Get Bits Leaderboard
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 for a period other than `all`
 * without `started_at`, which the platform's reference lists as refused).
 * @example
 * const { data: leaders } = await bitsLeaderboard(client, { count: 3, period: 'week', started_at: '2024-05-06T08:00:00Z' });
 */
export async function bitsLeaderboard(client: ClientHandle, params?: BitsLeaderboardParams, options?: RequestOptions): Promise<BitsLeaderboard> {
  params = ownParams(params); // its rules read what is sent
  checkOnlyWith(bitsLeaderboardOperation.name, params, 'started_at', 'period');
  return await callOperation(client, bitsLeaderboardOperation, params, options);
}
