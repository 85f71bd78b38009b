import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatBadgeSet } from '../types';

/** Parameters of `globalBadges`: none. */
export type GlobalBadgesParams = Record<string, never>;

/** Declaration of `chat.globalBadges`: GET /chat/badges/global, either token, no scope. */
export const globalBadgesOperation = /* @__PURE__ */ defineOperation<GlobalBadgesParams, ChatBadgeSet[]>({
  name: 'chat.globalBadges',
  method: 'GET',
  path: '/chat/badges/global',
  token: 'either',
  scopes: [],
  params: {},
  result: dataResult,
});

/**
 * Gets the chat badges every channel shows (broadcaster, moderator, VIP...).
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Global Chat Badges
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const sets = await globalBadges(client);
 */
export function globalBadges(client: ClientHandle, params?: GlobalBadgesParams, options?: RequestOptions): Promise<ChatBadgeSet[]> {
  return callOperation(client, globalBadgesOperation, params, options);
}
