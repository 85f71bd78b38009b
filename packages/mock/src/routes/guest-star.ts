import { HttpError, type MockRequest, type Router } from '../http';
import { authorize, noContent, ok, required, requireModerator, requireTokenUser, userFields, type HelixContext } from '../helix';
import { randomToken } from '../state';

/** Any of these lets a user token read guest star data (settings, session, invites). */
const READ_SCOPES = ['channel:read:guest_star', 'channel:manage:guest_star', 'moderator:read:guest_star', 'moderator:manage:guest_star'] as const;
/** Any of these lets a user token change invites and slots. */
const MANAGE_SCOPES = ['channel:manage:guest_star', 'moderator:manage:guest_star'] as const;
/** Only the broadcaster's own scope changes settings and starts or ends a session. */
const HOST_SCOPES = ['channel:manage:guest_star'] as const;

/** The layouts Helix accepts in `group_layout`. */
export const GUEST_STAR_LAYOUTS = ['TILED_LAYOUT', 'SCREENSHARE_LAYOUT', 'HORIZONTAL_LAYOUT', 'VERTICAL_LAYOUT'] as const;
/** A layout of the group browser source, as Helix spells it. */
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

/** The smallest and largest slot counts, and the volume range of a slot. */
const SLOT_COUNT_MIN = 1;
const SLOT_COUNT_MAX = 6;
const VOLUME_MAX = 100;
/** The slot the host always holds. */
const HOST_SLOT = '0';

/** A channel's guest star preferences, as `GET /guest_star/channel_settings` returns them. */
export interface GuestStarSettingsRecord {
  is_moderator_send_live_enabled: boolean;
  slot_count: number;
  is_browser_source_audio_enabled: boolean;
  group_layout: GuestStarLayout;
  browser_source_token: string;
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

/** A guest in the invitation queue. */
export interface GuestStarInviteRecord {
  user_id: string;
  /** Epoch ms. */
  invited_at: number;
  status: 'INVITED' | 'ACCEPTED' | 'READY';
  is_audio_enabled: boolean;
  is_video_enabled: boolean;
  is_audio_available: boolean;
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
  slot_id: string;
  user_id: string;
  is_live: boolean;
  volume: number;
  /** Epoch ms. */
  assigned_at: number;
  audio: GuestStarMediaRecord;
  video: GuestStarMediaRecord;
}

/** A guest star session, running or ended. */
export interface GuestStarSessionRecord {
  id: string;
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

/** What the module keeps per channel. */
interface GuestStarChannel {
  settings: GuestStarSettingsRecord;
  /** The running session, if any. */
  active: GuestStarSessionRecord | undefined;
  /** IDs of this channel's ended sessions: ending one again is a 400, not a 404. */
  ended: Set<string>;
}

/**
 * The guest-star (beta) routes, written from shared/reference/helix.md §2.2: settings, sessions,
 * invitations and slots, all under `/guest_star/`. Every parameter travels in the query, except
 * that `PUT /guest_star/channel_settings` also reads its fields from a JSON body (the platform's
 * documentation contradicts itself there). Returns the controls tests use for what only a guest
 * or the platform does.
 */
export function registerGuestStarRoutes(router: Router, context: HelixContext): GuestStarControl {
  const channels = new Map<string, GuestStarChannel>();

  function channelOf(broadcasterId: string): GuestStarChannel {
    let channel = channels.get(broadcasterId);
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
      channels.set(broadcasterId, channel);
    }
    return channel;
  }

  const iso = (ms: number) => new Date(ms).toISOString();

  /** The running session named by `session_id`: 404 when unknown, 400 when it has ended. */
  function runningSession(broadcasterId: string, sessionId: string): GuestStarSessionRecord {
    const channel = channelOf(broadcasterId);
    if (channel.active?.id === sessionId) return channel.active;
    if (channel.ended.has(sessionId)) throw new HttpError(400, `The session ${sessionId} has already ended.`);
    throw new HttpError(404, `No session with ID ${sessionId} was found for this broadcaster.`);
  }

