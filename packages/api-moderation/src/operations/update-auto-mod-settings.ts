import { callOperation, defineOperation, firstResult, numberParam, type ClientHandle, type ParamSpec, type RequestOptions } from '@platform/core';
import type { AutoModSettings } from '../types';

/** Parameters of `updateAutoModSettings`. Every level is a whole number from 0 (off) to 4. */
export interface UpdateAutoModSettingsParams {
  /** The channel whose AutoMod settings change. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** One level for everything: the platform derives every category from it. */
  overall_level?: number;
  /** The level for discrimination against disability. */
  disability?: number;
  /** The level for hostility involving aggression. */
  aggression?: number;
  /** The level for discrimination based on sexuality, sex or gender. */
  sexuality_sex_or_gender?: number;
  /** The level for discrimination against women. */
  misogyny?: number;
  /** The level for hostility involving name calling or insults. */
  bullying?: number;
  /** The level for profanity. */
  swearing?: number;
  /** The level for racial discrimination. */
  race_ethnicity_or_religion?: number;
  /** The level for sexual content. */
  sex_based_terms?: number;
}

const level: ParamSpec = { type: numberParam, in: 'body', integer: true, min: 0, max: 4 };

/** The declaration of `moderation.updateAutoModSettings`: PUT /moderation/automod/settings, the levels in a flat body. */
export const updateAutoModSettingsOperation = /* @__PURE__ */ defineOperation<UpdateAutoModSettingsParams, AutoModSettings>({
  name: 'moderation.updateAutoModSettings',
  method: 'PUT',
  path: '/moderation/automod/settings',
  token: 'either',
  scopes: ['moderator:manage:automod_settings'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    overall_level: level,
    disability: level,
    aggression: level,
    sexuality_sex_or_gender: level,
    misogyny: level,
    bullying: level,
    swearing: level,
    race_ethnicity_or_religion: level,
    sex_based_terms: level,
  },
  result: firstResult,
});

/**
 * Sets a channel's AutoMod levels, either `overall_level` or the categories one by one, and
 * resolves with the settings now in force. It overwrites everything: a category left out returns
 * to 0, and setting categories one by one turns `overall_level` to null. The platform refuses
 * `overall_level` together with categories (400).
 *
 * Token: app or user; scope `moderator:manage:automod_settings`. The app token works too, with
 * `moderator_id` set to a moderator who granted the app `moderator:manage:automod_settings`.
 * Limits: every level 0 to 4.
 *
 * @platformName Update AutoMod Settings
 * @throws PlatformError when `broadcaster_id` is missing or a level is not a whole number from 0 to 4, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (400: overall and category levels together; 403: not a moderator).
 * @example
 * await updateAutoModSettings(client, { broadcaster_id: '1234', overall_level: 2 });
 */
export function updateAutoModSettings(client: ClientHandle, params: UpdateAutoModSettingsParams, options?: RequestOptions): Promise<AutoModSettings> {
  return callOperation(client, updateAutoModSettingsOperation, params, options);
}
