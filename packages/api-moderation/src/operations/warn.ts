import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UserWarning } from '../types';

/** Parameters of `warn`. */
export interface WarnParams {
  /** The channel where the user is warned. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The user to warn. */
  user_id: string;
  /** Why, shown to the user; at most 500 characters. */
  reason: string;
}

/**
 * The declaration of `moderation.warn`: POST /moderation/warnings, `user_id` and `reason`
 * wrapped as `{ data: { ... } }` in the body.
 */
export const warnOperation = /* @__PURE__ */ defineOperation<WarnParams, UserWarning>({
  name: 'moderation.warn',
  method: 'POST',
  path: '/moderation/warnings',
  token: 'either',
  scopes: ['moderator:manage:warnings'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'body', required: true },
    reason: { type: stringParam, in: 'body', required: true, maxLength: 500 },
  },
  bodyWrap: 'data',
  result: firstResult,
});

/**
 * Warns a chatter, who cannot chat again until they acknowledge the warning. A new warning
 * replaces a pending one.
 *
 * Token: app or user; scope `moderator:manage:warnings`. With a user token, `moderator_id` is that
 * user. The app token works too, with `moderator_id` set to a moderator who granted the app
 * `moderator:manage:warnings`.
 * Limits: `reason` at most 500 characters.
 *
 * @platformName Warn Chat User
 * @throws PlatformError when `broadcaster_id`, `user_id` or `reason` is missing or `reason` is too long, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator; 409: a concurrent change; 429).
 * @example
 * await warn(client, { broadcaster_id: '1234', user_id: '5678', reason: 'Please keep it friendly.' });
 */
export function warn(client: ClientHandle, params: WarnParams, options?: RequestOptions): Promise<UserWarning> {
  return callOperation(client, warnOperation, params, options);
}
