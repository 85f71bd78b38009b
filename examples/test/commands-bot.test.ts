import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shoutoutCooldownMs, startCommandsBot, type CommandsBot } from '../commands-bot/bot.ts';
import { until } from './helpers.ts';

// The commands bot example (on @platform/bot) against the mock platform over real sockets: a
// viewer's mock.chat.userSays() is the input, the bot's messages in the channel are the output.
// The cooldowns run on the test's clock, which the mock shares.

let mock: MockPlatform;
let bot: CommandsBot | undefined;
let clock: number;
let streamer: MockUser;
let botUser: MockUser;
let viewer: MockUser;
let moderator: MockUser;
let friend: MockUser;
let log: string[];
let dice: number[];

async function start(scopes = ['user:read:chat', 'user:write:chat', 'moderator:manage:shoutouts']) {
  const app = mock.addClient({ clientId: 'commands-bot-tests' });
  const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: botUser.id, scopes });
  // This test's bot writes to this test's log, also a line it writes late.
  const lines = log;
  bot = await startCommandsBot({
    clientId: app.clientId,
    token: accessToken,
    channels: [streamer.login],
    platform: mock,
    now: () => clock,
    random: () => dice.shift() ?? 0,
    log: (line) => lines.push(line),
  });
  return bot;
}

/** What the bot wrote in the channel, with the message each answers. */
const answers = () =>
  mock.state
    .channel(streamer.id)
    .messages.filter((message) => message.sender_id === botUser.id)
    .map((message) => message.text);

/** A chatter says `text`; resolves with the bot's answer, once it is in the channel. */
async function says(user: MockUser, text: string): Promise<{ asked: string; answer: string; replyTo: string | undefined }> {
  const before = answers().length;
  const asked = mock.chat.userSays(streamer.id, user.id, text);
  await until(() => answers().length > before, `the answer to ${text}`);
  const sent = mock.requests.filter((request) => request.method === 'POST' && request.path === '/chat/messages').at(-1)!.body as { message: string; reply_parent_message_id?: string };
  expect(sent.message).toBe(answers().at(-1));
  return { asked: asked.message_id, answer: sent.message, replyTo: sent.reply_parent_message_id };
}

const shoutouts = () => mock.requests.filter((request) => request.method === 'POST' && request.path === '/chat/shoutouts').map((request) => request.query.to_broadcaster_id);

beforeEach(async () => {
  clock = Date.parse('2025-06-01T18:00:00Z');
  mock = await createMockPlatform({ now: () => clock });
  streamer = mock.addUser({ login: 'pixelforge' });
  botUser = mock.addUser({ login: 'forgebot' });
  viewer = mock.addUser({ login: 'quietfox', display_name: 'QuietFox' });
  moderator = mock.addUser({ login: 'mossmod', display_name: 'MossMod' });
  friend = mock.addUser({ login: 'tealotter', display_name: 'TealOtter' });
  mock.state.channel(streamer.id).moderators.add(botUser.id).add(moderator.id);
  log = [];
  dice = [];
});

afterEach(async () => {
  await bot?.close();
  bot = undefined;
  await mock.close();
});

describe('the commands bot example', () => {
  it('joins its channels over the EventSub WebSocket as the bot', async () => {
    const started = await start();
    expect(started.bot).toEqual({ id: botUser.id, login: 'forgebot' });
    expect(started.channels).toEqual(['pixelforge']);
    expect(mock.eventsub.subscriptions({ type: 'channel.chat.message' })).toEqual([
      expect.objectContaining({ status: 'enabled', condition: { broadcaster_user_id: streamer.id, user_id: botUser.id } }),
    ]);
  });

  it('answers !ping in the thread of the message that asked, and ignores plain chat and unknown commands', async () => {
    await start();
    mock.chat.userSays(streamer.id, viewer.id, 'ping');
    mock.chat.userSays(streamer.id, viewer.id, '!pong');
    const { asked, answer, replyTo } = await says(viewer, '!ping');
    expect(answer).toBe('pong');
    expect(replyTo).toBe(asked);
    expect(answers()).toEqual(['pong']);
    // The bot logs once the platform's answer to its send has come back, after the mock holds the message.
    await until(() => log.includes('#pixelforge quietfox: !ping -> pong'), 'the answer in the log');
  });

  it('rolls !dice of 6 sides, or of the sides asked for, and explains a bad number', async () => {
    await start();
    dice = [0.5, 0.999, 0];
    expect((await says(viewer, '!dice')).answer).toBe('QuietFox rolls a d6: 4');
    expect((await says(viewer, '!DICE 20')).answer).toBe('QuietFox rolls a d20: 20');
    expect((await says(viewer, '!roll 1000')).answer).toBe('QuietFox rolls a d1000: 1');
    expect((await says(viewer, '!dice many')).answer).toBe('Usage: !dice [sides], with 2 to 1000 sides.');
    expect((await says(viewer, '!dice 1')).answer).toBe('Usage: !dice [sides], with 2 to 1000 sides.');
  });

  it('refuses !so to a viewer: no shoutout, and the viewer is told', async () => {
    await start();
    mock.streams.start(streamer.id);
    const { asked, answer, replyTo } = await says(viewer, '!so tealotter');
    expect(answer).toBe('Sorry @QuietFox, !so is for moderators.');
    expect(replyTo).toBe(asked);
    expect(shoutouts()).toEqual([]);
  });

  it('gives a moderator\'s !so through the platform, then holds the channel to the 2-minute cooldown on the clock', async () => {
    await start();
    mock.streams.start(streamer.id);
    expect((await says(moderator, '!so @TealOtter')).answer).toBe('Go and follow @TealOtter!');
    expect(shoutouts()).toEqual([friend.id]);
    // The bot's cooldown, not the platform's 429: the broadcaster too, with !shoutout.
    expect((await says(moderator, '!so quietfox')).answer).toBe('!so can be used again in 120 s.');
    clock += 90_000;
    expect((await says(streamer, '!shoutout quietfox')).answer).toBe('!so can be used again in 30 s.');
    expect(shoutouts()).toEqual([friend.id]);
    clock += 30_000;
    expect(shoutoutCooldownMs).toBe(120_000);
    expect((await says(moderator, '!so quietfox')).answer).toBe('Go and follow @QuietFox!');
    expect(shoutouts()).toEqual([friend.id, viewer.id]);
  });

  it('answers what the platform refuses, and an unknown channel or a missing login, without a shoutout', async () => {
    await start();
    expect((await says(moderator, '!so')).answer).toBe('Usage: !so <login>');
    clock += shoutoutCooldownMs;
    expect((await says(moderator, '!so nobody_here')).answer).toBe('There is no channel named nobody_here.');
    clock += shoutoutCooldownMs;
    // The stream is offline: the platform refuses the shoutout.
    expect((await says(moderator, '!so tealotter')).answer).toMatch(/^The platform refused the shoutout to TealOtter: .*not streaming live.*\.$/);
    expect(log.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('refuses to start without the scope to read chat, naming the channel, and stops cleanly', async () => {
    await expect(start(['user:write:chat'])).rejects.toThrow(/^The bot could not join channel pixelforge: .*user:read:chat/);
    expect(mock.eventsub.subscriptions({ type: 'channel.chat.message', status: 'enabled' })).toEqual([]);
    const started = await start();
    await started.close();
    expect(mock.eventsub.subscriptions({ type: 'channel.chat.message', status: 'enabled' })).toEqual([]);
  });
});
