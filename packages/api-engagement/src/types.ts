// The resources of the channel points, polls, predictions, goals, hype train, charity, bits and
// subscriptions groups, snake_case as the platform sends them.

// ---- channel points ------------------------------------------------------------------------------

/** The three sizes of a custom reward's image. */
export interface CustomRewardImage {
  /** The address of a small version of the image. */
  url_1x: string;
  /** The address of a medium version of the image. */
  url_2x: string;
  /** The address of a large version of the image. */
  url_4x: string;
}

/** Whether a custom reward's or custom Power-up's redemptions per live stream are limited, and to how many. */
export interface MaxPerStreamSetting {
  /** The redemptions per live stream are limited. */
  is_enabled: boolean;
  /** The most redemptions allowed per live stream. */
  max_per_stream: number;
}

/** Whether each viewer's redemptions per live stream of a custom reward or custom Power-up are limited, and to how many. */
export interface MaxPerUserPerStreamSetting {
  /** Each viewer's redemptions per live stream are limited. */
  is_enabled: boolean;
  /** The most redemptions allowed per viewer per live stream. */
  max_per_user_per_stream: number;
}

/** Whether a cooldown follows each redemption of a custom reward or custom Power-up, and how long. */
export interface GlobalCooldownSetting {
  /** The cooldown is on. */
  is_enabled: boolean;
  /** The cooldown, in seconds. */
  global_cooldown_seconds: number;
}

/** A channel's custom Channel Points reward, as the channel points operations return it. */
export interface CustomReward {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The reward's ID. */
  id: string;
  /** The title, at most 45 characters, unique among the broadcaster's rewards. */
  title: string;
  /** The prompt shown when the reward asks for input; an empty string when not set. */
  prompt: string;
  /** The cost in Channel Points. */
  cost: number;
  /** The broadcaster's own images; null when none were uploaded. */
  image: CustomRewardImage | null;
  /** The platform's default images. */
  default_image: CustomRewardImage;
  /** Hex format, for example `#00E5CB`. */
  background_color: string;
  /** Viewers see enabled rewards only. */
  is_enabled: boolean;
  /** The viewer must enter text (at `prompt`) when redeeming the reward. */
  is_user_input_required: boolean;
  /** Whether the redemptions per live stream are limited, and to how many. */
  max_per_stream_setting: MaxPerStreamSetting;
  /** Whether each viewer's redemptions per live stream are limited, and to how many. */
  max_per_user_per_stream_setting: MaxPerUserPerStreamSetting;
  /** Whether a cooldown follows each redemption, and how long. */
  global_cooldown_setting: GlobalCooldownSetting;
  /** Viewers cannot redeem a paused reward. */
  is_paused: boolean;
  /** Viewers cannot redeem a reward out of stock. */
  is_in_stock: boolean;
  /** Redemptions are FULFILLED at once instead of waiting in the request queue. */
  should_redemptions_skip_request_queue: boolean;
  /** Redemptions during the current stream; null when the stream is offline or no per-stream maximum is set. */
  redemptions_redeemed_current_stream: number | null;
  /** When the cooldown ends (RFC 3339); null when the reward is not cooling down. */
  cooldown_expires_at: string | null;
}

/** The state of a redemption. */
export type RedemptionStatus = 'CANCELED' | 'FULFILLED' | 'UNFULFILLED';

/** A viewer's redemption of a custom reward. */
export interface CustomRewardRedemption {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The redemption's ID. */
  id: string;
  /** The viewer who redeemed the reward. */
  user_id: string;
  /** The viewer's login name. */
  user_login: string;
  /** The viewer's display name. */
  user_name: string;
  /** What the viewer typed at the prompt; an empty string when the reward asks for no input. */
  user_input: string;
  /** The state of the redemption. */
  status: RedemptionStatus;
  /** When the reward was redeemed (RFC 3339). */
  redeemed_at: string;
  /** The reward as it was redeemed. */
  reward: {
    /** The reward's ID. */
    id: string;
    /** The reward's title. */
    title: string;
    /** The prompt shown when the reward asks for input. */
    prompt: string;
    /** The cost in Channel Points. */
    cost: number;
  };
}

// ---- polls ---------------------------------------------------------------------------------------

