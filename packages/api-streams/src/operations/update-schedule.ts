import { booleanParam, callOperation, defineOperation, PlatformError, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';

/** Parameters of `updateSchedule`. */
export interface UpdateScheduleParams {
  /** The broadcaster whose schedule settings change; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** true schedules a vacation (with its start, end and time zone); false cancels the one scheduled. */
  is_vacation_enabled?: boolean;
  /** When the vacation starts (RFC 3339, UTC); needed when `is_vacation_enabled` is true. */
  vacation_start_time?: string;
  /** When the vacation ends (RFC 3339, UTC), after its start; needed when `is_vacation_enabled` is true. */
  vacation_end_time?: string;
  /** The broadcaster's time zone (IANA, for example `America/New_York`); needed when `is_vacation_enabled` is true. */
  timezone?: string;
}

/** Declaration of `schedule.updateSchedule`: PATCH /schedule/settings, user token, channel:manage:schedule; everything in the query. */
export const updateScheduleOperation = /* @__PURE__ */ defineOperation<UpdateScheduleParams, void>({
  name: 'schedule.updateSchedule',
  method: 'PATCH',
  path: '/schedule/settings',
  token: 'user',
  scopes: ['channel:manage:schedule'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    is_vacation_enabled: { type: booleanParam, in: 'query' },
    vacation_start_time: { type: 'string', in: 'query' },
    vacation_end_time: { type: 'string', in: 'query' },
    timezone: { type: 'string', in: 'query' },
  },
  result: voidResult,
});

/** What a vacation needs, refused before sending when missing. */
const vacationFields = ['vacation_start_time', 'vacation_end_time', 'timezone'] as const;

function checkVacation(params: UpdateScheduleParams): void {
  if (typeof params !== 'object' || params === null || params.is_vacation_enabled !== true) return;
  const missing = vacationFields.find((field) => params[field] === undefined);
  if (missing) throw new PlatformError(`${updateScheduleOperation.name} needs the parameter ${missing} when is_vacation_enabled is true.`);
}

/**
 * Changes a broadcaster's schedule settings: schedules a vacation, or cancels it.
 *
 * Token: user; channel:manage:schedule.
 * Limits: with `is_vacation_enabled` true, `vacation_start_time`, `vacation_end_time` and
 * `timezone` are needed.
 *
 * @platformName Update Channel Stream Schedule
 * @throws PlatformError when a vacation lacks its start, end or time zone (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 for a bad date, or an end before the start).
 * @example
 * await updateSchedule(client, { is_vacation_enabled: true, vacation_start_time: '2021-05-16T00:00:00Z', vacation_end_time: '2021-05-23T00:00:00Z', timezone: 'America/New_York' });
 */
export async function updateSchedule(client: ClientHandle, params: UpdateScheduleParams = {}, options?: RequestOptions): Promise<void> {
  params = ownParams(params); // its rules read what is sent
  checkVacation(params);
  return await callOperation(client, updateScheduleOperation, params, options);
}
