import type { BroadcasterFields } from './common';

/** A prediction outcome when the prediction starts. */
export interface PredictionOutcome {
  /** The outcome ID. */
  id: string;
  /** The outcome title. */
  title: string;
  /** The outcome's color. */
  color: 'blue' | 'pink';
}

/** A viewer among the top predictors of an outcome. */
export interface PredictionPredictor {
  /** The user's ID. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
  /** Null until the prediction is resolved (and for predictors of a losing outcome it is 0). */
  channel_points_won: number | null;
  /** The Channel Points the user spent on the prediction. */
  channel_points_used: number;
}

/** A prediction outcome with its predictors. */
export interface PredictionOutcomeResult extends PredictionOutcome {
  /** The number of viewers who chose it. */
  users: number;
  /** The total Channel Points spent on the outcome. */
  channel_points: number;
  /** Up to 10 predictors. */
  top_predictors: PredictionPredictor[];
}

/** The fields every prediction event has. */
export interface PredictionFields extends BroadcasterFields {
  /** The prediction ID. */
  id: string;
  /** The prediction's title. */
  title: string;
  /** When the prediction started. */
  started_at: string;
}

/** `channel.prediction.begin`: prediction started. */
export interface ChannelPredictionBeginEvent extends PredictionFields {
  /** The prediction's outcomes. */
  outcomes: PredictionOutcome[];
  /** When the prediction will lock by itself. */
  locks_at: string;
}

/** `channel.prediction.progress`: bets placed. */
export interface ChannelPredictionProgressEvent extends PredictionFields {
  /** The prediction's outcomes with their top predictors. */
  outcomes: PredictionOutcomeResult[];
  /** When the prediction will lock by itself. */
  locks_at: string;
}

/** `channel.prediction.lock`: betting closed. */
export interface ChannelPredictionLockEvent extends PredictionFields {
  /** The prediction's outcomes with their top predictors. */
  outcomes: PredictionOutcomeResult[];
  /** When the prediction was locked. */
  locked_at: string;
}

/** `channel.prediction.end`: prediction ended (resolved or canceled). */
export interface ChannelPredictionEndEvent extends PredictionFields {
  /** Null when the prediction was canceled. */
  winning_outcome_id: string | null;
  /** The prediction's outcomes with their top predictors. */
  outcomes: PredictionOutcomeResult[];
  /** How the prediction ended. */
  status: 'resolved' | 'canceled';
  /** When the prediction ended. */
  ended_at: string;
}
