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
  /** The emote ID. */
  id: string;
  /** The human-readable emote token. */
  name: string;
}

/** The automatic reward redeemed (v1). */
export interface AutomaticRewardV1 {
  /** The type of reward. */
  type: AutomaticRewardV1Type;
  /** The reward cost. */
  cost: number;
  /** The emote unlocked; null for rewards that unlock none. */
  unlocked_emote: AutomaticRewardEmote | null;
}

/** The automatic reward redeemed (v2). */
export interface AutomaticReward {
  /** The type of reward. */
  type: AutomaticRewardType;
  /** The number of Channel Points used. */
  channel_points: number;
  /** The emote unlocked or chosen; null for rewards without one. */
  emote: AutomaticRewardEmote | null;
}

/**
 * A piece of the message sent with an automatic reward (v2): text or an emote. Whether text pieces
 * carry `emote: null` is not confirmed, so `emote` may be absent on them.
 */
export type AutomaticRewardMessageFragment =
  | {
      /** A text fragment. */
      type: 'text';
      /** The message text in the fragment. */
      text: string;
      /** No emote in a text fragment. */
      emote?: null;
    }
  | {
      /** An emote fragment. */
      type: 'emote';
      /** The message text in the fragment. */
      text: string;
      /** The emote. */
      emote: {
        /** The ID that uniquely identifies this emote. */
        id: string;
      };
    };

interface AutomaticRewardRedemptionFields extends BroadcasterFields, UserFields {
  /** The redemption ID. */
  id: string;
  /** When the reward was redeemed (RFC 3339, UTC). */
  redeemed_at: string;
}

/** `channel.channel_points_automatic_reward_redemption.add` v1: automatic reward redeemed (message with emote positions). */
export interface ChannelPointsAutomaticRewardRedemptionAddV1Event extends AutomaticRewardRedemptionFields {
  /** The reward redeemed. */
  reward: AutomaticRewardV1;
  /** The user's message and its emotes; null for rewards sent without a message. */
  message: {
    /** The text of the chat message. */
    text: string;
    /** The emotes in the text: their IDs and where each starts and ends. */
    emotes: EmotePosition[];
  } | null;
  /** The text the user entered; null when the reward takes none. */
  user_input: string | null;
}

/** `channel.channel_points_automatic_reward_redemption.add` v2: automatic reward redeemed (message split into fragments). */
export interface ChannelPointsAutomaticRewardRedemptionAddEvent extends AutomaticRewardRedemptionFields {
  /** The reward redeemed. */
  reward: AutomaticReward;
  /** The user's message; null for rewards sent without a message. */
  message: {
    /** The chat message in plain text. */
    text: string;
    /** The ordered fragments of the message. */
    fragments: AutomaticRewardMessageFragment[];
  } | null;
}

/** The image of a custom reward at three sizes. */
export interface CustomRewardImage {
  /** URL of the image at 1x size. */
  url_1x: string;
  /** URL of the image at 2x size. */
  url_2x: string;
  /** URL of the image at 4x size. */
  url_4x: string;
}

/** A custom Channel Points reward, as the reward events carry it. */
export interface CustomRewardFields extends BroadcasterFields {
  /** The reward ID. */
  id: string;
  /** Whether the reward is enabled; viewers do not see a disabled reward. */
  is_enabled: boolean;
  /** Whether the reward is paused; viewers cannot redeem a paused reward. */
  is_paused: boolean;
  /** Whether the reward is in stock; viewers cannot redeem it when it is not. */
  is_in_stock: boolean;
  /** The reward title. */
  title: string;
  /** The reward cost, in Channel Points. */
  cost: number;
  /** The reward description. */
  prompt: string;
  /** Whether the viewer must enter text when redeeming the reward. */
  is_user_input_required: boolean;
  /** Whether redemptions are set to `fulfilled` at once, skipping the request queue, instead of `unfulfilled`. */
  should_redemptions_skip_request_queue: boolean;
  /** When the cooldown ends; null when the reward is not cooling down. */
  cooldown_expires_at: string | null;
  /** Redemptions in the current stream; null when the channel is offline. */
  redemptions_redeemed_current_stream: number | null;
  /** The limit of redemptions per stream; `value` may be null when the limit is off. */
  max_per_stream: {
    /** Whether the limit is on. */
    is_enabled: boolean;
    /** The most redemptions per stream. */
    value: number | null;
  };
  /** The limit per user per stream; `value` may be null when the limit is off. */
  max_per_user_per_stream: {
    /** Whether the limit is on. */
    is_enabled: boolean;
    /** The most redemptions per user per stream. */
    value: number | null;
  };
  /** The cooldown between redemptions; `seconds` may be null when it is off. */
  global_cooldown: {
    /** Whether the cooldown is on. */
    is_enabled: boolean;
    /** The cooldown, in seconds. */
    seconds: number | null;
  };
  /** `#RRGGBB`. */
  background_color: string;
  /** The broadcaster's image; null when they uploaded none (`default_image` applies). */
  image: CustomRewardImage | null;
  /** The default image of the reward. */
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
  /** The reward ID. */
  id: string;
  /** The reward title. */
  title: string;
  /** The reward cost, in Channel Points. */
  cost: number;
  /** The reward description. */
  prompt: string;
}

/** `channel.channel_points_custom_reward_redemption.add`: custom reward redeemed. */
export interface ChannelPointsCustomRewardRedemptionAddEvent extends BroadcasterFields, UserFields {
  /** The redemption ID. */
  id: string;
  /** The text the user entered; empty when the reward takes none. */
  user_input: string;
  /** The redemption's status; `unfulfilled` by default. */
  status: CustomRewardRedemptionStatus;
  /** The reward redeemed, as it was when it was redeemed. */
  reward: CustomRewardSummary;
  /** When the reward was redeemed (RFC 3339). */
  redeemed_at: string;
}

/** `channel.channel_points_custom_reward_redemption.update`: a redemption was fulfilled or canceled. */
export interface ChannelPointsCustomRewardRedemptionUpdateEvent extends ChannelPointsCustomRewardRedemptionAddEvent {
  /** The redemption's new status: `fulfilled` or `canceled`. */
  status: 'fulfilled' | 'canceled';
}
