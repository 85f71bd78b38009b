import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { iso, ok, requireTokenUser, userFields, type HelixContext, type RouteRow } from '../helix';
import type { MockToken } from '../state';
import type { StreamsState } from './streams';

/*
 * The ads group (Start Commercial, Get Ad Schedule, Snooze Next Ad), written from the platform's
 * reference: the broadcaster's user token, or the app token of a client the broadcaster granted
 * the scope (since 2026-05-29). A small ad state per channel: while live, an automatic mid-roll is scheduled every
 * hour of the stream (a manual commercial restarts that hour); snoozes push the next one back 5
 * minutes, 3 snoozes at most, one coming back each hour. Time is the mock's clock: an automatic
 * mid-roll whose time has passed runs (and raises `channel.ad_break.begin`) when an ads route or
 * control next looks at the channel.
 */

/** A channel's ad schedule, as the mock keeps it. */
export interface AdScheduleRecord {
  /** Epoch ms of the next automatic mid-roll; undefined when none is scheduled (or not live). */
  next_ad_at: number | undefined;
  /** Length in seconds of that mid-roll. */
  duration: number;
  /** Epoch ms of the last ad break of the current stream; undefined when none. */
  last_ad_at: number | undefined;
  /** Snoozes left, 0 to 3. */
  snooze_count: number;
  /** Epoch ms when a snooze comes back; undefined when all 3 are there. */
  snooze_refresh_at: number | undefined;
  /** Epoch ms until which the channel is pre-roll free; undefined when it is not. */
  preroll_free_until: number | undefined;
}

/** What tests can do with a channel's ads that no API call does. */
export interface AdsControl {
  /** The channel's ad schedule now (automatic mid-rolls that are due run first). */
  schedule(broadcasterId: string): Readonly<AdScheduleRecord>;
  /**
   * Changes the schedule: when the next automatic mid-roll runs and for how long, the snoozes
   * left, the pre-roll free time left (in seconds). Returns the schedule.
   */
  update(broadcasterId: string, changes: { next_ad_at?: number; duration?: number; snooze_count?: number; preroll_free_time?: number }): Readonly<AdScheduleRecord>;
}

/** Seconds of the longest commercial; a longer request runs this long. */
const MAX_COMMERCIAL_SECONDS = 180;
/** Seconds between two commercials (`retry_after`). */
const COMMERCIAL_COOLDOWN_SECONDS = 480;
/** An automatic mid-roll every hour of a live stream, 60 seconds long unless changed. */
const AUTO_AD_INTERVAL_MS = 3_600_000;
const AUTO_AD_SECONDS = 60;
const MAX_SNOOZES = 3;
const SNOOZE_PUSH_MS = 300_000;
const SNOOZE_REFRESH_MS = 3_600_000;

interface AdState extends AdScheduleRecord {
  /** The stream the schedule belongs to; a new stream starts a new schedule. */
  stream_id: string | undefined;
  /** Epoch ms of the last commercial started through the API (for the cooldown). */
  last_commercial_at: number | undefined;
}

// The platform answers these times in epoch seconds (whole numbers), 0 when there is none,
// whatever the RFC 3339 strings of its reference's tables.
function stamp(ms: number | undefined): number {
  return ms === undefined ? 0 : Math.floor(ms / 1000);
}

function copy(ads: AdState): AdScheduleRecord {
  return {
    next_ad_at: ads.next_ad_at,
    duration: ads.duration,
    last_ad_at: ads.last_ad_at,
    snooze_count: ads.snooze_count,
    snooze_refresh_at: ads.snooze_refresh_at,
    preroll_free_until: ads.preroll_free_until,
  };
}

