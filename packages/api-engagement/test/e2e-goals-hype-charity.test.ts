import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { charityCampaign, charityDonations, creatorGoals, hypeTrainStatus } from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The goals, hype train and charity groups end to end: what the broadcaster and the viewers do on
 * the platform's side (through the mock's controls) read back through the client.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('goals', () => {
  it('lists the active goals; a follower goal counts followers, a subscription goal moves with subscriptions, an ended goal is gone', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const streamer = client.as(broadcaster.id);
    await expect(creatorGoals(streamer)).resolves.toEqual([]);
    mock.channels.follow(viewer.id, broadcaster.id);
    const followers = mock.goals.begin(broadcaster.id, { type: 'follower', target_amount: 10, description: 'Ten followers' });
    world.advance(1_000);
    const subs = mock.goals.begin(broadcaster.id, { type: 'subscription', target_amount: 20 });
    mock.channels.follow(fan.id, broadcaster.id);
    mock.subscriptions.subscribe(broadcaster.id, viewer.id, { tier: '3000' });

    expect(await creatorGoals(streamer)).toEqual([
      {
        id: followers.id,
        broadcaster_id: '100',
        broadcaster_name: 'PixelForge',
        broadcaster_login: 'pixelforge',
        type: 'follower',
        description: 'Ten followers',
        current_amount: 2,
        target_amount: 10,
        created_at: iso(START),
      },
      {
        id: subs.id,
        broadcaster_id: '100',
        broadcaster_name: 'PixelForge',
        broadcaster_login: 'pixelforge',
        type: 'subscription',
        description: '',
        current_amount: 6,
        target_amount: 20,
        created_at: iso(START + 1_000),
      },
    ]);
    expect(world.mock.requests.at(-1)?.query).toEqual({ broadcaster_id: '100' });

    mock.goals.end(followers.id);
    expect((await creatorGoals(streamer)).map((goal) => goal.id)).toEqual([subs.id]);
  });

  it('reads the Bits goals the platform added in 2026-06: new_bit counts the Bits cheered, new_cheerer the viewers who cheered', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const bits = mock.goals.begin(broadcaster.id, { type: 'new_bit', target_amount: 1000 });
    const cheerers = mock.goals.begin(broadcaster.id, { type: 'new_cheerer', target_amount: 10 });
    mock.bits.cheer(broadcaster.id, { user_id: viewer.id, bits: 100 });
    mock.bits.cheer(broadcaster.id, { user_id: viewer.id, bits: 50 });
    mock.bits.cheer(broadcaster.id, { user_id: fan.id, bits: 25 });
    const goals = await creatorGoals(client.as(broadcaster.id));
    expect(goals.map((goal) => [goal.id, goal.type, goal.current_amount])).toEqual([
      [bits.id, 'new_bit', 175],
      [cheerers.id, 'new_cheerer', 2],
    ]);
    expectTypeOf(goals[0]!.type).toEqualTypeOf<'follower' | 'subscription' | 'subscription_count' | 'new_subscription' | 'new_subscription_count' | 'new_bit' | 'new_cheerer'>();
  });

  it('refusals: the app token, a missing scope, another broadcaster', async () => {
    const { client, broadcaster, viewer } = world;
    const app = await rejectionOf(creatorGoals(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /goals only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(creatorGoals(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:read:goals scope required by GET /goals.');
    expect(world.helixSent()).toEqual([]);
    const foreign = await rejectionOf(creatorGoals(client.as(broadcaster.id), { broadcaster_id: viewer.id }));
    expect(foreign).toBeInstanceOf(PlatformApiError);
    expect(foreign.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token. (401 on GET /goals)");
  });
});

describe('hype train', () => {
  it('no train, then a running train with its top contributions, then the record it leaves once it expires', async () => {
    const { client, mock, broadcaster, viewer, fan } = world;
    const streamer = client.as(broadcaster.id);
    await expect(hypeTrainStatus(streamer)).resolves.toEqual({ current: null, all_time_high: null, shared_all_time_high: null });

    mock.hypeTrain.start(broadcaster.id, {
      contributions: [
        { user_id: viewer.id, type: 'bits', total: 300 },
        { user_id: fan.id, type: 'subscription', total: 500 },
      ],
    });
    const { current } = await hypeTrainStatus(streamer);
    expect(current).toMatchObject({
      broadcaster_user_id: '100',
      broadcaster_user_login: 'pixelforge',
      broadcaster_user_name: 'PixelForge',
      level: 2,
      total: 800,
      progress: 300,
      goal: 1000,
      shared_train_participants: null,
      started_at: iso(START),
      expires_at: iso(START + 5 * 60_000),
      type: 'regular',
      is_shared_train: false,
    });
    expect(current!.top_contributions).toEqual(
      expect.arrayContaining([
        { user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox', type: 'bits', total: 300 },
        { user_id: fan.id, user_login: 'mossfan', user_name: 'MossFan', type: 'subscription', total: 500 },
      ]),
    );

    world.advance(5 * 60_000);
    expect(await hypeTrainStatus(streamer)).toEqual({ current: null, all_time_high: { level: 2, total: 800, achieved_at: iso(START + 5 * 60_000) }, shared_all_time_high: null });
  });

  it('refusals: the app token and a missing scope', async () => {
    const { client, broadcaster, viewer } = world;
    const app = await rejectionOf(hypeTrainStatus(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /hypetrain/status only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(hypeTrainStatus(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:read:hype_train scope required by GET /hypetrain/status.');
    expect(world.helixSent()).toEqual([]);
  });
});

describe('charity', () => {
  it('null without a campaign; the campaign and its donations while it runs, paged; gone once it stops', async () => {
    const { client, mock, broadcaster } = world;
    const streamer = client.as(broadcaster.id);
    await expect(charityCampaign(streamer)).resolves.toBeNull();
    await expect(charityDonations(streamer).all()).resolves.toEqual([]);

    const started = mock.charity.start(broadcaster.id, { charity_name: 'Forest Friends', charity_website: 'https://forest.example', target_amount: 1_500_000 });
    const donors = Array.from({ length: 24 }, (_, index) => mock.addUser({ login: `donor_${index}` }));
    const donations = donors.map((donor, index) => mock.charity.donate(broadcaster.id, donor.id, 100 * (index + 1)));

    const campaign = await charityCampaign(streamer);
    expect(campaign).toEqual({
      id: started.id,
      broadcaster_id: '100',
      broadcaster_login: 'pixelforge',
      broadcaster_name: 'PixelForge',
      charity_name: 'Forest Friends',
      charity_description: started.charity_description,
      charity_logo: started.charity_logo,
      charity_website: 'https://forest.example',
      current_amount: { value: 30_000, decimal_places: 2, currency: 'USD' },
      target_amount: { value: 1_500_000, decimal_places: 2, currency: 'USD' },
    });

    const pages: number[] = [];
    for await (const page of charityDonations(streamer, { first: 10 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([10, 10, 4]);
    const all = await charityDonations(streamer, { first: 100 }).all();
    expect(all.map((donation) => donation.id)).toEqual(donations.map((donation) => donation.id));
    expect(all[23]).toEqual({
      id: donations[23]!.id,
      campaign_id: started.id,
      user_id: donors[23]!.id,
      user_login: 'donor_23',
      user_name: 'donor_23',
      amount: { value: 2_400, decimal_places: 2, currency: 'USD' },
    });
    // The default page is the platform's 20.
    expect((await charityDonations(streamer)).data).toHaveLength(20);

    mock.charity.stop(broadcaster.id);
    await expect(charityCampaign(streamer)).resolves.toBeNull();
    await expect(charityDonations(streamer).all()).resolves.toEqual([]);
  });

  it('refusals: the app token, a missing scope, a broadcaster who is neither partner nor affiliate, a page size out of range', async () => {
    const { client, broadcaster, viewer, hobbyist } = world;
    const app = await rejectionOf(charityCampaign(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /charity/campaigns only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(charityDonations(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:read:charity scope required by GET /charity/donations.');
    const first = await rejectionOf(() => charityDonations(client.as(broadcaster.id), { first: 101 }));
    expect(first.constructor).toBe(PlatformError);
    expect(first.message).toContain('first');
    expect(world.helixSent()).toEqual([]);

    for (const [call, path] of [
      [() => charityCampaign(client.as(hobbyist.id)), '/charity/campaigns'],
      [() => charityDonations(client.as(hobbyist.id)), '/charity/donations'],
    ] as const) {
      const refused = await rejectionOf(call);
      expect(refused).toBeInstanceOf(PlatformApiError);
      expect((refused as PlatformApiError).status).toBe(403);
      expect(refused.message).toBe(`The broadcaster is not a partner or affiliate. (403 on GET ${path})`);
    }
  });
});
