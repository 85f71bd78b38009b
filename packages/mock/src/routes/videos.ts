import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { choice, exactlyOne, iso, ok, page, repeated, userFields, type HelixContext, type RouteRow } from '../helix';
import type { MockState } from '../state';

/*
 * The videos group (Get Videos, Delete Videos), written from the platform's reference. The videos
 * live here; the streams routes record an archive while a stream is live (published when it
 * stops), markers belong to a video, and clips name the video they come from.
 */

/** A marker in a video (Create Stream Marker). */
export interface MarkerRecord {
  /** The marker's ID. */
  id: string;
  /** Epoch ms. */
  created_at: number;
  /** The marker's description; an empty string when none was given. */
  description: string;
  /** Seconds from the start of the stream. */
  position_seconds: number;
}

/** The kinds of video the platform keeps. */
export type VideoType = 'archive' | 'highlight' | 'upload';

/** A video: a stream's archive (recording while the stream is live), a highlight or an upload. */
export interface VideoRecord {
  /** The video's ID. */
  id: string;
  /** The owner (broadcaster). */
  user_id: string;
  /** The stream an archive comes from; null for highlights and uploads. */
  stream_id: string | null;
  /** The video's title. */
  title: string;
  /** The video's description. */
  description: string;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms; undefined while the stream it records is still live (not listed until then). */
  published_at: number | undefined;
  /** What kind of video it is. */
  type: VideoType;
  /** Length in seconds; for a recording in progress, the time since it started. */
  duration: number;
  /** How many times the video was watched. */
  view_count: number;
  /** An ISO 639-1 two-letter code, or `other`. */
  language: string;
  /** The category played; `Get Videos?game_id=` finds it by this. */
  game_id: string;
  /** The parts muted for copyrighted audio, or null. */
  muted_segments:
    | {
        /** The length of the muted part, in seconds. */
        duration: number;
        /** Where the muted part starts, in seconds from the start of the video. */
        offset: number;
      }[]
    | null;
  /** Markers, in the order they were created. */
  markers: MarkerRecord[];
}

/** What `mock.videos.add()` takes: any field of a video but its ID, owner and markers. */
export type VideoInput = Partial<Omit<VideoRecord, 'id' | 'user_id' | 'markers' | 'published_at'>> & {
  /** When the video was published (epoch ms). */
  published_at?: number;
};

/** What tests can do with videos that no API call does. */
export interface VideosControl {
  /**
   * Adds a published video of `userId` (default: an `upload` titled "Video <id>", created and
   * published now, 60 seconds long, in the channel's language and category). Returns it.
   */
  add(userId: string, video?: VideoInput): Readonly<VideoRecord>;
  /** A video by ID, published or still recording; undefined when unknown or deleted. */
  get(videoId: string): Readonly<VideoRecord> | undefined;
  /** The archive a live broadcaster's stream is recording; undefined when not live. */
  recording(userId: string): Readonly<VideoRecord> | undefined;
}

const VIDEO_PAGE = { defaultFirst: 20, maxFirst: 100 };
/** How many IDs `Get Videos?id=` and `Delete Videos?id=` take. */
const MAX_GET_IDS = 100;
const MAX_DELETE_IDS = 5;
/** `Get Videos?game_id=` answers at most this many videos. */
const MAX_GAME_VIDEOS = 500;
const DAY_MS = 86_400_000;
const PERIOD_MS = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS } as const;

