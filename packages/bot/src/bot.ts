import {
  PlatformError,
  systemClock,
  type ChannelChatMessageEvent,
  type ChatBadge,
  type ChatMessageFragment,
  type ChatMessageReply,
  type Clock,
  type ConduitListenerOptions,
  type EventSubDelivery,
  type EventSubHandle,
  type Platform,
  type SentChatMessage,
  type UserUpdateEvent,
  type WebSocketListenerOptions,
} from '@platform/client';
import { splitArguments } from './arguments';
import { ChatQueue, type ChatLimitEvent } from './chat-queue';
import { memoryCooldowns, type CooldownEntry, type CooldownStore } from './cooldowns';
import { checkPermission, describe, hasRole, roleOf, type Role } from './permissions';
import { UserCache, type BotUser } from './users';

/** A channel the bot joins: its login, and its own prefix if it has one. */
export interface BotChannelOptions {
  /** The broadcaster's login. */
  login: string;
  /** This channel's command prefix, instead of the bot's. */
  prefix?: string | undefined;
}

/** Options of `createBot()`. */
export interface BotOptions {
  /** The client: a `Platform` with the bot's user token registered (and a clientSecret to send as the app, or for a conduit). */
  client: Platform;
  /** The bot's user ID. */
  bot: string;
  /** The channels to join at `start()`: logins, or `{ login, prefix }`. */
  channels?: ReadonlyArray<string | BotChannelOptions> | undefined;
  /** The command prefix (default `!`); a channel's own `prefix` wins. Never empty. */
  prefix?: string | undefined;
  /**
   * Receives every failure: what a command handler throws or rejects with (unchanged, with its
   * context), a cooldown store that cannot answer, a channel the bot could not join or lost (a
   * {@link BotChannelError} naming the channel and the grant), and the listener's own errors.
   * Default `console.error`. The bot goes on.
   */
  onError?: ((error: unknown, context?: CommandContext) => void) | undefined;
  /** A command refused for its permission or a running cooldown: silent by default; this is called instead. */
  onRefused?: ((refusal: CommandRefusal) => unknown) | undefined;
  /** Where cooldowns are kept: in memory by default; `redisCooldowns({ url })` of `@platform/redis-store` for several processes. */
  cooldowns?: CooldownStore | undefined;
  /** The broadcaster and moderators skip cooldowns (default true). */
  cooldownBypass?: boolean | undefined;
  /**
   * In a shared chat session a message reaches every channel of it. `source` (default): a message
   * is handled once, in its source channel (in a channel it was shared into only when the bot is
   * not in the source channel); `every`: in each channel of the bot that sees it.
   */
  sharedChat?: 'source' | 'every' | undefined;
  /**
   * Run on a conduit instead of a WebSocket: the options of `client.eventsub.conduit()` (`conduitId`,
   * `shards`, `dedupe`...). Several processes with the same conduit each handle a command once;
   * give them one `cooldowns` store in Redis.
   */
  conduit?: Omit<ConduitListenerOptions, 'onError'> | undefined;
  /** Options of the WebSocket listener (default transport), but `onError`. */
  websocket?: Omit<WebSocketListenerOptions, 'onError'> | undefined;
  /** How the bot sends: `auto` (default) as the app when the bot granted `user:bot` and the channel `channel:bot`, else with the bot's user token. */
  sendAs?: 'auto' | 'app' | 'user' | undefined;
  /** The platform's chat limits per channel: `messages` per `windowMs` (20 per 30 000), `elevated` where the bot is the broadcaster, a moderator or a VIP (100); `maxQueued` messages wait at most (default 20). */
  chatLimit?:
    | {
        /** Messages per window in a channel (default 20). */
        messages?: number;
        /** Messages per window where the bot is the broadcaster, a moderator or a VIP (default 100). */
        elevated?: number;
        /** The window, in milliseconds (default 30 000). */
        windowMs?: number;
        /** Messages that wait for the window at most; more are dropped and reported (default 20). */
        maxQueued?: number;
      }
    | undefined;
  /** Each message the send queue delayed or dropped. */
  onChatLimit?: ((event: ChatLimitEvent) => void) | undefined;
  /** The clock of cooldowns and the send queue (default the system's); a virtual clock in tests. */
  clock?: Clock | undefined;
}

/** A command's cooldowns, in milliseconds: per user (in a channel), per channel, and for every channel. */
export interface CooldownOptions {
  /** Per user, in each channel. */
  user?: number | undefined;
  /** Per channel, whoever ran it. */
  channel?: number | undefined;
  /** For every channel at once. */
  global?: number | undefined;
}

