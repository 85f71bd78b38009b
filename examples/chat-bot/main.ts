import { createMockPlatform } from '@platform/mock';
import { startChatBot } from './bot.ts';

// Runs the chat bot. With PLATFORM_CLIENT_ID and PLATFORM_BOT_TOKEN it joins a channel of the real
// platform (PLATFORM_CHANNEL, the bot's own by default) until you stop it with Ctrl+C. Without
// them it runs on the mock platform: a viewer asks !hello and !uptime, the bot answers, it stops.

const log = (line: string) => process.stdout.write(`${line}\n`);
const { PLATFORM_CLIENT_ID: clientId, PLATFORM_BOT_TOKEN: token, PLATFORM_CHANNEL: channel } = process.env;

if (clientId && token) {
  const bot = await startChatBot({ clientId, token, channel, log });
  log('Say !hello or !uptime in the chat; Ctrl+C stops the bot.');
  process.once('SIGINT', () => void bot.close().then(() => process.exit(0)));
} else {
  const mock = await createMockPlatform();
  try {
    const app = mock.addClient({ clientId: 'example-chat-bot' });
    const streamer = mock.addUser({ login: 'pixelforge' });
    const botUser = mock.addUser({ login: 'forgebot' });
    const viewer = mock.addUser({ login: 'quietfox' });
    mock.streams.start(streamer.id, { started_at: Date.now() - 95 * 60_000, title: 'Building a bot' });
    const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: botUser.id, scopes: ['user:read:chat', 'user:write:chat', 'user:bot'] });
    const bot = await startChatBot({ clientId: app.clientId, token: accessToken, channel: streamer.login, platform: mock, log });
    for (const text of ['!hello', '!uptime']) {
      log(`${viewer.login}: ${text}`);
      mock.chat.userSays(streamer.id, viewer.id, text);
    }
    const end = Date.now() + 5000;
    while (bot.answered < 2 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
    await bot.close();
    log(`${bot.answered} commands answered on the mock platform.`);
  } finally {
    await mock.close();
  }
}
