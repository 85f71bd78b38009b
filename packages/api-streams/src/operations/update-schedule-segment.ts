import { booleanParam, callOperation, defineOperation, envelopeResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { minutesParam } from '../rules';
import type { ChannelScheduleAnswer } from '../types';

/** Parameters of `updateScheduleSegment`: the segment, then the fields to change. */
export interface UpdateScheduleSegmentParams {
  /** The broadcaster whose schedule holds the broadcast; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The broadcast (segment) to change. */
  id: string;
  /** When the broadcast starts (RFC 3339). Partners and affiliates only, for broadcasts that do not recur. */
  start_time?: string;
  /** How long the broadcast runs, in minutes written as a string: `'30'` to `'1380'` (23 hours). */
  duration?: string;
  /** The category of the broadcast. */
  category_id?: string;
  /** The broadcast's title, at most 140 characters. */
  title?: string;
  /** true cancels the broadcast (for a recurring one: the next one after now). */
  is_canceled?: boolean;
  /** The time zone of the broadcast (IANA, for example `America/New_York`). */
  timezone?: string;
}

/** Declaration of `schedule.updateScheduleSegment`: PATCH /schedule/segment, user token, channel:manage:schedule. */
export const updateScheduleSegmentOperation = /* @__PURE__ */ defineOperation<UpdateScheduleSegmentParams, ChannelScheduleAnswer>({
  name: 'schedule.updateScheduleSegment',
  method: 'PATCH',
  path: '/schedule/segment',
  token: 'user',
  scopes: ['channel:manage:schedule'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: 'string', in: 'query', required: true },
    start_time: { type: 'string', in: 'body' },
    duration: { type: minutesParam, in: 'body', min: 30, max: 1380 },
    category_id: { type: 'string', in: 'body' },
    title: { type: stringParam, in: 'body', maxLength: 140 },
    is_canceled: { type: booleanParam, in: 'body' },
    timezone: { type: 'string', in: 'body' },
  },
  result: envelopeResult,
});

/**
 * Changes a broadcast of a streaming schedule. For a recurring broadcast, a new title, category,
 * duration or time zone changes every broadcast of the series. Resolves with the platform's
 * answer: `data` is the schedule, whose `segments` hold the broadcast changed.
 *
 * Token: user; channel:manage:schedule.
 * Limits: `duration` 30 to 1380 minutes (written as a string, as the platform takes it); `title`
 * at most 140 characters.
 *
 * @platformName Update Channel Stream Schedule Segment
 * @throws PlatformError when a limit is broken or `id` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (404 when the segment is unknown).
 * @example
 * await updateScheduleSegment(client, { id: segmentId, duration: '120' });
 */
export function updateScheduleSegment(client: ClientHandle, params: UpdateScheduleSegmentParams, options?: RequestOptions): Promise<ChannelScheduleAnswer> {
  return callOperation(client, updateScheduleSegmentOperation, params, options);
}
