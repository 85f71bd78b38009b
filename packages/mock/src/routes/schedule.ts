import { HttpError, type MockRequest, type MockResponse, type Router } from '../http';
import type { Persisted } from '../persist';
import { booleanQuery, field, iso, noContent, page, required, requireTokenUser, rfc3339, userFields, type HelixContext, type RouteRow } from '../helix';

/*
 * The schedule group (Get Channel Stream Schedule, Get Channel iCalendar, Update Channel Stream
 * Schedule, Create / Update / Delete Channel Stream Schedule Segment), written from the platform's
 * reference. A segment is one broadcast or a weekly series; each occurrence has its own ID, as on
 * the platform: base64 of `{"segmentID", "isoYear", "isoWeek"}`. A series repeats every 7 x 24
 * hours (the mock does not move it with daylight saving time).
 */

/** A scheduled broadcast, or a weekly series of them. */
export interface SegmentRecord {
  /** The segment's own ID (an occurrence's ID encodes it with the ISO week). */
  id: string;
  /** Epoch ms of the first occurrence. */
  start: number;
  /** Minutes, 30 to 1380. */
  duration: number;
  /** IANA time zone, for example America/New_York. */
  timezone: string;
  /** The broadcast's title. */
  title: string;
  /** '' when none. */
  category_id: string;
  /** The broadcast repeats every week at the same time. */
  is_recurring: boolean;
  /** Canceled occurrences, by number (0 is the first). */
  canceled: Set<number>;
}

/** A channel's streaming schedule. */
export interface ScheduleRecord {
  segments: Map<string, SegmentRecord>;
  /** Epoch ms; undefined when vacation mode is off. */
  vacation: { start: number; end: number } | undefined;
  timezone: string;
}

/** The segment fields a create or update body gives, checked. */
type SegmentChanges = Partial<Pick<SegmentRecord, 'start' | 'timezone' | 'duration' | 'title' | 'category_id' | 'is_recurring'>> & { is_canceled?: boolean };

/** One occurrence of a segment. */
export interface Occurrence {
  segment: SegmentRecord;
  /** Which occurrence, 0 for the first. */
  index: number;
  start: number;
}

const SCHEDULE_PAGE = { defaultFirst: 20, maxFirst: 25 };
const MAX_SEGMENT_IDS = 100;
const MAX_TITLE = 140;
const MIN_DURATION = 30;
const MAX_DURATION = 1380;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** How many weeks of a series Get Channel Stream Schedule lists from its start time. */
const SERIES_WEEKS = 52;

/** The Monday 00:00 UTC of ISO week 1 of a year. */
function firstIsoMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  return jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
}

/** The ISO year and week of a time (UTC). */
function isoWeekOf(ms: number): { isoYear: number; isoWeek: number } {
  const date = new Date(ms);
  const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  const isoYear = new Date(monday + 3 * DAY_MS).getUTCFullYear();
  return { isoYear, isoWeek: Math.round((monday - firstIsoMonday(isoYear)) / WEEK_MS) + 1 };
}

function occurrenceId(occurrence: Occurrence): string {
  return Buffer.from(JSON.stringify({ segmentID: occurrence.segment.id, ...isoWeekOf(occurrence.start) })).toString('base64');
}

/** The segment ID and ISO week an occurrence ID names; undefined when it is not one. */
function decodeOccurrenceId(id: string): { segmentID: string; isoYear: number; isoWeek: number } | undefined {
  try {
    const decoded = JSON.parse(Buffer.from(id, 'base64').toString('utf8')) as Record<string, unknown>;
    if (typeof decoded.segmentID === 'string' && Number.isInteger(decoded.isoYear) && Number.isInteger(decoded.isoWeek)) {
      return { segmentID: decoded.segmentID, isoYear: decoded.isoYear as number, isoWeek: decoded.isoWeek as number };
    }
  } catch {
    // Not an occurrence ID: the caller answers for it.
  }
  return undefined;
}