/** What the ads group keeps (each channel's ad state), the helpers its routes share, and its controls' logic. */
export class AdsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); due mid-rolls and snoozes are read from the clock when looked at, nothing to arm again. */
  readonly persisted = { as: 'ads', fields: ['channels'] } as const;
  /** The ad state of each channel, by broadcaster ID. */
  readonly channels = new Map<string, AdState>();

  constructor(
    readonly context: HelixContext,
    readonly streams: StreamsState,
  ) {}

  /** Raises `channel.ad_break.begin`. */
  adBreak(broadcasterId: string, startedAt: number, seconds: number, automatic: boolean): void {
    this.context.events.raise({
      type: 'channel.ad_break.begin',
      version: '1',
      event: {
        duration_seconds: seconds,
        started_at: iso(startedAt),
        is_automatic: automatic,
        ...userFields(this.context, broadcasterId, 'broadcaster_user'),
        // Only the broadcaster may start a commercial, and automatic ads name the broadcaster too.
        ...userFields(this.context, broadcasterId, 'requester_user'),
      },
      condition: { broadcaster_user_id: broadcasterId },
    });
  }

  /** The channel's state brought up to the mock's clock: snoozes back, a new stream's schedule, due mid-rolls run. */
  current(broadcasterId: string): AdState {
    let ads = this.channels.get(broadcasterId);
    if (!ads) {
      ads = { next_ad_at: undefined, duration: AUTO_AD_SECONDS, last_ad_at: undefined, snooze_count: MAX_SNOOZES, snooze_refresh_at: undefined, preroll_free_until: undefined, stream_id: undefined, last_commercial_at: undefined };
      this.channels.set(broadcasterId, ads);
    }
    const now = this.context.now();
    while (ads.snooze_refresh_at !== undefined && now >= ads.snooze_refresh_at) {
      ads.snooze_count++;
      ads.snooze_refresh_at = ads.snooze_count < MAX_SNOOZES ? ads.snooze_refresh_at + SNOOZE_REFRESH_MS : undefined;
    }
    if (ads.preroll_free_until !== undefined && now >= ads.preroll_free_until) ads.preroll_free_until = undefined;
    const stream = this.streams.live(broadcasterId);
    if (!stream) {
      ads.stream_id = undefined;
      ads.next_ad_at = undefined;
      ads.last_ad_at = undefined;
      return ads;
    }
    if (ads.stream_id !== stream.id) {
      ads.stream_id = stream.id;
      ads.next_ad_at = stream.started_at + AUTO_AD_INTERVAL_MS;
      ads.last_ad_at = undefined;
    }
    while (ads.next_ad_at !== undefined && now >= ads.next_ad_at) {
      this.adBreak(broadcasterId, ads.next_ad_at, ads.duration, true);
      ads.last_ad_at = ads.next_ad_at;
      ads.next_ad_at += AUTO_AD_INTERVAL_MS;
    }
    return ads;
  }

  knownBroadcaster(broadcasterId: string): void {
    if (!this.context.state.user(broadcasterId)) throw new HttpError(400, 'The broadcaster ID is not valid.');
  }

  /**
   * The broadcaster acts: with a user token, the token's user must be `broadcaster_id` (401); with
   * the app token (since 2026-05-29), the broadcaster must have granted this client `scope` (401).
   */
  requireBroadcaster(token: MockToken, broadcasterId: string, scope: string): void {
    if (token.userId !== undefined) {
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      return;
    }
    if (!this.context.state.grantedScopes(token.clientId, broadcasterId).has(scope)) throw new HttpError(401, `The broadcaster in broadcaster_id has not authorized this application with the ${scope} scope.`);
  }

  schedule(broadcasterId: string): AdScheduleRecord {
    return copy(this.current(broadcasterId));
  }

  update(broadcasterId: string, changes: { next_ad_at?: number; duration?: number; snooze_count?: number; preroll_free_time?: number }): AdScheduleRecord {
    const ads = this.current(broadcasterId);
    if (changes.snooze_count !== undefined) {
      if (!Number.isInteger(changes.snooze_count) || changes.snooze_count < 0 || changes.snooze_count > MAX_SNOOZES) {
        throw new Error(`snooze_count must be a whole number from 0 to ${MAX_SNOOZES}, not ${changes.snooze_count}.`);
      }
      ads.snooze_count = changes.snooze_count;
      ads.snooze_refresh_at = ads.snooze_count < MAX_SNOOZES ? (ads.snooze_refresh_at ?? this.context.now() + SNOOZE_REFRESH_MS) : undefined;
    }
    if (changes.duration !== undefined) {
      if (!Number.isInteger(changes.duration) || changes.duration < 1) throw new Error(`duration must be a whole number of seconds of 1 or more, not ${changes.duration}.`);
      ads.duration = changes.duration;
    }
    if (changes.next_ad_at !== undefined) {
      if (!this.streams.live(broadcasterId)) throw new Error(`User ${broadcasterId} is not live: only a live channel has a next ad.`);
      ads.next_ad_at = changes.next_ad_at;
    }
    if (changes.preroll_free_time !== undefined) {
      if (!(changes.preroll_free_time >= 0)) throw new Error(`preroll_free_time must be 0 or more seconds, not ${changes.preroll_free_time}.`);
      ads.preroll_free_until = changes.preroll_free_time === 0 ? undefined : this.context.now() + changes.preroll_free_time * 1000;
    }
    return copy(this.current(broadcasterId));
  }
}

