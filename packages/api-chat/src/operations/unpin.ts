import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `unpin`. */
export interface UnpinParams {
  /** The channel whose chat holds the pin. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The pinned message. */
  message_id: string;
}

/** Declaration of `chat.unpin`: DELETE /chat/pins, either token, moderator:manage:chat_messages. */
export const unpinOperation = /* @__PURE__ */ defineOperation<UnpinParams, void>({
  name: 'chat.unpin',
  method: 'DELETE',
  path: '/chat/pins',
  token: 'either',
  scopes: ['moderator:manage:chat_messages'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    message_id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Unpins the pinned message of a channel's chat. Everything goes in the query; the platform
 * answers 204 with no body.
 *
 * Token: app or user; moderator:manage:chat_messages. The app token works too, with `moderator_id`
 * set to a moderator (or the broadcaster) who granted the app moderator:manage:chat_messages and
 * user:bot, in a channel whose broadcaster granted it channel:bot.
 *
 * @platformName Unpin Chat Message
 * @throws PlatformError when a required parameter is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when the message is not the pinned one).
 * @example
 * await unpin(client, { broadcaster_id: '1234', message_id: 'abc-123' });
 */
export function unpin(client: ClientHandle, params: UnpinParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, unpinOperation, params, options);
}
