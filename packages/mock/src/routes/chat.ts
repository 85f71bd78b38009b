import { HttpError, type MockRequest, type Router } from '../http';
import { authorize, field, noContent, ok, page, repeated, required, requiredField, requireModerator, requireTokenUser, userFields, type HelixContext } from '../helix';
import type { MockChatMessage, MockToken } from '../state';

/** An emote as tests describe it to the chat controls; everything but `name` has a default. */
export interface ChatEmoteInput {
  /** Default: a fresh `emotesv2_…` ID. */
  id?: string;
  name: string;
  /** `globals`, `subscriptions`, `follower`, `bitstier`, `smilies`...; the default depends on where the emote is set. */
  emote_type?: string;
  emote_set_id?: string;
  owner_id?: string;
  /** Subscriber tier (`1000`, `2000`, `3000`), `""` for the others. */
  tier?: string;
  /** Default `['static']`. */
  format?: string[];
  /** Default `['1.0', '2.0', '3.0']`. */
  scale?: string[];
  /** Default `['light', 'dark']`. */
  theme_mode?: string[];
}

/** A version of a chat badge as tests describe it; the image addresses are made up when left out. */
export interface ChatBadgeVersionInput {
  id: string;
  title?: string;
  description?: string;
  click_action?: string | null;
  click_url?: string | null;
  image_url_1x?: string;
  image_url_2x?: string;
  image_url_4x?: string;
}

/** A chat badge set as tests describe it. */
export interface ChatBadgeSetInput {
  set_id: string;
  versions: ChatBadgeVersionInput[];
}

/** A channel's chat settings as the platform stores them. */
export interface MockChatSettings {
  emote_mode: boolean;
  follower_mode: boolean;
  /** Minutes; null when follower mode is off. */
  follower_mode_duration: number | null;
  non_moderator_chat_delay: boolean;
  /** Seconds (2, 4 or 6); null when the delay is off. */
  non_moderator_chat_delay_duration: number | null;
  slow_mode: boolean;
  /** Seconds; null when slow mode is off. */
  slow_mode_wait_time: number | null;
  subscriber_mode: boolean;
  unique_chat_mode: boolean;
}

/** A shared chat session as `GET /shared_chat/session` returns it. */
export interface MockSharedChatSession {
  session_id: string;
  host_broadcaster_id: string;
  participants: { broadcaster_id: string }[];
  created_at: string;
  updated_at: string;
}

/** What tests can do in the chat group that no API call does. */
export interface ChatControl {
  /** Replaces the global emotes (a few samples are there from the start). */
  setGlobalEmotes(emotes: ChatEmoteInput[]): void;
  /**
   * Replaces a channel's emotes (`GET /chat/emotes`). Defaults: `emote_type` `subscriptions`,
   * `tier` `1000` for subscriptions (`""` otherwise), `owner_id` the broadcaster.
   */
  setChannelEmotes(broadcasterId: string, emotes: ChatEmoteInput[]): void;
  /**
   * Replaces the emotes a user owns beyond the global ones (`GET /chat/emotes/user` lists both,
   * plus the follower emotes of the `broadcaster_id` it is asked about).
   */
  setUserEmotes(userId: string, emotes: ChatEmoteInput[]): void;
  /** Replaces the global badge sets (broadcaster, moderator, vip and subscriber are there from the start). */
  setGlobalBadges(sets: ChatBadgeSetInput[]): void;
  /** Replaces a channel's badge sets (`GET /chat/badges`; none at the start). */
  setChannelBadges(broadcasterId: string, sets: ChatBadgeSetInput[]): void;
  /**
   * Marks a user as a premium-tier user, who may pick any hex chat color. Partners are premium
   * without this; everybody else gets a 400 for a hex color and must pick a named one.
   */
  setPremium(userId: string, premium?: boolean): void;
  /** Puts users in a channel's chat (`GET /chat/chatters`), in order, each once. */
  join(broadcasterId: string, userIds: string[]): void;
  /** Takes users out of a channel's chat. */
  leave(broadcasterId: string, userIds: string[]): void;
  /**
   * A chatter writes a message, as if from the platform's own chat box: the message is stored
   * (so it can be pinned or replied to), the user joins the chatters and `channel.chat.message`
   * is raised. No ban or chat setting is checked: use `POST /chat/messages` for that.
   */
  userSays(broadcasterId: string, userId: string, text: string, options?: { replyTo?: string }): MockChatMessage;
  /**
   * Starts a shared chat session hosted by `hostId` with the other `participantIds`; raises
   * `channel.shared_chat.begin` for each channel. Throws if a channel is already in a session.
   */
  startSharedSession(hostId: string, participantIds: string[]): MockSharedChatSession;
  /** Ends the shared chat session a channel is in (if any); raises `channel.shared_chat.end` for each channel. */
  endSharedSession(broadcasterId: string): void;
  /** A channel's chat settings, as stored now. */
  settingsOf(broadcasterId: string): MockChatSettings;
  /** The message pinned in a channel now, as `GET /chat/pins` returns it, or undefined. */
  pinnedMessage(broadcasterId: string): Record<string, unknown> | undefined;
}

interface EmoteRecord {
  id: string;
  name: string;
  emote_type: string;
  emote_set_id: string;
  owner_id: string;
  tier: string;
  format: string[];
  scale: string[];
  theme_mode: string[];
}

interface Pin {
  message: MockChatMessage;
  pinnedBy: string;
  startsAt: number;
  /** Epoch ms; undefined while it lasts until the stream ends. */
  endsAt: number | undefined;
  updatedAt: number;
  /** A pin without duration ends with the stream, so it only ends if there was a stream to end. */
  pinnedWhileLive: boolean;
}

interface SharedSession {
  id: string;
  host: string;
  participants: string[];
  createdAt: number;
  updatedAt: number;
}

