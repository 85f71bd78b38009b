import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { HypeTrainStatus } from '../types';

/** Parameters of `hypeTrainStatus`. */
export interface HypeTrainStatusParams {
  /** The broadcaster whose Hype Train is read; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `hypeTrain.hypeTrainStatus`: GET /hypetrain/status, user token, channel:read:hype_train. */
export const hypeTrainStatusOperation = /* @__PURE__ */ defineOperation<HypeTrainStatusParams, HypeTrainStatus>({
  name: 'hypeTrain.hypeTrainStatus',
  method: 'GET',
  path: '/hypetrain/status',
  token: 'user',
  scopes: ['channel:read:hype_train'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets the channel's Hype Train status: the train running now (`current`, null when none is) and
 * the channel's records (`all_time_high`, `shared_all_time_high`).
 *
 * Token: user (the broadcaster's); channel:read:hype_train.
 *
 * @platformName Get Hype Train Status
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @throws PlatformError when the platform answers with no status object (`GET /hypetrain/status returned no data.`).
 * @example
 * const { current } = await hypeTrainStatus(client);
 * if (current) console.log(`level ${current.level}: ${current.progress}/${current.goal}`);
 */
export function hypeTrainStatus(client: ClientHandle, params?: HypeTrainStatusParams, options?: RequestOptions): Promise<HypeTrainStatus> {
  return callOperation(client, hypeTrainStatusOperation, params, options);
}
