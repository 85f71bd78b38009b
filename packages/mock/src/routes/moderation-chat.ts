// Removing chat messages (reference: Delete Chat Messages).
import { HttpError } from '../http';
import { asModerator, noContent, raiseModerate, type RouteRow } from '../helix';
import type { ModerationState } from './moderation-state';

/** A message older than this cannot be deleted one by one. */
const DELETE_WINDOW_MS = 6 * 3600 * 1000;

/** The chat message deletion route: one message, or the whole chat without `message_id`. */
export const moderationChatRoutes: readonly RouteRow<ModerationState>[] = [
  {
    method: 'DELETE',
    path: '/moderation/chat',
    token: 'either',
    scopes: ['moderator:manage:chat_messages'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const channel = context.state.channel(broadcasterId);
      const messageId = request.query.get('message_id');
      // An empty message_id is more likely a client's bug than a wish to clear the whole chat.
      if (messageId === '') throw new HttpError(400, 'The parameter "message_id" may not be empty; leave it out to clear the chat');
      if (messageId === null) {
        for (const message of channel.messages) message.deleted = true;
        moderation.raise('channel.chat.clear', '1', moderation.person(broadcasterId, 'broadcaster_user'), broadcasterId);
        raiseModerate(context, broadcasterId, moderatorId, 'clear');
        return noContent();
      }
      const message = channel.messages.find((each) => each.message_id === messageId && !each.deleted);
      if (!message) throw new HttpError(404, 'The message specified in message_id was not found');
      if (context.now() - message.sent_at >= DELETE_WINDOW_MS) throw new HttpError(400, 'The message specified in message_id is more than 6 hours old and may not be deleted');
      if (context.state.isModerator(broadcasterId, message.sender_id)) {
        throw new HttpError(400, 'Messages from the broadcaster or a moderator may not be deleted');
      }
      message.deleted = true;
      moderation.raise(
        'channel.chat.message_delete',
        '1',
        { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(message.sender_id, 'target_user'), message_id: message.message_id },
        broadcasterId,
      );
      raiseModerate(context, broadcasterId, moderatorId, 'delete', {
        key: 'delete',
        value: { ...moderation.person(message.sender_id, 'user'), message_id: message.message_id, message_body: message.text },
      });
      return noContent();
    }),
  },
];
