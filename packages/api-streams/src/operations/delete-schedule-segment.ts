import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `deleteScheduleSegment`. */
export interface DeleteScheduleSegmentParams {
  /** The broadcaster whose schedule holds the broadcast; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The broadcast (segment) to remove. */
  id: string;
}

/** Declaration of `schedule.deleteScheduleSegment`: DELETE /schedule/segment, user token, channel:manage:schedule. */
export const deleteScheduleSegmentOperation = /* @__PURE__ */ defineOperation<DeleteScheduleSegmentParams, void>({
  name: 'schedule.deleteScheduleSegment',
  method: 'DELETE',
  path: '/schedule/segment',
  token: 'user',
  scopes: ['channel:manage:schedule'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Removes a broadcast from a streaming schedule; for a recurring broadcast, the whole series.
 *
 * Token: user; channel:manage:schedule.
 *
 * @platformName Delete Channel Stream Schedule Segment
 * @throws PlatformError when `id` is missing or empty (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * await deleteScheduleSegment(client, { id: segmentId });
 */
export function deleteScheduleSegment(client: ClientHandle, params: DeleteScheduleSegmentParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, deleteScheduleSegmentOperation, params, options);
}