  function seatOf(session: GuestStarSessionRecord, userId: string): GuestStarSeatRecord | undefined {
    for (const seat of session.seats.values()) if (seat.user_id === userId) return seat;
    return undefined;
  }

  /** A guest slot ID: a whole number from 1 to the channel's slot count (400 otherwise; 403 for the host slot). */
  function guestSlot(broadcasterId: string, value: string, name: string): string {
    if (value === HOST_SLOT) throw new HttpError(403, `The slot in ${name} is the host's slot and cannot be changed this way.`);
    const count = channelOf(broadcasterId).settings.slot_count;
    if (!/^[1-9]\d*$/.test(value) || Number(value) > count) {
      throw new HttpError(400, `The parameter "${name}" must be a slot from 1 to ${count}.`);
    }
    return value;
  }

  function guestJson(seat: GuestStarSeatRecord) {
    const user = context.state.user(seat.user_id);
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

  function sessionJson(session: GuestStarSessionRecord) {
    const seats = [...session.seats.values()].sort((a, b) => Number(a.slot_id) - Number(b.slot_id));
    return { id: session.id, guests: seats.map(guestJson) };
  }

  function inviteJson(invite: GuestStarInviteRecord) {
    return {
      user_id: invite.user_id,
      invited_at: iso(invite.invited_at),
      status: invite.status,
      is_video_enabled: invite.is_video_enabled,
      is_audio_enabled: invite.is_audio_enabled,
      is_video_available: invite.is_video_available,
      is_audio_available: invite.is_audio_available,
    };
  }

  /** `<prefix>_id`, `_login`, `_name`, all null when there is no such user (an update made by the guest, an emptied slot). */
  function maybeUser(id: string | undefined, prefix: string): Record<string, string | null> {
    if (id === undefined) return { [`${prefix}_id`]: null, [`${prefix}_login`]: null, [`${prefix}_name`]: null };
    return userFields(context, id, prefix);
  }

  /**
   * Raises `channel.guest_star_guest.update`. Subscriptions are per moderator, but every moderator
   * of the channel hears about every change, so the condition names only the broadcaster.
   */
  function raiseGuestUpdate(
    session: GuestStarSessionRecord,
    guestId: string,
    state: 'invited' | 'accepted' | 'ready' | 'backstage' | 'live' | 'removed',
    actorId: string | undefined,
    seat: GuestStarSeatRecord | undefined,
  ): void {
    const broadcasterId = session.broadcaster_id;
    context.events.raise({
      type: 'channel.guest_star_guest.update',
      version: 'beta',
      condition: { broadcaster_user_id: broadcasterId },
      event: {
        ...userFields(context, broadcasterId, 'broadcaster_user'),
        session_id: session.id,
        ...maybeUser(actorId, 'moderator_user'),
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

  const seatState = (seat: GuestStarSeatRecord) => (seat.is_live ? 'live' : 'backstage');

  function raiseSettingsUpdate(broadcasterId: string, settings: GuestStarSettingsRecord): void {
    context.events.raise({
      type: 'channel.guest_star_settings.update',
      version: 'beta',
      condition: { broadcaster_user_id: broadcasterId },
      event: {
        ...userFields(context, broadcasterId, 'broadcaster_user'),
        is_moderator_send_live_enabled: settings.is_moderator_send_live_enabled,
        slot_count: settings.slot_count,
        is_browser_source_audio_enabled: settings.is_browser_source_audio_enabled,
        group_layout: EVENT_LAYOUTS[settings.group_layout],
      },
    });
  }

  /** Ends the running session, raises `channel.guest_star_session.end` and returns the session as it was. */
  function end(channel: GuestStarChannel, session: GuestStarSessionRecord): GuestStarSessionRecord {
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

  /** broadcaster_id and moderator_id, checked as the platform does (mod=tok: 401, then 403). */
  function moderatorCall(request: MockRequest, scopes: readonly string[]) {
    const token = authorize(context, request, { token: 'user', scopes });
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = required(request, 'moderator_id');
    requireModerator(context, token, broadcasterId, moderatorId);
    return { broadcasterId, moderatorId };
  }

  /** broadcaster_id, which must be the token's user (bc=tok). */
  function hostCall(request: MockRequest) {
    const token = authorize(context, request, { token: 'user', scopes: HOST_SCOPES });
    const broadcasterId = required(request, 'broadcaster_id');
    requireTokenUser(token, broadcasterId, 'broadcaster_id');
    return broadcasterId;
  }

  router.add('GET', '/guest_star/channel_settings', (request) => {
    const { broadcasterId } = moderatorCall(request, READ_SCOPES);
    return ok([{ ...channelOf(broadcasterId).settings }]);
  });

  router.add('PUT', '/guest_star/channel_settings', (request) => {
    const broadcasterId = hostCall(request);
    const input = settingsInput(request);
    const channel = channelOf(broadcasterId);
    // Everything is validated before anything changes, so a 400 leaves the settings as they were.
    const next = { ...channel.settings };
    if (input.is_moderator_send_live_enabled !== undefined) next.is_moderator_send_live_enabled = input.is_moderator_send_live_enabled;
    if (input.slot_count !== undefined) next.slot_count = input.slot_count;
    if (input.is_browser_source_audio_enabled !== undefined) next.is_browser_source_audio_enabled = input.is_browser_source_audio_enabled;
    if (input.group_layout !== undefined) next.group_layout = input.group_layout;
    if (input.regenerate_browser_sources === true) next.browser_source_token = randomToken();
    // In place, so that a record handed out by `mock.guestStar.settings()` stays current.
    Object.assign(channel.settings, next);
    const preferenceChanged =
      input.is_moderator_send_live_enabled !== undefined || input.slot_count !== undefined || input.is_browser_source_audio_enabled !== undefined || input.group_layout !== undefined;
    // The event carries no token, so regenerating alone does not raise it.
    if (preferenceChanged) raiseSettingsUpdate(broadcasterId, channel.settings);
    return noContent();
  });

  router.add('GET', '/guest_star/session', (request) => {
    const token = authorize(context, request, { token: 'user', scopes: READ_SCOPES });
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = required(request, 'moderator_id');
    requireTokenUser(token, moderatorId, 'moderator_id');
    const session = channelOf(broadcasterId).active;
    // Guests read the session they are invited to or seated in, without being moderators.
    const isGuest = session !== undefined && (session.invites.has(moderatorId) || seatOf(session, moderatorId) !== undefined);
    if (!context.state.isModerator(broadcasterId, moderatorId) && !isGuest) {
      throw new HttpError(403, "The user in moderator_id is not one of the broadcaster's moderators nor a guest of the session.");
    }
    return ok(session ? [sessionJson(session)] : []);
  });

  router.add('POST', '/guest_star/session', (request) => {
    const broadcasterId = hostCall(request);
    const channel = channelOf(broadcasterId);
    if (channel.active) throw new HttpError(400, 'The broadcaster already has an active Guest Star session.');
    const now = context.now();
    const session: GuestStarSessionRecord = {
      id: context.state.id(),
      broadcaster_id: broadcasterId,
      started_at: now,
      ended_at: undefined,
      seats: new Map(),
      invites: new Map(),
    };
    // The host is live in their own slot from the start, camera and microphone on.
    session.seats.set(HOST_SLOT, {
      slot_id: HOST_SLOT,
      user_id: broadcasterId,
      is_live: true,
      volume: VOLUME_MAX,
      assigned_at: now,
      audio: { is_host_enabled: true, is_guest_enabled: true, is_available: true },
      video: { is_host_enabled: true, is_guest_enabled: true, is_available: true },
    });
    channel.active = session;
    context.events.raise({
      type: 'channel.guest_star_session.begin',
      version: 'beta',
      condition: { broadcaster_user_id: broadcasterId },
      event: { ...userFields(context, broadcasterId, 'broadcaster_user'), session_id: session.id, started_at: iso(now) },
    });
    return ok([sessionJson(session)]);
  });

  router.add('DELETE', '/guest_star/session', (request) => {
    const broadcasterId = hostCall(request);
    const sessionId = required(request, 'session_id');
    const channel = channelOf(broadcasterId);
    const session = runningSession(broadcasterId, sessionId);
    // The answer is the session as it was when it ended, guests included.
    const snapshot = sessionJson(session);
    end(channel, session);
    return ok([snapshot]);
  });

  router.add('GET', '/guest_star/invites', (request) => {
    const { broadcasterId } = moderatorCall(request, READ_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    return ok([...session.invites.values()].map(inviteJson));
  });

  router.add('POST', '/guest_star/invites', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, MANAGE_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    const guestId = required(request, 'guest_id');
    if (!context.state.user(guestId)) throw new HttpError(400, `The user in guest_id (${guestId}) does not exist.`);
    if (guestId === broadcasterId) throw new HttpError(403, 'The host cannot be invited to their own session.');
    if (context.state.activeBan(broadcasterId, guestId)) throw new HttpError(403, 'The user in guest_id is banned from this channel.');
    if (session.invites.has(guestId)) throw new HttpError(403, 'The user in guest_id has already been invited.');
    if (seatOf(session, guestId)) throw new HttpError(403, 'The user in guest_id already holds a slot in the session.');
    session.invites.set(guestId, {
      user_id: guestId,
      invited_at: context.now(),
      status: 'INVITED',
      // No reaction yet: the platform knows nothing of the guest's devices.
      is_audio_enabled: false,
      is_video_enabled: false,
      is_audio_available: false,
      is_video_available: false,
    });
    raiseGuestUpdate(session, guestId, 'invited', moderatorId, undefined);
    return noContent();
  });

  router.add('DELETE', '/guest_star/invites', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, MANAGE_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    const guestId = required(request, 'guest_id');
    if (!session.invites.delete(guestId)) throw new HttpError(404, 'The user in guest_id has no invitation to this session.');
    raiseGuestUpdate(session, guestId, 'removed', moderatorId, undefined);
    return noContent();
  });

  router.add('POST', '/guest_star/slot', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, MANAGE_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    const guestId = required(request, 'guest_id');
    const slotId = guestSlot(broadcasterId, required(request, 'slot_id'), 'slot_id');
    if (seatOf(session, guestId)) throw new HttpError(403, 'The user in guest_id is already assigned to a slot.');
    const invite = session.invites.get(guestId);
    if (!invite) throw new HttpError(403, 'The user in guest_id has not been invited to the session.');
    if (invite.status !== 'READY') throw new HttpError(403, 'The user in guest_id is not ready to join the session.');
    if (session.seats.has(slotId)) throw new HttpError(403, `Slot ${slotId} is already assigned to another guest; move them with PATCH /guest_star/slot.`);
    const seat: GuestStarSeatRecord = {
      slot_id: slotId,
      user_id: guestId,
      // A new guest waits backstage until someone sends them live.
      is_live: false,
      volume: VOLUME_MAX,
      assigned_at: context.now(),
      audio: { is_host_enabled: true, is_guest_enabled: invite.is_audio_enabled, is_available: invite.is_audio_available },
      video: { is_host_enabled: true, is_guest_enabled: invite.is_video_enabled, is_available: invite.is_video_available },
    };
    // A seated guest leaves the invitation queue.
    session.invites.delete(guestId);
    session.seats.set(slotId, seat);
    raiseGuestUpdate(session, guestId, 'backstage', moderatorId, seat);
    return noContent();
  });

  router.add('PATCH', '/guest_star/slot', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, MANAGE_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    const sourceId = required(request, 'source_slot_id');
    if (sourceId === HOST_SLOT) throw new HttpError(403, 'The host slot cannot be moved.');
    const moving = session.seats.get(sourceId);
    if (!moving) throw new HttpError(404, `Slot ${sourceId} has no guest to move.`);
    const destinationText = request.query.get('destination_slot_id');
    // Without a destination there is nothing to move; the platform documents no error for it.
    if (destinationText === null || destinationText === '') return noContent();
    const destinationId = guestSlot(broadcasterId, destinationText, 'destination_slot_id');
    if (destinationId === sourceId) return noContent();
    const other = session.seats.get(destinationId);
    session.seats.delete(sourceId);
    moving.slot_id = destinationId;
    session.seats.set(destinationId, moving);
    if (other) {
      // A taken destination swaps the two guests.
      other.slot_id = sourceId;
      session.seats.set(sourceId, other);
    }
    raiseGuestUpdate(session, moving.user_id, seatState(moving), moderatorId, moving);
    if (other) raiseGuestUpdate(session, other.user_id, seatState(other), moderatorId, other);
    return noContent();
  });

  router.add('DELETE', '/guest_star/slot', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, MANAGE_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    const guestId = required(request, 'guest_id');
    const slotId = required(request, 'slot_id');
    const reinvite = queryBoolean(request, 'should_reinvite_guest') ?? false;
    if (slotId === HOST_SLOT) throw new HttpError(403, 'The host slot cannot be emptied.');
    const seat = session.seats.get(slotId);
    if (!seat || seat.user_id !== guestId) throw new HttpError(404, `The user in guest_id is not in slot ${slotId}.`);
    session.seats.delete(slotId);
    if (reinvite) {
      // Back to the invitation queue, keeping what the platform knows of the guest's devices.
      session.invites.set(guestId, {
        user_id: guestId,
        invited_at: context.now(),
        status: 'INVITED',
        is_audio_enabled: seat.audio.is_guest_enabled,
        is_video_enabled: seat.video.is_guest_enabled,
        is_audio_available: seat.audio.is_available,
        is_video_available: seat.video.is_available,
      });
    }
    raiseGuestUpdate(session, guestId, reinvite ? 'invited' : 'removed', moderatorId, undefined);
    return noContent();
  });

  router.add('PATCH', '/guest_star/slot_settings', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, MANAGE_SCOPES);
    const session = runningSession(broadcasterId, required(request, 'session_id'));
    const slotId = required(request, 'slot_id');
    const audio = queryBoolean(request, 'is_audio_enabled');
    const video = queryBoolean(request, 'is_video_enabled');
    const live = queryBoolean(request, 'is_live');
    const volume = queryVolume(request);
    const seat = session.seats.get(slotId);
    if (!seat) throw new HttpError(404, `Slot ${slotId} is empty.`);
    const settings = channelOf(broadcasterId).settings;
    if (live !== undefined && moderatorId !== broadcasterId && !settings.is_moderator_send_live_enabled) {
      throw new HttpError(403, 'The broadcaster does not let moderators send guests live.');
    }
    // Allowing audio or video again only lets the guest turn it on; their own side stays as it is.
    if (audio !== undefined) seat.audio.is_host_enabled = audio;
    if (video !== undefined) seat.video.is_host_enabled = video;
    if (live !== undefined) seat.is_live = live;
    if (volume !== undefined) seat.volume = volume;
    if (seat.slot_id !== HOST_SLOT) raiseGuestUpdate(session, seat.user_id, seatState(seat), moderatorId, seat);
    return noContent();
  });

