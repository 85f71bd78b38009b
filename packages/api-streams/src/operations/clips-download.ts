import { callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { ClipDownload } from '../types';

/** Parameters of `clipsDownload`. */
export interface ClipsDownloadParams {
  /** The editor (or the broadcaster) downloading; defaults to the user whose token is used, which the platform requires it to be. Set it with the app token. */
  editor_id?: string;
  /** The channel the clips belong to. */
  broadcaster_id: string;
  /** The clips; a list longer than 10 is split into requests of 10, joined in order. */
  clip_id: string | string[];
}

/** Declaration of `clips.clipsDownload`: GET /clips/downloads, either token, editor:manage:clips or channel:manage:clips. */
export const clipsDownloadOperation = /* @__PURE__ */ defineOperation<ClipsDownloadParams, ClipDownload[]>({
  name: 'clips.clipsDownload',
  method: 'GET',
  path: '/clips/downloads',
  token: 'either',
  scopes: ['editor:manage:clips', 'channel:manage:clips'],
  actingUser: 'editor_id',
  params: {
    editor_id: { type: 'string', in: 'query' },
    broadcaster_id: { type: 'string', in: 'query', required: true },
    clip_id: { type: idsParam, in: 'query', required: true, chunk: 10 },
  },
  result: dataResult,
});

/**
 * Gets the addresses to download clips' video files (landscape and portrait; null when not
 * available). The addresses are temporary: they expire, so fetch them again when needed rather
 * than store them.
 *
 * Token: app or user; editor:manage:clips or channel:manage:clips. With a user token `editor_id`
 * is that user; with the app token it must be given.
 * Limits: `clip_id` any number (split into requests of 10, joined in order); the platform allows
 * 100 requests a minute.
 *
 * @platformName Get Clips Download
 * @throws PlatformError when `broadcaster_id` or `clip_id` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scopes.
 * @throws PlatformApiError when the platform refuses the call (403 when the user is not an editor).
 * @example
 * const [download] = await clipsDownload(client, { broadcaster_id: '141981764', clip_id: 'InexpensiveDistinctFoxChefFrank' });
 */
export function clipsDownload(client: ClientHandle, params: ClipsDownloadParams, options?: RequestOptions): Promise<ClipDownload[]> {
  return callOperation(client, clipsDownloadOperation, params, options);
}
