/**
 * The moderation resources as the platform sends them (snake_case fields, as on the wire).
 * Timestamps are RFC 3339 strings.
 */

/** One message to check with `checkAutoMod`. */
export interface AutoModCheckMessage {
  /** An ID of the caller's choosing; the result carries it back. */
  msg_id: string;
  /** The text to check. */
  msg_text: string;
}

/** AutoMod's verdict on one checked message. */
export interface AutoModCheckResult {
  /** The ID given in the request. */
  msg_id: string;
  /** True when the message would go to chat, false when AutoMod would hold or block it. */
  is_permitted: boolean;
}

/** A channel's AutoMod levels, each 0 (off) to 4 (strictest). */
export interface AutoModSettings {
  broadcaster_id: string;
  moderator_id: string;
  /** The overall level, or null when the categories were set one by one. */
  overall_level: number | null;
  disability: number;
  aggression: number;
  sexuality_sex_or_gender: number;
  misogyny: number;
  bullying: number;
  swearing: number;
  race_ethnicity_or_religion: number;
  sex_based_terms: number;
}

/** A user banned or timed out in a channel, as `bans` lists them. */
export interface BannedUser {
  user_id: string;
  user_login: string;
  user_name: string;
  /** When a timeout ends; an empty string for a permanent ban. */
  expires_at: string;
  created_at: string;
  /** An empty string when no reason was given. */
  reason: string;
  moderator_id: string;
  moderator_login: string;
  moderator_name: string;
}

/** The ban or timeout that `ban` just placed. */
export interface UserBan {
  broadcaster_id: string;
  moderator_id: string;
  user_id: string;
  created_at: string;
  /** When a timeout ends; null for a permanent ban. */
  end_time: string | null;
}

/**
 * Where an unban request stands. The spec names `pending`, `approved`, `denied` and (in events)
 * `canceled`; the platform's reference adds `acknowledged`. Other values may appear, so any
 * string is accepted.
 */
export type UnbanRequestStatus = 'pending' | 'approved' | 'denied' | 'acknowledged' | 'canceled' | (string & {});

/** A banned user's request to be let back into a channel. */
export interface UnbanRequest {
  id: string;
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
  /** Who resolved the request. */
  moderator_id: string;
  moderator_login: string;
  moderator_name: string;
  /** The requester. */
  user_id: string;
  user_login: string;
  user_name: string;
  /** What the requester wrote. */
  text: string;
  status: UnbanRequestStatus;
  created_at: string;
  /** Null while the request is open. */
  resolved_at: string | null;
  /** Null while the request is open. */
  resolution_text: string | null;
}

/** A term the channel's chat refuses. */
export interface BlockedTerm {
  broadcaster_id: string;
  moderator_id: string;
  id: string;
  text: string;
  created_at: string;
  /** Moves each time AutoMod denies the term again. */
  updated_at: string;
  /** Null for a term added by hand or blocked for good by AutoMod. */
  expires_at: string | null;
}

/** A channel the user moderates. */
export interface ModeratedChannel {
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
}

/** A moderator of a channel. */
export interface ChannelModerator {
  user_id: string;
  user_login: string;
  user_name: string;
}

/** A VIP of a channel. */
export interface ChannelVip {
  user_id: string;
  user_name: string;
  user_login: string;
}

/** A channel's Shield Mode. The moderator fields and `last_activated_at` are empty strings when it was never on. */
export interface ShieldModeStatus {
  is_active: boolean;
  moderator_id: string;
  moderator_login: string;
  moderator_name: string;
  last_activated_at: string;
}

/** A warning sent to a chatter, who cannot chat until they acknowledge it. */
export interface UserWarning {
  broadcaster_id: string;
  user_id: string;
  moderator_id: string;
  reason: string;
}

/** The treatment of a suspicious user: `NO_TREATMENT` once removed. */
export type SuspiciousUserStatus = 'NO_TREATMENT' | 'ACTIVE_MONITORING' | 'RESTRICTED';

/**
 * Why a user is marked suspicious. The spec does not list the values; the platform's reference
 * names the four below, and any other string is accepted.
 */
export type SuspiciousUserType = 'MANUALLY_ADDED' | 'DETECTED_BAN_EVADER' | 'DETECTED_SUS_CHATTER' | 'BANNED_IN_SHARED_CHANNEL' | (string & {});

/** A user a channel watches or restricts. */
export interface SuspiciousUser {
  user_id: string;
  broadcaster_id: string;
  /** The moderator who last changed the status. */
  moderator_id: string;
  updated_at: string;
  status: SuspiciousUserStatus;
  types: SuspiciousUserType[];
}
