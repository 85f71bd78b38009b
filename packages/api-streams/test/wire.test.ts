import type { ClientHandle, RequestOptions } from '@platform/core';
import { describe, expect, it } from 'vitest';
import {
  adSchedule,
  adScheduleOperation,
  cancelRaid,
  cancelRaidOperation,
  clips,
  clipsDownload,
  clipsDownloadOperation,
  clipsOperation,
  createClip,
  createClipFromVod,
  createClipFromVodOperation,
  createClipOperation,
  createScheduleSegment,
  createScheduleSegmentOperation,
  createStreamMarker,
  createStreamMarkerOperation,
  deleteScheduleSegment,
  deleteScheduleSegmentOperation,
  deleteVideos,
  deleteVideosOperation,
  followedStreams,
  followedStreamsOperation,
  schedule,
  scheduleICalendar,
  scheduleICalendarOperation,
  scheduleOperation,
  snoozeNextAd,
  snoozeNextAdOperation,
  startCommercial,
  startCommercialOperation,
  startRaid,
  startRaidOperation,
  streamKey,
  streamKeyOperation,
  streamMarkers,
  streamMarkersOperation,
  streams,
  streamsOperation,
  updateSchedule,
  updateScheduleOperation,
  updateScheduleSegment,
  updateScheduleSegmentOperation,
  videos,
  videosOperation,
} from '../src/index';
import { clip, marker, markerGroup, segment, stream, theSchedule, video } from './samples';
import { stubClient, type StubReply } from './stub';

const calendar = 'BEGIN:VCALENDAR\r\nPRODID:-//platform//StreamSchedule//1.0\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

interface WireCase {
  /** What the row shows. */
  title: string;
  /** The declaration the call must follow (its name is checked against the row). */
  operation: { name: string };
  run: (client: ClientHandle, options: RequestOptions) => Promise<unknown>;
  as: string;
  reply: StubReply;
  method: string;
  path: string;
  /** Query pairs, in any order of keys; a repeated key keeps its order. */
  query: [string, string][];
  body?: unknown;
  /** The token sent: the app's, the user's named by `as`, or none at all. */
  token: 'app' | 'user' | 'none';
  result: unknown;
}

