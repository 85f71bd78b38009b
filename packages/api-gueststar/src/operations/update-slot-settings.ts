import { booleanParam, callOperation, defineOperation, numberParam, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { manageScopes } from '../scopes';

/**
 * Parameters of `updateSlotSettings()`. Only the fields given change.
 *
 * Beta: the platform may change this operation.
 */
export interface UpdateSlotSettingsParams {
  /** The host's channel. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The running session. */
  session_id: string;
  /** The slot to change. */
  slot_id: string;
  /** `false` mutes the guest for everyone; `true` lets them turn their microphone on again. */
  is_audio_enabled?: boolean;
  /** `false` hides the guest for everyone; `true` lets them turn their camera on again. */
  is_video_enabled?: boolean;
  /** Shown and heard on stream. */
  is_live?: boolean;
  /** Volume of the slot, a whole number from 0 to 100. */
  volume?: number;
}

/**
 * `PATCH /guest_star/slot_settings`: changes a slot's audio, video, live state and volume; every
 * parameter in the query (booleans as `true`/`false`).
 *
 * Beta: the platform may change this operation.
 */
export const updateSlotSettingsOperation = /* @__PURE__ */ defineOperation<UpdateSlotSettingsParams, void>({
  name: 'guestStar.updateSlotSettings',
  method: 'PATCH',
  path: '/guest_star/slot_settings',
  token: 'user',
  scopes: manageScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    session_id: { type: 'string', in: 'query', required: true },
    slot_id: { type: 'string', in: 'query', required: true },
    is_audio_enabled: { type: booleanParam, in: 'query' },
    is_video_enabled: { type: booleanParam, in: 'query' },
    is_live: { type: booleanParam, in: 'query' },
    volume: { type: numberParam, in: 'query', min: 0, max: 100, integer: true },
  },
  result: voidResult,
});

/**
 * Changes the settings of a slot: audio, video, whether it is live, and its volume. Allowing audio
 * or video again does not turn it on; the guest is told they can.
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with channel:manage:guest_star
 * or moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * Limits: volume is a whole number from 0 to 100; slot_id is a string.
 *
 * @platformName Update Guest Star Slot Settings
 * @throws PlatformError when volume is outside 0 to 100, when broadcaster_id, session_id or
 *   slot_id is missing, or a parameter has the wrong type, before anything is sent.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds neither scope.
 * @throws PlatformApiError when the platform refuses the call (403: moderators may not send guests
 *   live on this channel; 404: the slot is empty).
 * @example
 * await updateSlotSettings(client, { broadcaster_id, session_id, slot_id: '1', is_live: true, volume: 80 });
 */
export function updateSlotSettings(client: ClientHandle, params: UpdateSlotSettingsParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, updateSlotSettingsOperation, params, options);
}
