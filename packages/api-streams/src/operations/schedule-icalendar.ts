import { callOperation, defineOperation, textResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `scheduleICalendar`. */
export interface ScheduleICalendarParams {
  /** The broadcaster whose schedule is read. */
  broadcaster_id: string;
}

/** Declaration of `schedule.scheduleICalendar`: GET /schedule/icalendar, no token, no scope; the answer is `text/calendar`. */
export const scheduleICalendarOperation = /* @__PURE__ */ defineOperation<ScheduleICalendarParams, string>({
  name: 'schedule.scheduleICalendar',
  method: 'GET',
  path: '/schedule/icalendar',
  token: 'none',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
  },
  result: textResult,
});

/**
 * Gets a broadcaster's streaming schedule as an iCalendar (RFC 5545) document, the text as the
 * platform sends it, ready for a calendar app.
 *
 * Token: none; the call goes out without Authorization, so it works on a client without any
 * token (the `as` and `token` options have no effect).
 *
 * @platformName Get Channel iCalendar
 * @throws PlatformError when `broadcaster_id` is missing or empty (nothing is sent).
 * @throws PlatformApiError when the platform refuses the call (400 when `broadcaster_id` is not valid).
 * @example
 * const ics = await scheduleICalendar(client, { broadcaster_id: '141981764' });
 * await writeFile('schedule.ics', ics);
 */
export function scheduleICalendar(client: ClientHandle, params: ScheduleICalendarParams, options?: RequestOptions): Promise<string> {
  // Declared with `token: 'none'`, the call carries no token at all: `as` and `token` are not read.
  return callOperation(client, scheduleICalendarOperation, params, options);
}
