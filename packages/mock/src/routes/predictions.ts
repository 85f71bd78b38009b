import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import {
  asTokenUser,
  choiceField,
  Deadlines,
  iso,
  ok,
  page,
  repeated,
  requireLength,
  requireTokenUser,
  userFields,
  wholeNumber,
  type HelixContext,
  type RouteRow,
} from '../helix';

/*
 * The predictions group (Get Predictions, Create Prediction, End Prediction), written from the
 * platform's reference. A prediction begins when it is created (`channel.prediction.begin`), takes
 * bets through `mock.predictions.bet()` (`channel.prediction.progress`), locks by End Prediction
 * with LOCKED or when its window has passed on the mock's clock (`channel.prediction.lock`), and
 * ends resolved with a winning outcome or canceled (`channel.prediction.end`). A prediction still
 * unresolved 24 hours after its window closed is canceled by the platform. One prediction runs at
 * a time per channel.
 */

/** A prediction's status. */
export type PredictionStatus = 'ACTIVE' | 'LOCKED' | 'RESOLVED' | 'CANCELED';

/** A viewer's bet on an outcome. */
export interface PredictorRecord {
  /** The viewer's user ID. */
  user_id: string;
  /** The Channel Points the viewer staked. */
  channel_points_used: number;
  /** Null until the prediction ends; then the winnings (0 for a losing outcome or a refund). */
  channel_points_won: number | null;
}

/** One outcome of a prediction, with its bets. */
export interface PredictionOutcomeRecord {
  /** The outcome's ID. */
  id: string;
  /** The outcome's title. */
  title: string;
  /** BLUE and PINK for two outcomes; BLUE for every outcome of more. */
  color: 'BLUE' | 'PINK';
  /** Every bet on the outcome, in the order the viewers first bet. */
  predictors: PredictorRecord[];
}

/** A prediction as the mock keeps it. */
export interface PredictionRecord {
  /** The prediction's ID. */
  id: string;
  /** The channel running the prediction. */
  broadcaster_id: string;
  /** The question the prediction asks. */
  title: string;
  /** The outcomes viewers can bet on. */
  outcomes: PredictionOutcomeRecord[];
  /** Seconds of betting. */
  prediction_window: number;
  /** Where the prediction stands. */
  status: PredictionStatus;
  /** The outcome that won; null until resolved. */
  winning_outcome_id: string | null;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms: when betting closed; null when it never locked. */
  locked_at: number | null;
  /** Epoch ms: when it was resolved or canceled; null before. */
  ended_at: number | null;
}

/** A bet placed with `mock.predictions.bet()`. */
export interface PredictionBet {
  /** The ID of the viewer betting. */
  user_id: string;
  /** The outcome bet on. */
  outcome_id: string;
  /** Channel Points staked, a whole number from 1; added to the viewer's earlier bet on the same outcome. */
  channel_points: number;
}

/** What tests can do with predictions that no API call does. */
export interface PredictionsControl {
  /**
   * A viewer bets on an outcome of the channel's active prediction (a viewer bets on one outcome
   * only; more points on it add up). Raises `channel.prediction.progress`. Returns the prediction.
   * Throws when no prediction takes bets (none, or locked), for an unknown user or outcome, and
   * for a bet on a second outcome.
   */
  bet(broadcasterId: string, bet: PredictionBet): Readonly<PredictionRecord>;
  /** The channel's running prediction (ACTIVE or LOCKED); undefined when none. */
  running(broadcasterId: string): Readonly<PredictionRecord> | undefined;
  /** A prediction by ID; undefined when unknown. */
  get(predictionId: string): Readonly<PredictionRecord> | undefined;
  /** Locks predictions whose window has passed and cancels those left unresolved for 24 hours; returns how many changed. */
  settle(): number;
}

const PREDICTION_PAGE = { defaultFirst: 20, maxFirst: 25 };
const MAX_PREDICTION_IDS = 25;
const TITLE = { min: 1, max: 45 };
const OUTCOME_TITLE = { min: 1, max: 25 };
const MIN_OUTCOMES = 2;
const MAX_OUTCOMES = 10;
const MIN_WINDOW = 30;
const MAX_WINDOW = 1800;
/** The broadcaster has 24 hours after the window closes to resolve; then the platform cancels. */
const RESOLVE_GRACE_MS = 24 * 3600 * 1000;
/** Top predictors: up to 10 per outcome. */
const MAX_TOP_PREDICTORS = 10;

