import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `unban`. */
export interface UnbanParams {
  /** The channel to lift the ban in. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The banned or timed-out user. */
  user_id: string;
}

/** The declaration of `moderation.unban`: DELETE /moderation/bans, everything in the query. */
export const unbanOperation = /* @__PURE__ */ defineOperation<UnbanParams, void>({
  name: 'moderation.unban',
  method: 'DELETE',
  path: '/moderation/bans',
  token: 'either',
  scopes: ['moderator:manage:banned_users'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Lifts a ban or a timeout.
 *
 * Token: app or user; scope `moderator:manage:banned_users`. The app token works too, with
 * `moderator_id` set to a moderator who granted the app `moderator:manage:banned_users` and
 * `user:bot`.
 *
 * @platformName Unban User
 * @throws PlatformError when `broadcaster_id` or `user_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (400: the user is not banned; 409: a concurrent change).
 * @example
 * await unban(client, { broadcaster_id: '1234', user_id: '5678' });
 */
export function unban(client: ClientHandle, params: UnbanParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, unbanOperation, params, options);
}
