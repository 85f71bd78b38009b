import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `deleteMessages`. */
export interface DeleteMessagesParams {
  /** The channel whose chat the message is deleted from, or that is cleared. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /**
   * The message to delete; left out, the whole chat is cleared. It must be under 6 hours old and
   * written by neither the broadcaster nor a moderator.
   */
  message_id?: string;
}

/** The declaration of `moderation.deleteMessages`: DELETE /moderation/chat, everything in the query. */
export const deleteMessagesOperation = /* @__PURE__ */ defineOperation<DeleteMessagesParams, void>({
  name: 'moderation.deleteMessages',
  method: 'DELETE',
  path: '/moderation/chat',
  token: 'either',
  scopes: ['moderator:manage:chat_messages'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    message_id: { type: 'string', in: 'query' },
  },
  result: voidResult,
});

/**
 * Deletes one chat message, or clears the whole chat when `message_id` is left out.
 *
 * Token: app or user; scope `moderator:manage:chat_messages`. The app token works too, with
 * `moderator_id` set to a moderator who granted the app `moderator:manage:chat_messages`.
 * Limits: the message must be under 6 hours old (the platform checks it).
 *
 * @platformName Delete Chat Messages
 * @throws PlatformError when `broadcaster_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (400: too old, or from the broadcaster or a moderator; 404: unknown message).
 * @example
 * await deleteMessages(client, { broadcaster_id: '1234', message_id: event.message_id });
 * await deleteMessages(client, { broadcaster_id: '1234' }); // clears the chat
 */
export function deleteMessages(client: ClientHandle, params: DeleteMessagesParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, deleteMessagesOperation, params, options);
}
