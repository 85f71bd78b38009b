// The guest star group (reference: Guest Star, beta), written from shared/reference/helix.md §2.2:
// its tables, one file per resource, and the controls tests use for what only a guest or the
// platform does.
import type { Router } from '../http';
import { registerRoutes, type HelixContext } from '../helix';
import { guestStarInviteRoutes } from './guest-star-invites';
import { guestStarSessionRoutes } from './guest-star-sessions';
import { guestStarSettingsRoutes } from './guest-star-settings';
import { guestStarSlotRoutes } from './guest-star-slots';
import { GuestStarState, type GuestStarInviteRecord, type GuestStarSessionRecord, type GuestStarSettingsRecord } from './guest-star-state';

export { GUEST_STAR_LAYOUTS } from './guest-star-state';
export type { GuestStarInviteRecord, GuestStarLayout, GuestStarMediaRecord, GuestStarSeatRecord, GuestStarSessionRecord, GuestStarSettingsRecord } from './guest-star-state';

/** Camera or microphone state of an invited guest. */
export interface GuestStarDevices {
  /** The guest turned the microphone on. */
  is_audio_enabled?: boolean;
  /** The guest turned the camera on. */
  is_video_enabled?: boolean;
  /** The guest has a microphone. */
  is_audio_available?: boolean;
  /** The guest has a camera. */
  is_video_available?: boolean;
}

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

/** The fields of an object that are not undefined, so `Object.assign` leaves the others alone. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/**
 * The guest-star (beta) routes: settings, sessions, invitations and slots, all under
 * `/guest_star/`. Every parameter travels in the query, except that `PUT
 * /guest_star/channel_settings` also reads its fields from a JSON body (the platform's
 * documentation contradicts itself there). Returns the controls tests use for what only a guest
 * or the platform does.
 */
export function registerGuestStarRoutes(router: Router, context: HelixContext): GuestStarControl {
  const guestStar = new GuestStarState(context);
  registerRoutes(router, context, [...guestStarSettingsRoutes(guestStar), ...guestStarSessionRoutes(guestStar), ...guestStarInviteRoutes(guestStar), ...guestStarSlotRoutes(guestStar)]);

  /** The invitation of a guest in the channel's running session, or an Error for the test author. */
  function inviteOf(broadcasterId: string, guestId: string): { session: GuestStarSessionRecord; invite: GuestStarInviteRecord } {
    const session = guestStar.channelOf(broadcasterId).active;
    if (!session) throw new Error(`Channel ${broadcasterId} has no running guest star session.`);
    const invite = session.invites.get(guestId);
    if (!invite) throw new Error(`User ${guestId} has no invitation to the guest star session of ${broadcasterId}.`);
    return { session, invite };
  }

  return {
    acceptInvite(broadcasterId, guestId) {
      const { session, invite } = inviteOf(broadcasterId, guestId);
      if (invite.status !== 'INVITED') throw new Error(`The invitation of ${guestId} is ${invite.status}, not INVITED.`);
      invite.status = 'ACCEPTED';
      guestStar.raiseGuestUpdate(session, guestId, 'accepted', undefined, undefined);
    },
    guestReady(broadcasterId, guestId, devices = {}) {
      const { session, invite } = inviteOf(broadcasterId, guestId);
      invite.status = 'READY';
      invite.is_audio_available = devices.is_audio_available ?? true;
      invite.is_video_available = devices.is_video_available ?? true;
      invite.is_audio_enabled = devices.is_audio_enabled ?? invite.is_audio_available;
      invite.is_video_enabled = devices.is_video_enabled ?? invite.is_video_available;
      guestStar.raiseGuestUpdate(session, guestId, 'ready', undefined, undefined);
    },
    setDevices(broadcasterId, guestId, devices) {
      const session = guestStar.channelOf(broadcasterId).active;
      const invite = session?.invites.get(guestId);
      const seat = session ? guestStar.seatOf(session, guestId) : undefined;
      if (invite) {
        Object.assign(invite, definedOnly(devices));
        return;
      }
      if (!seat) throw new Error(`User ${guestId} is neither invited to nor seated in a running guest star session of ${broadcasterId}.`);
      if (devices.is_audio_enabled !== undefined) seat.audio.is_guest_enabled = devices.is_audio_enabled;
      if (devices.is_video_enabled !== undefined) seat.video.is_guest_enabled = devices.is_video_enabled;
      if (devices.is_audio_available !== undefined) seat.audio.is_available = devices.is_audio_available;
      if (devices.is_video_available !== undefined) seat.video.is_available = devices.is_video_available;
    },
    endSession(broadcasterId) {
      const channel = guestStar.channelOf(broadcasterId);
      return channel.active ? guestStar.end(channel, channel.active) : undefined;
    },
    session: (broadcasterId) => guestStar.channelOf(broadcasterId).active,
    settings: (broadcasterId) => guestStar.channelOf(broadcasterId).settings,
  };
}
