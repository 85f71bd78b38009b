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
  target_user_id: string;
  target_user_login: string;
  target_user_name: string;
}

/**
 * Where a message in a shared chat session came from. All null when the message was sent in this
 * channel or the channel is not in a shared chat session.
 */
export interface SharedChatSourceFields {
  source_broadcaster_user_id: string | null;
  source_broadcaster_user_login: string | null;
  source_broadcaster_user_name: string | null;
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
  parent_message_id: string;
  parent_message_body: string;
  parent_user_id: string;
  parent_user_name: string;
  parent_user_login: string;
  thread_message_id: string;
  thread_user_id: string;
  thread_user_name: string;
  thread_user_login: string;
}

/** `channel.chat.message`: a message was sent. */
export interface ChannelChatMessageEvent extends BroadcasterFields, SharedChatSourceFields {
  chatter_user_id: string;
  chatter_user_login: string;
  chatter_user_name: string;
  message_id: string;
  message: ChatMessage;
  message_type: ChatMessageType;
  badges: ChatBadge[];
  /** The bits cheered in the message; null when it has no cheer. */
  cheer: { bits: number } | null;
  /** The chatter's name color (`#RRGGBB`); empty when they never chose one. */
  color: string;
  /** Null when the message is not a reply. */
  reply: ChatMessageReply | null;
  /** The custom reward redeemed with the message; null when none. */
  channel_points_custom_reward_id: string | null;
}

/** The original gifter of a gift subscription being continued or paid forward. */
export interface ChatNotificationGifter {
  gifter_is_anonymous: boolean;
  /** Null when the gifter is anonymous. */
  gifter_user_id: string | null;
  gifter_user_name: string | null;
  gifter_user_login: string | null;
}

/** A new subscription. */
export interface ChatNotificationSub {
  sub_tier: SubscriptionTier;
  is_prime: boolean;
  duration_months: number;
}

/** A resubscription. */
export interface ChatNotificationResub {
  cumulative_months: number;
  duration_months: number;
  /** Null when the user does not share their streak. */
  streak_months: number | null;
  sub_tier: SubscriptionTier;
  is_prime: boolean;
  is_gift: boolean;
  /** The gifter fields are null unless the subscription is a gift. */
  gifter_is_anonymous: boolean | null;
  gifter_user_id: string | null;
  gifter_user_name: string | null;
  gifter_user_login: string | null;
}

/** A gifted subscription to one recipient. */
export interface ChatNotificationSubGift {
  duration_months: number;
  /** Null when the gifter is anonymous or does not share the total. */
  cumulative_total: number | null;
  recipient_user_id: string;
  recipient_user_name: string;
  recipient_user_login: string;
  sub_tier: SubscriptionTier;
  /** The community gift this belongs to; null for a single gift. */
  community_gift_id: string | null;
}

/** Subscriptions gifted to the community. */
export interface ChatNotificationCommunitySubGift {
  id: string;
  total: number;
  sub_tier: SubscriptionTier;
  /** Null when the gifter is anonymous or does not share the total. */
  cumulative_total: number | null;
}

/** A Prime subscription converted to a paid one. */
export interface ChatNotificationPrimePaidUpgrade {
  sub_tier: SubscriptionTier;
}

/**
 * A gift paid forward. Captured payloads also carry the `recipient_user_*` fields (absent from the
 * platform's reference), hence optional.
 */
export interface ChatNotificationPayItForward extends ChatNotificationGifter {
  recipient_user_id?: string | null;
  recipient_user_name?: string | null;
  recipient_user_login?: string | null;
}

/** An incoming raid. */
export interface ChatNotificationRaid extends UserFields {
  viewer_count: number;
  profile_image_url: string;
}

/** The accent color of an announcement. */
export type ChatNotificationAnnouncementColor = 'blue' | 'green' | 'orange' | 'purple' | 'primary';

/** A chat announcement. */
export interface ChatNotificationAnnouncement {
  color: ChatNotificationAnnouncementColor;
}

/** A new Bits badge tier. */
export interface ChatNotificationBitsBadgeTier {
  tier: number;
}

