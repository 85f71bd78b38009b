import type { BroadcasterFields, ModeratorFields, UserFields } from './common';

/** `channel.ad_break.begin`: a midroll ad break started. */
export interface ChannelAdBreakBeginEvent extends BroadcasterFields {
  duration_seconds: number;
  started_at: string;
  /** The break was started by the ads manager schedule, not by a person. */
  is_automatic: boolean;
  /** Who started the break; the broadcaster for automatic breaks. */
  requester_user_id: string;
  requester_user_login: string;
  requester_user_name: string;
}

/** `channel.follow` v2: someone followed. */
export interface ChannelFollowEvent extends BroadcasterFields, UserFields {
  followed_at: string;
}

/** `channel.update` v2: title, category, language or content labels changed. */
export interface ChannelUpdateEvent extends BroadcasterFields {
  title: string;
  /** ISO 639-1 code, or `other`. */
  language: string;
  category_id: string;
  category_name: string;
  /** The content classification label IDs in force. */
  content_classification_labels: string[];
}

/** `channel.raid`: a broadcaster raided another channel. */
export interface ChannelRaidEvent {
  from_broadcaster_user_id: string;
  from_broadcaster_user_login: string;
  from_broadcaster_user_name: string;
  to_broadcaster_user_id: string;
  to_broadcaster_user_login: string;
  to_broadcaster_user_name: string;
  viewers: number;
}

/** `channel.shoutout.create`: a shoutout was sent. */
export interface ChannelShoutoutCreateEvent extends BroadcasterFields, ModeratorFields {
  to_broadcaster_user_id: string;
  to_broadcaster_user_login: string;
  to_broadcaster_user_name: string;
  viewer_count: number;
  started_at: string;
  /** When the channel may send its next shoutout. */
  cooldown_ends_at: string;
  /** When the channel may shout out the same broadcaster again. */
  target_cooldown_ends_at: string;
}

/** `channel.shoutout.receive`: a shoutout was received (only when posted to the activity feed). */
export interface ChannelShoutoutReceiveEvent extends BroadcasterFields {
  from_broadcaster_user_id: string;
  from_broadcaster_user_login: string;
  from_broadcaster_user_name: string;
  viewer_count: number;
  started_at: string;
}
