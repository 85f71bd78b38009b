import { callOperation, defineOperation, firstResult, numberParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Commercial } from '../types';

/** Parameters of `startCommercial`. */
export interface StartCommercialParams {
  /** The broadcaster (a partner or affiliate, live); defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The commercial's length in whole seconds, 1 to 180; the platform serves one close to it. */
  length: number;
}

/** Declaration of `ads.startCommercial`: POST /channels/commercial, user token, channel:edit:commercial; a JSON body. */
export const startCommercialOperation = /* @__PURE__ */ defineOperation<StartCommercialParams, Commercial>({
  name: 'ads.startCommercial',
  method: 'POST',
  path: '/channels/commercial',
  token: 'user',
  scopes: ['channel:edit:commercial'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'body' },
    length: { type: numberParam, in: 'body', required: true, integer: true, min: 1, max: 180 },
  },
  result: firstResult,
});

/**
 * Starts a commercial on the broadcaster's live channel. Only the broadcaster may, not their
 * editors or moderators; `retry_after` says how long to wait before the next one.
 *
 * Token: user; channel:edit:commercial.
 * Limits: `length` 1 to 180 seconds (the platform's maximum).
 *
 * @platformName Start Commercial
 * @throws PlatformError when `length` is missing, not a whole number or outside 1 to 180 (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when the channel is not live).
 * @throws PlatformRateLimitError when the cooldown since the last commercial has not passed and retries are exhausted.
 * @example
 * const { retry_after } = await startCommercial(client, { length: 60 });
 */
export function startCommercial(client: ClientHandle, params: StartCommercialParams, options?: RequestOptions): Promise<Commercial> {
  return callOperation(client, startCommercialOperation, params, options);
}
