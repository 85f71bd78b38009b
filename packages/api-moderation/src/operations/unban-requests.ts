import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { UnbanRequest, UnbanRequestStatus } from '../types';

/** Parameters of `unbanRequests`. */
export interface UnbanRequestsParams {
  /** The channel whose unban requests are listed. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** Only requests in this state (`pending`, `approved`, `denied`...). */
  status: UnbanRequestStatus;
  /** Only the requests of this user. */
  user_id?: string;
  /** Page size, 1 to 100. */
  first?: number;
  /** Cursor of the page after. */
  after?: string;
}

/** The declaration of `moderation.unbanRequests`: GET /moderation/unban_requests. */
export const unbanRequestsOperation = /* @__PURE__ */ defineOperation<UnbanRequestsParams, UnbanRequest>({
  name: 'moderation.unbanRequests',
  method: 'GET',
  path: '/moderation/unban_requests',
  token: 'user',
  scopes: ['moderator:read:unban_requests', 'moderator:manage:unban_requests'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    status: { type: 'string', in: 'query', required: true },
    user_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists a channel's unban requests in one state, as a paginator: await it for the first page,
 * or iterate every request.
 *
 * Token: user; scope `moderator:read:unban_requests` or `moderator:manage:unban_requests`.
 * Limits: `first` 1 to 100, as for every moderation list (the platform's reference states no
 * maximum for this one).
 *
 * @platformName Get Unban Requests
 * @throws PlatformError when `broadcaster_id` or `status` is missing or `first` is out of range, before anything is sent.
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses a page (400: unknown status; 403: not a moderator).
 * @example
 * const pending = await unbanRequests(client, { broadcaster_id: '1234', status: 'pending' }).all();
 */
export function unbanRequests(client: ClientHandle, params: UnbanRequestsParams, options?: RequestOptions): Paginator<UnbanRequest, OperationPage<UnbanRequest>> {
  return paginateOperation(client, unbanRequestsOperation, params, options);
}
