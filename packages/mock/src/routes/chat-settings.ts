// Chat settings (reference: Get Chat Settings, Update Chat Settings) and the events a change raises.
import { HttpError } from '../http';
import { asModerator, ok, raiseModerate, requireTokenUser, userFields, type HelixContext, type ModerateDetail, type RouteRow } from '../helix';
import type { ChatState, MockChatSettings } from './chat-state';

/** A channel's settings as the routes answer them; the delay settings only for a moderator (`moderatorId`). */
function settingsWire(chat: ChatState, broadcasterId: string, moderatorId: string | undefined): Record<string, unknown> {
  const record = chat.settingsOf(broadcasterId);
  const wire: Record<string, unknown> = {
    broadcaster_id: broadcasterId,
    slow_mode: record.slow_mode,
    slow_mode_wait_time: record.slow_mode_wait_time,
    follower_mode: record.follower_mode,
    follower_mode_duration: record.follower_mode_duration,
    subscriber_mode: record.subscriber_mode,
    emote_mode: record.emote_mode,
    unique_chat_mode: record.unique_chat_mode,
  };
  if (moderatorId !== undefined) {
    wire.moderator_id = moderatorId;
    wire.non_moderator_chat_delay = record.non_moderator_chat_delay;
    wire.non_moderator_chat_delay_duration = record.non_moderator_chat_delay_duration;
  }
  return wire;
}

/** The settings routes. */
export const chatSettingsRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'GET',
    path: '/chat/settings',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, chat) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      const moderatorId = request.query.get('moderator_id') || undefined;
      if (moderatorId !== undefined && token.userId !== undefined) requireTokenUser(token, moderatorId, 'moderator_id');
      // The delay settings are for moderators only; anyone else just gets the public settings.
      const privileged =
        moderatorId !== undefined &&
        context.state.isModerator(broadcasterId, moderatorId) &&
        (token.userId === undefined || token.scopes.includes('moderator:read:chat_settings') || token.scopes.includes('moderator:manage:chat_settings'));
      return ok([settingsWire(chat, broadcasterId, privileged ? moderatorId : undefined)]);
    },
  },
  {
    method: 'PATCH',
    path: '/chat/settings',
    token: 'either',
    scopes: ['moderator:manage:chat_settings'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ChatState>(({ request, context, broadcasterId, moderatorId }, chat) => {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object');
      const current = chat.settingsOf(broadcasterId);
      const next = applySettings(current, body as Record<string, unknown>);
      chat.settings.set(broadcasterId, next);
      raiseSettingsEvents(context, broadcasterId, moderatorId, current, next);
      return ok([settingsWire(chat, broadcasterId, moderatorId)]);
    }),
  },
];

/**
 * What a change of settings raises: `channel.chat_settings.update` when anything changed, and the
 * `channel.moderate` action of each mode turned on, off or retimed, as the platform's own chat
 * commands (`/slow 30`, `/followersoff`...) raise them. The chat delay has no action.
 */
function raiseSettingsEvents(context: HelixContext, broadcasterId: string, moderatorId: string, before: MockChatSettings, after: MockChatSettings): void {
  const changed = (Object.keys(after) as (keyof MockChatSettings)[]).some((key) => after[key] !== before[key]);
  if (!changed) return;
  context.events.raise({
    type: 'channel.chat_settings.update',
    version: '1',
    condition: { broadcaster_user_id: broadcasterId },
    event: {
      ...userFields(context, broadcasterId, 'broadcaster_user'),
      emote_mode: after.emote_mode,
      follower_mode: after.follower_mode,
      follower_mode_duration_minutes: after.follower_mode_duration,
      slow_mode: after.slow_mode,
      slow_mode_wait_time_seconds: after.slow_mode_wait_time,
      subscriber_mode: after.subscriber_mode,
      unique_chat_mode: after.unique_chat_mode,
    },
  });
  for (const mode of MODERATE_MODES) {
    const on = after[mode.flag];
    const retimed = mode.duration !== undefined && on && after[mode.duration] !== before[mode.duration];
    if (on === before[mode.flag] && !retimed) continue;
    if (!on) {
      raiseModerate(context, broadcasterId, moderatorId, `${mode.action}off`);
    } else if (mode.duration === undefined || mode.detail === undefined) {
      raiseModerate(context, broadcasterId, moderatorId, mode.action);
    } else {
      raiseModerate(context, broadcasterId, moderatorId, mode.action, { key: mode.detail.key, value: { [mode.detail.field]: after[mode.duration] } });
    }
  }
}

