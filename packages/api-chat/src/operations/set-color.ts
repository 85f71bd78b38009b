import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatColorName } from '../types';

/** Parameters of `setColor`. */
export interface SetColorParams {
  /** The user whose color changes; defaults to the user whose token is used, and must be that user. */
  user_id?: string;
  /**
   * A named color, or a hex code such as `#9146FF` (hex codes are reserved to premium-tier users;
   * others pick a named color).
   */
  color: ChatColorName;
}

/** Declaration of `chat.setColor`: PUT /chat/color, user token, user:manage:chat_color. */
export const setColorOperation = /* @__PURE__ */ defineOperation<SetColorParams, void>({
  name: 'chat.setColor',
  method: 'PUT',
  path: '/chat/color',
  token: 'user',
  scopes: ['user:manage:chat_color'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'query' },
    color: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Sets the color of a user's name in chat. The color travels in the query, `#` encoded.
 *
 * Token: user only; user:manage:chat_color.
 *
 * @platformName Update User Chat Color
 * @throws PlatformError when `color` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 for a hex code from a user who may not use one).
 * @example
 * await setColor(client, { color: 'blue_violet' });
 */
export function setColor(client: ClientHandle, params: SetColorParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, setColorOperation, params, options);
}
