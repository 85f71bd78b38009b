// Guest star invitations (reference: Get Guest Star Invites, Send Guest Star Invite, Delete Guest
// Star Invite).
import { HttpError } from '../http';
import { asModerator, iso, noContent, ok, type RouteRow } from '../helix';
import { MANAGE_SCOPES, READ_SCOPES, type GuestStarInviteRecord, type GuestStarState } from './guest-star-state';

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

/** The invitation routes. */
export const guestStarInviteRoutes: readonly RouteRow<GuestStarState>[] = [
  {
    method: 'GET',
    path: '/guest_star/invites',
    token: 'user',
    scopes: READ_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      return ok([...session.invites.values()].map(inviteJson));
    }),
  },
  {
    method: 'POST',
    path: '/guest_star/invites',
    token: 'user',
    scopes: MANAGE_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id', 'guest_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId, moderatorId, context }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      const guestId = request.query.get('guest_id')!;
      if (!context.state.user(guestId)) throw new HttpError(400, `The user in guest_id (${guestId}) does not exist.`);
      if (guestId === broadcasterId) throw new HttpError(403, 'The host cannot be invited to their own session.');
      if (context.state.activeBan(broadcasterId, guestId)) throw new HttpError(403, 'The user in guest_id is banned from this channel.');
      if (session.invites.has(guestId)) throw new HttpError(403, 'The user in guest_id has already been invited.');
      if (guestStar.seatOf(session, guestId)) throw new HttpError(403, 'The user in guest_id already holds a slot in the session.');
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
      guestStar.raiseGuestUpdate(session, guestId, 'invited', moderatorId, undefined);
      return noContent();
    }),
  },
  {
    method: 'DELETE',
    path: '/guest_star/invites',
    token: 'user',
    scopes: MANAGE_SCOPES,
    query: ['broadcaster_id', 'moderator_id', 'session_id', 'guest_id'],
    handle: asModerator<GuestStarState>(({ request, broadcasterId, moderatorId }, guestStar) => {
      const session = guestStar.runningSession(broadcasterId, request.query.get('session_id')!);
      const guestId = request.query.get('guest_id')!;
      if (!session.invites.delete(guestId)) throw new HttpError(404, 'The user in guest_id has no invitation to this session.');
      guestStar.raiseGuestUpdate(session, guestId, 'removed', moderatorId, undefined);
      return noContent();
    }),
  },
];
