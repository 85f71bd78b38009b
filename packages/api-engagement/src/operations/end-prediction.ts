import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import { ownParams } from '@platform/core/internal';
import { checkNeededWhen } from '../rules';
import type { Prediction } from '../types';

/** Parameters of `endPrediction`. */
export interface EndPredictionParams {
  /** The broadcaster running the prediction; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** The prediction to change. */
  id: string;
  /**
   * `LOCKED`: no more predictions (from ACTIVE); `RESOLVED`: pays out the winners (from ACTIVE or
   * LOCKED; needs `winning_outcome_id`); `CANCELED`: refunds everyone (from ACTIVE or LOCKED).
   */
  status: 'RESOLVED' | 'CANCELED' | 'LOCKED';
  /** The winning outcome; needed when `status` is `RESOLVED`. */
  winning_outcome_id?: string;
}

/** Declaration of `predictions.endPrediction`: PATCH /predictions, user token, channel:manage:predictions; a JSON body. */
export const endPredictionOperation = /* @__PURE__ */ defineOperation<EndPredictionParams, Prediction>({
  name: 'predictions.endPrediction',
  method: 'PATCH',
  path: '/predictions',
  token: 'user',
  scopes: ['channel:manage:predictions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'body' },
    id: { type: 'string', in: 'body', required: true },
    status: { type: stringParam, in: 'body', required: true, oneOf: ['RESOLVED', 'CANCELED', 'LOCKED'] },
    winning_outcome_id: { type: 'string', in: 'body' },
  },
  result: firstResult,
});

/**
 * Locks, resolves or cancels a Channel Points prediction. An ACTIVE prediction may become LOCKED,
 * RESOLVED or CANCELED; a LOCKED one RESOLVED or CANCELED. The broadcaster has 24 hours after the
 * window closes to resolve it; after that the platform cancels it and refunds the points.
 *
 * Token: user (the broadcaster's); channel:manage:predictions.
 * Limits: `status` `RESOLVED`, `CANCELED` or `LOCKED`; `winning_outcome_id` needed with `RESOLVED`.
 *
 * @platformName End Prediction
 * @throws PlatformError when `id` or `status` is missing, `status` is another value, or
 * `RESOLVED` comes without `winning_outcome_id` (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (400 for a change its status does
 * not allow; 404 for an unknown prediction or outcome).
 * @example
 * await endPrediction(client, { id: prediction.id, status: 'RESOLVED', winning_outcome_id: prediction.outcomes[0].id });
 */
export async function endPrediction(client: ClientHandle, params: EndPredictionParams, options?: RequestOptions): Promise<Prediction> {
  params = ownParams(params); // its rules read what is sent
  checkNeededWhen(endPredictionOperation.name, params, 'winning_outcome_id', 'status', 'RESOLVED');
  return await callOperation(client, endPredictionOperation, params, options);
}
