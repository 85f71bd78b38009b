import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ShieldModeStatus } from '../types';

/** Parameters of `shieldMode`. */
export interface ShieldModeParams {
  /** The channel whose Shield Mode status is read. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
}

/** The declaration of `moderation.shieldMode`: GET /moderation/shield_mode. */
export const shieldModeOperation = /* @__PURE__ */ defineOperation<ShieldModeParams, ShieldModeStatus>({
  name: 'moderation.shieldMode',
  method: 'GET',
  path: '/moderation/shield_mode',
  token: 'either',
  scopes: ['moderator:read:shield_mode', 'moderator:manage:shield_mode'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets a channel's Shield Mode status. The moderator fields and `last_activated_at` are empty
 * strings when it was never on.
 *
 * Token: app or user; scope `moderator:read:shield_mode` or `moderator:manage:shield_mode`. With a
 * user token, `moderator_id` is that user. The app token works too, with `moderator_id` set to a
 * moderator who granted the app one of them.
 *
 * @platformName Get Shield Mode Status
 * @throws PlatformError when `broadcaster_id` is missing, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator).
 * @example
 * const { is_active } = await shieldMode(client, { broadcaster_id: '1234' });
 */
export function shieldMode(client: ClientHandle, params: ShieldModeParams, options?: RequestOptions): Promise<ShieldModeStatus> {
  return callOperation(client, shieldModeOperation, params, options);
}
