import type { OperationPage } from '@platform/core';

/** A user in a channel's chat, as `chatters` lists them. */
export interface Chatter {
  /** The user's ID. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
}

/**
 * A list of emotes with the address template of their images: `template` holds the placeholders
 * `{{id}}`, `{{format}}`, `{{theme_mode}}` and `{{scale}}`, to be filled with an emote's values.
 */
export interface ChatEmoteList<T> {
  /** The emotes. */
  data: T[];
  /** The address template of the emote images, with `{{id}}`, `{{format}}`, `{{theme_mode}}` and `{{scale}}` to fill in. */
  template: string;
}

/** The image addresses of an emote at the three sizes. */
export interface ChatEmoteImages {
  /** The small image (28 by 28 pixels). */
  url_1x: string;
  /** The medium image (56 by 56 pixels). */
  url_2x: string;
  /** The large image (112 by 112 pixels). */
  url_4x: string;
  [field: string]: unknown;
}

/**
 * A global emote: its `id` and `name`, and its images, formats, sizes and themes (optional here;
 * any further field the platform sends is kept).
 */
export interface ChatEmote {
  /** The emote's ID. */
  id: string;
  /** The emote's name: what a user types in chat. */
  name: string;
  /** The addresses of the emote's static images. */
  images?: ChatEmoteImages;
  /** The image formats the emote comes in (`animated` only for animated emotes). */
  format?: ChatEmoteFormat[];
  /** The image sizes the emote comes in. */
  scale?: ChatEmoteScale[];
  /** The background themes the emote comes in. */
  theme_mode?: ChatEmoteThemeMode[];
  [field: string]: unknown;
}

/** A channel emote (subscriber, follower or bits tier): `tier` is an empty string for emotes that are not subscriber emotes. */
export interface ChatChannelEmote extends ChatEmote {
  /** The subscriber tier that unlocks the emote; an empty string for other emotes. */
  tier?: string;
  /** How the emote is earned: `subscriptions`, `follower` or `bitstier`. */
  emote_type?: ChatUserEmoteType;
  /** The emote set the emote belongs to. */
  emote_set_id?: string;
}

/** An emote of an emote set. */
export interface ChatSetEmote extends ChatEmote {
  /** How the emote is earned (`globals`, `subscriptions`, `bitstier`, `follower`...). */
  emote_type?: ChatUserEmoteType;
  /** The emote set the emote belongs to. */
  emote_set_id?: string;
  /** The ID of the broadcaster who owns the emote. */
  owner_id?: string;
}

/** A version of a chat badge. */
export interface ChatBadgeVersion {
  /** The version's ID (for a subscriber badge, the months of subscription). */
  id: string;
  /** The small image (18 by 18 pixels). */
  image_url_1x?: string;
  /** The medium image (36 by 36 pixels). */
  image_url_2x?: string;
  /** The large image (72 by 72 pixels). */
  image_url_4x?: string;
  /** The badge's title. */
  title?: string;
  /** The badge's description. */
  description?: string;
  /** What happens when the badge is clicked (for example `visit_url`); null when nothing does. */
  click_action?: string | null;
  /** The address opened when `click_action` is `visit_url`; null otherwise. */
  click_url?: string | null;
  [field: string]: unknown;
}

/** A chat badge and its versions, sorted by ID. */
export interface ChatBadgeSet {
  /** The badge's ID (for example `subscriber` or `bits`). */
  set_id: string;
  /** The badge's versions. */
  versions: ChatBadgeVersion[];
}

/** A channel's chat settings. */
export interface ChatSettings {
  /** The channel the settings belong to. */
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

/** A channel in a shared chat session. */
export interface SharedChatParticipant {
  /** The channel's ID. */
  broadcaster_id?: string;
  [field: string]: unknown;
}

/** A shared chat session: channels sharing one chat. */
export interface SharedChatSession {
  /** The session's ID. */
  session_id: string;
  /** The ID of the channel that started the session. */
  host_broadcaster_id: string;
  /** Every channel of the session, the host included. */
  participants: SharedChatParticipant[];
  /** When the session began (RFC 3339). */
  created_at: string;
  /** When the session last changed, a channel joining or leaving it (RFC 3339). */
  updated_at: string;
}

/**
 * The kind of an emote (for example `globals`, `subscriptions`, `follower`, `bitstier`). The
 * platform's reference does not list every value; any string is accepted.
 */
export type ChatUserEmoteType = 'globals' | 'subscriptions' | 'follower' | 'bitstier' | 'smilies' | 'hypetrain' | 'limitedtime' | 'rewards' | 'prime' | 'turbo' | 'channelpoints' | 'owl2019' | 'twofactor' | (string & {});

/** An image format of an emote (`static`, or `animated` for animated emotes); any string is accepted. */
export type ChatEmoteFormat = 'static' | 'animated' | (string & {});

/** An image size of an emote (`1.0`, `2.0`, `3.0`); any string is accepted. */
export type ChatEmoteScale = '1.0' | '2.0' | '3.0' | (string & {});

/** A background theme of an emote image (`light`, `dark`); any string is accepted. */
export type ChatEmoteThemeMode = 'light' | 'dark' | (string & {});

/** An emote a user can type anywhere on the platform. */
export interface ChatUserEmote {
  /** The emote's ID. */
  id: string;
  /** What a user types, case sensitive. */
  name: string;
  /** How the emote is earned (`globals`, `subscriptions`, `follower`, `bitstier`...). */
  emote_type: ChatUserEmoteType;
  /** Empty string when none. */
  emote_set_id: string;
  /** Empty string when none. */
  owner_id: string;
  /** The image formats the emote comes in (`animated` only for animated emotes). */
  format: ChatEmoteFormat[];
  /** The image sizes the emote comes in. */
  scale: ChatEmoteScale[];
  /** The background themes the emote comes in. */
  theme_mode: ChatEmoteThemeMode[];
}

/** A page of `userEmotes`: `raw.template` is the address template of the emote images. */
export type ChatUserEmotePage = OperationPage<
  ChatUserEmote,
  {
    /** The address template of the emote images, with `{{id}}`, `{{format}}`, `{{theme_mode}}` and `{{scale}}` to fill in. */
    template: string;
  }
>;

/** Why the platform did not deliver a message: in words (`message`) and as a code (`code`); other fields are kept as sent. */
export interface ChatMessageDropReason {
  /** Why the message was dropped, in words. */
  message: string;
  /** A code for why the message was dropped. */
  code?: string;
  [field: string]: unknown;
}

/** The outcome of `send`: a refused message has `is_sent` false and a `drop_reason`. */
export interface SentChatMessage {
  /** The message's ID. */
  message_id: string;
  /** The message passed the platform's checks and was sent. */
  is_sent: boolean;
  /** Absent or null when the message was delivered. */
  drop_reason?: ChatMessageDropReason | null;
}

/** A part of a pinned message: text, an emote, a cheermote or a mention. */
export interface PinnedChatMessageFragment {
  /** What the fragment is. */
  type: 'text' | 'emote' | 'cheermote' | 'mention';
  /** The fragment's text. */
  text: string;
  /** The cheermote; null unless `type` is `cheermote`. */
  cheermote: {
    /** The name part of the cheermote, in lowercase (`cheer` for `Cheer100`). */
    prefix: string;
    /** The Bits cheered. */
    bits: number;
    /** The cheermote's tier. */
    tier: number;
  } | null;
  /** The emote; null unless `type` is `emote`. */
  emote: {
    /** The emote's ID. */
    id: string;
    /** The emote set it belongs to. */
    emote_set_id: string;
    /** The ID of the broadcaster who owns it. */
    owner_id: string;
    /** The formats it comes in (`static`, `animated`). */
    format: ChatEmoteFormat[];
  } | null;
  /** The mentioned user; null unless `type` is `mention`. */
  mention: {
    /** The user's ID. */
    user_id: string;
    /** The user's login name. */
    user_login: string;
    /** The user's display name. */
    user_name: string;
  } | null;
}

/** The message pinned in a channel's chat. */
export interface PinnedChatMessage {
  /** The pinned message's ID. */
  message_id: string;
  /** The channel the message is pinned in. */
  broadcaster_id: string;
  /** The ID of the user who sent the message. */
  sender_user_id: string;
  /** The login name of the user who sent the message. */
  sender_user_login: string;
  /** The display name of the user who sent the message. */
  sender_user_name: string;
  /** The ID of the user who pinned it. */
  pinned_by_user_id: string;
  /** The login name of the user who pinned it. */
  pinned_by_user_login: string;
  /** The display name of the user who pinned it. */
  pinned_by_user_name: string;
  /** The message's text and its fragments. */
  message: {
    /** The message's text. */
    text: string;
    /** The message split into text, emotes and mentions. */
    fragments: PinnedChatMessageFragment[];
  };
  /** When the pin began (RFC 3339). */
  starts_at: string;
  /** Null when the pin lasts until the stream ends. */
  ends_at: string | null;
  /** When the pin last changed (RFC 3339). */
  updated_at: string;
}

/** A user's chat color. */
export interface UserChatColor {
  /** The user's ID. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
  /** A hex code such as `#RRGGBB`; an empty string when the user never picked one. */
  color: string;
}

/**
 * The color of an announcement; the platform's default is `primary` (the channel's accent color).
 * The platform's values are `primary`, `blue`, `green`, `orange` and `purple`; any string is accepted.
 */
export type ChatAnnouncementColor = 'primary' | 'blue' | 'green' | 'orange' | 'purple' | (string & {});

/** A named chat color anyone may pick; any string is accepted. */
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