/**
 * A poll's state: running (`ACTIVE`), ended on schedule (`COMPLETED`), ended early
 * (`TERMINATED`), ended and hidden (`ARCHIVED`), deleted (`MODERATED`), or `INVALID`.
 */
export type PollStatus = 'ACTIVE' | 'COMPLETED' | 'TERMINATED' | 'ARCHIVED' | 'MODERATED' | 'INVALID';

/** One choice of a poll, with its votes. */
export interface PollChoice {
  /** The choice's ID. */
  id: string;
  /** At most 25 characters. */
  title: string;
  /** Every vote cast for this choice. */
  votes: number;
  /** The votes bought with Channel Points. */
  channel_points_votes: number;
  /** Not used by the platform; 0. */
  bits_votes: number;
}

/** A poll. */
export interface Poll {
  /** The poll's ID. */
  id: string;
  /** The broadcaster who created the poll. */
  broadcaster_id: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The question, at most 60 characters. */
  title: string;
  /** Two to five choices. */
  choices: PollChoice[];
  /** Not used by the platform; false. */
  bits_voting_enabled: boolean;
  /** Not used by the platform; 0. */
  bits_per_vote: number;
  /** Viewers may buy extra votes with Channel Points. */
  channel_points_voting_enabled: boolean;
  /** The Channel Points one extra vote costs. */
  channel_points_per_vote: number;
  /** The poll's state. */
  status: PollStatus;
  /** How long the poll runs, in seconds. */
  duration: number;
  /** When the poll began (RFC 3339, UTC). */
  started_at: string;
  /** When the poll ended (RFC 3339, UTC); null (or absent) while it is ACTIVE. */
  ended_at?: string | null;
}

// ---- predictions ---------------------------------------------------------------------------------

/**
 * A prediction's state: taking predictions (`ACTIVE`), closed to new predictions (`LOCKED`),
 * points paid out (`RESOLVED`), or points refunded (`CANCELED`).
 */
export type PredictionStatus = 'ACTIVE' | 'LOCKED' | 'RESOLVED' | 'CANCELED';

/** A viewer among an outcome's top predictors. */
export interface PredictionPredictor {
  /** The viewer's user ID. */
  user_id: string;
  /** The viewer's display name. */
  user_name: string;
  /** The viewer's login name. */
  user_login: string;
  /** The Channel Points the viewer spent. */
  channel_points_used: number;
  /** The Channel Points paid out to the viewer; 0 until the prediction is resolved. */
  channel_points_won: number;
}

/** One possible outcome of a prediction. */
export interface PredictionOutcome {
  /** The outcome's ID. */
  id: string;
  /** At most 25 characters. */
  title: string;
  /** The viewers who chose this outcome. */
  users: number;
  /** The Channel Points spent on this outcome. */
  channel_points: number;
  /** The top predictors; null when there are none. */
  top_predictors: PredictionPredictor[] | null;
  /** `BLUE` and `PINK` for two outcomes; `BLUE` for all when there are more. */
  color: 'BLUE' | 'PINK';
}

/** A Channel Points prediction. */
export interface Prediction {
  /** The prediction's ID. */
  id: string;
  /** The broadcaster who created the prediction. */
  broadcaster_id: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The question, at most 45 characters. */
  title: string;
  /** The winning outcome; null unless the prediction is RESOLVED. */
  winning_outcome_id: string | null;
  /** Two to ten outcomes. */
  outcomes: PredictionOutcome[];
  /** How long viewers may predict, in seconds. */
  prediction_window: number;
  /** The prediction's state. */
  status: PredictionStatus;
  /** When the prediction began (RFC 3339, UTC). */
  created_at: string;
  /** When it ended; null while ACTIVE. */
  ended_at: string | null;
  /**
   * When betting closed; null while ACTIVE. The reference's text says null unless LOCKED, but its
   * example of a RESOLVED prediction keeps the time: read it as set once the prediction locked.
   */
  locked_at: string | null;
}

// ---- goals ---------------------------------------------------------------------------------------

/**
 * What a creator goal counts: followers, subscription points or subscriptions (net), only new
 * subscription points or new subscriptions, the Bits used in the channel (`new_bit`) or the
 * viewers who cheered (`new_cheerer`, each counted once).
 */
