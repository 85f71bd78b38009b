// Who is in chat (reference: Get Chatters, Get Shared Chat Session).
import { asModerator, ok, page, userFields, type RouteRow } from '../helix';
import type { ChatState } from './chat-state';

/** The chatter and shared chat session routes. */
export const chatChatterRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'GET',
    path: '/chat/chatters',
    token: 'either',
    scopes: ['moderator:read:chatters'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ChatState>(({ request, context, broadcasterId }) => {
      const chatters = context.state.channel(broadcasterId).chatters.map((id) => userFields(context, id, 'user'));
      const result = page(request, chatters, { defaultFirst: 100, maxFirst: 1000 });
      return { status: 200, body: { ...result, total: chatters.length } };
    }),
  },
  {
    method: 'GET',
    path: '/shared_chat/session',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request }, chat) => {
      const session = chat.sessionOf(request.query.get('broadcaster_id')!);
      return ok(session ? [chat.sessionWire(session)] : []);
    },
  },
];
