/**
 * The bot against @platform/mock: a viewer's `mock.chat.userSays()` is the input, the bot's sends
 * (the channel's messages from the bot) are the output. Waits for cooldowns and chat-limit windows
 * go through the bot's virtual clock.
 */
import { PlatformError, type ChannelChatMessageEvent } from '@platform/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BotChannelError, type ChatLimitEvent, type CommandContext, type CommandRefusal } from '../src/index';
import { settle, until, world, type World } from './helpers';

let current: World | undefined;
async function start(scopes?: string[]): Promise<World> {
  current = await world(scopes);
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('commands', () => {
  it('answers a command in the message thread; unknown commands and plain chat are ignored', async () => {
    const w = await start();
    const bot = w.bot();
    bot.command('ping', (ctx) => ctx.reply('pong'));
    await bot.start();
    const raised: ChannelChatMessageEvent[] = [];
    w.mock.events.on((event) => {
      if (event.type === 'channel.chat.message') raised.push(event.event as ChannelChatMessageEvent);
    });
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, 'hello there');
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '!nothing here');
    const asked = w.mock.chat.userSays(w.streamer.id, w.viewer.id, '!ping');
    await until(() => w.sent(w.streamer.id).length === 1, 5_000, 'the reply');
    await settle();
    expect(w.sent(w.streamer.id).map((message) => message.text)).toEqual(['pong']);
    const reply = raised.find((event) => event.chatter_user_id === w.botUser.id);
    expect(reply?.reply).toMatchObject({ parent_message_id: asked.message_id, parent_user_login: 'viewer' });
    expect(w.errors).toEqual([]);
  });

  it('aliases, case, quoted arguments and the message in the context; a handler error goes to onError and the bot goes on', async () => {
    const w = await start();
    const bot = w.bot({ prefix: '?' });
    const seen: CommandContext[] = [];
    bot.command({ name: 'echo', aliases: ['say', 'e'] }, async (ctx) => {
      seen.push(ctx);
      await ctx.say(ctx.args.join('|'));
    });
    bot.command('boom', () => {
      throw new Error('kaboom');
    });
    await bot.start();
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '?boom');
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, `?SAY "hello world" it\\'s 'a b'`);
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '!echo wrong prefix');
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '?e one');
    await until(() => w.sent(w.streamer.id).length === 2, 5_000, 'two answers');
    expect(w.sent(w.streamer.id).map((message) => message.text)).toEqual(["hello world|it's|a b", 'one']);
    expect(seen[0]).toMatchObject({
      command: 'echo',
      invokedAs: 'say',
      argsText: `"hello world" it\\'s 'a b'`,
      channel: { id: w.streamer.id, login: 'streamer' },
      chatter: { id: w.viewer.id, login: 'viewer', role: 'everyone' },
      message: { text: `?SAY "hello world" it\\'s 'a b'`, badges: [], reply: null },
    });
    expect(seen[0]!.message.fragments[0]).toMatchObject({ type: 'text' });
    expect(w.errors).toHaveLength(1);
    expect((w.errors[0] as Error).message).toBe('kaboom');
  });

  it('a prefix per channel; ctx.user() resolves logins and IDs through one cache, batched', async () => {
    const w = await start();
    const bot = w.bot({ channels: ['streamer', { login: 'other', prefix: '#' }] });
    bot.command('who', async (ctx) => {
      const [byLogin, byId] = await Promise.all([ctx.user(ctx.args[0]), ctx.user(ctx.args[1])]);
      await ctx.say(`${byLogin.id} ${byId.login}`);
    });
    bot.command('missing', async (ctx) => {
      await ctx.user('nobody_here');
    });
    await bot.start();
    w.mock.clearRequests();
    w.mock.chat.userSays(w.other.id, w.viewer.id, `#who @viewer2 ${w.streamer.id}`);
    w.mock.chat.userSays(w.other.id, w.viewer.id, '!who viewer2 x');
    await until(() => w.sent(w.other.id).length === 1, 5_000, 'the answer');
    expect(w.sent(w.other.id)[0]!.text).toBe(`${w.viewer2.id} streamer`);
    // The streamer was known from the start: one call, for viewer2 only.
    const lookups = () => w.mock.requests.filter((request) => request.path.endsWith('/users') && request.method === 'GET');
    expect(lookups().map((request) => [request.query.login].flat())).toEqual([['viewer2']]);
    w.mock.chat.userSays(w.other.id, w.viewer.id, '#missing');
    await until(() => w.errors.length === 1, 5_000, 'the error');
    expect(w.errors[0]).toBeInstanceOf(PlatformError);
    expect((w.errors[0] as Error).message).toBe('No user nobody_here.');
    // Users asked for in one turn go out as one call; known ones (viewer2 now) are not asked again.
    const found = await bot.users.many(['nobody1', '@Nobody2', w.viewer2.login, w.viewer.id]);
    expect(found.map((user) => user?.login)).toEqual([undefined, undefined, 'viewer2', 'viewer']);
    expect(lookups().map((request) => [request.query.login].flat())).toEqual([['viewer2'], ['nobody_here'], ['nobody1', 'nobody2']]);
  });

  it('refuses bad input with clear errors', async () => {
    const w = await start();
    expect(() => w.bot({ prefix: '' })).toThrow('The prefix must be a non-empty string without spaces; got "".');
    expect(() => w.bot({ channels: [{ login: 'x', prefix: ' ' }] })).toThrow('The prefix of channel x must be a non-empty string without spaces; got " ".');
    const bot = w.bot();
    bot.command({ name: 'so', aliases: ['shoutout'] }, () => undefined);
    expect(() => bot.command('SHOUTOUT', () => undefined)).toThrow('The command name or alias shoutout is taken by command so.');
    expect(() => bot.command({ name: 'a', aliases: ['b', 'B'] }, () => undefined)).toThrow('The command name or alias b is taken.');
    expect(() => bot.command({ name: 'x', permission: 'admin' as 'vip' }, () => undefined)).toThrow('The permission of command x must be one of everyone, subscriber, vip, moderator, broadcaster or a function; got "admin".');
    expect(() => bot.command('two words', () => undefined)).toThrow('A command name or alias must be a word without spaces; got "two words".');
    expect(() => bot.command({ name: 'c', cooldown: { user: -1 } }, () => undefined)).toThrow('The user cooldown of command c must be a number of milliseconds; got -1.');
    const lost = w.bot({ channels: ['streamer', 'no_such_channel'] });
    await expect(lost.start()).rejects.toThrow('This channel does not exist: no_such_channel.');
  });
});

