import {
  callOperation,
  defineOperation,
  idsParam,
  numberParam,
  pageResult,
  Paginator,
  validateParams,
  type ClientHandle,
  type RequestOptions,
} from '@platform/core';
import { ownParams } from '@platform/core/internal';
import type { ChannelSchedulePage, ScheduleSegment } from '../types';

/** Parameters of `schedule`. */
export interface ScheduleParams {
  /** The broadcaster whose schedule is read. */
  broadcaster_id: string;
  /** Only these segments; at most 100. */
  id?: string | string[];
  /** Segments from this time on (RFC 3339, for example `2022-09-01T00:00:00Z`); the platform's default is now. */
  start_time?: string;
  /** Page size, 1 to 25 segments (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/**
 * Declaration of `schedule.schedule`: GET /schedule, either token, no scope. The answer's `data`
 * is the schedule (an object whose `segments` are the page's items), so `schedule()` pages it
 * itself; a direct call of the declaration gets the whole answer.
 */
export const scheduleOperation = /* @__PURE__ */ defineOperation<ScheduleParams, ChannelSchedulePage['raw']>({
  name: 'schedule.schedule',
  method: 'GET',
  path: '/schedule',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    id: { type: idsParam, in: 'query', maxLength: 100 },
    start_time: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 25 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Reads a broadcaster's streaming schedule as a paginator of its segments: await it for the first
 * page (`data` holds the segments, `raw.data` the schedule with `vacation` and the broadcaster's
 * names), or iterate every segment.
 *
 * Token: app or user; no scope.
 * Limits: `first` 1 to 25; `id` at most 100.
 *
 * @platformName Get Channel Stream Schedule
 * @throws PlatformError when a limit is broken or `broadcaster_id` is missing (thrown at once, nothing is sent).
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses a page (404 when the broadcaster has no schedule).
 * @example
 * const page = await schedule(client, { broadcaster_id: '141981764' });
 * if (page.raw.data.vacation) console.log('On vacation until', page.raw.data.vacation.end_time);
 * for await (const segment of schedule(client, { broadcaster_id: '141981764' })) console.log(segment.start_time, segment.title);
 */
export function schedule(client: ClientHandle, params: ScheduleParams, options?: RequestOptions): Paginator<ScheduleSegment, ChannelSchedulePage> {
  params = ownParams(params); // its rules read what is sent
  // Checked at once, as every paginator does; each page is checked again when it is sent.
  validateParams(scheduleOperation as unknown as Parameters<typeof validateParams>[0], params);
  const load = async (after: string | undefined): Promise<ChannelSchedulePage> => {
    const raw = await callOperation(client, scheduleOperation, after === undefined ? params : { ...params, after }, options);
    // During a vacation the platform may send no segments at all.
    const data: readonly ScheduleSegment[] = raw?.data?.segments ?? [];
    return { data, raw, cursor: raw?.pagination?.cursor || undefined };
  };
  return new Paginator<ScheduleSegment, ChannelSchedulePage>({
    first: () => load(undefined),
    // An empty page ends the schedule even if the platform still sent a cursor.
    next: (page) => (page.cursor && page.data.length > 0 ? load(page.cursor) : undefined),
  });
}
