import type { Router } from '../http';
import type { HelixContext } from '../helix';

/** The moderation routes (written from shared/reference/helix.md). */
/** What tests can do in the moderation group that no API call does. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModerationControl {}

export function registerModerationRoutes(_router: Router, _context: HelixContext): ModerationControl {
  // Filled in by the moderation routes work.
  return {};
}
