import { randomBytes } from 'node:crypto';
import type { ControlTable } from '../controls';
import { HttpError, type MockRequest, type MockResponse } from '../http';
import type { Persisted } from '../persist';
import { booleanQuery, exactlyOne, iso, ok, page, repeated, requireTokenUser, rfc3339, userFields, type HelixContext, type RouteRow } from '../helix';
import type { MockToken } from '../state';
import type { StreamsState } from './streams';
import { ownerOrEditor, type VideosState } from './videos';

/*
 * The clips group (Create Clip, Create Clip From VOD, Get Clips, Get Clips Download), written
 * from the platform's reference. A clip of a live stream belongs to the archive being recorded:
 * Get Clips shows its `video_id` and `vod_offset` once the stream has stopped and the archive is
 * published (the platform sets them some minutes after the clip too), and empty / null while
 * the video is not available.
 */

/** A clip. */
export interface ClipRecord {
  /** The clip's ID. */
  id: string;
  /** The channel the clip was taken from. */
  broadcaster_id: string;
  /** The ID of the user who created the clip. */
  creator_id: string;
  /** The video it was cut from ('' when none). */
  video_id: string;
  /** Where the clip starts in that video, in seconds. */
  vod_offset: number | null;
  /** The category being played when the clip was created. */
  game_id: string;
  /** An ISO 639-1 two-letter code, or `other`. */
  language: string;
  /** The clip's title. */
  title: string;
  /** How many times the clip was watched. */
  view_count: number;
  /** Epoch ms. */
  created_at: number;
  /** Seconds, one decimal. */
  duration: number;
  /** The broadcaster featured the clip. */
  is_featured: boolean;
}

/** What `mock.clips.add()` takes. */
export type ClipInput = Partial<Omit<ClipRecord, 'id' | 'broadcaster_id'>>;

/** What tests can do with clips that no API call does. */
export interface ClipsControl {
  /**
   * Adds a clip of `broadcasterId`'s channel (default: created now by the broadcaster, 30 seconds,
   * in the channel's category and language, titled like the channel). Returns it.
   */
  add(broadcasterId: string, clip?: ClipInput): Readonly<ClipRecord>;
  /** A clip by ID; undefined when unknown. */
  get(clipId: string): Readonly<ClipRecord> | undefined;
  /** Changes what viewers and the broadcaster change on the site: views, featuring, the title. */
  update(clipId: string, changes: Partial<Pick<ClipRecord, 'view_count' | 'is_featured' | 'title'>>): Readonly<ClipRecord>;
}

const CLIP_PAGE = { defaultFirst: 20, maxFirst: 100 };
const MAX_CLIP_IDS = 100;
const MAX_DOWNLOAD_IDS = 10;
/** Paging through clips stops at about this many, as on the platform. */
const MAX_CLIP_RESULTS = 1000;
const CLIP_MIN_SECONDS = 5;
const CLIP_MAX_SECONDS = 60;
const CLIP_DEFAULT_SECONDS = 30;
const WEEK_MS = 7 * 86_400_000;
/** Get Clips Download: 100 requests a minute. */
const DOWNLOADS_PER_MINUTE = 100;

const SLUG_WORDS = ['Brave', 'Quiet', 'Lucky', 'Swift', 'Clever', 'Happy', 'Tiny', 'Giant', 'Otter', 'Falcon', 'Badger', 'Panda', 'Taco', 'Comet', 'Pixel', 'Maple'];

/** A clip slug like the platform's: four words and a random tail. */
function slug(): string {
  const bytes = randomBytes(4);
  const words = [...bytes].map((byte) => SLUG_WORDS[byte % SLUG_WORDS.length]!).join('');
  return `${words}-${randomBytes(12).toString('base64url')}`;
}

