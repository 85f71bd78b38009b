import type { AutomodMessageFragment, BroadcasterFields, ModeratorFields, TaggedPayloads, UserFields } from './common';

/** `channel.ban`: a viewer was banned or timed out. */
export interface ChannelBanEvent extends BroadcasterFields, UserFields, ModeratorFields {
  /** The reason given for the ban. */
  reason: string;
  /** When the user was banned or timed out (RFC3339, UTC). */
  banned_at: string;
  /** When a timeout ends; null for a permanent ban. */
  ends_at: string | null;
  /** True for a permanent ban, false for a timeout. */
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
  /** When the moderator turned Shield Mode on (RFC3339, UTC). */
  started_at: string;
}

/** `channel.shield_mode.end`: Shield Mode turned off. */
export interface ChannelShieldModeEndEvent extends BroadcasterFields, ModeratorFields {
  /** When the moderator turned Shield Mode off (RFC3339, UTC). */
  ended_at: string;
}

/** How the channel treats a suspicious user. */
export type SuspiciousUserLowTrustStatus = 'none' | 'active_monitoring' | 'restricted';

/** Why a user is suspicious. */
export type SuspiciousUserFlag = 'manually_added' | 'ban_evader' | 'banned_in_shared_channel';

/** `channel.suspicious_user.message`: a flagged user sent a message. */
export interface ChannelSuspiciousUserMessageEvent extends BroadcasterFields, UserFields {
  /** How the channel treats the user. */
  low_trust_status: SuspiciousUserLowTrustStatus;
  /** Channels of the shared chat session that banned the user; null when none. */
  shared_ban_channel_ids: string[] | null;
  /** Why the user is suspicious (may be empty). */
  types: SuspiciousUserFlag[];
  /** The likelihood of ban evasion the platform assigned the user automatically. */
  ban_evasion_evaluation: 'unknown' | 'possible' | 'likely';
  /** The message the user sent. */
  message: {
    /** The message's ID (a UUID). */
    message_id: string;
    /** The message in plain text. */
    text: string;
    /** The message in fragments, in order. */
    fragments: AutomodMessageFragment[];
  };
}

/** `channel.suspicious_user.update`: treatment of a suspicious user changed. */
export interface ChannelSuspiciousUserUpdateEvent extends BroadcasterFields, ModeratorFields, UserFields {
  /** How the channel now treats the user. */
  low_trust_status: SuspiciousUserLowTrustStatus;
}

/** `channel.unban_request.create`: a banned user created a request. */
export interface ChannelUnbanRequestCreateEvent extends BroadcasterFields, UserFields {
  /** The request ID. */
  id: string;
  /** The message the user sent with the request. */
  text: string;
  /** When the request was created (RFC3339, UTC). */
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
  /** The user ID of the moderator who approved or denied the request. */
  moderator_user_id: string | null;
  /** The login name of the moderator who approved or denied the request. */
  moderator_user_login: string | null;
  /** The display name of the moderator who approved or denied the request. */
  moderator_user_name: string | null;
  /** The moderator's answer; twurple treats it as optional. */
  resolution_text?: string | null;
  /** How the request was resolved. */
  status: 'approved' | 'denied' | 'canceled';
}