/** A charity donation. */
export interface ChatNotificationCharityDonation {
  charity_name: string;
  amount: CurrencyAmount;
}

/**
 * A notice whose fields none of the sources read describe (watch streaks, moderator
 * anniversaries): kept as an open object.
 */
export type ChatNotificationUndocumented = Record<string, unknown>;

/** The object of each kind of chat notice; in one event, every key but the one of its `notice_type` is null. */
export interface ChatNotificationPayloads {
  sub: ChatNotificationSub;
  resub: ChatNotificationResub;
  sub_gift: ChatNotificationSubGift;
  community_sub_gift: ChatNotificationCommunitySubGift;
  gift_paid_upgrade: ChatNotificationGifter;
  prime_paid_upgrade: ChatNotificationPrimePaidUpgrade;
  pay_it_forward: ChatNotificationPayItForward;
  raid: ChatNotificationRaid;
  /** An unraid carries an empty object. */
  unraid: Record<string, never>;
  announcement: ChatNotificationAnnouncement;
  bits_badge_tier: ChatNotificationBitsBadgeTier;
  charity_donation: ChatNotificationCharityDonation;
  watch_streak: ChatNotificationUndocumented;
  modiversary: ChatNotificationUndocumented;
  shared_chat_sub: ChatNotificationSub;
  shared_chat_resub: ChatNotificationResub;
  shared_chat_sub_gift: ChatNotificationSubGift;
  shared_chat_community_sub_gift: ChatNotificationCommunitySubGift;
  shared_chat_gift_paid_upgrade: ChatNotificationGifter;
  shared_chat_prime_paid_upgrade: ChatNotificationPrimePaidUpgrade;
  shared_chat_pay_it_forward: ChatNotificationPayItForward;
  shared_chat_raid: ChatNotificationRaid;
  shared_chat_announcement: ChatNotificationAnnouncement;
  shared_chat_modiversary: ChatNotificationUndocumented;
}

/** The kind of a chat notice: the key of `ChatNotificationPayloads` that holds its object. */
export type ChatNotificationType = keyof ChatNotificationPayloads;

/** The fields every chat notice has. */
export interface ChatNotificationFields extends BroadcasterFields, SharedChatSourceFields {
  chatter_user_id: string;
  chatter_user_login: string;
  chatter_user_name: string;
  /** The chatter is anonymous (for example an anonymous gifter). */
  chatter_is_anonymous: boolean;
  color: string;
  badges: ChatBadge[];
  /** The notice as the platform words it in chat. */
  system_message: string;
  message_id: string;
  /** The chatter's own message; its text is empty when they wrote none. */
  message: ChatMessage;
}

/** `channel.chat.notification`: a chat notice (subscription, gift, raid, announcement...); narrow on `notice_type`. */
export type ChannelChatNotificationEvent = ChatNotificationFields &
  TaggedPayloads<'notice_type', { [Type in ChatNotificationType]: Type }, ChatNotificationPayloads>;

/** `channel.chat.user_message_hold`: a message of user_id was held by AutoMod. */
export interface ChannelChatUserMessageHoldEvent extends BroadcasterFields, UserFields {
  message_id: string;
  message: AutomodMessage;
}

/** `channel.chat.user_message_update`: AutoMod status of a held message of user_id changed. */
export interface ChannelChatUserMessageUpdateEvent extends ChannelChatUserMessageHoldEvent {
  /** The platform's reference names approved, denied and invalid; twurple names expired. */
  status: 'approved' | 'denied' | 'invalid' | 'expired';
}

/** `channel.chat_settings.update`: chat mode settings changed. */
export interface ChannelChatSettingsUpdateEvent extends BroadcasterFields {
  emote_mode: boolean;
  follower_mode: boolean;
  /** Null when follower mode is off. */
  follower_mode_duration_minutes: number | null;
  slow_mode: boolean;
  /** Null when slow mode is off. */
  slow_mode_wait_time_seconds: number | null;
  subscriber_mode: boolean;
  unique_chat_mode: boolean;
}
