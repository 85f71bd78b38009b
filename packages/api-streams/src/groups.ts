// `@platform/api-streams/groups`, the operation groups of the package as data: each object lists the
// operations that `Platform` binds as one group (`client.streams`, `client.videos`, `client.clips`,
// `client.schedule`, `client.raids`, `client.ads`), so a new operation is added here, in its own
// package. A subpath of its own keeps the groups out of the names `@platform/client` re- exports from
// the package.
import { streamKey } from './operations/stream-key';
import { streams } from './operations/streams';
import { followedStreams } from './operations/followed-streams';
import { createStreamMarker } from './operations/create-stream-marker';
import { streamMarkers } from './operations/stream-markers';
import { videos } from './operations/videos';
import { deleteVideos } from './operations/delete-videos';
import { createClip } from './operations/create-clip';
import { createClipFromVod } from './operations/create-clip-from-vod';
import { clips } from './operations/clips';
import { clipsDownload } from './operations/clips-download';
import { schedule } from './operations/schedule';
import { scheduleICalendar } from './operations/schedule-icalendar';
import { updateSchedule } from './operations/update-schedule';
import { createScheduleSegment } from './operations/create-schedule-segment';
import { updateScheduleSegment } from './operations/update-schedule-segment';
import { deleteScheduleSegment } from './operations/delete-schedule-segment';
import { startRaid } from './operations/start-raid';
import { cancelRaid } from './operations/cancel-raid';
import { startCommercial } from './operations/start-commercial';
import { adSchedule } from './operations/ad-schedule';
import { snoozeNextAd } from './operations/snooze-next-ad';

/** The streams operations, as `client.streams` binds them. */
export const streamsGroup = {
  /** Gets the channel's stream key ({@link streamKey}). */
  streamKey,
  /** Lists live streams, most watched first ({@link streams}). */
  streams,
  /** Lists the live streams of the channels the user follows ({@link followedStreams}). */
  followedStreams,
  /** Marks the current point of a live stream ({@link createStreamMarker}). */
  createStreamMarker,
  /** Lists the markers of a broadcaster's latest video or of one video ({@link streamMarkers}). */
  streamMarkers,
} as const;

/** The videos operations, as `client.videos` binds them. */
export const videosGroup = {
  /** Lists published videos by ID, by broadcaster or by category ({@link videos}). */
  videos,
  /** Deletes videos ({@link deleteVideos}). */
  deleteVideos,
} as const;

/** The clips operations, as `client.clips` binds them. */
export const clipsGroup = {
  /** Starts clipping a live stream ({@link createClip}). */
  createClip,
  /** Creates a clip from a video (VOD) ({@link createClipFromVod}). */
  createClipFromVod,
  /** Lists clips by broadcaster, by category or by ID ({@link clips}). */
  clips,
  /** Gets the addresses to download clips' video files ({@link clipsDownload}). */
  clipsDownload,
} as const;

/** The schedule operations, as `client.schedule` binds them. */
export const scheduleGroup = {
  /** Reads a broadcaster's streaming schedule, segment by segment ({@link schedule}). */
  schedule,
  /** Gets a broadcaster's streaming schedule as an iCalendar document ({@link scheduleICalendar}). */
  scheduleICalendar,
  /** Schedules or cancels a vacation in a broadcaster's schedule ({@link updateSchedule}). */
  updateSchedule,
  /** Adds a broadcast, once or weekly, to a streaming schedule ({@link createScheduleSegment}). */
  createScheduleSegment,
  /** Changes a broadcast of a streaming schedule ({@link updateScheduleSegment}). */
  updateScheduleSegment,
  /** Removes a broadcast from a streaming schedule ({@link deleteScheduleSegment}). */
  deleteScheduleSegment,
} as const;

/** The raids operations, as `client.raids` binds them. */
export const raidsGroup = {
  /** Starts a raid of another channel ({@link startRaid}). */
  startRaid,
  /** Cancels a pending raid ({@link cancelRaid}). */
  cancelRaid,
} as const;

/** The ads operations, as `client.ads` binds them. */
export const adsGroup = {
  /** Starts a commercial on the broadcaster's live channel ({@link startCommercial}). */
  startCommercial,
  /** Gets the channel's ad schedule ({@link adSchedule}). */
  adSchedule,
  /** Pushes the next scheduled mid-roll ad back by 5 minutes ({@link snoozeNextAd}). */
  snoozeNextAd,
} as const;
