import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatBadgeSet } from '../types';

/** Parameters of `channelBadges`. */
export interface ChannelBadgesParams {
  /** The channel whose badges are listed. */
  broadcaster_id: string;
}

/** Declaration of `chat.channelBadges`: GET /chat/badges, either token, no scope. */
export const channelBadgesOperation = /* @__PURE__ */ defineOperation<ChannelBadgesParams, ChatBadgeSet[]>({
  name: 'chat.channelBadges',
  method: 'GET',
  path: '/chat/badges',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
  },
  result: dataResult,
});

/**
 * Gets a channel's own chat badges (subscriber and bits badges); an empty list when it has none.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Channel Chat Badges
 * @throws PlatformError when `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const sets = await channelBadges(client, { broadcaster_id: '1234' });
 */
export function channelBadges(client: ClientHandle, params: ChannelBadgesParams, options?: RequestOptions): Promise<ChatBadgeSet[]> {
  return callOperation(client, channelBadgesOperation, params, options);
}
