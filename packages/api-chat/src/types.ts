import type { OperationPage } from '@platform/core';

/** A user in a channel's chat, as `chatters` lists them. */
export interface Chatter {
  user_id: string;
  user_login: string;
  user_name: string;
}

/**
 * A list of emotes with the address template of their images: `template` holds the placeholders
 * `{{id}}`, `{{format}}`, `{{theme_mode}}` and `{{scale}}`, to be filled with an emote's values.
 */
export interface ChatEmoteList<T> {
  data: T[];
  template: string;
}

/** The image addresses of an emote at the three sizes. */
export interface ChatEmoteImages {
  url_1x: string;
  url_2x: string;
  url_4x: string;
  [field: string]: unknown;
}

/**
 * A global emote. The spec does not show its fields: `id` and `name` are certain, the others are
 * the platform's reference fields, typed loosely (an index signature keeps any further field).
 */
export interface ChatEmote {
  id: string;
  name: string;
  images?: ChatEmoteImages;
  format?: ChatEmoteFormat[];
  scale?: ChatEmoteScale[];
  theme_mode?: ChatEmoteThemeMode[];
  [field: string]: unknown;
}

/**
 * A channel emote (subscriber, follower or bits tier). Fields not shown in the spec, typed
 * loosely: `tier` is an empty string for emotes that are not subscriber emotes.
 */
export interface ChatChannelEmote extends ChatEmote {
  tier?: string;
  emote_type?: ChatUserEmoteType;
  emote_set_id?: string;
}

/** An emote of an emote set. Fields not shown in the spec, typed loosely. */
export interface ChatSetEmote extends ChatEmote {
  emote_type?: ChatUserEmoteType;
  emote_set_id?: string;
  owner_id?: string;
}

/** A version of a chat badge. Fields not shown in the spec, typed loosely. */
export interface ChatBadgeVersion {
  id: string;
  image_url_1x?: string;
  image_url_2x?: string;
  image_url_4x?: string;
  title?: string;
  description?: string;
  click_action?: string | null;
  click_url?: string | null;
  [field: string]: unknown;
}

/** A chat badge and its versions, sorted by ID. */
export interface ChatBadgeSet {
  set_id: string;
  versions: ChatBadgeVersion[];
}

/** A channel's chat settings. */
export interface ChatSettings {
  broadcaster_id: string;
  /** Messages may only contain emotes. */
  emote_mode: boolean;
  /** Only followers may chat. */
  follower_mode: boolean;
  /** Minutes of following required; null when follower_mode is off. */
  follower_mode_duration: number | null;
  /** Present only with a user token that has the scope moderator:read:chat_settings. */
  moderator_id?: string;
  /**
   * Messages are held back so moderators can remove them. Present only when the call names a
   * moderator and uses their token with the scope moderator:read:chat_settings.
   */
  non_moderator_chat_delay?: boolean;
  /** Delay in seconds; null when the delay is off. Same presence condition. */
  non_moderator_chat_delay_duration?: number | null;
  /** Wait between messages. */
  slow_mode: boolean;
  /** Seconds; null when slow_mode is off. */
  slow_mode_wait_time: number | null;
  /** Only subscribers may chat. */
  subscriber_mode: boolean;
  /** The same message may not be posted twice. */
  unique_chat_mode: boolean;
}

/** A channel in a shared chat session. Fields not shown in the spec, typed loosely. */
export interface SharedChatParticipant {
  broadcaster_id?: string;
  [field: string]: unknown;
}

/** A shared chat session: channels sharing one chat. */
export interface SharedChatSession {
  session_id: string;
  host_broadcaster_id: string;
  /** Every channel of the session, the host included. */
  participants: SharedChatParticipant[];
  created_at: string;
  updated_at: string;
}

/**
 * The kind of an emote (for example `globals`, `subscriptions`, `follower`, `bitstier`). The spec
 * does not list the values; any string is accepted.
 */
export type ChatUserEmoteType = 'globals' | 'subscriptions' | 'follower' | 'bitstier' | 'smilies' | 'hypetrain' | 'limitedtime' | 'rewards' | 'prime' | 'turbo' | 'channelpoints' | 'owl2019' | 'twofactor' | (string & {});

/** An image format of an emote. The spec does not list the values; any string is accepted. */
export type ChatEmoteFormat = 'static' | 'animated' | (string & {});

/** An image size of an emote. The spec does not list the values; any string is accepted. */
export type ChatEmoteScale = '1.0' | '2.0' | '3.0' | (string & {});

/** A background theme of an emote image. The spec does not list the values; any string is accepted. */
export type ChatEmoteThemeMode = 'light' | 'dark' | (string & {});

/** An emote a user can type anywhere on the platform. */
export interface ChatUserEmote {
  id: string;
  /** What a user types, case sensitive. */
  name: string;
  emote_type: ChatUserEmoteType;
  /** Empty string when none. */
  emote_set_id: string;
  /** Empty string when none. */
  owner_id: string;
  format: ChatEmoteFormat[];
  scale: ChatEmoteScale[];
  theme_mode: ChatEmoteThemeMode[];
}

/** A page of `userEmotes`: `raw.template` is the address template of the emote images. */
export type ChatUserEmotePage = OperationPage<ChatUserEmote, { template: string }>;

/**
 * Why the platform did not deliver a message. Only `message` is known; `code` is the platform's
 * reference field; further fields are not shown in the spec and typed loosely.
 */
export interface ChatMessageDropReason {
  message: string;
  code?: string;
  [field: string]: unknown;
}

/** The outcome of `send`: a refused message has `is_sent` false and a `drop_reason`. */
export interface SentChatMessage {
  message_id: string;
  is_sent: boolean;
  /** Absent or null when the message was delivered. */
  drop_reason?: ChatMessageDropReason | null;
}

/** A part of a pinned message (text, emote, mention...). Fields not shown in the spec, typed loosely. */
export interface PinnedChatMessageFragment {
  type?: string;
  text?: string;
  [field: string]: unknown;
}

/** The message pinned in a channel's chat. */
export interface PinnedChatMessage {
  message_id: string;
  broadcaster_id: string;
  sender_user_id: string;
  sender_user_login: string;
  sender_user_name: string;
  pinned_by_user_id: string;
  pinned_by_user_login: string;
  pinned_by_user_name: string;
  message: { text: string; fragments: PinnedChatMessageFragment[] };
  starts_at: string;
  /** Null when the pin lasts until the stream ends. */
  ends_at: string | null;
  updated_at: string;
}

/** A user's chat color. */
export interface UserChatColor {
  user_id: string;
  user_login: string;
  user_name: string;
  /** A hex code such as `#RRGGBB`; an empty string when the user never picked one. */
  color: string;
}

/**
 * The color of an announcement; the platform's default is `primary` (the channel's accent color).
 * The spec lists no other value; any string is accepted.
 */
export type ChatAnnouncementColor = 'primary' | 'blue' | 'green' | 'orange' | 'purple' | (string & {});

/**
 * A named chat color anyone may pick. The spec does not list the values; any string is accepted.
 */
export type ChatColorName =
  | 'blue'
  | 'blue_violet'
  | 'cadet_blue'
  | 'chocolate'
  | 'coral'
  | 'dodger_blue'
  | 'firebrick'
  | 'golden_rod'
  | 'green'
  | 'hot_pink'
  | 'orange_red'
  | 'red'
  | 'sea_green'
  | 'spring_green'
  | 'yellow_green'
  | (string & {});
