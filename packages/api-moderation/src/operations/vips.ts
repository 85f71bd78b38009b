import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { ChannelVip } from '../types';

/** Parameters of `vips`. */
export interface VipsParams {
  /** The channel; defaults to the user whose token is used (and must be that user). */
  broadcaster_id?: string;
  /** Only these users; a list longer than 100 is split into requests of 100, walked in order. */
  user_id?: string | string[];
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** Cursor of the page after. */
  after?: string;
}

/** The declaration of `moderation.vips`: GET /channels/vips, `user_id` repeated in the query. */
export const vipsOperation = /* @__PURE__ */ defineOperation<VipsParams, ChannelVip>({
  name: 'moderation.vips',
  method: 'GET',
  path: '/channels/vips',
  token: 'user',
  scopes: ['channel:read:vips', 'channel:manage:vips'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    user_id: { type: idsParam, in: 'query', chunk: 100 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists a channel's VIPs, as a paginator; with `user_id`, only those of the given users who are
 * VIPs.
 *
 * Token: user; scope `channel:read:vips` or `channel:manage:vips`.
 * Limits: `first` 1 to 100; `user_id` up to 100 IDs per request (longer lists are split).
 *
 * @platformName Get VIPs
 * @throws PlatformError when `first` is out of range or `user_id` is not a list of IDs, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const isVip = (await vips(client, { user_id: '5678' })).data.length > 0;
 */
export function vips(client: ClientHandle, params: VipsParams = {}, options?: RequestOptions): Paginator<ChannelVip, OperationPage<ChannelVip>> {
  return paginateOperation(client, vipsOperation, params, options);
}
