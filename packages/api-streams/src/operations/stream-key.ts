import { callOperation, defineOperation, firstResult, type ClientHandle, type RequestOptions } from '@platform/core';
import type { StreamKey } from '../types';

/** Parameters of `streamKey`. */
export interface StreamKeyParams {
  /** The channel's broadcaster; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
}

/** Declaration of `streams.streamKey`: GET /streams/key, user token, channel:read:stream_key. */
export const streamKeyOperation = /* @__PURE__ */ defineOperation<StreamKeyParams, StreamKey>({
  name: 'streams.streamKey',
  method: 'GET',
  path: '/streams/key',
  token: 'user',
  scopes: ['channel:read:stream_key'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: firstResult,
});

/**
 * Gets the channel's stream key, the secret that lets streaming software broadcast to it.
 *
 * Token: user; channel:read:stream_key. `broadcaster_id` is the token's user.
 *
 * @platformName Get Stream Key
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when the user must complete
 * steps before streaming: show them the platform's message).
 * @example
 * const { stream_key } = await streamKey(client);
 */
export function streamKey(client: ClientHandle, params: StreamKeyParams = {}, options?: RequestOptions): Promise<StreamKey> {
  return callOperation(client, streamKeyOperation, params, options);
}
