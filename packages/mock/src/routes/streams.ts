import { randomBytes } from 'node:crypto';
import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { choice, exactlyOne, iso, ok, page, repeated, requireTokenUser, userFields, type HelixContext, type RouteRow } from '../helix';
import { randomToken, type MockChannel, type MockStream } from '../state';
import { ownerOrEditor, type MarkerRecord, type VideoRecord, type VideosState } from './videos';

/*
 * The streams group (Get Stream Key, Get Streams, Get Followed Streams, Create Stream Marker, Get
 * Stream Markers), written from the platform's reference, and the broadcasts themselves: a stream
 * starts and stops through `mock.streams` (no API call does that), sets the shared `channel.live`
 * and `channel.stream`, records an archive video and raises `stream.online` / `stream.offline`.
 */

/** What `mock.streams.start()` takes. */
export interface StreamStartOptions {
  /** Viewers watching (Get Streams orders by it); default 0. */
  viewer_count?: number;
  /** Epoch ms; default now. */
  started_at?: number;
  /** The stream ID; default a fresh one. */
  id?: string;
  /** Sets the channel's title (`channel.info.title`), as Modify Channel Information would. */
  title?: string;
  /** Sets the channel's category by ID (a game added with `state.addGame()`). */
  game_id?: string;
  /** Sets the channel's broadcast language. */
  language?: string;
  /** Sets the channel's tags. */
  tags?: string[];
}

/** What tests can do with broadcasts that no API call does. */
export interface StreamsControl {
  /**
   * The broadcaster goes live: `channel.live` and `channel.stream` are set, the stream shows in
   * Get Streams and Get Followed Streams, an archive starts recording (markers and clips go in
   * it) and `stream.online` is raised. Throws when the user is unknown or already live.
   */
  start(broadcasterId: string, options?: StreamStartOptions): Readonly<MockStream>;
  /**
   * The broadcaster stops: `channel.live` becomes false, the archive is published (Get Videos
   * lists it) and `stream.offline` is raised. Returns the archive. Throws when not live.
   */
  stop(broadcasterId: string): Readonly<VideoRecord> | undefined;
  /** The channel's stream key (what Get Stream Key answers). */
  streamKey(broadcasterId: string): string;
}

const STREAM_PAGE = { defaultFirst: 20, maxFirst: 100 };
const FOLLOWED_PAGE = { defaultFirst: 100, maxFirst: 100 };
const MARKER_PAGE = { defaultFirst: 20, maxFirst: 100 };
/** How many values each filter of Get Streams takes. */
const MAX_STREAM_FILTER = 100;
const MAX_MARKER_DESCRIPTION = 140;