function validTimeZone(timezone: unknown): timezone is string {
  if (typeof timezone !== 'string' || timezone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** `20210701T140000`: a time as the wall clock of `timezone` shows it, for iCalendar. */
function localStamp(ms: number, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${part('day')}T${part('hour')}${part('minute')}${part('second')}`;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
function icalText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 folding: lines longer than 75 octets continue on lines that start with a space. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** What the schedule group keeps (each channel's schedule) and the helpers its routes share (it has no controls: the API does it all). */
export class ScheduleState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'schedule', fields: ['schedules'] } as const;
  /** Each channel's schedule, by broadcaster ID. */
  readonly schedules = new Map<string, ScheduleRecord>();

  constructor(readonly context: HelixContext) {}

  knownBroadcaster(broadcasterId: string): void {
    if (!this.context.state.user(broadcasterId)) throw new HttpError(400, 'The ID in the broadcaster_id query parameter is not valid.');
  }

  occurrenceAt(segment: SegmentRecord, index: number): Occurrence {
    return { segment, index, start: segment.start + index * WEEK_MS };
  }

  /** The occurrence an ID names in a schedule; undefined when none. */
  findOccurrence(schedule: ScheduleRecord | undefined, id: string): Occurrence | undefined {
    const decoded = decodeOccurrenceId(id);
    const segment = schedule?.segments.get(decoded?.segmentID ?? id);
    if (!segment) return undefined;
    if (!decoded) return this.occurrenceAt(segment, 0);
    const first = isoWeekOf(segment.start);
    const index = Math.round((firstIsoMonday(decoded.isoYear) + (decoded.isoWeek - 1) * WEEK_MS - (firstIsoMonday(first.isoYear) + (first.isoWeek - 1) * WEEK_MS)) / WEEK_MS);
    if (index < 0 || (index > 0 && !segment.is_recurring)) return undefined;
    return this.occurrenceAt(segment, index);
  }

  /** Occurrences that start at `from` or later: a series for SERIES_WEEKS weeks, in time order. */
  upcoming(schedule: ScheduleRecord, from: number): Occurrence[] {
    const list: Occurrence[] = [];
    for (const segment of schedule.segments.values()) {
      if (!segment.is_recurring) {
        if (segment.start >= from) list.push(this.occurrenceAt(segment, 0));
        continue;
      }
      const first = Math.max(0, Math.ceil((from - segment.start) / WEEK_MS));
      for (let index = first; index < first + SERIES_WEEKS; index++) list.push(this.occurrenceAt(segment, index));
    }
    return list.sort((a, b) => a.start - b.start);
  }

  /** An occurrence as the schedule routes answer it. */
  segmentBody(occurrence: Occurrence): Record<string, unknown> {
    const { segment } = occurrence;
    const end = occurrence.start + segment.duration * 60_000;
    const game = segment.category_id === '' ? undefined : this.context.state.games.get(segment.category_id);
    return {
      id: occurrenceId(occurrence),
      start_time: iso(occurrence.start),
      end_time: iso(end),
      title: segment.title,
      canceled_until: segment.canceled.has(occurrence.index) ? iso(end) : null,
      category: segment.category_id === '' ? null : { id: segment.category_id, name: game?.name ?? '' },
      is_recurring: segment.is_recurring,
    };
  }

  /** A schedule with the occurrences `segments`, as the schedule routes answer it. */
  body(broadcasterId: string, schedule: ScheduleRecord, segments: Occurrence[]): Record<string, unknown> {
    const broadcaster = userFields(this.context, broadcasterId, 'broadcaster');
    const vacation = schedule.vacation && schedule.vacation.end > this.context.now() ? { start_time: iso(schedule.vacation.start), end_time: iso(schedule.vacation.end) } : null;
    return {
      segments: segments.map((occurrence) => this.segmentBody(occurrence)),
      broadcaster_id: broadcasterId,
      broadcaster_name: broadcaster.broadcaster_name,
      broadcaster_login: broadcaster.broadcaster_login,
      vacation,
    };
  }

  /** The segment fields of a create or update body, checked; only those given. */
  segmentFields(request: MockRequest): SegmentChanges {
    const { state } = this.context;
    const changes: SegmentChanges = {};
    const start = field(request, 'start_time');
    if (start !== undefined) changes.start = rfc3339(start, 'start_time');
    const timezone = field(request, 'timezone');
    if (timezone !== undefined) {
      if (!validTimeZone(timezone)) throw new HttpError(400, 'The value in the "timezone" field is not valid: give an IANA time zone such as America/New_York');
      changes.timezone = timezone;
    }
    const duration = field(request, 'duration');
    if (duration !== undefined) {
      const minutes = typeof duration === 'number' || (typeof duration === 'string' && /^\d+$/.test(duration)) ? Number(duration) : Number.NaN;
      if (!Number.isInteger(minutes) || minutes < MIN_DURATION || minutes > MAX_DURATION) {
        throw new HttpError(400, `The value in the "duration" field is not valid: give a whole number of minutes from ${MIN_DURATION} to ${MAX_DURATION}`);
      }
      changes.duration = minutes;
    }
    const title = field(request, 'title');
    if (title !== undefined) {
      if (typeof title !== 'string') throw new HttpError(400, 'The value in the "title" field is not valid: give a string');
      if (title.length > MAX_TITLE) throw new HttpError(400, `The string in the "title" field is too long: at most ${MAX_TITLE} characters, not ${title.length}`);
      changes.title = title;
    }
    const category = field(request, 'category_id');
    if (category !== undefined) {
      if (typeof category !== 'string' || (category !== '' && !state.games.has(category))) throw new HttpError(400, 'The ID in the "category_id" field is not valid.');
      changes.category_id = category;
    }
    for (const name of ['is_recurring', 'is_canceled'] as const) {
      const value = field(request, name);
      if (value === undefined) continue;
      if (typeof value !== 'boolean') throw new HttpError(400, `The value in the "${name}" field is not valid: give true or false`);
      changes[name] = value;
    }
    return changes;
  }

  /** `{ data: { segments, broadcaster..., vacation } }` with one occurrence, as the segment routes answer. */
  oneSegment(broadcasterId: string, schedule: ScheduleRecord, occurrence: Occurrence): MockResponse {
    return { status: 200, body: { data: this.body(broadcasterId, schedule, [occurrence]) } };
  }

  /** Get Channel iCalendar: the channel's schedule as an iCalendar file. */
  calendar(broadcasterId: string): MockResponse {
    const { state } = this.context;
    this.knownBroadcaster(broadcasterId);
    const schedule = this.schedules.get(broadcasterId);
    const stamp = iso(this.context.now()).replace(/[-:]/g, '').replace(/\.\d+/, '');
    const lines = ['BEGIN:VCALENDAR', 'PRODID:-//platform.example//StreamSchedule//1.0', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'REFRESH-INTERVAL;VALUE=DURATION:PT1H'];
    lines.push(`NAME:${icalText(state.user(broadcasterId)!.display_name)}`);
    for (const segment of schedule?.segments.values() ?? []) {
      const game = segment.category_id === '' ? undefined : state.games.get(segment.category_id);
      const at = (ms: number) => `;TZID=/${segment.timezone}:${localStamp(ms, segment.timezone)}`;
      lines.push('BEGIN:VEVENT', `UID:${segment.id}`, `DTSTAMP:${stamp}`, `DTSTART${at(segment.start)}`, `DTEND${at(segment.start + segment.duration * 60_000)}`);
      lines.push(`SUMMARY:${icalText(segment.title)}`);
      if (game) lines.push(`DESCRIPTION:${icalText(`${game.name}.`)}`, `CATEGORIES:${icalText(game.name)}`);
      if (segment.is_recurring) lines.push('RRULE:FREQ=WEEKLY');
      for (const index of [...segment.canceled].sort((a, b) => a - b)) lines.push(`EXDATE${at(segment.start + index * WEEK_MS)}`);
      lines.push('END:VEVENT');
    }
    lines.push('END:VCALENDAR');
    return { status: 200, body: `${lines.map(fold).join('\r\n')}\r\n`, headers: { 'Content-Type': 'text/calendar' } };
  }
}

/** The schedule routes that take a token: Get Channel Stream Schedule, Update Channel Stream Schedule, Create / Update / Delete Channel Stream Schedule Segment. */
export const scheduleRoutes: readonly RouteRow<ScheduleState>[] = [
  {
    method: 'GET',
    path: '/schedule',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request, context }, schedules) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      schedules.knownBroadcaster(broadcasterId);
      const ids = [...new Set(request.query.getAll('id').filter((id) => id !== ''))];
      if (ids.length > MAX_SEGMENT_IDS) throw new HttpError(400, `The parameter "id" may be given at most ${MAX_SEGMENT_IDS} times`);
      const startText = request.query.get('start_time');
      const from = startText === null ? context.now() : rfc3339(startText, 'start_time');
      const schedule = schedules.schedules.get(broadcasterId);
      if (!schedule) throw new HttpError(404, 'The broadcaster has not created a streaming schedule.');
      let list: Occurrence[];
      if (ids.length > 0) {
        list = ids.map((id) => {
          const occurrence = schedules.findOccurrence(schedule, id);
          if (!occurrence) throw new HttpError(400, `The ID in the id query parameter is not valid: ${id}`);
          return occurrence;
        });
      } else {
        list = schedules.upcoming(schedule, from);
      }
      const { data, pagination } = page(request, list, SCHEDULE_PAGE);
      return { status: 200, body: { data: schedules.body(broadcasterId, schedule, data), pagination } };
    },
  },
  {
    method: 'PATCH',
    path: '/schedule/settings',
    token: 'user',
    scopes: ['channel:manage:schedule'],
    query: ['broadcaster_id'],
    handle: ({ request, token }, schedules) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      const enabled = booleanQuery(request, 'is_vacation_enabled');
      const timezone = request.query.get('timezone');
      if (timezone !== null && !validTimeZone(timezone)) throw new HttpError(400, 'The parameter "timezone" is not valid: give an IANA time zone such as America/New_York');
      let vacation: ScheduleRecord['vacation'];
      if (enabled) {
        const start = rfc3339(required(request, 'vacation_start_time'), 'vacation_start_time');
        const end = rfc3339(required(request, 'vacation_end_time'), 'vacation_end_time');
        required(request, 'timezone');
        if (end <= start) throw new HttpError(400, 'The date in vacation_end_time must be later than the date in vacation_start_time.');
        vacation = { start, end };
      }
      const schedule = schedules.schedules.get(broadcasterId);
      if (!schedule) throw new HttpError(404, "The broadcaster's schedule was not found.");
      if (enabled !== undefined) schedule.vacation = vacation;
      if (timezone !== null) schedule.timezone = timezone;
      return noContent();
    },
  },
  {
    method: 'POST',
    path: '/schedule/segment',
    token: 'user',
    scopes: ['channel:manage:schedule'],
    query: ['broadcaster_id'],
    body: ['start_time', 'timezone', 'duration'],
    handle: ({ request, token, context }, schedules) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      schedules.knownBroadcaster(broadcasterId);
      const fields = schedules.segmentFields(request);
      const isRecurring = fields.is_recurring ?? false;
      if (!isRecurring && context.state.user(broadcasterId)!.broadcaster_type === '') {
        throw new HttpError(403, 'Only partners and affiliates may add non-recurring broadcast segments.');
      }
      let schedule = schedules.schedules.get(broadcasterId);
      if (!schedule) {
        schedule = { segments: new Map(), vacation: undefined, timezone: fields.timezone! };
        schedules.schedules.set(broadcasterId, schedule);
      }
      const segment: SegmentRecord = {
        id: context.state.id(),
        start: fields.start!,
        duration: fields.duration!,
        timezone: fields.timezone!,
        title: fields.title ?? '',
        category_id: fields.category_id ?? '',
        is_recurring: isRecurring,
        canceled: new Set(),
      };
      schedule.segments.set(segment.id, segment);
      return schedules.oneSegment(broadcasterId, schedule, schedules.occurrenceAt(segment, 0));
    },
  },
  {
    method: 'PATCH',
    path: '/schedule/segment',
    token: 'user',
    scopes: ['channel:manage:schedule'],
    query: ['broadcaster_id', 'id'],
    handle: ({ request, token, context }, schedules) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      schedules.knownBroadcaster(broadcasterId);
      const fields = schedules.segmentFields(request);
      const schedule = schedules.schedules.get(broadcasterId);
      const occurrence = schedules.findOccurrence(schedule, request.query.get('id')!);
      if (!schedule || !occurrence) throw new HttpError(404, 'The specified broadcast segment was not found.');
      const { segment } = occurrence;
      if (fields.is_recurring !== undefined && fields.is_recurring !== segment.is_recurring) {
        throw new HttpError(400, 'The "is_recurring" field cannot be changed: delete the segment and create it again');
      }
      if (fields.start !== undefined) {
        if (segment.is_recurring) throw new HttpError(400, 'The "start_time" field may be changed only for non-recurring segments.');
        segment.start = fields.start;
        occurrence.start = fields.start;
      }
      if (fields.duration !== undefined) segment.duration = fields.duration;
      if (fields.timezone !== undefined) segment.timezone = fields.timezone;
      if (fields.title !== undefined) segment.title = fields.title;
      if (fields.category_id !== undefined) segment.category_id = fields.category_id;
      if (fields.is_canceled !== undefined) {
        // A series cancels its next occurrence after now, whichever occurrence the ID names.
        const index = segment.is_recurring ? Math.max(0, Math.ceil((context.now() - segment.start) / WEEK_MS)) : 0;
        if (fields.is_canceled) segment.canceled.add(index);
        else segment.canceled.delete(index);
      }
      return schedules.oneSegment(broadcasterId, schedule, occurrence);
    },
  },
  {
    method: 'DELETE',
    path: '/schedule/segment',
    token: 'user',
    scopes: ['channel:manage:schedule'],
    query: ['broadcaster_id', 'id'],
    handle: ({ request, token }, schedules) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      schedules.knownBroadcaster(broadcasterId);
      const schedule = schedules.schedules.get(broadcasterId);
      const occurrence = schedules.findOccurrence(schedule, request.query.get('id')!);
      if (!schedule || !occurrence) throw new HttpError(400, 'The ID in the id query parameter is not valid.');
      // Removing one occurrence of a series removes the whole series.
      schedule.segments.delete(occurrence.segment.id);
      return noContent();
    },
  },
];

/** Get Channel iCalendar, which needs no token: anyone may subscribe to the calendar. */
export function registerScheduleCalendar(router: Router, schedules: ScheduleState): void {
  router.add('GET', '/schedule/icalendar', (request) => schedules.calendar(required(request, 'broadcaster_id')));
}
