import { Platform, type WebSocketListener } from '@platform/client';

/** Settings of the chat bot. */
export interface ChatBotSettings {
  /** Your application's client ID. */
  clientId: string;
  /**
   * The bot account's user access token, with `user:read:chat` (to hear the chat) and
   * `user:write:chat` (to answer). In a channel the bot does not moderate, the platform also wants
   * `user:bot` from the bot and `channel:bot` from the broadcaster.
   */
  token: string;
  /** The login of the channel whose chat the bot serves; the bot's own channel when left out. */
  channel?: string | undefined;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string; eventSubWsUrl?: string } | undefined;
  /** Where the bot reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
  /** The clock `!uptime` reads; `Date.now` when left out. */
  now?: (() => number) | undefined;
}

/** A running chat bot. */
export interface ChatBot {
  /** The bot's user ID and login, as the platform validated its token. */
  readonly bot: { id: string; login: string };
  /** The channel it serves. */
  readonly broadcaster: { id: string; login: string };
  /** The commands it answered so far. */
  readonly answered: number;
  /** Stops listening: deletes the subscription and closes the WebSocket. */
  close(): Promise<void>;
}

/**
 * Starts a chat bot: it listens to a channel's chat over the EventSub WebSocket
 * (`channel.chat.message`) and answers two commands with `client.chat.send`, as a reply to the
 * message that asked:
 *
 * - `!hello`: greets the chatter;
 * - `!uptime`: how long the channel has been live, or that it is offline.
 *
 * Resolves once the platform accepted the subscription: from then on no message is missed.
 */
export async function startChatBot(settings: ChatBotSettings): Promise<ChatBot> {
  const log = settings.log ?? (() => undefined);
  const now = settings.now ?? Date.now;
  const { baseUrl, authUrl, eventSubWsUrl } = settings.platform ?? {};
  const client = new Platform({ clientId: settings.clientId, baseUrl, authUrl, eventSubWsUrl });
  // Validates the token with the platform and learns whose it is and what it may do.
  const user = await client.auth.addUser(settings.token);
  const bot = { id: user.userId, login: user.login ?? user.userId };
  const [broadcaster] = settings.channel === undefined ? [bot] : await client.users.users({ login: settings.channel });
  if (!broadcaster) throw new Error(`The platform has no channel named ${settings.channel}.`);
  let answered = 0;

  const commands: Record<string, (chatter: string) => string | Promise<string>> = {
    '!hello': (chatter) => `Hi @${chatter}, welcome to the stream!`,
    '!uptime': async () => {
      const { data } = await client.streams.streams({ user_id: broadcaster.id });
      const stream = data[0];
      if (!stream) return `${broadcaster.login} is offline right now.`;
      return `${broadcaster.login} has been live for ${duration(now() - Date.parse(stream.started_at))}.`;
    },
  };

  const listener: WebSocketListener = client.as(bot.id).eventsub.websocket({
    onError: (error) => log(`error: ${error instanceof Error ? error.message : String(error)}`),
    onDisconnect: ({ reason }) => log(`disconnected (${reason}); reconnecting`),
  });
  const handle = listener.on('channel.chat.message', { broadcaster_user_id: broadcaster.id, user_id: bot.id }, async (event) => {
    // The bot hears its own answers too.
    if (event.chatter_user_id === bot.id) return;
    const command = commands[event.message.text.trim().split(/\s+/)[0]!.toLowerCase()];
    if (!command) return;
    const text = await command(event.chatter_user_login);
    const sent = await client.chat.send({ broadcaster_id: broadcaster.id, sender_id: bot.id, message: text, reply_parent_message_id: event.message_id });
    // A message the platform drops (emote-only mode, a ban...) is an answer, not an error.
    if (!sent.is_sent) {
      log(`the platform dropped the answer to ${event.chatter_user_login}: ${sent.drop_reason?.message ?? 'no reason given'}`);
      return;
    }
    answered++;
    log(`answered ${event.message.text.trim()} from ${event.chatter_user_login}: ${text}`);
  });
  try {
    await handle.ready;
  } catch (error) {
    await listener.close();
    throw error;
  }
  log(`${bot.login} listens to the chat of #${broadcaster.login}`);

  return {
    bot,
    broadcaster: { id: broadcaster.id, login: broadcaster.login },
    get answered() {
      return answered;
    },
    close: () => listener.close(),
  };
}

/** `2 h 5 min`, `12 min`, `40 s`. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}
