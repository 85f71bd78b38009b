/*
 * Guest Star events are beta: the platform may change or withdraw them. Only the Rust crate models
 * them; nullability follows it.
 */
import type { BroadcasterFields } from './common';

/** The host of a Guest Star session. */
export interface GuestStarHostFields {
  /** The user ID of the host channel. */
  host_user_id: string;
  /** The host's login name. */
  host_user_login: string;
  /** The host's display name. */
  host_user_name: string;
}

/** `channel.guest_star_session.begin` (beta): session started. May also carry the host fields (unverified). */
export interface ChannelGuestStarSessionBeginEvent extends BroadcasterFields, Partial<GuestStarHostFields> {
  /** The ID of the session that started. */
  session_id: string;
  /** When the session began (RFC 3339). */
  started_at: string;
}

/** `channel.guest_star_session.end` (beta): session ended (by host or platform). */
export interface ChannelGuestStarSessionEndEvent extends BroadcasterFields, GuestStarHostFields {
  /** The ID of the session. */
  session_id: string;
  /** When the session began (RFC 3339). */
  started_at: string;
  /** When the session ended (RFC 3339). */
  ended_at: string;
}

/** The state of a guest in a session. */
export type GuestStarGuestState = 'invited' | 'accepted' | 'ready' | 'backstage' | 'live' | 'removed';

/** `channel.guest_star_guest.update` (beta): a guest or slot changed in a running session. */
export interface ChannelGuestStarGuestUpdateEvent extends BroadcasterFields, GuestStarHostFields {
  /** The ID of the session. */
  session_id: string;
  /** The moderator (or host) who changed the guest; null when the guest did. */
  moderator_user_id: string | null;
  /** The moderator's login name; null when the guest made the change. */
  moderator_user_login: string | null;
  /** The moderator's display name; null when the guest made the change. */
  moderator_user_name: string | null;
  /** The user ID of the guest whose state changed; null when the slot is now empty. */
  guest_user_id: string | null;
  /** The guest's login name; null when the slot is now empty. */
  guest_user_login: string | null;
  /** The guest's display name; null when the slot is now empty. */
  guest_user_name: string | null;
  /** Null unless the guest is seated (backstage or live). */
  slot_id: string | null;
  /** Null when the slot is now empty. */
  state: GuestStarGuestState | null;
  /** Whether the host lets the session's participants see the slot's video; null unless a guest is seated. */
  host_video_enabled: boolean | null;
  /** Whether the host lets the session's participants hear the slot's audio; null unless a guest is seated. */
  host_audio_enabled: boolean | null;
  /** 0 to 100; null unless a guest is seated. */
  host_volume: number | null;
}

/** How guests are laid out in the group browser source. */
export type GuestStarEventGroupLayout =
  | 'tiled'
  | 'screenshare'
  | 'horizontal_top'
  | 'horizontal_bottom'
  | 'vertical_left'
  | 'vertical_right';

/** `channel.guest_star_settings.update` (beta): host changed preferences. */
export interface ChannelGuestStarSettingsUpdateEvent extends BroadcasterFields {
  /** Whether Guest Star moderators may control whether a guest in a slot is live. */
  is_moderator_send_live_enabled: boolean;
  /** The number of slots the host may add to a call. */
  slot_count: number;
  /** Whether browser sources subscribed to the channel's sessions play audio. */
  is_browser_source_audio_enabled: boolean;
  /** How guests are laid out in a group browser source. */
  group_layout: GuestStarEventGroupLayout;
}