describe('permissions from badges', () => {
  it('broadcaster, moderator, vip, subscriber, everyone and a function; refused is silent unless onRefused says', async () => {
    const w = await start();
    const refusals: CommandRefusal[] = [];
    const bot = w.bot({ onRefused: (refusal) => refusals.push(refusal) });
    for (const role of ['broadcaster', 'moderator', 'vip', 'subscriber', 'everyone'] as const) {
      bot.command({ name: role, permission: role }, (ctx) => ctx.say(`${role} ok for ${ctx.chatter.login}`));
    }
    bot.command({ name: 'viewer2only', permission: (ctx) => ctx.chatter.id === w.viewer2.id }, (ctx) => ctx.say(`fn ok for ${ctx.chatter.login}`));
    await bot.start();
    const channel = w.mock.state.channel(w.streamer.id);
    const moderator = w.mock.addUser({ login: 'mod' });
    const vip = w.mock.addUser({ login: 'vipper' });
    channel.moderators.add(moderator.id);
    channel.vips.add(vip.id);
    const says = (userId: string, text: string) => w.mock.chat.userSays(w.streamer.id, userId, text);
    says(w.viewer.id, '!moderator');
    says(vip.id, '!vip');
    says(vip.id, '!moderator');
    says(moderator.id, '!vip');
    says(moderator.id, '!broadcaster');
    says(w.streamer.id, '!broadcaster');
    says(w.viewer.id, '!everyone');
    says(w.viewer.id, '!viewer2only');
    says(w.viewer2.id, '!viewer2only');
    // A subscriber's messages carry the subscriber badge.
    w.mock.subscriptions.subscribe(w.streamer.id, w.viewer2.id);
    says(w.viewer2.id, '!subscriber');
    says(w.viewer.id, '!subscriber');
    await until(() => w.sent(w.streamer.id).length === 6 && refusals.length === 5, 5_000, 'the answers and refusals');
    await settle();
    expect(w.sent(w.streamer.id).map((message) => message.text).sort()).toEqual(
      ['broadcaster ok for streamer', 'everyone ok for viewer', 'fn ok for viewer2', 'subscriber ok for viewer2', 'vip ok for mod', 'vip ok for vipper'],
    );
    expect(refusals.map((refusal) => `${refusal.reason} ${refusal.context.command} ${refusal.context.chatter.login} ${refusal.context.chatter.role}`).sort()).toEqual([
      'permission broadcaster mod moderator',
      'permission moderator viewer everyone',
      'permission moderator vipper vip',
      'permission subscriber viewer everyone',
      'permission viewer2only viewer everyone',
    ]);
    expect(w.errors).toEqual([]);
  });
});

