import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `sendWhisper`. */
export interface SendWhisperParams {
  /** The sender; defaults to the user whose token is used, and must be that user (with a verified phone number). */
  from_user_id?: string;
  /** The recipient; must not be the sender. */
  to_user_id: string;
  /**
   * The text; it must not be empty. The platform cuts it after 500 characters when the recipient
   * has never whispered the sender, after 10,000 otherwise (a longer text is cut, not refused).
   */
  message: string;
}

/** Declaration of `whispers.sendWhisper`: POST /whispers, user token, user:manage:whispers; ids in the query, `message` in the body. */
export const sendWhisperOperation = /* @__PURE__ */ defineOperation<SendWhisperParams, void>({
  name: 'whispers.sendWhisper',
  method: 'POST',
  path: '/whispers',
  token: 'user',
  scopes: ['user:manage:whispers'],
  actingUser: 'from_user_id',
  params: {
    from_user_id: { type: 'string', in: 'query' },
    to_user_id: { type: 'string', in: 'query', required: true },
    message: { type: 'string', in: 'body', required: true },
  },
  result: voidResult,
});

/**
 * Sends a whisper (a private message) to a user. The platform may drop a whisper it suspects of
 * breaking its policies and still answer with success.
 *
 * Token: user only; user:manage:whispers. `from_user_id` defaults to the token's user and must
 * be that user, whose account needs a verified phone number.
 * Limits: `message` must not be empty. The platform cuts a message after 500 characters when the
 * recipient has never whispered the sender, after 10,000 otherwise; a longer message is sent and
 * cut, as the platform's reference says, not refused here. The platform allows 40 distinct
 * recipients a day, 3 whispers a second and 100 a minute (429 past them).
 *
 * @platformName Send Whisper
 * @throws PlatformError when `message` is empty, or `message` or `to_user_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400: whispering oneself or a user who blocks whispers from strangers; 401: no verified phone number; 404: unknown recipient; 429).
 * @example
 * await sendWhisper(client, { to_user_id: '5678', message: 'Thanks for the raid!' });
 */
export function sendWhisper(client: ClientHandle, params: SendWhisperParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, sendWhisperOperation, params, options);
}
