import type { Router } from '../http';
import type { HelixContext } from '../helix';

/** The guest-star routes (written from shared/reference/helix.md). */
/** What tests can do in the guest-star group that no API call does. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GuestStarControl {}

export function registerGuestStarRoutes(_router: Router, _context: HelixContext): GuestStarControl {
  // Filled in by the guest-star routes work.
  return {};
}
