import { callOperation, defineOperation, firstResult, numberParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Commercial } from '../types';

/** Parameters of `startCommercial`. */
export interface StartCommercialParams {
  /**
   * The broadcaster (a partner or affiliate, live). With a user token it defaults to that user,
   * whom the platform requires it to be; with the app token it must be given.
   */
  broadcaster_id?: string;
  /** The commercial's length in whole seconds, 1 to 180; the platform serves one close to it. */
  length: number;
}

/** Declaration of `ads.startCommercial`: POST /channels/commercial, either token, channel:edit:commercial; a JSON body. */
export const startCommercialOperation = /* @__PURE__ */ defineOperation<StartCommercialParams, Commercial>({
  name: 'ads.startCommercial',
  method: 'POST',
  path: '/channels/commercial',
  token: 'either',
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
 * Token: user (the broadcaster's) or app; channel:edit:commercial. The app token works too, with
 * `broadcaster_id` set to a broadcaster who granted the app channel:edit:commercial.
 * Limits: `length` 1 to 180 seconds (the platform's maximum).
 *
 * @platformName Start Commercial
 * @throws PlatformError when `length` is missing, not a whole number or outside 1 to 180 (nothing is sent).
 * @throws PlatformAuthError when no token fits the call (with the app token, `broadcaster_id` is needed); PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when the channel is not live).
 * @throws PlatformRateLimitError when the cooldown since the last commercial has not passed and retries are exhausted.
 * @example
 * const { retry_after } = await startCommercial(client, { length: 60 });
 * await startCommercial(client, { broadcaster_id: '1234', length: 30 }, { as: 'app' });
 */
export function startCommercial(client: ClientHandle, params: StartCommercialParams, options?: RequestOptions): Promise<Commercial> {
  return callOperation(client, startCommercialOperation, params, options);
}
