import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCustomReward,
  customRewardRedemptions,
  customRewards,
  deleteCustomReward,
  updateCustomReward,
  updateRedemptionStatus,
  type CustomRewardRedemption,
} from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The channel points group end to end: rewards created, changed and deleted through the client,
 * viewers redeeming through the mock's control, the redemptions read and settled, and a
 * redemption fulfilled by a handler of the EventSub WebSocket listener that heard it.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('a redemption, driven by its events', () => {
  it('a viewer redeems -> the listener hears .add and fulfils or cancels it with updateRedemptionStatus -> .update is heard', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const streamer = client.as(broadcaster.id);
    const reward = await createCustomReward(streamer, { title: 'Pick the next song', cost: 500, prompt: 'Which song?', is_user_input_required: true });
    const listener = world.listen(broadcaster.id);
    const condition = { broadcaster_user_id: broadcaster.id, reward_id: reward.id };
    const heard: string[] = [];
    const settled: CustomRewardRedemption[] = [];
    await Promise.all([
      listener.on('channel.channel_points_custom_reward_redemption.add', condition, async (event) => {
        heard.push(`add ${event.user_login}: ${event.reward.title} (${event.reward.cost}) "${event.user_input}" ${event.status}`);
        // The bot plays songs it knows and refunds the rest.
        const status = event.user_input.toLowerCase().includes('lofi') ? 'FULFILLED' : 'CANCELED';
        settled.push(...(await updateRedemptionStatus(streamer, { reward_id: event.reward.id, id: event.id, status })));
      }).ready,
      listener.on('channel.channel_points_custom_reward_redemption.update', condition, (event) => {
        heard.push(`update ${event.user_login}: ${event.status}`);
      }).ready,
    ]);

    world.advance(1_000);
    const first = mock.channelPoints.redeem(broadcaster.id, reward.id, viewer.id, { user_input: 'Lofi beats please' });
    await world.until(() => heard.length === 2, 'the first redemption to be fulfilled');
    const second = mock.channelPoints.redeem(broadcaster.id, reward.id, fan.id, { user_input: 'Something loud' });
    await world.until(() => heard.length === 4, 'the second redemption to be canceled');

    expect(heard).toEqual([
      'add quietfox: Pick the next song (500) "Lofi beats please" unfulfilled',
      'update quietfox: fulfilled',
      'add mossfan: Pick the next song (500) "Something loud" unfulfilled',
      'update mossfan: canceled',
    ]);
    expect(settled.map((redemption) => [redemption.id, redemption.status])).toEqual([
      [first.id, 'FULFILLED'],
      [second.id, 'CANCELED'],
    ]);
    expect(settled[0]).toEqual({
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      id: first.id,
      user_id: viewer.id,
      user_login: 'quietfox',
      user_name: 'QuietFox',
      user_input: 'Lofi beats please',
      status: 'FULFILLED',
      redeemed_at: iso(START + 1_000),
      reward: { id: reward.id, title: 'Pick the next song', prompt: 'Which song?', cost: 500 },
    });
    // The queue is empty now, and each redemption is listed under its status.
    await expect(customRewardRedemptions(streamer, { reward_id: reward.id, status: 'UNFULFILLED' }).all()).resolves.toEqual([]);
    expect((await customRewardRedemptions(streamer, { reward_id: reward.id, status: 'FULFILLED' })).data).toEqual([settled[0]]);
    expect((await customRewardRedemptions(streamer, { reward_id: reward.id, status: 'CANCELED' })).data).toEqual([settled[1]]);
    // Settled redemptions cannot change again.
    const again = await rejectionOf(updateRedemptionStatus(streamer, { reward_id: reward.id, id: first.id, status: 'CANCELED' }));
    expect(again).toBeInstanceOf(PlatformApiError);
    expect(again.message).toBe("The redemptions specified using the id query parameter were not found or their statuses weren't marked as UNFULFILLED. (404 on PATCH /channel_points/custom_rewards/redemptions)");
    expect(world.listenerErrors).toEqual([]);
  });
});

