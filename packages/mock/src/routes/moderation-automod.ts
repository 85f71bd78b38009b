// AutoMod (reference: Check AutoMod Status, Manage Held AutoMod Messages, Get AutoMod Settings,
// Update AutoMod Settings) and the held messages' events.
import { HttpError } from '../http';
import { asModerator, field, noContent, ok, requireTokenUser, wholeNumber, type RouteRow } from '../helix';
import { AUTOMOD_CATEGORIES, asString, fragments, levelsOf, type AutoModLevels, type ModerationState } from './moderation-state';

/** The per-channel check limits of `checkAutoMod`, by broadcaster type. */
function autoModCheckLimits(broadcasterType: string | undefined): { perMinute: number; perHour: number } {
  if (broadcasterType === 'partner') return { perMinute: 30, perHour: 300 };
  if (broadcasterType === 'affiliate') return { perMinute: 10, perHour: 100 };
  return { perMinute: 5, perHour: 50 };
}

/** The AutoMod settings as Get and Update AutoMod Settings answer them. */
function settingsBody(moderation: ModerationState, broadcasterId: string, moderatorId: string): Record<string, unknown> {
  return { broadcaster_id: broadcasterId, moderator_id: moderatorId, ...moderation.levelsFor(broadcasterId) };
}

/** The AutoMod routes. */
export const moderationAutoModRoutes: readonly RouteRow<ModerationState>[] = [
  {
    method: 'POST',
    path: '/moderation/enforcements/status',
    token: 'either',
    scopes: ['moderation:read'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, moderation) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      // The platform answers 403 here, not the 401 of other broadcaster_id mismatches.
      if (token.userId !== undefined && token.userId !== broadcasterId) {
        throw new HttpError(403, 'The ID in broadcaster_id must match the user ID found in the request\'s OAuth token.');
      }
      const data = (request.body as Record<string, unknown> | null | undefined)?.data;
      if (!Array.isArray(data)) throw new HttpError(400, 'Missing required parameter "data": an array of { msg_id, msg_text }');
      if (data.length < 1 || data.length > 100) throw new HttpError(400, 'The parameter "data" must hold from 1 to 100 messages');
      const messages = data.map((item: unknown) => {
        const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
        if (record.msg_id === undefined || record.msg_id === '') throw new HttpError(400, 'Missing required parameter "msg_id"');
        if (record.msg_text === undefined) throw new HttpError(400, 'Missing required parameter "msg_text"');
        return { msg_id: asString(record.msg_id, 'msg_id'), msg_text: asString(record.msg_text, 'msg_text') };
      });
      const limits = autoModCheckLimits(context.state.user(broadcasterId)?.broadcaster_type);
      context.limits.endpoint(`moderation.checkAutoMod:minute:${broadcasterId}`, limits.perMinute, 60_000);
      context.limits.endpoint(`moderation.checkAutoMod:hour:${broadcasterId}`, limits.perHour, 3_600_000);
      return ok(messages.map((message) => ({ msg_id: message.msg_id, is_permitted: moderation.isPermitted(broadcasterId, message.msg_text) })));
    },
  },

  {
    method: 'POST',
    path: '/moderation/automod/message',
    token: 'either',
    scopes: ['moderator:manage:automod'],
    // A flat body; user_id is the acting moderator, not the author of the message.
    body: ['user_id', 'msg_id', 'action'],
    handle: ({ request, token, context }, moderation) => {
      const { state } = context;
      const moderatorId = asString(field(request, 'user_id'), 'user_id');
      const msgId = asString(field(request, 'msg_id'), 'msg_id');
      const action = asString(field(request, 'action'), 'action');
      if (action !== 'ALLOW' && action !== 'DENY') throw new HttpError(400, 'The parameter "action" must be ALLOW or DENY');
      if (token.userId !== undefined) requireTokenUser(token, moderatorId, 'user_id');
      const message = moderation.held.get(msgId);
      if (!message) throw new HttpError(404, 'The message specified in msg_id was not found');
      if (!state.isModerator(message.broadcaster_id, moderatorId)) throw new HttpError(403, 'The user in user_id is not one of the broadcaster\'s moderators.');
      if (message.status !== 'pending') throw new HttpError(400, 'The message specified in msg_id was already allowed or denied');
      message.status = action === 'ALLOW' ? 'approved' : 'denied';
      message.moderator_id = moderatorId;
      if (message.status === 'approved') {
        // An allowed message goes on to chat, where other groups (pins, deletes) can find it.
        state.channel(message.broadcaster_id).messages.push({
          message_id: message.msg_id,
          broadcaster_id: message.broadcaster_id,
          sender_id: message.user_id,
          text: message.text,
          sent_at: context.now(),
          deleted: false,
        });
      }
      moderation.raiseAutoModMessage(message, moderatorId);
      moderation.raise(
        'channel.chat.user_message_update',
        '1',
        {
          ...moderation.person(message.broadcaster_id, 'broadcaster_user'),
          ...moderation.person(message.user_id, 'user'),
          status: message.status,
          message_id: message.msg_id,
          message: fragments(message.text),
        },
        message.broadcaster_id,
        { user_id: message.user_id },
      );
      return noContent();
    },
  },

  {
    method: 'GET',
    path: '/moderation/automod/settings',
    token: 'either',
    scopes: ['moderator:read:automod_settings', 'moderator:manage:automod_settings'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ModerationState>(({ broadcasterId, moderatorId }, moderation) => ok([settingsBody(moderation, broadcasterId, moderatorId)])),
  },

  {
    method: 'PUT',
    path: '/moderation/automod/settings',
    token: 'either',
    scopes: ['moderator:manage:automod_settings'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId }, moderation) => {
      const overall = field(request, 'overall_level');
      const given = AUTOMOD_CATEGORIES.filter((category) => {
        const value = field(request, category);
        return value !== undefined && value !== null;
      });
      const hasOverall = overall !== undefined && overall !== null;
      if (hasOverall && given.length > 0) throw new HttpError(400, 'overall_level may not be combined with individual AutoMod settings');
      let levels: AutoModLevels;
      if (hasOverall) {
        levels = levelsOf(wholeNumber(overall, 'overall_level', 0, 4));
      } else if (given.length > 0) {
        // PUT overwrites: a category left out goes back to 0.
        levels = { ...levelsOf(0), overall_level: null };
        for (const category of given) levels[category] = wholeNumber(field(request, category), category, 0, 4);
      } else {
        throw new HttpError(400, 'Missing required parameter "overall_level" or an individual AutoMod setting');
      }
      moderation.autoMod.set(broadcasterId, levels);
      moderation.raise(
        'automod.settings.update',
        '1',
        { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(moderatorId, 'moderator_user'), ...levels },
        broadcasterId,
      );
      return ok([settingsBody(moderation, broadcasterId, moderatorId)]);
    }),
  },
];
