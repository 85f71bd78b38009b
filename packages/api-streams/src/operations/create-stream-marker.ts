import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { StreamMarker } from '../types';

/** Parameters of `createStreamMarker`. */
export interface CreateStreamMarkerParams {
  /** The broadcaster whose live stream is marked; defaults to the user whose token is used (an editor names the broadcaster). */
  user_id?: string;
  /** Why the point was marked, at most 140 characters. */
  description?: string;
}

/** Declaration of `streams.createStreamMarker`: POST /streams/markers, user token, channel:manage:broadcast. */
export const createStreamMarkerOperation = /* @__PURE__ */ defineOperation<CreateStreamMarkerParams, StreamMarker>({
  name: 'streams.createStreamMarker',
  method: 'POST',
  path: '/streams/markers',
  token: 'user',
  scopes: ['channel:manage:broadcast'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'body' },
    description: { type: stringParam, in: 'body', maxLength: 140 },
  },
  result: firstResult,
});

/**
 * Marks the current point of a live stream, to come back to it when making highlights. The
 * stream must be live with video on demand enabled, and not a rerun.
 *
 * Token: user; channel:manage:broadcast. The user is the broadcaster or one of their editors.
 * Limits: `description` at most 140 characters.
 *
 * @platformName Create Stream Marker
 * @throws PlatformError when `description` is longer than 140 characters (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when the stream is not live or has no VOD).
 * @example
 * const marker = await createStreamMarker(client, { description: 'Boss fight' });
 */
export function createStreamMarker(client: ClientHandle, params: CreateStreamMarkerParams = {}, options?: RequestOptions): Promise<StreamMarker> {
  return callOperation(client, createStreamMarkerOperation, params, options);
}
