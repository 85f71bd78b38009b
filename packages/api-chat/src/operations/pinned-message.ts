import { callOperation, defineOperation, firstOrNullResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { PinnedChatMessage } from '../types';

/** Parameters of `pinnedMessage`. */
export interface PinnedMessageParams {
  /** The channel whose pinned message is read. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
}

/** Declaration of `chat.pinnedMessage`: GET /chat/pins, either token, moderator:manage:chat_messages or moderator:read:chat_messages. */
export const pinnedMessageOperation = /* @__PURE__ */ defineOperation<PinnedMessageParams, PinnedChatMessage | null>({
  name: 'chat.pinnedMessage',
  method: 'GET',
  path: '/chat/pins',
  token: 'either',
  scopes: ['moderator:manage:chat_messages', 'moderator:read:chat_messages'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: firstOrNullResult,
});

/**
 * Gets the message pinned in a channel's chat, or null when none is.
 *
 * Token: app or user; moderator:manage:chat_messages or moderator:read:chat_messages. The app
 * token works too, with `moderator_id` set to a moderator (or the broadcaster) who granted the app
 * one of them and user:bot, in a channel whose broadcaster granted it channel:bot.
 *
 * @platformName Get Pinned Chat Message
 * @throws PlatformError when `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const pinned = await pinnedMessage(client, { broadcaster_id: '1234' });
 * console.log(pinned?.message.text ?? 'nothing pinned');
 */
export function pinnedMessage(client: ClientHandle, params: PinnedMessageParams, options?: RequestOptions): Promise<PinnedChatMessage | null> {
  return callOperation(client, pinnedMessageOperation, params, options);
}