/** The `duration` query parameter of the clip routes: 5 to 60 seconds, precision 0.1, 30 by default. */
function clipDuration(request: MockRequest): number {
  const text = request.query.get('duration');
  if (text === null || text === '') return CLIP_DEFAULT_SECONDS;
  const value = Number(text);
  const tenths = value * 10;
  if (!Number.isFinite(value) || value < CLIP_MIN_SECONDS || value > CLIP_MAX_SECONDS || Math.abs(tenths - Math.round(tenths)) > 1e-9) {
    throw new HttpError(400, `The parameter "duration" was malformed: the value must be a number of seconds from ${CLIP_MIN_SECONDS} to ${CLIP_MAX_SECONDS}, with at most one decimal`);
  }
  return Math.round(tenths) / 10;
}

/** What the clips group keeps, the helpers its routes share, and its controls' logic. */
export class ClipsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); a clip names its video by ID. */
  readonly persisted = { as: 'clips', fields: ['clips'] } as const;
  /** Every clip, by ID. */
  readonly clips = new Map<string, ClipRecord>();

  constructor(
    readonly context: HelixContext,
    readonly streams: StreamsState,
    readonly videos: VideosState,
  ) {}

  /** A clip of `broadcasterId`'s channel; the fields left out are the channel's now. */
  create(broadcasterId: string, clip: ClipInput): ClipRecord {
    const info = this.context.state.channel(broadcasterId).info;
    const record: ClipRecord = {
      id: slug(),
      broadcaster_id: broadcasterId,
      creator_id: clip.creator_id ?? broadcasterId,
      video_id: clip.video_id ?? '',
      vod_offset: clip.vod_offset ?? null,
      game_id: clip.game_id ?? info.game_id,
      language: clip.language ?? info.broadcaster_language,
      title: clip.title ?? info.title,
      view_count: clip.view_count ?? 0,
      created_at: clip.created_at ?? this.context.now(),
      duration: clip.duration ?? CLIP_DEFAULT_SECONDS,
      is_featured: clip.is_featured ?? false,
    };
    this.clips.set(record.id, record);
    return record;
  }

  /** A clip as Get Clips answers it. */
  body(clip: ClipRecord): Record<string, unknown> {
    // The video shows once it is published, and not after it was deleted.
    const video = clip.video_id === '' ? undefined : this.videos.get(clip.video_id);
    const available = video !== undefined && video.published_at !== undefined;
    const broadcaster = userFields(this.context, clip.broadcaster_id, 'broadcaster');
    const creator = userFields(this.context, clip.creator_id, 'creator');
    return {
      id: clip.id,
      url: `https://clips.platform.example/${clip.id}`,
      embed_url: `https://clips.platform.example/embed?clip=${clip.id}`,
      broadcaster_id: clip.broadcaster_id,
      broadcaster_name: broadcaster.broadcaster_name,
      creator_id: clip.creator_id,
      creator_name: creator.creator_name,
      video_id: available ? clip.video_id : '',
      game_id: clip.game_id,
      language: clip.language,
      title: clip.title,
      view_count: clip.view_count,
      created_at: iso(clip.created_at),
      thumbnail_url: `https://static.example/clips/${clip.id}-preview-480x272.jpg`,
      duration: clip.duration,
      vod_offset: available ? clip.vod_offset : null,
      is_featured: clip.is_featured,
    };
  }

  /** The 202 of Create Clip and Create Clip From VOD. */
  accepted(clip: ClipRecord): MockResponse {
    return {
      status: 202,
      body: { data: [{ id: clip.id, edit_url: `https://platform.example/${this.context.state.user(clip.broadcaster_id)?.login ?? ''}/clip/${clip.id}` }] },
    };
  }

  /** The clip routes that act for an editor: `editor_id` is the token's user, the broadcaster or one of their editors. */
  editorOf(token: MockToken, broadcasterId: string, editorId: string, unknown: HttpError, refused: HttpError): void {
    const { state } = this.context;
    if (token.userId !== undefined) requireTokenUser(token, editorId, 'editor_id');
    if (!state.user(broadcasterId) || !state.user(editorId)) throw unknown;
    if (!ownerOrEditor(state, broadcasterId, editorId)) throw refused;
  }

  add(broadcasterId: string, clip: ClipInput = {}): ClipRecord {
    if (!this.context.state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
    return this.create(broadcasterId, clip);
  }

  update(clipId: string, changes: Partial<Pick<ClipRecord, 'view_count' | 'is_featured' | 'title'>>): ClipRecord {
    const clip = this.clips.get(clipId);
    if (!clip) throw new Error(`No clip ${clipId}.`);
    // Only what viewers and the broadcaster change on the site; checked, as /mock/ passes JSON through.
    const kinds = { view_count: 'number', is_featured: 'boolean', title: 'string' } as const;
    for (const [name, value] of Object.entries(changes ?? {})) {
      if (!(name in kinds)) throw new Error(`A clip's ${name} cannot be changed: only view_count, is_featured and title.`);
      if (typeof value !== kinds[name as keyof typeof kinds]) throw new Error(`A clip's ${name} must be a ${kinds[name as keyof typeof kinds]}.`);
    }
    Object.assign(clip, changes);
    return clip;
  }
}

