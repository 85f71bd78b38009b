import { Platform, type ChannelChatMessageEvent } from '@platform/client';

/** Settings of the link guard. */
export interface LinkGuardSettings {
  /** Your application's client ID. */
  clientId: string;
  /**
   * The bot's user access token. The bot must moderate the channel, and the token needs
   * `user:read:chat`, `user:write:chat`, `moderator:manage:chat_messages` and
   * `moderator:manage:banned_users`.
   */
  token: string;
  /** The login of the channel to guard. */
  channel: string;
  /** Hosts whose links are welcome (and their subdomains), for example `['example.org']`. */
  allowedHosts?: string[] | undefined;
  /** How long a second offence keeps the chatter out: 600 seconds by default. */
  timeoutSeconds?: number | undefined;
  /** How long a first offence is remembered: 10 minutes by default. */
  strikeWindowMs?: number | undefined;
  /** The bot's clock; `Date.now` by default. Tests give it the mock platform's. */
  now?: (() => number) | undefined;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string; eventSubWsUrl?: string } | undefined;
  /** Where the bot reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
}

/** A running link guard. */
export interface LinkGuard {
  /** Stops listening. */
  close(): Promise<void>;
}

/** A link: a web address, or a bare host name with a common top-level domain. */
const LINK = /\bhttps?:\/\/([^\s/?#]+)[^\s]*|\b((?:[a-z0-9-]+\.)+(?:com|net|org|io|gg|tv|ly|co|me|xyz))\b/gi;

/** The hosts of the links in a message, lower case. */
export function linkHosts(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => (match[1] ?? match[2] ?? '').toLowerCase().replace(/:\d+$/, ''));
}

/**
 * A moderation bot that keeps links out of a channel's chat: it deletes a message with a link
 * from anyone but the broadcaster, moderators and VIPs, warns the chatter the first time, and
 * times them out when they post another within the strike window. Links to `allowedHosts` stay.
 */
export async function startLinkGuard(settings: LinkGuardSettings): Promise<LinkGuard> {
  const log = settings.log ?? (() => undefined);
  const now = settings.now ?? Date.now;
  const allowed = (settings.allowedHosts ?? []).map((host) => host.toLowerCase());
  const timeoutSeconds = settings.timeoutSeconds ?? 600;
  const strikeWindowMs = settings.strikeWindowMs ?? 10 * 60_000;
  const { baseUrl, authUrl, eventSubWsUrl } = settings.platform ?? {};
  const client = new Platform({ clientId: settings.clientId, baseUrl, authUrl, eventSubWsUrl });
  const bot = await client.auth.addUser(settings.token);
  const [channel] = await client.users.users({ login: settings.channel });
  if (!channel) throw new Error(`The platform has no channel named ${settings.channel}.`);
  /** Chatter ID → when their last offence was. */
  const strikes = new Map<string, number>();

  const isAllowed = (host: string) => allowed.some((each) => host === each || host.endsWith(`.${each}`));
  const isTrusted = (event: ChannelChatMessageEvent) => event.badges.some((badge) => ['broadcaster', 'moderator', 'vip'].includes(badge.set_id));

  async function guard(event: ChannelChatMessageEvent): Promise<void> {
    if (event.chatter_user_id === bot.userId || isTrusted(event)) return;
    const hosts = linkHosts(event.message.text).filter((host) => !isAllowed(host));
    if (hosts.length === 0) return;
    await client.moderation.deleteMessages({ broadcaster_id: channel!.id, moderator_id: bot.userId, message_id: event.message_id });
    const last = strikes.get(event.chatter_user_id);
    strikes.set(event.chatter_user_id, now());
    if (last !== undefined && now() - last < strikeWindowMs) {
      await client.moderation.ban({ broadcaster_id: channel!.id, moderator_id: bot.userId, user_id: event.chatter_user_id, duration: timeoutSeconds, reason: `Links (${hosts.join(', ')}) after a warning` });
      log(`timed out ${event.chatter_user_login} for ${timeoutSeconds} s`);
      return;
    }
    await client.chat.send({ broadcaster_id: channel!.id, sender_id: bot.userId, message: `@${event.chatter_user_login}, no links in this chat please. Next time it is a timeout.` });
    log(`deleted a link from ${event.chatter_user_login} and warned them`);
  }

  const listener = client.as(bot.userId).eventsub.websocket({ onError: (error) => log(`error: ${error instanceof Error ? error.message : String(error)}`) });
  try {
    await listener.on('channel.chat.message', { broadcaster_user_id: channel.id, user_id: bot.userId }, guard).ready;
  } catch (error) {
    await listener.close();
    throw error;
  }
  log(`guarding the chat of #${channel.login}`);
  return { close: () => listener.close() };
}
