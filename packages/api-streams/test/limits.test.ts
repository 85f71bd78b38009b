import { PlatformError, type ClientHandle } from '@platform/core';
import { describe, expect, it } from 'vitest';
import {
  adSchedule,
  clips,
  clipsDownload,
  createClip,
  createClipFromVod,
  createScheduleSegment,
  createStreamMarker,
  deleteScheduleSegment,
  deleteVideos,
  followedStreams,
  schedule,
  scheduleICalendar,
  startCommercial,
  startRaid,
  streamMarkers,
  streams,
  updateSchedule,
  updateScheduleSegment,
  videos,
} from '../src/index';
import { stubClient } from './stub';

const long = (length: number) => 'x'.repeat(length);
const ids = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));

/** Runs a call that must fail; a paginator throws synchronously, the others reject. */
async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

const segment = { start_time: '2021-07-01T18:00:00Z', timezone: 'America/New_York' };
const vod = { broadcaster_id: '1', vod_id: 'v', title: 't' };

describe('limits and rules: refused before anything is sent', () => {
  // A long value is shown the way core's messages show values (possibly shortened): those rows match the message up to it.
  const cases: [string, (client: ClientHandle) => unknown, string | RegExp][] = [
    // streams
    ['streams first 0', (c) => streams(c, { first: 0 }), 'The parameter first of streams.streams must be from 1 to 100; got 0.'],
    ['streams first 101', (c) => streams(c, { first: 101 }), 'The parameter first of streams.streams must be from 1 to 100; got 101.'],
    ['streams first 2.5', (c) => streams(c, { first: 2.5 }), 'The parameter first of streams.streams must be a whole number; got 2.5.'],
    ['streams game_id 101', (c) => streams(c, { game_id: ids(101) }), 'The parameter game_id of streams.streams must hold at most 100 IDs; got an array.'],
    ['streams language 101', (c) => streams(c, { language: ids(101) }), 'The parameter language of streams.streams must hold at most 100 IDs; got an array.'],
    ['streams type rerun', (c) => streams(c, { type: 'rerun' as never }), 'The parameter type of streams.streams must be one of "all", "live"; got "rerun".'],
    ['streams user_id empty', (c) => streams(c, { user_id: [] }), 'The parameter user_id of streams.streams must hold at least one ID; got an array.'],
    [
      'streams: a long user_id list with user_login',
      (c) => streams(c, { user_id: ids(101), user_login: 'alice' }),
      'The parameters user_id and user_login of streams.streams cannot be given together when one holds more than 100 entries (a longer list is split into requests of 100); got 101 and 1.',
    ],
    [
      'streams: a long user_login list with user_id',
      (c) => streams(c, { user_id: ['1', '2'], user_login: ids(150) }),
      'The parameters user_id and user_login of streams.streams cannot be given together when one holds more than 100 entries (a longer list is split into requests of 100); got 2 and 150.',
    ],
    ['followedStreams first 0', (c) => followedStreams(c, { first: 0 }), 'The parameter first of streams.followedStreams must be from 1 to 100; got 0.'],
    ['followedStreams first 101', (c) => followedStreams(c, { first: 101 }), 'The parameter first of streams.followedStreams must be from 1 to 100; got 101.'],
    [
      'createStreamMarker description 141',
      (c) => createStreamMarker(c, { description: long(141) }),
      /^The parameter description of streams\.createStreamMarker must hold at most 140 characters; got "x+/,
    ],
    ['streamMarkers with neither', (c) => streamMarkers(c, {}), 'streams.streamMarkers needs exactly one of the parameters user_id and video_id; got none of them.'],
    ['streamMarkers with no parameters', (c) => streamMarkers(c, undefined as never), 'streams.streamMarkers needs exactly one of the parameters user_id and video_id; got none of them.'],
    ['streamMarkers with both', (c) => streamMarkers(c, { user_id: '1', video_id: '2' }), 'streams.streamMarkers needs exactly one of the parameters user_id and video_id; got user_id and video_id.'],
    ['streamMarkers first 101', (c) => streamMarkers(c, { user_id: '1', first: 101 }), 'The parameter first of streams.streamMarkers must be from 1 to 100; got 101.'],
    // videos
    ['videos with none', (c) => videos(c, {}), 'videos.videos needs exactly one of the parameters id, user_id and game_id; got none of them.'],
    ['videos with two', (c) => videos(c, { id: '1', game_id: '2' }), 'videos.videos needs exactly one of the parameters id, user_id and game_id; got id and game_id.'],
    ['videos with three', (c) => videos(c, { id: '1', user_id: '2', game_id: '3' }), 'videos.videos needs exactly one of the parameters id, user_id and game_id; got id, user_id and game_id.'],
    ['videos language with user_id', (c) => videos(c, { user_id: '1', language: 'de' }), 'The parameter language of videos.videos applies only with game_id; got it with user_id.'],
    ['videos period with id', (c) => videos(c, { id: '1', period: 'week' }), 'The parameter period of videos.videos applies only with game_id or user_id; got it with id.'],
    ['videos sort with id', (c) => videos(c, { id: '1', sort: 'views' }), 'The parameter sort of videos.videos applies only with game_id or user_id; got it with id.'],
    ['videos type with id', (c) => videos(c, { id: '1', type: 'archive' }), 'The parameter type of videos.videos applies only with game_id or user_id; got it with id.'],
    ['videos first with id', (c) => videos(c, { id: '1', first: 5 }), 'The parameter first of videos.videos applies only with game_id or user_id; got it with id.'],
    ['videos after with game_id', (c) => videos(c, { game_id: '1', after: 'c' }), 'The parameter after of videos.videos applies only with user_id; got it with game_id.'],
    ['videos before with id', (c) => videos(c, { id: '1', before: 'c' }), 'The parameter before of videos.videos applies only with user_id; got it with id.'],
    ['videos first 101', (c) => videos(c, { user_id: '1', first: 101 }), 'The parameter first of videos.videos must be from 1 to 100; got 101.'],
    ['videos period year', (c) => videos(c, { user_id: '1', period: 'year' as never }), 'The parameter period of videos.videos must be one of "all", "day", "month", "week"; got "year".'],
    ['videos sort new', (c) => videos(c, { user_id: '1', sort: 'new' as never }), 'The parameter sort of videos.videos must be one of "time", "trending", "views"; got "new".'],
    ['videos type clip', (c) => videos(c, { game_id: '1', type: 'clip' as never }), 'The parameter type of videos.videos must be one of "all", "archive", "highlight", "upload"; got "clip".'],
    ['deleteVideos 6 IDs', (c) => deleteVideos(c, { id: ids(6) }), 'The parameter id of videos.deleteVideos must hold at most 5 IDs; got an array.'],
    ['deleteVideos no IDs', (c) => deleteVideos(c, { id: [] }), 'The parameter id of videos.deleteVideos must hold at least one ID; got an array.'],
    ['deleteVideos without id', (c) => deleteVideos(c, {} as never), 'videos.deleteVideos needs the parameter id.'],
    // clips
    ['createClip duration 4.9', (c) => createClip(c, { broadcaster_id: '1', duration: 4.9 }), 'The parameter duration of clips.createClip must be from 5 to 60; got 4.9.'],
    ['createClip duration 60.1', (c) => createClip(c, { broadcaster_id: '1', duration: 60.1 }), 'The parameter duration of clips.createClip must be from 5 to 60; got 60.1.'],
    ['createClip without broadcaster_id', (c) => createClip(c, {} as never), 'clips.createClip needs the parameter broadcaster_id.'],
    ['createClipFromVod duration 61', (c) => createClipFromVod(c, { ...vod, vod_offset: 100, duration: 61 }), 'The parameter duration of clips.createClipFromVod must be from 5 to 60; got 61.'],
    ['createClipFromVod duration 4', (c) => createClipFromVod(c, { ...vod, vod_offset: 100, duration: 4 }), 'The parameter duration of clips.createClipFromVod must be from 5 to 60; got 4.'],
    [
      'createClipFromVod vod_offset under the default duration',
      (c) => createClipFromVod(c, { ...vod, vod_offset: 29 }),
      'The parameter vod_offset of clips.createClipFromVod must be at least the default duration, 30 (the clip ends at vod_offset); got 29.',
    ],
    [
      'createClipFromVod vod_offset under duration',
      (c) => createClipFromVod(c, { ...vod, vod_offset: 40, duration: 45.5 }),
      'The parameter vod_offset of clips.createClipFromVod must be at least duration, 45.5 (the clip ends at vod_offset); got 40.',
    ],
    ['createClipFromVod vod_offset 100.5', (c) => createClipFromVod(c, { ...vod, vod_offset: 100.5 }), 'The parameter vod_offset of clips.createClipFromVod must be a whole number; got 100.5.'],
    ['createClipFromVod without title', (c) => createClipFromVod(c, { broadcaster_id: '1', vod_id: 'v', vod_offset: 100 } as never), 'clips.createClipFromVod needs the parameter title.'],
    ['createClipFromVod without vod_offset', (c) => createClipFromVod(c, { ...vod } as never), 'clips.createClipFromVod needs the parameter vod_offset.'],
    ['clips with none', (c) => clips(c, {}), 'clips.clips needs exactly one of the parameters broadcaster_id, game_id and id; got none of them.'],
    ['clips with two', (c) => clips(c, { broadcaster_id: '1', id: 'a' }), 'clips.clips needs exactly one of the parameters broadcaster_id, game_id and id; got broadcaster_id and id.'],
    ['clips first 0', (c) => clips(c, { game_id: '1', first: 0 }), 'The parameter first of clips.clips must be from 1 to 100; got 0.'],
    ['clips first 101', (c) => clips(c, { game_id: '1', first: 101 }), 'The parameter first of clips.clips must be from 1 to 100; got 101.'],
    ['clips is_featured "yes"', (c) => clips(c, { game_id: '1', is_featured: 'yes' as never }), 'The parameter is_featured of clips.clips must be true or false; got "yes".'],
    ['clipsDownload without clip_id', (c) => clipsDownload(c, { broadcaster_id: '1' } as never), 'clips.clipsDownload needs the parameter clip_id.'],
    ['clipsDownload without broadcaster_id', (c) => clipsDownload(c, { clip_id: 'a' } as never), 'clips.clipsDownload needs the parameter broadcaster_id.'],
    // schedule
    ['schedule first 0', (c) => schedule(c, { broadcaster_id: '1', first: 0 }), 'The parameter first of schedule.schedule must be from 1 to 25; got 0.'],
    ['schedule first 26', (c) => schedule(c, { broadcaster_id: '1', first: 26 }), 'The parameter first of schedule.schedule must be from 1 to 25; got 26.'],
    ['schedule id 101', (c) => schedule(c, { broadcaster_id: '1', id: ids(101) }), 'The parameter id of schedule.schedule must hold at most 100 IDs; got an array.'],
    ['schedule without broadcaster_id', (c) => schedule(c, {} as never), 'schedule.schedule needs the parameter broadcaster_id.'],
    ['schedule has no utc_offset', (c) => schedule(c, { broadcaster_id: '1', utc_offset: '60' } as never), 'schedule.schedule has no parameter utc_offset.'],
    ['scheduleICalendar without broadcaster_id', (c) => scheduleICalendar(c, {} as never), 'schedule.scheduleICalendar needs the parameter broadcaster_id.'],
    ['scheduleICalendar with an empty broadcaster_id', (c) => scheduleICalendar(c, { broadcaster_id: '' }), 'The parameter broadcaster_id of schedule.scheduleICalendar must not be empty; got "".'],
    [
      'updateSchedule vacation without its start',
      (c) => updateSchedule(c, { is_vacation_enabled: true, vacation_end_time: 'e', timezone: 'UTC' }),
      'schedule.updateSchedule needs the parameter vacation_start_time when is_vacation_enabled is true.',
    ],
    [
      'updateSchedule vacation without its end',
      (c) => updateSchedule(c, { is_vacation_enabled: true, vacation_start_time: 's', timezone: 'UTC' }),
      'schedule.updateSchedule needs the parameter vacation_end_time when is_vacation_enabled is true.',
    ],
    [
      'updateSchedule vacation without its time zone',
      (c) => updateSchedule(c, { is_vacation_enabled: true, vacation_start_time: 's', vacation_end_time: 'e' }),
      'schedule.updateSchedule needs the parameter timezone when is_vacation_enabled is true.',
    ],
    ['createScheduleSegment duration "29"', (c) => createScheduleSegment(c, { ...segment, duration: '29' }), 'The parameter duration of schedule.createScheduleSegment must be from 30 to 1380 minutes; got "29".'],
    ['createScheduleSegment duration "1381"', (c) => createScheduleSegment(c, { ...segment, duration: '1381' }), 'The parameter duration of schedule.createScheduleSegment must be from 30 to 1380 minutes; got "1381".'],
    [
      'createScheduleSegment duration "60.5"',
      (c) => createScheduleSegment(c, { ...segment, duration: '60.5' }),
      'The parameter duration of schedule.createScheduleSegment must be a whole number of minutes written as a string, from 30 to 1380 minutes (for example "60"); got "60.5".',
    ],
    [
      'createScheduleSegment duration as a number',
      (c) => createScheduleSegment(c, { ...segment, duration: 60 as never }),
      'The parameter duration of schedule.createScheduleSegment must be a whole number of minutes written as a string, from 30 to 1380 minutes (for example "60"); got 60.',
    ],
    [
      'createScheduleSegment title 141',
      (c) => createScheduleSegment(c, { ...segment, duration: '60', title: long(141) }),
      /^The parameter title of schedule\.createScheduleSegment must hold at most 140 characters; got "x+/,
    ],
    ['createScheduleSegment without timezone', (c) => createScheduleSegment(c, { start_time: 's', duration: '60' } as never), 'schedule.createScheduleSegment needs the parameter timezone.'],
    [
      'createScheduleSegment recurring, without timezone',
      (c) => createScheduleSegment(c, { start_time: 's', duration: '60', is_recurring: true } as never),
      'schedule.createScheduleSegment needs the parameter timezone.',
    ],
    ['createScheduleSegment without start_time', (c) => createScheduleSegment(c, { timezone: 'UTC', duration: '60' } as never), 'schedule.createScheduleSegment needs the parameter start_time.'],
    ['createScheduleSegment without duration', (c) => createScheduleSegment(c, { ...segment } as never), 'schedule.createScheduleSegment needs the parameter duration.'],
    ['updateScheduleSegment duration "20"', (c) => updateScheduleSegment(c, { id: 's', duration: '20' }), 'The parameter duration of schedule.updateScheduleSegment must be from 30 to 1380 minutes; got "20".'],
    [
      'updateScheduleSegment title 141',
      (c) => updateScheduleSegment(c, { id: 's', title: long(141) }),
      /^The parameter title of schedule\.updateScheduleSegment must hold at most 140 characters; got "x+/,
    ],
    ['updateScheduleSegment without id', (c) => updateScheduleSegment(c, { title: 'x' } as never), 'schedule.updateScheduleSegment needs the parameter id.'],
    ['deleteScheduleSegment without id', (c) => deleteScheduleSegment(c, {} as never), 'schedule.deleteScheduleSegment needs the parameter id.'],
    // raids and ads
    ['startRaid without to_broadcaster_id', (c) => startRaid(c, {} as never), 'raids.startRaid needs the parameter to_broadcaster_id.'],
    ['startCommercial length 0', (c) => startCommercial(c, { length: 0 }), 'The parameter length of ads.startCommercial must be from 1 to 180; got 0.'],
    ['startCommercial length 181', (c) => startCommercial(c, { length: 181 }), 'The parameter length of ads.startCommercial must be from 1 to 180; got 181.'],
    ['startCommercial length 30.5', (c) => startCommercial(c, { length: 30.5 }), 'The parameter length of ads.startCommercial must be a whole number; got 30.5.'],
    ['startCommercial without length', (c) => startCommercial(c, {} as never), 'ads.startCommercial needs the parameter length.'],
    ['adSchedule has no first', (c) => adSchedule(c, { first: 1 } as never), 'ads.adSchedule has no parameter first.'],
  ];

  it.each(cases)('%s', async (_, run, message) => {
    const { client, requests } = stubClient(() => ({ body: { data: [] } }));
    const error = await failure(() => run(client.as('77')));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.constructor).toBe(PlatformError);
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it('the edges of each range are allowed', async () => {
    const { client: base, requests } = stubClient(() => ({ body: { data: [{}] } }));
    const client = base.as('77');
    expect(() => streams(client, { first: 1 })).not.toThrow();
    expect(() => streams(client, { first: 100, game_id: ids(100), language: ids(100) })).not.toThrow();
    expect(() => streams(client, { user_id: ids(100), user_login: ids(100) })).not.toThrow();
    expect(() => schedule(client, { broadcaster_id: '1', first: 25, id: ids(100) })).not.toThrow();
    expect(() => videos(client, { game_id: '1', language: 'de', period: 'all', sort: 'time', type: 'all', first: 100 })).not.toThrow();
    expect(() => videos(client, { user_id: '1', after: 'a' })).not.toThrow();
    expect(requests).toHaveLength(0);
    await createClip(client, { broadcaster_id: '1', duration: 5 });
    await createClip(client, { broadcaster_id: '1', duration: 60 });
    await createClipFromVod(client, { ...vod, vod_offset: 30 });
    await createClipFromVod(client, { ...vod, vod_offset: 5, duration: 5 });
    await startCommercial(client, { length: 1 });
    await startCommercial(client, { length: 180 });
    await createStreamMarker(client, { description: long(140) });
    await deleteVideos(client, { id: ids(5) });
    await updateSchedule(client, { is_vacation_enabled: true, vacation_start_time: 's', vacation_end_time: 'e', timezone: 'UTC' });
    await createScheduleSegment(client, { ...segment, duration: '30', title: long(140) });
    await updateScheduleSegment(client, { id: 's', duration: '1380' });
    expect(requests).toHaveLength(11);
  });
});
