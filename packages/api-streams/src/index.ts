// The public surface of @platform/api-streams: every operation (function, declaration, parameter type) of the streams, videos,
// clips, schedule, raids and ads groups, and every resource type they return.
export { streamKey, streamKeyOperation, type StreamKeyParams } from './operations/stream-key';
export { streams, streamsOperation, type StreamsParams } from './operations/streams';
export { followedStreams, followedStreamsOperation, type FollowedStreamsParams } from './operations/followed-streams';
export { createStreamMarker, createStreamMarkerOperation, type CreateStreamMarkerParams } from './operations/create-stream-marker';
export { streamMarkers, streamMarkersOperation, type StreamMarkersParams } from './operations/stream-markers';
export { videos, videosOperation, type VideosParams } from './operations/videos';
export { deleteVideos, deleteVideosOperation, type DeleteVideosParams } from './operations/delete-videos';
export { createClip, createClipOperation, type CreateClipParams } from './operations/create-clip';
export { createClipFromVod, createClipFromVodOperation, type CreateClipFromVodParams } from './operations/create-clip-from-vod';
export { clips, clipsOperation, type ClipsParams } from './operations/clips';
export { clipsDownload, clipsDownloadOperation, type ClipsDownloadParams } from './operations/clips-download';
export { schedule, scheduleOperation, type ScheduleParams } from './operations/schedule';
export { scheduleICalendar, scheduleICalendarOperation, type ScheduleICalendarParams } from './operations/schedule-icalendar';
export { updateSchedule, updateScheduleOperation, type UpdateScheduleParams } from './operations/update-schedule';
export { createScheduleSegment, createScheduleSegmentOperation, type CreateScheduleSegmentParams } from './operations/create-schedule-segment';
export { updateScheduleSegment, updateScheduleSegmentOperation, type UpdateScheduleSegmentParams } from './operations/update-schedule-segment';
export { deleteScheduleSegment, deleteScheduleSegmentOperation, type DeleteScheduleSegmentParams } from './operations/delete-schedule-segment';
export { startRaid, startRaidOperation, type StartRaidParams } from './operations/start-raid';
export { cancelRaid, cancelRaidOperation, type CancelRaidParams } from './operations/cancel-raid';
export { startCommercial, startCommercialOperation, type StartCommercialParams } from './operations/start-commercial';
export { adSchedule, adScheduleOperation, type AdScheduleParams } from './operations/ad-schedule';
export { snoozeNextAd, snoozeNextAdOperation, type SnoozeNextAdParams } from './operations/snooze-next-ad';
export type {
  Stream,
  StreamKey,
  StreamMarker,
  VideoMarker,
  StreamMarkerGroup,
  VideoType,
  Video,
  Clip,
  CreatedClip,
  ClipDownload,
  ScheduleSegment,
  ChannelSchedule,
  ChannelScheduleAnswer,
  ChannelSchedulePage,
  Raid,
  Commercial,
  AdSchedule,
  AdScheduleTime,
  SnoozedAd,
} from './types';
