/**
 * The schedule routes of the mock over real sockets: segments as state (one-time and weekly),
 * occurrence IDs, paging, cancelling, vacation, the iCalendar text, and the platform's errors.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { iso, setup, START, type Setup } from './streams-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function start(options?: Parameters<typeof setup>[0]): Promise<Setup> {
  t = await setup(options);
  return t;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 2026-03-16 (a Monday, ISO week 12) 18:00 UTC. */
const MONDAY = Date.parse('2026-03-16T18:00:00Z');
const decode = (id: string) => JSON.parse(Buffer.from(id, 'base64').toString('utf8'));

async function addSegment(s: Setup, body: Record<string, unknown>) {
  return s.call('POST', '/schedule/segment', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id }, body: { timezone: 'America/New_York', duration: '60', ...body } });
}

describe('Create Channel Stream Schedule Segment: POST /schedule/segment', () => {
  it('adds a one-time broadcast and answers the schedule with it', async () => {
    const s = await start();
    const game = s.mock.state.addGame({ name: 'Science & Technology', id: '509670' });
    const answer = await addSegment(s, { start_time: '2026-03-20T18:00:00Z', is_recurring: false, category_id: game.id, title: 'Monthly Update // March' });
    expect(answer.status).toBe(200);
    const id: string = answer.body.data.segments[0].id;
    expect(decode(id)).toEqual({ segmentID: expect.any(String), isoYear: 2026, isoWeek: 12 });
    expect(answer.body).toEqual({
      data: {
        segments: [
          {
            id,
            start_time: '2026-03-20T18:00:00.000Z',
            end_time: '2026-03-20T19:00:00.000Z',
            title: 'Monthly Update // March',
            canceled_until: null,
            category: { id: '509670', name: 'Science & Technology' },
            is_recurring: false,
          },
        ],
        broadcaster_id: s.streamer.id,
        broadcaster_name: 'Streamer',
        broadcaster_login: 'streamer',
        vacation: null,
      },
    });
  });

  it('checks every field, and lets only partners and affiliates add one-time broadcasts', async () => {
    const s = await start({ broadcasterType: '' });
    const bad = async (body: Record<string, unknown>, message: string) => {
      const answer = await addSegment(s, { start_time: '2026-03-20T18:00:00Z', is_recurring: true, ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    };
    await bad({ start_time: 'Friday' }, 'The parameter "start_time" was malformed: the value must be an RFC3339 date and time, for example 2021-07-01T18:00:00Z');
    await bad({ timezone: 'Mars/Olympus' }, 'The value in the "timezone" field is not valid: give an IANA time zone such as America/New_York');
    await bad({ duration: '29' }, 'The value in the "duration" field is not valid: give a whole number of minutes from 30 to 1380');
    await bad({ duration: '1381' }, 'The value in the "duration" field is not valid: give a whole number of minutes from 30 to 1380');
    await bad({ title: 'x'.repeat(141) }, 'The string in the "title" field is too long: at most 140 characters, not 141');
    await bad({ category_id: '1' }, 'The ID in the "category_id" field is not valid.');
    await bad({ is_recurring: 'yes' }, 'The value in the "is_recurring" field is not valid: give true or false');
    await bad({ duration: undefined }, 'Missing required parameter "duration"');
    expect((await addSegment(s, { start_time: '2026-03-20T18:00:00Z', is_recurring: true, duration: 1380, title: 'x'.repeat(140) })).status).toBe(200);
    const oneTime = await addSegment(s, { start_time: '2026-03-20T18:00:00Z' });
    expect(oneTime.status).toBe(403);
    expect(oneTime.body.message).toBe('Only partners and affiliates may add non-recurring broadcast segments.');
    const other = await s.call('POST', '/schedule/segment', s.tokens.viewer, { query: { broadcaster_id: s.streamer.id }, body: { start_time: '2026-03-20T18:00:00Z', timezone: 'UTC', duration: '60' } });
    expect(other.status).toBe(401);
    const scopeless = await s.call('POST', '/schedule/segment', s.issue(s.streamer.id, []), { query: { broadcaster_id: s.streamer.id }, body: {} });
    expect(scopeless.body.message).toBe('Missing scope: channel:manage:schedule');
  });
});

describe('Get Channel Stream Schedule: GET /schedule', () => {
  it('lists upcoming occurrences in time order, a weekly series once a week, paged by 25 at most', async () => {
    const s = await start();
    expect((await s.call('GET', '/schedule', s.tokens.app, { query: { broadcaster_id: s.streamer.id } })).status).toBe(404);
    await addSegment(s, { start_time: iso(MONDAY), is_recurring: true, title: 'weekly' });
    await addSegment(s, { start_time: iso(MONDAY + DAY), title: 'once' });
    await addSegment(s, { start_time: iso(START - DAY), title: 'past' });
    const get = (query: Record<string, string | string[]> = {}) => s.call('GET', '/schedule', s.tokens.app, { query: { broadcaster_id: s.streamer.id, ...query } });
    const first = await get({ first: '3' });
    expect(first.status).toBe(200);
    expect(first.body.data.segments.map((segment: { title: string; start_time: string }) => [segment.title, segment.start_time])).toEqual([
      ['weekly', iso(MONDAY)],
      ['once', iso(MONDAY + DAY)],
      ['weekly', iso(MONDAY + WEEK)],
    ]);
    expect(decode(first.body.data.segments[2].id)).toMatchObject({ isoYear: 2026, isoWeek: 13 });
    const second = await get({ first: '3', after: first.body.pagination.cursor });
    expect(second.body.data.segments.map((segment: { start_time: string }) => segment.start_time)).toEqual([iso(MONDAY + 2 * WEEK), iso(MONDAY + 3 * WEEK), iso(MONDAY + 4 * WEEK)]);
    // A start time picks where the list begins.
    const later = await get({ start_time: iso(MONDAY + 10 * WEEK), first: '1' });
    expect(later.body.data.segments[0].start_time).toBe(iso(MONDAY + 10 * WEEK));
    const earlier = await get({ start_time: iso(START - 2 * DAY), first: '1' });
    expect(earlier.body.data.segments[0].title).toBe('past');
    // Occurrences by ID, in the order asked.
    const byId = await get({ id: [first.body.data.segments[2].id, first.body.data.segments[1].id] });
    expect(byId.body.data.segments.map((segment: { title: string }) => segment.title)).toEqual(['weekly', 'once']);

    expect((await get({ first: '26' })).status).toBe(400);
    expect((await get({ start_time: 'soon' })).status).toBe(400);
    expect((await get({ id: 'bm9wZQ==' })).body.message).toBe('The ID in the id query parameter is not valid: bm9wZQ==');
    expect((await s.call('GET', '/schedule', s.tokens.app, { query: { broadcaster_id: '999999' } })).body.message).toBe('The ID in the broadcaster_id query parameter is not valid.');
    expect((await s.call('GET', '/schedule', s.tokens.app)).body.message).toBe('Missing required parameter "broadcaster_id"');
    expect((await s.call('GET', '/schedule', undefined, { query: { broadcaster_id: s.streamer.id } })).status).toBe(401);
  });
});

describe('Update and Delete Channel Stream Schedule Segment: PATCH / DELETE /schedule/segment', () => {
  it('changes a series everywhere, cancels its next occurrence, moves a one-time broadcast', async () => {
    const s = await start();
    const game = s.mock.state.addGame({ name: 'Chess' });
    const weekly = (await addSegment(s, { start_time: iso(MONDAY), is_recurring: true, title: 'weekly' })).body.data.segments[0];
    const once = (await addSegment(s, { start_time: iso(MONDAY + DAY), title: 'once' })).body.data.segments[0];
    const get = async () => (await s.call('GET', '/schedule', s.tokens.app, { query: { broadcaster_id: s.streamer.id, first: '4' } })).body.data.segments;
    const patch = (id: string, body: Record<string, unknown>) => s.call('PATCH', '/schedule/segment', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, id }, body });

    const thirdWeek = (await get())[3];
    const changed = await patch(thirdWeek.id, { title: 'new title', duration: '120', category_id: game.id });
    expect(changed.status).toBe(200);
    expect(changed.body.data.segments).toEqual([{ ...thirdWeek, title: 'new title', end_time: iso(MONDAY + 2 * WEEK + 2 * HOUR), category: { id: game.id, name: 'Chess' } }]);
    const all = await get();
    expect(all.filter((segment: { is_recurring: boolean }) => segment.is_recurring).every((segment: { title: string }) => segment.title === 'new title')).toBe(true);

    // Cancelling any occurrence of a series cancels the next one after now.
    const canceled = await patch(thirdWeek.id, { is_canceled: true });
    expect(canceled.body.data.segments[0].canceled_until).toBeNull();
    const afterCancel = await get();
    expect(afterCancel[0]).toMatchObject({ id: weekly.id, canceled_until: iso(MONDAY + 2 * HOUR) });
    expect(afterCancel[2].canceled_until).toBeNull();

    const moved = await patch(once.id, { start_time: iso(MONDAY + 2 * DAY) });
    expect(moved.body.data.segments[0]).toMatchObject({ start_time: iso(MONDAY + 2 * DAY), end_time: iso(MONDAY + 2 * DAY + HOUR) });
    const movingSeries = await patch(weekly.id, { start_time: iso(MONDAY + HOUR) });
    expect(movingSeries.status).toBe(400);
    expect(movingSeries.body.message).toBe('The "start_time" field may be changed only for non-recurring segments.');
    expect((await patch(once.id, { is_canceled: true })).body.data.segments[0].canceled_until).toBe(iso(MONDAY + 2 * DAY + HOUR));
    expect((await patch(once.id, { is_canceled: false })).body.data.segments[0].canceled_until).toBeNull();
    expect((await patch(once.id, { duration: '10' })).status).toBe(400);
    const unknown = await patch(Buffer.from(JSON.stringify({ segmentID: 'nope', isoYear: 2026, isoWeek: 12 })).toString('base64'), { title: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('The specified broadcast segment was not found.');
    expect((await s.call('PATCH', '/schedule/segment', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id }, body: {} })).body.message).toBe('Missing required parameter "id"');

    // Deleting an occurrence of a series deletes the series.
    const removed = await s.call('DELETE', '/schedule/segment', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, id: thirdWeek.id } });
    expect(removed.status).toBe(204);
    expect((await get()).map((segment: { title: string }) => segment.title)).toEqual(['once']);
    const again = await s.call('DELETE', '/schedule/segment', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, id: thirdWeek.id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The ID in the id query parameter is not valid.');
    expect((await s.call('DELETE', '/schedule/segment', s.tokens.viewer, { query: { broadcaster_id: s.streamer.id, id: once.id } })).status).toBe(401);
  });
});