describe('custom rewards', () => {
  it('create, list, update and delete: the state each call leaves is seen by the next', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const streamer = client.as(broadcaster.id);
    const hydrate = await createCustomReward(streamer, { title: 'Hydrate!', cost: 100 });
    expect(hydrate).toMatchObject({
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      title: 'Hydrate!',
      prompt: '',
      cost: 100,
      image: null,
      background_color: '#00E5CB',
      is_enabled: true,
      is_user_input_required: false,
      max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
      max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
      global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
      is_paused: false,
      is_in_stock: true,
      should_redemptions_skip_request_queue: false,
      redemptions_redeemed_current_stream: null,
      cooldown_expires_at: null,
    });
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', query: { broadcaster_id: '100' }, body: { title: 'Hydrate!', cost: 100 } });
    const song = await createCustomReward(streamer, {
      title: 'Song request',
      cost: 300,
      background_color: '#9147FF',
      is_max_per_stream_enabled: true,
      max_per_stream: 2,
      is_global_cooldown_enabled: true,
      global_cooldown_seconds: 60,
    });
    const taken = await rejectionOf(createCustomReward(streamer, { title: 'HYDRATE!', cost: 5 }));
    expect(taken).toBeInstanceOf(PlatformApiError);
    expect(taken.message).toBe("The title must be unique amongst all of the broadcaster's custom rewards. (400 on POST /channel_points/custom_rewards)");

    const listed = await customRewards(streamer);
    expect(listed.map((reward) => reward.title)).toEqual([hydrate, song].sort((a, b) => (a.id < b.id ? -1 : 1)).map((reward) => reward.title));
    expect(await customRewards(streamer, { id: [song.id, song.id] })).toEqual([expect.objectContaining({ id: song.id, background_color: '#9147FF' })]);

    // Live: two redemptions put the song request out of stock, and the cooldown runs.
    mock.state.channel(broadcaster.id).live = true;
    mock.channelPoints.redeem(broadcaster.id, song.id, viewer.id);
    world.advance(60_000);
    mock.channelPoints.redeem(broadcaster.id, song.id, viewer.id);
    const [sold] = await customRewards(streamer, { id: song.id });
    expect(sold).toMatchObject({ is_in_stock: false, redemptions_redeemed_current_stream: 2, cooldown_expires_at: iso(START + 120_000) });

    const paused = await updateCustomReward(streamer, { id: hydrate.id, is_paused: true, cost: 150, prompt: 'Drink some water' });
    expect(paused).toMatchObject({ id: hydrate.id, is_paused: true, cost: 150, prompt: 'Drink some water', title: 'Hydrate!' });
    expect(mock.requests.at(-1)).toMatchObject({ method: 'PATCH', query: { broadcaster_id: '100', id: hydrate.id }, body: { is_paused: true, cost: 150, prompt: 'Drink some water' } });
    expect(() => mock.channelPoints.redeem(broadcaster.id, hydrate.id, viewer.id)).toThrow(/paused/);
    expect((await customRewards(streamer, { id: hydrate.id }))[0]).toEqual(paused);

    // Deleting a reward fulfils the redemptions still in its queue.
    await updateCustomReward(streamer, { id: hydrate.id, is_paused: false });
    const waiting = mock.channelPoints.redeem(broadcaster.id, hydrate.id, viewer.id);
    await expect(deleteCustomReward(streamer, { id: hydrate.id })).resolves.toBeUndefined();
    expect(mock.channelPoints.redemption(waiting.id)?.status).toBe('FULFILLED');
    expect((await customRewards(streamer)).map((reward) => reward.id)).toEqual([song.id]);
    const gone = await rejectionOf(updateCustomReward(streamer, { id: hydrate.id, cost: 1 }));
    expect(gone).toBeInstanceOf(PlatformApiError);
    expect(gone.message).toBe('The custom reward specified in the id query parameter was not found. (404 on PATCH /channel_points/custom_rewards)');
    const none = await rejectionOf(customRewards(streamer, { id: hydrate.id }));
    expect((none as PlatformApiError).status).toBe(404);
  });

  it('a cooldown longer than a week is taken at creation, as the reference sets no maximum there; an update keeps to 604800 seconds', async () => {
    const streamer = world.client.as(world.broadcaster.id);
    const weekly = await createCustomReward(streamer, { title: 'Weekly shout-out', cost: 10_000, is_global_cooldown_enabled: true, global_cooldown_seconds: 700_000 });
    expect(weekly.global_cooldown_setting).toEqual({ is_enabled: true, global_cooldown_seconds: 700_000 });
    const longer = await rejectionOf(updateCustomReward(streamer, { id: weekly.id, global_cooldown_seconds: 604_801 }));
    expect(longer.constructor).toBe(PlatformError);
    expect(longer.message).toContain('global_cooldown_seconds');
    await expect(updateCustomReward(streamer, { id: weekly.id, global_cooldown_seconds: 604_800 })).resolves.toMatchObject({ global_cooldown_setting: { global_cooldown_seconds: 604_800 } });
  });

  it('only the app that created a reward manages it and its redemptions; only_manageable_rewards lists its own', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const other = await world.otherApp();
    const ours = await createCustomReward(client.as(broadcaster.id), { title: 'Ours', cost: 10 });
    const theirs = await createCustomReward(other.as(broadcaster.id), { title: 'Theirs', cost: 10 });
    const redemption = mock.channelPoints.redeem(broadcaster.id, theirs.id, viewer.id);

    expect((await customRewards(client.as(broadcaster.id))).map((reward) => reward.title).sort()).toEqual(['Ours', 'Theirs']);
    expect((await customRewards(client.as(broadcaster.id), { only_manageable_rewards: true })).map((reward) => reward.id)).toEqual([ours.id]);
    const message = 'The ID in the Client-Id header must match the client ID used to create the custom reward.';
    const refusals = [
      () => updateCustomReward(client.as(broadcaster.id), { id: theirs.id, cost: 20 }),
      () => deleteCustomReward(client.as(broadcaster.id), { id: theirs.id }),
      () => customRewardRedemptions(client.as(broadcaster.id), { reward_id: theirs.id, status: 'UNFULFILLED' }),
      () => updateRedemptionStatus(client.as(broadcaster.id), { reward_id: theirs.id, id: redemption.id, status: 'FULFILLED' }),
    ];
    for (const call of refusals) {
      const refused = await rejectionOf(call);
      expect(refused).toBeInstanceOf(PlatformApiError);
      expect((refused as PlatformApiError).status).toBe(403);
      expect(refused.message).toMatch(new RegExp(`^${message.replace(/[.]/g, '\\.')} \\(403 on (PATCH|DELETE|GET) /channel_points/custom_rewards`));
    }
    await expect(updateRedemptionStatus(other.as(broadcaster.id), { reward_id: theirs.id, id: redemption.id, status: 'FULFILLED' })).resolves.toMatchObject([{ status: 'FULFILLED' }]);
  });
});