/** The clips routes: Create Clip, Create Clip From VOD, Get Clips, Get Clips Download. */
export const clipsRoutes: readonly RouteRow<ClipsState>[] = [
  {
    method: 'POST',
    path: '/clips',
    token: 'user',
    scopes: ['clips:edit'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, clips) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const duration = clipDuration(request);
      const title = request.query.get('title');
      if (!context.state.user(broadcasterId)) throw new HttpError(400, 'The ID in the broadcaster_id query parameter was not found.');
      if (token.userId !== undefined && context.state.activeBan(broadcasterId, token.userId)) throw new HttpError(403, "The user is banned or timed out from the broadcaster's channel.");
      const stream = clips.streams.live(broadcasterId);
      if (!stream) throw new HttpError(404, 'The broadcaster in the broadcaster_id query parameter must be broadcasting live.');
      const recording = clips.videos.recording(broadcasterId)!;
      const elapsed = Math.max(0, Math.floor((context.now() - stream.started_at) / 1000));
      const clip = clips.create(broadcasterId, {
        creator_id: token.userId!,
        video_id: recording.id,
        vod_offset: Math.max(0, elapsed - Math.ceil(duration)),
        duration,
        ...(title ? { title } : {}),
      });
      return clips.accepted(clip);
    },
  },
  {
    method: 'POST',
    path: '/videos/clips',
    token: 'either',
    scopes: ['editor:manage:clips', 'channel:manage:clips'],
    query: ['editor_id', 'broadcaster_id', 'vod_id', 'vod_offset', 'title'],
    handle: ({ request, token, context }, clips) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const editorId = request.query.get('editor_id')!;
      const offsetText = request.query.get('vod_offset')!;
      if (!/^\d+$/.test(offsetText)) throw new HttpError(400, 'The parameter "vod_offset" was malformed: the value must be a whole number of seconds');
      const offset = Number(offsetText);
      const duration = clipDuration(request);
      clips.editorOf(
        token,
        broadcasterId,
        editorId,
        new HttpError(404, 'The broadcaster_id or the editor_id does not exist.'),
        new HttpError(403, 'The user defined by the editor_id is not authorized to create Clips.'),
      );
      if (context.state.activeBan(broadcasterId, editorId)) throw new HttpError(403, "The user is banned or timed out from the broadcaster's channel.");
      const video = clips.videos.get(request.query.get('vod_id')!);
      if (!video || video.user_id !== broadcasterId) throw new HttpError(404, 'The VOD is not found.');
      if (offset < duration) throw new HttpError(400, `The parameter "vod_offset" must be at least the clip's duration (${duration} seconds): the clip ends at vod_offset`);
      const length = clips.videos.lengthOf(video);
      if (offset > length) throw new HttpError(400, `The parameter "vod_offset" may be at most the video's length (${length} seconds)`);
      const clip = clips.create(broadcasterId, {
        creator_id: editorId,
        video_id: video.id,
        vod_offset: Math.floor(offset - duration),
        duration,
        game_id: video.game_id,
        language: video.language,
        title: request.query.get('title')!,
      });
      return clips.accepted(clip);
    },
  },
  {
    method: 'GET',
    path: '/clips',
    token: 'either',
    handle: ({ request, context }, clips) => {
      const by = exactlyOne(request, ['broadcaster_id', 'game_id', 'id']);
      const startText = request.query.get('started_at');
      const endText = request.query.get('ended_at');
      const from = startText === null ? undefined : rfc3339(startText, 'started_at');
      const until = endText === null ? (from === undefined ? undefined : from + WEEK_MS) : rfc3339(endText, 'ended_at');
      const featured = booleanQuery(request, 'is_featured');
      const keep = (clip: ClipRecord) =>
        (from === undefined || clip.created_at >= from) && (until === undefined || clip.created_at <= until) && (featured === undefined || clip.is_featured === featured);
      if (by === 'id') {
        const ids = [...new Set(repeated(request, 'id', MAX_CLIP_IDS))];
        const found = ids.map((id) => clips.clips.get(id)).filter((clip): clip is ClipRecord => clip !== undefined && keep(clip));
        return ok(found.map((clip) => clips.body(clip)), { pagination: {} });
      }
      const value = request.query.get(by)!;
      if (by === 'game_id' && !context.state.games.has(value)) throw new HttpError(404, 'The ID in game_id was not found.');
      const list = [...clips.clips.values()]
        .filter((clip) => (by === 'game_id' ? clip.game_id === value : clip.broadcaster_id === value) && keep(clip))
        .sort((a, b) => b.view_count - a.view_count || b.created_at - a.created_at)
        .slice(0, MAX_CLIP_RESULTS);
      const { data, pagination } = page(request, list, CLIP_PAGE);
      return ok(data.map((clip) => clips.body(clip)), { pagination });
    },
  },
  {
    method: 'GET',
    path: '/clips/downloads',
    token: 'either',
    scopes: ['editor:manage:clips', 'channel:manage:clips'],
    query: ['editor_id', 'broadcaster_id', 'clip_id'],
    handle: ({ request, token, context }, clips) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const editorId = request.query.get('editor_id')!;
      const ids = [...new Set(repeated(request, 'clip_id', MAX_DOWNLOAD_IDS))];
      context.limits.endpoint(`clips.downloads:${token.clientId}:${token.userId ?? ''}`, DOWNLOADS_PER_MINUTE, 60_000, 'Get Clips Download is limited to 100 requests per minute');
      const invalid = new HttpError(400, 'The ID in the broadcaster_id, editor_id, or clip_id query parameter is not valid.');
      clips.editorOf(token, broadcasterId, editorId, invalid, new HttpError(403, 'The user is not an editor for the specified broadcaster.'));
      const found = ids.map((id) => clips.clips.get(id));
      if (found.some((clip) => clip?.broadcaster_id !== broadcasterId)) throw invalid;
      return ok(
        (found as ClipRecord[]).map((clip) => ({
          clip_id: clip.id,
          landscape_download_url: `https://static.example/clips/${clip.id}/landscape.mp4`,
          // The mock makes no portrait versions.
          portrait_download_url: null,
        })),
      );
    },
  },
];

/** The clips controls: `mock.clips.*` and `/mock/clips.*`. */
export const clipsControls: ControlTable<ClipsState, ClipsControl> = {
  add: {
    params: ['broadcasterId: string', 'clip?: ClipInput'],
    does: "Adds a clip of `broadcasterId`'s channel (default: created now by the broadcaster, 30 seconds, in the channel's category and language, titled like the channel).",
    run: (clips, broadcasterId, clip) => clips.add(broadcasterId, clip),
  },
  get: {
    params: ['clipId: string'],
    does: 'A clip by ID; undefined when unknown.',
    run: (clips, clipId) => clips.clips.get(clipId),
  },
  update: {
    params: ['clipId: string', "changes: Partial<Pick<ClipRecord, 'view_count' | 'is_featured' | 'title'>>"],
    does: 'Changes what viewers and the broadcaster change on the site: views, featuring, the title.',
    run: (clips, clipId, changes) => clips.update(clipId, changes),
  },
};