/** `1h2m3s`, `3m21s`, `45s`: a length as Get Videos writes it. */
export function videoDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${hours > 0 ? `${hours}h` : ''}${hours > 0 || minutes > 0 ? `${minutes}m` : ''}${rest}s`;
}

/** Whether `userId` may act on `ownerId`'s videos: the owner or one of the channel's editors. */
export function ownerOrEditor(state: MockState, ownerId: string, userId: string | undefined): boolean {
  return userId !== undefined && (userId === ownerId || state.channel(ownerId).editors.has(userId));
}

/** The videos of the fake platform (shared by the streams, videos and clips routes), the helpers its routes share, and its controls' logic. */
export class VideosState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'videos', fields: ['videos', 'recordings', 'nextId'] } as const;
  /** Every video by ID, published or recording, in creation order. */
  readonly videos = new Map<string, VideoRecord>();
  /** Broadcaster ID -> the ID of the archive being recorded. */
  readonly recordings = new Map<string, string>();
  /** The ID of the next video. */
  nextId = 2_100_000_000;

  readonly state: MockState;

  constructor(readonly context: HelixContext) {
    this.state = context.state;
  }

  #create(userId: string, video: VideoInput & { published_at: number | undefined }): VideoRecord {
    const id = String(this.nextId++);
    const info = this.state.channel(userId).info;
    const record: VideoRecord = {
      id,
      user_id: userId,
      stream_id: video.stream_id ?? null,
      title: video.title ?? `Video ${id}`,
      description: video.description ?? '',
      created_at: video.created_at ?? this.state.now(),
      published_at: video.published_at,
      type: video.type ?? 'upload',
      duration: video.duration ?? 60,
      view_count: video.view_count ?? 0,
      language: video.language ?? info.broadcaster_language,
      game_id: video.game_id ?? info.game_id,
      muted_segments: video.muted_segments ?? null,
      markers: [],
    };
    this.videos.set(id, record);
    return record;
  }

  /** A published video added by a test. */
  add(userId: string, video: VideoInput = {}): VideoRecord {
    if (!this.state.user(userId)) throw new Error(`No user ${userId}: add the user with mock.addUser() first.`);
    const now = this.state.now();
    return this.#create(userId, { ...video, published_at: video.published_at ?? video.created_at ?? now });
  }

  /** Starts the archive of a stream that just went live. */
  startRecording(userId: string, streamId: string, startedAt: number): VideoRecord {
    const info = this.state.channel(userId).info;
    const record = this.#create(userId, { type: 'archive', stream_id: streamId, title: info.title, created_at: startedAt, duration: 0, published_at: undefined });
    this.recordings.set(userId, record.id);
    return record;
  }

  /** The archive in progress of a live broadcaster. */
  recording(userId: string): VideoRecord | undefined {
    const id = this.recordings.get(userId);
    return id === undefined ? undefined : this.videos.get(id);
  }

  /** The stream stopped: its archive is published with its final length and the channel's title then. */
  publishRecording(userId: string): VideoRecord | undefined {
    const record = this.recording(userId);
    this.recordings.delete(userId);
    if (!record) return undefined;
    const now = this.state.now();
    record.duration = Math.max(0, Math.floor((now - record.created_at) / 1000));
    record.title = this.state.channel(userId).info.title;
    record.published_at = now;
    return record;
  }

  /** A video by ID, published or recording. */
  get(id: string): VideoRecord | undefined {
    return this.videos.get(id);
  }

  /** The length of a video in seconds, counting a recording in progress up to now. */
  lengthOf(video: VideoRecord): number {
    return video.published_at === undefined ? Math.max(0, Math.floor((this.state.now() - video.created_at) / 1000)) : video.duration;
  }

  /** Published videos, newest first. */
  published(): VideoRecord[] {
    return [...this.videos.values()].filter((video) => video.published_at !== undefined).reverse();
  }

  /** A user's most recent video, the recording in progress included; undefined when they have none. */
  latest(userId: string): VideoRecord | undefined {
    let latest: VideoRecord | undefined;
    for (const video of this.videos.values()) {
      if (video.user_id === userId && (!latest || video.created_at >= latest.created_at)) latest = video;
    }
    return latest;
  }

  delete(id: string): void {
    this.videos.delete(id);
  }

  /** A video as Get Videos answers it. */
  body(video: VideoRecord): Record<string, unknown> {
    const owner = userFields(this.context, video.user_id, 'user');
    return {
      id: video.id,
      stream_id: video.stream_id,
      ...owner,
      title: video.title,
      description: video.description,
      created_at: iso(video.created_at),
      published_at: iso(video.published_at ?? video.created_at),
      url: `https://platform.example/videos/${video.id}`,
      thumbnail_url: `https://static.example/vods/${owner.user_login}/${video.id}/thumb-%{width}x%{height}.jpg`,
      viewable: 'public',
      view_count: video.view_count,
      language: video.language,
      type: video.type,
      duration: videoDuration(video.duration),
      muted_segments: video.muted_segments,
    };
  }
}

