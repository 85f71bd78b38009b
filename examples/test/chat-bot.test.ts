import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { duration, startChatBot, type ChatBot } from '../chat-bot/bot.ts';
import { until } from './helpers.ts';

// The chat bot example against the mock platform over real sockets: it hears the chat over the
// EventSub WebSocket and answers with Send Chat Message.

let mock: MockPlatform;
let bot: ChatBot | undefined;
let clock: number;
let streamer: MockUser;
let botUser: MockUser;
let viewer: MockUser;
let log: string[];

async function start(scopes = ['user:read:chat', 'user:write:chat', 'user:bot']) {
  const app = mock.addClient({ clientId: 'chat-bot-tests' });
  const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: botUser.id, scopes });
  // This test's bot writes to this test's log, also a line it writes late.
  const lines = log;
  bot = await startChatBot({ clientId: app.clientId, token: accessToken, channel: streamer.login, platform: mock, now: () => clock, log: (line) => lines.push(line) });
  return bot;
}

/** What the bot wrote in the channel, with the message each answers. */
const answers = () =>
  mock.requests
    .filter((request) => request.method === 'POST' && request.path === '/chat/messages')
    .map((request) => request.body as { message: string; reply_parent_message_id?: string; sender_id: string });

beforeEach(async () => {
  clock = Date.parse('2025-06-01T18:00:00Z');
  mock = await createMockPlatform({ now: () => clock });
  streamer = mock.addUser({ login: 'pixelforge' });
  botUser = mock.addUser({ login: 'forgebot' });
  viewer = mock.addUser({ login: 'quietfox' });
  log = [];
});

afterEach(async () => {
  await bot?.close();
  bot = undefined;
  await mock.close();
});

describe('the chat bot example', () => {
  it('validates its token, finds the channel and subscribes to its chat as the bot', async () => {
    const started = await start();
    expect(started.bot).toEqual({ id: botUser.id, login: 'forgebot' });
    expect(started.broadcaster).toEqual({ id: streamer.id, login: 'pixelforge' });
    expect(mock.eventsub.subscriptions()).toEqual([
      expect.objectContaining({ type: 'channel.chat.message', status: 'enabled', condition: { broadcaster_user_id: streamer.id, user_id: botUser.id } }),
    ]);
  });

  it('answers !hello as a reply to the message that asked', async () => {
    await start();
    const asked = mock.chat.userSays(streamer.id, viewer.id, '!hello');
    await until(() => bot!.answered === 1, 'the answer');
    expect(answers()).toEqual([{ broadcaster_id: streamer.id, sender_id: botUser.id, message: 'Hi @quietfox, welcome to the stream!', reply_parent_message_id: asked.message_id }]);
    expect(mock.state.channel(streamer.id).messages.at(-1)).toMatchObject({ sender_id: botUser.id, text: 'Hi @quietfox, welcome to the stream!' });
  });

  it('answers !uptime from the live stream, and says when the channel is offline', async () => {
    await start();
    mock.chat.userSays(streamer.id, viewer.id, '!uptime');
    await until(() => bot!.answered === 1, 'the offline answer');
    mock.streams.start(streamer.id, { started_at: clock - (2 * 3600 + 5 * 60) * 1000 });
    mock.chat.userSays(streamer.id, viewer.id, '!UPTIME please');
    await until(() => bot!.answered === 2, 'the live answer');
    expect(answers().map((answer) => answer.message)).toEqual(['pixelforge is offline right now.', 'pixelforge has been live for 2 h 5 min.']);
  });

  it('ignores other messages and its own', async () => {
    await start();
    mock.chat.userSays(streamer.id, viewer.id, 'hello everyone');
    mock.chat.userSays(streamer.id, botUser.id, '!hello');
    // A command after them: once it is answered, the two before were seen.
    mock.chat.userSays(streamer.id, viewer.id, '!hello');
    await until(() => bot!.answered === 1, 'the answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers()).toHaveLength(1);
  });

  it('reports an answer the platform drops instead of counting it', async () => {
    await start();
    // The streamer banned the bot: the platform drops what it sends.
    mock.state.channel(streamer.id).bans.set(botUser.id, { user_id: botUser.id, moderator_id: streamer.id, reason: 'Testing', created_at: clock, ends_at: undefined });
    mock.chat.userSays(streamer.id, viewer.id, '!hello');
    await until(() => log.some((line) => line.startsWith('the platform dropped')), 'the drop to be reported');
    expect(bot!.answered).toBe(0);
    expect(log.find((line) => line.startsWith('the platform dropped'))).toContain('banned');
  });

  it('refuses to start without the scope to read chat, and stops cleanly', async () => {
    await expect(start(['user:write:chat'])).rejects.toThrow(/user:read:chat/);
    const started = await start();
    await started.close();
    expect(mock.eventsub.subscriptions().filter((subscription) => subscription.type === 'channel.chat.message' && subscription.status === 'enabled')).toEqual([]);
  });

  it('writes durations in hours and minutes', () => {
    expect([duration(40_000), duration(12 * 60_000 + 5000), duration((2 * 3600 + 5 * 60) * 1000), duration(-5)]).toEqual(['40 s', '12 min', '2 h 5 min', '0 s']);
  });
});
