import type {
  AutomodMessage,
  BroadcasterFields,
  ChatBadge,
  ChatMessage,
  CurrencyAmount,
  SubscriptionTier,
  TaggedPayloads,
  UserFields,
} from './common';

/** The user whose messages a moderator removed. */
export interface TargetUserFields {
  /** The ID of the user whose messages were removed. */
  target_user_id: string;
  /** The login name of the user whose messages were removed. */
  target_user_login: string;
  /** The display name of the user whose messages were removed. */
  target_user_name: string;
}

/**
 * Where a message in a shared chat session came from. All null when the message was sent in this
 * channel or the channel is not in a shared chat session.
 */
export interface SharedChatSourceFields {
  /** The user ID of the broadcaster of the channel the message was sent from. */
  source_broadcaster_user_id: string | null;
  /** The login name of the broadcaster of the channel the message was sent from. */
  source_broadcaster_user_login: string | null;
  /** The display name of the broadcaster of the channel the message was sent from. */
  source_broadcaster_user_name: string | null;
  /** The ID (a UUID) of the message in the channel it was sent from. */
  source_message_id: string | null;
  /** The chatter's badges in the source channel. */
  source_badges: ChatBadge[] | null;
  /** The message is shown only in the source channel; null outside shared chat. */
  is_source_only: boolean | null;
}

/** `channel.chat.clear`: all messages cleared. */
export type ChannelChatClearEvent = BroadcasterFields;

/** `channel.chat.clear_user_messages`: all messages of one user cleared after ban or timeout. */
export interface ChannelChatClearUserMessagesEvent extends BroadcasterFields, TargetUserFields {}

/** `channel.chat.message_delete`: one message removed by a moderator. */
export interface ChannelChatMessageDeleteEvent extends BroadcasterFields, TargetUserFields {
  /** The ID (a UUID) of the removed message. */
  message_id: string;
}

/** The kind of a chat message. */
export type ChatMessageType =
  | 'text'
  | 'channel_points_highlighted'
  | 'channel_points_sub_only'
  | 'user_intro'
  | 'power_ups_message_effect'
  | 'power_ups_gigantified_emote';

/** The message a chat message replies to, and the first message of that thread. */
export interface ChatMessageReply {
  /** The ID of the message replied to. */
  parent_message_id: string;
  /** The text of the message replied to. */
  parent_message_body: string;
  /** The user ID of the sender of the message replied to. */
  parent_user_id: string;
  /** The display name of the sender of the message replied to. */
  parent_user_name: string;
  /** The login name of the sender of the message replied to. */
  parent_user_login: string;
  /** The ID of the thread's first message. */
  thread_message_id: string;
  /** The user ID of the sender of the thread's first message. */
  thread_user_id: string;
  /** The display name of the sender of the thread's first message. */
  thread_user_name: string;
  /** The login name of the sender of the thread's first message. */
  thread_user_login: string;
}

/** `channel.chat.message`: a message was sent. */
export interface ChannelChatMessageEvent extends BroadcasterFields, SharedChatSourceFields {
  /** The user ID of the chatter who sent the message. */
  chatter_user_id: string;
  /** The login name of the chatter who sent the message. */
  chatter_user_login: string;
  /** The display name of the chatter who sent the message. */
  chatter_user_name: string;
  /** The message's ID (a UUID). */
  message_id: string;
  /** The message, as text and in fragments. */
  message: ChatMessage;
  /** The kind of message. */
  message_type: ChatMessageType;
  /** The chatter's badges. */
  badges: ChatBadge[];
  /** The bits cheered in the message; null when it has no cheer. */
  cheer: {
    /** The number of Bits cheered. */
    bits: number;
  } | null;
  /** The chatter's name color (`#RRGGBB`); empty when they never chose one. */
  color: string;
  /** Null when the message is not a reply. */
  reply: ChatMessageReply | null;
  /** The custom reward redeemed with the message; null when none. */
  channel_points_custom_reward_id: string | null;
}

/** The original gifter of a gift subscription being continued or paid forward. */
export interface ChatNotificationGifter {
  /** The gift was given anonymously. */
  gifter_is_anonymous: boolean;
  /** The gifter's user ID; null when the gifter is anonymous. */
  gifter_user_id: string | null;
  /** The gifter's display name; null when the gifter is anonymous. */
  gifter_user_name: string | null;
  /** The gifter's login name; null when the gifter is anonymous. */
  gifter_user_login: string | null;
}

/** A new subscription. */
export interface ChatNotificationSub {
  /** The subscription's tier. */
  sub_tier: SubscriptionTier;
  /** The subscription came with Amazon Prime. */
  is_prime: boolean;
  /** The number of months the subscription is for. */
  duration_months: number;
}

