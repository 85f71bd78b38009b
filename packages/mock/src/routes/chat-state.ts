// The chat group's state (see controls.ts): the stores of emotes, badges, settings, pins, colors,
// shoutouts and shared chat sessions, how a message reaches chat (fragments, badges, the channels
// that see it, the `channel.chat.message` events), and the logic of the chat controls. The routes
// are the tables of the chat-*.ts files, gathered with the controls in chat.ts.
import { iso, userFields, type HelixContext } from '../helix';
import type { Persisted } from '../persist';
import type { MockChatMessage } from '../state';
import type { ChatBadgeSetInput, ChatEmoteInput } from './chat-emotes';

/** A channel's chat settings as the platform stores them. */
export interface MockChatSettings {
  /** Messages may only contain emotes. */
  emote_mode: boolean;
  /** Only followers may chat. */
  follower_mode: boolean;
  /** Minutes; null when follower mode is off. */
  follower_mode_duration: number | null;
  /** Messages are held back so moderators can remove them. */
  non_moderator_chat_delay: boolean;
  /** Seconds (2, 4 or 6); null when the delay is off. */
  non_moderator_chat_delay_duration: number | null;
  /** Chatters must wait between messages. */
  slow_mode: boolean;
  /** Seconds; null when slow mode is off. */
  slow_mode_wait_time: number | null;
  /** Only subscribers may chat. */
  subscriber_mode: boolean;
  /** The same message may not be posted twice. */
  unique_chat_mode: boolean;
}

/** A shared chat session as `GET /shared_chat/session` returns it. */
export interface MockSharedChatSession {
  /** The session's ID. */
  session_id: string;
  /** The ID of the channel that started the session. */
  host_broadcaster_id: string;
  /** Every channel of the session, the host included. */
  participants: {
    /** The channel's ID. */
    broadcaster_id: string;
  }[];
  /** When the session began (RFC 3339). */
  created_at: string;
  /** When the session last changed (RFC 3339). */
  updated_at: string;
}

/** An emote as the chat group stores it. */
export interface EmoteRecord {
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

/** A badge set in the wire shape. */
export interface BadgeSet {
  set_id: string;
  versions: {
    id: string;
    image_url_1x: string;
    image_url_2x: string;
    image_url_4x: string;
    title: string;
    description: string;
    click_action: string | null;
    click_url: string | null;
  }[];
}

/** The message pinned in a channel. */
export interface Pin {
  message: MockChatMessage;
  pinnedBy: string;
  startsAt: number;
  /** Epoch ms; undefined while it lasts until the stream ends. */
  endsAt: number | undefined;
  updatedAt: number;
  /** A pin without duration ends with the stream, so it only ends if there was a stream to end. */
  pinnedWhileLive: boolean;
}

/** A shared chat session as the chat group stores it. */
export interface SharedSession {
  id: string;
  host: string;
  participants: string[];
  createdAt: number;
  updatedAt: number;
}

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

/** The chat group's data, and what more than one of its tables (or its controls) does with it. */
export class ChatState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = {
    as: 'chat',
    fields: ['globalEmotes', 'channelEmotes', 'userEmotes', 'globalBadges', 'channelBadges', 'settings', 'pins', 'colors', 'premium', 'sessions', 'replies', 'lastShoutout', 'lastShoutoutTo', 'nextEmote'],
  } as const;
  globalEmotes: EmoteRecord[];
  readonly channelEmotes = new Map<string, EmoteRecord[]>();
  readonly userEmotes = new Map<string, EmoteRecord[]>();
  globalBadges: BadgeSet[];
  readonly channelBadges = new Map<string, BadgeSet[]>();
  readonly settings = new Map<string, MockChatSettings>();
  readonly pins = new Map<string, Pin>();
  /** user ID → the color the user picked (`#RRGGBB`). */
  readonly colors = new Map<string, string>();
  /** Users who may pick any hex color. */
  readonly premium = new Set<string>();
  readonly sessions: SharedSession[] = [];
  /** message_id → the message it answers, for the `reply` object of later replies. */
  readonly replies = new Map<string, MockChatMessage>();
  /** broadcaster ID → the time of the channel's last shoutout. */
  readonly lastShoutout = new Map<string, number>();
  /** `<from>><to>` → the time of the last shoutout from one channel to the other. */
  readonly lastShoutoutTo = new Map<string, number>();
  /** The number in the ID of the next emote made without one (`emotesv2_…`). */
  nextEmote = 1;

