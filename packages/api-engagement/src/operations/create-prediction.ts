import { callOperation, defineOperation, firstResult, numberParam, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { titledItemsParam } from '../rules';
import type { Prediction } from '../types';

/** Parameters of `createPrediction`. */
export interface CreatePredictionParams {
  /** The broadcaster running the prediction; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The question, 1 to 45 characters. */
  title: string;
  /** The possible outcomes, 2 to 10, each title 1 to 25 characters. */
  outcomes: {
    /** The outcome's title, 1 to 25 characters. */
    title: string;
  }[];
  /** How long viewers may predict, 30 to 1800 whole seconds. */
  prediction_window: number;
}

/** Declaration of `predictions.createPrediction`: POST /predictions, user token, channel:manage:predictions; a JSON body. */
export const createPredictionOperation = /* @__PURE__ */ defineOperation<CreatePredictionParams, Prediction>({
  name: 'predictions.createPrediction',
  method: 'POST',
  path: '/predictions',
  token: 'user',
  scopes: ['channel:manage:predictions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'body' },
    title: { type: stringParam, in: 'body', required: true, minLength: 1, maxLength: 45 },
    outcomes: { type: titledItemsParam(25), in: 'body', required: true, minLength: 2, maxLength: 10 },
    prediction_window: { type: numberParam, in: 'body', required: true, integer: true, min: 30, max: 1800 },
  },
  result: firstResult,
});

/**
 * Starts a Channel Points prediction; it runs at once. A channel runs one prediction at a time.
 * Resolves with the prediction, whose outcomes now have IDs (needed to resolve it).
 *
 * Token: user (the broadcaster's); channel:manage:predictions.
 * Limits: `title` 1 to 45 characters; `outcomes` 2 to 10, each title 1 to 25 characters;
 * `prediction_window` 30 to 1800 seconds, whole.
 *
 * @platformName Create Prediction
 * @throws PlatformError when a limit is broken or `title`, `outcomes` or `prediction_window` is missing (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 when a prediction is already
 * running or an outcome fails AutoMod).
 * @example
 * const prediction = await createPrediction(client, { title: 'Will I win?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 120 });
 */
export function createPrediction(client: ClientHandle, params: CreatePredictionParams, options?: RequestOptions): Promise<Prediction> {
  return callOperation(client, createPredictionOperation, params, options);
}
