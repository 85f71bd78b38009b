// Pinned chat messages (reference: Get Pinned Chat Message, Pin Chat Message, Update Pinned Chat
// Message, Unpin Chat Message; generally available since 2026-05-29). Every parameter is in the
// query; the changes answer 204.
import { HttpError } from '../http';
import { asModerator, noContent, ok, wholeNumberQuery, type RouteRow } from '../helix';
import type { ChatState } from './chat-state';

/** `duration_seconds` of a pin: 30 to 1800 seconds; absent, the pin lasts until the stream ends. */
const PIN_SECONDS = { min: 30, max: 1800 };
const MANAGE = ['moderator:manage:chat_messages'];

/** The pin routes. */
export const chatPinRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'GET',
    path: '/chat/pins',
    token: 'either',
    scopes: ['moderator:read:chat_messages', 'moderator:manage:chat_messages'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ChatState>(({ broadcasterId }, chat) => {
      const pin = chat.livePin(broadcasterId);
      return ok(pin ? [chat.pinWire(pin)] : []);
    }),
  },
  {
    method: 'PUT',
    path: '/chat/pins',
    token: 'either',
    scopes: MANAGE,
    query: ['broadcaster_id', 'moderator_id', 'message_id'],
    handle: asModerator<ChatState>(({ request, broadcasterId, moderatorId }, chat) => {
      const seconds = wholeNumberQuery(request, 'duration_seconds', PIN_SECONDS.min, PIN_SECONDS.max);
      const message = chat.findMessage(broadcasterId, request.query.get('message_id')!);
      if (!message) throw new HttpError(404, 'The message in message_id was not found in the broadcaster\'s chat');
      if (chat.livePin(broadcasterId)?.message.message_id === message.message_id) throw new HttpError(409, 'The message is already pinned.');
      // One pin per chat: a new pin replaces the old one.
      chat.setPin(broadcasterId, message, moderatorId, seconds);
      return noContent();
    }),
  },
  {
    method: 'PATCH',
    path: '/chat/pins',
    token: 'either',
    scopes: MANAGE,
    query: ['broadcaster_id', 'moderator_id', 'message_id'],
    handle: asModerator<ChatState>(({ request, context, broadcasterId }, chat) => {
      const seconds = wholeNumberQuery(request, 'duration_seconds', PIN_SECONDS.min, PIN_SECONDS.max);
      const pin = chat.livePin(broadcasterId);
      if (pin?.message.message_id !== request.query.get('message_id')) throw new HttpError(404, 'The message in message_id is not the pinned message');
      const now = context.now();
      pin.endsAt = seconds === undefined ? undefined : now + seconds * 1000;
      pin.updatedAt = now;
      pin.pinnedWhileLive = pin.pinnedWhileLive || context.state.channel(broadcasterId).live;
      return noContent();
    }),
  },
  {
    method: 'DELETE',
    path: '/chat/pins',
    token: 'either',
    scopes: MANAGE,
    query: ['broadcaster_id', 'moderator_id', 'message_id'],
    handle: asModerator<ChatState>(({ request, broadcasterId }, chat) => {
      const pin = chat.livePin(broadcasterId);
      if (pin?.message.message_id !== request.query.get('message_id')) throw new HttpError(404, 'The message in message_id is not the pinned message');
      chat.pins.delete(broadcasterId);
      return noContent();
    }),
  },
];
