// Guest star slots (reference: Assign Guest Star Slot, Update Guest Star Slot, Delete Guest Star
// Slot, Update Guest Star Slot Settings).
import { HttpError } from '../http';
import { asModerator, booleanQuery, noContent, wholeNumberQuery, type RouteRow } from '../helix';
import { HOST_SLOT, MANAGE_SCOPES, VOLUME_MAX, type GuestStarSeatRecord, type GuestStarState } from './guest-star-state';

const seatState = (seat: GuestStarSeatRecord) => (seat.is_live ? 'live' : 'backstage');

/** The slot routes. */
export const guestStarSlotRoutes: readonly RouteRow<GuestStarState>[] = [
  {
    method: 'POST',
    path: '/guest_star/slot',
    token: 'user',
    scopes: MANAGE_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id', 'guest_id', 'slot_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId, moderatorId, context }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      const guestId = request.query.get('guest_id')!;
      const slotId = guestStar.guestSlot(broadcasterId, request.query.get('slot_id')!, 'slot_id');
      if (guestStar.seatOf(session, guestId)) throw new HttpError(403, 'The user in guest_id is already assigned to a slot.');
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
      guestStar.raiseGuestUpdate(session, guestId, 'backstage', moderatorId, seat);
      return noContent();
    }),
  },
  {
    method: 'PATCH',
    path: '/guest_star/slot',
    token: 'user',
    scopes: MANAGE_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id', 'source_slot_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId, moderatorId }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      const sourceId = request.query.get('source_slot_id')!;
      if (sourceId === HOST_SLOT) throw new HttpError(403, 'The host slot cannot be moved.');
      const moving = session.seats.get(sourceId);
      if (!moving) throw new HttpError(404, `Slot ${sourceId} has no guest to move.`);
      const destinationText = request.query.get('destination_slot_id');
      // Without a destination there is nothing to move; the platform documents no error for it.
      if (destinationText === null || destinationText === '') return noContent();
      const destinationId = guestStar.guestSlot(broadcasterId, destinationText, 'destination_slot_id');
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
      guestStar.raiseGuestUpdate(session, moving.user_id, seatState(moving), moderatorId, moving);
      if (other) guestStar.raiseGuestUpdate(session, other.user_id, seatState(other), moderatorId, other);
      return noContent();
    }),
  },
  {
    method: 'DELETE',
    path: '/guest_star/slot',
    token: 'user',
    scopes: MANAGE_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id', 'guest_id', 'slot_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId, moderatorId, context }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      const guestId = request.query.get('guest_id')!;
      const slotId = request.query.get('slot_id')!;
      const reinvite = booleanQuery(request, 'should_reinvite_guest') ?? false;
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
      guestStar.raiseGuestUpdate(session, guestId, reinvite ? 'invited' : 'removed', moderatorId, undefined);
      return noContent();
    }),
  },
  {
    method: 'PATCH',
    path: '/guest_star/slot_settings',
    token: 'user',
    scopes: MANAGE_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id', 'slot_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId, moderatorId }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      const slotId = request.query.get('slot_id')!;
      const audio = booleanQuery(request, 'is_audio_enabled');
      const video = booleanQuery(request, 'is_video_enabled');
      const live = booleanQuery(request, 'is_live');
      const volume = wholeNumberQuery(request, 'volume', 0, VOLUME_MAX);
      const seat = session.seats.get(slotId);
      if (!seat) throw new HttpError(404, `Slot ${slotId} is empty.`);
      const settings = guestStar.channelOf(broadcasterId).settings;
      if (live !== undefined && moderatorId !== broadcasterId && !settings.is_moderator_send_live_enabled) {
        throw new HttpError(403, 'The broadcaster does not let moderators send guests live.');
      }
      // Allowing audio or video again only lets the guest turn it on; their own side stays as it is.
      if (audio !== undefined) seat.audio.is_host_enabled = audio;
      if (video !== undefined) seat.video.is_host_enabled = video;
      if (live !== undefined) seat.is_live = live;
      if (volume !== undefined) seat.volume = volume;
      if (seat.slot_id !== HOST_SLOT) guestStar.raiseGuestUpdate(session, seat.user_id, seatState(seat), moderatorId, seat);
      return noContent();
    }),
  },
];
