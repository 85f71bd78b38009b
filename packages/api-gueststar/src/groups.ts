// `@platform/api-gueststar/groups`, the operation group of the package as data: `guestStarGroup` lists
// the operations that `Platform` binds as `client.guestStar`, so a new operation joins the group here,
// in its own package. A subpath of its own keeps this data out of the package's index, and so out of
// the names `@platform/client` re-exports.
import { settings } from './operations/settings';
import { updateSettings } from './operations/update-settings';
import { session } from './operations/session';
import { createSession } from './operations/create-session';
import { endSession } from './operations/end-session';
import { invites } from './operations/invites';
import { invite } from './operations/invite';
import { deleteInvite } from './operations/delete-invite';
import { assignSlot } from './operations/assign-slot';
import { updateSlot } from './operations/update-slot';
import { deleteSlot } from './operations/delete-slot';
import { updateSlotSettings } from './operations/update-slot-settings';

/** The guest star operations (beta), as `client.guestStar` binds them. */
export const guestStarGroup = {
  /** Reads a channel's guest star settings ({@link settings}). */
  settings,
  /** Changes a channel's guest star settings ({@link updateSettings}). */
  updateSettings,
  /** Reads a channel's running guest star session, or null ({@link session}). */
  session,
  /** Starts a guest star session with the host as its only member ({@link createSession}). */
  createSession,
  /** Ends a running guest star session ({@link endSession}). */
  endSession,
  /** Lists the guests invited to a session and where each stands ({@link invites}). */
  invites,
  /** Invites a user to a running guest star session ({@link invite}). */
  invite,
  /** Withdraws a guest's invitation to a session ({@link deleteInvite}). */
  deleteInvite,
  /** Seats an invited, `READY` guest in an empty slot ({@link assignSlot}). */
  assignSlot,
  /** Moves a seated guest to another slot ({@link updateSlot}). */
  updateSlot,
  /** Removes a guest from their slot ({@link deleteSlot}). */
  deleteSlot,
  /** Changes the audio, video, live state and volume of a slot ({@link updateSlotSettings}). */
  updateSlotSettings,
} as const;
