import { callOperation, defineOperation, firstResult, stringParam, type ClientHandle, type RequestOptions } from '@platform/core';
import type { BlockedTerm } from '../types';

/** Parameters of `addBlockedTerm`. */
export interface AddBlockedTermParams {
  /** The channel whose chat is to refuse the term. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** 2 to 500 characters; a `*` at the start or end of a word is a wildcard. */
  text: string;
}

/** The declaration of `moderation.addBlockedTerm`: POST /moderation/blocked_terms, `text` in a flat body. */
export const addBlockedTermOperation = /* @__PURE__ */ defineOperation<AddBlockedTermParams, BlockedTerm>({
  name: 'moderation.addBlockedTerm',
  method: 'POST',
  path: '/moderation/blocked_terms',
  token: 'either',
  scopes: ['moderator:manage:blocked_terms'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    text: { type: stringParam, in: 'body', required: true, minLength: 2, maxLength: 500 },
  },
  result: firstResult,
});

/**
 * Blocks a term in a channel's chat. A term already blocked resolves with the existing entry.
 *
 * Token: app or user; scope `moderator:manage:blocked_terms`. The app token works too, with
 * `moderator_id` set to a moderator who granted the app `moderator:manage:blocked_terms`.
 * Limits: `text` 2 to 500 characters.
 *
 * @platformName Add Blocked Term
 * @throws PlatformError when `broadcaster_id` or `text` is missing or `text` is too short or too long, before anything is sent.
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user token lacks the scope.
 * @throws PlatformApiError when the platform refuses (403: not a moderator).
 * @example
 * const term = await addBlockedTerm(client, { broadcaster_id: '1234', text: 'spoiler*' });
 */
export function addBlockedTerm(client: ClientHandle, params: AddBlockedTermParams, options?: RequestOptions): Promise<BlockedTerm> {
  return callOperation(client, addBlockedTermOperation, params, options);
}
