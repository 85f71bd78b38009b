import { booleanParam, callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ShieldModeStatus } from '../types';

/** Parameters of `updateShieldMode`. */
export interface UpdateShieldModeParams {
  /** The channel whose Shield Mode is turned on or off. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** True turns Shield Mode on, false off. */
  is_active: boolean;
}

/** The declaration of `moderation.updateShieldMode`: PUT /moderation/shield_mode, `is_active` in a flat body. */
export const updateShieldModeOperation = /* @__PURE__ */ defineOperation<UpdateShieldModeParams, ShieldModeStatus>({
  name: 'moderation.updateShieldMode',
  method: 'PUT',
  path: '/moderation/shield_mode',
  token: 'either',
  scopes: ['moderator:manage:shield_mode'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    is_active: { type: booleanParam, in: 'body', required: true },
  },
  result: firstResult,
});

/**
 * Turns a channel's Shield Mode (stricter chat rules) on or off and resolves with its status.
 *
 * Token: app or user; scope `moderator:manage:shield_mode`. With a user token, `moderator_id` is
 * that user. The app token works too, with `moderator_id` set to a moderator who granted the app
 * `moderator:manage:shield_mode`.
 *
 * @platformName Update Shield Mode Status
 * @throws PlatformError when `broadcaster_id` or `is_active` is missing or `is_active` is not a boolean, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator).
 * @example
 * await updateShieldMode(client, { broadcaster_id: '1234', is_active: true });
 */
export function updateShieldMode(client: ClientHandle, params: UpdateShieldModeParams, options?: RequestOptions): Promise<ShieldModeStatus> {
  return callOperation(client, updateShieldModeOperation, params, options);
}
