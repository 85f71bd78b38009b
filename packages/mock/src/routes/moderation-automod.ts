// AutoMod (reference: Check AutoMod Status, Manage Held AutoMod Messages, Get AutoMod Settings,
// Update AutoMod Settings) and the held messages' events.
import { HttpError } from '../http';
import { asModerator, field, iso, noContent, ok, requireTokenUser, route, wholeNumber, type RouteRow } from '../helix';
import { AUTOMOD_CATEGORIES, asString, levelsOf, type AutoModLevels, type HeldMessageRecord, type ModerationState } from './moderation-state';

/** The per-channel check limits of `checkAutoMod`, by broadcaster type. */
function autoModCheckLimits(broadcasterType: string | undefined): { perMinute: number; perHour: number } {
  if (broadcasterType === 'partner') return { perMinute: 30, perHour: 300 };
  if (broadcasterType === 'affiliate') return { perMinute: 10, perHour: 100 };
  return { perMinute: 5, perHour: 50 };
}

/** The AutoMod verdict for a text: the newest matching verdict rule, else "no blocked term in it". */
export function isPermitted(moderation: ModerationState, broadcasterId: string, text: string): boolean {
  const rules = moderation.verdicts.get(broadcasterId) ?? [];
  for (let index = rules.length - 1; index >= 0; index--) {
    const rule = rules[index]!;
    const hit = typeof rule.match === 'string' ? text.toLowerCase().includes(rule.match.toLowerCase()) : rule.match.test(text);
    if (hit) return rule.permitted;
  }
  return moderation.termsIn(broadcasterId, text).length === 0;
}

const fragments = (text: string) => ({ text, fragments: [{ type: 'text', text, cheermote: null, emote: null }] });

/** The reason fields of the version 2 AutoMod message events. */
function holdReason(moderation: ModerationState, message: HeldMessageRecord): Record<string, unknown> {
  if (message.reason === 'blocked_term') {
    return {
      reason: 'blocked_term',
      automod: null,
      blocked_term: {
        terms_found: moderation.termsIn(message.broadcaster_id, message.text).map(({ term, start, end }) => ({
          term_id: term.id,
          ...moderation.person(term.broadcaster_id, 'owner_broadcaster_user'),
          boundary: { start_pos: start, end_pos: end },
        })),
      },
    };
  }
  return {
    reason: 'automod',
    automod: { category: message.category, level: message.level, boundaries: [{ start_pos: 0, end_pos: Math.max(0, message.text.length - 1) }] },
    blocked_term: null,
  };
}

/**
 * Raises `automod.message.hold` (no moderator yet) or `automod.message.update` (with the moderator
 * and the status) in both versions: version 1 with `category` and `level`, version 2 with the
 * reason (`automod` or `blocked_term`) and what AutoMod found.
 */
function raiseAutoModMessage(moderation: ModerationState, message: HeldMessageRecord, moderatorId?: string): void {
  const type = moderatorId === undefined ? 'automod.message.hold' : 'automod.message.update';
  const who = {
    ...moderation.person(message.broadcaster_id, 'broadcaster_user'),
    ...moderation.person(message.user_id, 'user'),
    ...(moderatorId === undefined ? {} : moderation.person(moderatorId, 'moderator_user')),
    message_id: message.msg_id,
    message: fragments(message.text),
  };
  const status = moderatorId === undefined ? {} : { status: message.status };
  const heldAt = iso(message.held_at);
  moderation.raise(type, '1', { ...who, category: message.category, level: message.level, ...status, held_at: heldAt }, message.broadcaster_id);
  moderation.raise(type, '2', { ...who, ...moderation.holdReasons.get(message.msg_id), ...status, held_at: heldAt }, message.broadcaster_id);
}

/**
 * AutoMod holds a message (the `holdMessage` control): it waits for a moderator, and the hold
 * events are raised. Returns the message ID.
 */
export function holdMessage(moderation: ModerationState, broadcasterId: string, userId: string, text: string, options: { category?: string; level?: number }): string {
  const { context } = moderation;
  const message: HeldMessageRecord = {
    msg_id: context.state.id(),
    broadcaster_id: broadcasterId,
    user_id: userId,
    text,
    held_at: context.now(),
    status: 'pending',
    reason: moderation.termsIn(broadcasterId, text).length > 0 ? 'blocked_term' : 'automod',
    category: options.category ?? 'bullying',
    level: options.level ?? 3,
    moderator_id: undefined,
  };
  moderation.held.set(message.msg_id, message);
  moderation.holdReasons.set(message.msg_id, holdReason(moderation, message));
  raiseAutoModMessage(moderation, message);
  moderation.raise(
    'channel.chat.user_message_hold',
    '1',
    { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(userId, 'user'), message_id: message.msg_id, message: fragments(text) },
    broadcasterId,
    { user_id: userId },
  );
  return message.msg_id;
}

/** The AutoMod routes. */
export function moderationAutoModRoutes(moderation: ModerationState): RouteRow[] {
  const { context } = moderation;
  const { state } = context;
  const settingsBody = (broadcasterId: string, moderatorId: string) => ({ broadcaster_id: broadcasterId, moderator_id: moderatorId, ...moderation.levelsFor(broadcasterId) });

  return [
    route({
      method: 'POST',
      path: '/moderation/enforcements/status',
      token: 'either',
      scopes: ['moderation:read'],
      query: ['broadcaster_id'],
      handle: ({ request, token }) => {
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
        const limits = autoModCheckLimits(state.user(broadcasterId)?.broadcaster_type);
        context.limits.endpoint(`moderation.checkAutoMod:minute:${broadcasterId}`, limits.perMinute, 60_000);
        context.limits.endpoint(`moderation.checkAutoMod:hour:${broadcasterId}`, limits.perHour, 3_600_000);
        return ok(messages.map((message) => ({ msg_id: message.msg_id, is_permitted: isPermitted(moderation, broadcasterId, message.msg_text) })));
      },
    }),

    route({
      method: 'POST',
      path: '/moderation/automod/message',
      token: 'either',
      scopes: ['moderator:manage:automod'],
      // A flat body; user_id is the acting moderator, not the author of the message.
      body: ['user_id', 'msg_id', 'action'],
      handle: ({ request, token }) => {
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
        raiseAutoModMessage(moderation, message, moderatorId);
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
    }),

    route({
      method: 'GET',
      path: '/moderation/automod/settings',
      token: 'either',
      scopes: ['moderator:read:automod_settings', 'moderator:manage:automod_settings'],
      query: ['broadcaster_id', 'moderator_id'],
      handle: asModerator(({ broadcasterId, moderatorId }) => ok([settingsBody(broadcasterId, moderatorId)])),
    }),

    route({
      method: 'PUT',
      path: '/moderation/automod/settings',
      token: 'either',
      scopes: ['moderator:manage:automod_settings'],
      query: ['broadcaster_id', 'moderator_id'],
      handle: asModerator(({ request, broadcasterId, moderatorId }) => {
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
        return ok([settingsBody(broadcasterId, moderatorId)]);
      }),
    }),
  ];
}
