// Bans, timeouts and unban requests (reference: Get Banned Users, Ban User, Unban User, Get Unban
// Requests, Resolve Unban Requests).
import { HttpError } from '../http';
import { asModerator, asTokenUser, iso, noContent, ok, page, raiseModerate, repeated, requiredField, requireLength, wholeNumber, type RouteRow } from '../helix';
import type { MockBan } from '../state';
import { asString, LIST_PAGE, MAX_REASON, MAX_USER_FILTER, UNBAN_REQUEST_STATUSES, wrappedData, type ModerationState, type UnbanRequestRecord } from './moderation-state';

/** The longest timeout, in seconds (two weeks). */
const MAX_BAN_DURATION = 1_209_600;

/** The channel's bans and timeouts in force. */
function activeBans(moderation: ModerationState, broadcasterId: string): MockBan[] {
  const { state } = moderation.context;
  return [...state.channel(broadcasterId).bans.keys()].map((userId) => state.activeBan(broadcasterId, userId)).filter((ban): ban is MockBan => ban !== undefined);
}

/** Removes a role with its events (a permanent ban takes moderator and VIP status away). */
function dropRoles(moderation: ModerationState, broadcasterId: string, userId: string, actorId: string): void {
  const { context } = moderation;
  const channel = context.state.channel(broadcasterId);
  if (channel.moderators.delete(userId)) {
    moderation.raise('channel.moderator.remove', '1', { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'user') }, broadcasterId);
    raiseModerate(context, broadcasterId, actorId, 'unmod', { key: 'unmod', value: moderation.person(userId, 'user') });
  }
  if (channel.vips.delete(userId)) {
    moderation.raise('channel.vip.remove', '1', { ...moderation.person(userId, 'user'), ...moderation.person(broadcasterId, 'broadcaster_user') }, broadcasterId);
    raiseModerate(context, broadcasterId, actorId, 'unvip', { key: 'unvip', value: moderation.person(userId, 'user') });
  }
}

/** Lifts a ban or timeout and raises `channel.unban` (and `channel.moderate` unless told otherwise). */
function liftBan(moderation: ModerationState, broadcasterId: string, userId: string, moderatorId: string, moderate: boolean): void {
  const { context } = moderation;
  const ban = context.state.activeBan(broadcasterId, userId);
  if (!ban) return;
  context.state.channel(broadcasterId).bans.delete(userId);
  moderation.raise(
    'channel.unban',
    '1',
    { ...moderation.person(userId, 'user'), ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(moderatorId, 'moderator_user') },
    broadcasterId,
  );
  if (moderate) {
    const action = ban.ends_at === undefined ? 'unban' : 'untimeout';
    raiseModerate(context, broadcasterId, moderatorId, action, { key: action, value: moderation.person(userId, 'user') });
  }
}

/** An unban request as Get Unban Requests and Resolve Unban Requests answer it. */
function unbanRequestBody(moderation: ModerationState, record: UnbanRequestRecord): Record<string, unknown> {
  // While pending nobody has resolved it: the moderator fields are empty strings.
  const moderator = record.moderator_id === undefined ? { moderator_id: '', moderator_login: '', moderator_name: '' } : moderation.person(record.moderator_id, 'moderator');
  return {
    id: record.id,
    ...moderation.person(record.broadcaster_id, 'broadcaster'),
    ...moderator,
    ...moderation.person(record.user_id, 'user'),
    text: record.text,
    status: record.status,
    created_at: iso(record.created_at),
    resolved_at: record.resolved_at === undefined ? null : iso(record.resolved_at),
    resolution_text: record.resolution_text,
  };
}

