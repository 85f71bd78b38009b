import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `removeModerator`. */
export interface RemoveModeratorParams {
  /** The channel; defaults to the user whose token is used (and must be that user). */
  broadcaster_id?: string;
  /** The moderator to remove. */
  user_id: string;
}

/** The declaration of `moderation.removeModerator`: DELETE /moderation/moderators, everything in the query. */
export const removeModeratorOperation = /* @__PURE__ */ defineOperation<RemoveModeratorParams, void>({
  name: 'moderation.removeModerator',
  method: 'DELETE',
  path: '/moderation/moderators',
  token: 'user',
  scopes: ['channel:manage:moderators'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Takes moderator status away from a user.
 *
 * Token: user (the broadcaster's); scope `channel:manage:moderators`.
 * Limits: 10 changes per 10 seconds (the platform answers 429 past it).
 *
 * @platformName Remove Channel Moderator
 * @throws PlatformError when `user_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses (400: not a moderator; 429).
 * @example
 * await removeModerator(client, { user_id: '5678' });
 */
export function removeModerator(client: ClientHandle, params: RemoveModeratorParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, removeModeratorOperation, params, options);
}