/** The address pattern of emote images; the `template` field of every emote response. */
const EMOTE_TEMPLATE = 'https://static.example/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}';
const MESSAGE_MAX = 500;
const ANNOUNCE_WINDOW_MS = 2_000;
const SHOUTOUT_CHANNEL_COOLDOWN_MS = 2 * 60_000;
const SHOUTOUT_TARGET_COOLDOWN_MS = 60 * 60_000;
const SEND_PIN_SECONDS = 20 * 60;
/** The server picks the page size of user emotes (no `first` is documented). */
const USER_EMOTES_PAGE = 100;
/** Unique chat mode refuses a message its sender already wrote within this window. */
const UNIQUE_CHAT_WINDOW_MS = 30_000;

const ANNOUNCEMENT_COLORS = ['blue', 'green', 'orange', 'purple', 'primary'];
const NAMED_COLORS: Record<string, string> = {
  blue: '#0000FF',
  blue_violet: '#8A2BE2',
  cadet_blue: '#5F9EA0',
  chocolate: '#D2691E',
  coral: '#FF7F50',
  dodger_blue: '#1E90FF',
  firebrick: '#B22222',
  golden_rod: '#DAA520',
  green: '#008000',
  hot_pink: '#FF69B4',
  orange_red: '#FF4500',
  red: '#FF0000',
  sea_green: '#2E8B57',
  spring_green: '#00FF7F',
  yellow_green: '#9ACD32',
};

const DEFAULT_SETTINGS: MockChatSettings = {
  emote_mode: false,
  follower_mode: false,
  follower_mode_duration: null,
  non_moderator_chat_delay: false,
  non_moderator_chat_delay_duration: null,
  slow_mode: false,
  slow_mode_wait_time: null,
  subscriber_mode: false,
  unique_chat_mode: false,
};

/** Every notice field of `channel.chat.notification`; all but the one matching `notice_type` are null. */
const NOTICE_FIELDS = [
  'sub', 'resub', 'sub_gift', 'community_sub_gift', 'gift_paid_upgrade', 'prime_paid_upgrade', 'pay_it_forward', 'raid', 'unraid',
  'announcement', 'bits_badge_tier', 'charity_donation', 'watch_streak', 'modiversary', 'shared_chat_sub', 'shared_chat_resub',
  'shared_chat_sub_gift', 'shared_chat_community_sub_gift', 'shared_chat_gift_paid_upgrade', 'shared_chat_prime_paid_upgrade',
  'shared_chat_pay_it_forward', 'shared_chat_raid', 'shared_chat_announcement', 'shared_chat_modiversary',
];

/**
 * The chat routes (written from shared/reference/helix.md §2.1): chatters, emotes, badges,
 * settings, shared chat session, announcements, shoutouts, messages, pins and chat colors.
 * Returns the controls tests use for what no API call does (exposed as `mock.chat`).
 */