/** Options of a command. */
export interface CommandOptions {
  /** The name typed after the prefix (case does not matter). */
  name: string;
  /** Other names for it. */
  aliases?: readonly string[] | undefined;
  /** Who may run it: a role (each includes the ones below: broadcaster, moderator, vip, subscriber, everyone) or a function. Default `everyone`. */
  permission?: Role | ((context: CommandContext) => boolean | Promise<boolean>) | undefined;
  /** Cooldowns once it ran. */
  cooldown?: CooldownOptions | undefined;
}

/** A command's handler; what it throws or rejects with goes to `onError`. */
export type CommandHandler = (context: CommandContext) => unknown;

/** A channel the bot is in. */
export interface BotChannel {
  /** The broadcaster's user ID. */
  id: string;
  /** The broadcaster's login. */
  login: string;
  /** The broadcaster's display name. */
  name: string;
}

/** What a command handler gets. */
export interface CommandContext {
  /** The bot. */
  readonly bot: Bot;
  /** The client the bot was made with. */
  readonly client: Platform;
  /** The command's name (not the alias typed). */
  readonly command: string;
  /** The name or alias as typed, in lower case. */
  readonly invokedAs: string;
  /** The arguments, split as a shell does (quotes keep spaces). */
  readonly args: string[];
  /** The text after the command's name, as typed. */
  readonly argsText: string;
  /** The message: text, fragments, badges, the message it replies to. */
  readonly message: {
    /** The message's ID. */
    id: string;
    /** The whole text, as typed. */
    text: string;
    /** The text in parts: text, emotes, cheermotes, mentions. */
    fragments: ChatMessageFragment[];
    /** The chatter's badges in this channel. */
    badges: ChatBadge[];
    /** The message it answers, when it is a reply; null otherwise. */
    reply: ChatMessageReply | null;
  };
  /** The channel the command was typed in. */
  readonly channel: BotChannel;
  /** Who typed it, and the role their badges show. */
  readonly chatter: {
    /** The chatter's user ID. */
    id: string;
    /** The chatter's login. */
    login: string;
    /** The chatter's display name. */
    name: string;
    /** The highest role the chatter's badges show. */
    role: Role;
  };
  /** The event as the platform sent it. */
  readonly event: ChannelChatMessageEvent;
  /** Answers in the message's thread (`reply_parent_message_id`), through the channel's send queue. */
  reply(text: string): Promise<SentChatMessage>;
  /** Writes in the channel, through its send queue. */
  say(text: string): Promise<SentChatMessage>;
  /**
   * A user by login (`@` allowed) or ID, from the bot's cache.
   *
   * @throws {PlatformError} `No user <login>.` when there is none.
   */
  user(loginOrId: string | undefined): Promise<BotUser>;
}

/** A command that did not run: who may not, or a cooldown still running. */
export interface CommandRefusal {
  /** Why it did not run: the chatter may not run it, or a cooldown is still running. */
  reason: 'permission' | 'cooldown';
  /** With `cooldown`: milliseconds left. */
  waitMs?: number | undefined;
  /** The command's context, as its handler would have had it (to answer with `reply()`). */
  context: CommandContext;
}

/** A channel the bot could not join, or lost: which channel, and the grants it may lack. */
export class BotChannelError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.BotChannelError');
  override name = 'BotChannelError';
  /** The channel's login. */
  readonly channel: string;
  /** The grants that may be missing, each `<scope> (<who>)`: `user:read:chat (the bot)`, `channel:bot (the channel)`. */
  readonly grants: string[];

  constructor(message: string, channel: string, grants: string[], cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.channel = channel;
    this.grants = grants;
  }
}

interface Command {
  name: string;
  options: CommandOptions;
  handler: CommandHandler;
}

interface JoinedChannel extends BotChannel {
  prefix: string | undefined;
  queue: ChatQueue;
  /** The bot is the broadcaster, a moderator or a VIP there: the higher chat limit. */
  elevated: boolean;
  sendAs: string;
  handle?: EventSubHandle | undefined;
  /** Its subscription is not confirmed yet: a refusal is the join's to report. */
  joining: boolean;
}

interface Listener {
  on(type: string, condition: Record<string, string>, handler: (event: never, delivery: EventSubDelivery) => unknown): EventSubHandle;
  close(): Promise<unknown>;
}

const namePattern = /^[^\s]+$/;

