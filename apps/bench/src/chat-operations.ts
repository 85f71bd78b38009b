/**
 * The chat operations the bench calls. The declaration lives here until the chat group package
 * exists: it moves to `@platform/api-chat` later, and the bench then imports it from there.
 */
import { defineOperation } from '@platform/core';

/** One user connected to a broadcaster's chat. */
export interface Chatter {
  user_id: string;
  user_login: string;
  user_name: string;
}

/** `GET /chat/chatters`: the users connected to a broadcaster's chat, paged. */
export const chatters = defineOperation<{ broadcaster_id: string; moderator_id?: string; first?: number; after?: string }, Chatter>({
  name: 'chat.chatters',
  method: 'GET',
  path: '/chat/chatters',
  token: 'either',
  scopes: ['moderator:read:chatters'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    first: { type: 'number', in: 'query', min: 1, max: 1000, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: 'page',
});
