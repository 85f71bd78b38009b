import type { AutomodMessageFragment, BroadcasterFields, ModeratorFields, TaggedPayloads, UserFields } from './common';

/** `channel.ban`: a viewer was banned or timed out. */
export interface ChannelBanEvent extends BroadcasterFields, UserFields, ModeratorFields {
  reason: string;
  banned_at: string;
  /** When a timeout ends; null for a permanent ban. */
  ends_at: string | null;
  is_permanent: boolean;
}

/** `channel.unban`: a viewer was unbanned. */
export interface ChannelUnbanEvent extends BroadcasterFields, UserFields, ModeratorFields {}

/** `channel.moderator.add`: a user became moderator. */
export interface ChannelModeratorAddEvent extends BroadcasterFields, UserFields {}

/** `channel.moderator.remove`: a user lost moderator status. */
export interface ChannelModeratorRemoveEvent extends BroadcasterFields, UserFields {}

/** `channel.vip.add`: a user became VIP. */
export interface ChannelVipAddEvent extends BroadcasterFields, UserFields {}

/** `channel.vip.remove`: a user stopped being VIP. */
export interface ChannelVipRemoveEvent extends BroadcasterFields, UserFields {}

/** `channel.warning.acknowledge`: a user acknowledged a warning. */
export interface ChannelWarningAcknowledgeEvent extends BroadcasterFields, UserFields {}

/** `channel.warning.send`: a warning was sent. */
export interface ChannelWarningSendEvent extends BroadcasterFields, ModeratorFields, UserFields {
  /** Null when the moderator gave no free-text reason. */
  reason: string | null;
  /** The chat rules cited; null when none were. */
  chat_rules_cited: string[] | null;
}

/** `channel.shield_mode.begin`: Shield Mode turned on. */
export interface ChannelShieldModeBeginEvent extends BroadcasterFields, ModeratorFields {
  started_at: string;
}

/** `channel.shield_mode.end`: Shield Mode turned off. */
export interface ChannelShieldModeEndEvent extends BroadcasterFields, ModeratorFields {
  ended_at: string;
}

/** How the channel treats a suspicious user. */
export type SuspiciousUserLowTrustStatus = 'none' | 'active_monitoring' | 'restricted';

/** Why a user is suspicious. */
export type SuspiciousUserFlag = 'manually_added' | 'ban_evader' | 'banned_in_shared_channel';

/** `channel.suspicious_user.message`: a flagged user sent a message. */
export interface ChannelSuspiciousUserMessageEvent extends BroadcasterFields, UserFields {
  low_trust_status: SuspiciousUserLowTrustStatus;
  /** Channels of the shared chat session that banned the user; null when none. */
  shared_ban_channel_ids: string[] | null;
  types: SuspiciousUserFlag[];
  ban_evasion_evaluation: 'unknown' | 'possible' | 'likely';
  message: { message_id: string; text: string; fragments: AutomodMessageFragment[] };
}

/** `channel.suspicious_user.update`: treatment of a suspicious user changed. */
export interface ChannelSuspiciousUserUpdateEvent extends BroadcasterFields, ModeratorFields, UserFields {
  low_trust_status: SuspiciousUserLowTrustStatus;
}

/** `channel.unban_request.create`: a banned user created a request. */
export interface ChannelUnbanRequestCreateEvent extends BroadcasterFields, UserFields {
  /** The request ID. */
  id: string;
  text: string;
  created_at: string;
}

/**
 * `channel.unban_request.resolve`: a request was approved, denied or canceled. When the user
 * cancels it, no moderator acts: the moderator fields and the resolution text may then be null
 * (the sources do not say; typed loosely).
 */
export interface ChannelUnbanRequestResolveEvent extends BroadcasterFields, UserFields {
  /** The request ID. */
  id: string;
  moderator_user_id: string | null;
  moderator_user_login: string | null;
  moderator_user_name: string | null;
  /** The moderator's answer; twurple treats it as optional. */
  resolution_text?: string | null;
  status: 'approved' | 'denied' | 'canceled';
}

/** The user a moderation action applies to. */
export interface ModerateUser {
  user_id: string;
  user_login: string;
  user_name: string;
}

/** A ban (also in a shared chat channel). */
export interface ModerateBan extends ModerateUser {
  reason: string;
}

/** A timeout (also in a shared chat channel). */
export interface ModerateTimeout extends ModerateUser {
  reason: string;
  expires_at: string;
}

