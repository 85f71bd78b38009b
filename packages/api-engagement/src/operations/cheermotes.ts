import { callOperation, dataResult, defineOperation, type ClientHandle, type RequestOptions } from '@platform/core';
import type { Cheermote } from '../types';

/** Parameters of `cheermotes`; every field is optional. */
export interface CheermotesParams {
  /** Also the Cheermotes this broadcaster uploaded (type `channel_custom`); without it, only the global ones. */
  broadcaster_id?: string;
}

/** Declaration of `bits.cheermotes`: GET /bits/cheermotes, either token, no scope. */
export const cheermotesOperation = /* @__PURE__ */ defineOperation<CheermotesParams, Cheermote[]>({
  name: 'bits.cheermotes',
  method: 'GET',
  path: '/bits/cheermotes',
  token: 'either',
  scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
  },
  result: dataResult,
});

/**
 * Lists the Cheermotes viewers can cheer Bits with, in ascending `order`, each with its tiers and
 * images: the global ones, and with `broadcaster_id` also that channel's own.
 *
 * Token: app or user; no scope.
 *
 * @platformName Get Cheermotes
 * @throws PlatformAuthError when no token fits the call.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const all = await cheermotes(client, { broadcaster_id: '41245072' });
 * const own = all.filter((cheermote) => cheermote.type === 'channel_custom');
 */
export function cheermotes(client: ClientHandle, params?: CheermotesParams, options?: RequestOptions): Promise<Cheermote[]> {
  return callOperation(client, cheermotesOperation, params, options);
}