/** A resubscription. */
export interface ChatNotificationResub {
  /** The total number of months the user has subscribed. */
  cumulative_months: number;
  /** The number of months the subscription is for. */
  duration_months: number;
  /** The number of consecutive months the user has subscribed; null when they do not share their streak. */
  streak_months: number | null;
  /** The subscription's tier. */
  sub_tier: SubscriptionTier;
  /** The subscription came with Amazon Prime. */
  is_prime: boolean;
  /** The resubscription is the result of a gift. */
  is_gift: boolean;
  /** The gift was given anonymously; the gifter fields are null unless the subscription is a gift. */
  gifter_is_anonymous: boolean | null;
  /** The gifter's user ID; null when the gifter is anonymous or there is no gift. */
  gifter_user_id: string | null;
  /** The gifter's display name; null when the gifter is anonymous or there is no gift. */
  gifter_user_name: string | null;
  /** The gifter's login name; null when the gifter is anonymous or there is no gift. */
  gifter_user_login: string | null;
}

/** A gifted subscription to one recipient. */
export interface ChatNotificationSubGift {
  /** The number of months the subscription is for. */
  duration_months: number;
  /** The number of gifts the gifter has given in this channel; null when anonymous or not shared. */
  cumulative_total: number | null;
  /** The recipient's user ID. */
  recipient_user_id: string;
  /** The recipient's display name. */
  recipient_user_name: string;
  /** The recipient's login name. */
  recipient_user_login: string;
  /** The subscription's tier. */
  sub_tier: SubscriptionTier;
  /** The community gift this belongs to; null for a single gift. */
  community_gift_id: string | null;
}

/** Subscriptions gifted to the community. */
export interface ChatNotificationCommunitySubGift {
  /** The community gift's ID. */
  id: string;
  /** The number of subscriptions gifted. */
  total: number;
  /** The subscriptions' tier. */
  sub_tier: SubscriptionTier;
  /** The number of gifts the gifter has given in this channel; null when anonymous or not shared. */
  cumulative_total: number | null;
}

/** A Prime subscription converted to a paid one. */
export interface ChatNotificationPrimePaidUpgrade {
  /** The tier of the paid subscription. */
  sub_tier: SubscriptionTier;
}

/**
 * A gift paid forward. Captured payloads also carry the `recipient_user_*` fields (absent from the
 * platform's reference), hence optional.
 */
export interface ChatNotificationPayItForward extends ChatNotificationGifter {
  /** The recipient's user ID (not in the platform's reference). */
  recipient_user_id?: string | null;
  /** The recipient's display name (not in the platform's reference). */
  recipient_user_name?: string | null;
  /** The recipient's login name (not in the platform's reference). */
  recipient_user_login?: string | null;
}

/** An incoming raid. */
export interface ChatNotificationRaid extends UserFields {
  /** The number of viewers raiding this channel. */
  viewer_count: number;
  /** The address of the raiding broadcaster's profile image. */
  profile_image_url: string;
}

/** The accent color of an announcement. */
export type ChatNotificationAnnouncementColor = 'blue' | 'green' | 'orange' | 'purple' | 'primary';

/** A chat announcement. */
export interface ChatNotificationAnnouncement {
  /** The announcement's color. */
  color: ChatNotificationAnnouncementColor;
}

/** A new Bits badge tier. */
export interface ChatNotificationBitsBadgeTier {
  /** The tier of the Bits badge the user just earned, for example 100, 1000 or 10000. */
  tier: number;
}

/** A charity donation. */
export interface ChatNotificationCharityDonation {
  /** The charity's name. */
  charity_name: string;
  /** The amount of money the user gave. */
  amount: CurrencyAmount;
}

/** A watch streak the chatter shared: how many broadcasts in a row they watched. */
export interface ChatNotificationWatchStreak {
  /** The number of consecutive broadcasts the user has watched. */
  streak_count: number;
  /** The Channel Points the user received for reaching this streak. */
  channel_points_awarded: number;
}

/**
 * An open notice object.
 * @deprecated The watch streak and modiversary objects, which it stood for, are typed now:
 * {@link ChatNotificationWatchStreak} and {@link ChatNotificationModiversary}.
 */
export type ChatNotificationUndocumented = Record<string, unknown>;

/** A moderator anniversary ("modiversary") the chatter shared. */
export interface ChatNotificationModiversary {
  /** The number of months the user has been a moderator in the channel. */
  months: number;
}