/** `0h4m04s`: a marker's place as the highlighter URL writes it. */
function highlighterTime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}h${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** A marker as Create Stream Marker answers it. */
function markerFields(marker: MarkerRecord): Record<string, unknown> {
  return {
    id: marker.id,
    created_at: iso(marker.created_at),
    description: marker.description,
    position_seconds: marker.position_seconds,
  };
}

/** Get Streams' order: most viewers first, then the earliest started. */
function byViewers(a: { stream: MockStream }, b: { stream: MockStream }): number {
  return b.stream.viewer_count - a.stream.viewer_count || a.stream.started_at - b.stream.started_at;
}

/**
 * The streams group's state: broadcasts in progress (the shared `channel.live` / `channel.stream`,
 * with their archives and stream keys), the helpers its routes share, and its controls' logic.
 */
export class StreamsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); the streams in progress are the shared `channel.stream`. */
  readonly persisted = { as: 'streams', fields: ['keys', 'nextStreamId'] } as const;
  /** Each channel's stream key, by broadcaster ID (made when first asked for). */
  readonly keys = new Map<string, string>();
  /** The ID of the next stream started without one. */
  nextStreamId = 40_000_000_000;

  constructor(
    readonly context: HelixContext,
    readonly videos: VideosState,
  ) {}

  /**
   * The stream in progress of a live channel, or undefined. A channel marked live in the shared
   * state without a stream record (a test may set `channel.live` alone) gets one here, started now.
   */
  live(broadcasterId: string): MockStream | undefined {
    const channel = this.context.state.channels.get(broadcasterId);
    if (!channel?.live) return undefined;
    channel.stream ??= this.#newStream({});
    if (!this.videos.recording(broadcasterId)) this.videos.startRecording(broadcasterId, channel.stream.id, channel.stream.started_at);
    return channel.stream;
  }

  /** Live channels with their streams. */
  *liveChannels(): Generator<{ channel: MockChannel; stream: MockStream }> {
    for (const channel of this.context.state.channels.values()) {
      const stream = this.live(channel.broadcaster_id);
      if (stream) yield { channel, stream };
    }
  }

  #newStream(options: StreamStartOptions): MockStream {
    return {
      id: options.id ?? String(this.nextStreamId++),
      type: 'live',
      viewer_count: options.viewer_count ?? 0,
      started_at: options.started_at ?? this.context.now(),
      is_mature: false,
    };
  }

  start(broadcasterId: string, options: StreamStartOptions = {}): MockStream {
    const { state } = this.context;
    if (!state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
    const channel = state.channel(broadcasterId);
    if (channel.live) throw new Error(`User ${broadcasterId} is already live; stop the stream first.`);
    if (options.viewer_count !== undefined && (!Number.isInteger(options.viewer_count) || options.viewer_count < 0)) {
      throw new Error(`viewer_count must be a whole number of 0 or more, not ${options.viewer_count}.`);
    }
    if (options.game_id !== undefined) {
      const game = state.games.get(options.game_id);
      if (!game && options.game_id !== '') throw new Error(`No game ${options.game_id}: add it with mock.state.addGame() first.`);
      channel.info.game_id = options.game_id;
      channel.info.game_name = game?.name ?? '';
    }
    if (options.title !== undefined) channel.info.title = options.title;
    if (options.language !== undefined) channel.info.broadcaster_language = options.language;
    if (options.tags !== undefined) channel.info.tags = [...options.tags];
    const stream = this.#newStream(options);
    channel.live = true;
    channel.stream = stream;
    this.videos.startRecording(broadcasterId, stream.id, stream.started_at);
    this.context.events.raise({
      type: 'stream.online',
      version: '1',
      event: { id: stream.id, ...userFields(this.context, broadcasterId, 'broadcaster_user'), type: 'live', started_at: iso(stream.started_at) },
      condition: { broadcaster_user_id: broadcasterId },
    });
    return stream;
  }

  stop(broadcasterId: string): VideoRecord | undefined {
    if (!this.live(broadcasterId)) throw new Error(`User ${broadcasterId} is not live.`);
    const channel = this.context.state.channel(broadcasterId);
    const streamId = channel.stream?.id ?? '';
    const archive = this.videos.publishRecording(broadcasterId);
    channel.live = false;
    channel.stream = undefined;
    this.context.events.raise({
      type: 'stream.offline',
      version: '1',
      // The ID of the stream that ended (the platform added it in 2026-06).
      event: { id: streamId, ...userFields(this.context, broadcasterId, 'broadcaster_user') },
      condition: { broadcaster_user_id: broadcasterId },
    });
    return archive;
  }

  streamKey(broadcasterId: string): string {
    let key = this.keys.get(broadcasterId);
    if (key === undefined) {
      key = `live_${broadcasterId}_${randomToken(12)}`;
      this.keys.set(broadcasterId, key);
    }
    return key;
  }

  /** A live stream as Get Streams and Get Followed Streams answer it. */
  body(channel: MockChannel, stream: MockStream): Record<string, unknown> {
    const user = userFields(this.context, channel.broadcaster_id, 'user');
    return {
      id: stream.id,
      ...user,
      game_id: channel.info.game_id,
      game_name: channel.info.game_name,
      type: stream.type,
      title: channel.info.title,
      tags: [...channel.info.tags],
      viewer_count: stream.viewer_count,
      started_at: iso(stream.started_at),
      language: channel.info.broadcaster_language,
      thumbnail_url: `https://static.example/previews/live_user_${user.user_login}-{width}x{height}.jpg`,
      tag_ids: [],
      is_mature: false,
    };
  }

  /** A marker as Get Stream Markers answers it, in `video` of the user `login`. */
  markerBody(video: VideoRecord, login: string): (marker: MarkerRecord) => Record<string, unknown> {
    return (marker) => ({
      ...markerFields(marker),
      // Named `URL` as in the reference's example answer, which is what the platform sends (the
      // reference's field table spells it `url`).
      URL: `https://platform.example/${login}/manager/highlighter/${video.id}?t=${highlighterTime(marker.position_seconds)}`,
    });
  }
}

