import { callOperation, defineOperation, stringParam, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `manageAutoModMessage`. */
export interface ManageAutoModMessageParams {
  /** The moderator who decides (not the author); defaults to the user whose token is used. */
  user_id?: string;
  /** The held message, from the `automod.message.hold` event. */
  msg_id: string;
  /** `ALLOW` releases the message to chat, `DENY` discards it. */
  action: 'ALLOW' | 'DENY';
}

/** The declaration of `moderation.manageAutoModMessage`: POST /moderation/automod/message, a flat body. */
export const manageAutoModMessageOperation = /* @__PURE__ */ defineOperation<ManageAutoModMessageParams, void>({
  name: 'moderation.manageAutoModMessage',
  method: 'POST',
  path: '/moderation/automod/message',
  token: 'either',
  scopes: ['moderator:manage:automod'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'body' },
    msg_id: { type: 'string', in: 'body', required: true },
    action: { type: stringParam, in: 'body', required: true, oneOf: ['ALLOW', 'DENY'] },
  },
  result: voidResult,
});

/**
 * Allows or denies a chat message that AutoMod holds for review.
 *
 * Token: app or user; scope `moderator:manage:automod`. `user_id` is the acting moderator: with a
 * user token, that user. The app token works too, with `user_id` set to a moderator who granted
 * the app `moderator:manage:automod`.
 *
 * @platformName Manage Held AutoMod Messages
 * @throws PlatformError when `msg_id` or `action` is missing or `action` is neither `ALLOW` nor `DENY`, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (404: unknown message; 403: not a moderator of the channel).
 * @example
 * await manageAutoModMessage(client, { msg_id: event.message_id, action: 'ALLOW' });
 */
export function manageAutoModMessage(client: ClientHandle, params: ManageAutoModMessageParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, manageAutoModMessageOperation, params, options);
}
