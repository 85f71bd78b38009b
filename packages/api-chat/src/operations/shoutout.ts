import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `shoutout`. */
export interface ShoutoutParams {
  /** The channel giving the shoutout; it must be live. */
  from_broadcaster_id: string;
  /** The channel receiving it. */
  to_broadcaster_id: string;
  /** The giving broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
}

/** Declaration of `chat.shoutout`: POST /chat/shoutouts, either token, moderator:manage:shoutouts. */
export const shoutoutOperation = /* @__PURE__ */ defineOperation<ShoutoutParams, void>({
  name: 'chat.shoutout',
  method: 'POST',
  path: '/chat/shoutouts',
  token: 'either',
  scopes: ['moderator:manage:shoutouts'],
  actingUser: 'moderator_id',
  params: {
    from_broadcaster_id: { type: 'string', in: 'query', required: true },
    to_broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: voidResult,
});

/**
 * Gives another broadcaster a shoutout in a channel's chat.
 *
 * Token: app or user; moderator:manage:shoutouts. The app token works too, with `moderator_id` set
 * to a moderator (or the broadcaster) who granted the app moderator:manage:shoutouts and user:bot,
 * and with the broadcaster of `from_broadcaster_id` having granted it channel:bot.
 * Limits: one shoutout per 2 minutes, and one per hour to the same broadcaster (a 429
 * otherwise); the sending channel must be live (a 403 otherwise).
 *
 * @platformName Send a Shoutout
 * @throws PlatformError when `from_broadcaster_id` or `to_broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call; PlatformRateLimitError during a cooldown.
 * @example
 * await shoutout(client, { from_broadcaster_id: '1234', to_broadcaster_id: '5678' });
 */
export function shoutout(client: ClientHandle, params: ShoutoutParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, shoutoutOperation, params, options);
}
