import type { BroadcasterFields } from './common';

/** A prediction outcome when the prediction starts. */
export interface PredictionOutcome {
  id: string;
  title: string;
  color: 'blue' | 'pink';
}

/** A viewer among the top predictors of an outcome. */
export interface PredictionPredictor {
  user_id: string;
  user_login: string;
  user_name: string;
  /** Null until the prediction is resolved (and for predictors of a losing outcome it is 0). */
  channel_points_won: number | null;
  channel_points_used: number;
}

/** A prediction outcome with its predictors. */
export interface PredictionOutcomeResult extends PredictionOutcome {
  /** The number of viewers who chose it. */
  users: number;
  channel_points: number;
  /** Up to 10 predictors. */
  top_predictors: PredictionPredictor[];
}

/** The fields every prediction event has. */
export interface PredictionFields extends BroadcasterFields {
  /** The prediction ID. */
  id: string;
  title: string;
  started_at: string;
}

/** `channel.prediction.begin`: prediction started. */
export interface ChannelPredictionBeginEvent extends PredictionFields {
  outcomes: PredictionOutcome[];
  locks_at: string;
}

/** `channel.prediction.progress`: bets placed. */
export interface ChannelPredictionProgressEvent extends PredictionFields {
  outcomes: PredictionOutcomeResult[];
  locks_at: string;
}

/** `channel.prediction.lock`: betting closed. */
export interface ChannelPredictionLockEvent extends PredictionFields {
  outcomes: PredictionOutcomeResult[];
  locked_at: string;
}

/** `channel.prediction.end`: prediction ended (resolved or canceled). */
export interface ChannelPredictionEndEvent extends PredictionFields {
  /** Null when the prediction was canceled. */
  winning_outcome_id: string | null;
  outcomes: PredictionOutcomeResult[];
  status: 'resolved' | 'canceled';
  ended_at: string;
}
