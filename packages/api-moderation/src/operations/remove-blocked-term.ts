import { callOperation, defineOperation, voidResult, type ClientHandle, type RequestOptions } from '@platform/core';

/** Parameters of `removeBlockedTerm`. */
export interface RemoveBlockedTermParams {
  /** The channel whose chat is to accept the term again. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** The term's ID. */
  id: string;
}

/** The declaration of `moderation.removeBlockedTerm`: DELETE /moderation/blocked_terms, everything in the query. */
export const removeBlockedTermOperation = /* @__PURE__ */ defineOperation<RemoveBlockedTermParams, void>({
  name: 'moderation.removeBlockedTerm',
  method: 'DELETE',
  path: '/moderation/blocked_terms',
  token: 'either',
  scopes: ['moderator:manage:blocked_terms'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    id: { type: 'string', in: 'query', required: true },
  },
  result: voidResult,
});

/**
 * Unblocks a term. An unknown ID is not an error.
 *
 * Token: app or user; scope `moderator:manage:blocked_terms`. The app token works too, with
 * `moderator_id` set to a moderator who granted the app `moderator:manage:blocked_terms`.
 *
 * @platformName Remove Blocked Term
 * @throws PlatformError when `broadcaster_id` or `id` is missing, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator).
 * @example
 * await removeBlockedTerm(client, { broadcaster_id: '1234', id: term.id });
 */
export function removeBlockedTerm(client: ClientHandle, params: RemoveBlockedTermParams, options?: RequestOptions): Promise<void> {
  return callOperation(client, removeBlockedTermOperation, params, options);
}