/** The modes that have a `channel.moderate` action (`<action>` on, `<action>off` off), with the detail object a timed one carries. */
const MODERATE_MODES: readonly {
  flag: 'emote_mode' | 'follower_mode' | 'slow_mode' | 'subscriber_mode' | 'unique_chat_mode';
  action: string;
  duration?: 'follower_mode_duration' | 'slow_mode_wait_time';
  detail?: { key: ModerateDetail; field: string };
}[] = [
  { flag: 'emote_mode', action: 'emoteonly' },
  { flag: 'follower_mode', action: 'followers', duration: 'follower_mode_duration', detail: { key: 'followers', field: 'follow_duration_minutes' } },
  { flag: 'slow_mode', action: 'slow', duration: 'slow_mode_wait_time', detail: { key: 'slow', field: 'wait_time_seconds' } },
  { flag: 'subscriber_mode', action: 'subscribers' },
  { flag: 'unique_chat_mode', action: 'uniquechat' },
];

/** The timed modes: the duration's allowed values, and what a mode turned on without one gets. */
const TIMED_MODES = [
  { mode: 'slow_mode', duration: 'slow_mode_wait_time', fallback: 30, valid: (n: number) => n >= 3 && n <= 120, range: 'from 3 to 120' },
  { mode: 'follower_mode', duration: 'follower_mode_duration', fallback: 0, valid: (n: number) => n >= 0 && n <= 129600, range: 'from 0 to 129600' },
  // The reference gives no default for the delay; the shortest allowed one is used.
  { mode: 'non_moderator_chat_delay', duration: 'non_moderator_chat_delay_duration', fallback: 2, valid: (n: number) => n === 2 || n === 4 || n === 6, range: '2, 4 or 6' },
] as const;

/**
 * The settings after a partial update: only the fields sent change. A duration is accepted with
 * its mode set true in the same body, or alone while its mode is already on (the platform takes
 * it then); a mode set true without one gets the default; a mode set false clears its duration.
 */
function applySettings(current: MockChatSettings, body: Record<string, unknown>): MockChatSettings {
  const next = { ...current };
  const flag = (name: keyof MockChatSettings): boolean | undefined => {
    const value = body[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') throw new HttpError(400, `The parameter "${name}" must be a boolean`);
    return value;
  };
  for (const name of ['emote_mode', 'subscriber_mode', 'unique_chat_mode'] as const) {
    const value = flag(name);
    if (value !== undefined) next[name] = value;
  }
  for (const { mode, duration, fallback, valid, range } of TIMED_MODES) {
    const on = flag(mode);
    const value = body[duration];
    if (value !== undefined && value !== null) {
      if (on === false || (on === undefined && !current[mode])) {
        throw new HttpError(400, `The parameter "${duration}" may only be set with "${mode}" set to true, or while it is on`);
      }
      if (typeof value !== 'number' || !Number.isInteger(value) || !valid(value)) throw new HttpError(400, `The parameter "${duration}" must be ${range}`);
      next[mode] = true;
      next[duration] = value;
    } else if (on === true) {
      next[mode] = true;
      next[duration] = fallback;
    } else if (on === false) {
      next[mode] = false;
      next[duration] = null;
    }
  }
  return next;
}
