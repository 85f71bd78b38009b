import { randomUUID } from 'node:crypto';
import { Platform } from '@platform/client';
import { createVirtualClock, type VirtualClock } from '@platform/core/testing';
import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { createBot, type Bot, type BotOptions } from '../src/index';

/** A mock platform with a streamer, a second channel, the bot and two viewers, and the bot's client. */
export interface World {
  mock: MockPlatform;
  client: Platform;
  clock: VirtualClock;
  streamer: MockUser;
  other: MockUser;
  botUser: MockUser;
  viewer: MockUser;
  viewer2: MockUser;
  errors: unknown[];
  /** Makes a bot on the world's client and clock, collecting its errors; stopped by `close()`. */
  bot(options?: Partial<BotOptions>): Bot;
  /** What the bot wrote in a channel, in order. */
  sent(channelId: string): Array<{ text: string; message_id: string }>;
  close(): Promise<void>;
}

/**
 * A `channel.chat.message` in the streamer's channel from the viewer, whole, as the platform sends
 * it, for `mock.events.raise()`: the message `text` as one text fragment; `fields` replace the
 * event's own (`message_id`, `badges`, `message` with other fragments...).
 */
export function chatMessageEvent(w: Pick<World, 'streamer' | 'viewer'>, text: string, fields: Record<string, unknown> = {}) {
  return {
    type: 'channel.chat.message',
    version: '1',
    condition: { broadcaster_user_id: w.streamer.id },
    event: {
      broadcaster_user_id: w.streamer.id,
      broadcaster_user_login: w.streamer.login,
      broadcaster_user_name: w.streamer.display_name,
      chatter_user_id: w.viewer.id,
      chatter_user_login: w.viewer.login,
      chatter_user_name: w.viewer.display_name,
      message_id: randomUUID(),
      message: { text, fragments: [{ type: 'text', text, cheermote: null, emote: null, mention: null }] },
      message_type: 'text',
      badges: [],
      cheer: null,
      color: '',
      reply: null,
      channel_points_custom_reward_id: null,
      source_broadcaster_user_id: null,
      source_broadcaster_user_login: null,
      source_broadcaster_user_name: null,
      source_message_id: null,
      source_badges: null,
      is_source_only: null,
      ...fields,
    },
  };
}

export async function world(scopes: string[] = ['user:read:chat', 'user:write:chat']): Promise<World> {
  // The mock keeps time by the bot's clock: its chat limits count the same 30 seconds as the bot's queue.
  const clock = createVirtualClock({ start: Date.now() });
  const mock = await createMockPlatform({ now: () => clock.now() });
  const streamer = mock.addUser({ login: 'streamer' });
  const other = mock.addUser({ login: 'other' });
  const botUser = mock.addUser({ login: 'greeter' });
  const viewer = mock.addUser({ login: 'viewer' });
  const viewer2 = mock.addUser({ login: 'viewer2' });
  const options = mock.clientOptions();
  const { accessToken } = mock.issueToken({ clientId: options.clientId, userId: botUser.id, scopes });
  const client = new Platform(options);
  await client.auth.addUser(accessToken);
  const errors: unknown[] = [];
  const bots: Bot[] = [];
  return {
    mock,
    client,
    clock,
    streamer,
    other,
    botUser,
    viewer,
    viewer2,
    errors,
    bot(extra = {}) {
      const bot = createBot({ client, bot: botUser.id, channels: ['streamer'], clock, onError: (error) => errors.push(error), ...extra });
      bots.push(bot);
      return bot;
    },
    sent(channelId) {
      return mock.state
        .channel(channelId)
        .messages.filter((message) => message.sender_id === botUser.id)
        .map(({ text, message_id }) => ({ text, message_id }));
    },
    async close() {
      await Promise.all(bots.map((bot) => bot.stop()));
      await mock.close();
    },
  };
}

/** Waits (real time, for sockets) until `check` holds, or fails after `ms`. */
export async function until(check: () => boolean, ms = 5_000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets the sockets carry what is in flight: a few real milliseconds in which nothing is expected to happen. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