  /** The invitation of a guest in the channel's running session, or an Error for the test author. */
  function inviteOf(broadcasterId: string, guestId: string): { session: GuestStarSessionRecord; invite: GuestStarInviteRecord } {
    const session = channelOf(broadcasterId).active;
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
      raiseGuestUpdate(session, guestId, 'accepted', undefined, undefined);
    },
    guestReady(broadcasterId, guestId, devices = {}) {
      const { session, invite } = inviteOf(broadcasterId, guestId);
      invite.status = 'READY';
      invite.is_audio_available = devices.is_audio_available ?? true;
      invite.is_video_available = devices.is_video_available ?? true;
      invite.is_audio_enabled = devices.is_audio_enabled ?? invite.is_audio_available;
      invite.is_video_enabled = devices.is_video_enabled ?? invite.is_video_available;
      raiseGuestUpdate(session, guestId, 'ready', undefined, undefined);
    },
    setDevices(broadcasterId, guestId, devices) {
      const session = channelOf(broadcasterId).active;
      const invite = session?.invites.get(guestId);
      const seat = session ? seatOf(session, guestId) : undefined;
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
      const channel = channelOf(broadcasterId);
      return channel.active ? end(channel, channel.active) : undefined;
    },
    session: (broadcasterId) => channelOf(broadcasterId).active,
    settings: (broadcasterId) => channelOf(broadcasterId).settings,
  };
}