describe('cooldowns in memory', () => {
  it('per user and per channel, on the bot clock; the broadcaster and moderators bypass them unless told not to', async () => {
    const w = await start();
    const refusals: CommandRefusal[] = [];
    const bot = w.bot({ channels: ['streamer', 'other'], onRefused: (refusal) => refusals.push(refusal) });
    let runs = 0;
    bot.command({ name: 'hug', cooldown: { user: 60_000 } }, (ctx) => ctx.say(`hug ${++runs} ${ctx.chatter.login}`));
    bot.command({ name: 'so', cooldown: { channel: 10_000 } }, (ctx) => ctx.say(`so ${++runs} ${ctx.chatter.login}`));
    await bot.start();
    const count = () => w.sent(w.streamer.id).length + w.sent(w.other.id).length;
    const say = async (channel: string, user: string, text: string, expected: number) => {
      w.mock.chat.userSays(channel, user, text);
      await until(() => count() + refusals.length === expected, 5_000, `${text} handled`);
    };
    await say(w.streamer.id, w.viewer.id, '!hug', 1);
    await say(w.streamer.id, w.viewer.id, '!hug', 2); // refused: the viewer's cooldown
    await say(w.streamer.id, w.viewer2.id, '!hug', 3); // another user
    await say(w.other.id, w.viewer.id, '!hug', 4); // the same user in another channel
    await say(w.streamer.id, w.viewer.id, '!so', 5);
    await say(w.streamer.id, w.viewer2.id, '!so', 6); // refused: the channel's cooldown
    await say(w.other.id, w.viewer2.id, '!so', 7); // another channel
    await say(w.streamer.id, w.streamer.id, '!so', 8); // the broadcaster bypasses it
    expect(refusals.map((refusal) => [refusal.reason, refusal.context.command, refusal.waitMs! > 0])).toEqual([
      ['cooldown', 'hug', true],
      ['cooldown', 'so', true],
    ]);
    await w.clock.advance(10_000);
    await say(w.streamer.id, w.viewer2.id, '!so', 9);
    await say(w.streamer.id, w.viewer.id, '!hug', 10); // 10 s of 60 s: still refused
    await w.clock.advance(50_000);
    await say(w.streamer.id, w.viewer.id, '!hug', 11);
    expect(refusals).toHaveLength(3);
    expect(w.sent(w.streamer.id).map((message) => message.text)).toEqual(['hug 1 viewer', 'hug 2 viewer2', 'so 4 viewer', 'so 6 streamer', 'so 7 viewer2', 'hug 8 viewer']);
  });

  it('cooldownBypass: false holds moderators to them too', async () => {
    const w = await start();
    const refusals: CommandRefusal[] = [];
    const bot = w.bot({ cooldownBypass: false, onRefused: (refusal) => refusals.push(refusal) });
    bot.command({ name: 'so', cooldown: { global: 5_000 } }, (ctx) => ctx.say('so'));
    await bot.start();
    w.mock.chat.userSays(w.streamer.id, w.streamer.id, '!so');
    await until(() => w.sent(w.streamer.id).length === 1);
    w.mock.chat.userSays(w.streamer.id, w.streamer.id, '!so');
    await until(() => refusals.length === 1);
    expect(refusals[0]).toMatchObject({ reason: 'cooldown', waitMs: 5_000 });
  });
});

