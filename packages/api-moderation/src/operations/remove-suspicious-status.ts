import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { SuspiciousUser } from '../types';

/** Parameters of `removeSuspiciousStatus`. */
export interface RemoveSuspiciousStatusParams {
  /** The channel that is to stop watching or restricting the user. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The user no longer treated as suspicious. */
  user_id: string;
}

/**
 * The declaration of `moderation.removeSuspiciousStatus`: DELETE /moderation/suspicious_users,
 * everything in the query; the platform answers 200 with the record.
 */
export const removeSuspiciousStatusOperation = /* @__PURE__ */ defineOperation<RemoveSuspiciousStatusParams, SuspiciousUser>({
  name: 'moderation.removeSuspiciousStatus',
  method: 'DELETE',
  path: '/moderation/suspicious_users',
  token: 'either',
  scopes: ['moderator:manage:suspicious_users'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'query', required: true },
  },
  result: firstResult,
});

/**
 * Removes a user's suspicious status in a channel and resolves with their record, now
 * `NO_TREATMENT`.
 *
 * Token: app or user; scope `moderator:manage:suspicious_users`.
 *
 * @platformName Remove Suspicious Status From Chat User
 * @throws PlatformError when `broadcaster_id` or `user_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator).
 * @example
 * const record = await removeSuspiciousStatus(client, { broadcaster_id: '1234', user_id: '5678' });
 * console.log(record.status); // 'NO_TREATMENT'
 */
export function removeSuspiciousStatus(client: ClientHandle, params: RemoveSuspiciousStatusParams, options?: RequestOptions): Promise<SuspiciousUser> {
  return callOperation(client, removeSuspiciousStatusOperation, params, options);
}
