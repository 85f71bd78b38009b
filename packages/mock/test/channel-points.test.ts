/**
 * The channel points routes of the mock over real sockets (the six custom reward and redemption
 * operations) and `mock.channelPoints.redeem()`: rewards per app (the 403 for another client ID),
 * partners and affiliates only, the reference's field checks, limits per stream and cooldowns,
 * redemptions settled by Update Redemption Status, and the events raised.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, expectDeliverable, iso, setup, START, type Setup } from './engagement-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  if (t) expectDeliverable(t.events);
  await t?.close();
  t = undefined;
});
async function start(): Promise<Setup> {
  t = await setup();
  return t;
}

const PATH = '/channel_points/custom_rewards';
const REDEMPTIONS = '/channel_points/custom_rewards/redemptions';
const createReward = (s: Setup, body: Record<string, unknown> = {}, token = s.tokens.streamer) =>
  s.call('POST', PATH, token, { query: { broadcaster_id: s.streamer.id }, body: { title: 'game analysis 1v1', cost: 50000, ...body } });
const updateReward = (s: Setup, id: string, body: unknown, token = s.tokens.streamer) => s.call('PATCH', PATH, token, { query: { broadcaster_id: s.streamer.id, id }, body });
const getRewards = (s: Setup, query: Record<string, string | string[]> = {}, token = s.tokens.streamer) => s.call('GET', PATH, token, { query: { broadcaster_id: s.streamer.id, ...query } });
const getRedemptions = (s: Setup, rewardId: string, query: Record<string, string | string[]> = {}, token = s.tokens.streamer) =>
  s.call('GET', REDEMPTIONS, token, { query: { broadcaster_id: s.streamer.id, reward_id: rewardId, ...query } });
const settle = (s: Setup, rewardId: string, ids: string[], status: string, token = s.tokens.streamer) =>
  s.call('PATCH', REDEMPTIONS, token, { query: { broadcaster_id: s.streamer.id, reward_id: rewardId, id: ids }, body: { status } });

describe('Create Custom Rewards: POST /channel_points/custom_rewards', () => {
  it('creates a reward in the reference shape with its defaults and raises channel.channel_points_custom_reward.add', async () => {
    const s = await start();
    const answer = await createReward(s);
    expect(answer.status).toBe(200);
    const reward = answer.body.data[0];
    expect(reward).toEqual({
      broadcaster_id: s.streamer.id,
      broadcaster_login: 'streamer',
      broadcaster_name: 'Streamer',
      id: expect.any(String),
      title: 'game analysis 1v1',
      prompt: '',
      cost: 50000,
      image: null,
      default_image: { url_1x: expect.stringMatching(/default-1\.png$/), url_2x: expect.stringMatching(/default-2\.png$/), url_4x: expect.stringMatching(/default-4\.png$/) },
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
    expect(s.eventsOf('channel.channel_points_custom_reward.add')).toEqual([
      {
        type: 'channel.channel_points_custom_reward.add',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          id: reward.id,
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          is_enabled: true,
          is_paused: false,
          is_in_stock: true,
          title: 'game analysis 1v1',
          cost: 50000,
          prompt: '',
          is_user_input_required: false,
          should_redemptions_skip_request_queue: false,
          cooldown_expires_at: null,
          redemptions_redeemed_current_stream: null,
          max_per_stream: { is_enabled: false, value: 0 },
          max_per_user_per_stream: { is_enabled: false, value: 0 },
          global_cooldown: { is_enabled: false, seconds: 0 },
          background_color: '#00E5CB',
          image: null,
          default_image: reward.default_image,
        },
      },
    ]);
    const full = await createReward(s, {
      title: 'Hydrate',
      cost: 100,
      prompt: 'Say why',
      is_enabled: false,
      background_color: '#9147FF',
      is_user_input_required: true,
      is_max_per_stream_enabled: true,
      max_per_stream: 5,
      is_max_per_user_per_stream_enabled: true,
      max_per_user_per_stream: 1,
      is_global_cooldown_enabled: true,
      global_cooldown_seconds: 60,
      should_redemptions_skip_request_queue: true,
    });
    expect(full.body.data[0]).toMatchObject({
      prompt: 'Say why',
      is_enabled: false,
      background_color: '#9147FF',
      max_per_stream_setting: { is_enabled: true, max_per_stream: 5 },
      max_per_user_per_stream_setting: { is_enabled: true, max_per_user_per_stream: 1 },
      global_cooldown_setting: { is_enabled: true, global_cooldown_seconds: 60 },
      should_redemptions_skip_request_queue: true,
    });
  });

  it('checks the fields, the maximum of 50 rewards and a unique title (400)', async () => {
    const s = await start();
    const refused = async (body: Record<string, unknown>, message: RegExp) => expect(await createReward(s, body)).toMatchObject({ status: 400, body: errorBody(400, message) });
    await refused({ title: undefined }, /Missing required parameter "title"/);
    await refused({ cost: undefined }, /Missing required parameter "cost"/);
    await refused({ title: 'x'.repeat(46) }, /"title" must be from 1 to 45/);
    await refused({ cost: 0 }, /"cost" must be a whole number of at least 1 point/);
    await refused({ cost: 1.5 }, /"cost"/);
    await refused({ prompt: 'p'.repeat(201) }, /"prompt" may be at most 200/);
    await refused({ background_color: 'purple' }, /"background_color" must be a color in Hex format/);
    await refused({ is_enabled: 'true' }, /"is_enabled" must be true or false/);
    await refused({ is_max_per_stream_enabled: true }, /minimum value for max_per_stream is 1/);
    await refused({ is_max_per_user_per_stream_enabled: true, max_per_user_per_stream: 0 }, /minimum value for max_per_user_per_stream is 1/);
    await refused({ is_global_cooldown_enabled: true }, /minimum value for global_cooldown_seconds is 1/);
    // Create Custom Rewards sets no maximum for the cooldown (Update Custom Reward does: a week).
    expect((await createReward(s, { title: 'weekly', is_global_cooldown_enabled: true, global_cooldown_seconds: 700_000 })).status).toBe(200);
    expect((await createReward(s)).status).toBe(200);
    await refused({ title: 'GAME ANALYSIS 1v1' }, /title must be unique/);
    for (let index = 2; index < 50; index++) expect((await createReward(s, { title: `reward ${index}` })).status).toBe(200);
    await refused({ title: 'one too many' }, /maximum of 50 custom rewards/);
    expect(s.eventsOf('channel.channel_points_custom_reward.add')).toHaveLength(50);
  });

  it('takes a user token with channel:manage:redemptions of a partner or affiliate broadcaster', async () => {
    const s = await start();
    expect(await createReward(s, {}, s.issue(s.streamer.id, ['channel:read:redemptions']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:manage:redemptions') });
    expect((await createReward(s, {}, s.tokens.app)).status).toBe(401);
    expect(await createReward(s, {}, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    const plain = await s.call('POST', PATH, s.tokens.plain, { query: { broadcaster_id: s.plain.id }, body: { title: 't', cost: 1 } });
    expect(plain).toMatchObject({ status: 403, body: errorBody(403, 'The broadcaster is not a partner or affiliate.') });
    expect(s.events).toEqual([]);
  });
});

describe('Get, Update and Delete Custom Reward', () => {
  it('lists rewards by ascending id, by id (404 when none is found) and only those the app may manage', async () => {
    const s = await start();
    const first = (await createReward(s, { title: 'first' })).body.data[0].id as string;
    const second = (await createReward(s, { title: 'second' })).body.data[0].id as string;
    const otherApp = s.issue(s.streamer.id, undefined, 'app-2');
    const third = (await createReward(s, { title: 'third' }, otherApp)).body.data[0].id as string;
    expect((await getRewards(s)).body.data.map((reward: { id: string }) => reward.id)).toEqual([first, second, third]);
    expect((await getRewards(s, { only_manageable_rewards: 'true' })).body.data.map((reward: { id: string }) => reward.id)).toEqual([first, second]);
    expect((await getRewards(s, { only_manageable_rewards: 'true' }, otherApp)).body.data.map((reward: { id: string }) => reward.id)).toEqual([third]);
    expect((await getRewards(s, { id: [second, second, 'nope'] })).body.data.map((reward: { id: string }) => reward.id)).toEqual([second]);
    expect(await getRewards(s, { id: 'nope' })).toMatchObject({ status: 404, body: errorBody(404, /custom rewards specified using the id query parameter were not found/) });
    expect(await getRewards(s, { id: Array.from({ length: 51 }, (_, index) => `r${index}`) })).toMatchObject({ status: 400, body: errorBody(400, /at most 50 times/) });
    expect(await getRewards(s, { only_manageable_rewards: 'yes' })).toMatchObject({ status: 400 });
    expect((await getRewards(s, {}, s.issue(s.streamer.id, ['channel:read:redemptions']))).status).toBe(200);
    expect((await getRewards(s, {}, s.issue(s.streamer.id, ['bits:read']))).status).toBe(401);
    expect((await s.call('GET', PATH, s.tokens.plain, { query: { broadcaster_id: s.plain.id } })).status).toBe(403);
  });

  it('updates only the fields given (channel.channel_points_custom_reward.update), for the app that created the reward', async () => {
    const s = await start();
    const reward = (await createReward(s)).body.data[0];
    const answer = await updateReward(s, reward.id, { is_enabled: false, title: 'game analysis 2v2', is_paused: true });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ id: reward.id, is_enabled: false, title: 'game analysis 2v2', is_paused: true, cost: 50000 });
    expect(s.eventsOf('channel.channel_points_custom_reward.update')).toEqual([
      {
        type: 'channel.channel_points_custom_reward.update',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id, reward_id: reward.id },
        event: expect.objectContaining({ id: reward.id, is_enabled: false, is_paused: true, title: 'game analysis 2v2' }),
      },
    ]);
    // Nothing changed: no event.
    expect((await updateReward(s, reward.id, { cost: 50000 })).status).toBe(200);
    expect(s.eventsOf('channel.channel_points_custom_reward.update')).toHaveLength(1);
    expect((await getRewards(s, { id: reward.id })).body.data[0]).toMatchObject({ title: 'game analysis 2v2', is_paused: true });
    // A limit turned on must have its value.
    expect(await updateReward(s, reward.id, { is_global_cooldown_enabled: true, global_cooldown_seconds: 604_801 })).toMatchObject({ status: 400, body: errorBody(400, /from 1 to 604800/) });
    expect((await updateReward(s, reward.id, { is_global_cooldown_enabled: true, global_cooldown_seconds: 604_800 })).status).toBe(200);

    const otherApp = s.issue(s.streamer.id, undefined, 'app-2');
    expect(await updateReward(s, reward.id, { cost: 1 }, otherApp)).toMatchObject({ status: 403, body: errorBody(403, /client ID used to create the custom reward/) });
    expect(await updateReward(s, 'nope', { cost: 1 })).toMatchObject({ status: 404, body: errorBody(404, /custom reward specified in the id query parameter was not found/) });
    expect(await s.call('PATCH', PATH, s.tokens.streamer, { query: { broadcaster_id: s.streamer.id }, body: {} })).toMatchObject({ status: 400, body: errorBody(400, /"id"/) });
  });

  it('deletes a reward of its app (channel.channel_points_custom_reward.remove); queued redemptions become FULFILLED', async () => {
    const s = await start();
    const reward = (await createReward(s)).body.data[0];
    const redemption = s.mock.channelPoints.redeem(s.streamer.id, reward.id, s.viewer.id);
    const otherApp = s.issue(s.streamer.id, undefined, 'app-2');
    const remove = (token: string, id = reward.id as string) => s.call('DELETE', PATH, token, { query: { broadcaster_id: s.streamer.id, id } });
    expect((await remove(otherApp)).status).toBe(403);
    expect(await remove(s.tokens.streamer)).toMatchObject({ status: 204, body: undefined });
    expect(s.mock.channelPoints.redemption(redemption.id)?.status).toBe('FULFILLED');
    expect(s.mock.channelPoints.reward(reward.id)).toBeUndefined();
    expect(s.eventsOf('channel.channel_points_custom_reward.remove')).toEqual([
      expect.objectContaining({ condition: { broadcaster_user_id: s.streamer.id, reward_id: reward.id }, event: expect.objectContaining({ id: reward.id, title: 'game analysis 1v1' }) }),
    ]);
    expect((await remove(s.tokens.streamer)).status).toBe(404);
    expect((await getRewards(s)).body.data).toEqual([]);
  });
});

describe('redemptions', () => {
  it('redeem() raises the redemption event; Get Custom Reward Redemption lists by status, sort and id, paged', async () => {
    const s = await start();
    const reward = (await createReward(s, { prompt: 'Which map?', is_user_input_required: true })).body.data[0];
    const first = s.mock.channelPoints.redeem(s.streamer.id, reward.id, s.viewer.id, { user_input: 'Frostbite' });
    s.advance(1000);
    const second = s.mock.channelPoints.redeem(s.streamer.id, reward.id, s.fan.id, { user_input: 'Library' });
    expect(s.eventsOf('channel.channel_points_custom_reward_redemption.add')[0]).toEqual({
      type: 'channel.channel_points_custom_reward_redemption.add',
      version: '1',
      condition: { broadcaster_user_id: s.streamer.id, reward_id: reward.id },
      event: {
        id: first.id,
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        user_input: 'Frostbite',
        status: 'unfulfilled',
        reward: { id: reward.id, title: 'game analysis 1v1', cost: 50000, prompt: 'Which map?' },
        redeemed_at: iso(START),
      },
    });
    const unfulfilled = await getRedemptions(s, reward.id, { status: 'UNFULFILLED' });
    expect(unfulfilled.body.data).toEqual([
      {
        broadcaster_id: s.streamer.id,
        broadcaster_login: 'streamer',
        broadcaster_name: 'Streamer',
        id: first.id,
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        user_input: 'Frostbite',
        status: 'UNFULFILLED',
        redeemed_at: iso(START),
        reward: { id: reward.id, title: 'game analysis 1v1', prompt: 'Which map?', cost: 50000 },
      },
      expect.objectContaining({ id: second.id }),
    ]);
    expect((await getRedemptions(s, reward.id, { status: 'UNFULFILLED', sort: 'NEWEST' })).body.data.map((each: { id: string }) => each.id)).toEqual([second.id, first.id]);
    const paged = await getRedemptions(s, reward.id, { status: 'UNFULFILLED', first: '1' });
    expect(paged.body.data.map((each: { id: string }) => each.id)).toEqual([first.id]);
    expect((await getRedemptions(s, reward.id, { status: 'UNFULFILLED', first: '1', after: paged.body.pagination.cursor })).body.data.map((each: { id: string }) => each.id)).toEqual([second.id]);
    expect((await getRedemptions(s, reward.id, { id: second.id })).body.data.map((each: { id: string }) => each.id)).toEqual([second.id]);
    expect((await getRedemptions(s, reward.id, { status: 'CANCELED' })).body.data).toEqual([]);
    // The reference's 400 / 403 / 404.
    expect(await getRedemptions(s, reward.id)).toMatchObject({ status: 400, body: errorBody(400, /"status"/) });
    expect(await getRedemptions(s, reward.id, { status: 'DONE' })).toMatchObject({ status: 400, body: errorBody(400, /status query parameter is not valid/) });
    expect(await getRedemptions(s, reward.id, { status: 'FULFILLED', sort: 'OLD' })).toMatchObject({ status: 400, body: errorBody(400, /"sort"/) });
    expect(await getRedemptions(s, reward.id, { status: 'FULFILLED', first: '51' })).toMatchObject({ status: 400, body: errorBody(400, /less than or equal to 50/) });
    expect(await getRedemptions(s, reward.id, { id: 'nope' })).toMatchObject({ status: 404 });
    expect(await getRedemptions(s, 'nope', { status: 'FULFILLED' })).toMatchObject({ status: 404, body: errorBody(404, /reward_id query parameter was not found/) });
    expect((await getRedemptions(s, reward.id, { status: 'FULFILLED' }, s.issue(s.streamer.id, undefined, 'app-2'))).status).toBe(403);
    expect((await s.call('GET', REDEMPTIONS, s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, status: 'FULFILLED' } })).status).toBe(400);
  });

  it('Update Redemption Status fulfills or cancels UNFULFILLED redemptions (channel.channel_points_custom_reward_redemption.update)', async () => {
    const s = await start();
    const reward = (await createReward(s)).body.data[0];
    const one = s.mock.channelPoints.redeem(s.streamer.id, reward.id, s.viewer.id);
    const two = s.mock.channelPoints.redeem(s.streamer.id, reward.id, s.fan.id);
    const answer = await settle(s, reward.id, [one.id, 'nope'], 'CANCELED');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([expect.objectContaining({ id: one.id, status: 'CANCELED', user_id: s.viewer.id })]);
    expect(s.eventsOf('channel.channel_points_custom_reward_redemption.update')).toEqual([
      expect.objectContaining({ condition: { broadcaster_user_id: s.streamer.id, reward_id: reward.id }, event: expect.objectContaining({ id: one.id, status: 'canceled' }) }),
    ]);
    expect((await getRedemptions(s, reward.id, { status: 'CANCELED' })).body.data.map((each: { id: string }) => each.id)).toEqual([one.id]);
    // Only UNFULFILLED ones may change.
    expect(await settle(s, reward.id, [one.id], 'FULFILLED')).toMatchObject({ status: 404, body: errorBody(404, /weren't marked as UNFULFILLED/) });
    expect((await settle(s, reward.id, [two.id], 'FULFILLED')).body.data[0].status).toBe('FULFILLED');
    expect(await settle(s, reward.id, [two.id], 'UNFULFILLED')).toMatchObject({ status: 400, body: errorBody(400, /CANCELED, FULFILLED/) });
    expect((await settle(s, reward.id, [two.id], 'FULFILLED', s.issue(s.streamer.id, undefined, 'app-2'))).status).toBe(403);
    expect((await settle(s, 'nope', [two.id], 'FULFILLED')).status).toBe(404);
    expect(await settle(s, reward.id, Array.from({ length: 51 }, (_, index) => `x${index}`), 'FULFILLED')).toMatchObject({ status: 400, body: errorBody(400, /at most 50 times/) });
    expect((await settle(s, reward.id, [two.id], 'FULFILLED', s.issue(s.streamer.id, ['channel:read:redemptions']))).status).toBe(401);
    expect(s.eventsOf('channel.channel_points_custom_reward_redemption.update')).toHaveLength(2);
  });

  it('redeem() keeps the reward rules: queue skipping, per-stream and per-viewer maximums, cooldown, pause, input', async () => {
    const s = await start();
    const skip = (await createReward(s, { title: 'skip', cost: 1, should_redemptions_skip_request_queue: true })).body.data[0];
    expect(s.mock.channelPoints.redeem(s.streamer.id, skip.id, s.viewer.id).status).toBe('FULFILLED');

    const limited = (await createReward(s, { title: 'limited', cost: 1, is_max_per_stream_enabled: true, max_per_stream: 2, is_max_per_user_per_stream_enabled: true, max_per_user_per_stream: 1 })).body.data[0];
    s.mock.streams.start(s.streamer.id);
    s.mock.channelPoints.redeem(s.streamer.id, limited.id, s.viewer.id);
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, limited.id, s.viewer.id)).toThrow(/maximum per viewer/);
    s.mock.channelPoints.redeem(s.streamer.id, limited.id, s.fan.id);
    expect((await getRewards(s, { id: limited.id })).body.data[0]).toMatchObject({ redemptions_redeemed_current_stream: 2, is_in_stock: false });
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, limited.id, s.plain.id)).toThrow(/out of stock/);
    // A new stream starts the counts again.
    s.mock.streams.stop(s.streamer.id);
    expect((await getRewards(s, { id: limited.id })).body.data[0]).toMatchObject({ redemptions_redeemed_current_stream: null, is_in_stock: true });
    s.mock.streams.start(s.streamer.id);
    expect((await getRewards(s, { id: limited.id })).body.data[0]).toMatchObject({ redemptions_redeemed_current_stream: 0, is_in_stock: true });
    s.mock.channelPoints.redeem(s.streamer.id, limited.id, s.viewer.id);

    const cooled = (await createReward(s, { title: 'cooled', cost: 1, is_global_cooldown_enabled: true, global_cooldown_seconds: 60 })).body.data[0];
    s.mock.channelPoints.redeem(s.streamer.id, cooled.id, s.viewer.id);
    expect((await getRewards(s, { id: cooled.id })).body.data[0].cooldown_expires_at).toBe(iso(START + 60_000));
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, cooled.id, s.fan.id)).toThrow(/cooling down until/);
    s.advance(60_000);
    expect((await getRewards(s, { id: cooled.id })).body.data[0].cooldown_expires_at).toBeNull();
    s.mock.channelPoints.redeem(s.streamer.id, cooled.id, s.fan.id);

    await updateReward(s, cooled.id, { is_paused: true });
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, cooled.id, s.plain.id)).toThrow(/paused/);
    await updateReward(s, cooled.id, { is_paused: false, is_enabled: false });
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, cooled.id, s.plain.id)).toThrow(/disabled/);
    const input = (await createReward(s, { title: 'input', cost: 1, is_user_input_required: true, prompt: 'Why?' })).body.data[0];
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, input.id, s.plain.id)).toThrow(/needs user_input/);
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, 'nope', s.plain.id)).toThrow(/no custom reward nope/);
    expect(() => s.mock.channelPoints.redeem(s.streamer.id, input.id, 'nobody')).toThrow(/No user nobody/);
  });
});
