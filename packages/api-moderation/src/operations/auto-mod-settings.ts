import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { AutoModSettings } from '../types';

/** Parameters of `autoModSettings`. */
export interface AutoModSettingsParams {
  /** The channel whose AutoMod settings are read. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
}

/** The declaration of `moderation.autoModSettings`: GET /moderation/automod/settings. */
export const autoModSettingsOperation = /* @__PURE__ */ defineOperation<AutoModSettingsParams, AutoModSettings>({
  name: 'moderation.autoModSettings',
  method: 'GET',
  path: '/moderation/automod/settings',
  token: 'either',
  scopes: ['moderator:read:automod_settings', 'moderator:manage:automod_settings'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets a channel's AutoMod levels.
 *
 * Token: app or user; scope `moderator:read:automod_settings` or
 * `moderator:manage:automod_settings`. The app token works too, with `moderator_id` set to a
 * moderator who granted the app one of them.
 *
 * @platformName Get AutoMod Settings
 * @throws PlatformError when `broadcaster_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator of the channel).
 * @example
 * const { overall_level, swearing } = await autoModSettings(client, { broadcaster_id: '1234' });
 */
export function autoModSettings(client: ClientHandle, params: AutoModSettingsParams, options?: RequestOptions): Promise<AutoModSettings> {
  return callOperation(client, autoModSettingsOperation, params, options);
}
