/*
 * Conditions of EventSub subscriptions, as the platform expects them: every value is a string.
 * The codes B, BM, BU and BR name the common condition shapes by their keys (broadcaster,
 * moderator, user, reward).
 */

/** Condition shape B: the channel to watch. */
export interface BroadcasterCondition {
  /** The ID of the broadcaster whose channel is watched. */
  broadcaster_user_id: string;
}

/** Condition shape BM: a channel and the moderator (or the broadcaster) whose token subscribes. */
export interface BroadcasterModeratorCondition {
  /** The ID of the broadcaster whose channel is watched. */
  broadcaster_user_id: string;
  /** The broadcaster or one of their moderators; must be the user of the access token. */
  moderator_user_id: string;
}

/** Condition shape BU: a channel's chat, read as a user. */
export interface BroadcasterUserCondition {
  /** The ID of the broadcaster whose chat is read. */
  broadcaster_user_id: string;
  /** The user to read chat as. */
  user_id: string;
}

/** Condition shape BR: a channel, optionally limited to one reward or custom Power-up. */
export interface BroadcasterRewardCondition {
  /** The ID of the broadcaster whose channel is watched. */
  broadcaster_user_id: string;
  /** Limits notifications to that reward or custom Power-up. */
  reward_id?: string;
}

/** Condition of `channel.raid`: give the raiding channel, the raided channel, or both. */
export interface ChannelRaidCondition {
  /** Notify when this broadcaster raids another channel. */
  from_broadcaster_user_id?: string;
  /** Notify when this broadcaster is raided. */
  to_broadcaster_user_id?: string;
}

/** Condition of `conduit.shard.disabled`. */
export interface ConduitShardDisabledCondition {
  /** The client ID of the app access token that subscribes. */
  client_id: string;
  /** One conduit of that client; all of its conduits when omitted. */
  conduit_id?: string;
}

/** Condition of `drop.entitlement.grant`. */
export interface DropEntitlementGrantCondition {
  /** The organization that owns the game's drops. */
  organization_id: string;
  /** Limits notifications to one game (category). */
  category_id?: string;
  /** Limits notifications to one drops campaign. */
  campaign_id?: string;
}

/** Condition of `extension.bits_transaction.create`. */
export interface ExtensionBitsTransactionCondition {
  /** The extension's client ID; must be the client ID of the access token. */
  extension_client_id: string;
}

/**
 * Condition of `user.authorization.grant` and `user.authorization.revoke`: the application whose
 * authorizations are watched.
 */
export interface ClientCondition {
  /** The application's client ID; must be the client ID of the app access token. */
  client_id: string;
}

/** Condition of `user.update` and `user.whisper.message`: the user watched. */
export interface UserCondition {
  /** The user whose account changes or whispers are watched. */
  user_id: string;
}