describe('Update Channel Stream Schedule: PATCH /schedule/settings', () => {
  it('turns vacation on and off; Get Channel Stream Schedule shows it', async () => {
    const s = await start();
    const settings = (query: Record<string, string>) => s.call('PATCH', '/schedule/settings', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, ...query } });
    const vacation = { is_vacation_enabled: 'true', vacation_start_time: '2026-05-16T00:00:00Z', vacation_end_time: '2026-05-23T00:00:00Z', timezone: 'America/New_York' };
    const none = await settings(vacation);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("The broadcaster's schedule was not found.");
    await addSegment(s, { start_time: iso(MONDAY), is_recurring: true });
    expect((await settings(vacation)).status).toBe(204);
    const get = async () => (await s.call('GET', '/schedule', s.tokens.app, { query: { broadcaster_id: s.streamer.id } })).body.data.vacation;
    expect(await get()).toEqual({ start_time: '2026-05-16T00:00:00.000Z', end_time: '2026-05-23T00:00:00.000Z' });
    expect((await settings({ is_vacation_enabled: 'false' })).status).toBe(204);
    expect(await get()).toBeNull();

    const backwards = await settings({ ...vacation, vacation_end_time: '2026-05-15T00:00:00Z' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The date in vacation_end_time must be later than the date in vacation_start_time.');
    const { timezone: _timezone, ...noZone } = vacation;
    expect((await settings(noZone)).body.message).toBe('Missing required parameter "timezone"');
    expect((await settings({ ...vacation, vacation_start_time: 'May' })).status).toBe(400);
    expect((await settings({ is_vacation_enabled: 'maybe' })).status).toBe(400);
    expect((await s.call('PATCH', '/schedule/settings', s.tokens.viewer, { query: { broadcaster_id: s.streamer.id } })).status).toBe(401);
  });
});