/** What the predictions group keeps, the helpers its routes share, and its controls' logic. */
export class PredictionsState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'predictions', fields: ['predictions'] } as const;
  /** Every prediction, in creation order. */
  readonly predictions = new Map<string, PredictionRecord>();
  readonly deadlines: Deadlines;

  constructor(readonly context: HelixContext) {
    this.deadlines = new Deadlines(context.now);
  }

  /** The channel's prediction that is ACTIVE or LOCKED. */
  runningOf(broadcasterId: string): PredictionRecord | undefined {
    return [...this.predictions.values()].find((each) => each.broadcaster_id === broadcasterId && (each.status === 'ACTIVE' || each.status === 'LOCKED'));
  }

  windowEnd(prediction: PredictionRecord): number {
    return prediction.created_at + prediction.prediction_window * 1000;
  }

  points(outcome: PredictionOutcomeRecord): number {
    return outcome.predictors.reduce((sum, each) => sum + each.channel_points_used, 0);
  }

  /**
   * An outcome's top predictors. Get Predictions writes `channel_points_won` as an integer (0 until
   * points are paid out); the events (`form` 'event') write null until the prediction ends.
   */
  top(outcome: PredictionOutcomeRecord, form: 'helix' | 'event'): Record<string, unknown>[] {
    return [...outcome.predictors]
      .sort((a, b) => b.channel_points_used - a.channel_points_used)
      .slice(0, MAX_TOP_PREDICTORS)
      .map((each) => ({
        ...userFields(this.context, each.user_id, 'user'),
        channel_points_used: each.channel_points_used,
        channel_points_won: form === 'helix' ? (each.channel_points_won ?? 0) : each.channel_points_won,
      }));
  }

  /** A prediction as Get Predictions, Create Prediction and End Prediction answer it. */
  body(prediction: PredictionRecord): Record<string, unknown> {
    return {
      id: prediction.id,
      ...userFields(this.context, prediction.broadcaster_id, 'broadcaster'),
      title: prediction.title,
      winning_outcome_id: prediction.winning_outcome_id,
      outcomes: prediction.outcomes.map((outcome) => {
        const predictors = this.top(outcome, 'helix');
        return { id: outcome.id, title: outcome.title, users: outcome.predictors.length, channel_points: this.points(outcome), top_predictors: predictors.length > 0 ? predictors : null, color: outcome.color };
      }),
      prediction_window: prediction.prediction_window,
      status: prediction.status,
      created_at: iso(prediction.created_at),
      ended_at: prediction.ended_at === null ? null : iso(prediction.ended_at),
      // Kept once betting closed, as the reference's example of a resolved prediction shows.
      locked_at: prediction.locked_at === null ? null : iso(prediction.locked_at),
    };
  }

  raise(type: 'begin' | 'progress' | 'lock' | 'end', prediction: PredictionRecord): void {
    const event: Record<string, unknown> = {
      id: prediction.id,
      ...userFields(this.context, prediction.broadcaster_id, 'broadcaster_user'),
      title: prediction.title,
    };
    if (type === 'end') event.winning_outcome_id = prediction.winning_outcome_id;
    event.outcomes = prediction.outcomes.map((outcome) => {
      const color = outcome.color.toLowerCase();
      if (type === 'begin') return { id: outcome.id, title: outcome.title, color };
      return { id: outcome.id, title: outcome.title, color, users: outcome.predictors.length, channel_points: this.points(outcome), top_predictors: this.top(outcome, 'event') };
    });
    if (type === 'end') event.status = prediction.status.toLowerCase();
    event.started_at = iso(prediction.created_at);
    if (type === 'begin' || type === 'progress') event.locks_at = iso(this.windowEnd(prediction));
    if (type === 'lock') event.locked_at = iso(prediction.locked_at!);
    if (type === 'end') event.ended_at = iso(prediction.ended_at!);
    this.context.events.raise({ type: `channel.prediction.${type}`, version: '1', event, condition: { broadcaster_user_id: prediction.broadcaster_id } });
  }

  /** Starts a prediction: it takes bets until its window has passed (LOCKED) or End Prediction. */
  begin(prediction: PredictionRecord): void {
    this.predictions.set(prediction.id, prediction);
    this.#armLock(prediction);
    this.raise('begin', prediction);
  }

  /** The lock of an active prediction when its window has passed on the mock's clock. */
  #armLock(prediction: PredictionRecord): void {
    this.deadlines.set(`${prediction.id}:lock`, this.windowEnd(prediction), () => this.lock(prediction, this.windowEnd(prediction)));
  }

  /** The platform's cancel of a locked prediction left unresolved 24 hours after its window closed. */
  #armCancel(prediction: PredictionRecord): void {
    const cancelAt = this.windowEnd(prediction) + RESOLVE_GRACE_MS;
    this.deadlines.set(`${prediction.id}:cancel`, cancelAt, () => this.finish(prediction, 'CANCELED', undefined, cancelAt));
  }

  /** After a restore: active predictions lock, and locked ones are canceled, on the clock again. */
  restored(): void {
    this.deadlines.clearAll();
    for (const prediction of this.predictions.values()) {
      if (prediction.status === 'ACTIVE') this.#armLock(prediction);
      else if (prediction.status === 'LOCKED') this.#armCancel(prediction);
    }
  }

  lock(prediction: PredictionRecord, at: number): void {
    this.deadlines.clear(`${prediction.id}:lock`);
    prediction.status = 'LOCKED';
    prediction.locked_at = at;
    this.#armCancel(prediction);
    this.raise('lock', prediction);
  }

  finish(prediction: PredictionRecord, status: 'RESOLVED' | 'CANCELED', winner: PredictionOutcomeRecord | undefined, at: number): void {
    this.deadlines.clear(`${prediction.id}:lock`);
    this.deadlines.clear(`${prediction.id}:cancel`);
    prediction.status = status;
    prediction.ended_at = at;
    prediction.winning_outcome_id = winner?.id ?? null;
    // The winners share every point staked, in proportion to their stakes; a refund wins nothing.
    const pool = prediction.outcomes.reduce((sum, outcome) => sum + this.points(outcome), 0);
    const winningPool = winner ? this.points(winner) : 0;
    for (const outcome of prediction.outcomes) {
      for (const predictor of outcome.predictors) {
        predictor.channel_points_won = outcome === winner ? Math.floor((predictor.channel_points_used * pool) / winningPool) : 0;
      }
    }
    this.raise('end', prediction);
  }

  bet(broadcasterId: string, bet: PredictionBet): PredictionRecord {
    this.deadlines.settle();
    const prediction = this.runningOf(broadcasterId);
    if (!prediction || prediction.status !== 'ACTIVE') throw new Error(`User ${broadcasterId} has no prediction that takes bets${prediction ? ' (it is locked)' : ''}.`);
    if (!this.context.state.user(bet.user_id)) throw new Error(`No user ${bet.user_id}: add the user with mock.addUser() first.`);
    const outcome = prediction.outcomes.find((each) => each.id === bet.outcome_id);
    if (!outcome) throw new Error(`The prediction ${prediction.id} has no outcome ${bet.outcome_id}.`);
    if (!Number.isInteger(bet.channel_points) || bet.channel_points < 1) throw new Error(`channel_points must be a whole number of 1 or more, not ${bet.channel_points}.`);
    const elsewhere = prediction.outcomes.find((each) => each !== outcome && each.predictors.some((predictor) => predictor.user_id === bet.user_id));
    if (elsewhere) throw new Error(`User ${bet.user_id} already bet on outcome ${elsewhere.id}; a viewer bets on one outcome only.`);
    const earlier = outcome.predictors.find((predictor) => predictor.user_id === bet.user_id);
    if (earlier) earlier.channel_points_used += bet.channel_points;
    else outcome.predictors.push({ user_id: bet.user_id, channel_points_used: bet.channel_points, channel_points_won: null });
    this.raise('progress', prediction);
    return structuredClone(prediction);
  }

  running(broadcasterId: string): PredictionRecord | undefined {
    this.deadlines.settle();
    const prediction = this.runningOf(broadcasterId);
    return prediction && structuredClone(prediction);
  }

  get(predictionId: string): PredictionRecord | undefined {
    this.deadlines.settle();
    const prediction = this.predictions.get(predictionId);
    return prediction && structuredClone(prediction);
  }
}

