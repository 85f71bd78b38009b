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
  /** The channel the settings belong to. */
  broadcaster_id: string;
  /** The ID of the moderator (or broadcaster) who made the call. */
  moderator_id: string;
  /** The overall level, or null when the categories were set one by one. */
  overall_level: number | null;
  /** The level for discrimination against disability. */
  disability: number;
  /** The level for hostility involving aggression. */
  aggression: number;
  /** The level for discrimination based on sexuality, sex or gender. */
  sexuality_sex_or_gender: number;
  /** The level for discrimination against women. */
  misogyny: number;
  /** The level for hostility involving name calling or insults. */
  bullying: number;
  /** The level for profanity. */
  swearing: number;
  /** The level for racial discrimination. */
  race_ethnicity_or_religion: number;
  /** The level for sexual content. */
  sex_based_terms: number;
}

/** A user banned or timed out in a channel, as `bans` lists them. */
export interface BannedUser {
  /** The banned user's ID. */
  user_id: string;
  /** The banned user's login name. */
  user_login: string;
  /** The banned user's display name. */
  user_name: string;
  /** When a timeout ends; an empty string for a permanent ban. */
  expires_at: string;
  /** When the ban or timeout was placed (RFC 3339). */
  created_at: string;
  /** An empty string when no reason was given. */
  reason: string;
  /** The ID of the moderator who placed it. */
  moderator_id: string;
  /** The login name of the moderator who placed it. */
  moderator_login: string;
  /** The display name of the moderator who placed it. */
  moderator_name: string;
}

/** The ban or timeout that `ban` just placed. */
export interface UserBan {
  /** The channel the user is banned from. */
  broadcaster_id: string;
  /** The ID of the moderator who placed the ban. */
  moderator_id: string;
  /** The banned user's ID. */
  user_id: string;
  /** When the ban was placed (RFC 3339). */
  created_at: string;
  /** When a timeout ends; null for a permanent ban. */
  end_time: string | null;
}

/**
 * Where an unban request stands: `pending`, `approved`, `denied`, `acknowledged`, and (in events)
 * `canceled`. Other values may appear, so any string is accepted.
 */
export type UnbanRequestStatus = 'pending' | 'approved' | 'denied' | 'acknowledged' | 'canceled' | (string & {});

/** A banned user's request to be let back into a channel. */
export interface UnbanRequest {
  /** The request's ID. */
  id: string;
  /** The channel the request was made to. */
  broadcaster_id: string;
  /** The channel's login name. */
  broadcaster_login: string;
  /** The channel's display name. */
  broadcaster_name: string;
  /** Who resolved the request. */
  moderator_id: string;
  /** The login name of the moderator who resolved the request. */
  moderator_login: string;
  /** The display name of the moderator who resolved the request. */
  moderator_name: string;
  /** The requester. */
  user_id: string;
  /** The requester's login name. */
  user_login: string;
  /** The requester's display name. */
  user_name: string;
  /** What the requester wrote. */
  text: string;
  /** Where the request stands. */
  status: UnbanRequestStatus;
  /** When the request was made (RFC 3339). */
  created_at: string;
  /** Null while the request is open. */
  resolved_at: string | null;
  /** Null while the request is open. */
  resolution_text: string | null;
}

/** A term the channel's chat refuses. */
export interface BlockedTerm {
  /** The channel whose chat refuses the term. */
  broadcaster_id: string;
  /** The moderator who added the term. */
  moderator_id: string;
  /** The term's ID. */
  id: string;
  /** The refused word or phrase. */
  text: string;
  /** When the term was added (RFC 3339). */
  created_at: string;
  /** Moves each time AutoMod denies the term again. */
  updated_at: string;
  /** Null for a term added by hand or blocked for good by AutoMod. */
  expires_at: string | null;
}

/** A channel the user moderates. */
export interface ModeratedChannel {
  /** The channel's ID. */
  broadcaster_id: string;
  /** The channel's login name. */
  broadcaster_login: string;
  /** The channel's display name. */
  broadcaster_name: string;
}

/** A moderator of a channel. */
export interface ChannelModerator {
  /** The moderator's user ID. */
  user_id: string;
  /** The moderator's login name. */
  user_login: string;
  /** The moderator's display name. */
  user_name: string;
}

/** A VIP of a channel. */
export interface ChannelVip {
  /** The VIP's user ID. */
  user_id: string;
  /** The VIP's display name. */
  user_name: string;
  /** The VIP's login name. */
  user_login: string;
}

/** A channel's Shield Mode. The moderator fields and `last_activated_at` are empty strings when it was never on. */
export interface ShieldModeStatus {
  /** Shield Mode is on. */
  is_active: boolean;
  /** The ID of the moderator who last turned it on. */
  moderator_id: string;
  /** The login name of the moderator who last turned it on. */
  moderator_login: string;
  /** The display name of the moderator who last turned it on. */
  moderator_name: string;
  /** When it was last turned on (RFC 3339). */
  last_activated_at: string;
}

/** A warning sent to a chatter, who cannot chat until they acknowledge it. */
export interface UserWarning {
  /** The channel where the warning was given. */
  broadcaster_id: string;
  /** The warned user's ID. */
  user_id: string;
  /** The moderator who gave the warning. */
  moderator_id: string;
  /** Why the user was warned. */
  reason: string;
}

/** The treatment of a suspicious user: `NO_TREATMENT` once removed. */
export type SuspiciousUserStatus = 'NO_TREATMENT' | 'ACTIVE_MONITORING' | 'RESTRICTED';

/**
 * Why a user is marked suspicious: the platform's reference names the four below, and any other
 * string is accepted.
 */
export type SuspiciousUserType = 'MANUALLY_ADDED' | 'DETECTED_BAN_EVADER' | 'DETECTED_SUS_CHATTER' | 'BANNED_IN_SHARED_CHANNEL' | (string & {});

/** A user a channel watches or restricts. */
export interface SuspiciousUser {
  /** The user's ID. */
  user_id: string;
  /** The channel that watches or restricts the user. */
  broadcaster_id: string;
  /** The moderator who last changed the status. */
  moderator_id: string;
  /** When the status last changed (RFC 3339). */
  updated_at: string;
  /** How the channel treats the user. */
  status: SuspiciousUserStatus;
  /** Why the user is marked suspicious. */
  types: SuspiciousUserType[];
}