const cases: WireCase[] = [
  // ---- streams
  {
    title: 'streamKey: broadcaster_id from the token, data[0]',
    operation: streamKeyOperation,
    run: (client, options) => streamKey(client, undefined, options),
    as: '77',
    reply: { body: { data: [{ stream_key: 'live_77_abc' }] } },
    method: 'GET',
    path: '/streams/key',
    query: [['broadcaster_id', '77']],
    token: 'user',
    result: { stream_key: 'live_77_abc' },
  },
  {
    title: 'streams: repeated filters, a page with its cursor',
    operation: streamsOperation,
    run: async (client, options) => {
      const page = await streams(client, { user_login: ['alice', 'bob'], game_id: '494131', type: 'live', language: ['de', 'fr'], first: 50 }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: 'app',
    reply: { body: { data: [stream], pagination: { cursor: 'c1' } } },
    method: 'GET',
    path: '/streams',
    query: [['first', '50'], ['game_id', '494131'], ['language', 'de'], ['language', 'fr'], ['type', 'live'], ['user_login', 'alice'], ['user_login', 'bob']],
    token: 'app',
    result: { data: [stream], cursor: 'c1' },
  },
  {
    title: 'streams: no filter at all, paging backwards with before',
    operation: streamsOperation,
    run: async (client, options) => (await streams(client, { before: 'c9', user_id: '98765' }, options)).data,
    as: '77',
    reply: { body: { data: [stream], pagination: {} } },
    method: 'GET',
    path: '/streams',
    query: [['before', 'c9'], ['user_id', '98765']],
    token: 'user',
    result: [stream],
  },
  {
    title: 'streams: op(client) with nothing',
    operation: streamsOperation,
    run: async (client, options) => (await streams(client, undefined, options)).data,
    as: 'app',
    reply: { body: { data: [], pagination: {} } },
    method: 'GET',
    path: '/streams',
    query: [],
    token: 'app',
    result: [],
  },
  {
    title: 'followedStreams: user_id from the token',
    operation: followedStreamsOperation,
    run: async (client, options) => (await followedStreams(client, { first: 100, after: 'c0' }, options)).data,
    as: '77',
    reply: { body: { data: [stream], pagination: {} } },
    method: 'GET',
    path: '/streams/followed',
    query: [['after', 'c0'], ['first', '100'], ['user_id', '77']],
    token: 'user',
    result: [stream],
  },
  {
    title: 'createStreamMarker: user_id from the token and description in a JSON body, data[0]',
    operation: createStreamMarkerOperation,
    run: (client, options) => createStreamMarker(client, { description: 'hello, this is a marker!' }, options),
    as: '77',
    reply: { body: { data: [marker] } },
    method: 'POST',
    path: '/streams/markers',
    query: [],
    body: { user_id: '77', description: 'hello, this is a marker!' },
    token: 'user',
    result: marker,
  },
  {
    title: 'createStreamMarker: an editor names the broadcaster',
    operation: createStreamMarkerOperation,
    run: (client, options) => createStreamMarker(client, { user_id: '123' }, options),
    as: '77',
    reply: { body: { data: [marker] } },
    method: 'POST',
    path: '/streams/markers',
    query: [],
    body: { user_id: '123' },
    token: 'user',
    result: marker,
  },
  {
    title: 'streamMarkers by video_id: user_id is not filled in',
    operation: streamMarkersOperation,
    run: async (client, options) => {
      const page = await streamMarkers(client, { video_id: '456', first: 5 }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: '77',
    reply: { body: { data: [markerGroup], pagination: { cursor: 'm1' } } },
    method: 'GET',
    path: '/streams/markers',
    query: [['first', '5'], ['video_id', '456']],
    token: 'user',
    result: { data: [markerGroup], cursor: 'm1' },
  },
  {
    title: 'streamMarkers by user_id, paging backwards',
    operation: streamMarkersOperation,
    run: async (client, options) => (await streamMarkers(client, { user_id: '123', before: 'm0' }, options)).data,
    as: '77',
    reply: { body: { data: [markerGroup], pagination: {} } },
    method: 'GET',
    path: '/streams/markers',
    query: [['before', 'm0'], ['user_id', '123']],
    token: 'user',
    result: [markerGroup],
  },
  // ---- videos
  {
    title: 'videos by user with filters and before',
    operation: videosOperation,
    run: async (client, options) => {
      const page = await videos(client, { user_id: '141981764', period: 'week', sort: 'views', type: 'archive', first: 10, before: 'v0' }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: 'app',
    reply: { body: { data: [video], pagination: { cursor: 'v1' } } },
    method: 'GET',
    path: '/videos',
    query: [['before', 'v0'], ['first', '10'], ['period', 'week'], ['sort', 'views'], ['type', 'archive'], ['user_id', '141981764']],
    token: 'app',
    result: { data: [video], cursor: 'v1' },
  },
  {
    title: 'videos by repeated id',
    operation: videosOperation,
    run: async (client, options) => (await videos(client, { id: ['335921245', '1'] }, options)).data,
    as: '77',
    reply: { body: { data: [video], pagination: {} } },
    method: 'GET',
    path: '/videos',
    query: [['id', '335921245'], ['id', '1']],
    token: 'user',
    result: [video],
  },
  {
    title: 'videos by game with language',
    operation: videosOperation,
    run: async (client, options) => (await videos(client, { game_id: '21779', language: 'de' }, options)).data,
    as: 'app',
    reply: { body: { data: [], pagination: {} } },
    method: 'GET',
    path: '/videos',
    query: [['game_id', '21779'], ['language', 'de']],
    token: 'app',
    result: [],
  },
  {
    title: 'deleteVideos: DELETE with repeated id, the deleted IDs',
    operation: deleteVideosOperation,
    run: (client, options) => deleteVideos(client, { id: ['1234', '9876'] }, options),
    as: '77',
    reply: { body: { data: ['1234', '9876'] } },
    method: 'DELETE',
    path: '/videos',
    query: [['id', '1234'], ['id', '9876']],
    token: 'user',
    result: ['1234', '9876'],
  },
  // ---- clips
  {
    title: 'createClip: everything in the query, 202 with data[0]',
    operation: createClipOperation,
    run: (client, options) => createClip(client, { broadcaster_id: '141981764', title: 'What a play', duration: 12.5 }, options),
    as: '77',
    reply: { status: 202, body: { data: [{ id: 'FiveWordsForClipSlug', edit_url: 'https://clips.example/FiveWordsForClipSlug/edit' }] } },
    method: 'POST',
    path: '/clips',
    query: [['broadcaster_id', '141981764'], ['duration', '12.5'], ['title', 'What a play']],
    token: 'user',
    result: { id: 'FiveWordsForClipSlug', edit_url: 'https://clips.example/FiveWordsForClipSlug/edit' },
  },
  {
    title: 'createClipFromVod: editor_id from the token, everything in the query, 202',
    operation: createClipFromVodOperation,
    run: (client, options) => createClipFromVod(client, { broadcaster_id: '141981764', vod_id: '2277656159', vod_offset: 600, duration: 45, title: 'The comeback' }, options),
    as: '12826',
    reply: { status: 202, body: { data: [{ id: 'Clip2', edit_url: 'https://clips.example/Clip2/edit' }] } },
    method: 'POST',
    path: '/videos/clips',
    query: [['broadcaster_id', '141981764'], ['duration', '45'], ['editor_id', '12826'], ['title', 'The comeback'], ['vod_id', '2277656159'], ['vod_offset', '600']],
    token: 'user',
    result: { id: 'Clip2', edit_url: 'https://clips.example/Clip2/edit' },
  },
  {
    title: 'createClipFromVod with the app token: editor_id given',
    operation: createClipFromVodOperation,
    run: (client, options) => createClipFromVod(client, { editor_id: '12826', broadcaster_id: '141981764', vod_id: '2277656159', vod_offset: 30, title: 'Default length' }, options),
    as: 'app',
    reply: { status: 202, body: { data: [{ id: 'Clip3', edit_url: 'e' }] } },
    method: 'POST',
    path: '/videos/clips',
    query: [['broadcaster_id', '141981764'], ['editor_id', '12826'], ['title', 'Default length'], ['vod_id', '2277656159'], ['vod_offset', '30']],
    token: 'app',
    result: { id: 'Clip3', edit_url: 'e' },
  },
  {
    title: 'clips by broadcaster with a time window and is_featured',
    operation: clipsOperation,
    run: async (client, options) => {
      const page = await clips(client, { broadcaster_id: '1234', started_at: '2024-01-01T00:00:00Z', ended_at: '2024-01-08T00:00:00Z', is_featured: true, first: 5 }, options);
      return { data: page.data, cursor: page.cursor };
    },
    as: 'app',
    reply: { body: { data: [clip], pagination: { cursor: 'k1' } } },
    method: 'GET',
    path: '/clips',
    query: [['broadcaster_id', '1234'], ['ended_at', '2024-01-08T00:00:00Z'], ['first', '5'], ['is_featured', 'true'], ['started_at', '2024-01-01T00:00:00Z']],
    token: 'app',
    result: { data: [clip], cursor: 'k1' },
  },
  {
    title: 'clips by repeated id',
    operation: clipsOperation,
    run: async (client, options) => (await clips(client, { id: ['AwkwardHelplessSalamanderSwiftRage', 'Other'] }, options)).data,
    as: '77',
    reply: { body: { data: [clip], pagination: {} } },
    method: 'GET',
    path: '/clips',
    query: [['id', 'AwkwardHelplessSalamanderSwiftRage'], ['id', 'Other']],
    token: 'user',
    result: [clip],
  },
  {
    title: 'clips by game, paging backwards',
    operation: clipsOperation,
    run: async (client, options) => (await clips(client, { game_id: '33103', before: 'k0' }, options)).data,
    as: 'app',
    reply: { body: { data: [], pagination: {} } },
    method: 'GET',
    path: '/clips',
    query: [['before', 'k0'], ['game_id', '33103']],
    token: 'app',
    result: [],
  },
  {
    title: 'clipsDownload: editor_id from the token, repeated clip_id, the list',
    operation: clipsDownloadOperation,
    run: (client, options) => clipsDownload(client, { broadcaster_id: '141981764', clip_id: ['A', 'B'] }, options),
    as: '141981764',
    reply: {
      body: {
        data: [
          { clip_id: 'A', landscape_download_url: 'https://downloads.example/A', portrait_download_url: null },
          { clip_id: 'B', landscape_download_url: null, portrait_download_url: null },
        ],
      },
    },
    method: 'GET',
    path: '/clips/downloads',
    query: [['broadcaster_id', '141981764'], ['clip_id', 'A'], ['clip_id', 'B'], ['editor_id', '141981764']],
    token: 'user',
    result: [
      { clip_id: 'A', landscape_download_url: 'https://downloads.example/A', portrait_download_url: null },
      { clip_id: 'B', landscape_download_url: null, portrait_download_url: null },
    ],
  },
  {
    title: 'clipsDownload with the app token: editor_id given',
    operation: clipsDownloadOperation,
    run: (client, options) => clipsDownload(client, { editor_id: '9', broadcaster_id: '141981764', clip_id: 'A' }, options),
    as: 'app',
    reply: { body: { data: [] } },
    method: 'GET',
    path: '/clips/downloads',
    query: [['broadcaster_id', '141981764'], ['clip_id', 'A'], ['editor_id', '9']],
    token: 'app',
    result: [],
  },
  // ---- schedule
  {
    title: 'schedule: the segments are the page, the schedule is raw.data',
    operation: scheduleOperation,
    run: async (client, options) => {
      const page = await schedule(client, { broadcaster_id: '141981764', id: ['s1', 's2'], start_time: '2021-07-01T00:00:00Z', first: 25 }, options);
      return { data: page.data, cursor: page.cursor, broadcaster: page.raw.data.broadcaster_login, vacation: page.raw.data.vacation };
    },
    as: 'app',
    reply: { body: { data: theSchedule, pagination: { cursor: 'p1' } } },
    method: 'GET',
    path: '/schedule',
    query: [['broadcaster_id', '141981764'], ['first', '25'], ['id', 's1'], ['id', 's2'], ['start_time', '2021-07-01T00:00:00Z']],
    token: 'app',
    result: { data: [segment], cursor: 'p1', broadcaster: 'twitchdev', vacation: null },
  },
  {
    title: 'schedule on vacation: no segments at all is an empty page',
    operation: scheduleOperation,
    run: async (client, options) => {
      const page = await schedule(client, { broadcaster_id: '141981764', after: 'p0' }, options);
      return { data: page.data, cursor: page.cursor, vacation: page.raw.data.vacation };
    },
    as: '77',
    reply: { body: { data: { ...theSchedule, segments: null, vacation: { start_time: 'a', end_time: 'b' } }, pagination: {} } },
    method: 'GET',
    path: '/schedule',
    query: [['after', 'p0'], ['broadcaster_id', '141981764']],
    token: 'user',
    result: { data: [], cursor: undefined, vacation: { start_time: 'a', end_time: 'b' } },
  },
  {
    title: 'scheduleICalendar: no Authorization, the text/calendar body as it is',
    operation: scheduleICalendarOperation,
    run: (client, options) => scheduleICalendar(client, { broadcaster_id: '141981764' }, options),
    as: '77',
    reply: new Response(calendar, { headers: { 'Content-Type': 'text/calendar' } }),
    method: 'GET',
    path: '/schedule/icalendar',
    query: [['broadcaster_id', '141981764']],
    token: 'none',
    result: calendar,
  },
  {
    title: 'updateSchedule: PATCH, a vacation in the query, 204',
    operation: updateScheduleOperation,
    run: (client, options) =>
      updateSchedule(client, { is_vacation_enabled: true, vacation_start_time: '2021-05-16T00:00:00Z', vacation_end_time: '2021-05-23T00:00:00Z', timezone: 'America/New_York' }, options),
    as: '141981764',
    reply: { status: 204 },
    method: 'PATCH',
    path: '/schedule/settings',
    query: [
      ['broadcaster_id', '141981764'],
      ['is_vacation_enabled', 'true'],
      ['timezone', 'America/New_York'],
      ['vacation_end_time', '2021-05-23T00:00:00Z'],
      ['vacation_start_time', '2021-05-16T00:00:00Z'],
    ],
    token: 'user',
    result: undefined,
  },
  {
    title: 'updateSchedule: cancelling a vacation needs nothing else',
    operation: updateScheduleOperation,
    run: (client, options) => updateSchedule(client, { is_vacation_enabled: false }, options),
    as: '141981764',
    reply: { status: 204 },
    method: 'PATCH',
    path: '/schedule/settings',
    query: [['broadcaster_id', '141981764'], ['is_vacation_enabled', 'false']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'createScheduleSegment: broadcaster_id in the query, the segment in a JSON body, the whole answer',
    operation: createScheduleSegmentOperation,
    run: (client, options) =>
      createScheduleSegment(
        client,
        { start_time: '2021-07-01T18:00:00Z', timezone: 'America/New_York', is_recurring: false, duration: '60', category_id: '509670', title: 'TwitchDev Monthly Update // July 1, 2021' },
        options,
      ),
    as: '141981764',
    reply: { body: { data: theSchedule } },
    method: 'POST',
    path: '/schedule/segment',
    query: [['broadcaster_id', '141981764']],
    body: { start_time: '2021-07-01T18:00:00Z', timezone: 'America/New_York', is_recurring: false, duration: '60', category_id: '509670', title: 'TwitchDev Monthly Update // July 1, 2021' },
    token: 'user',
    result: { data: theSchedule },
  },
  {
    title: 'updateScheduleSegment: ids in the query, changes in a JSON body',
    operation: updateScheduleSegmentOperation,
    run: (client, options) => updateScheduleSegment(client, { id: 'seg1', duration: '120', is_canceled: false }, options),
    as: '141981764',
    reply: { body: { data: theSchedule } },
    method: 'PATCH',
    path: '/schedule/segment',
    query: [['broadcaster_id', '141981764'], ['id', 'seg1']],
    body: { duration: '120', is_canceled: false },
    token: 'user',
    result: { data: theSchedule },
  },
  {
    title: 'deleteScheduleSegment: DELETE, everything in the query, 204',
    operation: deleteScheduleSegmentOperation,
    run: (client, options) => deleteScheduleSegment(client, { id: 'seg1' }, options),
    as: '141981764',
    reply: { status: 204 },
    method: 'DELETE',
    path: '/schedule/segment',
    query: [['broadcaster_id', '141981764'], ['id', 'seg1']],
    token: 'user',
    result: undefined,
  },
  // ---- raids
  {
    title: 'startRaid: both broadcasters in the query, from the token, data[0]',
    operation: startRaidOperation,
    run: (client, options) => startRaid(client, { to_broadcaster_id: '87654321' }, options),
    as: '12345678',
    reply: { body: { data: [{ created_at: '2022-02-18T07:20:50.52Z', is_mature: false }] } },
    method: 'POST',
    path: '/raids',
    query: [['from_broadcaster_id', '12345678'], ['to_broadcaster_id', '87654321']],
    token: 'user',
    result: { created_at: '2022-02-18T07:20:50.52Z', is_mature: false },
  },
  {
    title: 'cancelRaid: DELETE, broadcaster_id from the token, 204',
    operation: cancelRaidOperation,
    run: (client, options) => cancelRaid(client, undefined, options),
    as: '12345678',
    reply: { status: 204 },
    method: 'DELETE',
    path: '/raids',
    query: [['broadcaster_id', '12345678']],
    token: 'user',
    result: undefined,
  },
  // ---- ads
  {
    title: 'startCommercial: a JSON body with broadcaster_id from the token, data[0]',
    operation: startCommercialOperation,
    run: (client, options) => startCommercial(client, { length: 60 }, options),
    as: '141981764',
    reply: { body: { data: [{ length: 60, message: '', retry_after: 480 }] } },
    method: 'POST',
    path: '/channels/commercial',
    query: [],
    body: { broadcaster_id: '141981764', length: 60 },
    token: 'user',
    result: { length: 60, message: '', retry_after: 480 },
  },
  {
    title: 'adSchedule: broadcaster_id from the token, data[0]',
    operation: adScheduleOperation,
    run: (client, options) => adSchedule(client, undefined, options),
    as: '123',
    reply: {
      body: {
        data: [{ next_ad_at: '2023-08-01T23:08:18+00:00', last_ad_at: '2023-08-01T23:08:18+00:00', duration: 60, preroll_free_time: 90, snooze_count: 1, snooze_refresh_at: '2023-08-01T23:08:18+00:00' }],
      },
    },
    method: 'GET',
    path: '/channels/ads',
    query: [['broadcaster_id', '123']],
    token: 'user',
    result: { next_ad_at: '2023-08-01T23:08:18+00:00', last_ad_at: '2023-08-01T23:08:18+00:00', duration: 60, preroll_free_time: 90, snooze_count: 1, snooze_refresh_at: '2023-08-01T23:08:18+00:00' },
  },
  {
    title: 'snoozeNextAd: POST with broadcaster_id in the query, no body, data[0]',
    operation: snoozeNextAdOperation,
    run: (client, options) => snoozeNextAd(client, {}, options),
    as: '123',
    reply: { body: { data: [{ snooze_count: 1, snooze_refresh_at: '2023-08-01T23:08:18+00:00', next_ad_at: '2023-08-01T23:13:18+00:00' }] } },
    method: 'POST',
    path: '/channels/ads/schedule/snooze',
    query: [['broadcaster_id', '123']],
    token: 'user',
    result: { snooze_count: 1, snooze_refresh_at: '2023-08-01T23:08:18+00:00', next_ad_at: '2023-08-01T23:13:18+00:00' },
  },
];

/** Sorted by key; a repeated key keeps the order of its values (the sort is stable). */
const byKey = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('the wire shape of every streams, videos, clips, schedule, raids and ads operation', () => {
  it('covers the 22 operations', () => {
    const names = new Set(cases.map((row) => row.operation.name));
    expect([...names].sort()).toEqual(
      [
        'streams.streamKey', 'streams.streams', 'streams.followedStreams', 'streams.createStreamMarker', 'streams.streamMarkers',
        'videos.videos', 'videos.deleteVideos',
        'clips.createClip', 'clips.createClipFromVod', 'clips.clips', 'clips.clipsDownload',
        'schedule.schedule', 'schedule.scheduleICalendar', 'schedule.updateSchedule', 'schedule.createScheduleSegment', 'schedule.updateScheduleSegment', 'schedule.deleteScheduleSegment',
        'raids.startRaid', 'raids.cancelRaid',
        'ads.startCommercial', 'ads.adSchedule', 'ads.snoozeNextAd',
      ].sort(),
    );
  });

  it.each(cases)('$title', async (row) => {
    const { client, requests } = stubClient(() => row.reply);
    const result = await row.run(client, { as: row.as });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(row.method);
    expect(request!.url.pathname).toBe(`/helix${row.path}`);
    expect(byKey([...request!.url.searchParams])).toEqual(byKey(row.query));
    if (row.body === undefined) {
      expect(request!.body).toBeUndefined();
      expect(request!.headers.get('content-type')).toBeNull();
    } else {
      expect(JSON.parse(request!.body!)).toEqual(row.body);
      expect(request!.headers.get('content-type')).toBe('application/json');
    }
    const authorization = { app: 'Bearer app-token', user: `Bearer user-token-${row.as}`, none: null }[row.token];
    expect(request!.headers.get('authorization')).toBe(authorization);
    expect(request!.headers.get('client-id')).toBe('cid');
    expect(result).toEqual(row.result);
  });

  it('declares every operation frozen, with the reference token kinds, scopes and acting-user fields', () => {
    const table = [
      [streamKeyOperation, 'user', ['channel:read:stream_key'], 'broadcaster_id'],
      [streamsOperation, 'either', [], undefined],
      [followedStreamsOperation, 'user', ['user:read:follows'], 'user_id'],
      [createStreamMarkerOperation, 'user', ['channel:manage:broadcast'], 'user_id'],
      [streamMarkersOperation, 'user', ['user:read:broadcast', 'channel:manage:broadcast'], undefined],
      [videosOperation, 'either', [], undefined],
      [deleteVideosOperation, 'user', ['channel:manage:videos'], undefined],
      [createClipOperation, 'user', ['clips:edit'], undefined],
      [createClipFromVodOperation, 'either', ['editor:manage:clips', 'channel:manage:clips'], 'editor_id'],
      [clipsOperation, 'either', [], undefined],
      [clipsDownloadOperation, 'either', ['editor:manage:clips', 'channel:manage:clips'], 'editor_id'],
      [scheduleOperation, 'either', [], undefined],
      [scheduleICalendarOperation, 'none', [], undefined],
      [updateScheduleOperation, 'user', ['channel:manage:schedule'], 'broadcaster_id'],
      [createScheduleSegmentOperation, 'user', ['channel:manage:schedule'], 'broadcaster_id'],
      [updateScheduleSegmentOperation, 'user', ['channel:manage:schedule'], 'broadcaster_id'],
      [deleteScheduleSegmentOperation, 'user', ['channel:manage:schedule'], 'broadcaster_id'],
      [startRaidOperation, 'user', ['channel:manage:raids'], 'from_broadcaster_id'],
      [cancelRaidOperation, 'user', ['channel:manage:raids'], 'broadcaster_id'],
      [startCommercialOperation, 'either', ['channel:edit:commercial'], 'broadcaster_id'],
      [adScheduleOperation, 'either', ['channel:read:ads'], 'broadcaster_id'],
      [snoozeNextAdOperation, 'either', ['channel:manage:ads'], 'broadcaster_id'],
    ] as const;
    expect(table).toHaveLength(22);
    for (const [operation, token, scopes, actingUser] of table) {
      expect(Object.isFrozen(operation), operation.name).toBe(true);
      expect(operation.token, operation.name).toBe(token);
      expect([...operation.scopes], operation.name).toEqual(scopes);
      expect(operation.actingUser, operation.name).toBe(actingUser);
    }
  });
});
