import type { BroadcasterFields, ModeratorFields, UserFields } from './common';

/** `channel.ad_break.begin`: a midroll ad break started. */
export interface ChannelAdBreakBeginEvent extends BroadcasterFields {
  /** The length of the ad break, in seconds. */
  duration_seconds: number;
  /** When the break began (RFC 3339, UTC); viewers may see the ads somewhat later. */
  started_at: string;
  /** The break was started by the ads manager schedule, not by a person. */
  is_automatic: boolean;
  /** Who started the break; the broadcaster for automatic breaks. */
  requester_user_id: string;
  /** The login of the user who started the break. */
  requester_user_login: string;
  /** The display name of the user who started the break. */
  requester_user_name: string;
}

/** `channel.follow` v2: someone followed. */
export interface ChannelFollowEvent extends BroadcasterFields, UserFields {
  /** When the follow happened (RFC 3339). */
  followed_at: string;
}

/** `channel.update` v2: title, category, language or content labels changed. */
export interface ChannelUpdateEvent extends BroadcasterFields {
  /** The channel's stream title. */
  title: string;
  /** ISO 639-1 code, or `other`. */
  language: string;
  /** The channel's category ID. */
  category_id: string;
  /** The category's name. */
  category_name: string;
  /** The content classification label IDs in force. */
  content_classification_labels: string[];
}

/** `channel.raid`: a broadcaster raided another channel. */
export interface ChannelRaidEvent {
  /** The ID of the broadcaster who started the raid. */
  from_broadcaster_user_id: string;
  /** The login of the broadcaster who started the raid. */
  from_broadcaster_user_login: string;
  /** The display name of the broadcaster who started the raid. */
  from_broadcaster_user_name: string;
  /** The ID of the broadcaster who received the raid. */
  to_broadcaster_user_id: string;
  /** The login of the broadcaster who received the raid. */
  to_broadcaster_user_login: string;
  /** The display name of the broadcaster who received the raid. */
  to_broadcaster_user_name: string;
  /** The number of viewers in the raid. */
  viewers: number;
}

/** `channel.shoutout.create`: a shoutout was sent. */
export interface ChannelShoutoutCreateEvent extends BroadcasterFields, ModeratorFields {
  /** The ID of the broadcaster who received the shoutout. */
  to_broadcaster_user_id: string;
  /** The login of the broadcaster who received the shoutout. */
  to_broadcaster_user_login: string;
  /** The display name of the broadcaster who received the shoutout. */
  to_broadcaster_user_name: string;
  /** The number of users watching the broadcaster's stream at the time of the shoutout. */
  viewer_count: number;
  /** When the moderator sent the shoutout (RFC 3339, UTC). */
  started_at: string;
  /** When the channel may send its next shoutout. */
  cooldown_ends_at: string;
  /** When the channel may shout out the same broadcaster again. */
  target_cooldown_ends_at: string;
}

/** `channel.shoutout.receive`: a shoutout was received (only when posted to the activity feed). */
export interface ChannelShoutoutReceiveEvent extends BroadcasterFields {
  /** The ID of the broadcaster who sent the shoutout. */
  from_broadcaster_user_id: string;
  /** The login of the broadcaster who sent the shoutout. */
  from_broadcaster_user_login: string;
  /** The display name of the broadcaster who sent the shoutout. */
  from_broadcaster_user_name: string;
  /** The number of users watching the sending broadcaster's stream at the time of the shoutout. */
  viewer_count: number;
  /** When the shoutout was sent (RFC 3339, UTC). */
  started_at: string;
}
