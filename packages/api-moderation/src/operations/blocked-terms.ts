import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { BlockedTerm } from '../types';

/** Parameters of `blockedTerms`. */
export interface BlockedTermsParams {
  /** The channel whose blocked terms are listed. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** Page size, 1 to 100 (the platform's default is 20). */
  first?: number;
  /** Cursor of the page after. */
  after?: string;
}

/** The declaration of `moderation.blockedTerms`: GET /moderation/blocked_terms. */
export const blockedTermsOperation = /* @__PURE__ */ defineOperation<BlockedTermsParams, BlockedTerm>({
  name: 'moderation.blockedTerms',
  method: 'GET',
  path: '/moderation/blocked_terms',
  token: 'either',
  scopes: ['moderator:read:blocked_terms', 'moderator:manage:blocked_terms'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', integer: true, min: 1, max: 100 },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the terms a channel blocks, newest first, private terms excluded, as a paginator.
 *
 * Token: app or user; scope `moderator:read:blocked_terms` or `moderator:manage:blocked_terms`.
 * The app token works too, with `moderator_id` set to a moderator who granted the app one of them.
 * Limits: `first` 1 to 100.
 *
 * @platformName Get Blocked Terms
 * @throws PlatformError when `broadcaster_id` is missing or `first` is out of range, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses a page (403: not a moderator).
 * @example
 * const terms = await blockedTerms(client, { broadcaster_id: '1234' }).all();
 */
export function blockedTerms(client: ClientHandle, params: BlockedTermsParams, options?: RequestOptions): Paginator<BlockedTerm, OperationPage<BlockedTerm>> {
  return paginateOperation(client, blockedTermsOperation, params, options);
}
