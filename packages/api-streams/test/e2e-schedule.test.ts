// End-to-end: the schedule group (schedule, scheduleICalendar, updateSchedule,
// createScheduleSegment, updateScheduleSegment, deleteScheduleSegment) against the mock platform
// over real sockets.
import { createClient, PlatformApiError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScheduleSegment, deleteScheduleSegment, schedule, scheduleICalendar, updateSchedule, updateScheduleSegment } from '../src/index';
import { failureOf, iso, START, startE2E, type E2E } from './e2e-setup';

let t: E2E;

beforeEach(async () => {
  t = await startE2E();
  t.mock.state.addGame({ id: '509670', name: 'Science & Technology' });
});

afterEach(async () => {
  await t.mock.close();
});

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

describe('segments: created, updated, listed, deleted', () => {
  it('a weekly series and a one-time broadcast, listed in time order page after page; a change of the series shows in every occurrence', async () => {
    const { client, broadcaster } = t;
    const me = client.as(broadcaster.id);
    // No schedule yet: the platform answers 404.
    const none = await failureOf(schedule(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(none).toBeInstanceOf(PlatformApiError);
    expect(none.message).toBe('The broadcaster has not created a streaming schedule. (404 on GET /schedule)');

    const seriesStart = START + 2 * HOUR;
    const created = await createScheduleSegment(me, { start_time: iso(seriesStart), timezone: 'America/New_York', duration: '60', is_recurring: true, category_id: '509670', title: 'Weekly update' });
    expect(created.data).toMatchObject({ broadcaster_id: broadcaster.id, broadcaster_name: 'PixelForge', broadcaster_login: 'pixelforge', vacation: null });
    expect(created.data.segments).toEqual([
      {
        id: expect.any(String),
        start_time: iso(seriesStart),
        end_time: iso(seriesStart + HOUR),
        title: 'Weekly update',
        canceled_until: null,
        category: { id: '509670', name: 'Science & Technology' },
        is_recurring: true,
      },
    ]);
    expect(t.mock.requests.at(-1)).toMatchObject({ query: { broadcaster_id: broadcaster.id }, body: { start_time: iso(seriesStart), timezone: 'America/New_York', duration: '60', is_recurring: true } });
    const oneTimeStart = START + 3 * 24 * HOUR;
    const oneTime = (await createScheduleSegment(me, { start_time: iso(oneTimeStart), timezone: 'Europe/Berlin', duration: '120', title: 'Special' })).data.segments[0]!;
    expect(oneTime).toMatchObject({ is_recurring: false, category: null, end_time: iso(oneTimeStart + 2 * HOUR) });

    t.mock.clearRequests();
    const all = await schedule(client.as('app'), { broadcaster_id: broadcaster.id, first: 25 }).all();
    // 52 weeks of the series and the one-time broadcast, in time order.
    expect(all).toHaveLength(53);
    expect(all.slice(0, 3).map((segment) => [segment.title, segment.start_time])).toEqual([
      ['Weekly update', iso(seriesStart)],
      ['Special', iso(oneTimeStart)],
      ['Weekly update', iso(seriesStart + WEEK)],
    ]);
    expect(t.helixSent()).toEqual(['GET /schedule', 'GET /schedule', 'GET /schedule']);

    const page = await schedule(client.as(t.viewer.id), { broadcaster_id: broadcaster.id, first: 2, start_time: iso(START + 2 * WEEK) });
    expect(page.data.map((segment) => segment.start_time)).toEqual([iso(seriesStart + 2 * WEEK), iso(seriesStart + 3 * WEEK)]);
    expect(page.raw.data).toMatchObject({ broadcaster_login: 'pixelforge', vacation: null });
    const next = await schedule(client.as('app'), { broadcaster_id: broadcaster.id, first: 2, start_time: iso(START + 2 * WEEK), after: page.cursor! });
    expect(next.data.map((segment) => segment.start_time)).toEqual([iso(seriesStart + 4 * WEEK), iso(seriesStart + 5 * WEEK)]);

    const seriesId = created.data.segments[0]!.id;
    const updated = await updateScheduleSegment(me, { id: seriesId, title: 'Weekly update, longer', duration: '90' });
    expect(updated.data.segments[0]).toMatchObject({ id: seriesId, title: 'Weekly update, longer', end_time: iso(seriesStart + 90 * 60_000) });
    expect(t.mock.requests.at(-1)).toMatchObject({ method: 'PATCH', query: { broadcaster_id: broadcaster.id, id: seriesId }, body: { title: 'Weekly update, longer', duration: '90' } });
    const later = await schedule(client.as('app'), { broadcaster_id: broadcaster.id, start_time: iso(START + 10 * WEEK), first: 1 });
    expect(later.data[0]).toMatchObject({ title: 'Weekly update, longer', start_time: iso(seriesStart + 10 * WEEK), end_time: iso(seriesStart + 10 * WEEK + 90 * 60_000) });

    // Canceling a series cancels its next occurrence after now.
    const canceled = await updateScheduleSegment(me, { id: later.data[0]!.id, is_canceled: true });
    expect(canceled.data.segments).toHaveLength(1);
    const byId = await schedule(client.as('app'), { broadcaster_id: broadcaster.id, id: [seriesId, oneTime.id] });
    expect(byId.data.map((segment) => [segment.id, segment.title])).toEqual([
      [seriesId, 'Weekly update, longer'],
      [oneTime.id, 'Special'],
    ]);
    const upcoming = await schedule(client.as('app'), { broadcaster_id: broadcaster.id, first: 1 });
    expect(upcoming.data[0]).toMatchObject({ start_time: iso(seriesStart), canceled_until: iso(seriesStart + 90 * 60_000) });

    // Deleting one occurrence of a series deletes the series.
    await expect(deleteScheduleSegment(me, { id: later.data[0]!.id })).resolves.toBeUndefined();
    expect((await schedule(client.as('app'), { broadcaster_id: broadcaster.id }).all()).map((segment) => segment.id)).toEqual([oneTime.id]);
    await deleteScheduleSegment(me, { id: oneTime.id });
    await expect(schedule(client.as('app'), { broadcaster_id: broadcaster.id }).all()).resolves.toEqual([]);
    const gone = await failureOf(updateScheduleSegment(me, { id: oneTime.id, title: 'Back?' }));
    expect(gone).toBeInstanceOf(PlatformApiError);
    expect(gone.message).toBe('The specified broadcast segment was not found. (404 on PATCH /schedule/segment)');
  });

  it('refusals: a one-time broadcast from a channel that is neither partner nor affiliate (403), the scope, the limits checked before sending', async () => {
    const { client, hobbyist, broadcaster } = t;
    const oneTime = await failureOf(createScheduleSegment(client.as(hobbyist.id), { start_time: iso(START + HOUR), timezone: 'UTC', duration: '60' }));
    expect(oneTime).toBeInstanceOf(PlatformApiError);
    expect((oneTime as PlatformApiError).status).toBe(403);
    expect(oneTime.message).toBe('Only partners and affiliates may add non-recurring broadcast segments. (403 on POST /schedule/segment)');
    await expect(createScheduleSegment(client.as(hobbyist.id), { start_time: iso(START + HOUR), timezone: 'UTC', duration: '60', is_recurring: true })).resolves.toMatchObject({
      data: { broadcaster_id: hobbyist.id },
    });
    const badZone = await failureOf(createScheduleSegment(client.as(broadcaster.id), { start_time: iso(START + HOUR), timezone: 'Mars/Olympus', duration: '60' }));
    expect((badZone as PlatformApiError).status).toBe(400);

    t.mock.clearRequests();
    const scope = await failureOf(createScheduleSegment(client.as(t.viewer.id), { start_time: iso(START), timezone: 'UTC', duration: '60' }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:manage:schedule scope required by POST /schedule/segment.');
    for (const duration of ['29', '1381', '60.5']) {
      const refused = await failureOf(createScheduleSegment(client.as(broadcaster.id), { start_time: iso(START), timezone: 'UTC', duration }));
      expect(refused).toBeInstanceOf(PlatformError);
      expect(refused.message).toMatch(/^The parameter duration of schedule\.createScheduleSegment must be .*from 30 to 1380 minutes/);
    }
    await expect(updateScheduleSegment(client.as(broadcaster.id), { id: 'x', title: 't'.repeat(141) })).rejects.toThrow(/title/);
    expect(() => schedule(client.as('app'), { broadcaster_id: broadcaster.id, first: 26 })).toThrow('The parameter first of schedule.schedule must be from 1 to 25; got 26.');
    expect(t.helixSent()).toEqual([]);
  });
});

describe('vacation', () => {
  it('updateSchedule turns vacation mode on (schedule shows it) and off', async () => {
    const { client, broadcaster } = t;
    const me = client.as(broadcaster.id);
    // Without a schedule there is nothing to put on vacation.
    const missing = await failureOf(updateSchedule(me, { is_vacation_enabled: false }));
    expect(missing.message).toBe("The broadcaster's schedule was not found. (404 on PATCH /schedule/settings)");
    await createScheduleSegment(me, { start_time: iso(START + HOUR), timezone: 'America/New_York', duration: '60', is_recurring: true, title: 'Weekly' });

    const vacation = { vacation_start_time: iso(START + WEEK), vacation_end_time: iso(START + 3 * WEEK), timezone: 'America/New_York' };
    await expect(updateSchedule(me, { is_vacation_enabled: true, ...vacation })).resolves.toBeUndefined();
    expect(t.mock.requests.at(-1)).toMatchObject({ method: 'PATCH', path: '/schedule/settings', status: 204, query: { broadcaster_id: broadcaster.id, is_vacation_enabled: 'true', ...vacation } });
    const during = await schedule(client.as('app'), { broadcaster_id: broadcaster.id, first: 1 });
    expect(during.raw.data.vacation).toEqual({ start_time: vacation.vacation_start_time, end_time: vacation.vacation_end_time });

    await updateSchedule(me, { is_vacation_enabled: false });
    expect((await schedule(client.as('app'), { broadcaster_id: broadcaster.id, first: 1 })).raw.data.vacation).toBeNull();

    const backwards = await failureOf(updateSchedule(me, { ...vacation, is_vacation_enabled: true, vacation_end_time: iso(START) }));
    expect(backwards.message).toBe('The date in vacation_end_time must be later than the date in vacation_start_time. (400 on PATCH /schedule/settings)');
    t.mock.clearRequests();
    await expect(updateSchedule(me, { is_vacation_enabled: true, vacation_start_time: vacation.vacation_start_time, timezone: 'UTC' })).rejects.toThrow(
      new PlatformError('schedule.updateSchedule needs the parameter vacation_end_time when is_vacation_enabled is true.'),
    );
    expect(t.helixSent()).toEqual([]);
  });
});

describe('scheduleICalendar', () => {
  it('resolves with the text/calendar body on a client that has no token, sending no Authorization', async () => {
    const { client, broadcaster, mock } = t;
    const me = client.as(broadcaster.id);
    const created = await createScheduleSegment(me, { start_time: '2026-03-17T18:00:00Z', timezone: 'America/New_York', duration: '60', is_recurring: true, category_id: '509670', title: 'Weekly update; live' });
    await createScheduleSegment(me, { start_time: '2026-03-20T12:00:00Z', timezone: 'Europe/Berlin', duration: '30', title: 'Short, one time' });
    await updateScheduleSegment(me, { id: created.data.segments[0]!.id, is_canceled: true });

    const anonymous = createClient({ clientId: 'any-reader', baseUrl: mock.baseUrl });
    mock.clearRequests();
    const calendar = await scheduleICalendar(anonymous, { broadcaster_id: broadcaster.id });
    expect(typeof calendar).toBe('string');
    const lines = calendar.split('\r\n');
    expect(lines.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'PRODID:-//platform.example//StreamSchedule//1.0', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'NAME:PixelForge']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'DTSTART;TZID=/America/New_York:20260317T140000',
        'SUMMARY:Weekly update\\; live',
        'CATEGORIES:Science & Technology',
        'RRULE:FREQ=WEEKLY',
        'EXDATE;TZID=/America/New_York:20260317T140000',
        'DTSTART;TZID=/Europe/Berlin:20260320T130000',
        'SUMMARY:Short\\, one time',
      ]),
    );
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({ method: 'GET', path: '/schedule/icalendar', status: 200, token: undefined, query: { broadcaster_id: broadcaster.id } });

    // The signed-in client sends no token for it either.
    await expect(scheduleICalendar(client, { broadcaster_id: broadcaster.id })).resolves.toBe(calendar);
    expect(mock.requests.at(-1)?.token).toBeUndefined();
  });

  it('an unknown broadcaster: the platform answers 400', async () => {
    const anonymous = createClient({ clientId: 'any-reader', baseUrl: t.mock.baseUrl, retries: 0 });
    const error = await failureOf(scheduleICalendar(anonymous, { broadcaster_id: '987654' }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The ID in the broadcaster_id query parameter is not valid. (400 on GET /schedule/icalendar)');
  });
});
