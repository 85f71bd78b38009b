// Resources as the platform's reference shows them, for the wire and paging tests.
import type { ChannelSchedule, Clip, ScheduleSegment, Stream, StreamMarker, StreamMarkerGroup, Video } from '../src/index';

export const stream: Stream = {
  id: '123456789',
  user_id: '98765',
  user_login: 'sandysanderman',
  user_name: 'SandySanderman',
  game_id: '494131',
  game_name: 'Little Nightmares',
  type: 'live',
  title: 'hablamos y le damos a Little Nightmares 1',
  tags: ['Español'],
  viewer_count: 78365,
  started_at: '2021-03-10T15:04:21Z',
  language: 'es',
  thumbnail_url: 'https://static.example/previews/live_user_auronplay-{width}x{height}.jpg',
  tag_ids: [],
  is_mature: false,
};

export const marker: StreamMarker = { id: '123', created_at: '2018-08-20T20:10:03Z', description: 'hello, this is a marker!', position_seconds: 244 };

export const markerGroup: StreamMarkerGroup = {
  user_id: '123',
  user_name: 'TwitchName',
  user_login: 'twitchname',
  videos: [{ video_id: '456', markers: [{ ...marker, id: '106b8d6243a4f883d25ad75e6cdffdc4', URL: 'https://platform.example/twitchname/manager/highlighter/456?t=0h4m06s' }] }],
};

export const video: Video = {
  id: '335921245',
  stream_id: null,
  user_id: '141981764',
  user_login: 'twitchdev',
  user_name: 'TwitchDev',
  title: 'Developers 101',
  description: 'Welcome to development!',
  created_at: '2018-11-14T21:30:18Z',
  published_at: '2018-11-14T22:04:30Z',
  url: 'https://platform.example/videos/335921245',
  thumbnail_url: 'https://static.example/thumb/index-0000000000-%{width}x%{height}.jpg',
  viewable: 'public',
  view_count: 1863062,
  language: 'en',
  type: 'upload',
  duration: '3m21s',
  muted_segments: [{ duration: 30, offset: 120 }],
};

export const clip: Clip = {
  id: 'AwkwardHelplessSalamanderSwiftRage',
  url: 'https://clips.example/AwkwardHelplessSalamanderSwiftRage',
  embed_url: 'https://clips.example/embed?clip=AwkwardHelplessSalamanderSwiftRage',
  broadcaster_id: '67955580',
  broadcaster_name: 'ChewieMelodies',
  creator_id: '53834192',
  creator_name: 'BlackNova03',
  video_id: '205586603',
  game_id: '488191',
  language: 'en',
  title: 'babymetal',
  view_count: 10,
  created_at: '2017-11-30T22:34:18Z',
  thumbnail_url: 'https://clips.example/157589949-preview-480x272.jpg',
  duration: 60,
  vod_offset: 480,
  is_featured: false,
};

export const segment: ScheduleSegment = {
  id: 'eyJzZWdtZW50SUQiOiJlNGFjYzcyNCJ9',
  start_time: '2021-07-01T18:00:00Z',
  end_time: '2021-07-01T19:00:00Z',
  title: 'TwitchDev Monthly Update // July 1, 2021',
  canceled_until: null,
  category: { id: '509670', name: 'Science & Technology' },
  is_recurring: false,
};

export const theSchedule: ChannelSchedule = {
  segments: [segment],
  broadcaster_id: '141981764',
  broadcaster_name: 'TwitchDev',
  broadcaster_login: 'twitchdev',
  vacation: null,
};
