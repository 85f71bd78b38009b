import { callOperation, defineOperation, firstResult, numberParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UserBan } from '../types';

/** Parameters of `ban`. */
export interface BanParams {
  /** The channel to ban the user from. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The user to ban or time out. */
  user_id: string;
  /** A timeout, 1 to 1209600 seconds (two weeks); left out, the ban is permanent. */
  duration?: number;
  /** At most 500 characters. */
  reason?: string;
}

/**
 * The declaration of `moderation.ban`: POST /moderation/bans, `user_id`, `duration` and `reason`
 * wrapped as `{ data: { ... } }` in the body.
 */
export const banOperation = /* @__PURE__ */ defineOperation<BanParams, UserBan>({
  name: 'moderation.ban',
  method: 'POST',
  path: '/moderation/bans',
  token: 'either',
  scopes: ['moderator:manage:banned_users'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'body', required: true },
    duration: { type: numberParam, in: 'body', integer: true, min: 1, max: 1_209_600 },
    reason: { type: stringParam, in: 'body', maxLength: 500 },
  },
  bodyWrap: 'data',
  result: firstResult,
});

/**
 * Bans a user from a channel, or times them out with `duration`. A timed-out user can be timed
 * out again (new duration) or banned for good; a banned user must be unbanned before a timeout
 * (the platform answers 400). `end_time` of the result is null for a permanent ban.
 *
 * Token: app or user; scope `moderator:manage:banned_users`. The app token works too, with
 * `moderator_id` set to a moderator who granted the app `moderator:manage:banned_users` and
 * `user:bot`.
 * Limits: `duration` 1 to 1209600 seconds; `reason` at most 500 characters.
 *
 * @platformName Ban User
 * @throws PlatformError when `broadcaster_id` or `user_id` is missing, `duration` is out of range or `reason` too long, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (400: already banned, or the user may not be banned; 409: a concurrent change; 429).
 * @example
 * const placed = await ban(client, { broadcaster_id: '1234', user_id: '5678', duration: 600, reason: 'Spam' });
 * console.log(placed.end_time); // when the timeout ends
 */
export function ban(client: ClientHandle, params: BanParams, options?: RequestOptions): Promise<UserBan> {
  return callOperation(client, banOperation, params, options);
}
