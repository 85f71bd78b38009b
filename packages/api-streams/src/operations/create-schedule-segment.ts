import { booleanParam, callOperation, defineOperation, envelopeResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { minutesParam } from '../rules';
import type { ChannelScheduleAnswer } from '../types';

/** Parameters of `createScheduleSegment`. */
export interface CreateScheduleSegmentParams {
  /** The broadcaster whose schedule gets the broadcast; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** When the broadcast starts (RFC 3339, for example `2021-07-01T18:00:00Z`). */
  start_time: string;
  /** The time zone of the broadcast (IANA, for example `America/New_York`). */
  timezone: string;
  /** How long the broadcast runs, in minutes written as a string: `'30'` to `'1380'` (23 hours). */
  duration: string;
  /** The broadcast recurs weekly. Only partners and affiliates may add broadcasts that do not recur. */
  is_recurring?: boolean;
  /** The category of the broadcast (a game's ID, or Just Chatting's...). */
  category_id?: string;
  /** The broadcast's title, at most 140 characters. */
  title?: string;
}

/** Declaration of `schedule.createScheduleSegment`: POST /schedule/segment, user token, channel:manage:schedule. */
export const createScheduleSegmentOperation = /* @__PURE__ */ defineOperation<CreateScheduleSegmentParams, ChannelScheduleAnswer>({
  name: 'schedule.createScheduleSegment',
  method: 'POST',
  path: '/schedule/segment',
  token: 'user',
  scopes: ['channel:manage:schedule'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    start_time: { type: 'string', in: 'body', required: true },
    timezone: { type: 'string', in: 'body', required: true },
    duration: { type: minutesParam, in: 'body', required: true, min: 30, max: 1380 },
    is_recurring: { type: booleanParam, in: 'body' },
    category_id: { type: 'string', in: 'body' },
    title: { type: stringParam, in: 'body', maxLength: 140 },
  },
  result: envelopeResult,
});

/**
 * Adds a broadcast, once or weekly, to a broadcaster's streaming schedule. Resolves with the
 * platform's answer: `data` is the schedule, whose `segments` hold the broadcast added.
 *
 * Token: user; channel:manage:schedule.
 * Limits: `duration` 30 to 1380 minutes (written as a string, as the platform takes it); `title`
 * at most 140 characters; `start_time`, `timezone` and `duration` are needed, for a recurring
 * broadcast too.
 *
 * @platformName Create Channel Stream Schedule Segment
 * @throws PlatformError when a limit is broken or a needed parameter is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when a broadcaster who is not a
 * partner or affiliate adds a broadcast that does not recur).
 * @example
 * const { data } = await createScheduleSegment(client, { start_time: '2021-07-01T18:00:00Z', timezone: 'America/New_York', duration: '60', is_recurring: true, title: 'Weekly build' });
 * const added = data.segments[0];
 */
export function createScheduleSegment(client: ClientHandle, params: CreateScheduleSegmentParams, options?: RequestOptions): Promise<ChannelScheduleAnswer> {
  return callOperation(client, createScheduleSegmentOperation, params, options);
}