/**
 * Makes a chat bot on EventSub: commands typed in the chat of its channels, with permissions from
 * the chatter's badges, cooldowns, and answers sent through a per-channel queue that keeps under
 * the platform's chat limits.
 *
 * Tokens and scopes: the bot's user token registered on the client with `user:read:chat` (to
 * listen over WebSocket) and `user:write:chat` (to send); to send as the app (the platform then
 * shows the bot badge) the bot grants `user:bot` and each channel `channel:bot`, and the client has
 * its clientSecret. On a conduit, the app token listens: the bot grants `user:read:chat` and
 * `user:bot`, each channel `channel:bot` (or makes the bot a moderator).
 *
 * @example
 * const bot = createBot({ client, bot: botUserId, channels: ['somechannel'], prefix: '!' });
 * bot.command('ping', (ctx) => ctx.reply('pong'));
 * await bot.start();
 * @throws {PlatformError} for bad options (no client or bot, an empty prefix).
 */
export function createBot(options: BotOptions): Bot {
  return new Bot(options);
}

/** A chat bot, as `createBot()` makes it. */
export class Bot {
  /** The client the bot was made with. */
  readonly client: Platform;
  /** The bot's user ID. */
  readonly id: string;
  /** The users the bot knows, by login and ID: `await bot.users.get('somechannel')`. */
  readonly users: UserCache;
  readonly #options: BotOptions;
  readonly #clock: Clock;
  readonly #cooldowns: CooldownStore;
  readonly #commands = new Map<string, Command>();
  readonly #channels = new Map<string, JoinedChannel>();
  readonly #wanted: BotChannelOptions[];
  readonly #running = new Set<Promise<void>>();
  #listener: Listener | undefined;
  #authorizations: Map<string, string[]> | undefined;
  #started = false;

  constructor(options: BotOptions) {
    if (typeof options !== 'object' || options === null || typeof options.client !== 'object' || options.client === null) throw new PlatformError('createBot() needs { client, bot }.');
    if (typeof options.bot !== 'string' || options.bot === '') throw new PlatformError('createBot() needs bot, the bot\'s user ID.');
    checkPrefix(options.prefix ?? '!', 'The prefix');
    this.#options = options;
    this.client = options.client;
    this.id = options.bot;
    this.#clock = options.clock ?? systemClock;
    this.#cooldowns = options.cooldowns ?? memoryCooldowns();
    this.users = new UserCache(options.client, this.#clock);
    this.#wanted = (options.channels ?? []).map((channel) => channelOptions(channel));
  }

  /** The channels the bot is in now. */
  get channels(): BotChannel[] {
    return [...this.#channels.values()].map(({ id, login, name }) => ({ id, login, name }));
  }

  /**
   * Adds a command.
   *
   * @throws {PlatformError} for an empty name or alias (or one with spaces), a name or alias another
   * command has, an unknown permission, or a cooldown that is not a number of milliseconds.
   * @example
   * bot.command({ name: 'so', aliases: ['shoutout'], permission: 'moderator', cooldown: { channel: 10_000 } }, handler);
   */
  command(nameOrOptions: string | CommandOptions, handler: CommandHandler): this {
    const options: CommandOptions = typeof nameOrOptions === 'string' ? { name: nameOrOptions } : nameOrOptions;
    if (typeof options !== 'object' || options === null) throw new PlatformError('bot.command() needs a name or { name, ... }.');
    if (typeof handler !== 'function') throw new PlatformError(`bot.command() needs a handler function for ${String(options.name)}.`);
    const names = [options.name, ...(options.aliases ?? [])];
    for (const name of names) {
      if (typeof name !== 'string' || !namePattern.test(name)) throw new PlatformError(`A command name or alias must be a word without spaces; got ${describe(name)}.`);
    }
    const lower = names.map((name) => name.toLowerCase());
    for (const [index, name] of lower.entries()) {
      const other = this.#commands.get(name);
      if (other || lower.indexOf(name) !== index) throw new PlatformError(`The command name or alias ${name} is taken${other ? ` by command ${other.name}` : ''}.`);
    }
    checkPermission(options.permission, options.name);
    for (const [scope, ms] of Object.entries(options.cooldown ?? {})) {
      if (!['user', 'channel', 'global'].includes(scope)) throw new PlatformError(`The cooldown of command ${options.name} has user, channel and global; got ${scope}.`);
      if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)) {
        throw new PlatformError(`The ${scope} cooldown of command ${options.name} must be a number of milliseconds; got ${String(ms)}.`);
      }
    }
    const command = { name: options.name.toLowerCase(), options, handler };
    for (const name of lower) this.#commands.set(name, command);
    return this;
  }