/** The object of each kind of chat notice; in one event, every key but the one of its `notice_type` is null. */
export interface ChatNotificationPayloads {
  /** A new subscription. */
  sub: ChatNotificationSub;
  /** A resubscription. */
  resub: ChatNotificationResub;
  /** A subscription gifted to one recipient. */
  sub_gift: ChatNotificationSubGift;
  /** Subscriptions gifted to the community. */
  community_sub_gift: ChatNotificationCommunitySubGift;
  /** A gifted subscription continued as a paid one. */
  gift_paid_upgrade: ChatNotificationGifter;
  /** A Prime subscription converted to a paid one. */
  prime_paid_upgrade: ChatNotificationPrimePaidUpgrade;
  /** A gift paid forward. */
  pay_it_forward: ChatNotificationPayItForward;
  /** An incoming raid. */
  raid: ChatNotificationRaid;
  /** An unraid carries an empty object. */
  unraid: Record<string, never>;
  /** An announcement. */
  announcement: ChatNotificationAnnouncement;
  /** A new Bits badge tier. */
  bits_badge_tier: ChatNotificationBitsBadgeTier;
  /** A charity donation. */
  charity_donation: ChatNotificationCharityDonation;
  /** A watch streak. */
  watch_streak: ChatNotificationWatchStreak;
  /** A moderator anniversary. */
  modiversary: ChatNotificationModiversary;
  /** `sub`, in another channel of the shared chat session. */
  shared_chat_sub: ChatNotificationSub;
  /** `resub`, in another channel of the shared chat session. */
  shared_chat_resub: ChatNotificationResub;
  /** `sub_gift`, in another channel of the shared chat session. */
  shared_chat_sub_gift: ChatNotificationSubGift;
  /** `community_sub_gift`, in another channel of the shared chat session. */
  shared_chat_community_sub_gift: ChatNotificationCommunitySubGift;
  /** `gift_paid_upgrade`, in another channel of the shared chat session. */
  shared_chat_gift_paid_upgrade: ChatNotificationGifter;
  /** `prime_paid_upgrade`, in another channel of the shared chat session. */
  shared_chat_prime_paid_upgrade: ChatNotificationPrimePaidUpgrade;
  /** `pay_it_forward`, in another channel of the shared chat session. */
  shared_chat_pay_it_forward: ChatNotificationPayItForward;
  /** `raid`, in another channel of the shared chat session. */
  shared_chat_raid: ChatNotificationRaid;
  /** `announcement`, in another channel of the shared chat session. */
  shared_chat_announcement: ChatNotificationAnnouncement;
  /** `modiversary`, in another channel of the shared chat session. */
  shared_chat_modiversary: ChatNotificationModiversary;
}

/**
 * The kind of a chat notice: the key of `ChatNotificationPayloads` that holds its object, or
 * `unknown` for a notice the platform does not describe (every notice object is then null).
 */
export type ChatNotificationType = keyof ChatNotificationPayloads | 'unknown';

/** The fields every chat notice has. */
export interface ChatNotificationFields extends BroadcasterFields, SharedChatSourceFields {
  /** The user ID of the chatter who sent the notice. */
  chatter_user_id: string;
  /** The login name of the chatter who sent the notice. */
  chatter_user_login: string;
  /** The display name of the chatter who sent the notice. */
  chatter_user_name: string;
  /** The chatter is anonymous (for example an anonymous gifter). */
  chatter_is_anonymous: boolean;
  /** The chatter's name color (`#RRGGBB`); empty when they never chose one. */
  color: string;
  /** The chatter's badges. */
  badges: ChatBadge[];
  /** The notice as the platform words it in chat. */
  system_message: string;
  /** The notice's message ID (a UUID). */
  message_id: string;
  /** The chatter's own message; its text is empty when they wrote none. */
  message: ChatMessage;
}

/**
 * `channel.chat.notification`: a chat notice (subscription, gift, raid, announcement, watch
 * streak, modiversary...); narrow on `notice_type`. `is_source_only` says whether an announcement
 * in a shared chat session went to its own channel only.
 */
export type ChannelChatNotificationEvent = ChatNotificationFields &
  TaggedPayloads<
    'notice_type',
    { [Type in keyof ChatNotificationPayloads]: Type } & {
      /** A notice the platform does not describe: every notice object is null. */
      unknown: never;
    },
    ChatNotificationPayloads
  >;

/** `channel.chat.user_message_hold`: a message of user_id was held by AutoMod. */
export interface ChannelChatUserMessageHoldEvent extends BroadcasterFields, UserFields {
  /** The ID of the held message. */
  message_id: string;
  /** The held message, as text and in fragments. */
  message: AutomodMessage;
}

/** `channel.chat.user_message_update`: AutoMod status of a held message of user_id changed. */
export interface ChannelChatUserMessageUpdateEvent extends ChannelChatUserMessageHoldEvent {
  /** The platform's reference names approved, denied and invalid; twurple names expired. */
  status: 'approved' | 'denied' | 'invalid' | 'expired';
}

/** `channel.chat_settings.update`: chat mode settings changed. */
export interface ChannelChatSettingsUpdateEvent extends BroadcasterFields {
  /** Messages may only contain emotes. */
  emote_mode: boolean;
  /** Only followers may chat (for how long they must have followed, see `follower_mode_duration_minutes`). */
  follower_mode: boolean;
  /** How long, in minutes, a user must have followed to chat; null when follower mode is off. */
  follower_mode_duration_minutes: number | null;
  /** Users must wait between messages (for how long, see `slow_mode_wait_time_seconds`). */
  slow_mode: boolean;
  /** How long, in seconds, users must wait between messages; null when slow mode is off. */
  slow_mode_wait_time_seconds: number | null;
  /** Only subscribers may chat. */
  subscriber_mode: boolean;
  /** Messages must be unique. */
  unique_chat_mode: boolean;
}
