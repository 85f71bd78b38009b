import { createMockPlatform } from '@platform/mock';
import { Platform, PlatformApiError } from '@platform/client';
import { startBot, startDesk } from './bot';

// A small moderation bot. Without settings it runs against the platform on one machine
// (@platform/mock): it looks its channel and itself up by login, listens to chat, AutoMod and
// channel updates over the EventSub WebSocket transport, answers a command, denies a message
// AutoMod holds for a blocked term, times out and then bans a spammer, turns shield mode on, pages
// through chatters, hears the streamer change the stream title, runs the streamer's poll and
// prediction and fulfils a Channel Points redemption as their events arrive, and lists the bans;
// then it exits by itself.
// With PLATFORM_CLIENT_ID and PLATFORM_TOKEN in the environment it runs against the real platform
// instead (see README.md): it only listens and answers !hello (it bans no real user), for
// PLATFORM_DEMO_SECONDS (25 by default).
const started = Date.now();
const say = (step: string, text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(4)}s] ${step.padEnd(7)} ${text}`);
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
    // An affiliate: polls, predictions and Channel Points rewards are for partners and affiliates.
    const streamer = mock.addUser({ login: 'pixelforge', display_name: 'PixelForge', broadcaster_type: 'affiliate' });
    const botAccount = mock.addUser({ login: 'forgebot', display_name: 'ForgeBot' });
    const spammerAccount = mock.addUser({ login: 'cheap_followers_4u' });
    const channel = mock.state.channel(streamer.id);
    channel.moderators.add(botAccount.id);
    channel.live = true;
    channel.info.title = 'Morning warm-up';
    const viewers = Array.from({ length: 1234 }, (_, index) => mock.addUser({ login: `viewer_${index}` }));
    channel.chatters.push(streamer.id, botAccount.id, spammerAccount.id, ...viewers.map((viewer) => viewer.id));
    const botScopes = ['user:write:chat', 'user:read:chat', 'user:bot', 'moderator:read:chatters', 'moderator:manage:banned_users', 'moderation:read', 'moderator:manage:blocked_terms', 'moderator:manage:automod', 'moderator:manage:shield_mode'];
    // Signing in happens on the platform's site; here the mock issues the tokens the sign-ins would give.
    const signIn = (userId: string, scopes: string[]) => mock.issueToken({ clientId: app.clientId, userId, scopes }).accessToken;

    // The bot's side: one Platform client. From here on the bot knows logins, not IDs.
    const client = new Platform({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
    const botUser = await client.auth.addUser(signIn(botAccount.id, botScopes));
    say('[1/12]', `signed in as ${botUser.login} (${botUser.scopes.length} scopes)`);

    const logins = { channel: 'pixelforge', bot: 'forgebot', spammer: 'cheap_followers_4u' };
    const found = await client.users.users({ login: Object.values(logins) });
    const idOf = (login: string) => {
      const user = found.find((each) => each.login === login);
      if (!user) throw new Error(`The platform has no user ${login}.`);
      return user.id;
    };
    const broadcaster_id = idOf(logins.channel);
    const botId = idOf(logins.bot);
    const spammerId = idOf(logins.spammer);
    say('[2/12]', `looked up by login: ${found.map((user) => `${user.login} = ${user.id}`).join(', ')}`);

    const { listener, done } = await startBot(client, { broadcasterId: broadcaster_id, botId, say, moderate: true });
    say('', `moderating #${logins.channel}; listening to chat, AutoMod and channel updates over the EventSub WebSocket`);

    say('[3/12]', 'a viewer asks !hello; the bot answers');
    mock.chat.userSays(broadcaster_id, viewers[7]!.id, '!hello');
    await until(() => done.answered === 1, 'the answer to !hello');

    say('[4/12]', 'block a term; AutoMod holds a message with it; the bot denies it');
    const term = await client.moderation.addBlockedTerm({ broadcaster_id, text: 'buy followers' });
    say('', `blocked term ${JSON.stringify(term.text)}`);
    mock.moderation.holdMessage(broadcaster_id, spammerId, 'buy followers cheap at spam.example');
    await until(() => done.denied === 1, 'the held message to be denied');

    say('[5/12]', `${logins.spammer} keeps spamming: a 10-minute timeout, then a ban`);
    const timeout = await client.moderation.ban({ broadcaster_id, user_id: spammerId, duration: 600, reason: 'Spam' });
    say('', `timed out until ${timeout.end_time}`);
    const ban = await client.moderation.ban({ broadcaster_id, user_id: spammerId, reason: 'Spam after a timeout' });
    say('', `banned for good (end_time: ${String(ban.end_time)})`);
    try {
      await client.moderation.ban({ broadcaster_id, user_id: spammerId, duration: 60 });
    } catch (error) {
      if (error instanceof PlatformApiError) say('', `a timeout on top of a ban is refused: ${error.message}`);
    }

    say('[6/12]', 'shield mode on');
    const shield = await client.moderation.updateShieldMode({ broadcaster_id, is_active: true });
    say('', `shield mode active: ${shield.is_active}, by ${shield.moderator_login}`);

    say('[7/12]', 'page through every chatter, 1000 a page');
    let seen = 0;
    for await (const page of client.chat.chatters({ broadcaster_id, first: 1000 }).pages()) {
      seen += page.data.length;
      say('', bar(seen, channel.chatters.length));
    }

    // Changing the title, running polls, predictions and rewards, and listing bans take the
    // broadcaster's own token: the streamer signs in to the bot's dashboard too.
    const streamerScopes = ['channel:manage:broadcast', 'moderation:read', 'channel:manage:polls', 'channel:manage:predictions', 'channel:manage:redemptions'];
    await client.auth.addUser(signIn(streamer.id, streamerScopes));
    const title = 'Any% practice, chat kept tidy by ForgeBot';
    const [before] = await client.channels.channelInformation({ broadcaster_id });
    say('[8/12]', `${logins.channel} changes the stream title from ${JSON.stringify(before?.title)} to ${JSON.stringify(title)}; the bot hears channel.update`);
    // broadcaster_id names the acting user, so the streamer's token is used.
    await client.channels.updateChannel({ broadcaster_id, title });
    await until(() => done.titles.includes(title), 'the channel.update event');

    // The bot's desk hears the streamer's polls, predictions and redemptions (their events need the broadcaster's token).
    const desk = await startDesk(client, { broadcasterId: broadcaster_id, say, quorum: 4 });
    const voters = viewers.slice(100, 104);

    say('[9/12]', `${logins.channel} starts a poll; the bot ends it once ${voters.length} viewers voted and names the winner`);
    const poll = await client.polls.createPoll({ broadcaster_id, title: 'Which boss next?', choices: [{ title: 'Stone Warden' }, { title: 'Mire Queen' }, { title: 'Ash Drake' }], duration: 120 });
    for (const [index, voter] of voters.entries()) mock.polls.vote(broadcaster_id, { user_id: voter.id, choice_id: poll.choices[index === 0 ? 0 : 1]!.id });
    await until(() => desk.done.pollWinner !== undefined, 'the poll to end');

    say('[10/12]', `${logins.channel} starts a prediction; the bot locks it once ${voters.length} viewers bet; the boss falls and ${logins.channel} resolves it`);
    const prediction = await client.predictions.createPrediction({ broadcaster_id, title: 'Boss down on the first try?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 120 });
    const [yes, no] = prediction.outcomes;
    for (const [index, voter] of voters.entries()) mock.predictions.bet(broadcaster_id, { user_id: voter.id, outcome_id: (index % 2 === 0 ? yes : no)!.id, channel_points: 100 * (index + 1) });
    await until(() => desk.done.predictionLocked, 'the prediction to lock');
    say('', `the boss falls on the first try: ${logins.channel} resolves the prediction with "${yes!.title}" (endPrediction RESOLVED)`);
    await client.predictions.endPrediction({ broadcaster_id, id: prediction.id, status: 'RESOLVED', winning_outcome_id: yes!.id });
    await until(() => desk.done.predictionWinners !== undefined, 'the prediction to end');

    say('[11/12]', `${logins.channel} adds a Channel Points reward; a viewer redeems it; the bot fulfils the redemption`);
    const reward = await client.channelPoints.createCustomReward({ broadcaster_id, title: 'Hydrate!', cost: 100 });
    say('', `reward "${reward.title}" for ${reward.cost} points created`);
    mock.channelPoints.redeem(broadcaster_id, reward.id, voters[0]!.id);
    await until(() => desk.done.fulfilled.length === 1, 'the redemption to be fulfilled');
    const waiting = await client.channelPoints.customRewardRedemptions({ broadcaster_id, reward_id: reward.id, status: 'UNFULFILLED' }).all();
    say('', `redemptions still waiting in the queue: ${waiting.length}`);
    await desk.listener.close();

    const banned = await client.as(broadcaster_id).moderation.bans().all();
    say('[12/12]', `bans in the channel, as ${logins.channel} sees them: ${banned.map((user) => `${user.user_login} (${user.reason})`).join(', ')}`);

    await listener.close();
    say('done', `${done.messages} chat messages heard; ${mock.requests.length} requests to the platform; rate limit left for the bot: ${client.rateLimitOf(botId)?.remaining ?? 'unknown'}`);
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
    const [found] = await client.users.users({ login: [channelLogin] });
    if (!found) throw new Error(`The platform has no user ${channelLogin}.`);
    broadcasterId = found.id;
  }
  const { listener, done } = await startBot(client, { broadcasterId, botId: bot.userId, say, moderate: false });
  say('[2/2]', `listening to #${channelLogin ?? bot.login} for ${seconds} s; say !hello in its chat`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await listener.close();
  say('done', `${done.messages} chat messages heard, ${done.answered} answered`);
}
