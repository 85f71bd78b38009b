// The routes of the reference groups that `@platform/api-streams` calls: streams, videos, clips,
// schedule, raids and ads, with their controls on `MockPlatform`. Each group is
// `<group>Routes` + `<Group>State` + `<group>Controls` (see controls.ts); the states that other
// groups read (the videos, the broadcasts) are given to theirs.
import { bindControls, serveGroup, type ServedGroup } from '../controls';
import type { Router } from '../http';
import { registerRoutes, type HelixContext } from '../helix';
import { adsControls, adsRoutes, AdsState, type AdsControl } from './ads';
import { clipsControls, clipsRoutes, ClipsState, type ClipsControl } from './clips';
import { bindRaidsControls, raidsControls, raidsHttpOnly, raidsRoutes, RaidsState, type RaidsControl } from './raids';
import { registerScheduleCalendar, scheduleRoutes, ScheduleState } from './schedule';
import { streamsControls, streamsRoutes, StreamsState, type StreamsControl } from './streams';
import { videosControls, videosRoutes, VideosState, type VideosControl } from './videos';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export interface StreamsGroupsControls {
  /** Broadcasts: `start(broadcasterId, { viewer_count, ... })` and `stop(broadcasterId)`. */
  readonly streams: StreamsControl;
  /** Videos: add a highlight or upload, read a video or the archive being recorded. */
  readonly videos: VideosControl;
  /** Clips: add one, read one, change its views or featuring. */
  readonly clips: ClipsControl;
  /** Raids: the countdown, Raid Now (`complete`), the pending raid. */
  readonly raids: RaidsControl;
  /** Ads: read and change a channel's ad schedule. */
  readonly ads: AdsControl;
}

/** Registers every route of these groups; returns their controls, and their tables for `/mock/`. */
export function registerStreamsGroups(router: Router, context: HelixContext): { controls: StreamsGroupsControls; served: ServedGroup[] } {
  const videos = new VideosState(context);
  const streams = new StreamsState(context, videos);
  registerRoutes(router, context, streamsRoutes, streams);
  registerRoutes(router, context, videosRoutes, videos);
  const clips = new ClipsState(context, streams, videos);
  registerRoutes(router, context, clipsRoutes, clips);
  const schedule = new ScheduleState(context);
  registerRoutes(router, context, scheduleRoutes, schedule);
  registerScheduleCalendar(router, schedule);
  const raids = new RaidsState(context, streams);
  registerRoutes(router, context, raidsRoutes, raids);
  const ads = new AdsState(context, streams);
  registerRoutes(router, context, adsRoutes, ads);
  return {
    controls: {
      streams: bindControls(streamsControls, streams),
      videos: bindControls(videosControls, videos),
      clips: bindControls(clipsControls, clips),
      raids: bindRaidsControls(raids),
      ads: bindControls(adsControls, ads),
    },
    served: [
      serveGroup('streams', 'streams', streamsControls, streams),
      serveGroup('videos', 'videos', videosControls, videos),
      serveGroup('clips', 'clips', clipsControls, clips),
      serveGroup('raids', 'raids', raidsControls, raids, raidsHttpOnly),
      serveGroup('ads', 'ads', adsControls, ads),
    ],
  };
}
