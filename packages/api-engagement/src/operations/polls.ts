import { defineOperation, idsParam, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { Poll } from '../types';

/** Parameters of `polls`; every field is optional. */
export interface PollsParams {
  /** The broadcaster whose polls are listed; defaults to the user whose token is used, which the platform requires it to be. */
  broadcaster_id?: string;
  /** Only these polls, in the order given; a list longer than 20 is split into requests of 20, walked in order. */
  id?: string | string[];
  /** Page size, 1 to 20 (the platform's default is 20). */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `polls.polls`: GET /polls, user token, channel:read:polls or channel:manage:polls. */
export const pollsOperation = /* @__PURE__ */ defineOperation<PollsParams, Poll>({
  name: 'polls.polls',
  method: 'GET',
  path: '/polls',
  token: 'user',
  scopes: ['channel:read:polls', 'channel:manage:polls'],
  actingUser: 'broadcaster_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query' },
    id: { type: idsParam, in: 'query', chunk: 20 },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 20 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the broadcaster's polls of the last 90 days, newest first (with `id`: in the order
 * given), as a paginator: await it for the first page, or iterate every poll.
 *
 * Token: user (the broadcaster's); channel:read:polls or channel:manage:polls.
 * Limits: `first` 1 to 20; `id` any number (split into requests of 20 and joined in order).
 *
 * @platformName Get Polls
 * @throws PlatformError when a limit is broken (nothing is sent).
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks both scopes.
 * @throws PlatformApiError when the platform refuses a page (404 when none of the IDs in `id` exists).
 * @example
 * const { data: [latest] } = await polls(client, { first: 1 });
 */
export function polls(client: ClientHandle, params?: PollsParams, options?: RequestOptions): Paginator<Poll, OperationPage<Poll>> {
  return paginateOperation(client, pollsOperation, params, options);
}