export type CreatorGoalType = 'follower' | 'subscription' | 'subscription_count' | 'new_subscription' | 'new_subscription_count' | 'new_bit' | 'new_cheerer';

/** A broadcaster's active goal. */
export interface CreatorGoal {
  /** The goal's ID. */
  id: string;
  /** The broadcaster who created the goal. */
  broadcaster_id: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** What the goal counts. */
  type: CreatorGoalType;
  /** The goal's description; an empty string when not set. */
  description: string;
  /** The goal's current value; how it moves depends on `type`. */
  current_amount: number;
  /** The value to reach. */
  target_amount: number;
  /** When the goal was created (RFC 3339, UTC). */
  created_at: string;
}

// ---- hype train ----------------------------------------------------------------------------------

/** A broadcaster taking part in a shared Hype Train. */
export interface HypeTrainParticipant {
  /** The broadcaster's user ID. */
  broadcaster_user_id: string;
  /** The broadcaster's login name. */
  broadcaster_user_login: string;
  /** The broadcaster's display name. */
  broadcaster_user_name: string;
}

/** One of a Hype Train's top contributions. */
export interface HypeTrainContribution {
  /** The contributor's user ID. */
  user_id: string;
  /** The contributor's login name. */
  user_login: string;
  /** The contributor's display name. */
  user_name: string;
  /** Cheering (`bits`), subscribing or gifting (`subscription`), or anything else (`other`). */
  type: 'bits' | 'subscription' | 'other';
  /** The points contributed this way. */
  total: number;
}

/** A Hype Train running now. */
export interface HypeTrain {
  /** The Hype Train's ID. */
  id: string;
  /** The broadcaster's user ID. */
  broadcaster_user_id: string;
  /** The broadcaster's login name. */
  broadcaster_user_login: string;
  /** The broadcaster's display name. */
  broadcaster_user_name: string;
  /** The current level. */
  level: number;
  /** Every point contributed. */
  total: number;
  /** The points contributed at the current level. */
  progress: number;
  /** The points needed to reach the next level. */
  goal: number;
  /** The contributors with the most points. */
  top_contributions: HypeTrainContribution[];
  /** The broadcasters sharing the train; null when it is not shared. */
  shared_train_participants: HypeTrainParticipant[] | null;
  /** When the train started (RFC 3339). */
  started_at: string;
  /** When the train expires (RFC 3339); moves later when the train reaches a new level. */
  expires_at: string;
  /** `treasure`, `golden_kappa` or `regular`. */
  type: 'treasure' | 'golden_kappa' | 'regular';
  /** When true, `shared_train_participants` lists the channels sharing it. */
  is_shared_train: boolean;
}

/** A channel's Hype Train record. */
export interface HypeTrainRecord {
  /** The level the record train reached. */
  level: number;
  /** Every point contributed to the record train. */
  total: number;
  /** When the record was set (RFC 3339). */
  achieved_at: string;
}

/** The Hype Train status of a channel, from `hypeTrainStatus`. */
export interface HypeTrainStatus {
  /** The train running now; null when none is. */
  current: HypeTrain | null;
  /** The channel's record; null when it never had a Hype Train. */
  all_time_high: HypeTrainRecord | null;
  /** The channel's shared-train record; null when it never had one. */
  shared_all_time_high: HypeTrainRecord | null;
}

// ---- charity -------------------------------------------------------------------------------------

/** An amount of money in the currency's minor unit: `value / 10 ** decimal_places` major units. */
export interface CharityAmount {
  /** In minor units (cents for USD): 550 is $5.50. */
  value: number;
  /** The currency's decimal places (2 for USD): divide `value` by 10 to this power for major units. */
  decimal_places: number;
  /** ISO 4217 code, for example `USD`. */
  currency: string;
}

/** The charity campaign a broadcaster is running. */
export interface CharityCampaign {
  /** The campaign's ID. */
  id: string;
  /** The broadcaster running the campaign. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The charity's name. */
  charity_name: string;
  /** A description of the charity. */
  charity_description: string;
  /** The address of the charity's logo (PNG, 100 by 100 pixels). */
  charity_logo: string;
  /** The address of the charity's website. */
  charity_website: string;
  /** The donations received so far. */
  current_amount: CharityAmount;
  /** The fundraising goal; null when none is set. */
  target_amount: CharityAmount | null;
}