describe('redemptions', () => {
  it('60 redemptions: pages of 50, OLDEST and NEWEST, 60 IDs split into requests of 50 and 10; 51 IDs to update are refused before sending', async () => {
    const { client, mock, broadcaster, viewer } = world;
    const streamer = client.as(broadcaster.id);
    const reward = await createCustomReward(streamer, { title: 'Clap', cost: 1 });
    const redeemed = Array.from({ length: 60 }, () => {
      world.advance(1_000);
      return mock.channelPoints.redeem(broadcaster.id, reward.id, viewer.id).id;
    });
    mock.clearRequests();
    const pages: number[] = [];
    for await (const page of customRewardRedemptions(streamer, { reward_id: reward.id, status: 'UNFULFILLED', first: 50 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([50, 10]);
    expect((await customRewardRedemptions(streamer, { reward_id: reward.id, status: 'UNFULFILLED' }).all()).map((each) => each.id)).toEqual(redeemed);
    const newest = await customRewardRedemptions(streamer, { reward_id: reward.id, status: 'UNFULFILLED', sort: 'NEWEST' }).take(3);
    expect(newest.map((each) => each.id)).toEqual(redeemed.slice(-3).reverse());

    mock.clearRequests();
    const byId = await customRewardRedemptions(streamer, { reward_id: reward.id, id: redeemed, first: 50 }).all();
    expect(byId.map((each) => each.id)).toEqual(redeemed);
    expect(mock.requests.map((request) => [[request.query.id ?? []].flat().length, request.query.status])).toEqual([
      [50, undefined],
      [10, undefined],
    ]);

    mock.clearRequests();
    const tooMany = await rejectionOf(updateRedemptionStatus(streamer, { reward_id: reward.id, id: redeemed.slice(0, 51), status: 'FULFILLED' }));
    expect(tooMany.constructor).toBe(PlatformError);
    expect(tooMany.message).toContain('id');
    expect(world.helixSent()).toEqual([]);
    // 50 in one request is one change on the platform.
    const fulfilled = await updateRedemptionStatus(streamer, { reward_id: reward.id, id: redeemed.slice(0, 50), status: 'FULFILLED' });
    expect(fulfilled).toHaveLength(50);
    expect(world.helixSent()).toEqual(['PATCH /channel_points/custom_rewards/redemptions']);
    expect((await customRewardRedemptions(streamer, { reward_id: reward.id, status: 'UNFULFILLED' }).all()).map((each) => each.id)).toEqual(redeemed.slice(50));
  });
});

describe('refusals', () => {
  it('the app token, a missing scope, a broadcaster who is neither partner nor affiliate, and limits before sending', async () => {
    const { client, broadcaster, viewer, hobbyist } = world;
    const app = await rejectionOf(createCustomReward(client.as('app'), { broadcaster_id: broadcaster.id, title: 'Hydrate!', cost: 100 }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('POST /channel_points/custom_rewards only accepts a user access token: the app token cannot be used for it.');
    const read = await rejectionOf(customRewards(client.as(viewer.id)));
    expect(read).toBeInstanceOf(PlatformScopeError);
    expect(read.message).toBe('The token of user 300 is missing the channel:read:redemptions or channel:manage:redemptions scope required by GET /channel_points/custom_rewards.');
    const manage = await rejectionOf(updateRedemptionStatus(client.as(viewer.id), { reward_id: 'r', id: 'x', status: 'CANCELED' }));
    expect(manage).toBeInstanceOf(PlatformScopeError);
    expect(manage.message).toBe('The token of user 300 is missing the channel:manage:redemptions scope required by PATCH /channel_points/custom_rewards/redemptions.');
    expect(world.helixSent()).toEqual([]);

    const partnerOnly = [
      () => createCustomReward(client.as(hobbyist.id), { title: 'Hydrate!', cost: 100 }),
      () => customRewards(client.as(hobbyist.id)),
    ];
    for (const call of partnerOnly) {
      const refused = await rejectionOf(call);
      expect(refused).toBeInstanceOf(PlatformApiError);
      expect((refused as PlatformApiError).status).toBe(403);
      expect(refused.message).toMatch(/^The broadcaster is not a partner or affiliate\. \(403 on (POST|GET) \/channel_points\/custom_rewards\)$/);
    }

    world.mock.clearRequests();
    const streamer = client.as(broadcaster.id);
    const limits: [string, () => PromiseLike<unknown>][] = [
      ['title', () => createCustomReward(streamer, { title: '', cost: 1 })],
      ['title', () => createCustomReward(streamer, { title: 'x'.repeat(46), cost: 1 })],
      ['cost', () => createCustomReward(streamer, { title: 'Free', cost: 0 })],
      ['prompt', () => createCustomReward(streamer, { title: 'Long prompt', cost: 1, prompt: 'x'.repeat(201) })],
      ['max_per_stream', () => createCustomReward(streamer, { title: 'None', cost: 1, is_max_per_stream_enabled: true, max_per_stream: 0 })],
      ['id', () => customRewards(streamer, { id: Array.from({ length: 51 }, (_, index) => `reward-${index}`) })],
      ['status', () => customRewardRedemptions(streamer, { reward_id: 'r' })],
      ['first', () => customRewardRedemptions(streamer, { reward_id: 'r', status: 'FULFILLED', first: 51 })],
    ];
    for (const [name, call] of limits) {
      const refused = await rejectionOf(call);
      expect(refused.constructor).toBe(PlatformError);
      expect(refused.message).toContain(name);
    }
    expect(world.helixSent()).toEqual([]);
  });
});
