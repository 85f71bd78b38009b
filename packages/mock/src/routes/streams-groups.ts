// The routes of the reference groups that `@platform/api-streams` calls: streams, videos, clips,
// schedule, raids and ads, with their controls on `MockPlatform`.
import type { Router } from '../http';
import type { HelixContext } from '../helix';
import { registerAdRoutes, type AdsControl } from './ads';
import { registerClipRoutes, type ClipsControl } from './clips';
import { registerRaidRoutes, type RaidsControl } from './raids';
import { registerScheduleRoutes } from './schedule';
import { Broadcasts, registerStreamRoutes, type StreamsControl } from './streams';
import { registerVideoRoutes, VideoStore, type VideosControl } from './videos';

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

/** Registers every route of these groups and returns their controls. */
export function registerStreamsGroups(router: Router, context: HelixContext): StreamsGroupsControls {
  const videos = new VideoStore(context.state);
  const broadcasts = new Broadcasts(context, videos);
  const streams = registerStreamRoutes(router, context, broadcasts);
  const videosControl = registerVideoRoutes(router, context, videos);
  const clips = registerClipRoutes(router, context, broadcasts, videos);
  registerScheduleRoutes(router, context);
  const raids = registerRaidRoutes(router, context, broadcasts);
  const ads = registerAdRoutes(router, context, broadcasts);
  return { streams, videos: videosControl, clips, raids, ads };
}
