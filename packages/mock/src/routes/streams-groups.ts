// The routes of the reference groups that `@platform/api-streams` calls: streams, videos, clips,
// schedule, raids and ads, with their controls on `MockPlatform`.
import type { Router } from '../http';
import type { HelixContext } from '../helix';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export type StreamsGroupsControls = Record<never, never>;

/** Registers every route of these groups and returns their controls. */
export function registerStreamsGroups(_router: Router, _context: HelixContext): StreamsGroupsControls {
  return {};
}
