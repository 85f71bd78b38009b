// The guest star group's state: each channel's settings and sessions, the answers' shapes, the
// events a change raises, and the controls' logic (what only a guest or the platform does).
import { HttpError } from '../http';
import { iso, userFields, type HelixContext } from '../helix';
import type { Persisted } from '../persist';
import { randomToken } from '../state';

/** The layouts Helix accepts in `group_layout`. */
export const GUEST_STAR_LAYOUTS = ['TILED_LAYOUT', 'SCREENSHARE_LAYOUT', 'HORIZONTAL_LAYOUT', 'VERTICAL_LAYOUT'] as const;
/**
 * A layout of the group browser source, as Helix spells it.
 * @useDeclaredType
 */
export type GuestStarLayout = (typeof GUEST_STAR_LAYOUTS)[number];

/**
 * The EventSub spelling of each Helix layout. The events use their own lower-case names
 * (`tiled`, `screenshare`, `horizontal_top`, `vertical_left`...); Helix has only one horizontal
 * and one vertical value, so those map to the top and left variants.
 */
const EVENT_LAYOUTS: Record<GuestStarLayout, string> = {
  TILED_LAYOUT: 'tiled',
  SCREENSHARE_LAYOUT: 'screenshare',
  HORIZONTAL_LAYOUT: 'horizontal_top',
  VERTICAL_LAYOUT: 'vertical_left',
};

/** Any of these lets a user token read guest star data (settings, session, invites). */
export const READ_SCOPES = ['channel:read:guest_star', 'channel:manage:guest_star', 'moderator:read:guest_star', 'moderator:manage:guest_star'];
/** Any of these lets a user token change invites and slots. */
export const MANAGE_SCOPES = ['channel:manage:guest_star', 'moderator:manage:guest_star'];
/** Only the broadcaster's own scope changes settings and starts or ends a session. */
export const HOST_SCOPES = ['channel:manage:guest_star'];

/** The largest volume of a slot. */
export const VOLUME_MAX = 100;
/** The slot the host always holds. */
export const HOST_SLOT = '0';

/** A channel's guest star preferences, as `GET /guest_star/channel_settings` returns them. */
export interface GuestStarSettingsRecord {
  /** Moderators may decide whether a seated guest is live. */
  is_moderator_send_live_enabled: boolean;
  /** How many guest slots the channel has. */
  slot_count: number;
  /** The browser sources play the guests' audio. */
  is_browser_source_audio_enabled: boolean;
  /** The layout of the group browser source. */
  group_layout: GuestStarLayout;
  /** A view-only token for building browser source addresses. */
  browser_source_token: string;
}

/** A guest in the invitation queue. */
export interface GuestStarInviteRecord {
  /** The invited user's ID. */
  user_id: string;
  /** Epoch ms. */
  invited_at: number;
  /** Where the invite stands: no reaction yet, in the waiting room, or ready to join. */
  status: 'INVITED' | 'ACCEPTED' | 'READY';
  /** The guest's microphone is on. */
  is_audio_enabled: boolean;
  /** The guest's camera is on. */
  is_video_enabled: boolean;
  /** The guest has a microphone. */
  is_audio_available: boolean;
  /** The guest has a camera. */
  is_video_available: boolean;
}

/** The audio or video side of a seat. */
export interface GuestStarMediaRecord {
  /** The host (or a moderator) allows it. */
  is_host_enabled: boolean;
  /** The guest turned it on. */
  is_guest_enabled: boolean;
  /** The guest has the device. */
  is_available: boolean;
}

/** Someone holding a slot (the host in slot "0"). */
export interface GuestStarSeatRecord {
  /** The slot's ID; `"0"` is the host's. */
  slot_id: string;
  /** The ID of the user holding the slot. */
  user_id: string;
  /** Shown and heard on stream. */
  is_live: boolean;
  /** The slot's volume, 0 to 100. */
  volume: number;
  /** Epoch ms. */
  assigned_at: number;
  /** The guest's microphone. */
  audio: GuestStarMediaRecord;
  /** The guest's camera. */
  video: GuestStarMediaRecord;
}

/** A guest star session, running or ended. */
export interface GuestStarSessionRecord {
  /** The session's ID. */
  id: string;
  /** The channel the session belongs to. */
  broadcaster_id: string;
  /** Epoch ms. */
  started_at: number;
  /** Epoch ms; undefined while it runs. */
  ended_at: number | undefined;
  /** Seats by slot ID. */
  seats: Map<string, GuestStarSeatRecord>;
  /** The invitation queue by guest ID, in invitation order. */
  invites: Map<string, GuestStarInviteRecord>;
}