/** The ads routes: Start Commercial, Get Ad Schedule, Snooze Next Ad. */
export const adsRoutes: readonly RouteRow<AdsState>[] = [
  {
    method: 'POST',
    path: '/channels/commercial',
    token: 'either',
    scopes: ['channel:edit:commercial'],
    body: ['broadcaster_id', 'length'],
    handle: ({ request, token, context }, ads) => {
      const body = request.body as { broadcaster_id: unknown; length: unknown };
      const broadcasterId = String(body.broadcaster_id);
      ads.requireBroadcaster(token, broadcasterId, 'channel:edit:commercial');
      if (typeof body.length !== 'number' || !Number.isInteger(body.length) || body.length < 1) {
        throw new HttpError(400, `The parameter "length" was malformed: the value must be a whole number of seconds from 1 to ${MAX_COMMERCIAL_SECONDS}`);
      }
      const length = Math.min(body.length, MAX_COMMERCIAL_SECONDS);
      const user = context.state.user(broadcasterId);
      if (!user) throw new HttpError(404, 'The ID in broadcaster_id was not found.');
      if (user.broadcaster_type === '') throw new HttpError(400, 'Only partners and affiliates may run commercials.');
      const schedule = ads.current(broadcasterId);
      if (!ads.streams.live(broadcasterId)) throw new HttpError(400, 'To start a commercial, the broadcaster must be streaming live.');
      const now = context.now();
      if (schedule.last_commercial_at !== undefined) {
        const wait = Math.ceil((schedule.last_commercial_at + COMMERCIAL_COOLDOWN_SECONDS * 1000 - now) / 1000);
        if (wait > 0) throw new HttpError(429, `The broadcaster may not run another commercial until the cooldown period expires: retry after ${wait} second${wait === 1 ? '' : 's'}.`);
      }
      schedule.last_commercial_at = now;
      schedule.last_ad_at = now;
      schedule.next_ad_at = now + AUTO_AD_INTERVAL_MS;
      ads.adBreak(broadcasterId, now, length, false);
      return ok([{ length, message: '', retry_after: COMMERCIAL_COOLDOWN_SECONDS }]);
    },
  },
  {
    method: 'GET',
    path: '/channels/ads',
    token: 'either',
    scopes: ['channel:read:ads'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, ads) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      ads.requireBroadcaster(token, broadcasterId, 'channel:read:ads');
      ads.knownBroadcaster(broadcasterId);
      const schedule = ads.current(broadcasterId);
      const now = context.now();
      return ok([
        {
          next_ad_at: stamp(schedule.next_ad_at),
          last_ad_at: stamp(schedule.last_ad_at),
          duration: schedule.next_ad_at === undefined ? 0 : schedule.duration,
          preroll_free_time: schedule.preroll_free_until === undefined ? 0 : Math.ceil((schedule.preroll_free_until - now) / 1000),
          snooze_count: schedule.snooze_count,
          snooze_refresh_at: stamp(schedule.snooze_refresh_at),
        },
      ]);
    },
  },
  {
    method: 'POST',
    path: '/channels/ads/schedule/snooze',
    token: 'either',
    scopes: ['channel:manage:ads'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, ads) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      ads.requireBroadcaster(token, broadcasterId, 'channel:manage:ads');
      ads.knownBroadcaster(broadcasterId);
      const schedule = ads.current(broadcasterId);
      if (!ads.streams.live(broadcasterId)) throw new HttpError(400, 'The channel is not currently live.');
      if (schedule.next_ad_at === undefined) throw new HttpError(400, 'Channel does not have an upcoming scheduled ad break.');
      if (schedule.snooze_count === 0) throw new HttpError(429, 'Channel has no snoozes left.');
      schedule.snooze_count--;
      schedule.snooze_refresh_at ??= context.now() + SNOOZE_REFRESH_MS;
      schedule.next_ad_at += SNOOZE_PUSH_MS;
      return ok([{ snooze_count: schedule.snooze_count, snooze_refresh_at: stamp(schedule.snooze_refresh_at), next_ad_at: stamp(schedule.next_ad_at) }]);
    },
  },
];

/** The ads controls: `mock.ads.*` and `/mock/ads.*`. */
export const adsControls: ControlTable<AdsState, AdsControl> = {
  schedule: {
    params: ['broadcasterId: string'],
    does: "The channel's ad schedule now (automatic mid-rolls that are due run first).",
    run: (ads, broadcasterId) => ads.schedule(broadcasterId),
  },
  update: {
    params: ['broadcasterId: string', 'changes: { next_ad_at?: number; duration?: number; snooze_count?: number; preroll_free_time?: number }'],
    does: 'Changes the schedule: when the next automatic mid-roll runs and for how long, the snoozes left, the pre-roll free time left (in seconds).',
    run: (ads, broadcasterId, changes) => ads.update(broadcasterId, changes),
  },
};
