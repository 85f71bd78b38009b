import { createClient, PlatformApiError } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { clips, clipsDownload, schedule, scheduleICalendar, streams, videos } from '../src/index';
import { clip, segment, stream, theSchedule, video } from './samples';
import { stubClient, stubFetch } from './stub';

const ids = (count: number, prefix = '') => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

describe('long ID lists: split at the platform maximum, walked and joined in order', () => {
  it('streams: user_id in requests of 100, each chunk paged to its end before the next', async () => {
    const { client, requests } = stubClient((request) => {
      const users = request.url.searchParams.getAll('user_id');
      // The first chunk has a second page; the others fit in one.
      if (users[0] === '1' && !request.url.searchParams.has('after')) return { body: { data: [{ ...stream, user_id: '1' }], pagination: { cursor: 'next' } } };
      return { body: { data: [{ ...stream, user_id: users.at(-1) }], pagination: {} } };
    });
    const all = await streams(client, { user_id: ids(250), first: 100 }, { as: 'app' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('user_id').length)).toEqual([100, 100, 100, 50]);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'next', null, null]);
    expect(requests.every((request) => request.url.searchParams.get('first') === '100')).toBe(true);
    expect(all.map((item) => item.user_id)).toEqual(['1', '100', '200', '250']);
  });

  it('streams: user_login in requests of 100', async () => {
    const { client, requests } = stubClient(() => ({ body: { data: [], pagination: {} } }));
    await streams(client, { user_login: ids(150, 'login') }, { as: 'app' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('user_login'))).toEqual([ids(100, 'login'), ids(150, 'login').slice(100)]);
  });

  it('videos and clips: id in requests of 100', async () => {
    const { client, requests } = stubClient((request) => ({
      body: { data: request.url.searchParams.getAll('id').map((id) => (request.url.pathname.endsWith('/videos') ? { ...video, id } : { ...clip, id })), pagination: {} },
    }));
    const foundVideos = await videos(client, { id: ids(150) }, { as: 'app' }).all();
    const foundClips = await clips(client, { id: ids(120) }, { as: 'app' }).all();
    expect(requests.map((request) => `${request.url.pathname} ${request.url.searchParams.getAll('id').length}`)).toEqual([
      '/helix/videos 100',
      '/helix/videos 50',
      '/helix/clips 100',
      '/helix/clips 20',
    ]);
    expect(foundVideos.map((item) => item.id)).toEqual(ids(150));
    expect(foundClips.map((item) => item.id)).toEqual(ids(120));
  });

  it('clipsDownload: clip_id in requests of 10, the downloads joined in order', async () => {
    const { client, requests } = stubClient((request) => ({
      body: { data: request.url.searchParams.getAll('clip_id').map((clip_id) => ({ clip_id, landscape_download_url: `https://downloads.example/${clip_id}`, portrait_download_url: null })) },
    }));
    const downloads = await clipsDownload(client, { broadcaster_id: '1', clip_id: ids(25, 'c') }, { as: '1' });
    expect(requests.map((request) => request.url.searchParams.getAll('clip_id').length)).toEqual([10, 10, 5]);
    expect(requests.every((request) => request.url.searchParams.get('editor_id') === '1' && request.url.searchParams.get('broadcaster_id') === '1')).toBe(true);
    expect(downloads.map((download) => download.clip_id)).toEqual(ids(25, 'c'));
  });
});

describe('streams: paging backwards from a before cursor', () => {
  it('sends each next cursor as before', async () => {
    const { client, requests } = stubClient((_, index) => ({ body: { data: [{ ...stream, id: String(index) }], pagination: index === 0 ? { cursor: 'older' } : {} } }));
    const all = await streams(client, { before: 'start' }, { as: 'app' }).all();
    expect(requests.map((request) => [...request.url.searchParams])).toEqual([[['before', 'start']], [['before', 'older']]]);
    expect(all.map((item) => item.id)).toEqual(['0', '1']);
  });
});

describe('schedule: a paginator over the segments of a schedule object', () => {
  const second = { ...segment, id: 'second' };
  const third = { ...segment, id: 'third' };

  it('follows the cursor page after page, with the call options on every page, and stops at an empty page', async () => {
    const pages = [
      { data: { ...theSchedule, segments: [segment, second] }, pagination: { cursor: 'p2' } },
      { data: { ...theSchedule, segments: [third] }, pagination: { cursor: 'p3' } },
      // An empty page ends the list even with a cursor.
      { data: { ...theSchedule, segments: [] }, pagination: { cursor: 'p4' } },
    ];
    const { client, requests } = stubClient((_, index) => ({ body: pages[index] }));
    const all = await schedule(client, { broadcaster_id: '141981764', first: 2 }, { as: '77' }).all();
    expect(all.map((item) => item.id)).toEqual([segment.id, 'second', 'third']);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'p2', 'p3']);
    expect(requests.every((request) => request.url.searchParams.get('first') === '2' && request.url.searchParams.get('broadcaster_id') === '141981764')).toBe(true);
    expect(requests.every((request) => request.headers.get('authorization') === 'Bearer user-token-77')).toBe(true);
  });

  it('awaited, gives the first page once: the segments, the schedule in raw and the cursor', async () => {
    const { client, requests } = stubClient((_, index) =>
      index === 0 ? { body: { data: theSchedule, pagination: { cursor: 'p2' } } } : { body: { data: { ...theSchedule, segments: [second, third] }, pagination: {} } },
    );
    const paginator = schedule(client, { broadcaster_id: '141981764' }, { as: 'app' });
    const page = await paginator;
    expect(page.data).toEqual([segment]);
    expect(page.raw.data.broadcaster_name).toBe('TwitchDev');
    expect(page.cursor).toBe('p2');
    expect(await paginator.take(1)).toEqual([segment]);
    expect(requests).toHaveLength(1);
    // No total in the answer: every page is counted.
    expect(await paginator.total()).toBe(3);
    expect(requests).toHaveLength(2);
  });

  it('a later page replaces the cursor the caller started from', async () => {
    const { client, requests } = stubClient((_, index) => ({ body: { data: { ...theSchedule, segments: [{ ...segment, id: String(index) }] }, pagination: index === 0 ? { cursor: 'p2' } : {} } }));
    await schedule(client, { broadcaster_id: '1', after: 'p1' }, { as: 'app' }).all();
    expect(requests.map((request) => request.url.searchParams.getAll('after'))).toEqual([['p1'], ['p2']]);
  });

  it('refuses bad parameters at once, synchronously, and a refused page rejects', async () => {
    const { client, requests } = stubClient(() => ({ status: 404, body: { error: 'Not Found', status: 404, message: 'The broadcaster has not created a streaming schedule.' } }));
    expect(() => schedule(client, { broadcaster_id: '1', first: 30 })).toThrow('The parameter first of schedule.schedule must be from 1 to 25; got 30.');
    expect(requests).toHaveLength(0);
    const error = await Promise.resolve(schedule(client, { broadcaster_id: '1' }, { as: 'app' })).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(404);
  });
});

describe('scheduleICalendar: no token needed', () => {
  it('works on a client that has no token at all, and sends no Authorization', async () => {
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const stub = stubFetch(() => new Response(calendar, { headers: { 'Content-Type': 'text/calendar' } }));
    const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, retries: 0 });
    await expect(scheduleICalendar(client, { broadcaster_id: '141981764' })).resolves.toBe(calendar);
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]!.headers.get('authorization')).toBeNull();
    expect(stub.requests[0]!.url.href).toBe('https://api.test/helix/schedule/icalendar?broadcaster_id=141981764');
  });
});
