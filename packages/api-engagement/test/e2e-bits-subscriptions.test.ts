import { platformAuth } from '@platform/auth';
import { createClient, PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bitsLeaderboard, broadcasterSubscriptions, checkUserSubscription, cheermotes, customPowerUps, extensionTransactions } from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The bits and subscriptions groups end to end: cheers, extension purchases and subscriptions made
 * on the platform's side (through the mock's controls) read back through the client, with the app
 * token where an extension may use it.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('bits', () => {
  it('the leaderboard: ranks by Bits, count, the users around one user, a week in Pacific time', async () => {
    const { client, mock, broadcaster, viewer, fan, hobbyist } = world;
    const streamer = client.as(broadcaster.id);
    await expect(bitsLeaderboard(streamer)).resolves.toEqual({ data: [], date_range: { started_at: '', ended_at: '' }, total: 0 });
    mock.bits.cheer(broadcaster.id, { user_id: viewer.id, bits: 100 });
    mock.bits.cheer(broadcaster.id, { user_id: fan.id, bits: 500 });
    mock.bits.cheer(broadcaster.id, { user_id: viewer.id, bits: 450 });
    mock.bits.cheer(broadcaster.id, { user_id: hobbyist.id, bits: 50 });
    mock.bits.cheer(broadcaster.id, { user_id: fan.id, bits: 1000, is_anonymous: true });

    const board = await bitsLeaderboard(streamer);
    expect(board).toEqual({
      data: [
        { user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox', rank: 1, score: 550 },
        { user_id: fan.id, user_login: 'mossfan', user_name: 'MossFan', rank: 2, score: 500 },
        { user_id: hobbyist.id, user_login: 'weekendcaster', user_name: 'WeekendCaster', rank: 3, score: 50 },
      ],
      date_range: { started_at: '', ended_at: '' },
      total: 3,
    });
    expect((await bitsLeaderboard(streamer, { count: 1 })).data.map((leader) => leader.user_login)).toEqual(['quietfox']);
    expect((await bitsLeaderboard(streamer, { count: 1, user_id: hobbyist.id })).data.map((leader) => leader.rank)).toEqual([3]);
    // START is a Saturday, 09:00 in Pacific time: the week began on Monday 9 March at midnight PST.
    const week = await bitsLeaderboard(streamer, { period: 'week', started_at: iso(START) });
    expect(week.date_range).toEqual({ started_at: '2026-03-09T08:00:00.000Z', ended_at: '2026-03-16T08:00:00.000Z' });
    expect(week.total).toBe(3);
    expect(world.mock.requests.at(-1)?.query).toEqual({ period: 'week', started_at: iso(START) });
    // The reference lists a period other than all without started_at as refused: the platform says so.
    const noStart = await rejectionOf(bitsLeaderboard(streamer, { period: 'day' }));
    expect(noStart).toBeInstanceOf(PlatformApiError);
    expect(noStart.message).toBe('The started_at query parameter is required if period is not set to all. (400 on GET /bits/leaderboard)');
  });

  it('the Cheermotes: the global ones with either token, and the channel\'s own with broadcaster_id', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const global = await cheermotes(client.as('app'));
    expect(global.length).toBeGreaterThan(0);
    expect(global.every((cheermote) => cheermote.type === 'global_first_party' || cheermote.type === 'global_third_party')).toBe(true);
    expect(global.map((cheermote) => cheermote.order)).toEqual([...global.map((cheermote) => cheermote.order)].sort((a, b) => a - b));
    const [cheer] = global;
    expect(cheer!.tiers[0]).toMatchObject({ min_bits: 1, id: '1', can_cheer: true });
    expect(Object.keys(cheer!.tiers[0]!.images.dark.animated).sort()).toEqual(['1', '1.5', '2', '3', '4']);

    mock.bits.addCheermote(broadcaster.id, { prefix: 'Forge', order: 1 });
    const withChannel = await cheermotes(client.as(viewer.id), { broadcaster_id: broadcaster.id });
    expect(withChannel.filter((cheermote) => cheermote.type === 'channel_custom').map((cheermote) => cheermote.prefix)).toEqual(['Forge']);
    expect(withChannel).toHaveLength(global.length + 1);
    expect(mock.requests.at(-1)?.query).toEqual({ broadcaster_id: broadcaster.id });
  });

  it('custom Power-ups: the channel\'s list with the broadcaster\'s token, and a redemption heard over EventSub as the new event and channel.bits.use', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const streamer = client.as(broadcaster.id);
    await expect(customPowerUps(streamer)).resolves.toEqual([]);
    mock.bits.addCustomPowerUp(broadcaster.id, { id: 'p-2-jingle', title: 'Victory Jingle', bits: 200, prompt: 'Which jingle?', is_user_input_required: true, global_cooldown_seconds: 30 });
    mock.bits.addCustomPowerUp(broadcaster.id, { id: 'p-1-confetti', title: 'Confetti', bits: 50 });
    const listed = await customPowerUps(streamer);
    expect(listed.map((powerUp) => [powerUp.id, powerUp.title, powerUp.bits])).toEqual([
      ['p-1-confetti', 'Confetti', 50],
      ['p-2-jingle', 'Victory Jingle', 200],
    ]);
    expect(world.mock.requests.at(-1)?.query).toEqual({ broadcaster_id: broadcaster.id });
    expect((await customPowerUps(streamer, { id: ['p-2-jingle', 'gone'] })).map((powerUp) => powerUp.id)).toEqual(['p-2-jingle']);
    const none = await rejectionOf(customPowerUps(streamer, { id: 'gone' }));
    expect(none).toMatchObject({ status: 404 });

    const listener = world.listen(broadcaster.id);
    const heard: string[] = [];
    await Promise.all([
      listener.on('channel.custom_power_up_redemption.add', { broadcaster_user_id: broadcaster.id, reward_id: 'p-2-jingle' }, (event) => {
        heard.push(`redeemed ${event.user_login}: ${event.custom_power_up.title} (${event.custom_power_up.bits}) "${event.user_input}" ${event.status}`);
      }).ready,
      listener.on('channel.bits.use', { broadcaster_user_id: broadcaster.id }, (event) => {
        heard.push(`bits ${event.user_login}: ${event.bits} ${event.type} ${event.custom_power_up?.title ?? '-'}`);
      }).ready,
    ]);
    mock.bits.redeemCustomPowerUp(broadcaster.id, 'p-2-jingle', viewer.id, { user_input: 'the short one' });
    await world.until(() => heard.length === 2, 'the redemption and its Bits');
    expect(heard.sort()).toEqual(['bits quietfox: 200 custom_power_up Victory Jingle', 'redeemed quietfox: Victory Jingle (200) "the short one" unfulfilled']);
    // Another Power-up's redemption reaches the Bits subscription only (the other names its reward).
    mock.bits.redeemCustomPowerUp(broadcaster.id, 'p-1-confetti', viewer.id);
    await world.until(() => heard.length === 3, 'the confetti Bits');
    expect(heard[2]).toBe('bits quietfox: 50 custom_power_up Confetti');
    expect((await customPowerUps(streamer, { id: 'p-2-jingle' }))[0]!.cooldown_expires_at).toBe(iso(world.now() + 30_000));
  });

  it('custom Power-ups: refused for a user token without bits:read, for the app token, and for a channel neither partner nor affiliate', async () => {
    const { client, broadcaster, viewer, hobbyist } = world;
    const noScope = await rejectionOf(customPowerUps(client.as(viewer.id), { broadcaster_id: viewer.id }));
    expect(noScope).toBeInstanceOf(PlatformScopeError);
    expect(noScope.message).toBe('The token of user 300 is missing the bits:read scope required by GET /bits/custom_power_ups.');
    const app = await rejectionOf(customPowerUps(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    const plain = await rejectionOf(customPowerUps(client.as(hobbyist.id)));
    expect(plain).toMatchObject({ status: 403, message: 'The broadcaster is not a partner or affiliate. (403 on GET /bits/custom_power_ups)' });
    const before = world.mock.requests.length;
    await expect(customPowerUps(client.as(broadcaster.id), { id: Array.from({ length: 51 }, (_, index) => `p-${index}`) })).rejects.toThrow(PlatformError);
    expect(world.mock.requests).toHaveLength(before);
  });

  it('extension transactions: the app token of the extension itself, paged, 120 IDs split into requests of 100 and 20', async () => {
    const { client, mock, clientId, broadcaster, viewer } = world;
    const bought = Array.from({ length: 120 }, (_, index) => {
      world.advance(1_000);
      return mock.bits.addExtensionTransaction({ extension_id: clientId, broadcaster_id: broadcaster.id, user_id: viewer.id, sku: `sku-${index}`, amount: 100, displayName: `Item ${index}` });
    });
    const app = client.as('app');
    const [newest] = (await extensionTransactions(app, { extension_id: clientId, first: 1 })).data;
    expect(newest).toEqual({
      id: bought[119]!.id,
      timestamp: iso(START + 120_000),
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      user_id: viewer.id,
      user_login: 'quietfox',
      user_name: 'QuietFox',
      product_type: 'BITS_IN_EXTENSION',
      product_data: { sku: 'sku-119', domain: expect.stringMatching(new RegExp(`\\.ext\\.${clientId}$`)), cost: { amount: 100, type: 'bits' }, inDevelopment: false, displayName: 'Item 119', expiration: '', broadcast: false },
    });
    mock.clearRequests();
    const pages: number[] = [];
    for await (const page of extensionTransactions(app, { extension_id: clientId, first: 100 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([100, 20]);

    mock.clearRequests();
    const ids = bought.map((transaction) => transaction.id);
    const byId = await extensionTransactions(app, { extension_id: clientId, id: ids, first: 100 }).all();
    expect(new Set(byId.map((transaction) => transaction.id))).toEqual(new Set(ids));
    expect(mock.requests.map((request) => [[request.query.id ?? []].flat().length, request.token === undefined])).toEqual([
      [100, false],
      [20, false],
    ]);

    const unknown = await rejectionOf(extensionTransactions(app, { extension_id: clientId, id: [ids[0]!, 'no-such-transaction'] }));
    expect(unknown).toBeInstanceOf(PlatformApiError);
    expect(unknown.message).toBe('One or more of the transaction IDs specified using the id query parameter were not found. (404 on GET /extensions/transactions)');
    const other = await rejectionOf(extensionTransactions(app, { extension_id: 'another-extension' }));
    expect((other as PlatformApiError).status).toBe(401);
    expect(other.message).toBe('The ID in the extension_id query parameter must match the client ID in the access token. (401 on GET /extensions/transactions)');
  });

  it('refusals: a user token for the app-only call, a missing scope, limits before sending', async () => {
    const { client, clientId, broadcaster, viewer } = world;
    // A user named with as: refused before sending, since the call takes only the app token.
    world.mock.clearRequests();
    const user = await rejectionOf(extensionTransactions(client.as(broadcaster.id), { extension_id: clientId }));
    expect(user).toBeInstanceOf(PlatformAuthError);
    expect(user.message).toBe(`GET /extensions/transactions only accepts an app access token: a user's token cannot be used for it (asked to act as user ${broadcaster.id}).`);
    // Without a clientSecret there is no app token: refused before sending.
    const noSecret = createClient({ clientId, baseUrl: world.mock.baseUrl, authUrl: world.mock.authUrl, authenticator: platformAuth() });
    const secretless = await rejectionOf(extensionTransactions(noSecret, { extension_id: clientId }));
    expect(secretless).toBeInstanceOf(PlatformAuthError);
    expect(secretless.message).toBe('GET /extensions/transactions needs an app access token, which requires a clientSecret.');
    const app = await rejectionOf(bitsLeaderboard(client.as('app')));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /bits/leaderboard only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(bitsLeaderboard(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the bits:read scope required by GET /bits/leaderboard.');
    const streamer = client.as(broadcaster.id);
    const limits: [string, () => PromiseLike<unknown>][] = [
      ['count', () => bitsLeaderboard(streamer, { count: 0 })],
      ['count', () => bitsLeaderboard(streamer, { count: 101 })],
      ['period', () => bitsLeaderboard(streamer, { period: 'decade' as 'day' })],
      ['started_at', () => bitsLeaderboard(streamer, { started_at: iso(START) })],
      ['first', () => extensionTransactions(client.as('app'), { extension_id: clientId, first: 101 })],
    ];
    for (const [name, call] of limits) {
      const refused = await rejectionOf(call);
      expect(refused.constructor).toBe(PlatformError);
      expect(refused.message).toContain(name);
    }
    expect(world.helixSent()).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('150 subscribers: paged 100 at a time with total and points, 150 user IDs split into requests of 100 and 50, backwards with before', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const streamer = client.as(broadcaster.id);
    const subscribers = Array.from({ length: 148 }, (_, index) => mock.addUser({ login: `sub_${index}` }));
    for (const subscriber of subscribers) mock.subscriptions.subscribe(broadcaster.id, subscriber.id);
    mock.subscriptions.subscribe(broadcaster.id, viewer.id, { tier: '3000' });
    mock.subscriptions.gift(broadcaster.id, viewer.id, [fan.id], { tier: '2000' });

    const first = await broadcasterSubscriptions(streamer, { first: 100 });
    expect(first.data).toHaveLength(100);
    expect(first.raw).toMatchObject({ total: 150, points: 148 + 6 + 2 });
    await expect(broadcasterSubscriptions(streamer).total()).resolves.toBe(150);
    const everyone = await broadcasterSubscriptions(streamer, { first: 100 }).all();
    expect(everyone.map((subscription) => subscription.user_id)).toEqual([...subscribers.map((user) => user.id), viewer.id, fan.id]);
    expect(everyone.at(-1)).toEqual({
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      gifter_id: viewer.id,
      gifter_login: 'quietfox',
      gifter_name: 'QuietFox',
      is_gift: true,
      plan_name: 'Channel Subscription (pixelforge): Tier 2',
      tier: '2000',
      user_id: fan.id,
      user_name: 'MossFan',
      user_login: 'mossfan',
    });
    expect(everyone[0]).toMatchObject({ gifter_id: '', gifter_login: '', gifter_name: '', is_gift: false, tier: '1000' });

    // Backwards from the cursor after the second page of 50: that page, then the first; the start is reached.
    const cursorOf = (pagination: string | { cursor?: string } | undefined) => (typeof pagination === 'string' ? pagination : pagination?.cursor);
    const second = await broadcasterSubscriptions(streamer, { first: 50, after: cursorOf((await broadcasterSubscriptions(streamer, { first: 50 })).raw.pagination) });
    const back = await broadcasterSubscriptions(streamer, { first: 50, before: cursorOf(second.raw.pagination) }).all();
    expect(back.map((subscription) => subscription.user_id)).toEqual([...everyone.slice(50, 100), ...everyone.slice(0, 50)].map((subscription) => subscription.user_id));

    mock.clearRequests();
    const asked = everyone.map((subscription) => subscription.user_id);
    const byUser = await broadcasterSubscriptions(streamer, { user_id: asked, first: 100 }).all();
    expect(byUser.map((subscription) => subscription.user_id)).toEqual(asked);
    expect(mock.requests.map((request) => [[request.query.user_id ?? []].flat().length, request.query.after])).toEqual([
      [100, undefined],
      [50, undefined],
    ]);
    // With user_id the platform's total and points are null: total() counts the listed subscribers.
    const filtered = await broadcasterSubscriptions(streamer, { user_id: asked.slice(0, 3) });
    expect(filtered.raw).toMatchObject({ total: null, points: null });
    await expect(broadcasterSubscriptions(streamer, { user_id: asked }).total()).resolves.toBe(150);
  });

  it('checks a user\'s own subscription: a gift names its gifter, none is 404', async () => {
    const { client, mock, broadcaster, viewer, hobbyist } = world;
    const me = client.as(viewer.id);
    const none = await rejectionOf(checkUserSubscription(me, { broadcaster_id: broadcaster.id }));
    expect(none).toBeInstanceOf(PlatformApiError);
    expect((none as PlatformApiError).status).toBe(404);
    expect(none.message).toBe('The user in user_id does not subscribe to the broadcaster in broadcaster_id. (404 on GET /subscriptions/user)');
    expect(mock.requests.at(-1)?.query).toEqual({ broadcaster_id: broadcaster.id, user_id: viewer.id });

    mock.subscriptions.gift(broadcaster.id, hobbyist.id, [viewer.id]);
    expect(await checkUserSubscription(me, { broadcaster_id: broadcaster.id })).toEqual({
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      gifter_id: hobbyist.id,
      gifter_login: 'weekendcaster',
      gifter_name: 'WeekendCaster',
      is_gift: true,
      tier: '1000',
    });
    mock.subscriptions.end(broadcaster.id, viewer.id);
    mock.subscriptions.subscribe(broadcaster.id, viewer.id, { tier: '2000' });
    expect(await checkUserSubscription(me, { broadcaster_id: broadcaster.id })).toEqual({ broadcaster_id: '100', broadcaster_login: 'pixelforge', broadcaster_name: 'PixelForge', is_gift: false, tier: '2000' });
  });

  it('an extension\'s app token works once the broadcaster granted the scope; broadcaster_id and user_id are then needed', async () => {
    const { client, mock, clientId, broadcaster, viewer } = world;
    mock.subscriptions.subscribe(broadcaster.id, viewer.id);
    const app = client.as('app');
    const before = await rejectionOf(broadcasterSubscriptions(app, { broadcaster_id: broadcaster.id }));
    expect(before).toBeInstanceOf(PlatformApiError);
    expect(before.message).toBe('The broadcaster has not granted this extension the channel:read:subscriptions scope; an app token works only for an extension with that grant. (401 on GET /subscriptions)');
    mock.subscriptions.grantExtension(broadcaster.id, clientId, 'channel:read:subscriptions');
    mock.subscriptions.grantExtension(broadcaster.id, clientId, 'user:read:subscriptions');
    expect((await broadcasterSubscriptions(app, { broadcaster_id: broadcaster.id })).data.map((subscription) => subscription.user_id)).toEqual([viewer.id]);
    await expect(checkUserSubscription(app, { broadcaster_id: broadcaster.id, user_id: viewer.id })).resolves.toMatchObject({ is_gift: false, tier: '1000' });

    const unnamed = await rejectionOf(() => broadcasterSubscriptions(app).all());
    expect(unnamed).toBeInstanceOf(PlatformAuthError);
    expect(unnamed.message).toBe(
      'GET /subscriptions needs broadcaster_id: the call is made with the app token, which belongs to no user. Set broadcaster_id, or register the acting user with client.auth.addUser().',
    );
  });

  it('refusals: a missing scope, another user, cursors with user_id, limits before sending', async () => {
    const { client, broadcaster, viewer, hobbyist } = world;
    const scope = await rejectionOf(broadcasterSubscriptions(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:read:subscriptions scope required by GET /subscriptions.');
    const streamer = client.as(broadcaster.id);
    const limits: [string, () => PromiseLike<unknown>][] = [
      ['first', () => broadcasterSubscriptions(streamer, { first: 101 })],
      ['after', () => broadcasterSubscriptions(streamer, { user_id: viewer.id, after: 'cursor' })],
      ['before', () => broadcasterSubscriptions(streamer, { user_id: viewer.id, before: 'cursor' })],
      ['broadcaster_id', () => checkUserSubscription(client.as(viewer.id), {} as { broadcaster_id: string })],
    ];
    for (const [name, call] of limits) {
      const refused = await rejectionOf(call);
      expect(refused.constructor).toBe(PlatformError);
      expect(refused.message).toContain(name);
    }
    expect(world.helixSent()).toEqual([]);
    // Only the user themself may check their subscription.
    const other = await rejectionOf(checkUserSubscription(client.as(hobbyist.id), { broadcaster_id: broadcaster.id, user_id: viewer.id }));
    expect(other).toBeInstanceOf(PlatformApiError);
    expect((other as PlatformApiError).status).toBe(401);
  });
});
