import { createMockPlatform } from '@platform/mock';
import { Platform, PlatformApiError } from '@platform/client';
import { startBot } from './bot';

// A small moderation bot. Without settings it runs against the platform on one machine
// (@platform/mock): it listens to chat over the EventSub WebSocket transport, answers a command,
// denies a message AutoMod holds for a blocked term, times out and then bans a spammer, turns
// shield mode on, and pages through chatters and bans; then it exits by itself.
// With PLATFORM_CLIENT_ID and PLATFORM_TOKEN in the environment it runs against the real platform
// instead (see README.md): it only listens and answers !hello (it bans no real user), for
// PLATFORM_DEMO_SECONDS (25 by default).
const started = Date.now();
const say = (step: string, text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(4)}s] ${step.padEnd(6)} ${text}`);
const bar = (done: number, total: number) => `${'#'.repeat(Math.round((done / total) * 20)).padEnd(20, '.')} ${done}/${total}`;
const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`The demo waited 5 s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

if (process.env.PLATFORM_CLIENT_ID && process.env.PLATFORM_TOKEN) await live(process.env.PLATFORM_CLIENT_ID, process.env.PLATFORM_TOKEN);
else await onMock();

async function onMock(): Promise<void> {
  const mock = await createMockPlatform();
  try {
    // The platform's side: an application, a streamer, the bot (a moderator) and a busy chat.
    const app = mock.addClient({ clientId: 'demo-bot', clientSecret: 'demo-bot-secret-value' });
    const streamer = mock.addUser({ login: 'pixelforge' });
    const bot = mock.addUser({ login: 'forgebot' });
    const spammer = mock.addUser({ login: 'cheap_followers_4u' });
    const channel = mock.state.channel(streamer.id);
    channel.moderators.add(bot.id);
    channel.live = true;
    const viewers = Array.from({ length: 1234 }, (_, index) => mock.addUser({ login: `viewer_${index}` }));
    channel.chatters.push(streamer.id, bot.id, spammer.id, ...viewers.map((viewer) => viewer.id));
    const botScopes = ['user:write:chat', 'user:read:chat', 'user:bot', 'moderator:read:chatters', 'moderator:manage:banned_users', 'moderation:read', 'moderator:manage:blocked_terms', 'moderator:manage:automod', 'moderator:manage:shield_mode'];

    // The bot's side: one Platform client; the bot signs in (here: a token the mock issues).
    const client = new Platform({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
    const botUser = await client.auth.addUser(mock.issueToken({ clientId: app.clientId, userId: bot.id, scopes: botScopes }).accessToken);
    say('[1/7]', `signed in as ${botUser.login} (${botUser.scopes.length} scopes); moderating #${streamer.login}`);
    const broadcaster_id = streamer.id;
    const { listener, done } = await startBot(client, { broadcasterId: broadcaster_id, botId: bot.id, say, moderate: true });
    say('', 'listening to chat and AutoMod over the EventSub WebSocket');

    say('[2/7]', 'a viewer asks !hello; the bot answers');
    mock.chat.userSays(broadcaster_id, viewers[7]!.id, '!hello');
    await until(() => done.answered === 1, 'the answer to !hello');

    say('[3/7]', 'block a term; AutoMod holds a message with it; the bot denies it');
    const term = await client.moderation.addBlockedTerm({ broadcaster_id, text: 'buy followers' });
    say('', `blocked term ${JSON.stringify(term.text)}`);
    mock.moderation.holdMessage(broadcaster_id, spammer.id, 'buy followers cheap at spam.example');
    await until(() => done.denied === 1, 'the held message to be denied');

    say('[4/7]', `${spammer.login} keeps spamming: a 10-minute timeout, then a ban`);
    const timeout = await client.moderation.ban({ broadcaster_id, user_id: spammer.id, duration: 600, reason: 'Spam' });
    say('', `timed out until ${timeout.end_time}`);
    const ban = await client.moderation.ban({ broadcaster_id, user_id: spammer.id, reason: 'Spam after a timeout' });
    say('', `banned for good (end_time: ${String(ban.end_time)})`);
    try {
      await client.moderation.ban({ broadcaster_id, user_id: spammer.id, duration: 60 });
    } catch (error) {
      if (error instanceof PlatformApiError) say('', `a timeout on top of a ban is refused: ${error.message}`);
    }

    say('[5/7]', 'shield mode on');
    const shield = await client.moderation.updateShieldMode({ broadcaster_id, is_active: true });
    say('', `shield mode active: ${shield.is_active}, by ${shield.moderator_login}`);

    say('[6/7]', 'page through every chatter, 1000 a page');
    let seen = 0;
    for await (const page of client.chat.chatters({ broadcaster_id, first: 1000 }).pages()) {
      seen += page.data.length;
      say('', bar(seen, channel.chatters.length));
    }
    // Listing bans takes the broadcaster's own token: the streamer signs in to the bot's dashboard too.
    await client.auth.addUser(mock.issueToken({ clientId: app.clientId, userId: streamer.id, scopes: ['moderation:read'] }).accessToken);
    const banned = await client.as(streamer.id).moderation.bans().all();
    say('[7/7]', `bans in the channel, as ${streamer.login} sees them: ${banned.map((user) => `${user.user_login} (${user.reason})`).join(', ')}`);

    await listener.close();
    say('done', `${done.messages} chat messages heard; ${mock.requests.length} requests to the platform; rate limit left for the bot: ${client.rateLimitOf(bot.id)?.remaining ?? 'unknown'}`);
  } finally {
    await mock.close();
  }
}

/** The real platform: listen to a channel's chat and answer !hello for a while. */
async function live(clientId: string, token: string): Promise<void> {
  const seconds = Number(process.env.PLATFORM_DEMO_SECONDS ?? 25);
  const client = new Platform({ clientId, clientSecret: process.env.PLATFORM_CLIENT_SECRET || undefined });
  const bot = await client.auth.addUser(token);
  say('[1/2]', `signed in to the platform as ${bot.login} (${bot.scopes.join(' ')})`);
  let broadcasterId = bot.userId;
  const channelLogin = process.env.PLATFORM_CHANNEL;
  if (channelLogin) {
    const users = await client.request<{ data: { id: string }[] }>({ method: 'GET', path: '/users', query: { login: channelLogin } });
    const found = users?.data[0];
    if (!found) throw new Error(`The platform has no user ${channelLogin}.`);
    broadcasterId = found.id;
  }
  const { listener, done } = await startBot(client, { broadcasterId, botId: bot.userId, say, moderate: false });
  say('[2/2]', `listening to #${channelLogin ?? bot.login} for ${seconds} s; say !hello in its chat`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await listener.close();
  say('done', `${done.messages} chat messages heard, ${done.answered} answered`);
}