/** The user a moderation action applies to. */
export interface ModerateUser {
  /** The user's ID. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
}

/** A ban (also in a shared chat channel). */
export interface ModerateBan extends ModerateUser {
  /** The reason given for the ban. */
  reason: string;
}

/** A timeout (also in a shared chat channel). */
export interface ModerateTimeout extends ModerateUser {
  /** The reason given for the timeout. */
  reason: string;
  /** When the timeout ends. */
  expires_at: string;
}

/** A deleted message (also in a shared chat channel). */
export interface ModerateDelete extends ModerateUser {
  /** The ID of the deleted message. */
  message_id: string;
  /** The text of the deleted message. */
  message_body: string;
}

/** A change to the AutoMod term lists. */
export interface ModerateAutomodTerms {
  /** Whether the terms were added or removed. */
  action: 'add' | 'remove';
  /** The list changed: blocked or permitted terms. */
  list: 'blocked' | 'permitted';
  /** The terms added or removed. */
  terms: string[];
  /** The change was made by AutoMod. */
  from_automod: boolean;
}

/** An unban request approved or denied. */
export interface ModerateUnbanRequest extends ModerateUser {
  /** True when the request was approved, false when it was denied. */
  is_approved: boolean;
  /** The moderator's message explaining the approval or denial. */
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
  /** Followers-only mode turned on. */
  followers: {
    /** How long, in minutes, a user must have followed to chat. */
    follow_duration_minutes: number;
  };
  /** Slow mode turned on. */
  slow: {
    /** How long, in seconds, users must wait between messages. */
    wait_time_seconds: number;
  };
  /** The user gaining VIP status. */
  vip: ModerateUser;
  /** The user losing VIP status. */
  unvip: ModerateUser;
  /** The user gaining moderator status. */
  mod: ModerateUser;
  /** The user losing moderator status. */
  unmod: ModerateUser;
  /** The user banned. */
  ban: ModerateBan;
  /** The user unbanned. */
  unban: ModerateUser;
  /** The user timed out. */
  timeout: ModerateTimeout;
  /** The user whose timeout was lifted. */
  untimeout: ModerateUser;
  /** The channel raided. */
  raid: ModerateUser & {
    /** The number of viewers in the raid. */
    viewer_count: number;
  };
  /** The channel no longer being raided. */
  unraid: ModerateUser;
  /** The deleted message and its sender. */
  delete: ModerateDelete;
  /** The change to the AutoMod term lists. */
  automod_terms: ModerateAutomodTerms;
  /** The unban request approved or denied. */
  unban_request: ModerateUnbanRequest;
  /** `ban`, in another channel of the shared chat session. */
  shared_chat_ban: ModerateBan;
  /** `unban`, in another channel of the shared chat session. */
  shared_chat_unban: ModerateUser;
  /** `timeout`, in another channel of the shared chat session. */
  shared_chat_timeout: ModerateTimeout;
  /** `untimeout`, in another channel of the shared chat session. */
  shared_chat_untimeout: ModerateUser;
  /** `delete`, in another channel of the shared chat session. */
  shared_chat_delete: ModerateDelete;
}

/** The object of each kind of `channel.moderate` v2 action: v1's plus `warn`. */
export interface ChannelModeratePayloads extends ChannelModerateV1Payloads {
  /** The user warned. */
  warn: ModerateWarn;
}

/** For each `channel.moderate` v1 action, the key of its object (`never`: the action has none). */
export interface ChannelModerateV1Actions {
  /** A user banned. */
  ban: 'ban';
  /** A user timed out. */
  timeout: 'timeout';
  /** A user unbanned. */
  unban: 'unban';
  /** A user's timeout lifted. */
  untimeout: 'untimeout';
  /** The chat cleared. */
  clear: never;
  /** Emote-only mode turned on. */
  emoteonly: never;
  /** Emote-only mode turned off. */
  emoteonlyoff: never;
  /** Followers-only mode turned on. */
  followers: 'followers';
  /** Followers-only mode turned off. */
  followersoff: never;
  /** Unique-chat mode turned on. */
  uniquechat: never;
  /** Unique-chat mode turned off. */
  uniquechatoff: never;
  /** Slow mode turned on. */
  slow: 'slow';
  /** Slow mode turned off. */
  slowoff: never;
  /** Subscribers-only mode turned on. */
  subscribers: never;
  /** Subscribers-only mode turned off. */
  subscribersoff: never;
  /** A raid started. */
  raid: 'raid';
  /** A raid canceled. */
  unraid: 'unraid';
  /** A message deleted. */
  delete: 'delete';
  /** A user made VIP. */
  vip: 'vip';
  /** A user's VIP status removed. */
  unvip: 'unvip';
  /** A user made moderator. */
  mod: 'mod';
  /** A user's moderator status removed. */
  unmod: 'unmod';
  /** A term added to the blocked terms. */
  add_blocked_term: 'automod_terms';
  /** A term added to the permitted terms. */
  add_permitted_term: 'automod_terms';
  /** A term removed from the blocked terms. */
  remove_blocked_term: 'automod_terms';
  /** A term removed from the permitted terms. */
  remove_permitted_term: 'automod_terms';
  /** An unban request approved. */
  approve_unban_request: 'unban_request';
  /** An unban request denied. */
  deny_unban_request: 'unban_request';
  /** A user banned in another channel of the shared chat session. */
  shared_chat_ban: 'shared_chat_ban';
  /** A user unbanned in another channel of the shared chat session. */
  shared_chat_unban: 'shared_chat_unban';
  /** A user timed out in another channel of the shared chat session. */
  shared_chat_timeout: 'shared_chat_timeout';
  /** A user's timeout lifted in another channel of the shared chat session. */
  shared_chat_untimeout: 'shared_chat_untimeout';
  /** A message deleted in another channel of the shared chat session. */
  shared_chat_delete: 'shared_chat_delete';
}

/** For each `channel.moderate` v2 action, the key of its object: v1's plus `warn`. */
export interface ChannelModerateActions extends ChannelModerateV1Actions {
  /** A user warned. */
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
  /** The login name of the channel where the action happened (see `source_broadcaster_user_id`). */
  source_broadcaster_user_login: string | null;
  /** The display name of the channel where the action happened (see `source_broadcaster_user_id`). */
  source_broadcaster_user_name: string | null;
}

/** `channel.moderate` v1: a moderation action; does not report warnings. Narrow on `action`. */
export type ChannelModerateV1Event = ChannelModerateFields &
  TaggedPayloads<'action', ChannelModerateV1Actions, ChannelModerateV1Payloads>;

/** `channel.moderate` v2: a moderation action, warnings included; narrow on the field `action`. */
export type ChannelModerateEvent = ChannelModerateFields &
  TaggedPayloads<'action', ChannelModerateActions, ChannelModeratePayloads>;