/** The streams routes: Get Stream Key, Get Streams, Get Followed Streams, Create Stream Marker, Get Stream Markers. */
export const streamsRoutes: readonly RouteRow<StreamsState>[] = [
  {
    method: 'GET',
    path: '/streams/key',
    token: 'user',
    scopes: ['channel:read:stream_key'],
    query: ['broadcaster_id'],
    handle: ({ request, token }, streams) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      return ok([{ stream_key: streams.streamKey(broadcasterId) }]);
    },
  },
  {
    method: 'GET',
    path: '/streams',
    token: 'either',
    handle: ({ request, context }, streams) => {
      const ids = repeated(request, 'user_id', MAX_STREAM_FILTER);
      const logins = repeated(request, 'user_login', MAX_STREAM_FILTER).map((login) => login.toLowerCase());
      const games = repeated(request, 'game_id', MAX_STREAM_FILTER);
      const languages = repeated(request, 'language', MAX_STREAM_FILTER).map((language) => language.toLowerCase());
      // Every stream is live; `all` and `live` differ only on the platform's reruns and premieres.
      choice(request, 'type', ['all', 'live'], 'all');
      const live = [...streams.liveChannels()].filter(({ channel }) => {
        const id = channel.broadcaster_id;
        if ((ids.length > 0 || logins.length > 0) && !ids.includes(id) && !logins.includes(context.state.user(id)?.login ?? '')) return false;
        if (games.length > 0 && !games.includes(channel.info.game_id)) return false;
        return languages.length === 0 || languages.includes(channel.info.broadcaster_language.toLowerCase());
      });
      const { data, pagination } = page(request, live.sort(byViewers), STREAM_PAGE);
      return ok(data.map(({ channel, stream }) => streams.body(channel, stream)), { pagination });
    },
  },
  {
    method: 'GET',
    path: '/streams/followed',
    token: 'user',
    scopes: ['user:read:follows'],
    query: ['user_id'],
    handle: ({ request, token }, streams) => {
      const userId = request.query.get('user_id')!;
      requireTokenUser(token, userId, 'user_id');
      const followed = [...streams.liveChannels()].filter(({ channel }) => channel.followers.has(userId));
      const { data, pagination } = page(request, followed.sort(byViewers), FOLLOWED_PAGE);
      return ok(data.map(({ channel, stream }) => streams.body(channel, stream)), { pagination });
    },
  },
  {
    method: 'POST',
    path: '/streams/markers',
    token: 'user',
    scopes: ['channel:manage:broadcast'],
    body: ['user_id'],
    handle: ({ request, token, context }, streams) => {
      const body = request.body as { user_id: unknown; description?: unknown };
      const userId = String(body.user_id);
      const description = body.description === undefined || body.description === null ? '' : body.description;
      if (typeof description !== 'string') throw new HttpError(400, 'The parameter "description" was malformed: the value must be a string');
      if (description.length > MAX_MARKER_DESCRIPTION) {
        throw new HttpError(400, `The parameter "description" may be at most ${MAX_MARKER_DESCRIPTION} characters long, not ${description.length}`);
      }
      if (!context.state.user(userId)) throw new HttpError(404, 'The ID in the user_id field is not valid.');
      if (!ownerOrEditor(context.state, userId, token.userId)) {
        throw new HttpError(403, 'The user in the access token is not authorized to create video markers for the user in the user_id field.');
      }
      const stream = streams.live(userId);
      if (!stream) throw new HttpError(404, 'The user in the user_id field is not streaming live.');
      const video = streams.videos.recording(userId)!;
      const now = context.now();
      const marker: MarkerRecord = {
        id: randomBytes(16).toString('hex'),
        created_at: now,
        description,
        position_seconds: Math.max(0, Math.floor((now - stream.started_at) / 1000)),
      };
      video.markers.push(marker);
      return ok([markerFields(marker)]);
    },
  },
  {
    method: 'GET',
    path: '/streams/markers',
    token: 'user',
    scopes: ['user:read:broadcast', 'channel:manage:broadcast'],
    handle: ({ request, token, context }, streams) => {
      const by = exactlyOne(request, ['user_id', 'video_id']);
      let video: VideoRecord | undefined;
      if (by === 'user_id') {
        const userId = request.query.get('user_id')!;
        if (!ownerOrEditor(context.state, userId, token.userId)) throw new HttpError(403, "The user in the access token must be the user in user_id or one of the broadcaster's editors.");
        streams.live(userId);
        video = streams.videos.latest(userId);
        if (!video) throw new HttpError(404, "The user specified in the user_id query parameter doesn't have videos.");
      } else {
        video = streams.videos.get(request.query.get('video_id')!);
        if (!video) throw new HttpError(404, 'The video in the video_id query parameter was not found.');
        if (!ownerOrEditor(context.state, video.user_id, token.userId)) throw new HttpError(403, "The user in the access token must own the video or be one of the broadcaster's editors.");
      }
      const owner = userFields(context, video.user_id, 'user');
      const { data, pagination } = page(request, video.markers, MARKER_PAGE);
      return ok(
        [{ user_id: owner.user_id, user_name: owner.user_name, user_login: owner.user_login, videos: [{ video_id: video.id, markers: data.map(streams.markerBody(video, owner.user_login!)) }] }],
        { pagination },
      );
    },
  },
];

/** The streams controls: `mock.streams.*` and `/mock/streams.*`. */
export const streamsControls: ControlTable<StreamsState, StreamsControl> = {
  start: {
    params: ['broadcasterId: string', 'options?: StreamStartOptions'],
    does: 'The broadcaster goes live: `channel.live` and `channel.stream` are set, the stream shows in Get Streams and Get Followed Streams, an archive starts recording (markers and clips go in it) and `stream.online` is raised.',
    run: (streams, broadcasterId, options) => streams.start(broadcasterId, options),
  },
  stop: {
    params: ['broadcasterId: string'],
    does: 'The broadcaster stops: `channel.live` becomes false, the archive is published (Get Videos lists it) and `stream.offline` is raised.',
    run: (streams, broadcasterId) => streams.stop(broadcasterId),
  },
  streamKey: {
    params: ['broadcasterId: string'],
    does: "The channel's stream key (what Get Stream Key answers).",
    run: (streams, broadcasterId) => streams.streamKey(broadcasterId),
  },
};
