import { callOperation, dataResult, defineOperation, idsParam, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `deleteVideos`. */
export interface DeleteVideosParams {
  /** The videos to delete (past broadcasts, highlights or uploads): 1 to 5. */
  id: string | string[];
}

/** Declaration of `videos.deleteVideos`: DELETE /videos, user token, channel:manage:videos. */
export const deleteVideosOperation = /* @__PURE__ */ defineOperation<DeleteVideosParams, string[]>({
  name: 'videos.deleteVideos',
  method: 'DELETE',
  path: '/videos',
  token: 'user',
  scopes: ['channel:manage:videos'],
  params: {
    // Not split past 5: the platform deletes a request's videos all or none, which several
    // requests could not promise.
    id: { type: idsParam, in: 'query', required: true, maxLength: 5 },
  },
  result: dataResult,
});

/**
 * Deletes videos, and resolves with the IDs of those deleted. Invalid IDs are ignored; when the
 * user may not delete one of the videos, none is deleted.
 *
 * Token: user; channel:manage:videos.
 * Limits: `id` 1 to 5 videos per call.
 *
 * @platformName Delete Videos
 * @throws PlatformError when `id` is missing, empty or holds more than 5 IDs (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const deleted = await deleteVideos(client, { id: ['1234', '9876'] });
 */
export function deleteVideos(client: ClientHandle, params: DeleteVideosParams, options?: RequestOptions): Promise<string[]> {
  return callOperation(client, deleteVideosOperation, params, options);
}
