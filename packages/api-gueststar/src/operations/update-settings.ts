import { booleanParam, callOperation, defineOperation, numberParam, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { hostScopes } from '../scopes';
import type { GuestStarGroupLayout } from '../types';

/**
 * Parameters of `updateSettings()`. Only the fields given change.
 *
 * Beta: the platform may change this operation.
 */
export interface UpdateSettingsParams {
  /** The channel; defaults to the user whose token is used, and must be that user. */
  broadcaster_id?: string;
  /** Let moderators decide whether a seated guest is live. */
  is_moderator_send_live_enabled?: boolean;
  /** Number of guest slots, a whole number from 1 to 6. */
  slot_count?: number;
  /** Play the guests' audio in the browser sources. */
  is_browser_source_audio_enabled?: boolean;
  /** Layout of the group browser source. */
  group_layout?: GuestStarGroupLayout;
  /** Issue a new browser source token; every existing browser source stops at once. */
  regenerate_browser_sources?: boolean;
}

/**
 * `PUT /guest_star/channel_settings`: changes a channel's guest star settings. `broadcaster_id`
 * goes in the query and the settings in a JSON body.
 *
 * Beta: the platform may change this operation.
 */
export const updateSettingsOperation = /* @__PURE__ */ defineOperation<UpdateSettingsParams, void>({
  name: 'guestStar.updateSettings',
  method: 'PUT',
  path: '/guest_star/channel_settings',
  token: 'user',
  scopes: hostScopes,
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    // The platform's reference calls these a request body in its table but sends them as query
    // parameters in its examples; the body follows the table.
    is_moderator_send_live_enabled: { type: booleanParam, in: 'body' },
    slot_count: { type: numberParam, in: 'body', min: 1, max: 6, integer: true },
    is_browser_source_audio_enabled: { type: booleanParam, in: 'body' },
    group_layout: { type: 'string', in: 'body' },
    regenerate_browser_sources: { type: booleanParam, in: 'body' },
  },
  result: voidResult,
});

/**
 * Changes a channel's guest star settings; fields left out keep their value.
 *
 * Beta: the platform may change this operation.
 *
 * Token: the broadcaster's user token with channel:manage:guest_star. `broadcaster_id` defaults
 * to the user whose token is used. The settings travel as a JSON body (the platform's reference
 * is ambiguous between body and query; its field table says body).
 *
 * Limits: slot_count is a whole number from 1 to 6. regenerate_browser_sources stops every
 * existing browser source at once.
 *
 * @platformName Update Channel Guest Star Settings
 * @throws PlatformError when slot_count is outside 1 to 6 or a parameter has the wrong type,
 *   before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token lacks channel:manage:guest_star.
 * @throws PlatformApiError when the platform refuses the call (400 for a value it does not accept).
 * @example
 * await updateSettings(client, { slot_count: 4, group_layout: 'TILED_LAYOUT' });
 */
export function updateSettings(client: ClientHandle, params: UpdateSettingsParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, updateSettingsOperation, params, options);
}