/** The ban and unban request routes. */
export const moderationBanRoutes: readonly RouteRow<ModerationState>[] = [
  {
    method: 'GET',
    path: '/moderation/banned',
    token: 'either',
    scopes: ['moderation:read', 'moderator:manage:banned_users'],
    query: ['broadcaster_id'],
    handle: asTokenUser<ModerationState>('broadcaster_id', ({ request, userId: broadcasterId }, moderation) => {
      const filter = repeated(request, 'user_id', MAX_USER_FILTER);
      // Newest first; a re-ban keeps its Map slot, so order by time (reversed first so ties stay newest-first).
      const list = activeBans(moderation, broadcasterId)
        .reverse()
        .sort((a, b) => b.created_at - a.created_at)
        .filter((ban) => filter.length === 0 || filter.includes(ban.user_id));
      const result = page(request, list, LIST_PAGE);
      return ok(
        result.data.map((ban) => ({
          ...moderation.person(ban.user_id, 'user'),
          expires_at: ban.ends_at === undefined ? '' : iso(ban.ends_at),
          created_at: iso(ban.created_at),
          reason: ban.reason,
          ...moderation.person(ban.moderator_id, 'moderator'),
        })),
        { pagination: result.pagination },
      );
    }),
  },

  {
    method: 'POST',
    path: '/moderation/bans',
    token: 'either',
    scopes: ['moderator:manage:banned_users'],
    query: ['broadcaster_id', 'moderator_id'],
    body: ['data'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const { state } = context;
      const data = wrappedData(request);
      const userId = asString(requiredField(request, 'user_id', 'data'), 'user_id');
      const duration = data.duration === undefined || data.duration === null ? undefined : wholeNumber(data.duration, 'duration', 1, MAX_BAN_DURATION);
      const reason = requireLength(data.reason === undefined || data.reason === null ? '' : asString(data.reason, 'reason'), 'reason', { max: MAX_REASON });
      moderation.knownUser(userId);
      const channel = state.channel(broadcasterId);
      // Only the broadcaster can act against a moderator; nobody can ban the broadcaster.
      if (userId === broadcasterId || (channel.moderators.has(userId) && moderatorId !== broadcasterId)) {
        throw new HttpError(400, 'The user specified in the user_id field may not be banned.');
      }
      const existing = state.activeBan(broadcasterId, userId);
      // A permanent ban stands until an unban; a timeout can be replaced by a ban or a new timeout.
      if (existing && existing.ends_at === undefined) throw new HttpError(400, 'The user specified in the user_id field is already banned.');
      const now = context.now();
      const ban: MockBan = { user_id: userId, moderator_id: moderatorId, reason, created_at: now, ends_at: duration === undefined ? undefined : now + duration * 1000 };
      channel.bans.set(userId, ban);
      // The platform hides the user's messages from chat on a ban or timeout.
      for (const message of channel.messages) if (message.sender_id === userId) message.deleted = true;
      moderation.raise(
        'channel.ban',
        '1',
        {
          ...moderation.person(userId, 'user'),
          ...moderation.person(broadcasterId, 'broadcaster_user'),
          ...moderation.person(moderatorId, 'moderator_user'),
          reason,
          banned_at: iso(now),
          ends_at: ban.ends_at === undefined ? null : iso(ban.ends_at),
          is_permanent: ban.ends_at === undefined,
        },
        broadcasterId,
      );
      if (ban.ends_at === undefined) {
        raiseModerate(context, broadcasterId, moderatorId, 'ban', { key: 'ban', value: { ...moderation.person(userId, 'user'), reason } });
      } else {
        raiseModerate(context, broadcasterId, moderatorId, 'timeout', { key: 'timeout', value: { ...moderation.person(userId, 'user'), reason, expires_at: iso(ban.ends_at) } });
      }
      moderation.raise('channel.chat.clear_user_messages', '1', { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'target_user') }, broadcasterId);
      if (ban.ends_at === undefined) dropRoles(moderation, broadcasterId, userId, moderatorId);
      return ok([
        { broadcaster_id: broadcasterId, moderator_id: moderatorId, user_id: userId, created_at: iso(now), end_time: ban.ends_at === undefined ? null : iso(ban.ends_at) },
      ]);
    }),
  },

  {
    method: 'DELETE',
    path: '/moderation/bans',
    token: 'either',
    scopes: ['moderator:manage:banned_users'],
    query: ['broadcaster_id', 'moderator_id', 'user_id'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const userId = request.query.get('user_id')!;
      if (!context.state.activeBan(broadcasterId, userId)) throw new HttpError(400, 'The user specified in the user_id field is not banned.');
      liftBan(moderation, broadcasterId, userId, moderatorId, true);
      return noContent();
    }),
  },

  {
    method: 'GET',
    path: '/moderation/unban_requests',
    token: 'user',
    scopes: ['moderator:read:unban_requests', 'moderator:manage:unban_requests'],
    query: ['broadcaster_id', 'moderator_id', 'status'],
    handle: asModerator<ModerationState>(({ request, broadcasterId }, moderation) => {
      const status = request.query.get('status')!;
      if (!(UNBAN_REQUEST_STATUSES as readonly string[]).includes(status)) {
        throw new HttpError(400, `The parameter "status" must be one of ${UNBAN_REQUEST_STATUSES.join(', ')}`);
      }
      const userId = request.query.get('user_id');
      const list = moderation.requestsOf(broadcasterId).filter((record) => record.status === status && (!userId || record.user_id === userId));
      const result = page(request, list, LIST_PAGE);
      return ok(
        result.data.map((record) => unbanRequestBody(moderation, record)),
        { pagination: result.pagination },
      );
    }),
  },

  {
    method: 'PATCH',
    path: '/moderation/unban_requests',
    token: 'user',
    scopes: ['moderator:manage:unban_requests'],
    query: ['broadcaster_id', 'moderator_id', 'unban_request_id', 'status'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const requestId = request.query.get('unban_request_id')!;
      const status = request.query.get('status')!;
      if (status !== 'approved' && status !== 'denied') throw new HttpError(400, 'The parameter "status" must be approved or denied');
      // The free text travels in the query on this PATCH, like everything else.
      const resolutionText = requireLength(request.query.get('resolution_text') ?? '', 'resolution_text', { max: MAX_REASON });
      const record = moderation.requestsOf(broadcasterId).find((each) => each.id === requestId);
      if (!record) throw new HttpError(404, 'The unban request specified in unban_request_id was not found');
      if (record.status !== 'pending') throw new HttpError(400, 'The unban request specified in unban_request_id was already resolved');
      record.status = status;
      record.moderator_id = moderatorId;
      record.resolved_at = context.now();
      record.resolution_text = resolutionText;
      if (status === 'approved') liftBan(moderation, broadcasterId, record.user_id, moderatorId, false);
      moderation.raiseUnbanResolve(record);
      raiseModerate(context, broadcasterId, moderatorId, status === 'approved' ? 'approve_unban_request' : 'deny_unban_request', {
        key: 'unban_request',
        value: { is_approved: status === 'approved', ...moderation.person(record.user_id, 'user'), moderator_message: resolutionText },
      });
      return ok([unbanRequestBody(moderation, record)]);
    }),
  },
];