/** A donation to a broadcaster's active charity campaign. */
export interface CharityDonation {
  /** The donation's ID, unique across campaigns. */
  id: string;
  /** The campaign the donation went to. */
  campaign_id: string;
  /** The donor's user ID. */
  user_id: string;
  /** The donor's login name. */
  user_login: string;
  /** The donor's display name. */
  user_name: string;
  /** The money the donor gave. */
  amount: CharityAmount;
}

// ---- bits ----------------------------------------------------------------------------------------

/** The period a Bits leaderboard covers (in the platform's Pacific time). */
export type BitsLeaderboardPeriod = 'day' | 'week' | 'month' | 'year' | 'all';

/** A user on the Bits leaderboard. */
export interface BitsLeader {
  /** The user's ID. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
  /** The position on the leaderboard. */
  rank: number;
  /** The Bits the user cheered. */
  score: number;
}

/** The answer of `bitsLeaderboard`. */
export interface BitsLeaderboard {
  /** The leaders in rank order; empty when nobody cheered. */
  data: BitsLeader[];
  /** The reporting window (RFC 3339); empty strings when `started_at` was not given. */
  date_range: {
    /** The window's start. */
    started_at: string;
    /** The window's end. */
    ended_at: string;
  };
  /** The number of leaders in `data`: the smaller of `count` and the leaderboard's size. */
  total: number;
}

/** The images of a Cheermote tier, by size (`1`, `1.5`, `2`, `3`, `4`): each an image address. */
export type CheermoteImageSizes = Record<'1' | '1.5' | '2' | '3' | '4', string>;

/** The images of a Cheermote tier, by theme and format. */
export interface CheermoteImages {
  /** The images for the dark theme. */
  dark: {
    /** Animated images, by size. */
    animated: CheermoteImageSizes;
    /** Static images, by size. */
    static: CheermoteImageSizes;
  };
  /** The images for the light theme. */
  light: {
    /** Animated images, by size. */
    animated: CheermoteImageSizes;
    /** Static images, by size. */
    static: CheermoteImageSizes;
  };
}

/** One tier of a Cheermote. */
export interface CheermoteTier {
  /** The least Bits cheered at this tier; the next tier's minimum minus 1 is its most. */
  min_bits: number;
  /** The tier: `1`, `100`, `500`, `1000`, `5000`, `10000` or `100000`. */
  id: string;
  /** Hex color, for example `#979797`. */
  color: string;
  /** The tier's animated and static images. */
  images: CheermoteImages;
  /** Users can cheer at this tier. */
  can_cheer: boolean;
  /** The tier is shown in the Bits card. */
  show_in_bits_card: boolean;
}

/** The kind of a Cheermote. */
export type CheermoteType = 'global_first_party' | 'global_third_party' | 'channel_custom' | 'display_only' | 'sponsored';

/** A Cheermote: a prefix typed with a number of Bits (`Cheer100`). */
export interface Cheermote {
  /** The name part of the Cheermote: typed followed by a number of Bits (`Cheer` + `100`). */
  prefix: string;
  /** The tiers the Cheermote supports: each a range of Bits and its images. */
  tiers: CheermoteTier[];
  /** The kind of Cheermote. */
  type: CheermoteType;
  /** The position in the Bits card; unique within a type only. */
  order: number;
  /** When the Cheermote was last updated (RFC 3339). */
  last_updated: string;
  /** Whether the Cheermote matches charitable contributions during charity campaigns. */
  is_charitable: boolean;
}