describe('sending', () => {
  it('a burst beyond the chat limit: 20 go at once, the next wait for the window, the rest are dropped and reported', async () => {
    const w = await start();
    const limits: ChatLimitEvent[] = [];
    const bot = w.bot({ chatLimit: { maxQueued: 5 }, onChatLimit: (event) => limits.push(event) });
    const answers: Array<Promise<unknown>> = [];
    bot.command('spam', (ctx) => {
      for (let index = 1; index <= 30; index++) answers.push(ctx.say(`line ${index}`));
    });
    await bot.start();
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '!spam');
    await until(() => w.sent(w.streamer.id).length === 20 && limits.length === 10, 5_000, 'the first window');
    await settle();
    expect(w.sent(w.streamer.id)).toHaveLength(20);
    expect(limits.filter((event) => event.action === 'dropped').map((event) => event.text)).toEqual(['line 26', 'line 27', 'line 28', 'line 29', 'line 30']);
    expect(limits.filter((event) => event.action === 'delayed').map((event) => [event.text, event.waitMs])).toEqual([21, 22, 23, 24, 25].map((index) => [`line ${index}`, 30_000]));
    await w.clock.advance(29_000);
    await settle();
    expect(w.sent(w.streamer.id)).toHaveLength(20);
    await w.clock.advance(1_000);
    await until(() => w.sent(w.streamer.id).length === 25, 5_000, 'the second window');
    expect(w.sent(w.streamer.id).map((message) => message.text)).toEqual(Array.from({ length: 25 }, (_, index) => `line ${index + 1}`));
    const results = (await Promise.all(answers)) as Array<{ is_sent: boolean }>;
    expect(results.map((result) => result.is_sent)).toEqual([...Array<boolean>(25).fill(true), ...Array<boolean>(5).fill(false)]);
  });

  it('where the bot is a moderator its own messages show it, and the limit is 100', async () => {
    const w = await start();
    w.mock.state.channel(w.streamer.id).moderators.add(w.botUser.id);
    const limits: ChatLimitEvent[] = [];
    const bot = w.bot({ onChatLimit: (event) => limits.push(event) });
    bot.command('spam', async (ctx) => {
      await ctx.say('first');
      await until(() => w.sent(w.streamer.id).length === 1);
      // Let the bot's own message come back to it over EventSub.
      await settle();
      for (let index = 1; index <= 40; index++) void ctx.say(`line ${index}`);
    });
    await bot.start();
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '!spam');
    await until(() => w.sent(w.streamer.id).length === 41, 5_000, '41 messages');
    expect(limits).toEqual([]);
  });

  it('as the app (the bot badge) when the bot granted user:bot and the channel channel:bot, else with the bot user token', async () => {
    const w = await start(['user:read:chat', 'user:write:chat', 'user:bot']);
    w.mock.issueToken({ clientId: w.client.clientId, userId: w.streamer.id, scopes: ['channel:bot'] });
    const bot = w.bot({ channels: ['streamer', 'other'] });
    bot.command('ping', (ctx) => ctx.reply('pong'));
    await bot.start();
    w.mock.clearRequests();
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, '!ping');
    w.mock.chat.userSays(w.other.id, w.viewer.id, '!ping');
    await until(() => w.sent(w.streamer.id).length === 1 && w.sent(w.other.id).length === 1, 5_000, 'both answers');
    const sends = w.mock.requests.filter((request) => request.path.endsWith('/chat/messages'));
    const kinds = Object.fromEntries(sends.map((request) => [(request.body as { broadcaster_id: string }).broadcaster_id, w.mock.state.tokens.get(request.token!)?.userId === undefined ? 'app' : 'user']));
    expect(kinds).toEqual({ [w.streamer.id]: 'app', [w.other.id]: 'user' });
  });
});

