// The guest star group (reference: Guest Star, beta), written from shared/reference/helix.md §2.2:
// `guestStarRoutes` (one file per resource) over `GuestStarState` (guest-star-state.ts), and
// `guestStarControls`, what only a guest or the platform does.
import type { ControlTable } from '../controls';
import type { RouteRow } from '../helix';
import { guestStarInviteRoutes } from './guest-star-invites';
import { guestStarSessionRoutes } from './guest-star-sessions';
import { guestStarSettingsRoutes } from './guest-star-settings';
import { guestStarSlotRoutes } from './guest-star-slots';
import type { GuestStarDevices, GuestStarSessionRecord, GuestStarSettingsRecord, GuestStarState } from './guest-star-state';

export { GUEST_STAR_LAYOUTS, GuestStarState } from './guest-star-state';
export type { GuestStarDevices, GuestStarInviteRecord, GuestStarLayout, GuestStarMediaRecord, GuestStarSeatRecord, GuestStarSessionRecord, GuestStarSettingsRecord } from './guest-star-state';

/** What tests can do in the guest-star group that no API call does. */
export interface GuestStarControl {
  /**
   * The guest reacts to their invitation: INVITED → ACCEPTED (they are in the waiting room).
   * Raises `channel.guest_star_guest.update` with state `accepted` and no moderator.
   * Throws when the channel has no running session or the guest has no invitation in it.
   */
  acceptInvite(broadcasterId: string, guestId: string): void;
  /**
   * The guest is set up and can be seated: INVITED or ACCEPTED → READY, which `assignSlot` needs.
   * Unless `devices` says otherwise the guest has a camera and a microphone, both turned on.
   * Raises `channel.guest_star_guest.update` with state `ready`. Throws like `acceptInvite`.
   */
  guestReady(broadcasterId: string, guestId: string, devices?: GuestStarDevices): void;
  /**
   * Changes a guest's own camera and microphone: on their invitation while queued, or on their
   * seat once seated (`is_*_enabled` is then the guest's side, `is_guest_enabled`). Only the given
   * fields change. Throws when the guest is neither invited nor seated in a running session.
   */
  setDevices(broadcasterId: string, guestId: string, devices: GuestStarDevices): void;
  /**
   * The platform ends the running session by itself (the host left the call interface, for
   * example) and raises `channel.guest_star_session.end`. Returns the session as it was, or
   * undefined when none was running.
   */
  endSession(broadcasterId: string): GuestStarSessionRecord | undefined;
  /** The running session of a channel, for assertions; undefined when none runs. */
  session(broadcasterId: string): GuestStarSessionRecord | undefined;
  /** A channel's settings (the defaults until changed), for assertions or to change directly. */
  settings(broadcasterId: string): GuestStarSettingsRecord;
}

/**
 * The guest-star (beta) routes: settings, sessions, invitations and slots, all under
 * `/guest_star/`. Every parameter travels in the query, except that `PUT
 * /guest_star/channel_settings` also reads its fields from a JSON body (the platform's
 * documentation contradicts itself there).
 */
export const guestStarRoutes: readonly RouteRow<GuestStarState>[] = [...guestStarSettingsRoutes, ...guestStarSessionRoutes, ...guestStarInviteRoutes, ...guestStarSlotRoutes];

/** The guest star controls: `mock.guestStar.*` and `/mock/guestStar.*`. */
export const guestStarControls: ControlTable<GuestStarState, GuestStarControl> = {
  acceptInvite: {
    params: ['broadcasterId: string', 'guestId: string'],
    does: 'The guest reacts to their invitation: INVITED → ACCEPTED (they are in the waiting room).',
    run: (guestStar, broadcasterId, guestId) => guestStar.acceptInvite(broadcasterId, guestId),
  },
  guestReady: {
    params: ['broadcasterId: string', 'guestId: string', 'devices?: GuestStarDevices'],
    does: 'The guest is set up and can be seated: INVITED or ACCEPTED → READY, which `assignSlot` needs.',
    run: (guestStar, broadcasterId, guestId, devices) => guestStar.guestReady(broadcasterId, guestId, devices),
  },
  setDevices: {
    params: ['broadcasterId: string', 'guestId: string', 'devices: GuestStarDevices'],
    does: "Changes a guest's own camera and microphone: on their invitation while queued, or on their seat once seated (`is_*_enabled` is then the guest's side, `is_guest_enabled`).",
    run: (guestStar, broadcasterId, guestId, devices) => guestStar.setDevices(broadcasterId, guestId, devices),
  },
  endSession: {
    params: ['broadcasterId: string'],
    does: 'The platform ends the running session by itself (the host left the call interface, for example) and raises `channel.guest_star_session.end`.',
    run: (guestStar, broadcasterId) => guestStar.endSession(broadcasterId),
  },
  session: {
    params: ['broadcasterId: string'],
    does: 'The running session of a channel, for assertions; undefined when none runs.',
    run: (guestStar, broadcasterId) => guestStar.channelOf(broadcasterId).active,
  },
  settings: {
    params: ['broadcasterId: string'],
    does: "A channel's settings (the defaults until changed), for assertions or to change directly.",
    run: (guestStar, broadcasterId) => guestStar.channelOf(broadcasterId).settings,
  },
};