/** The videos routes: Get Videos, Delete Videos. */
export const videosRoutes: readonly RouteRow<VideosState>[] = [
  {
    method: 'GET',
    path: '/videos',
    token: 'either',
    handle: ({ request, context }, videos) => {
      const by = exactlyOne(request, ['id', 'user_id', 'game_id']);
      const type = choice(request, 'type', ['all', 'archive', 'highlight', 'upload'], 'all');
      const period = choice(request, 'period', ['all', 'day', 'week', 'month'], 'all');
      const sort = choice(request, 'sort', ['time', 'trending', 'views'], 'time');
      if (by === 'id') {
        const ids = [...new Set(repeated(request, 'id', MAX_GET_IDS))];
        const found = ids.map((id) => videos.get(id)).filter((video) => video !== undefined && video.published_at !== undefined) as VideoRecord[];
        if (found.length === 0) throw new HttpError(404, 'The ID in the id query parameter was not found.');
        return ok(found.map((video) => videos.body(video)), { pagination: {} });
      }
      let list = videos.published();
      if (by === 'user_id') {
        const userId = request.query.get('user_id')!;
        if (!context.state.user(userId)) throw new HttpError(400, 'The ID in the user_id query parameter is not valid.');
        list = list.filter((video) => video.user_id === userId);
      } else {
        const gameId = request.query.get('game_id')!;
        if (!context.state.games.has(gameId)) throw new HttpError(404, 'The ID in the game_id query parameter was not found.');
        const language = request.query.get('language');
        list = list.filter((video) => video.game_id === gameId && (language === null || video.language.toLowerCase() === language.toLowerCase()));
      }
      if (type !== 'all') list = list.filter((video) => video.type === type);
      if (period !== 'all') {
        const since = context.now() - PERIOD_MS[period];
        list = list.filter((video) => (video.published_at ?? video.created_at) >= since);
      }
      // The mock keeps no viewership history, so `trending` orders like `views`.
      if (sort === 'time') list.sort((a, b) => b.created_at - a.created_at);
      else list.sort((a, b) => b.view_count - a.view_count || b.created_at - a.created_at);
      if (by === 'game_id') list = list.slice(0, MAX_GAME_VIDEOS);
      const { data, pagination } = page(request, list, VIDEO_PAGE);
      return ok(data.map((video) => videos.body(video)), { pagination });
    },
  },
  {
    method: 'DELETE',
    path: '/videos',
    token: 'user',
    scopes: ['channel:manage:videos'],
    query: ['id'],
    handle: ({ request, token, context }, videos) => {
      const ids = [...new Set(repeated(request, 'id', MAX_DELETE_IDS))];
      const found = ids.map((id) => videos.get(id)).filter((video) => video !== undefined && video.published_at !== undefined) as VideoRecord[];
      // One video the caller may not delete keeps every one of them.
      if (found.some((video) => !ownerOrEditor(context.state, video.user_id, token.userId))) {
        throw new HttpError(401, 'The caller is not authorized to delete the specified video.');
      }
      for (const video of found) videos.delete(video.id);
      return ok(found.map((video) => video.id));
    },
  },
];

/** The videos controls: `mock.videos.*` and `/mock/videos.*`. */
export const videosControls: ControlTable<VideosState, VideosControl> = {
  add: {
    params: ['userId: string', 'video?: VideoInput'],
    does: 'Adds a published video of `userId` (default: an `upload` titled "Video <id>", created and published now, 60 seconds long, in the channel\'s language and category).',
    run: (videos, userId, video) => videos.add(userId, video),
  },
  get: {
    params: ['videoId: string'],
    does: 'A video by ID, published or still recording; undefined when unknown or deleted.',
    run: (videos, videoId) => videos.get(videoId),
  },
  recording: {
    params: ['userId: string'],
    does: 'The archive a live broadcaster\'s stream is recording; undefined when not live.',
    run: (videos, userId) => videos.recording(userId),
  },
};
