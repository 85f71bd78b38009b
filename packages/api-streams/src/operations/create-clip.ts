import { callOperation, defineOperation, firstResult, numberParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { CreatedClip } from '../types';

/** Parameters of `createClip`. */
export interface CreateClipParams {
  /** The broadcaster whose live stream is clipped. */
  broadcaster_id: string;
  /** The clip's title. */
  title?: string;
  /** The clip's length in seconds, 5 to 60, precision 0.1 (the platform's default is 30). */
  duration?: number;
}

/** Declaration of `clips.createClip`: POST /clips, user token, clips:edit. */
export const createClipOperation = /* @__PURE__ */ defineOperation<CreateClipParams, CreatedClip>({
  name: 'clips.createClip',
  method: 'POST',
  path: '/clips',
  token: 'user',
  scopes: ['clips:edit'],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    title: { type: 'string', in: 'query' },
    duration: { type: numberParam, in: 'query', min: 5, max: 60 },
  },
  result: firstResult,
});

/**
 * Starts clipping a live stream: the platform captures up to the last 90 seconds and answers 202
 * with the clip's ID and an `edit_url` to trim, title and publish it. Creation is asynchronous:
 * the clip exists once `clips({ id })` returns it; after 60 seconds without it, assume it failed.
 *
 * Token: user; clips:edit.
 * Limits: `duration` 5 to 60 seconds.
 *
 * @platformName Create Clip
 * @throws PlatformError when `duration` is outside 5 to 60 or `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when clips are restricted, 404 when the channel is not live).
 * @example
 * const { id, edit_url } = await createClip(client, { broadcaster_id: '141981764', title: 'What a play' });
 */
export function createClip(client: ClientHandle, params: CreateClipParams, options?: RequestOptions): Promise<CreatedClip> {
  return callOperation(client, createClipOperation, params, options);
}
