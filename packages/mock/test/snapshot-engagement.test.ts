/**
 * mock.snapshot() / mock.restore() of the engagement groups (predictions, channel points, goals,
 * hype train, charity, bits, subscriptions): activity through the API and the controls, a restore
 * into a fresh mock through JSON (as `platform-mock serve --state` carries it), then the API
 * answers the same and the controls act on the restored records, on the clock too.
 */
import { describe, expect, it } from 'vitest';
import { setup, type Setup } from './engagement-groups.helpers';
import { restoreThroughJson, startEach } from './snapshot-restore.helpers';

const start = startEach(setup);
/** A fresh mock given `s`'s snapshot through JSON, at `s`'s time (plus `ahead` ms). */
const restoredCopy = async (s: Setup, ahead = 0): Promise<Setup> => restoreThroughJson(s, await start(), ahead);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('a restore carries the engagement groups’ records', () => {
  it('predictions: Get Predictions answers the same, a bet is kept, an active prediction still locks and a locked one is still canceled on the clock', async () => {
    const s = await start();
    const create = (token: string, broadcasterId: string) =>
      s.call('POST', '/predictions', token, { body: { broadcaster_id: broadcasterId, title: 'Leeks?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 120 } });
    const active = (await create(s.tokens.streamer, s.streamer.id)).body.data[0];
    s.mock.predictions.bet(s.streamer.id, { user_id: s.viewer.id, outcome_id: active.outcomes[0].id, channel_points: 500 });
    const locked = (await create(s.tokens.fan, s.fan.id)).body.data[0];
    await s.call('PATCH', '/predictions', s.tokens.fan, { body: { broadcaster_id: s.fan.id, id: locked.id, status: 'LOCKED' } });
    const list = (t: Setup, token: string, broadcasterId: string) => t.call('GET', '/predictions', token, { query: { broadcaster_id: broadcasterId } });
    const before = [await list(s, s.tokens.streamer, s.streamer.id), await list(s, s.tokens.fan, s.fan.id)];

    const r = await restoredCopy(s);
    expect([await list(r, s.tokens.streamer, s.streamer.id), await list(r, s.tokens.fan, s.fan.id)]).toEqual(before);
    expect(before[0]!.body.data[0].outcomes[0].channel_points).toBe(500);
    // The viewer's bet is kept: a bet on the other outcome is refused.
    expect(() => r.mock.predictions.bet(s.streamer.id, { user_id: s.viewer.id, outcome_id: active.outcomes[1].id, channel_points: 1 })).toThrow(/already bet on outcome/);
    r.advance(2 * MINUTE);
    expect(r.mock.predictions.get(active.id)?.status).toBe('LOCKED');
    expect(r.eventsOf('channel.prediction.lock')).toHaveLength(1);
    r.advance(DAY);
    expect(r.mock.predictions.get(locked.id)?.status).toBe('CANCELED');
    // The first mock is not touched.
    expect(s.mock.predictions.get(active.id)?.status).toBe('ACTIVE');
  });

  it('channel points: rewards and redemptions answer the same, and a reward still cools down from its last redemption', async () => {
    const s = await start();
    const created = await s.call('POST', '/channel_points/custom_rewards', s.tokens.streamer, {
      query: { broadcaster_id: s.streamer.id },
      body: { title: 'Hydrate', cost: 100, is_global_cooldown_enabled: true, global_cooldown_seconds: 300 },
    });
    const reward = created.body.data[0];
    s.mock.channelPoints.redeem(s.streamer.id, reward.id, s.viewer.id);
    s.advance(MINUTE);
    const rewards = (t: Setup) => t.call('GET', '/channel_points/custom_rewards', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } });
    const redemptions = (t: Setup) => t.call('GET', '/channel_points/custom_rewards/redemptions', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id, reward_id: reward.id, status: 'UNFULFILLED' } });
    const before = [await rewards(s), await redemptions(s)];
    expect(before[1]!.body.data).toHaveLength(1);

    const r = await restoredCopy(s);
    expect([await rewards(r), await redemptions(r)]).toEqual(before);
    expect(() => r.mock.channelPoints.redeem(s.streamer.id, reward.id, s.fan.id)).toThrow(/cooling down/);
    r.advance(4 * MINUTE);
    r.mock.channelPoints.redeem(s.streamer.id, reward.id, s.fan.id);
    expect((await redemptions(r)).body.data.map((each: { user_id: string }) => each.user_id)).toEqual([s.viewer.id, s.fan.id]);
  });

  it('goals: Get Creator Goals answers the same, and a viewer who cheered already does not move a new-cheerer goal again', async () => {
    const s = await start();
    const cheerers = s.mock.goals.begin(s.streamer.id, { type: 'new_cheerer', target_amount: 5 });
    const bitsGoal = s.mock.goals.begin(s.streamer.id, { type: 'new_bit', target_amount: 1000 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 100 });
    const goals = (t: Setup) => t.call('GET', '/goals', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } });
    const before = await goals(s);
    expect(before.body.data.map((goal: { current_amount: number }) => goal.current_amount)).toEqual([1, 100]);

    const r = await restoredCopy(s);
    expect(await goals(r)).toEqual(before);
    r.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 10 });
    expect([r.mock.goals.get(cheerers.id)?.current_amount, r.mock.goals.get(bitsGoal.id)?.current_amount]).toEqual([1, 110]);
    r.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 10 });
    expect(r.mock.goals.get(cheerers.id)?.current_amount).toBe(2);
    expect(r.mock.goals.end(bitsGoal.id).is_achieved).toBe(false);
  });

  it('hype train: the status answers the same, the cooldown and records are kept, and a running train still ends on the clock', async () => {
    const s = await start();
    s.mock.hypeTrain.cooldownMs = 2 * 60 * MINUTE;
    s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.viewer.id, type: 'bits', total: 600 }] });
    s.mock.hypeTrain.end(s.streamer.id);
    s.advance(MINUTE);
    const running = s.mock.hypeTrain.start(s.fan.id, { contributions: [{ user_id: s.viewer.id, type: 'bits', total: 100 }] });
    const status = (t: Setup, token: string, broadcasterId: string) => t.call('GET', '/hypetrain/status', token, { query: { broadcaster_id: broadcasterId } });
    const before = [await status(s, s.tokens.streamer, s.streamer.id), await status(s, s.tokens.fan, s.fan.id)];
    expect(before[0]!.body.data[0].all_time_high).toMatchObject({ level: 2, total: 600 });

    const r = await restoredCopy(s);
    expect([await status(r, s.tokens.streamer, s.streamer.id), await status(r, s.tokens.fan, s.fan.id)]).toEqual(before);
    expect(r.mock.hypeTrain.cooldownMs).toBe(2 * 60 * MINUTE);
    expect(() => r.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'bits', total: 1 }] })).toThrow(/cools down until/);
    // The running train ends 5 minutes after it started, on the restored mock's clock.
    r.advance(5 * MINUTE - 1);
    expect(r.mock.hypeTrain.current(s.fan.id)?.id).toBe(running.id);
    r.advance(1);
    expect(r.mock.hypeTrain.current(s.fan.id)).toBeUndefined();
    expect(r.eventsOf('channel.hype_train.end').map((event) => (event.event as { id: string }).id)).toEqual([running.id]);
    // A subscription made on another restored mock moves the restored train, which climbs a level.
    const other = await restoredCopy(s);
    other.mock.subscriptions.subscribe(s.fan.id, s.plain.id);
    expect(other.mock.hypeTrain.current(s.fan.id)).toMatchObject({ id: running.id, total: 600, level: 2 });
  });

  it('charity: the campaign and its donations answer the same, and a donation adds to the restored campaign', async () => {
    const s = await start();
    s.mock.charity.start(s.streamer.id, { charity_name: 'Example Trust', target_amount: 10_000 });
    s.mock.charity.donate(s.streamer.id, s.viewer.id, 500);
    const read = (t: Setup) => Promise.all(['/charity/campaigns', '/charity/donations'].map((path) => t.call('GET', path, s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } })));
    const before = await read(s);
    expect(before[1]!.body.data).toHaveLength(1);

    const r = await restoredCopy(s);
    expect(await read(r)).toEqual(before);
    r.mock.charity.donate(s.streamer.id, s.fan.id, 250);
    const [campaigns, donations] = await read(r);
    expect(campaigns!.body.data[0].current_amount.value).toBe(750);
    expect(donations!.body.data).toHaveLength(2);
  });

  it('bits: the leaderboard, Cheermotes, extension transactions and custom Power-ups answer the same, and a Power-up still cools down', async () => {
    const s = await start();
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 100 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 300 });
    s.mock.bits.addExtensionTransaction({ extension_id: 'app-1', broadcaster_id: s.streamer.id, user_id: s.viewer.id, sku: 'sku100', amount: 100 });
    s.mock.bits.addCheermote(s.streamer.id, { prefix: 'Pixel' });
    s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'p-confetti', title: 'Confetti', bits: 50, global_cooldown_seconds: 60 });
    s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-confetti', s.viewer.id);
    const read = (t: Setup) =>
      Promise.all([
        t.call('GET', '/bits/leaderboard', s.tokens.streamer),
        t.call('GET', '/bits/cheermotes', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } }),
        t.call('GET', '/extensions/transactions', s.tokens.app, { query: { extension_id: 'app-1' } }),
        t.call('GET', '/bits/custom_power_ups', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } }),
      ]);
    const before = await read(s);
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(before[0].body.data.map((entry: { score: number }) => entry.score)).toEqual([300, 100]);
    expect(before[2].body.data).toHaveLength(1);
    expect(before[3].body.data[0].cooldown_expires_at).not.toBeNull();

    const r = await restoredCopy(s);
    expect(await read(r)).toEqual(before);
    expect(() => r.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-confetti', s.fan.id)).toThrow(/cooling down/);
    expect(() => r.mock.bits.addCheermote(s.streamer.id, { prefix: 'pixel' })).toThrow(/already exists/);
    r.advance(MINUTE);
    r.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-confetti', s.fan.id);
  });

  it('subscriptions: Get Broadcaster Subscriptions answers the same, the extension’s grant and the gifter’s count are kept', async () => {
    const s = await start();
    s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id, { tier: '2000' });
    s.mock.subscriptions.gift(s.streamer.id, s.fan.id, [s.plain.id]);
    s.mock.subscriptions.grantExtension(s.streamer.id, 'app-1', 'channel:read:subscriptions');
    const list = (t: Setup, token = s.tokens.streamer) => t.call('GET', '/subscriptions', token, { query: { broadcaster_id: s.streamer.id } });
    const before = await list(s);
    expect(before.body.data).toHaveLength(2);

    const r = await restoredCopy(s);
    expect(await list(r)).toEqual(before);
    expect((await list(r, s.tokens.app)).status).toBe(200);
    expect(() => r.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id)).toThrow(/already subscribes/);
    const late = r.mock.addUser({ login: 'late' });
    r.mock.subscriptions.gift(s.streamer.id, s.fan.id, [late.id]);
    expect(r.eventsOf('channel.subscription.gift').map((event) => (event.event as { cumulative_total: number }).cumulative_total)).toEqual([2]);
  });
});
