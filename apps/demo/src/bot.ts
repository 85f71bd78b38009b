import type { Platform } from '@platform/client';
import { WebSocket } from 'ws';

/** What the bot does with its channel's chat. */
export interface BotOptions {
  /** The channel the bot serves. */
  broadcasterId: string;
  /** The bot's own user: it reads chat as this user and moderates as this user. */
  botId: string;
  say: (step: string, text: string) => void;
  /** Also deny held AutoMod messages (needs moderator:manage:automod). */
  moderate: boolean;
}

/**
 * Listens to the channel over the EventSub WebSocket transport: answers `!hello`, denies the
 * messages AutoMod holds, and tells when the channel's title or category changes. Returns the
 * listener and a record of what it did.
 */
export async function startBot(client: Platform, options: BotOptions) {
  const { broadcasterId, botId, say } = options;
  const done = { answered: 0, denied: 0, messages: 0, titles: [] as string[] };
  // The ws package gives Node 20 a WebSocket class; Node 22 and browsers have one built in.
  const listener = client.as(botId).eventsub.websocket({
    webSocket: WebSocket,
    onError: (error) => say('error', String(error)),
    onConnect: ({ sessionId }) => say('', `EventSub WebSocket session ${sessionId.slice(0, 8)}… welcomed`),
    onDisconnect: ({ reason }) => say('', `EventSub WebSocket dropped (${reason}); reconnecting`),
  });
  const chat = listener.on('channel.chat.message', { broadcaster_user_id: broadcasterId, user_id: botId }, async (event) => {
    done.messages++;
    if (event.message.text.trim() !== '!hello') return;
    const reply = await client.chat.send({ broadcaster_id: broadcasterId, sender_id: botId, message: `Hi @${event.chatter_user_login}, welcome to the stream!`, reply_parent_message_id: event.message_id });
    done.answered++;
    say('', `${event.chatter_user_login} said !hello; answered with message …${reply.message_id.slice(-6)} (is_sent: ${reply.is_sent})`);
  });
  // channel.update needs no scope: anyone may hear a channel's title and category change.
  const update = listener.on('channel.update', { broadcaster_user_id: broadcasterId }, (event) => {
    done.titles.push(event.title);
    say('', `channel.update: the title is now ${JSON.stringify(event.title)}${event.category_name ? ` (${event.category_name})` : ''}`);
  });
  const handles = [chat, update];
  if (options.moderate) {
    handles.push(
      listener.on('automod.message.hold', { broadcaster_user_id: broadcasterId, moderator_user_id: botId }, async (event) => {
        await client.moderation.manageAutoModMessage({ user_id: botId, msg_id: event.message_id, action: 'DENY' });
        done.denied++;
        say('', `AutoMod held ${JSON.stringify(event.message.text)} from ${event.user_login} (${event.reason}); denied`);
      }),
    );
  }
  await Promise.all(handles.map((handle) => handle.ready));
  return { listener, done };
}
