/**
 * A layout of the group browser source. The platform's reference names `TILED_LAYOUT`,
 * `SCREENSHARE_LAYOUT`, `HORIZONTAL_LAYOUT` and `VERTICAL_LAYOUT`; the list may grow, so any
 * other string the platform adds is accepted too.
 *
 * Beta: the platform may change this type.
 */
export type GuestStarGroupLayout = 'TILED_LAYOUT' | 'SCREENSHARE_LAYOUT' | 'HORIZONTAL_LAYOUT' | 'VERTICAL_LAYOUT' | (string & {});

/**
 * A channel's guest star preferences, as `settings()` returns them.
 *
 * Beta: the platform may change this type.
 */
export interface GuestStarSettings {
  /** Moderators may decide whether a seated guest is live. */
  is_moderator_send_live_enabled: boolean;
  /** How many guest slots the channel has, 1 to 6. */
  slot_count: number;
  /** The browser sources play the guests' audio. */
  is_browser_source_audio_enabled: boolean;
  /** The layout of the group browser source. */
  group_layout: GuestStarGroupLayout;
  /** A view-only token for building browser source addresses. */
  browser_source_token: string;
}

/**
 * Someone holding a slot of a session (the host included): the fields the platform's reference
 * lists (`slot_id` is `"0"` for the host), all optional, and any other field kept as sent.
 *
 * Beta: the platform may change this type.
 */
export interface GuestStarGuest {
  /** The slot the guest holds; `"0"` is the host's. */
  slot_id?: string;
  /** The guest's user ID. */
  user_id?: string;
  /** The guest's login name. */
  user_login?: string;
  /** The guest's display name. */
  user_display_name?: string;
  /** Shown and heard on stream. */
  is_live?: boolean;
  /** 0 to 100. */
  volume?: number;
  /** When the guest was given the slot (RFC 3339). */
  assigned_at?: string;
  /** The guest's microphone. */
  audio_settings?: GuestStarMediaSettings;
  /** The guest's camera. */
  video_settings?: GuestStarMediaSettings;
  [field: string]: unknown;
}

/**
 * The audio or video side of a slot, as the platform's reference describes it (typed loosely:
 * every field optional).
 *
 * Beta: the platform may change this type.
 */
export interface GuestStarMediaSettings {
  /** The host or a moderator allows it. */
  is_host_enabled?: boolean;
  /** The guest turned it on. */
  is_guest_enabled?: boolean;
  /** The guest has the device. */
  is_available?: boolean;
  [field: string]: unknown;
}

/**
 * A guest star session.
 *
 * Beta: the platform may change this type.
 */
export interface GuestStarSession {
  /** The session's ID. */
  id: string;
  /** Everyone holding a slot, host included. */
  guests: GuestStarGuest[];
}

/**
 * Where an invited guest stands: `INVITED` (no reaction yet), `ACCEPTED` (in the waiting room) or
 * `READY` (can join the call).
 *
 * Beta: the platform may change this type.
 */
export type GuestStarInviteStatus = 'INVITED' | 'ACCEPTED' | 'READY';

/**
 * A guest in a session's invitation queue.
 *
 * Beta: the platform may change this type.
 */
export interface GuestStarInvite {
  /** The invited user's ID. */
  user_id: string;
  /** When the user was invited (RFC 3339). */
  invited_at: string;
  /** Where the invite stands. */
  status: GuestStarInviteStatus;
  /** The guest's camera is on. */
  is_video_enabled: boolean;
  /** The guest's microphone is on. */
  is_audio_enabled: boolean;
  /** The guest has a camera. */
  is_video_available: boolean;
  /** The guest has a microphone. */
  is_audio_available: boolean;
}