export function registerChatRoutes(router: Router, context: HelixContext): ChatControl {
  const { state } = context;
  let globalEmotes: EmoteRecord[] = sampleGlobalEmotes();
  const channelEmotes = new Map<string, EmoteRecord[]>();
  const userEmotes = new Map<string, EmoteRecord[]>();
  let globalBadges = sampleGlobalBadges();
  const channelBadges = new Map<string, ReturnType<typeof badgeSet>[]>();
  const settings = new Map<string, MockChatSettings>();
  const pins = new Map<string, Pin>();
  const colors = new Map<string, string>();
  const premium = new Set<string>();
  const sessions: SharedSession[] = [];
  /** message_id → the message it answers, for the `reply` object of later replies. */
  const replies = new Map<string, MockChatMessage>();
  const lastShoutout = new Map<string, number>();
  const lastShoutoutTo = new Map<string, number>();
  let nextEmote = 1;

  const iso = (ms: number) => new Date(ms).toISOString();

  function emoteRecord(input: ChatEmoteInput, defaults: Partial<EmoteRecord>): EmoteRecord {
    const emote_type = input.emote_type ?? defaults.emote_type ?? 'subscriptions';
    return {
      id: input.id ?? `emotesv2_${(nextEmote++).toString(16).padStart(8, '0')}`,
      name: input.name,
      emote_type,
      emote_set_id: input.emote_set_id ?? defaults.emote_set_id ?? '',
      owner_id: input.owner_id ?? defaults.owner_id ?? '',
      tier: input.tier ?? (emote_type === 'subscriptions' ? '1000' : ''),
      format: input.format ?? ['static'],
      scale: input.scale ?? ['1.0', '2.0', '3.0'],
      theme_mode: input.theme_mode ?? ['light', 'dark'],
    };
  }

  function sampleGlobalEmotes(): EmoteRecord[] {
    return ['SmileWide', 'HighFive', 'GoodGame', 'HeartBeat'].map((name, index) =>
      emoteRecord({ id: String(101 + index), name }, { emote_type: 'globals', emote_set_id: '0', owner_id: '0' }),
    );
  }

  function sampleGlobalBadges() {
    return [
      { set_id: 'broadcaster', versions: [{ id: '1', title: 'Broadcaster' }] },
      { set_id: 'moderator', versions: [{ id: '1', title: 'Moderator' }] },
      { set_id: 'subscriber', versions: [{ id: '0', title: 'Subscriber' }, { id: '3', title: '3-Month Subscriber' }] },
      { set_id: 'vip', versions: [{ id: '1', title: 'VIP' }] },
    ].map(badgeSet);
  }

  const channelSettings = (broadcasterId: string): MockChatSettings => {
    let record = settings.get(broadcasterId);
    if (!record) {
      record = { ...DEFAULT_SETTINGS };
      settings.set(broadcasterId, record);
    }
    return record;
  };

  /** The acting moderator of a call (`moderator_id`, required; with an app token it must still name a moderator). */
  function actingModerator(request: MockRequest, token: MockToken, broadcasterId: string): string {
    const moderatorId = required(request, 'moderator_id');
    requireModerator(context, token, broadcasterId, moderatorId);
    return moderatorId;
  }

  /** A query flag given as `true`/`false`; undefined when absent. */
  function queryFlag(request: MockRequest, name: string): boolean | undefined {
    const value = request.query.get(name);
    if (value === null || value === '') return undefined;
    if (value !== 'true' && value !== 'false') throw new HttpError(400, `The parameter "${name}" must be true or false`);
    return value === 'true';
  }

  /**
   * `for_source_only` is for app tokens only (a user token gets 400); with an app token it defaults
   * to true, so in a shared chat a bot's message stays in its own channel unless told otherwise.
   */
  function sourceOnly(token: MockToken, value: unknown): boolean {
    if (value === undefined || value === null) return token.userId === undefined;
    if (token.userId !== undefined) throw new HttpError(400, 'The parameter "for_source_only" may only be used with an app access token');
    if (typeof value !== 'boolean') throw new HttpError(400, 'The parameter "for_source_only" must be a boolean');
    return value;
  }

  function badgesOf(broadcasterId: string, userId: string): { set_id: string; id: string; info: string }[] {
    const channel = state.channel(broadcasterId);
    if (userId === broadcasterId) return [{ set_id: 'broadcaster', id: '1', info: '' }];
    if (channel.moderators.has(userId)) return [{ set_id: 'moderator', id: '1', info: '' }];
    if (channel.vips.has(userId)) return [{ set_id: 'vip', id: '1', info: '' }];
    return [];
  }

  /** The emotes a user can type in a channel, by name. */
  function emotesByName(broadcasterId: string, userId: string | undefined): Map<string, EmoteRecord> {
    const all = [...globalEmotes, ...(channelEmotes.get(broadcasterId) ?? []), ...(userId === undefined ? [] : (userEmotes.get(userId) ?? []))];
    return new Map(all.map((emote) => [emote.name, emote]));
  }

  /** Splits text into the fragments of chat events: text, emote (a known emote name) and mention (`@login` of a known user). */
  function fragmentsOf(broadcasterId: string, userId: string | undefined, text: string): Record<string, unknown>[] {
    const emotes = emotesByName(broadcasterId, userId);
    const fragments: Record<string, unknown>[] = [];
    let pending = '';
    const flush = () => {
      if (pending !== '') fragments.push({ type: 'text', text: pending, cheermote: null, emote: null, mention: null });
      pending = '';
    };
    for (const part of text.split(/(\s+)/)) {
      const emote = emotes.get(part);
      const login = /^@(\w+)$/.exec(part)?.[1]?.toLowerCase();
      const mentioned = login === undefined ? undefined : [...state.users.values()].find((user) => user.login === login);
      if (emote) {
        flush();
        fragments.push({ type: 'emote', text: part, cheermote: null, emote: { id: emote.id, emote_set_id: emote.emote_set_id, owner_id: emote.owner_id, format: emote.format }, mention: null });
      } else if (mentioned) {
        flush();
        fragments.push({ type: 'mention', text: part, cheermote: null, emote: null, mention: { user_id: mentioned.id, user_name: mentioned.display_name, user_login: mentioned.login } });
      } else {
        pending += part;
      }
    }
    flush();
    return fragments;
  }

  function sessionOf(broadcasterId: string): SharedSession | undefined {
    return sessions.find((session) => session.participants.includes(broadcasterId));
  }

  /**
   * The channels that see something said in `broadcasterId`: every channel of its shared chat
   * session unless it is for the source only, with the `source_*` fields to put in their events
   * (all null outside a shared chat).
   */
  function audience(broadcasterId: string, forSourceOnly: boolean, sourceMessageId: string, sourceBadges: unknown): { targets: string[]; source: Record<string, unknown> } {
    const session = sessionOf(broadcasterId);
    if (!session) {
      return {
        targets: [broadcasterId],
        source: { source_broadcaster_user_id: null, source_broadcaster_user_login: null, source_broadcaster_user_name: null, source_message_id: null, source_badges: null, is_source_only: null },
      };
    }
    return {
      targets: forSourceOnly ? [broadcasterId] : [broadcasterId, ...session.participants.filter((id) => id !== broadcasterId)],
      source: { ...userFields(context, broadcasterId, 'source_broadcaster_user'), source_message_id: sourceMessageId, source_badges: sourceBadges, is_source_only: forSourceOnly },
    };
  }

  /** Stores a message and raises `channel.chat.message` in every channel that sees it. */
  function deliver(broadcasterId: string, senderId: string, text: string, replyTo: MockChatMessage | undefined, forSourceOnly: boolean): MockChatMessage {
    const message: MockChatMessage = { message_id: state.id(), broadcaster_id: broadcasterId, sender_id: senderId, text, sent_at: context.now(), deleted: false };
    state.channel(broadcasterId).messages.push(message);
    if (replyTo) replies.set(message.message_id, replyTo);
    const badges = badgesOf(broadcasterId, senderId);
    const thread = replyTo ? (replies.get(replyTo.message_id) ?? replyTo) : undefined;
    const reply =
      replyTo && thread
        ? {
            parent_message_id: replyTo.message_id,
            parent_message_body: replyTo.text,
            ...userFields(context, replyTo.sender_id, 'parent_user'),
            thread_message_id: thread.message_id,
            ...userFields(context, thread.sender_id, 'thread_user'),
          }
        : null;
    const { targets, source } = audience(broadcasterId, forSourceOnly, message.message_id, badges);
    for (const target of targets) {
      context.events.raise({
        type: 'channel.chat.message',
        version: '1',
        condition: { broadcaster_user_id: target },
        event: {
          ...userFields(context, target, 'broadcaster_user'),
          ...userFields(context, senderId, 'chatter_user'),
          message_id: message.message_id,
          message: { text, fragments: fragmentsOf(broadcasterId, senderId, text) },
          message_type: 'text',
          badges,
          cheer: null,
          color: colors.get(senderId) ?? '',
          reply,
          channel_points_custom_reward_id: null,
          ...source,
        },
      });
    }
    return message;
  }

  /** Why a message from `senderId` would not reach chat now, or undefined when it would. */
  function dropReason(broadcasterId: string, senderId: string, text: string): { code: string; message: string } | undefined {
    const ban = state.activeBan(broadcasterId, senderId);
    if (ban) {
      return ban.ends_at === undefined
        ? { code: 'msg_banned', message: 'You are permanently banned from talking in this channel.' }
        : { code: 'msg_timedout', message: 'You are timed out from talking in this channel.' };
    }
    // The broadcaster and moderators are exempt from chat modes; VIPs from all but emote-only and unique chat.
    if (state.isModerator(broadcasterId, senderId)) return undefined;
    const channel = state.channel(broadcasterId);
    const mode = channelSettings(broadcasterId);
    const vip = channel.vips.has(senderId);
    if (mode.emote_mode) {
      const emotes = emotesByName(broadcasterId, senderId);
      const words = text.split(/\s+/).filter((word) => word !== '');
      if (words.some((word) => !emotes.has(word))) return { code: 'channel_settings', message: 'This room is in emote-only mode.' };
    }
    if (mode.subscriber_mode && !vip) return { code: 'channel_settings', message: 'This room is in subscribers-only mode.' };
    const own = channel.messages.filter((message) => message.sender_id === senderId && !message.deleted);
    const last = own.at(-1);
    if (mode.slow_mode && !vip && last && context.now() - last.sent_at < (mode.slow_mode_wait_time ?? 30) * 1000) {
      return { code: 'channel_settings', message: 'This room is in slow mode and you are sending messages too quickly.' };
    }
    if (mode.unique_chat_mode && own.some((message) => message.text === text && context.now() - message.sent_at < UNIQUE_CHAT_WINDOW_MS)) {
      return { code: 'msg_duplicate', message: 'Your message is identical to one you sent recently; this room is in unique-chat mode.' };
    }
    return undefined;
  }

  function findMessage(broadcasterId: string, messageId: string): MockChatMessage | undefined {
    return state.channel(broadcasterId).messages.find((message) => message.message_id === messageId && !message.deleted);
  }

  /** The pin in force in a channel: a pin whose time is up, whose stream ended or whose message was deleted is gone. */
  function livePin(broadcasterId: string): Pin | undefined {
    const pin = pins.get(broadcasterId);
    if (!pin) return undefined;
    const expired = pin.endsAt === undefined ? pin.pinnedWhileLive && !state.channel(broadcasterId).live : context.now() >= pin.endsAt;
    if (expired || pin.message.deleted) {
      pins.delete(broadcasterId);
      return undefined;
    }
    return pin;
  }

  function pinWire(pin: Pin): Record<string, unknown> {
    const { message } = pin;
    return {
      message_id: message.message_id,
      broadcaster_id: message.broadcaster_id,
      ...userFields(context, message.sender_id, 'sender_user'),
      ...userFields(context, pin.pinnedBy, 'pinned_by_user'),
      message: { text: message.text, fragments: fragmentsOf(message.broadcaster_id, message.sender_id, message.text) },
      starts_at: iso(pin.startsAt),
      ends_at: pin.endsAt === undefined ? null : iso(pin.endsAt),
      updated_at: iso(pin.updatedAt),
    };
  }

  /** `duration_seconds` of the pin calls: 30 to 1800, or undefined for "until the stream ends". */
  function pinDuration(request: MockRequest): number | undefined {
    const text = request.query.get('duration_seconds');
    if (text === null || text === '') return undefined;
    const seconds = Number(text);
    if (!Number.isInteger(seconds) || seconds < 30 || seconds > 1800) {
      throw new HttpError(400, 'The parameter "duration_seconds" must be a whole number from 30 to 1800');
    }
    return seconds;
  }

  function setPin(broadcasterId: string, message: MockChatMessage, pinnedBy: string, seconds: number | undefined): void {
    const now = context.now();
    pins.set(broadcasterId, { message, pinnedBy, startsAt: now, endsAt: seconds === undefined ? undefined : now + seconds * 1000, updatedAt: now, pinnedWhileLive: state.channel(broadcasterId).live });
  }

  function settingsWire(broadcasterId: string, moderatorId: string | undefined): Record<string, unknown> {
    const record = channelSettings(broadcasterId);
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

  const emoteImages = (id: string) => ({
    url_1x: `https://static.example/emoticons/v2/${id}/static/light/1.0`,
    url_2x: `https://static.example/emoticons/v2/${id}/static/light/2.0`,
    url_4x: `https://static.example/emoticons/v2/${id}/static/light/3.0`,
  });

  // --- Chatters -----------------------------------------------------------------------------

  router.add('GET', '/chat/chatters', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:read:chatters'] });
    const broadcasterId = required(request, 'broadcaster_id');
    actingModerator(request, token, broadcasterId);
    const chatters = state.channel(broadcasterId).chatters.map((id) => userFields(context, id, 'user'));
    const result = page(request, chatters, { defaultFirst: 100, maxFirst: 1000 });
    return { status: 200, body: { ...result, total: chatters.length } };
  });

  // --- Emotes and badges --------------------------------------------------------------------

  router.add('GET', '/chat/emotes', (request) => {
    authorize(context, request, { token: 'either' });
    const broadcasterId = required(request, 'broadcaster_id');
    const data = (channelEmotes.get(broadcasterId) ?? []).map((emote) => ({
      id: emote.id,
      name: emote.name,
      images: emoteImages(emote.id),
      tier: emote.tier,
      emote_type: emote.emote_type,
      emote_set_id: emote.emote_set_id,
      format: emote.format,
      scale: emote.scale,
      theme_mode: emote.theme_mode,
    }));
    return ok(data, { template: EMOTE_TEMPLATE });
  });

  router.add('GET', '/chat/emotes/global', (request) => {
    authorize(context, request, { token: 'either' });
    const data = globalEmotes.map((emote) => ({ id: emote.id, name: emote.name, images: emoteImages(emote.id), format: emote.format, scale: emote.scale, theme_mode: emote.theme_mode }));
    return ok(data, { template: EMOTE_TEMPLATE });
  });

  router.add('GET', '/chat/emotes/set', (request) => {
    authorize(context, request, { token: 'either' });
    const setIds = repeated(request, 'emote_set_id', 25);
    if (setIds.length === 0) throw new HttpError(400, 'Missing required parameter "emote_set_id"');
    const seen = new Set<string>();
    const all = [...globalEmotes, ...[...channelEmotes.values()].flat(), ...[...userEmotes.values()].flat()];
    // Unknown sets are left out and an emote found in several places is listed once.
    const data = all
      .filter((emote) => setIds.includes(emote.emote_set_id) && !seen.has(emote.id) && seen.add(emote.id))
      .map((emote) => ({
        id: emote.id,
        name: emote.name,
        images: emoteImages(emote.id),
        emote_type: emote.emote_type,
        emote_set_id: emote.emote_set_id,
        owner_id: emote.owner_id,
        format: emote.format,
        scale: emote.scale,
        theme_mode: emote.theme_mode,
      }));
    return ok(data, { template: EMOTE_TEMPLATE });
  });

  router.add('GET', '/chat/emotes/user', (request) => {
    const token = authorize(context, request, { token: 'user', scopes: ['user:read:emotes'] });
    const userId = required(request, 'user_id');
    requireTokenUser(token, userId, 'user_id');
    const broadcasterId = request.query.get('broadcaster_id');
    const follower = broadcasterId ? (channelEmotes.get(broadcasterId) ?? []).filter((emote) => emote.emote_type === 'follower') : [];
    const seen = new Set<string>();
    const all = [...globalEmotes, ...(userEmotes.get(userId) ?? []), ...follower].filter((emote) => !seen.has(emote.id) && seen.add(emote.id));
    const data = all.map((emote) => ({
      id: emote.id,
      name: emote.name,
      emote_type: emote.emote_type,
      emote_set_id: emote.emote_set_id,
      owner_id: emote.owner_id,
      format: emote.format,
      scale: emote.scale,
      theme_mode: emote.theme_mode,
    }));
    // Only `after` pages here: the server picks the size, so a `first` the client sends is ignored.
    const after = request.query.get('after');
    const paging: MockRequest = { ...request, query: new URLSearchParams(after ? { after } : {}) };
    const result = page(paging, data, { defaultFirst: USER_EMOTES_PAGE, maxFirst: USER_EMOTES_PAGE });
    return { status: 200, body: { ...result, template: EMOTE_TEMPLATE } };
  });

  router.add('GET', '/chat/badges', (request) => {
    authorize(context, request, { token: 'either' });
    const broadcasterId = required(request, 'broadcaster_id');
    return ok(channelBadges.get(broadcasterId) ?? []);
  });

  router.add('GET', '/chat/badges/global', (request) => {
    authorize(context, request, { token: 'either' });
    return ok(globalBadges);
  });

  // --- Settings -----------------------------------------------------------------------------

  router.add('GET', '/chat/settings', (request) => {
    const token = authorize(context, request, { token: 'either' });
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = request.query.get('moderator_id') || undefined;
    if (moderatorId !== undefined && token.userId !== undefined) requireTokenUser(token, moderatorId, 'moderator_id');
    // The delay settings are for moderators only; anyone else just gets the public settings.
    const privileged =
      moderatorId !== undefined &&
      state.isModerator(broadcasterId, moderatorId) &&
      (token.userId === undefined || token.scopes.includes('moderator:read:chat_settings') || token.scopes.includes('moderator:manage:chat_settings'));
    return ok([settingsWire(broadcasterId, privileged ? moderatorId : undefined)]);
  });

  router.add('PATCH', '/chat/settings', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:manage:chat_settings'] });
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = actingModerator(request, token, broadcasterId);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object');
    const current = channelSettings(broadcasterId);
    const next = applySettings(current, body as Record<string, unknown>);
    const changed = (Object.keys(next) as (keyof MockChatSettings)[]).some((key) => next[key] !== current[key]);
    settings.set(broadcasterId, next);
    if (changed) {
      context.events.raise({
        type: 'channel.chat_settings.update',
        version: '1',
        condition: { broadcaster_user_id: broadcasterId },
        event: {
          ...userFields(context, broadcasterId, 'broadcaster_user'),
          emote_mode: next.emote_mode,
          follower_mode: next.follower_mode,
          follower_mode_duration_minutes: next.follower_mode_duration,
          slow_mode: next.slow_mode,
          slow_mode_wait_time_seconds: next.slow_mode_wait_time,
          subscriber_mode: next.subscriber_mode,
          unique_chat_mode: next.unique_chat_mode,
        },
      });
    }
    return ok([settingsWire(broadcasterId, moderatorId)]);
  });

  // --- Shared chat --------------------------------------------------------------------------

  router.add('GET', '/shared_chat/session', (request) => {
    authorize(context, request, { token: 'either' });
    const broadcasterId = required(request, 'broadcaster_id');
    const session = sessionOf(broadcasterId);
    return ok(session ? [sessionWire(session)] : []);
  });

  function sessionWire(session: SharedSession): MockSharedChatSession {
    return {
      session_id: session.id,
      host_broadcaster_id: session.host,
      participants: session.participants.map((id) => ({ broadcaster_id: id })),
      created_at: iso(session.createdAt),
      updated_at: iso(session.updatedAt),
    };
  }

  // --- Announcements and shoutouts ----------------------------------------------------------

  router.add('POST', '/chat/announcements', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:manage:announcements'] });
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = actingModerator(request, token, broadcasterId);
    const forSourceOnly = sourceOnly(token, queryFlag(request, 'for_source_only'));
    const message = requiredField<unknown>(request, 'message');
    if (typeof message !== 'string') throw new HttpError(400, 'The parameter "message" must be a string');
    const colorField = field<unknown>(request, 'color') ?? 'primary';
    const color = typeof colorField === 'string' ? colorField.toLowerCase() : '';
    if (!ANNOUNCEMENT_COLORS.includes(color)) throw new HttpError(400, `The parameter "color" must be one of ${ANNOUNCEMENT_COLORS.join(', ')}`);
    context.limits.endpoint(`chat.announce:${broadcasterId}`, 1, ANNOUNCE_WINDOW_MS, 'Only one announcement may be sent every 2 seconds');
    // The platform cuts an announcement past 500 characters instead of refusing it.
    const text = Array.from(message).slice(0, MESSAGE_MAX).join('');
    const messageId = state.id();
    const badges = badgesOf(broadcasterId, moderatorId);
    const { targets, source } = audience(broadcasterId, forSourceOnly, messageId, badges);
    for (const target of targets) {
      const noticeType = target === broadcasterId ? 'announcement' : 'shared_chat_announcement';
      context.events.raise({
        type: 'channel.chat.notification',
        version: '1',
        condition: { broadcaster_user_id: target },
        event: {
          ...userFields(context, target, 'broadcaster_user'),
          ...userFields(context, moderatorId, 'chatter_user'),
          chatter_is_anonymous: false,
          color: colors.get(moderatorId) ?? '',
          badges,
          system_message: '',
          message_id: messageId,
          message: { text, fragments: fragmentsOf(broadcasterId, moderatorId, text) },
          notice_type: noticeType,
          ...Object.fromEntries(NOTICE_FIELDS.map((name) => [name, name === noticeType ? { color: color.toUpperCase() } : null])),
          ...source,
        },
      });
    }
    return noContent();
  });

  router.add('POST', '/chat/shoutouts', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:manage:shoutouts'] });
    const fromId = required(request, 'from_broadcaster_id');
    const toId = required(request, 'to_broadcaster_id');
    const moderatorId = actingModerator(request, token, fromId);
    if (fromId === toId) throw new HttpError(400, 'The broadcaster may not give themselves a shoutout');
    if (!state.user(toId)) throw new HttpError(400, 'The ID in to_broadcaster_id is not a valid user');
    if (!state.channel(fromId).live) throw new HttpError(403, 'The broadcaster is not streaming live; shoutouts can only be sent during a stream');
    const now = context.now();
    const channelReady = (lastShoutout.get(fromId) ?? -Infinity) + SHOUTOUT_CHANNEL_COOLDOWN_MS;
    if (now < channelReady) throw new HttpError(429, 'The broadcaster may send one shoutout every 2 minutes');
    const targetKey = `${fromId}>${toId}`;
    const targetReady = (lastShoutoutTo.get(targetKey) ?? -Infinity) + SHOUTOUT_TARGET_COOLDOWN_MS;
    if (now < targetReady) throw new HttpError(429, 'The broadcaster may shout out the same broadcaster once an hour');
    lastShoutout.set(fromId, now);
    lastShoutoutTo.set(targetKey, now);
    // The mock keeps no viewer counts; the people in chat stand in for them.
    const viewerCount = state.channel(fromId).chatters.length;
    context.events.raise({
      type: 'channel.shoutout.create',
      version: '1',
      condition: { broadcaster_user_id: fromId },
      event: {
        ...userFields(context, fromId, 'broadcaster_user'),
        ...userFields(context, toId, 'to_broadcaster_user'),
        ...userFields(context, moderatorId, 'moderator_user'),
        viewer_count: viewerCount,
        started_at: iso(now),
        cooldown_ends_at: iso(now + SHOUTOUT_CHANNEL_COOLDOWN_MS),
        target_cooldown_ends_at: iso(now + SHOUTOUT_TARGET_COOLDOWN_MS),
      },
    });
    context.events.raise({
      type: 'channel.shoutout.receive',
      version: '1',
      condition: { broadcaster_user_id: toId },
      event: { ...userFields(context, toId, 'broadcaster_user'), ...userFields(context, fromId, 'from_broadcaster_user'), viewer_count: viewerCount, started_at: iso(now) },
    });
    return noContent();
  });

  // --- Messages -----------------------------------------------------------------------------

  /** The scopes a user has granted this client, across every token it was issued for them. */
  function granted(clientId: string, userId: string): Set<string> {
    const scopes = new Set<string>();
    for (const token of state.tokens.values()) {
      if (token.clientId === clientId && token.userId === userId) for (const scope of token.scopes) scopes.add(scope);
    }
    return scopes;
  }

  router.add('POST', '/chat/messages', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['user:write:chat'] });
    if (request.body !== undefined && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
      throw new HttpError(400, 'The request body must be a JSON object');
    }
    const broadcasterId = idField(requiredField(request, 'broadcaster_id'), 'broadcaster_id');
    const senderId = idField(requiredField(request, 'sender_id'), 'sender_id');
    const message = requiredField<unknown>(request, 'message');
    if (typeof message !== 'string') throw new HttpError(400, 'The parameter "message" must be a string');
    if (token.userId !== undefined) {
      requireTokenUser(token, senderId, 'sender_id');
    } else {
      // An app token speaks for a bot: the sender must have let this app chat as them, and the
      // channel must have let the bot in (channel:bot) unless the bot moderates it.
      const senderGrants = granted(token.clientId, senderId);
      if (!senderGrants.has('user:write:chat') || !senderGrants.has('user:bot')) {
        throw new HttpError(403, 'The sender has not authorized this application to chat as them (user:write:chat and user:bot)');
      }
      if (!state.isModerator(broadcasterId, senderId) && !granted(token.clientId, broadcasterId).has('channel:bot')) {
        throw new HttpError(403, 'The broadcaster has not authorized this application (channel:bot) and the sender is not a moderator');
      }
    }
    if (Array.from(message).length > MESSAGE_MAX) throw new HttpError(422, `The message is too large: at most ${MESSAGE_MAX} characters`);
    const forSourceOnly = sourceOnly(token, field(request, 'for_source_only'));
    const replyId = field<unknown>(request, 'reply_parent_message_id');
    const pin = field<unknown>(request, 'pin');
    if (pin !== undefined && pin !== null && typeof pin !== 'boolean') throw new HttpError(400, 'The parameter "pin" must be a boolean');
    if (pin === true) {
      if (replyId !== undefined && replyId !== null) throw new HttpError(400, 'A pinned message cannot be a reply');
      if (field(request, 'for_source_only') !== undefined) throw new HttpError(400, 'A pinned message cannot be for the source channel only');
      if (token.userId !== undefined && !token.scopes.includes('moderator:manage:chat_messages')) throw new HttpError(401, 'Missing scope: moderator:manage:chat_messages');
      if (!state.isModerator(broadcasterId, senderId)) throw new HttpError(403, 'Only the broadcaster or a moderator can pin a message');
    }
    let replyTo: MockChatMessage | undefined;
    if (replyId !== undefined && replyId !== null && replyId !== '') {
      replyTo = findMessage(broadcasterId, idField(replyId, 'reply_parent_message_id'));
      if (!replyTo) throw new HttpError(400, 'The parent message in reply_parent_message_id was not found in this chat');
    }
    // A refused message is not an error: the platform answers 200 and says why it was dropped.
    const dropped = dropReason(broadcasterId, senderId, message);
    if (dropped) return ok([{ message_id: '', is_sent: false, drop_reason: dropped }]);
    const sent = deliver(broadcasterId, senderId, message, replyTo, forSourceOnly);
    if (pin === true) setPin(broadcasterId, sent, senderId, SEND_PIN_SECONDS);
    return ok([{ message_id: sent.message_id, is_sent: true }]);
  });

  // --- Pins ---------------------------------------------------------------------------------

  router.add('GET', '/chat/pins', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:read:chat_messages', 'moderator:manage:chat_messages'] });
    const broadcasterId = required(request, 'broadcaster_id');
    actingModerator(request, token, broadcasterId);
    const pin = livePin(broadcasterId);
    return ok(pin ? [pinWire(pin)] : []);
  });

  router.add('PUT', '/chat/pins', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:manage:chat_messages'] });
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = actingModerator(request, token, broadcasterId);
    const messageId = required(request, 'message_id');
    const seconds = pinDuration(request);
    const message = findMessage(broadcasterId, messageId);
    if (!message) throw new HttpError(404, 'The message in message_id was not found in the broadcaster\'s chat');
    // One pin per chat: a new pin replaces the old one.
    setPin(broadcasterId, message, moderatorId, seconds);
    return noContent();
  });

  router.add('PATCH', '/chat/pins', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:manage:chat_messages'] });
    const broadcasterId = required(request, 'broadcaster_id');
    actingModerator(request, token, broadcasterId);
    const messageId = required(request, 'message_id');
    const seconds = pinDuration(request);
    const pin = livePin(broadcasterId);
    if (pin?.message.message_id !== messageId) throw new HttpError(404, 'The message in message_id is not the pinned message');
    const now = context.now();
    pin.endsAt = seconds === undefined ? undefined : now + seconds * 1000;
    pin.updatedAt = now;
    pin.pinnedWhileLive = pin.pinnedWhileLive || state.channel(broadcasterId).live;
    return noContent();
  });

  router.add('DELETE', '/chat/pins', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: ['moderator:manage:chat_messages'] });
    const broadcasterId = required(request, 'broadcaster_id');
    actingModerator(request, token, broadcasterId);
    const messageId = required(request, 'message_id');
    const pin = livePin(broadcasterId);
    if (pin?.message.message_id !== messageId) throw new HttpError(404, 'The message in message_id is not the pinned message');
    pins.delete(broadcasterId);
    return noContent();
  });

  // --- Colors -------------------------------------------------------------------------------

  router.add('GET', '/chat/color', (request) => {
    authorize(context, request, { token: 'either' });
    const ids = [...new Set(repeated(request, 'user_id', 100))];
    if (ids.length === 0) throw new HttpError(400, 'Missing required parameter "user_id"');
    const data = ids.filter((id) => state.user(id)).map((id) => ({ ...userFields(context, id, 'user'), color: colors.get(id) ?? '' }));
    return ok(data);
  });

  router.add('PUT', '/chat/color', (request) => {
    const token = authorize(context, request, { token: 'user', scopes: ['user:manage:chat_color'] });
    const userId = required(request, 'user_id');
    requireTokenUser(token, userId, 'user_id');
    const color = required(request, 'color');
    const named = NAMED_COLORS[color.toLowerCase()];
    if (named) {
      colors.set(userId, named);
      return noContent();
    }
    if (!/^#[0-9a-f]{6}$/i.test(color)) throw new HttpError(400, 'The parameter "color" must be a named color or a hex code such as #9146FF');
    if (!premium.has(userId) && state.user(userId)?.broadcaster_type !== 'partner') {
      throw new HttpError(400, 'Hex colors are only available to premium users; pick a named color');
    }
    colors.set(userId, color.toUpperCase());
    return noContent();
  });

  // --- Controls -----------------------------------------------------------------------------

  return {
    setGlobalEmotes(emotes) {
      globalEmotes = emotes.map((emote) => emoteRecord(emote, { emote_type: 'globals', emote_set_id: '0', owner_id: '0' }));
    },
    setChannelEmotes(broadcasterId, emotes) {
      channelEmotes.set(
        broadcasterId,
        emotes.map((emote) => emoteRecord(emote, { owner_id: broadcasterId, emote_set_id: `${broadcasterId}_${emote.emote_type ?? 'subscriptions'}` })),
      );
    },
    setUserEmotes(userId, emotes) {
      userEmotes.set(userId, emotes.map((emote) => emoteRecord(emote, {})));
    },
    setGlobalBadges(sets) {
      globalBadges = sets.map(badgeSet);
    },
    setChannelBadges(broadcasterId, sets) {
      channelBadges.set(broadcasterId, sets.map(badgeSet));
    },
    setPremium(userId, value = true) {
      if (value) premium.add(userId);
      else premium.delete(userId);
    },
    join(broadcasterId, userIds) {
      const chatters = state.channel(broadcasterId).chatters;
      for (const id of userIds) if (!chatters.includes(id)) chatters.push(id);
    },
    leave(broadcasterId, userIds) {
      const chatters = state.channel(broadcasterId).chatters;
      // In place, so anyone holding the list sees the change.
      for (let index = chatters.length - 1; index >= 0; index--) if (userIds.includes(chatters[index]!)) chatters.splice(index, 1);
    },
    userSays(broadcasterId, userId, text, options = {}) {
      const chatters = state.channel(broadcasterId).chatters;
      if (!chatters.includes(userId)) chatters.push(userId);
      const replyTo = options.replyTo === undefined ? undefined : findMessage(broadcasterId, options.replyTo);
      if (options.replyTo !== undefined && !replyTo) throw new Error(`No message ${options.replyTo} in the chat of ${broadcasterId}.`);
      return deliver(broadcasterId, userId, text, replyTo, false);
    },
    startSharedSession(hostId, participantIds) {
      const participants = [hostId, ...participantIds.filter((id) => id !== hostId)];
      const busy = participants.find((id) => sessionOf(id));
      if (busy !== undefined) throw new Error(`Channel ${busy} is already in a shared chat session.`);
      const now = context.now();
      const session: SharedSession = { id: state.id(), host: hostId, participants, createdAt: now, updatedAt: now };
      sessions.push(session);
      for (const id of participants) {
        context.events.raise({
          type: 'channel.shared_chat.begin',
          version: '1',
          condition: { broadcaster_user_id: id },
          event: {
            session_id: session.id,
            ...userFields(context, id, 'broadcaster_user'),
            ...userFields(context, hostId, 'host_broadcaster_user'),
            participants: participants.map((participant) => userFields(context, participant, 'broadcaster_user')),
          },
        });
      }
      return sessionWire(session);
    },
    endSharedSession(broadcasterId) {
      const session = sessionOf(broadcasterId);
      if (!session) return;
      sessions.splice(sessions.indexOf(session), 1);
      for (const id of session.participants) {
        context.events.raise({
          type: 'channel.shared_chat.end',
          version: '1',
          condition: { broadcaster_user_id: id },
          event: { session_id: session.id, ...userFields(context, id, 'broadcaster_user'), ...userFields(context, session.host, 'host_broadcaster_user') },
        });
      }
    },
    settingsOf: (broadcasterId) => ({ ...channelSettings(broadcasterId) }),
    pinnedMessage(broadcasterId) {
      const pin = livePin(broadcasterId);
      return pin ? pinWire(pin) : undefined;
    },
  };
}

