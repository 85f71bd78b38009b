import type { Page } from '@platform/core';

// ---- streams ---------------------------------------------------------------------------------

/** A live stream, as `streams` and `followedStreams` list them. */
export interface Stream {
  /** The stream's ID; it later names the stream's video (VOD). */
  id: string;
  /** The broadcaster's user ID. */
  user_id: string;
  /** The broadcaster's login name. */
  user_login: string;
  /** The broadcaster's display name. */
  user_name: string;
  /** The category (game) being played; an empty string when the channel has no category set. */
  game_id: string;
  /** The category's name; an empty string when the channel has no category set. */
  game_name: string;
  /** `live`, or an empty string when the platform had an error. */
  type: 'live' | '';
  /** The stream's title; an empty string when not set. */
  title: string;
  /** The tags applied to the stream. */
  tags: string[];
  /** How many people are watching. */
  viewer_count: number;
  /** When the broadcast began (RFC 3339, UTC). */
  started_at: string;
  /** ISO 639-1 two-letter code, or `other`. */
  language: string;
  /** An image of the last 5 minutes; replace `{width}` and `{height}` with the size in pixels. */
  thumbnail_url: string;
  /** @deprecated Always an empty list; use `tags`. */
  tag_ids: string[];
  /** @deprecated Always false. */
  is_mature: boolean;
}

/** A channel's stream key, from `streamKey`. */
export interface StreamKey {
  /** The key that streaming software sends the stream with; keep it secret. */
  stream_key: string;
}

/** The marker `createStreamMarker` added. */
export interface StreamMarker {
  /** The marker's ID. */
  id: string;
  /** When the marker was created (RFC 3339, UTC). */
  created_at: string;
  /** The offset of the marker from the beginning of the stream, in seconds. */
  position_seconds: number;
  /** The marker's description; an empty string when none was given. */
  description: string;
}

/** A marker in a video, as `streamMarkers` lists them. */
export interface VideoMarker extends StreamMarker {
  /**
   * The address that opens the video in the highlighter at the marker. Named `URL`, in capitals,
   * as the platform sends it.
   */
  URL: string;
}

/** The markers of one user's video, one item of `streamMarkers`. */
export interface StreamMarkerGroup {
  /** The user who created the markers. */
  user_id: string;
  /** The display name of the user who created the markers. */
  user_name: string;
  /** The login name of the user who created the markers. */
  user_login: string;
  /** The video that holds the markers (the list holds one video). */
  videos: {
    /** The video's ID. */
    video_id: string;
    /** The markers in the video. */
    markers: VideoMarker[];
  }[];
}

// ---- videos ----------------------------------------------------------------------------------

/** A video's kind: a past stream (`archive`), a highlight reel, or an uploaded video. */
export type VideoType = 'archive' | 'highlight' | 'upload';

/** A published video, as `videos` lists them. */
export interface Video {
  /** The video's ID. */
  id: string;
  /** The stream the video came from, for an `archive`; otherwise null. */
  stream_id: string | null;
  /** The ID of the broadcaster who owns the video. */
  user_id: string;
  /** The login name of the broadcaster who owns the video. */
  user_login: string;
  /** The display name of the broadcaster who owns the video. */
  user_name: string;
  /** The video's title. */
  title: string;
  /** The video's description. */
  description: string;
  /** When the video was created (RFC 3339, UTC). */
  created_at: string;
  /** When the video was published (RFC 3339, UTC). */
  published_at: string;
  /** The video's address. */
  url: string;
  /** Replace `%{width}` and `%{height}` (320 and 180) before use. */
  thumbnail_url: string;
  /** Always `public`. */
  viewable: string;
  /** How many times the video was watched. */
  view_count: number;
  /** ISO 639-1 two-letter code, or `other`. */
  language: string;
  /** What kind of video it is. */
  type: VideoType;
  /** The length, such as `3m21s`. */
  duration: string;
  /** The parts muted for copyrighted audio (offset and duration in seconds), or null. */
  muted_segments:
    | {
        /** The length of the muted part, in seconds. */
        duration: number;
        /** Where the muted part starts, in seconds from the start of the video. */
        offset: number;
      }[]
    | null;
}

// ---- clips -----------------------------------------------------------------------------------

/** A clip, as `clips` lists them. */
export interface Clip {
  /** The clip's ID. */
  id: string;
  /** The clip's address. */
  url: string;
  /** An address to embed the clip in an iframe. */
  embed_url: string;
  /** The ID of the channel the clip was taken from. */
  broadcaster_id: string;
  /** The display name of the channel the clip was taken from. */
  broadcaster_name: string;
  /** The user who created the clip. */
  creator_id: string;
  /** The display name of the user who created the clip. */
  creator_name: string;
  /** The video the clip came from; an empty string when the video is not available. */
  video_id: string;
  /** The category being played when the clip was created. */
  game_id: string;
  /** ISO 639-1 two-letter code, or `other`. */
  language: string;
  /** The clip's title. */
  title: string;
  /** How many times the clip was watched. */
  view_count: number;
  /** When the clip was created (RFC 3339, UTC). */
  created_at: string;
  /** The clip's thumbnail image. */
  thumbnail_url: string;
  /** The length in seconds, precision 0.1. */
  duration: number;
  /** Where the clip starts in the video, in seconds; null while the video is not available or not set yet. */
  vod_offset: number | null;
  /** The broadcaster featured the clip. */
  is_featured: boolean;
}

