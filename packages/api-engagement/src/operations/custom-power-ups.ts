import { callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ChannelCustomPowerUp } from '../types';

/** Parameters of `customPowerUps`; every field is optional. */
export interface CustomPowerUpsParams {
  /** The broadcaster whose custom Power-ups are listed; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** Only these Power-ups, at most 50 (a channel holds at most 50); duplicates are ignored, unknown ones left out. */
  id?: string | string[];
}

/** Declaration of `bits.customPowerUps`: GET /bits/custom_power_ups, user token, bits:read. */
export const customPowerUpsOperation = /* @__PURE__ */ defineOperation<CustomPowerUpsParams, ChannelCustomPowerUp[]>({
  name: 'bits.customPowerUps',
  method: 'GET',
  path: '/bits/custom_power_ups',
  token: 'user',
  scopes: ['bits:read'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: idsParam, in: 'query', maxLength: 50 },
  },
  result: dataResult,
});

/**
 * Lists the custom Power-ups of the broadcaster's channel (enabled and disabled, 50 at most), in
 * ascending order of ID; an empty list when there are none. With `id`, only those that exist come
 * back. A viewer's redemption arrives as the `channel.custom_power_up_redemption.add` event.
 *
 * Token: user (the broadcaster's); bits:read. The app token does not work for it.
 * Limits: `id` 1 to 50.
 *
 * @platformName Get Custom Power-up
 * @throws PlatformError when `id` holds more than 50 IDs (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when the broadcaster is not a
 * partner or affiliate; 404 when none of the IDs in `id` exists).
 * @example
 * const powerUps = await customPowerUps(client);
 * for (const powerUp of powerUps) console.log(`${powerUp.title}: ${powerUp.bits} Bits${powerUp.is_paused ? ' (paused)' : ''}`);
 */
export function customPowerUps(client: ClientHandle, params?: CustomPowerUpsParams, options?: RequestOptions): Promise<ChannelCustomPowerUp[]> {
  return callOperation(client, customPowerUpsOperation, params, options);
}
