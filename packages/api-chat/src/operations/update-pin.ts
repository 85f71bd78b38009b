import { callOperation, defineOperation, numberParam, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `updatePin`. */
export interface UpdatePinParams {
  /** The channel whose chat holds the pin. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The pinned message. */
  message_id: string;
  /** The new duration, 30 to 1800 seconds counted from now; left out, until the stream ends. */
  duration_seconds?: number;
}

/** Declaration of `chat.updatePin`: PATCH /chat/pins, either token, moderator:manage:chat_messages. */
export const updatePinOperation = /* @__PURE__ */ defineOperation<UpdatePinParams, void>({
  name: 'chat.updatePin',
  method: 'PATCH',
  path: '/chat/pins',
  token: 'either',
  scopes: ['moderator:manage:chat_messages'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    message_id: { type: 'string', in: 'query', required: true },
    duration_seconds: { type: numberParam, in: 'query', min: 30, max: 1800, integer: true },
  },
  result: voidResult,
});

/**
 * Changes how long the pinned message stays pinned, counted from the call. Everything goes in the
 * query; the platform answers 204 with no body.
 *
 * Token: app or user; moderator:manage:chat_messages. The app token works too, with `moderator_id`
 * set to a moderator (or the broadcaster) who granted the app moderator:manage:chat_messages and
 * user:bot, in a channel whose broadcaster granted it channel:bot.
 * Limits: `duration_seconds` 30 to 1800; without it the pin lasts until the stream ends.
 *
 * @platformName Update Pinned Chat Message
 * @throws PlatformError when `duration_seconds` is outside 30 to 1800 or a required parameter is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when the message is not the pinned one).
 * @example
 * await updatePin(client, { broadcaster_id: '1234', message_id: 'abc-123', duration_seconds: 1800 });
 */
export function updatePin(client: ClientHandle, params: UpdatePinParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, updatePinOperation, params, options);
}
