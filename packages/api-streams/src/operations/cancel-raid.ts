import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `cancelRaid`. */
export interface CancelRaidParams {
  /** The broadcaster who started the raid; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `raids.cancelRaid`: DELETE /raids, user token, channel:manage:raids. */
export const cancelRaidOperation = /* @__PURE__ */ defineOperation<CancelRaidParams, void>({
  name: 'raids.cancelRaid',
  method: 'DELETE',
  path: '/raids',
  token: 'user',
  scopes: ['channel:manage:raids'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: voidResult,
});

/**
 * Cancels a pending raid, up until the broadcaster clicks Raid Now or the countdown ends.
 *
 * Token: user; channel:manage:raids.
 * Limits: the platform allows 10 raid requests per 10 minutes.
 *
 * @platformName Cancel a raid
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when no raid is pending).
 * @example
 * await cancelRaid(client);
 */
export function cancelRaid(client: ClientHandle, params: CancelRaidParams = {}, options?: RequestOptions): Promise<void> {
  return callOperation(client, cancelRaidOperation, params, options);
}
