import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { readScopes } from '../scopes';
import type { GuestStarSettings } from '../types';

/**
 * Parameters of `settings()`.
 *
 * Beta: the platform may change this operation.
 */
export interface SettingsParams {
  /** The channel whose settings are read. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
}

/**
 * `GET /guest_star/channel_settings`: a channel's guest star settings.
 *
 * Beta: the platform may change this operation.
 */
export const settingsOperation = /* @__PURE__ */ defineOperation<SettingsParams, GuestStarSettings>({
  name: 'guestStar.settings',
  method: 'GET',
  path: '/guest_star/channel_settings',
  token: 'user',
  scopes: readScopes,
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Reads a channel's guest star settings (slot count, layout, browser source token...).
 *
 * Beta: the platform may change this operation.
 *
 * Token: a user token of the broadcaster or one of their moderators, with any of
 * channel:read:guest_star, channel:manage:guest_star, moderator:read:guest_star or
 * moderator:manage:guest_star. `moderator_id` defaults to the user whose token is used.
 *
 * The platform's reference names the layout field `layout` in its example and `group_layout` in
 * its field table; an answer carrying only `layout` is returned with `group_layout` set from it.
 *
 * @platformName Get Channel Guest Star Settings
 * @throws PlatformError when broadcaster_id is missing or a parameter has the wrong type, before
 *   anything is sent; also when the platform answers with no data.
 * @throws PlatformAuthError when no user token can be chosen (the app token is refused), or
 *   PlatformScopeError when the token holds none of the scopes.
 * @throws PlatformApiError when the platform refuses the call (403: moderator_id is not a moderator).
 * @example
 * const { slot_count, group_layout } = await settings(client, { broadcaster_id: '1234' });
 */
export async function settings(client: ClientHandle, params: SettingsParams, options?: RequestOptions): Promise<GuestStarSettings> {
  const answer = await callOperation(client, settingsOperation, params, options);
  const legacy = answer as GuestStarSettings & { layout?: GuestStarSettings['group_layout'] };
  if (legacy.group_layout === undefined && legacy.layout !== undefined) return { ...answer, group_layout: legacy.layout };
  return answer;
}
