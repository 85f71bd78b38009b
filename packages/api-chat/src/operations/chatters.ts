import { defineOperation, numberParam, pageResult, paginateOperation, type ClientHandle, type OperationPage, type Paginator, type RequestOptions } from '@platform/core';
import type { Chatter } from '../types';

/** Parameters of `chatters`. */
export interface ChattersParams {
  /** The channel whose chat is listed. */
  broadcaster_id: string;
  /** The broadcaster or one of their moderators; defaults to the user whose token is used. */
  moderator_id?: string;
  /** Page size, 1 to 1000; the platform's default is 100. */
  first?: number;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `chat.chatters`: GET /chat/chatters, either token, moderator:read:chatters. */
export const chattersOperation = /* @__PURE__ */ defineOperation<ChattersParams, Chatter>({
  name: 'chat.chatters',
  method: 'GET',
  path: '/chat/chatters',
  token: 'either',
  scopes: ['moderator:read:chatters'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 1000, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the users in a channel's chat; the list refreshes with a delay.
 *
 * Token: app or user; moderator:read:chatters. The app token works too, with `moderator_id` set to
 * the broadcaster or a moderator who granted the app moderator:read:chatters.
 * Limits: `first` 1 to 1000. The paginator's `total()` is the platform's count.
 *
 * @platformName Get Chatters
 * @throws PlatformError when `first` is outside 1 to 1000 or `broadcaster_id` is missing (nothing is sent).
 * @throws PlatformAuthError when no token fits the call; PlatformScopeError when the user's token lacks the scope.
 * @throws PlatformApiError when the platform refuses the call (403 when the caller is not a moderator).
 * @example
 * for await (const chatter of chatters(client, { broadcaster_id: '1234' })) console.log(chatter.user_login);
 */
export function chatters(client: ClientHandle, params: ChattersParams, options?: RequestOptions): Paginator<Chatter, OperationPage<Chatter>> {
  return paginateOperation(client, chattersOperation, params, options);
}