/**
 * A clip being created (`createClip`, `createClipFromVod`). Creation is asynchronous: the clip
 * exists once `clips` returns it (give it up to 15 seconds).
 */
export interface CreatedClip {
  /** The clip's ID. */
  id: string;
  /** An address to edit and publish the clip; valid up to 24 hours or until published. */
  edit_url: string;
}

/** The download addresses of a clip, one item of `clipsDownload`. The addresses are temporary: they expire, so fetch them again rather than store them. */
export interface ClipDownload {
  /** The clip's ID. */
  clip_id: string;
  /** The landscape video's temporary address; null when not available. */
  landscape_download_url: string | null;
  /** The portrait video's temporary address; null when not available. */
  portrait_download_url: string | null;
}

// ---- schedule --------------------------------------------------------------------------------

/** A broadcast of a streaming schedule. */
export interface ScheduleSegment {
  /** The broadcast's ID. */
  id: string;
  /** When the broadcast starts (RFC 3339, UTC). */
  start_time: string;
  /** When the broadcast ends (RFC 3339, UTC). */
  end_time: string;
  /** The broadcast's title. */
  title: string;
  /** For a canceled broadcast of a recurring series, its `end_time`; otherwise null. */
  canceled_until: string | null;
  /** The planned category, or null when not set. */
  category: {
    /** The category's ID. */
    id: string;
    /** The category's name. */
    name: string;
  } | null;
  /** Part of a series that streams at the same time each week. */
  is_recurring: boolean;
}

/** A broadcaster's streaming schedule. */
export interface ChannelSchedule {
  /** The broadcasts (one page of them when listed; the one added or changed after a change). */
  segments: ScheduleSegment[];
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's vacation (RFC 3339, UTC), or null when vacation mode is off. */
  vacation: {
    /** When the vacation starts (RFC 3339, UTC). */
    start_time: string;
    /** When the vacation ends (RFC 3339, UTC). */
    end_time: string;
  } | null;
}

/** The platform's answer to a schedule call: the schedule in `data` (an object, not a list). */
export interface ChannelScheduleAnswer {
  /** The schedule. */
  data: ChannelSchedule;
}

/** One page of `schedule`: the page's segments as `data`, the whole answer as `raw`. */
export type ChannelSchedulePage = Page<
  ScheduleSegment,
  ChannelScheduleAnswer & {
    /** Where the next page starts; absent on the last page. */
    pagination?: {
      /** The cursor to pass as `after` for the next page. */
      cursor?: string;
    };
  }
>;

// ---- raids and ads ---------------------------------------------------------------------------

/** The raid `startRaid` requested (it happens after the broadcaster confirms, or after 90 seconds). */
export interface Raid {
  /** When the raid was requested (RFC 3339, UTC). */
  created_at: string;
  /** @deprecated Always false. */
  is_mature: boolean;
}

/** The answer to `startCommercial`. */
export interface Commercial {
  /** The length asked for, in seconds (at most 180). */
  length: number;
  /** Whether the platform could serve an ad. */
  message: string;
  /** Seconds to wait before the next commercial. */
  retry_after: number;
}

/**
 * A time of the ad schedule: the platform sends epoch seconds (0 when there is none), though its
 * reference documents an RFC 3339 string (empty when none). Read both, e.g.
 * `typeof at === 'number' ? new Date(at * 1000) : new Date(at)`.
 */
export type AdScheduleTime = number | string;

/** A channel's ad schedule, from `adSchedule`. */
export interface AdSchedule {
  /** The snoozes the broadcaster has left. */
  snooze_count: number;
  /** When the broadcaster gains another snooze, in epoch seconds; 0 when all the snoozes are there. */
  snooze_refresh_at: AdScheduleTime;
  /** The next scheduled ad, in epoch seconds; 0 when none is scheduled or the channel is not live. */
  next_ad_at: AdScheduleTime;
  /** The length of the next ad break, in seconds. */
  duration: number;
  /** The last ad break, in epoch seconds; 0 when none ran or the channel is not live. */
  last_ad_at: AdScheduleTime;
  /** Pre-roll free time left, in seconds (0 when none). */
  preroll_free_time: number;
}

/** The ad schedule after `snoozeNextAd` pushed the next ad back by 5 minutes. */
export interface SnoozedAd {
  /** The snoozes the broadcaster has left. */
  snooze_count: number;
  /** When the broadcaster gains another snooze, in epoch seconds. */
  snooze_refresh_at: AdScheduleTime;
  /** The next scheduled ad, after the snooze, in epoch seconds. */
  next_ad_at: AdScheduleTime;
}