describe('Get Channel iCalendar: GET /schedule/icalendar', () => {
  it('renders the segments as text/calendar, with no token needed', async () => {
    const s = await start();
    const game = s.mock.state.addGame({ name: 'Science & Technology' });
    await addSegment(s, { start_time: '2026-07-01T18:00:00Z', title: 'Monthly Update // July 1, 2026', category_id: game.id });
    const weekly = (await addSegment(s, { start_time: iso(MONDAY), is_recurring: true, title: 'weekly', timezone: 'Europe/Berlin', duration: '90' })).body.data.segments[0];
    await s.call('PATCH', '/schedule/segment', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, id: weekly.id }, body: { is_canceled: true } });
    const answer = await fetch(`${s.mock.baseUrl}/schedule/icalendar?broadcaster_id=${s.streamer.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar');
    const text = await answer.text();
    const weeklyId = decode(weekly.id).segmentID;
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//platform.example//StreamSchedule//1.0',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'NAME:Streamer',
      'BEGIN:VEVENT',
      expect.stringMatching(/^UID:/),
      'DTSTAMP:20260314T180000Z',
      'DTSTART;TZID=/America/New_York:20260701T140000',
      'DTEND;TZID=/America/New_York:20260701T150000',
      'SUMMARY:Monthly Update // July 1\\, 2026',
      'DESCRIPTION:Science & Technology.',
      'CATEGORIES:Science & Technology',
      'END:VEVENT',
      'BEGIN:VEVENT',
      `UID:${weeklyId}`,
      'DTSTAMP:20260314T180000Z',
      'DTSTART;TZID=/Europe/Berlin:20260316T190000',
      'DTEND;TZID=/Europe/Berlin:20260316T203000',
      'SUMMARY:weekly',
      'RRULE:FREQ=WEEKLY',
      'EXDATE;TZID=/Europe/Berlin:20260316T190000',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('folds long lines, answers an empty calendar without a schedule, and refuses a bad broadcaster', async () => {
    const s = await start();
    const empty = await s.call('GET', '/schedule/icalendar', undefined, { query: { broadcaster_id: s.streamer.id }, noClientId: true });
    expect(empty.status).toBe(200);
    expect(empty.text).not.toContain('BEGIN:VEVENT');
    await addSegment(s, { start_time: iso(MONDAY), is_recurring: true, title: 'a'.repeat(140) });
    const folded = (await s.call('GET', '/schedule/icalendar', undefined, { query: { broadcaster_id: s.streamer.id } })).text;
    const lines = folded.split('\r\n');
    expect(lines.every((line: string) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toContain(`SUMMARY:${'a'.repeat(140)}\r\n`);
    const missing = await s.call('GET', '/schedule/icalendar', undefined);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text).message).toBe('Missing required parameter "broadcaster_id"');
    expect((await s.call('GET', '/schedule/icalendar', undefined, { query: { broadcaster_id: '999999' } })).status).toBe(400);
  });
});
