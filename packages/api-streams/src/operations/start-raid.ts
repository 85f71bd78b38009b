import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Raid } from '../types';

/** Parameters of `startRaid`. */
export interface StartRaidParams {
  /** The raiding broadcaster; defaults to the user whose token is used, which the platform requires it to be. */
  from_broadcaster_id?: string;
  /** The broadcaster to raid. */
  to_broadcaster_id: string;
}

/** Declaration of `raids.startRaid`: POST /raids, user token, channel:manage:raids; everything in the query. */
export const startRaidOperation = /* @__PURE__ */ defineOperation<StartRaidParams, Raid>({
  name: 'raids.startRaid',
  method: 'POST',
  path: '/raids',
  token: 'user',
  scopes: ['channel:manage:raids'],
  actingUser: 'from_broadcaster_id',
  params: {
    from_broadcaster_id: { type: 'string', in: 'query' },
    to_broadcaster_id: { type: 'string', in: 'query', required: true },
  },
  result: firstResult,
});

/**
 * Starts a raid: the broadcaster's viewers are sent to another channel when the broadcaster
 * clicks Raid Now or after the 90-second countdown. Whether it happened comes as the
 * `channel.raid` event; `cancelRaid` stops it before then.
 *
 * Token: user; channel:manage:raids.
 * Limits: the platform allows 10 raid requests per 10 minutes.
 *
 * @platformName Start a raid
 * @throws PlatformError when `to_broadcaster_id` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (409 when a raid is already under way,
 * 400 when the target does not accept the raid).
 * @throws PlatformRateLimitError when the raid limit is used up and retries are exhausted.
 * @example
 * const raid = await startRaid(client, { to_broadcaster_id: '87654321' });
 */
export function startRaid(client: ClientHandle, params: StartRaidParams, options?: RequestOptions): Promise<Raid> {
  return callOperation(client, startRaidOperation, params, options);
}
