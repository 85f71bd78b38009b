import type { BroadcasterFields } from './common';

/** The kind of a Hype Train. */
export type HypeTrainType = 'regular' | 'treasure' | 'golden_kappa';

/** One of the top contributions to a Hype Train. */
export interface HypeTrainContribution {
  /** The ID of the user who made the contribution. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
  /** How the user contributed: Bits, subscriptions (subscribing or gifting), or other ways. */
  type: 'bits' | 'subscription' | 'other';
  /** Bits, or points for subscriptions (tier 1 is 500). */
  total: number;
}

/** A channel taking part in a shared Hype Train. */
export interface HypeTrainParticipant {
  /** The ID of the broadcaster taking part in the shared Hype Train. */
  broadcaster_user_id: string;
  /** The login of the broadcaster taking part in the shared Hype Train. */
  broadcaster_user_login: string;
  /** The display name of the broadcaster taking part in the shared Hype Train. */
  broadcaster_user_name: string;
}

/** The fields every Hype Train event has (v2). */
export interface HypeTrainFields extends BroadcasterFields {
  /** The Hype Train ID. */
  id: string;
  /** The type of the Hype Train. */
  type: HypeTrainType;
  /** The current level of the Hype Train. */
  level: number;
  /** All points contributed so far. */
  total: number;
  /** The contributors with the most points contributed. */
  top_contributions: HypeTrainContribution[];
  /** Whether the Hype Train is shared with other channels (`shared_train_participants` lists them). */
  is_shared_train: boolean;
  /** The channels of a shared train; null when the train is not shared. */
  shared_train_participants: HypeTrainParticipant[] | null;
  /** When the Hype Train started. */
  started_at: string;
}

/** `channel.hype_train.progress` v2: a contribution moved the train forward. */
export interface ChannelHypeTrainProgressEvent extends HypeTrainFields {
  /** Points contributed at the current level. */
  progress: number;
  /** Points needed to reach the next level. */
  goal: number;
  /** When the Hype Train expires; reaching a new level extends it. */
  expires_at: string;
}

/** `channel.hype_train.begin` v2: Hype Train started; earlier progress events may arrive first. */
export interface ChannelHypeTrainBeginEvent extends ChannelHypeTrainProgressEvent {
  /** The highest level this type of Hype Train has reached in the channel. */
  all_time_high_level: number;
  /** The highest total this type of Hype Train has reached in the channel. */
  all_time_high_total: number;
}

/** `channel.hype_train.end` v2: Hype Train ended. */
export interface ChannelHypeTrainEndEvent extends HypeTrainFields {
  /** When the Hype Train ended. */
  ended_at: string;
  /** When a new train may start. */
  cooldown_ends_at: string;
}
