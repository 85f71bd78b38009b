import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { SuspiciousUser } from '../types';

/** Parameters of `addSuspiciousStatus`. */
export interface AddSuspiciousStatusParams {
  /** The channel that is to watch or restrict the user. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The user to treat as suspicious. */
  user_id: string;
  /** `ACTIVE_MONITORING` watches the user; `RESTRICTED` also hides their messages from chat. */
  status: 'ACTIVE_MONITORING' | 'RESTRICTED';
}

/** The declaration of `moderation.addSuspiciousStatus`: POST /moderation/suspicious_users, a flat body. */
export const addSuspiciousStatusOperation = /* @__PURE__ */ defineOperation<AddSuspiciousStatusParams, SuspiciousUser>({
  name: 'moderation.addSuspiciousStatus',
  method: 'POST',
  path: '/moderation/suspicious_users',
  token: 'either',
  scopes: ['moderator:manage:suspicious_users'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'body', required: true },
    status: { type: stringParam, in: 'body', required: true, oneOf: ['ACTIVE_MONITORING', 'RESTRICTED'] },
  },
  result: firstResult,
});

/**
 * Marks a user as suspicious in a channel and resolves with their record: `ACTIVE_MONITORING`
 * watches them, `RESTRICTED` also hides their messages from chat.
 *
 * Token: app or user; scope `moderator:manage:suspicious_users`.
 *
 * @platformName Add Suspicious Status to Chat User
 * @throws PlatformError when a required parameter is missing or `status` is neither `ACTIVE_MONITORING` nor `RESTRICTED`, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator).
 * @example
 * await addSuspiciousStatus(client, { broadcaster_id: '1234', user_id: '5678', status: 'RESTRICTED' });
 */
export function addSuspiciousStatus(client: ClientHandle, params: AddSuspiciousStatusParams, options?: RequestOptions): Promise<SuspiciousUser> {
  return callOperation(client, addSuspiciousStatusOperation, params, options);
}