/** An ID from a JSON body: a string (a number is taken as its digits, as IDs are numeric strings). */
function idField(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  throw new HttpError(400, `The parameter "${name}" must be a string`);
}

/** A badge set in the wire shape, versions sorted by ID. */
function badgeSet(input: ChatBadgeSetInput) {
  const versions = [...input.versions]
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
    .map((version) => {
      const image = (scale: number) => `https://static.example/badges/v1/${input.set_id}/${version.id}/${scale}`;
      return {
        id: version.id,
        image_url_1x: version.image_url_1x ?? image(1),
        image_url_2x: version.image_url_2x ?? image(2),
        image_url_4x: version.image_url_4x ?? image(3),
        title: version.title ?? input.set_id,
        description: version.description ?? version.title ?? input.set_id,
        click_action: version.click_action ?? null,
        click_url: version.click_url ?? null,
      };
    });
  return { set_id: input.set_id, versions };
}

/**
 * The settings after a partial update: only the fields sent change. A duration is accepted only
 * with its mode set true in the same body; a mode set true without one gets the default; a mode
 * set false clears its duration.
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
  const timed = [
    { mode: 'slow_mode', duration: 'slow_mode_wait_time', fallback: 30, valid: (n: number) => n >= 3 && n <= 120, range: 'from 3 to 120' },
    { mode: 'follower_mode', duration: 'follower_mode_duration', fallback: 0, valid: (n: number) => n >= 0 && n <= 129600, range: 'from 0 to 129600' },
    // The reference gives no default for the delay; the shortest allowed one is used.
    { mode: 'non_moderator_chat_delay', duration: 'non_moderator_chat_delay_duration', fallback: 2, valid: (n: number) => n === 2 || n === 4 || n === 6, range: '2, 4 or 6' },
  ] as const;
  for (const { mode, duration, fallback, valid, range } of timed) {
    const on = flag(mode);
    const value = body[duration];
    if (value !== undefined && value !== null) {
      if (on !== true) throw new HttpError(400, `The parameter "${duration}" may only be set with "${mode}" set to true`);
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
