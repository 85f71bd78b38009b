import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `addModerator`. */
export interface AddModeratorParams {
  /** The channel; defaults to the user whose token is used (and must be that user). */
  broadcaster_id?: string;
  /** The user to make a moderator. */
  user_id: string;
}

/** The declaration of `moderation.addModerator`: POST /moderation/moderators, everything in the query. */
export const addModeratorOperation = /* @__PURE__ */ defineOperation<AddModeratorParams, void>({
  name: 'moderation.addModerator',
  method: 'POST',
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
 * Makes a user a moderator of the broadcaster's channel. A VIP must lose that role first.
 *
 * Token: user (the broadcaster's); scope `channel:manage:moderators`.
 * Limits: 10 changes per 10 seconds (the platform answers 429 past it).
 *
 * @platformName Add Channel Moderator
 * @throws PlatformError when `user_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses (400: already a moderator or banned; 422: a VIP; 429).
 * @example
 * await addModerator(client, { user_id: '5678' });
 */
export function addModerator(client: ClientHandle, params: AddModeratorParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, addModeratorOperation, params, options);
}