/** What the group keeps per channel. */
export interface GuestStarChannel {
  settings: GuestStarSettingsRecord;
  /** The running session, if any. */
  active: GuestStarSessionRecord | undefined;
  /** IDs of this channel's ended sessions: ending one again is a 400, not a 404. */
  ended: Set<string>;
}

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

/** The fields of an object that are not undefined, so `Object.assign` leaves the others alone. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** A guest's state in `channel.guest_star_guest.update`. */
export type GuestState = 'invited' | 'accepted' | 'ready' | 'backstage' | 'live' | 'removed';

/** The guest star group's data, what more than one of its tables does with it, and its controls' logic. */
export class GuestStarState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'guestStar', fields: ['channels'] } as const;
  /** Each channel's settings, running session and ended session IDs, by broadcaster ID (made on first use). */
  readonly channels = new Map<string, GuestStarChannel>();

  constructor(readonly context: HelixContext) {}

  channelOf(broadcasterId: string): GuestStarChannel {
    let channel = this.channels.get(broadcasterId);
    if (!channel) {
      channel = {
        // Defaults of a channel that never opened its guest star preferences.
        settings: {
          is_moderator_send_live_enabled: true,
          slot_count: 4,
          is_browser_source_audio_enabled: true,
          group_layout: 'TILED_LAYOUT',
          browser_source_token: randomToken(),
        },
        active: undefined,
        ended: new Set(),
      };
      this.channels.set(broadcasterId, channel);
    }
    return channel;
  }

  /** The running session named by `session_id`: 404 when unknown, 400 when it has ended. */
  runningSession(broadcasterId: string, sessionId: string): GuestStarSessionRecord {
    const channel = this.channelOf(broadcasterId);
    if (channel.active?.id === sessionId) return channel.active;
    if (channel.ended.has(sessionId)) throw new HttpError(400, `The session ${sessionId} has already ended.`);
    throw new HttpError(404, `No session with ID ${sessionId} was found for this broadcaster.`);
  }

  seatOf(session: GuestStarSessionRecord, userId: string): GuestStarSeatRecord | undefined {
    for (const seat of session.seats.values()) if (seat.user_id === userId) return seat;
    return undefined;
  }

  /** A guest slot ID: a whole number from 1 to the channel's slot count (400 otherwise; 403 for the host slot). */
  guestSlot(broadcasterId: string, value: string, name: string): string {
    if (value === HOST_SLOT) throw new HttpError(403, `The slot in ${name} is the host's slot and cannot be changed this way.`);
    const count = this.channelOf(broadcasterId).settings.slot_count;
    if (!/^[1-9]\d*$/.test(value) || Number(value) > count) {
      throw new HttpError(400, `The parameter "${name}" must be a slot from 1 to ${count}.`);
    }
    return value;
  }

  guestJson(seat: GuestStarSeatRecord) {
    const user = this.context.state.user(seat.user_id);
    return {
      slot_id: seat.slot_id,
      is_live: seat.is_live,
      user_id: seat.user_id,
      user_display_name: user?.display_name ?? '',
      user_login: user?.login ?? '',
      volume: seat.volume,
      assigned_at: iso(seat.assigned_at),
      audio_settings: { ...seat.audio },
      video_settings: { ...seat.video },
    };
  }

  sessionJson(session: GuestStarSessionRecord) {
    const seats = [...session.seats.values()].sort((a, b) => Number(a.slot_id) - Number(b.slot_id));
    return { id: session.id, guests: seats.map((seat) => this.guestJson(seat)) };
  }

  /**
   * Raises `channel.guest_star_guest.update`. Subscriptions are per moderator, but every moderator
   * of the channel hears about every change, so the condition names only the broadcaster.
   */
  raiseGuestUpdate(session: GuestStarSessionRecord, guestId: string, state: GuestState, actorId: string | undefined, seat: GuestStarSeatRecord | undefined): void {
    const { context } = this;
    const broadcasterId = session.broadcaster_id;
    context.events.raise({
      type: 'channel.guest_star_guest.update',
      version: 'beta',
      condition: { broadcaster_user_id: broadcasterId },
      event: {
        ...userFields(context, broadcasterId, 'broadcaster_user'),
        session_id: session.id,
        // An update the guest made has no moderator: its fields are null.
        ...(actorId === undefined ? { moderator_user_id: null, moderator_user_login: null, moderator_user_name: null } : userFields(context, actorId, 'moderator_user')),
        ...userFields(context, guestId, 'guest_user'),
        // Only a seated guest has a slot and host-side settings; the platform sends null otherwise.
        slot_id: seat?.slot_id ?? null,
        state,
        ...userFields(context, broadcasterId, 'host_user'),
        host_video_enabled: seat ? seat.video.is_host_enabled : null,
        host_audio_enabled: seat ? seat.audio.is_host_enabled : null,
        host_volume: seat ? seat.volume : null,
      },
    });
  }

  /** Ends the running session, raises `channel.guest_star_session.end` and returns the session as it was. */
  end(channel: GuestStarChannel, session: GuestStarSessionRecord): GuestStarSessionRecord {
    const { context } = this;
    session.ended_at = context.now();
    channel.active = undefined;
    channel.ended.add(session.id);
    context.events.raise({
      type: 'channel.guest_star_session.end',
      version: 'beta',
      condition: { broadcaster_user_id: session.broadcaster_id },
      event: {
        ...userFields(context, session.broadcaster_id, 'broadcaster_user'),
        session_id: session.id,
        started_at: iso(session.started_at),
        ended_at: iso(session.ended_at),
        ...userFields(context, session.broadcaster_id, 'host_user'),
      },
    });
    return session;
  }

  raiseSettingsUpdate(broadcasterId: string, settings: GuestStarSettingsRecord): void {
    this.context.events.raise({
      type: 'channel.guest_star_settings.update',
      version: 'beta',
      condition: { broadcaster_user_id: broadcasterId },
      event: {
        ...userFields(this.context, broadcasterId, 'broadcaster_user'),
        is_moderator_send_live_enabled: settings.is_moderator_send_live_enabled,
        slot_count: settings.slot_count,
        is_browser_source_audio_enabled: settings.is_browser_source_audio_enabled,
        group_layout: EVENT_LAYOUTS[settings.group_layout],
      },
    });
  }

  /** The invitation of a guest in the channel's running session, or an Error for the test author. */
  inviteOf(broadcasterId: string, guestId: string): { session: GuestStarSessionRecord; invite: GuestStarInviteRecord } {
    const session = this.channelOf(broadcasterId).active;
    if (!session) throw new Error(`Channel ${broadcasterId} has no running guest star session.`);
    const invite = session.invites.get(guestId);
    if (!invite) throw new Error(`User ${guestId} has no invitation to the guest star session of ${broadcasterId}.`);
    return { session, invite };
  }

  /** The guest reacts to their invitation: INVITED → ACCEPTED. */
  acceptInvite(broadcasterId: string, guestId: string): void {
    const { session, invite } = this.inviteOf(broadcasterId, guestId);
    if (invite.status !== 'INVITED') throw new Error(`The invitation of ${guestId} is ${invite.status}, not INVITED.`);
    invite.status = 'ACCEPTED';
    this.raiseGuestUpdate(session, guestId, 'accepted', undefined, undefined);
  }

  /** The guest is set up: INVITED or ACCEPTED → READY, with a camera and a microphone unless `devices` says otherwise. */
  guestReady(broadcasterId: string, guestId: string, devices: GuestStarDevices = {}): void {
    const { session, invite } = this.inviteOf(broadcasterId, guestId);
    invite.status = 'READY';
    invite.is_audio_available = devices.is_audio_available ?? true;
    invite.is_video_available = devices.is_video_available ?? true;
    invite.is_audio_enabled = devices.is_audio_enabled ?? invite.is_audio_available;
    invite.is_video_enabled = devices.is_video_enabled ?? invite.is_video_available;
    this.raiseGuestUpdate(session, guestId, 'ready', undefined, undefined);
  }

  /** Changes a guest's own devices: on their invitation while queued, on their seat once seated. */
  setDevices(broadcasterId: string, guestId: string, devices: GuestStarDevices): void {
    const session = this.channelOf(broadcasterId).active;
    const invite = session?.invites.get(guestId);
    const seat = session ? this.seatOf(session, guestId) : undefined;
    if (invite) {
      Object.assign(invite, definedOnly(devices));
      return;
    }
    if (!seat) throw new Error(`User ${guestId} is neither invited to nor seated in a running guest star session of ${broadcasterId}.`);
    if (devices.is_audio_enabled !== undefined) seat.audio.is_guest_enabled = devices.is_audio_enabled;
    if (devices.is_video_enabled !== undefined) seat.video.is_guest_enabled = devices.is_video_enabled;
    if (devices.is_audio_available !== undefined) seat.audio.is_available = devices.is_audio_available;
    if (devices.is_video_available !== undefined) seat.video.is_available = devices.is_video_available;
  }

  /** The platform ends the running session by itself; the session as it was, or undefined when none ran. */
  endSession(broadcasterId: string): GuestStarSessionRecord | undefined {
    const channel = this.channelOf(broadcasterId);
    return channel.active ? this.end(channel, channel.active) : undefined;
  }
}
