import { booleanParam, callOperation, defineOperation, firstResult, PlatformError, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import type { SentChatMessage } from '../types';

/** Parameters of `send`. */
export interface SendParams {
  /** The channel whose chat the message goes to. */
  broadcaster_id: string;
  /** Who writes; defaults to the user whose token is used. With the app token it is the bot user. */
  sender_id?: string;
  /** The text, at most 500 characters; emote names become emotes. */
  message: string;
  /** The message this one answers. */
  reply_parent_message_id?: string;
  /** In a shared chat, whether the message stays in this channel. App tokens only; the platform rejects it with a user token. */
  for_source_only?: boolean;
  /**
   * Pins the message for 20 minutes. The sender must be the broadcaster or a moderator and have
   * moderator:manage:chat_messages; cannot be combined with `reply_parent_message_id` or
   * `for_source_only`.
   */
  pin?: boolean;
}

/** Declaration of `chat.send`: POST /chat/messages, either token, user:write:chat. */
export const sendOperation = /* @__PURE__ */ defineOperation<SendParams, SentChatMessage>({
  name: 'chat.send',
  method: 'POST',
  path: '/chat/messages',
  token: 'either',
  scopes: ['user:write:chat'],
  actingUser: 'sender_id',
  params: {
    broadcaster_id: { type: 'string', in: 'body', required: true },
    sender_id: { type: 'string', in: 'body' },
    message: { type: stringParam, in: 'body', required: true, maxLength: 500 },
    reply_parent_message_id: { type: 'string', in: 'body' },
    for_source_only: { type: booleanParam, in: 'body' },
    pin: { type: booleanParam, in: 'body' },
  },
  result: firstResult,
});

/** A pinned message cannot be a reply nor stay in its own channel; refused before sending. */
function checkPin(params: SendParams): void {
  if (typeof params !== 'object' || params === null || params.pin !== true) return;
  for (const other of ['reply_parent_message_id', 'for_source_only'] as const) {
    if (params[other] !== undefined) throw new PlatformError(`The parameter pin of chat.send cannot be combined with ${other}; got pin true and ${other} ${JSON.stringify(params[other])}.`);
  }
}

/**
 * Sends a message to a channel's chat. A message the platform refuses (the sender is banned,
 * the room is in emote-only mode...) is not an error: it resolves with `is_sent` false and a
 * `drop_reason` saying why.
 *
 * Token: app or user; user:write:chat. With a user token, `sender_id` is that user. With the app
 * token, the sender must have granted the app user:write:chat and user:bot, and the broadcaster
 * channel:bot (unless the sender moderates the channel). `pin` also needs
 * moderator:manage:chat_messages on the sender's token, which is not checked here.
 * Limits: `message` at most 500 characters; a pin lasts 20 minutes.
 *
 * @platformName Send Chat Message
 * @throws PlatformError when `message` is longer than 500 characters, a required parameter is
 * missing, or `pin` is combined with `reply_parent_message_id` or `for_source_only` (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when the sender may not chat
 * there; with `pin`, 401 without moderator:manage:chat_messages: a message that cannot be pinned
 * is not sent either); PlatformRateLimitError when messages come too fast (429).
 * @example
 * const sent = await send(client, { broadcaster_id: '1234', message: 'Hello chat!' });
 * if (!sent.is_sent) console.warn(sent.drop_reason?.message);
 */
export async function send(client: ClientHandle, params: SendParams, options?: RequestOptions): Promise<SentChatMessage> {
  params = ownParams(params); // its rules read what is sent
  checkPin(params);
  return await callOperation(client, sendOperation, params, options);
}
