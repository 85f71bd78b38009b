import { createMockPlatform } from '@platform/mock';
import { startCommandsBot } from './bot.ts';

// Runs the commands bot. With PLATFORM_CLIENT_ID and PLATFORM_BOT_TOKEN it joins channels of the
// real platform (PLATFORM_CHANNELS, comma-separated logins; the bot's own by default) until you
// stop it with Ctrl+C. Without them it runs on the mock platform: a viewer and a moderator try the
// commands, the bot answers, it stops.

const log = (line: string) => process.stdout.write(`${line}\n`);
const { PLATFORM_CLIENT_ID: clientId, PLATFORM_BOT_TOKEN: token, PLATFORM_CHANNELS: channelList } = process.env;
const channels = channelList?.split(',').map((login) => login.trim()).filter((login) => login !== '');

if (clientId && token) {
  const bot = await startCommandsBot({ clientId, token, channels, log });
  log('Say !ping, !dice 20 or (as a moderator) !so <login> in the chat; Ctrl+C stops the bot.');
  process.once('SIGINT', () => void bot.close().then(() => process.exit(0)));
} else {
  const mock = await createMockPlatform();
  try {
    const app = mock.addClient({ clientId: 'example-commands-bot' });
    const streamer = mock.addUser({ login: 'pixelforge' });
    const botUser = mock.addUser({ login: 'forgebot' });
    const viewer = mock.addUser({ login: 'quietfox' });
    const moderator = mock.addUser({ login: 'mossmod' });
    mock.addUser({ login: 'tealotter', display_name: 'TealOtter' });
    mock.state.channel(streamer.id).moderators.add(botUser.id).add(moderator.id);
    mock.streams.start(streamer.id, { title: 'Building a bot' });
    const scopes = ['user:read:chat', 'user:write:chat', 'moderator:manage:shoutouts'];
    const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: botUser.id, scopes });
    const bot = await startCommandsBot({ clientId: app.clientId, token: accessToken, channels: [streamer.login], platform: mock, log });
    const chat: Array<[{ id: string; login: string }, string]> = [
      [viewer, '!ping'],
      [viewer, '!dice 20'],
      [viewer, '!so tealotter'], // refused: for moderators
      [moderator, '!so tealotter'],
      [moderator, '!so quietfox'], // refused: the 2-minute cooldown
    ];
    for (const [who, text] of chat) {
      log(`${who.login}: ${text}`);
      const before = bot.answered;
      mock.chat.userSays(streamer.id, who.id, text);
      // One at a time, so that the log reads in order.
      const end = Date.now() + 5000;
      while (bot.answered === before && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await bot.close();
    log(`${bot.answered} answers on the mock platform.`);
  } finally {
    await mock.close();
  }
}
