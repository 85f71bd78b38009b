/*
 * Guest Star events are beta: the platform may change or withdraw them. Only the Rust crate models
 * them; nullability follows it.
 */
import type { BroadcasterFields } from './common';

/** The host of a Guest Star session. */
export interface GuestStarHostFields {
  host_user_id: string;
  host_user_login: string;
  host_user_name: string;
}

/** `channel.guest_star_session.begin` (beta): session started. May also carry the host fields (unverified). */
export interface ChannelGuestStarSessionBeginEvent extends BroadcasterFields, Partial<GuestStarHostFields> {
  session_id: string;
  started_at: string;
}

/** `channel.guest_star_session.end` (beta): session ended (by host or platform). */
export interface ChannelGuestStarSessionEndEvent extends BroadcasterFields, GuestStarHostFields {
  session_id: string;
  started_at: string;
  ended_at: string;
}

/** The state of a guest in a session. */
export type GuestStarGuestState = 'invited' | 'accepted' | 'ready' | 'backstage' | 'live' | 'removed';

/** `channel.guest_star_guest.update` (beta): a guest or slot changed in a running session. */
export interface ChannelGuestStarGuestUpdateEvent extends BroadcasterFields, GuestStarHostFields {
  session_id: string;
  /** The moderator (or host) who changed the guest; null when the guest did. */
  moderator_user_id: string | null;
  moderator_user_login: string | null;
  moderator_user_name: string | null;
  /** Null when the slot is now empty. */
  guest_user_id: string | null;
  guest_user_login: string | null;
  guest_user_name: string | null;
  /** Null unless the guest is seated (backstage or live). */
  slot_id: string | null;
  /** Null when the slot is now empty. */
  state: GuestStarGuestState | null;
  /** Null unless a guest is seated. */
  host_video_enabled: boolean | null;
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
  is_moderator_send_live_enabled: boolean;
  slot_count: number;
  is_browser_source_audio_enabled: boolean;
  group_layout: GuestStarEventGroupLayout;
}
