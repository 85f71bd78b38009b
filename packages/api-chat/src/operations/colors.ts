import { callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { UserChatColor } from '../types';

/** Parameters of `colors`. */
export interface ColorsParams {
  /** One user ID or a list of any length; a long list is split into requests of 100. */
  user_id: string | string[];
}

/** Declaration of `chat.colors`: GET /chat/color, either token, no scope; 100 users per request. */
export const colorsOperation = /* @__PURE__ */ defineOperation<ColorsParams, UserChatColor[]>({
  name: 'chat.colors',
  method: 'GET',
  path: '/chat/color',
  token: 'either',
  scopes: [],
  params: {
    user_id: { type: idsParam, in: 'query', required: true, chunk: 100 },
  },
  result: dataResult,
});

/**
 * Gets the chat colors of users; unknown users are left out, and `color` is an empty string for
 * a user who never picked one.
 *
 * Token: app or user; no scope.
 * Limits: the platform takes 100 users per request; a longer list is sent as several requests and
 * the results are joined in order.
 *
 * @platformName Get User Chat Color
 * @throws PlatformError when `user_id` is missing, empty or holds an empty ID (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const [first] = await colors(client, { user_id: ['1234', '5678'] });
 */
export function colors(client: ClientHandle, params: ColorsParams, options?: RequestOptions): Promise<UserChatColor[]> {
  return callOperation(client, colorsOperation, params, options);
}
