import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChatSettings } from '../types';

/** Parameters of `settings`. */
export interface SettingsParams {
  /** The channel whose chat settings are read. */
  broadcaster_id: string;
  /**
   * Needed only to read the delay settings (`non_moderator_chat_delay...`): a moderator of the
   * channel, whose token (with moderator:read:chat_settings) the call must then use. With a user
   * token it defaults to that user; with the app token it stays unset.
   */
  moderator_id?: string;
}

/** Declaration of `chat.settings`: GET /chat/settings, either token, no scope. */
export const settingsOperation = /* @__PURE__ */ defineOperation<SettingsParams, ChatSettings>({
  name: 'chat.settings',
  method: 'GET',
  path: '/chat/settings',
  token: 'either',
  scopes: [],
  actingUser: 'moderator_id',
  actingUserOptional: true,
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets a channel's chat settings.
 *
 * Token: app or user; no scope. The delay fields come back only when the call names a moderator
 * and uses their token with moderator:read:chat_settings.
 *
 * @platformName Get Chat Settings
 * @throws PlatformError when `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const { slow_mode, slow_mode_wait_time } = await settings(client, { broadcaster_id: '1234' });
 */
export function settings(client: ClientHandle, params: SettingsParams, options?: RequestOptions): Promise<ChatSettings> {
  return callOperation(client, settingsOperation, params, options);
}