/** A custom Power-up of a channel: something viewers buy with Bits, set up by the broadcaster. */
export interface ChannelCustomPowerUp {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The Power-up's ID (the `reward_id` of its `channel.bits.use` events). */
  id: string;
  /** The title. */
  title: string;
  /** The prompt shown to a viewer who redeems it, when it asks for input (`is_user_input_required`). */
  prompt: string;
  /** What it costs, in Bits. */
  bits: number;
  /** The broadcaster's own images; null when none were uploaded. */
  image: CustomRewardImage | null;
  /** The platform's default images. */
  default_image: CustomRewardImage;
  /** Hex format, for example `#00E5CB`. */
  background_color: string;
  /** Viewers see enabled Power-ups only. */
  is_enabled: boolean;
  /** The viewer must enter text (at `prompt`) when redeeming it. */
  is_user_input_required: boolean;
  /** Whether the redemptions per live stream are limited, and to how many. */
  max_per_stream_setting: MaxPerStreamSetting;
  /** Whether each viewer's redemptions per live stream are limited, and to how many. */
  max_per_user_per_stream_setting: MaxPerUserPerStreamSetting;
  /** Whether a cooldown follows each redemption, and how long. */
  global_cooldown_setting: GlobalCooldownSetting;
  /** Viewers cannot redeem a paused Power-up. */
  is_paused: boolean;
  /** Viewers cannot redeem a Power-up out of stock. */
  is_in_stock: boolean;
  /** Redemptions during the current stream; null when the stream is offline or no per-stream maximum is set. */
  redemptions_redeemed_current_stream: number | null;
  /** When the cooldown ends (RFC 3339); null when the Power-up is not cooling down. */
  cooldown_expires_at: string | null;
}

/** A digital product bought in an extension. */
export interface ExtensionTransactionProduct {
  /** The product's SKU. */
  sku: string;
  /** The platform's extension domain prefix (`<platform>.ext.`) followed by the extension's ID. */
  domain: string;
  /** The product's cost. */
  cost: {
    /** The amount exchanged for the product. */
    amount: number;
    /** The currency exchanged: `bits`. */
    type: 'bits';
  };
  /** A product in development cannot be exchanged. */
  inDevelopment: boolean;
  /** The product's name. */
  displayName: string;
  /** Always an empty string. */
  expiration: string;
  /** Whether the data was broadcast to every instance of the extension. */
  broadcast: boolean;
}

/** An extension transaction: Bits exchanged for a digital product. */
export interface ExtensionTransaction {
  /** The transaction's ID. */
  id: string;
  /** When the transaction happened (RFC 3339, UTC). */
  timestamp: string;
  /** The broadcaster in whose channel the transaction happened. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The buyer. */
  user_id: string;
  /** The buyer's login name. */
  user_login: string;
  /** The buyer's display name. */
  user_name: string;
  /** The kind of transaction: `BITS_IN_EXTENSION`. */
  product_type: 'BITS_IN_EXTENSION';
  /** The product bought. */
  product_data: ExtensionTransactionProduct;
}

// ---- subscriptions -------------------------------------------------------------------------------

/** A subscription tier: `1000`, `2000` or `3000` (Tier 1, 2, 3). */
export type SubscriptionTier = '1000' | '2000' | '3000';

/** A subscriber of a broadcaster, from `broadcasterSubscriptions`. */
export interface BroadcasterSubscription {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The gifter; an empty string when `is_gift` is false. */
  gifter_id: string;
  /** The gifter's login name; an empty string when `is_gift` is false. */
  gifter_login: string;
  /** The gifter's display name; an empty string when `is_gift` is false. */
  gifter_name: string;
  /** The subscription was gifted. */
  is_gift: boolean;
  /** The subscription's name. */
  plan_name: string;
  /** The subscription's tier. */
  tier: SubscriptionTier;
  /** The subscriber. */
  user_id: string;
  /** The subscriber's display name. */
  user_name: string;
  /** The subscriber's login name. */
  user_login: string;
}

/** The fields beside `data` in each page of `broadcasterSubscriptions`. */
export interface BroadcasterSubscriptionsExtra {
  /** The broadcaster's subscriber points (Tier 1: 1, Tier 2: 2, Tier 3: 6); null when `user_id` was given. */
  points: number | null;
  /** The number of users who subscribe to the broadcaster; null when `user_id` was given. */
  total: number | null;
}

/** A user's subscription to a broadcaster, from `checkUserSubscription`. */
export interface UserSubscription {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** The gifter: present only when `is_gift` is true. */
  gifter_id?: string;
  /** The gifter's login name: present only when `is_gift` is true. */
  gifter_login?: string;
  /** The gifter's display name: present only when `is_gift` is true. */
  gifter_name?: string;
  /** The subscription was gifted. */
  is_gift: boolean;
  /** The subscription's tier. */
  tier: SubscriptionTier;
}