  /**
   * Joins every channel of the `channels` option: resolves once each channel's subscription is
   * ready. A channel the platform refuses (a missing grant) is reported through `onError` as a
   * {@link BotChannelError} and the others go on.
   *
   * @throws {PlatformError} when a channel does not exist (naming it), or the bot is started twice.
   */
  async start(): Promise<void> {
    if (this.#started) throw new PlatformError('The bot is started already.');
    this.#started = true;
    const users = await this.users.many([this.id, ...this.#wanted.map((channel) => channel.login)]);
    const missing = this.#wanted.filter((_, index) => users[index + 1] === undefined).map((channel) => channel.login);
    if (users[0] === undefined) missing.unshift(`(the bot) ${this.id}`);
    if (missing.length > 0) {
      this.#started = false;
      throw new PlatformError(`${missing.length === 1 ? 'This channel does' : 'These channels do'} not exist: ${missing.join(', ')}.`);
    }
    this.#listener = this.#makeListener();
    await this.#readAuthorizations(users.slice(1).map((user) => user!.id));
    // The bot's own renames: a user.update costs nothing for a user who authorized the app.
    this.#listener.on('user.update', { user_id: this.id }, (event: UserUpdateEvent) => this.users.remember({ id: event.user_id, login: event.user_login, display_name: event.user_name }));
    await Promise.all(this.#wanted.map((channel, index) => this.#join(channel, users[index + 1]!)));
  }

  /**
   * Joins a channel while the bot runs; resolves once its subscription is ready.
   *
   * @throws {PlatformError} when the channel does not exist or the bot is not started;
   * {@link BotChannelError} when the platform refuses the subscription.
   */
  async join(channel: string | BotChannelOptions): Promise<void> {
    const wanted = channelOptions(channel);
    if (!this.#listener) throw new PlatformError('bot.join() needs a started bot (await bot.start() first).');
    const user = await this.users.get(wanted.login);
    if (!user) throw new PlatformError(`This channel does not exist: ${wanted.login}.`);
    if (this.#channels.has(user.id)) return;
    await this.#readAuthorizations([user.id]);
    const error = await this.#join(wanted, user, false);
    if (error) throw error;
  }

  /** Leaves a channel: its subscription is stopped and what waits in its send queue dropped. */
  async leave(login: string): Promise<void> {
    const channel = [...this.#channels.values()].find((each) => each.login === login.replace(/^@/, '').toLowerCase() || each.id === login);
    if (!channel) return;
    this.#channels.delete(channel.id);
    channel.queue.stop();
    await channel.handle?.stop().catch(() => undefined);
  }

  /** Stops the bot: leaves the listener (a WebSocket's subscriptions end; a conduit's stay for the other processes), drops what waits to be sent, and waits for the commands running. */
  async stop(): Promise<void> {
    for (const channel of this.#channels.values()) channel.queue.stop();
    const listener = this.#listener;
    this.#listener = undefined;
    this.#started = false;
    await listener?.close();
    await Promise.allSettled([...this.#running]);
    this.#channels.clear();
  }

  #report(error: unknown, context?: CommandContext): void {
    const onError = this.#options.onError;
    if (!onError) {
      console.error(error);
      return;
    }
    try {
      onError(error, context);
    } catch {
      // onError's own failure must not stop the bot.
    }
  }

  #makeListener(): Listener {
    const onError = (error: unknown) => this.#listenerError(error);
    if (this.#options.conduit) return this.client.eventsub.conduit({ ...this.#options.conduit, onError }) as unknown as Listener;
    return this.client.as(this.id).eventsub.websocket({ ...this.#options.websocket, onError }) as unknown as Listener;
  }

  /**
   * The listener's errors name a subscription's type, not its channel: a chat subscription revoked,
   * or refused when made again after a reconnect, is the channel whose handle lost its ID. A refusal
   * while joining is reported by the join itself, with its channel.
   */
  #listenerError(error: unknown): void {
    const message = error instanceof Error ? error.message : '';
    const revoked = /^The platform revoked the subscription to channel\.chat\.message .*: (\w+)\.$/.exec(message);
    const refused = message.startsWith('Could not subscribe to channel.chat.message ');
    if (!revoked && !refused) {
      this.#report(error);
      return;
    }
    for (const channel of this.#channels.values()) {
      if (channel.joining || !channel.handle || channel.handle.id !== undefined) continue;
      channel.handle = undefined;
      const grants = this.#requiredGrants(channel.id);
      const what = revoked ? `the platform revoked its chat subscription (${revoked[1]})` : `its chat subscription was refused (${message})`;
      this.#report(new BotChannelError(`The bot lost channel ${channel.login}: ${what}; it needs ${grants.join(', ')}.`, channel.login, grants, error));
    }
  }

  /** The scopes each user granted the app (app token), to pick how to send and name missing grants; unknown without a clientSecret. */
  async #readAuthorizations(channelIds: string[]): Promise<void> {
    if (this.#options.sendAs === 'user' && !this.#options.conduit) return;
    try {
      const answer = await this.client.users.authorizationByUser({ user_id: [this.id, ...channelIds] }, { as: 'app' });
      this.#authorizations ??= new Map();
      for (const each of answer) this.#authorizations.set(each.user_id, each.scopes);
    } catch {
      // No app token (no clientSecret): the bot sends with its user token.
    }
  }

  #granted(userId: string, scope: string): boolean | undefined {
    const scopes = this.#authorizations?.get(userId);
    return scopes === undefined ? undefined : scopes.includes(scope);
  }

  /** The grants that reading a channel's chat takes, the missing ones only when they are known. */
  #requiredGrants(channelId: string): string[] {
    const needed: Array<[string, string, string]> = [[this.id, 'user:read:chat', 'the bot']];
    if (this.#options.conduit) needed.push([this.id, 'user:bot', 'the bot'], [channelId, 'channel:bot', 'the channel']);
    const missing = needed.filter(([user, scope]) => this.#granted(user, scope) === false);
    return (missing.length > 0 ? missing : needed).map(([, scope, who]) => `${scope} (${who})`);
  }

  #sendAs(channelId: string): string {
    const sendAs = this.#options.sendAs ?? 'auto';
    if (sendAs === 'app') return 'app';
    if (sendAs === 'user') return this.id;
    const app = this.#granted(this.id, 'user:bot') === true && this.#granted(this.id, 'user:write:chat') === true && this.#granted(channelId, 'channel:bot') === true;
    return app ? 'app' : this.id;
  }

  /** Subscribes to a channel's chat; a refusal is reported (or returned, for `join()`). */
  async #join(wanted: BotChannelOptions, user: BotUser, report = true): Promise<BotChannelError | undefined> {
    const listener = this.#listener!;
    const limits = this.#options.chatLimit ?? {};
    const channel: JoinedChannel = {
      id: user.id,
      login: user.login,
      name: user.display_name,
      prefix: wanted.prefix,
      elevated: user.id === this.id,
      sendAs: this.#sendAs(user.id),
      joining: true,
      queue: undefined as unknown as ChatQueue,
    };
    channel.queue = new ChatQueue({
      clock: this.#clock,
      channelId: channel.id,
      limit: () => (channel.elevated ? (limits.elevated ?? 100) : (limits.messages ?? 20)),
      windowMs: limits.windowMs ?? 30_000,
      maxQueued: limits.maxQueued ?? 20,
      send: (text, replyTo) =>
        this.client.chat.send(
          { broadcaster_id: channel.id, sender_id: this.id, message: text, ...(replyTo === undefined ? {} : { reply_parent_message_id: replyTo }) },
          { as: channel.sendAs },
        ),
      report: (event) => this.#options.onChatLimit?.(event),
    });
    this.#channels.set(channel.id, channel);
    channel.handle = listener.on('channel.chat.message', { broadcaster_user_id: channel.id, user_id: this.id }, (event: ChannelChatMessageEvent) => this.#onMessage(channel, event));
    try {
      await channel.handle.ready;
      channel.joining = false;
      return undefined;
    } catch (cause) {
      this.#channels.delete(channel.id);
      channel.queue.stop();
      const grants = this.#requiredGrants(channel.id);
      const reason = cause instanceof Error ? cause.message : String(cause);
      const error = new BotChannelError(`The bot could not join channel ${channel.login}: ${reason} It needs ${grants.join(', ')}.`, channel.login, grants, cause);
      if (report) this.#report(error);
      return error;
    }
  }

  #onMessage(channel: JoinedChannel, event: ChannelChatMessageEvent): void {
    if (this.#channels.get(channel.id) !== channel) return;
    this.users.remember({ id: event.chatter_user_id, login: event.chatter_user_login, display_name: event.chatter_user_name });
    if (event.chatter_user_id === this.id) {
      // The bot's own message shows its badges here: its chat limit follows its role.
      if (event.source_broadcaster_user_id === null || event.source_broadcaster_user_id === channel.id) channel.elevated = hasRole(roleOf(event.badges, this.id, channel.id), 'vip');
      return;
    }
    const source = event.source_broadcaster_user_id;
    if (source && source !== event.broadcaster_user_id && (this.#options.sharedChat ?? 'source') === 'source' && this.#channels.has(source)) return;
    const prefix = channel.prefix ?? this.#options.prefix ?? '!';
    const text = event.message.text;
    if (!text.startsWith(prefix)) return;
    const match = /^(\S+)\s*([\s\S]*)$/.exec(text.slice(prefix.length));
    if (!match) return;
    const invokedAs = match[1]!.toLowerCase();
    const command = this.#commands.get(invokedAs);
    if (!command) return;
    const argsText = match[2]!;
    const context = this.#context(channel, event, command, invokedAs, argsText);
    const run = this.#run(command, context).catch((error: unknown) => this.#report(error, context));
    this.#running.add(run);
    void run.finally(() => this.#running.delete(run));
  }

  async #run(command: Command, context: CommandContext): Promise<void> {
    const { permission = 'everyone', cooldown } = command.options;
    const allowed = typeof permission === 'function' ? await permission(context) : hasRole(context.chatter.role, permission);
    if (!allowed) {
      await this.#options.onRefused?.({ reason: 'permission', context });
      return;
    }
    const bypass = (this.#options.cooldownBypass ?? true) && hasRole(context.chatter.role, 'moderator');
    if (cooldown && !bypass) {
      const base = `bot:${this.id}:${command.name}`;
      const entries: CooldownEntry[] = [];
      if (cooldown.user) entries.push({ key: `${base}:user:${context.channel.id}:${context.chatter.id}`, ms: cooldown.user });
      if (cooldown.channel) entries.push({ key: `${base}:channel:${context.channel.id}`, ms: cooldown.channel });
      if (cooldown.global) entries.push({ key: `${base}:global`, ms: cooldown.global });
      if (entries.length > 0) {
        const waitMs = await this.#cooldowns.take(entries, this.#clock.now());
        if (waitMs > 0) {
          await this.#options.onRefused?.({ reason: 'cooldown', waitMs, context });
          return;
        }
      }
    }
    await command.handler(context);
  }

  #context(channel: JoinedChannel, event: ChannelChatMessageEvent, command: Command, invokedAs: string, argsText: string): CommandContext {
    return {
      bot: this,
      client: this.client,
      command: command.name,
      invokedAs,
      args: splitArguments(argsText),
      argsText,
      message: { id: event.message_id, text: event.message.text, fragments: event.message.fragments, badges: event.badges, reply: event.reply },
      channel: { id: channel.id, login: channel.login, name: channel.name },
      chatter: { id: event.chatter_user_id, login: event.chatter_user_login, name: event.chatter_user_name, role: roleOf(event.badges, event.chatter_user_id, channel.id) },
      event,
      reply: (text) => this.#queueOf(channel).enqueue(text, event.message_id),
      say: (text) => this.#queueOf(channel).enqueue(text),
      user: async (loginOrId) => {
        if (typeof loginOrId !== 'string' || loginOrId.trim() === '') throw new PlatformError('ctx.user() needs a login or an ID.');
        const user = await this.users.get(loginOrId);
        if (!user) throw new PlatformError(`No user ${loginOrId}.`);
        return user;
      },
    };
  }

  #queueOf(channel: JoinedChannel): ChatQueue {
    return channel.queue;
  }
}

function channelOptions(channel: string | BotChannelOptions): BotChannelOptions {
  const options = typeof channel === 'string' ? { login: channel } : channel;
  if (typeof options !== 'object' || options === null || typeof options.login !== 'string' || options.login.trim() === '') {
    throw new PlatformError(`A channel is a login or { login, prefix }; got ${describe(channel)}.`);
  }
  if (options.prefix !== undefined) checkPrefix(options.prefix, `The prefix of channel ${options.login}`);
  return { login: options.login.trim().replace(/^@/, '').toLowerCase(), prefix: options.prefix };
}

function checkPrefix(prefix: unknown, what: string): void {
  if (typeof prefix !== 'string' || prefix.trim() === '' || /\s/.test(prefix)) {
    throw new PlatformError(`${what} must be a non-empty string without spaces; got ${describe(prefix)}.`);
  }
}
