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
  /** The type of goal. */
  type: ChannelGoalType;
  /** The goal's description, if the broadcaster gave one (at most 40 characters). */
  description: string;
  /** The goal's current value; how it moves depends on `type`. */
  current_amount: number;
  /** The goal's target value. */
  target_amount: number;
  /** When the broadcaster created the goal (RFC 3339, UTC). */
  started_at: string;
}

/** `channel.goal.begin`: a creator goal started; may arrive after first progress events. */
export type ChannelGoalBeginEvent = ChannelGoalFields;

/** `channel.goal.progress`: a goal moved forward or backward. */
export type ChannelGoalProgressEvent = ChannelGoalFields;

/** `channel.goal.end`: a goal ended. */
export interface ChannelGoalEndEvent extends ChannelGoalFields {
  /** Whether the broadcaster achieved the goal. */
  is_achieved: boolean;
  /** When the broadcaster ended the goal (RFC 3339, UTC). */
  ended_at: string;
}
