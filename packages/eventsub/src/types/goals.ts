import type { BroadcasterFields } from './common';

/** What a creator goal counts. */
export type ChannelGoalType =
  | 'follow'
  | 'subscription'
  | 'subscription_count'
  | 'new_subscription'
  | 'new_subscription_count'
  | 'new_bit'
  | 'new_cheerer';

/** The fields every goal event has. */
export interface ChannelGoalFields extends BroadcasterFields {
  /** The goal ID. */
  id: string;
  type: ChannelGoalType;
  description: string;
  current_amount: number;
  target_amount: number;
  started_at: string;
}

/** `channel.goal.begin`: a creator goal started; may arrive after first progress events. */
export type ChannelGoalBeginEvent = ChannelGoalFields;

/** `channel.goal.progress`: a goal moved forward or backward. */
export type ChannelGoalProgressEvent = ChannelGoalFields;

/** `channel.goal.end`: a goal ended. */
export interface ChannelGoalEndEvent extends ChannelGoalFields {
  is_achieved: boolean;
  ended_at: string;
}