  constructor(
    readonly context: HelixContext,
    /**
     * When a user's subscription to a channel began (epoch ms), undefined when they do not subscribe
     * (the subscriptions group knows): subscribers-only chat lets them speak, and their messages carry the subscriber badge.
     */
    readonly subscribedSince: (broadcasterId: string, userId: string) => number | undefined = () => undefined,
  ) {
    this.globalEmotes = ['SmileWide', 'HighFive', 'GoodGame', 'HeartBeat'].map((name, index) =>
      this.emoteRecord({ id: String(101 + index), name }, { emote_type: 'globals', emote_set_id: '0', owner_id: '0' }),
    );
    this.globalBadges = [
      { set_id: 'broadcaster', versions: [{ id: '1', title: 'Broadcaster' }] },
      { set_id: 'moderator', versions: [{ id: '1', title: 'Moderator' }] },
      { set_id: 'subscriber', versions: [{ id: '0', title: 'Subscriber' }, { id: '3', title: '3-Month Subscriber' }] },
      { set_id: 'vip', versions: [{ id: '1', title: 'VIP' }] },
    ].map(badgeSet);
  }

  /**
   * After a restore: a pin and a reply hold chat messages, which are the shared state's records
   * (its channels' `messages`), restored apart from this group's copy; they point at the shared
   * state's messages again, so a message deleted afterwards ends its pin.
   */
  restored(): void {
    const shared = (message: MockChatMessage): MockChatMessage =>
      this.context.state.channels.get(message.broadcaster_id)?.messages.find((each) => each.message_id === message.message_id) ?? message;
    for (const pin of this.pins.values()) pin.message = shared(pin.message);
    for (const [id, message] of this.replies) this.replies.set(id, shared(message));
  }

