import { callOperation, defineOperation, firstResult, numberParam, PlatformError, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import type { CreatedClip } from '../types';

/** Parameters of `createClipFromVod`. */
export interface CreateClipFromVodParams {
  /** The editor (or the broadcaster) making the clip; defaults to the user whose token is used, which the platform requires it to be. Set it with the app token. */
  editor_id?: string;
  /** The channel the video belongs to. */
  broadcaster_id: string;
  /** The video (VOD) to clip; a live stream's VOD works for earlier parts of the stream. */
  vod_id: string;
  /** Where in the video the clip ends, in whole seconds; at least `duration` (the clip starts at `vod_offset - duration`). */
  vod_offset: number;
  /** The clip's length in seconds, 5 to 60, precision 0.1 (the platform's default is 30). */
  duration?: number;
  /** The clip's title. */
  title: string;
}

/** Declaration of `clips.createClipFromVod`: POST /videos/clips, either token, editor:manage:clips or channel:manage:clips. */
export const createClipFromVodOperation = /* @__PURE__ */ defineOperation<CreateClipFromVodParams, CreatedClip>({
  name: 'clips.createClipFromVod',
  method: 'POST',
  path: '/videos/clips',
  token: 'either',
  scopes: ['editor:manage:clips', 'channel:manage:clips'],
  actingUser: 'editor_id',
  params: {
    editor_id: { type: 'string', in: 'query' },
    broadcaster_id: { type: 'string', in: 'query', required: true },
    vod_id: { type: 'string', in: 'query', required: true },
    vod_offset: { type: numberParam, in: 'query', required: true, integer: true, min: 5 },
    duration: { type: numberParam, in: 'query', min: 5, max: 60 },
    title: { type: 'string', in: 'query', required: true },
  },
  result: firstResult,
});

/** The platform's clip length when `duration` is left out. */
const defaultDuration = 30;

/** The clip ends at `vod_offset` and lasts `duration`, so it cannot start before the video does. */
function checkOffset(params: CreateClipFromVodParams): void {
  if (typeof params !== 'object' || params === null || typeof params.vod_offset !== 'number') return;
  const duration = typeof params.duration === 'number' ? params.duration : defaultDuration;
  if (params.vod_offset >= duration) return;
  const which = params.duration === undefined ? `the default duration, ${defaultDuration}` : `duration, ${duration}`;
  throw new PlatformError(`The parameter vod_offset of ${createClipFromVodOperation.name} must be at least ${which} (the clip ends at vod_offset); got ${params.vod_offset}.`);
}

/**
 * Creates a clip from a video (VOD), on behalf of the broadcaster or one of their editors. The
 * clip runs from `vod_offset - duration` to `vod_offset`; the answer (202) has its ID and an
 * `edit_url` to title, feature, download and share it.
 *
 * Token: app or user; editor:manage:clips or channel:manage:clips. With a user token `editor_id`
 * is that user; with the app token it must be given.
 * Limits: `duration` 5 to 60 seconds; `vod_offset` a whole number, at least `duration` (30 when
 * left out).
 *
 * @platformName Create Clip From VOD
 * @throws PlatformError when a limit is broken or a required parameter is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scopes.
 * @throws PlatformApiError when the platform refuses the call (403 when the editor may not clip, 404 when the VOD is unknown).
 * @example
 * const clip = await createClipFromVod(client, { broadcaster_id: '141981764', vod_id: '2277656159', vod_offset: 600, title: 'The comeback' });
 */
export async function createClipFromVod(client: ClientHandle, params: CreateClipFromVodParams, options?: RequestOptions): Promise<CreatedClip> {
  params = ownParams(params); // its rules read what is sent
  checkOffset(params);
  return await callOperation(client, createClipFromVodOperation, params, options);
}
