// Guest star sessions (reference: Get Guest Star Session, Create Guest Star Session, End Guest
// Star Session).
import { HttpError } from '../http';
import { asTokenUser, iso, ok, userFields, type RouteRow } from '../helix';
import { HOST_SCOPES, HOST_SLOT, READ_SCOPES, VOLUME_MAX, type GuestStarSessionRecord, type GuestStarState } from './guest-star-state';

/** The session routes. */
export const guestStarSessionRoutes: readonly RouteRow<GuestStarState>[] = [
  {
    method: 'GET',
    path: '/guest_star/session',
    token: 'user',
    scopes: READ_SCOPES,
    query: ['broadcaster_id', 'moderator_id'],
    handle: asTokenUser<GuestStarState>('moderator_id', ({ request, userId, context }, guestStar) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const session = guestStar.channelOf(broadcasterId).active;
      // Guests read the session they are invited to or seated in, without being moderators.
      const isGuest = session !== undefined && (session.invites.has(userId) || guestStar.seatOf(session, userId) !== undefined);
      if (!context.state.isModerator(broadcasterId, userId) && !isGuest) {
        throw new HttpError(403, "The user in moderator_id is not one of the broadcaster's moderators nor a guest of the session.");
      }
      return ok(session ? [guestStar.sessionJson(session)] : []);
    }),
  },
  {
    method: 'POST',
    path: '/guest_star/session',
    token: 'user',
    scopes: HOST_SCOPES,
    query: ['broadcaster_id'],
    handle: asTokenUser<GuestStarState>('broadcaster_id', ({ userId: broadcasterId, context }, guestStar) => {
      const channel = guestStar.channelOf(broadcasterId);
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
      return ok([guestStar.sessionJson(session)]);
    }),
  },
  {
    method: 'DELETE',
    path: '/guest_star/session',
    token: 'user',
    scopes: HOST_SCOPES,
    query: ['broadcaster_id', 'session_id'],
    handle: asTokenUser<GuestStarState>('broadcaster_id', ({ request, userId: broadcasterId }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      // The answer is the session as it was when it ended, guests included.
      const snapshot = guestStar.sessionJson(session);
      guestStar.end(guestStar.channelOf(broadcasterId), session);
      return ok([snapshot]);
    }),
  },
];