describe('shared chat', () => {
  it('a message is handled once, in its source channel; sharedChat: every handles each copy', async () => {
    const w = await start();
    const bot = w.bot({ channels: ['streamer', 'other'] });
    bot.command('ping', (ctx) => ctx.say(`pong in ${ctx.channel.login}`));
    await bot.start();
    w.mock.chat.startSharedSession(w.streamer.id, [w.other.id]);
    w.mock.chat.userSays(w.other.id, w.viewer.id, '!ping');
    await until(() => w.sent(w.other.id).length === 1, 5_000, 'the answer');
    await settle(300);
    expect([...w.sent(w.streamer.id), ...w.sent(w.other.id)].map((message) => message.text)).toEqual(['pong in other']);
    await bot.stop();

    const every = w.bot({ channels: ['streamer', 'other'], sharedChat: 'every' });
    every.command('ping', (ctx) => ctx.say(`pong in ${ctx.channel.login}`));
    await every.start();
    w.mock.chat.userSays(w.other.id, w.viewer.id, '!ping');
    await until(() => w.sent(w.streamer.id).length === 1, 5_000, 'the answer in the channel it was shared into');
    expect(w.sent(w.other.id).map((message) => message.text)).toEqual(['pong in other', 'pong in other']);
    expect(w.sent(w.streamer.id).map((message) => message.text)).toEqual(['pong in streamer']);
  });
});

describe('channels and faults', () => {
  it('join() and leave() at run time', async () => {
    const w = await start();
    const bot = w.bot({ channels: [] });
    bot.command('ping', (ctx) => ctx.say(`pong in ${ctx.channel.login}`));
    await bot.start();
    await bot.join('other');
    expect(bot.channels.map((channel) => channel.login)).toEqual(['other']);
    w.mock.chat.userSays(w.other.id, w.viewer.id, '!ping');
    await until(() => w.sent(w.other.id).length === 1);
    await bot.leave('other');
    expect(bot.channels).toEqual([]);
    w.mock.chat.userSays(w.other.id, w.viewer.id, '!ping');
    await settle(300);
    expect(w.sent(w.other.id)).toHaveLength(1);
    await expect(bot.join('no_such_channel')).rejects.toThrow('This channel does not exist: no_such_channel.');
  });

  it('a missing user:read:chat grant names each channel and the grant; a revoked subscription names its channel and the other goes on', async () => {
    const w = await start(['user:write:chat']);
    const bot = w.bot({ channels: ['streamer', 'other'] });
    await bot.start();
    expect(w.errors).toHaveLength(2);
    for (const error of w.errors) expect(error).toBeInstanceOf(BotChannelError);
    expect((w.errors as BotChannelError[]).map((error) => [error.channel, error.grants])).toEqual([
      ['streamer', ['user:read:chat (the bot)']],
      ['other', ['user:read:chat (the bot)']],
    ]);
    expect((w.errors[0] as Error).message).toMatch(/^The bot could not join channel streamer: .* It needs user:read:chat \(the bot\)\.$/);
    await bot.stop();
    w.errors.length = 0;

    // A bot with its grants, on a new mock: one channel's subscription revoked.
    const world2 = await world();
    current = world2;
    await w.close();
    const second = world2.bot({ channels: ['streamer', 'other'] });
    second.command('ping', (ctx) => ctx.say('pong'));
    await second.start();
    const subscriptions = world2.mock.eventsub.subscriptions({ type: 'channel.chat.message' }) as Array<{ id: string; condition: Record<string, string> }>;
    world2.mock.eventsub.revoke(subscriptions.find((each) => each.condition.broadcaster_user_id === world2.streamer.id)!.id);
    await until(() => world2.errors.length === 1, 5_000, 'the revocation');
    expect(world2.errors[0]).toBeInstanceOf(BotChannelError);
    expect(world2.errors[0]).toMatchObject({ channel: 'streamer', message: 'The bot lost channel streamer: the platform revoked its chat subscription (authorization_revoked); it needs user:read:chat (the bot).' });
    world2.mock.chat.userSays(world2.other.id, world2.viewer.id, '!ping');
    await until(() => world2.sent(world2.other.id).length === 1, 5_000, 'the other channel answering');
  });
});
