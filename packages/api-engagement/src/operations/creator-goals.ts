import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CreatorGoal } from '../types';

/** Parameters of `creatorGoals`. */
export interface CreatorGoalsParams {
  /** The broadcaster whose goals are listed; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `goals.creatorGoals`: GET /goals, user token, channel:read:goals. */
export const creatorGoalsOperation = /* @__PURE__ */ defineOperation<CreatorGoalsParams, CreatorGoal[]>({
  name: 'goals.creatorGoals',
  method: 'GET',
  path: '/goals',
  token: 'user',
  scopes: ['channel:read:goals'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: dataResult,
});

/**
 * Lists the broadcaster's active creator goals with their progress; an empty list when there are
 * none. The `channel.goal.progress` event reports progress without polling.
 *
 * Token: user (the broadcaster's); channel:read:goals.
 *
 * @platformName Get Creator Goals
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * for (const goal of await creatorGoals(client)) console.log(`${goal.type}: ${goal.current_amount}/${goal.target_amount}`);
 */
export function creatorGoals(client: ClientHandle, params?: CreatorGoalsParams, options?: RequestOptions): Promise<CreatorGoal[]> {
  return callOperation(client, creatorGoalsOperation, params, options);
}