/** The predictions routes: Get Predictions, Create Prediction, End Prediction. */
export const predictionsRoutes: readonly RouteRow<PredictionsState>[] = [
  {
    method: 'GET',
    path: '/predictions',
    token: 'user',
    scopes: ['channel:read:predictions', 'channel:manage:predictions'],
    query: ['broadcaster_id'],
    handle: asTokenUser<PredictionsState>('broadcaster_id', ({ request, userId }, predictions) => {
      predictions.deadlines.settle();
      const ids = new Set(repeated(request, 'id', MAX_PREDICTION_IDS));
      // Newest first; IDs of other channels' predictions are ignored.
      const listed = [...predictions.predictions.values()]
        .filter((each) => each.broadcaster_id === userId && (ids.size === 0 || ids.has(each.id)))
        .reverse()
        .sort((a, b) => b.created_at - a.created_at);
      const { data, pagination } = page(request, listed, PREDICTION_PAGE);
      return ok(data.map((each) => predictions.body(each)), { pagination });
    }),
  },
  {
    method: 'POST',
    path: '/predictions',
    token: 'user',
    scopes: ['channel:manage:predictions'],
    body: ['broadcaster_id', 'title', 'outcomes', 'prediction_window'],
    handle: ({ request, token, context }, predictions) => {
      const body = request.body as Record<string, unknown>;
      const broadcasterId = String(body.broadcaster_id);
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      if (typeof body.title !== 'string') throw new HttpError(400, 'The field "title" must be a string');
      const title = requireLength(body.title, 'title', TITLE);
      if (!Array.isArray(body.outcomes) || body.outcomes.length < MIN_OUTCOMES || body.outcomes.length > MAX_OUTCOMES) {
        throw new HttpError(400, `The prediction must have from ${MIN_OUTCOMES} to ${MAX_OUTCOMES} outcomes`);
      }
      const outcomeList = body.outcomes as unknown[];
      const outcomes = outcomeList.map((outcome, index): PredictionOutcomeRecord => {
        const outcomeTitle = (outcome as { title?: unknown } | null)?.title;
        if (typeof outcomeTitle !== 'string') throw new HttpError(400, 'Each outcome must have a "title" string');
        const color = outcomeList.length === 2 && index === 1 ? 'PINK' : 'BLUE';
        return { id: context.state.id(), title: requireLength(outcomeTitle, 'outcomes.title', OUTCOME_TITLE), color, predictors: [] };
      });
      const window = wholeNumber(body.prediction_window, 'prediction_window', MIN_WINDOW, MAX_WINDOW);
      predictions.deadlines.settle();
      if (predictions.runningOf(broadcasterId)) {
        throw new HttpError(400, "The broadcaster already has a prediction that's running; you may not create another prediction until the current prediction is resolved or canceled.");
      }
      const prediction: PredictionRecord = {
        id: context.state.id(),
        broadcaster_id: broadcasterId,
        title,
        outcomes,
        prediction_window: window,
        status: 'ACTIVE',
        winning_outcome_id: null,
        created_at: context.now(),
        locked_at: null,
        ended_at: null,
      };
      predictions.begin(prediction);
      return ok([predictions.body(prediction)]);
    },
  },
  {
    method: 'PATCH',
    path: '/predictions',
    token: 'user',
    scopes: ['channel:manage:predictions'],
    body: ['broadcaster_id', 'id', 'status'],
    handle: ({ request, token, context }, predictions) => {
      const body = request.body as Record<string, unknown>;
      const broadcasterId = String(body.broadcaster_id);
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      const status = choiceField(body.status, 'status', ['RESOLVED', 'CANCELED', 'LOCKED'] as const);
      const winnerId = body.winning_outcome_id;
      if (status === 'RESOLVED' && (winnerId === undefined || winnerId === null || winnerId === '')) {
        throw new HttpError(400, 'The winning_outcome_id field is required if status is RESOLVED.');
      }
      predictions.deadlines.settle();
      const prediction = predictions.predictions.get(String(body.id));
      if (!prediction || prediction.broadcaster_id !== broadcasterId) throw new HttpError(404, 'The prediction in the id field was not found.');
      if (status === 'LOCKED') {
        if (prediction.status !== 'ACTIVE') throw new HttpError(400, "To update the prediction's status to LOCKED, its current status must be ACTIVE.");
        predictions.lock(prediction, context.now());
        return ok([predictions.body(prediction)]);
      }
      if (prediction.status !== 'ACTIVE' && prediction.status !== 'LOCKED') {
        throw new HttpError(400, "To update the prediction's status to RESOLVED or CANCELED, its current status must be ACTIVE or LOCKED.");
      }
      let winner: PredictionOutcomeRecord | undefined;
      if (status === 'RESOLVED') {
        winner = prediction.outcomes.find((outcome) => outcome.id === String(winnerId));
        if (!winner) throw new HttpError(404, 'The outcome in the winning_outcome_id field was not found.');
      }
      predictions.finish(prediction, status, winner, context.now());
      return ok([predictions.body(prediction)]);
    },
  },
];

/** The predictions controls: `mock.predictions.*` and `/mock/predictions.*`. */
export const predictionsControls: ControlTable<PredictionsState, PredictionsControl> = {
  bet: {
    params: ['broadcasterId: string', '...bet: PredictionBet { user_id, outcome_id, channel_points }'],
    does: "A viewer bets Channel Points on an outcome of the channel's active prediction; returns the prediction.",
    run: (predictions, broadcasterId, bet) => predictions.bet(broadcasterId, bet),
  },
  running: {
    params: ['broadcasterId: string'],
    does: "The channel's running prediction (ACTIVE or LOCKED); null when none.",
    reads: true,
    run: (predictions, broadcasterId) => predictions.running(broadcasterId),
  },
  get: {
    params: ['predictionId: string'],
    does: 'A prediction by ID; null when unknown.',
    reads: true,
    run: (predictions, predictionId) => predictions.get(predictionId),
  },
  settle: {
    params: [],
    does: 'Locks predictions whose window has passed and cancels those left unresolved for 24 hours; returns how many changed.',
    run: (predictions) => predictions.deadlines.settle(),
  },
};