/** The fields of `PUT /guest_star/channel_settings` that were passed, validated. */
interface SettingsInput {
  is_moderator_send_live_enabled?: boolean;
  slot_count?: number;
  is_browser_source_audio_enabled?: boolean;
  group_layout?: GuestStarLayout;
  regenerate_browser_sources?: boolean;
}

/**
 * Reads the settings update from the JSON body and the query: the platform's table calls the
 * fields a body while its examples send a query, so both are accepted. A field in the body wins
 * over the same field in the query. Wrong types or values are 400s.
 */
function settingsInput(request: MockRequest): SettingsInput {
  const body = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  const boolean = (name: string): boolean | undefined => {
    const value = fields[name];
    if (value === undefined || value === null) return queryBoolean(request, name);
    if (typeof value !== 'boolean') throw new HttpError(400, `The field "${name}" must be a boolean.`);
    return value;
  };
  const input: SettingsInput = {};
  const sendLive = boolean('is_moderator_send_live_enabled');
  if (sendLive !== undefined) input.is_moderator_send_live_enabled = sendLive;
  const audio = boolean('is_browser_source_audio_enabled');
  if (audio !== undefined) input.is_browser_source_audio_enabled = audio;
  const regenerate = boolean('regenerate_browser_sources');
  if (regenerate !== undefined) input.regenerate_browser_sources = regenerate;

  const countValue = fields.slot_count ?? queryValue(request, 'slot_count');
  if (countValue !== undefined) {
    const count = typeof countValue === 'string' ? Number(countValue) : countValue;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < SLOT_COUNT_MIN || count > SLOT_COUNT_MAX) {
      throw new HttpError(400, `The parameter "slot_count" must be a whole number from ${SLOT_COUNT_MIN} to ${SLOT_COUNT_MAX}.`);
    }
    input.slot_count = count;
  }
  const layout = fields.group_layout ?? queryValue(request, 'group_layout');
  if (layout !== undefined) {
    if (typeof layout !== 'string' || !(GUEST_STAR_LAYOUTS as readonly string[]).includes(layout)) {
      throw new HttpError(400, `The parameter "group_layout" must be one of ${GUEST_STAR_LAYOUTS.join(', ')}.`);
    }
    input.group_layout = layout as GuestStarLayout;
  }
  return input;
}

/** A query value, undefined when absent or empty. */
function queryValue(request: MockRequest, name: string): string | undefined {
  const value = request.query.get(name);
  return value === null || value === '' ? undefined : value;
}

/** An optional boolean query parameter: `true` or `false`, anything else is a 400. */
function queryBoolean(request: MockRequest, name: string): boolean | undefined {
  const value = queryValue(request, name);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new HttpError(400, `The parameter "${name}" must be "true" or "false".`);
}

/** The optional `volume` query parameter: a whole number from 0 to 100. */
function queryVolume(request: MockRequest): number | undefined {
  const value = queryValue(request, 'volume');
  if (value === undefined) return undefined;
  const volume = Number(value);
  if (!/^\d+$/.test(value) || volume > VOLUME_MAX) throw new HttpError(400, `The parameter "volume" must be a whole number from 0 to ${VOLUME_MAX}.`);
  return volume;
}

/** The fields of an object that are not undefined, so `Object.assign` leaves the others alone. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
