import { BotChannelError, createBot, type CommandContext, type CommandRefusal } from '@platform/bot';
import { Platform, PlatformApiError, systemClock } from '@platform/client';

/** Settings of the commands bot. */
export interface CommandsBotSettings {
  /** Your application's client ID. */
  clientId: string;
  /**
   * The bot account's user access token, with `user:read:chat` (to hear the chat),
   * `user:write:chat` (to answer) and `moderator:manage:shoutouts` (for `!so`, in the channels where
   * the bot is a moderator).
   */
  token: string;
  /** The logins of the channels whose chat the bot serves; the bot's own channel when left out. */
  channels?: readonly string[] | undefined;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string; eventSubWsUrl?: string } | undefined;
  /** Where the bot reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
  /** The clock of the cooldowns; `Date.now` when left out. */
  now?: (() => number) | undefined;
  /** The dice's luck, a number in [0, 1); `Math.random` when left out. */
  random?: (() => number) | undefined;
}

/** A running commands bot. */
export interface CommandsBot {
  /** The bot's user ID and login, as the platform validated its token. */
  readonly bot: { id: string; login: string };
  /** The channels it serves (logins). */
  readonly channels: string[];
  /** The answers it wrote so far (replies to commands, refusals included). */
  readonly answered: number;
  /** Stops the bot: its subscriptions are deleted and the WebSocket closed. */
  close(): Promise<void>;
}

/** `!so` is the platform's shoutout, which a channel may give once every 2 minutes: the bot keeps the same cooldown. */
export const shoutoutCooldownMs = 120_000;

/**
 * Starts a bot on `@platform/bot` that answers three commands, each as a reply in the thread of
 * the message that asked:
 *
 * - `!ping`: `pong`;
 * - `!dice [sides]`: a roll of a die of 6 sides, or of the sides asked for (2 to 1000);
 * - `!so <login>` (or `!shoutout`), for moderators and the broadcaster: the platform's shoutout to
 *   that channel, and a line in chat; once per channel every 2 minutes (the platform's own limit).
 *
 * A viewer who may not run `!so`, or a moderator during its cooldown, is told so. Resolves once the
 * platform accepted the subscription to every channel's chat.
 */
export async function startCommandsBot(settings: CommandsBotSettings): Promise<CommandsBot> {
  const log = settings.log ?? (() => undefined);
  const random = settings.random ?? Math.random;
  const { baseUrl, authUrl, eventSubWsUrl } = settings.platform ?? {};
  const client = new Platform({ clientId: settings.clientId, baseUrl, authUrl, eventSubWsUrl });
  // Validates the token with the platform and learns whose it is.
  const user = await client.auth.addUser(settings.token);
  const me = { id: user.userId, login: user.login ?? user.userId };
  const channels = settings.channels?.length ? [...settings.channels] : [me.login];
  let answered = 0;
  // A channel the platform refuses while the bot starts (a missing grant): start() fails, naming it.
  let starting = true;
  const refused: BotChannelError[] = [];

  /** Answers in the thread of the command's message, and says so in the log. */
  const answer = async (ctx: CommandContext, text: string) => {
    const sent = await ctx.reply(text);
    // A message the platform (or the bot's send queue) drops is reported, not counted.
    if (!sent.is_sent) {
      log(`#${ctx.channel.login}: the answer to ${ctx.chatter.login} was dropped: ${sent.drop_reason?.message ?? 'no reason given'}`);
      return;
    }
    answered++;
    log(`#${ctx.channel.login} ${ctx.chatter.login}: ${ctx.message.text} -> ${text}`);
  };

  const bot = createBot({
    client,
    bot: me.id,
    channels,
    // The clock of the cooldowns: the system's, with the time of the settings.
    clock: settings.now ? { ...systemClock, now: settings.now } : systemClock,
    // !so is for moderators, who skip cooldowns by default: here its cooldown is the platform's
    // shoutout limit, so it holds for them too.
    cooldownBypass: false,
    onRefused: ({ reason, waitMs, context }: CommandRefusal) =>
      answer(
        context,
        reason === 'permission'
          ? `Sorry @${context.chatter.name}, !${context.command} is for moderators.`
          : `!${context.command} can be used again in ${Math.ceil((waitMs ?? 0) / 1000)} s.`,
      ),
    onError: (error) => {
      if (starting && error instanceof BotChannelError) refused.push(error);
      else log(`error: ${error instanceof Error ? error.message : String(error)}`);
    },
  });

  bot.command('ping', (ctx) => answer(ctx, 'pong'));

  bot.command({ name: 'dice', aliases: ['roll'] }, (ctx) => {
    const sides = ctx.args[0] === undefined ? 6 : Number(ctx.args[0]);
    if (!Number.isInteger(sides) || sides < 2 || sides > 1000) return answer(ctx, 'Usage: !dice [sides], with 2 to 1000 sides.');
    const roll = 1 + Math.floor(random() * sides);
    return answer(ctx, `${ctx.chatter.name} rolls a d${sides}: ${roll}`);
  });

  bot.command({ name: 'so', aliases: ['shoutout'], permission: 'moderator', cooldown: { channel: shoutoutCooldownMs } }, async (ctx) => {
    const login = ctx.args[0];
    if (login === undefined) return answer(ctx, 'Usage: !so <login>');
    const target = await ctx.bot.users.get(login);
    if (!target) return answer(ctx, `There is no channel named ${login}.`);
    try {
      await ctx.client.chat.shoutout({ from_broadcaster_id: ctx.channel.id, to_broadcaster_id: target.id, moderator_id: me.id });
    } catch (error) {
      // The platform refuses a shoutout while the channel is offline, or to the same channel twice in an hour.
      if (!(error instanceof PlatformApiError)) throw error;
      const reason = (error.body as { message?: string } | undefined)?.message ?? error.message;
      return answer(ctx, `The platform refused the shoutout to ${target.display_name}: ${reason}.`);
    }
    return answer(ctx, `Go and follow @${target.display_name}!`);
  });

  await bot.start();
  starting = false;
  const [refusal] = refused;
  if (refusal) {
    await bot.stop();
    throw refusal;
  }
  log(`${me.login} serves the chat of ${channels.map((login) => `#${login}`).join(', ')}`);

  return {
    bot: me,
    channels,
    get answered() {
      return answered;
    },
    close: () => bot.stop(),
  };
}
