import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { Prediction } from '../types';

/** Parameters of `predictions`; every field is optional. */
export interface PredictionsParams {
  /** The broadcaster whose predictions are listed; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** Only these predictions; a list longer than 25 is split into requests of 25, walked in order. */
  id?: string | string[];
  /** Page size, 1 to 25 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `predictions.predictions`: GET /predictions, user token, channel:read:predictions or channel:manage:predictions. */
export const predictionsOperation = /* @__PURE__ */ defineOperation<PredictionsParams, Prediction>({
  name: 'predictions.predictions',
  method: 'GET',
  path: '/predictions',
  token: 'user',
  scopes: ['channel:read:predictions', 'channel:manage:predictions'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: idsParam, in: 'query', chunk: 25 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 25 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the broadcaster's Channel Points predictions, most recent first, as a paginator: await it
 * for the first page, or iterate every prediction.
 *
 * Token: user (the broadcaster's); channel:read:predictions or channel:manage:predictions.
 * Limits: `first` 1 to 25; `id` any number (split into requests of 25 and joined in order).
 *
 * @platformName Get Predictions
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks both scopes.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const { data: [current] } = await predictions(client, { first: 1 });
 */
export function predictions(client: ClientHandle, params?: PredictionsParams, options?: RequestOptions): Paginator<Prediction, OperationPage<Prediction>> {
  return paginateOperation(client, predictionsOperation, params, options);
}
