import type { BroadcasterFields } from './common';

/** The kind of a Hype Train. */
export type HypeTrainType = 'regular' | 'treasure' | 'golden_kappa';

/** One of the top contributions to a Hype Train. */
export interface HypeTrainContribution {
  user_id: string;
  user_login: string;
  user_name: string;
  type: 'bits' | 'subscription' | 'other';
  /** Bits, or points for subscriptions (tier 1 is 500). */
  total: number;
}

/** A channel taking part in a shared Hype Train. */
export interface HypeTrainParticipant {
  broadcaster_user_id: string;
  broadcaster_user_login: string;
  broadcaster_user_name: string;
}

/** The fields every Hype Train event has (v2). */
export interface HypeTrainFields extends BroadcasterFields {
  /** The Hype Train ID. */
  id: string;
  type: HypeTrainType;
  level: number;
  /** All points contributed so far. */
  total: number;
  top_contributions: HypeTrainContribution[];
  is_shared_train: boolean;
  /** The channels of a shared train; null when the train is not shared. */
  shared_train_participants: HypeTrainParticipant[] | null;
  started_at: string;
}

/** `channel.hype_train.progress` v2: a contribution moved the train forward. */
export interface ChannelHypeTrainProgressEvent extends HypeTrainFields {
  /** Points contributed at the current level. */
  progress: number;
  /** Points needed to reach the next level. */
  goal: number;
  expires_at: string;
}

/** `channel.hype_train.begin` v2: Hype Train started; earlier progress events may arrive first. */
export interface ChannelHypeTrainBeginEvent extends ChannelHypeTrainProgressEvent {
  /** The channel's record level. */
  all_time_high_level: number;
  /** The channel's record total. */
  all_time_high_total: number;
}

/** `channel.hype_train.end` v2: Hype Train ended. */
export interface ChannelHypeTrainEndEvent extends HypeTrainFields {
  ended_at: string;
  /** When a new train may start. */
  cooldown_ends_at: string;
}
