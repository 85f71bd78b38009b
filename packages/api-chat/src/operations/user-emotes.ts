import { defineOperation, pageResult, paginateOperation, type ClientHandle, type Paginator, type RequestOptions } from '@platform/core';
import type { ChatUserEmote, ChatUserEmotePage } from '../types';

/** Parameters of `userEmotes`. */
export interface UserEmotesParams {
  /** The user whose emotes are listed; defaults to the user whose token is used, and must be that user. */
  user_id?: string;
  /** Makes sure this broadcaster's follower emotes are included. */
  broadcaster_id?: string;
  /** The cursor to start after. */
  after?: string;
}

/** Declaration of `chat.userEmotes`: GET /chat/emotes/user, user token, user:read:emotes. */
export const userEmotesOperation = /* @__PURE__ */ defineOperation<UserEmotesParams, ChatUserEmote>({
  name: 'chat.userEmotes',
  method: 'GET',
  path: '/chat/emotes/user',
  token: 'user',
  scopes: ['user:read:emotes'],
  actingUser: 'user_id',
  params: {
    user_id: { type: 'string', in: 'query' },
    broadcaster_id: { type: 'string', in: 'query' },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});

/**
 * Lists the emotes a user can type in any chat; each page's `raw.template` is the image address
 * template. The platform picks the page size.
 *
 * Token: user only; user:read:emotes.
 *
 * @platformName Get User Emotes
 * @throws PlatformAuthError when no user token fits the call; PlatformScopeError when it lacks the scope.
 * @throws PlatformApiError when the platform refuses the call.
 * @example
 * const page = await userEmotes(client, { broadcaster_id: '1234' });
 * console.log(page.raw.template, page.data.length);
 * const all = await userEmotes(client).all();
 */
export function userEmotes(client: ClientHandle, params?: UserEmotesParams, options?: RequestOptions): Paginator<ChatUserEmote, ChatUserEmotePage> {
  return paginateOperation<UserEmotesParams, ChatUserEmote, { template: string }>(client, userEmotesOperation, params, options);
}