/** A deleted message (also in a shared chat channel). */
export interface ModerateDelete extends ModerateUser {
  message_id: string;
  message_body: string;
}

/** A change to the AutoMod term lists. */
export interface ModerateAutomodTerms {
  action: 'add' | 'remove';
  list: 'blocked' | 'permitted';
  terms: string[];
  /** The change was made by AutoMod. */
  from_automod: boolean;
}

/** An unban request approved or denied. */
export interface ModerateUnbanRequest extends ModerateUser {
  is_approved: boolean;
  moderator_message: string;
}

/** A warning (v2 only). */
export interface ModerateWarn extends ModerateUser {
  /** Null when the moderator gave no free-text reason. */
  reason: string | null;
  /** Null when no chat rules were cited. */
  chat_rules_cited: string[] | null;
}

/** The object of each kind of `channel.moderate` v1 action; in one event every key but the action's is null. */
export interface ChannelModerateV1Payloads {
  followers: { follow_duration_minutes: number };
  slow: { wait_time_seconds: number };
  vip: ModerateUser;
  unvip: ModerateUser;
  mod: ModerateUser;
  unmod: ModerateUser;
  ban: ModerateBan;
  unban: ModerateUser;
  timeout: ModerateTimeout;
  untimeout: ModerateUser;
  raid: ModerateUser & { viewer_count: number };
  unraid: ModerateUser;
  delete: ModerateDelete;
  automod_terms: ModerateAutomodTerms;
  unban_request: ModerateUnbanRequest;
  shared_chat_ban: ModerateBan;
  shared_chat_unban: ModerateUser;
  shared_chat_timeout: ModerateTimeout;
  shared_chat_untimeout: ModerateUser;
  shared_chat_delete: ModerateDelete;
}

/** The object of each kind of `channel.moderate` v2 action: v1's plus `warn`. */
export interface ChannelModeratePayloads extends ChannelModerateV1Payloads {
  warn: ModerateWarn;
}

/** For each `channel.moderate` v1 action, the key of its object (`never`: the action has none). */
export interface ChannelModerateV1Actions {
  ban: 'ban';
  timeout: 'timeout';
  unban: 'unban';
  untimeout: 'untimeout';
  clear: never;
  emoteonly: never;
  emoteonlyoff: never;
  followers: 'followers';
  followersoff: never;
  uniquechat: never;
  uniquechatoff: never;
  slow: 'slow';
  slowoff: never;
  subscribers: never;
  subscribersoff: never;
  raid: 'raid';
  unraid: 'unraid';
  delete: 'delete';
  vip: 'vip';
  unvip: 'unvip';
  mod: 'mod';
  unmod: 'unmod';
  add_blocked_term: 'automod_terms';
  add_permitted_term: 'automod_terms';
  remove_blocked_term: 'automod_terms';
  remove_permitted_term: 'automod_terms';
  approve_unban_request: 'unban_request';
  deny_unban_request: 'unban_request';
  shared_chat_ban: 'shared_chat_ban';
  shared_chat_unban: 'shared_chat_unban';
  shared_chat_timeout: 'shared_chat_timeout';
  shared_chat_untimeout: 'shared_chat_untimeout';
  shared_chat_delete: 'shared_chat_delete';
}

/** For each `channel.moderate` v2 action, the key of its object: v1's plus `warn`. */
export interface ChannelModerateActions extends ChannelModerateV1Actions {
  warn: 'warn';
}

/** A `channel.moderate` v1 action. */
export type ChannelModerateV1Action = keyof ChannelModerateV1Actions;

/** A `channel.moderate` v2 action (warnings included). */
export type ChannelModerateAction = keyof ChannelModerateActions;

/** The fields every `channel.moderate` event has. */
export interface ChannelModerateFields extends BroadcasterFields, ModeratorFields {
  /** In shared chat, the channel where the action happened; null otherwise. */
  source_broadcaster_user_id: string | null;
  source_broadcaster_user_login: string | null;
  source_broadcaster_user_name: string | null;
}

/** `channel.moderate` v1: a moderation action; does not report warnings. Narrow on `action`. */
export type ChannelModerateV1Event = ChannelModerateFields &
  TaggedPayloads<'action', ChannelModerateV1Actions, ChannelModerateV1Payloads>;

/** `channel.moderate` v2: a moderation action, warnings included; narrow on the field `action`. */
export type ChannelModerateEvent = ChannelModerateFields &
  TaggedPayloads<'action', ChannelModerateActions, ChannelModeratePayloads>;
