import { callOperation, defineOperation, firstOrNullResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { SharedChatSession } from '../types';

/** Parameters of `sharedSession`. */
export interface SharedSessionParams {
  /** A channel taking part in the session (host or not). */
  broadcaster_id: string;
}

/** Declaration of `chat.sharedSession`: GET /shared_chat/session, either token, no scope. */
export const sharedSessionOperation = /* @__PURE__ */ defineOperation<SharedSessionParams, SharedChatSession | null>({
  name: 'chat.sharedSession',
  method: 'GET',
  path: '/shared_chat/session',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
  },
  result: firstOrNullResult,
});

/**
 * Gets the shared chat session a channel is in, or null when it is in none.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Shared Chat Session
 * @throws PlatformError when `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const session = await sharedSession(client, { broadcaster_id: '1234' });
 * if (session) console.log(session.participants.length);
 */
export function sharedSession(client: ClientHandle, params: SharedSessionParams, options?: RequestOptions): Promise<SharedChatSession | null> {
  return callOperation(client, sharedSessionOperation, params, options);
}
