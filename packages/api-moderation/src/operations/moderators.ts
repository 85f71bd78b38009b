import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { ChannelModerator } from '../types';

/** Parameters of `moderators`. */
export interface ModeratorsParams {
  /** The channel; defaults to the user whose token is used (and must be that user). */
  broadcaster_id?: string;
  /** Only these users; a list longer than 100 is split into requests of 100, walked in order. */
  user_id?: string | string[];
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** Cursor of the page after. */
  after?: string;
}

/** The declaration of `moderation.moderators`: GET /moderation/moderators, `user_id` repeated in the query. */
export const moderatorsOperation = /* @__PURE__ */ defineOperation<ModeratorsParams, ChannelModerator>({
  name: 'moderation.moderators',
  method: 'GET',
  path: '/moderation/moderators',
  token: 'user',
  scopes: ['moderation:read', 'channel:manage:moderators'],
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
 * Lists a channel's moderators, as a paginator; with `user_id`, only those of the given users
 * who are moderators.
 *
 * Token: user; scope `moderation:read` or `channel:manage:moderators`.
 * Limits: `first` 1 to 100; `user_id` up to 100 IDs per request (longer lists are split).
 *
 * @platformName Get Moderators
 * @throws PlatformError when `first` is out of range or `user_id` is not a list of IDs, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page.
 * @example
 * const mods = await moderators(client).all();
 */
export function moderators(client: ClientHandle, params: ModeratorsParams = {}, options?: RequestOptions): Paginator<ChannelModerator, OperationPage<ChannelModerator>> {
  return paginateOperation(client, moderatorsOperation, params, options);
}
