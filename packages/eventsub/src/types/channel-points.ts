import type { BroadcasterFields, EmotePosition, UserFields } from './common';

/** The kind of an automatic Channel Points reward (v2 list; v1 also reports the Power-ups). */
export type AutomaticRewardType =
  | 'single_message_bypass_sub_mode'
  | 'send_highlighted_message'
  | 'random_sub_emote_unlock'
  | 'chosen_sub_emote_unlock'
  | 'chosen_modified_sub_emote_unlock';

/** The kind of an automatic reward in v1 payloads, which still include the Power-ups moved to `channel.bits.use`. */
export type AutomaticRewardV1Type = AutomaticRewardType | 'message_effect' | 'gigantify_an_emote' | 'celebration';

/** An emote unlocked or chosen by an automatic reward. */
export interface AutomaticRewardEmote {
  id: string;
  name: string;
}

/** The automatic reward redeemed (v1). */
export interface AutomaticRewardV1 {
  type: AutomaticRewardV1Type;
  cost: number;
  /** The emote unlocked; null for rewards that unlock none. */
  unlocked_emote: AutomaticRewardEmote | null;
}

/** The automatic reward redeemed (v2). */
export interface AutomaticReward {
  type: AutomaticRewardType;
  channel_points: number;
  /** The emote unlocked or chosen; null for rewards without one. */
  emote: AutomaticRewardEmote | null;
}

/**
 * A piece of the message sent with an automatic reward (v2): text or an emote. Whether text pieces
 * carry `emote: null` is not confirmed, so `emote` may be absent on them.
 */
export type AutomaticRewardMessageFragment =
  | { type: 'text'; text: string; emote?: null }
  | { type: 'emote'; text: string; emote: { id: string } };

interface AutomaticRewardRedemptionFields extends BroadcasterFields, UserFields {
  /** The redemption ID. */
  id: string;
  redeemed_at: string;
}

/** `channel.channel_points_automatic_reward_redemption.add` v1: automatic reward redeemed (message with emote positions). */
export interface ChannelPointsAutomaticRewardRedemptionAddV1Event extends AutomaticRewardRedemptionFields {
  reward: AutomaticRewardV1;
  /** Null for rewards sent without a message. */
  message: { text: string; emotes: EmotePosition[] } | null;
  /** The text the user entered; null when the reward takes none. */
  user_input: string | null;
}

/** `channel.channel_points_automatic_reward_redemption.add` v2: automatic reward redeemed (message split into fragments). */
export interface ChannelPointsAutomaticRewardRedemptionAddEvent extends AutomaticRewardRedemptionFields {
  reward: AutomaticReward;
  /** Null for rewards sent without a message. */
  message: { text: string; fragments: AutomaticRewardMessageFragment[] } | null;
}

/** The image of a custom reward at three sizes. */
export interface CustomRewardImage {
  url_1x: string;
  url_2x: string;
  url_4x: string;
}

/** A custom Channel Points reward, as the reward events carry it. */
export interface CustomRewardFields extends BroadcasterFields {
  /** The reward ID. */
  id: string;
  is_enabled: boolean;
  is_paused: boolean;
  is_in_stock: boolean;
  title: string;
  cost: number;
  prompt: string;
  is_user_input_required: boolean;
  should_redemptions_skip_request_queue: boolean;
  /** When the cooldown ends; null when the reward is not cooling down. */
  cooldown_expires_at: string | null;
  /** Redemptions in the current stream; null when the channel is offline. */
  redemptions_redeemed_current_stream: number | null;
  /** The limit of redemptions per stream; `value` may be null when the limit is off. */
  max_per_stream: { is_enabled: boolean; value: number | null };
  /** The limit per user per stream; `value` may be null when the limit is off. */
  max_per_user_per_stream: { is_enabled: boolean; value: number | null };
  /** The cooldown between redemptions; `seconds` may be null when it is off. */
  global_cooldown: { is_enabled: boolean; seconds: number | null };
  /** `#RRGGBB`. */
  background_color: string;
  /** The broadcaster's image; null when they uploaded none (`default_image` applies). */
  image: CustomRewardImage | null;
  default_image: CustomRewardImage;
}

/** `channel.channel_points_custom_reward.add`: custom reward created. */
export type ChannelPointsCustomRewardAddEvent = CustomRewardFields;

/** `channel.channel_points_custom_reward.update`: custom reward edited. */
export type ChannelPointsCustomRewardUpdateEvent = CustomRewardFields;

/** `channel.channel_points_custom_reward.remove`: custom reward deleted. */
export type ChannelPointsCustomRewardRemoveEvent = CustomRewardFields;

/** The state of a custom reward redemption. */
export type CustomRewardRedemptionStatus = 'unknown' | 'unfulfilled' | 'fulfilled' | 'canceled';

/** The custom reward a redemption is for. */
export interface CustomRewardSummary {
  id: string;
  title: string;
  cost: number;
  prompt: string;
}

/** `channel.channel_points_custom_reward_redemption.add`: custom reward redeemed. */
export interface ChannelPointsCustomRewardRedemptionAddEvent extends BroadcasterFields, UserFields {
  /** The redemption ID. */
  id: string;
  /** The text the user entered; empty when the reward takes none. */
  user_input: string;
  status: CustomRewardRedemptionStatus;
  reward: CustomRewardSummary;
  redeemed_at: string;
}

/** `channel.channel_points_custom_reward_redemption.update`: a redemption was fulfilled or canceled. */
export interface ChannelPointsCustomRewardRedemptionUpdateEvent extends ChannelPointsCustomRewardRedemptionAddEvent {
  status: 'fulfilled' | 'canceled';
}