  /** An emote record from a test's description, with `defaults` for what it leaves out. */
  emoteRecord(input: ChatEmoteInput, defaults: Partial<EmoteRecord>): EmoteRecord {
    const emote_type = input.emote_type ?? defaults.emote_type ?? 'subscriptions';
    return {
      id: input.id ?? `emotesv2_${(this.nextEmote++).toString(16).padStart(8, '0')}`,
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

  /** A channel's settings record (the defaults until changed), stored on first use. */
  settingsOf(broadcasterId: string): MockChatSettings {
    let record = this.settings.get(broadcasterId);
    if (!record) {
      record = { ...DEFAULT_SETTINGS };
      this.settings.set(broadcasterId, record);
    }
    return record;
  }

  /** The emotes a user can type in a channel, by name. */
  emotesByName(broadcasterId: string, userId: string | undefined): Map<string, EmoteRecord> {
    const all = [...this.globalEmotes, ...(this.channelEmotes.get(broadcasterId) ?? []), ...(userId === undefined ? [] : (this.userEmotes.get(userId) ?? []))];
    return new Map(all.map((emote) => [emote.name, emote]));
  }

  /** Splits text into the fragments of chat events: text, emote (a known emote name) and mention (`@login` of a known user). */
  fragmentsOf(broadcasterId: string, userId: string | undefined, text: string): Record<string, unknown>[] {
    const emotes = this.emotesByName(broadcasterId, userId);
    const fragments: Record<string, unknown>[] = [];
    let pending = '';
    const flush = () => {
      if (pending !== '') fragments.push({ type: 'text', text: pending, cheermote: null, emote: null, mention: null });
      pending = '';
    };
    for (const part of text.split(/(\s+)/)) {
      const emote = emotes.get(part);
      const login = /^@(\w+)$/.exec(part)?.[1]?.toLowerCase();
      const mentioned = login === undefined ? undefined : [...this.context.state.users.values()].find((user) => user.login === login);
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

  /** Whether a user subscribes to a channel now. */
  isSubscriber(broadcasterId: string, userId: string): boolean {
    return this.subscribedSince(broadcasterId, userId) !== undefined;
  }

  /**
   * The badges a user shows in a channel's chat, as the platform lists them: broadcaster, moderator
   * or VIP, then the subscriber badge of a subscriber. Its `info` is the months subscribed (a month
   * begun counts), its `id` the badge version the global set has for them (`3` from three months, else `0`).
   */
  badgesOf(broadcasterId: string, userId: string): { set_id: string; id: string; info: string }[] {
    const channel = this.context.state.channel(broadcasterId);
    const badges: { set_id: string; id: string; info: string }[] = [];
    if (userId === broadcasterId) badges.push({ set_id: 'broadcaster', id: '1', info: '' });
    else if (channel.moderators.has(userId)) badges.push({ set_id: 'moderator', id: '1', info: '' });
    else if (channel.vips.has(userId)) badges.push({ set_id: 'vip', id: '1', info: '' });
    const since = this.subscribedSince(broadcasterId, userId);
    if (since !== undefined) {
      const months = Math.max(1, Math.ceil((this.context.now() - since) / (30 * 24 * 60 * 60_000)));
      badges.push({ set_id: 'subscriber', id: months >= 3 ? '3' : '0', info: String(months) });
    }
    return badges;
  }

  sessionOf(broadcasterId: string): SharedSession | undefined {
    return this.sessions.find((session) => session.participants.includes(broadcasterId));
  }

  sessionWire(session: SharedSession): MockSharedChatSession {
    return {
      session_id: session.id,
      host_broadcaster_id: session.host,
      participants: session.participants.map((id) => ({ broadcaster_id: id })),
      created_at: iso(session.createdAt),
      updated_at: iso(session.updatedAt),
    };
  }

  /**
   * The channels that see something said in `broadcasterId`: every channel of its shared chat
   * session unless it is for the source only, with the `source_*` fields to put in their events
   * (all null outside a shared chat).
   */
  audience(broadcasterId: string, forSourceOnly: boolean, sourceMessageId: string, sourceBadges: unknown): { targets: string[]; source: Record<string, unknown> } {
    const session = this.sessionOf(broadcasterId);
    if (!session) {
      return {
        targets: [broadcasterId],
        source: { source_broadcaster_user_id: null, source_broadcaster_user_login: null, source_broadcaster_user_name: null, source_message_id: null, source_badges: null, is_source_only: null },
      };
    }
    return {
      targets: forSourceOnly ? [broadcasterId] : [broadcasterId, ...session.participants.filter((id) => id !== broadcasterId)],
      source: { ...userFields(this.context, broadcasterId, 'source_broadcaster_user'), source_message_id: sourceMessageId, source_badges: sourceBadges, is_source_only: forSourceOnly },
    };
  }

  /** Stores a message and raises `channel.chat.message` in every channel that sees it. */
  deliver(broadcasterId: string, senderId: string, text: string, replyTo: MockChatMessage | undefined, forSourceOnly: boolean): MockChatMessage {
    const { context } = this;
    const message: MockChatMessage = { message_id: context.state.id(), broadcaster_id: broadcasterId, sender_id: senderId, text, sent_at: context.now(), deleted: false };
    context.state.channel(broadcasterId).messages.push(message);
    if (replyTo) this.replies.set(message.message_id, replyTo);
    const badges = this.badgesOf(broadcasterId, senderId);
    const thread = replyTo ? (this.replies.get(replyTo.message_id) ?? replyTo) : undefined;
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
    const { targets, source } = this.audience(broadcasterId, forSourceOnly, message.message_id, badges);
    for (const target of targets) {
      context.events.raise({
        type: 'channel.chat.message',
        version: '1',
        condition: { broadcaster_user_id: target },
        event: {
          ...userFields(context, target, 'broadcaster_user'),
          ...userFields(context, senderId, 'chatter_user'),
          message_id: message.message_id,
          message: { text, fragments: this.fragmentsOf(broadcasterId, senderId, text) },
          message_type: 'text',
          badges,
          cheer: null,
          color: this.colors.get(senderId) ?? '',
          reply,
          channel_points_custom_reward_id: null,
          ...source,
        },
      });
    }
    return message;
  }

  /** A message still in a channel's chat (not deleted). */
  findMessage(broadcasterId: string, messageId: string): MockChatMessage | undefined {
    return this.context.state.channel(broadcasterId).messages.find((message) => message.message_id === messageId && !message.deleted);
  }

  /** The pin in force in a channel: a pin whose time is up, whose stream ended or whose message was deleted is gone. */
  livePin(broadcasterId: string): Pin | undefined {
    const pin = this.pins.get(broadcasterId);
    if (!pin) return undefined;
    const expired = pin.endsAt === undefined ? pin.pinnedWhileLive && !this.context.state.channel(broadcasterId).live : this.context.now() >= pin.endsAt;
    if (expired || pin.message.deleted) {
      this.pins.delete(broadcasterId);
      return undefined;
    }
    return pin;
  }

  /** Pins a message (one pin per chat: a new pin replaces the old one), for `seconds` or until the stream ends. */
  setPin(broadcasterId: string, message: MockChatMessage, pinnedBy: string, seconds: number | undefined): void {
    const now = this.context.now();
    this.pins.set(broadcasterId, {
      message,
      pinnedBy,
      startsAt: now,
      endsAt: seconds === undefined ? undefined : now + seconds * 1000,
      updatedAt: now,
      pinnedWhileLive: this.context.state.channel(broadcasterId).live,
    });
  }

  /** A pin as `GET /chat/pins` answers it. */
  pinWire(pin: Pin): Record<string, unknown> {
    const { message } = pin;
    return {
      message_id: message.message_id,
      broadcaster_id: message.broadcaster_id,
      ...userFields(this.context, message.sender_id, 'sender_user'),
      ...userFields(this.context, pin.pinnedBy, 'pinned_by_user'),
      message: { text: message.text, fragments: this.fragmentsOf(message.broadcaster_id, message.sender_id, message.text) },
      starts_at: iso(pin.startsAt),
      ends_at: pin.endsAt === undefined ? null : iso(pin.endsAt),
      updated_at: iso(pin.updatedAt),
    };
  }

  // ---- The controls' logic (`mock.chat.*`, `/mock/chat.*`; see ChatControl in chat.ts) ----------

  setGlobalEmotes(emotes: ChatEmoteInput[]): void {
    this.globalEmotes = emotes.map((emote) => this.emoteRecord(emote, { emote_type: 'globals', emote_set_id: '0', owner_id: '0' }));
  }

  setChannelEmotes(broadcasterId: string, emotes: ChatEmoteInput[]): void {
    this.channelEmotes.set(
      broadcasterId,
      emotes.map((emote) => this.emoteRecord(emote, { owner_id: broadcasterId, emote_set_id: `${broadcasterId}_${emote.emote_type ?? 'subscriptions'}` })),
    );
  }

  setUserEmotes(userId: string, emotes: ChatEmoteInput[]): void {
    this.userEmotes.set(userId, emotes.map((emote) => this.emoteRecord(emote, {})));
  }

  setGlobalBadges(sets: ChatBadgeSetInput[]): void {
    this.globalBadges = sets.map(badgeSet);
  }

  setChannelBadges(broadcasterId: string, sets: ChatBadgeSetInput[]): void {
    this.channelBadges.set(broadcasterId, sets.map(badgeSet));
  }

  setPremium(userId: string, value = true): void {
    if (value) this.premium.add(userId);
    else this.premium.delete(userId);
  }

  join(broadcasterId: string, userIds: string[]): void {
    const chatters = this.context.state.channel(broadcasterId).chatters;
    for (const id of userIds) if (!chatters.includes(id)) chatters.push(id);
  }

  leave(broadcasterId: string, userIds: string[]): void {
    const chatters = this.context.state.channel(broadcasterId).chatters;
    // In place, so anyone holding the list sees the change.
    for (let index = chatters.length - 1; index >= 0; index--) if (userIds.includes(chatters[index]!)) chatters.splice(index, 1);
  }

  userSays(broadcasterId: string, userId: string, text: string, options: { replyTo?: string } = {}): MockChatMessage {
    const chatters = this.context.state.channel(broadcasterId).chatters;
    if (!chatters.includes(userId)) chatters.push(userId);
    const replyTo = options.replyTo === undefined ? undefined : this.findMessage(broadcasterId, options.replyTo);
    if (options.replyTo !== undefined && !replyTo) throw new Error(`No message ${options.replyTo} in the chat of ${broadcasterId}.`);
    return this.deliver(broadcasterId, userId, text, replyTo, false);
  }

  startSharedSession(hostId: string, participantIds: string[]): MockSharedChatSession {
    const { context } = this;
    const participants = [hostId, ...participantIds.filter((id) => id !== hostId)];
    const busy = participants.find((id) => this.sessionOf(id));
    if (busy !== undefined) throw new Error(`Channel ${busy} is already in a shared chat session.`);
    const now = context.now();
    const session: SharedSession = { id: context.state.id(), host: hostId, participants, createdAt: now, updatedAt: now };
    this.sessions.push(session);
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
    return this.sessionWire(session);
  }

  endSharedSession(broadcasterId: string): void {
    const { context } = this;
    const session = this.sessionOf(broadcasterId);
    if (!session) return;
    this.sessions.splice(this.sessions.indexOf(session), 1);
    for (const id of session.participants) {
      context.events.raise({
        type: 'channel.shared_chat.end',
        version: '1',
        condition: { broadcaster_user_id: id },
        event: { session_id: session.id, ...userFields(context, id, 'broadcaster_user'), ...userFields(context, session.host, 'host_broadcaster_user') },
      });
    }
  }

  pinnedMessage(broadcasterId: string): Record<string, unknown> | undefined {
    const pin = this.livePin(broadcasterId);
    return pin ? this.pinWire(pin) : undefined;
  }
}

/** A badge set in the wire shape, versions sorted by ID. */
export function badgeSet(input: ChatBadgeSetInput): BadgeSet {
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
