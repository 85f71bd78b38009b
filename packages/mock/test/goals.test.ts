/**
 * The goals route of the mock over real sockets (Get Creator Goals) and the `mock.goals` controls:
 * goals that begin and end, follower goals that count the channel's followers, subscription and
 * Bits goals moved by the other controls, and the `channel.goal.*` events.
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

const goals = (s: Setup, token = s.tokens.streamer, broadcasterId = s.streamer.id) => s.call('GET', '/goals', token, { query: { broadcaster_id: broadcasterId } });

describe('Get Creator Goals: GET /goals', () => {
  it('lists the active goals in the reference shape; begin, progress and end raise channel.goal.*', async () => {
    const s = await start();
    expect((await goals(s)).body).toEqual({ data: [] });
    const goal = s.mock.goals.begin(s.streamer.id, { type: 'subscription', target_amount: 220, description: 'Help me get partner!', current_amount: 100 });
    expect((await goals(s)).body.data).toEqual([
      {
        id: goal.id,
        broadcaster_id: s.streamer.id,
        broadcaster_login: 'streamer',
        broadcaster_name: 'Streamer',
        type: 'subscription',
        description: 'Help me get partner!',
        current_amount: 100,
        target_amount: 220,
        created_at: iso(START),
      },
    ]);
    expect(s.eventsOf('channel.goal.begin')).toEqual([
      {
        type: 'channel.goal.begin',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          id: goal.id,
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          type: 'subscription',
          description: 'Help me get partner!',
          current_amount: 100,
          target_amount: 220,
          started_at: iso(START),
        },
      },
    ]);
    s.mock.goals.progress(goal.id, 180);
    expect(s.eventsOf('channel.goal.progress')[0]!.event).toMatchObject({ id: goal.id, current_amount: 180 });
    expect((await goals(s)).body.data[0].current_amount).toBe(180);
    s.advance(3_600_000);
    expect(s.mock.goals.end(goal.id)).toMatchObject({ is_achieved: false, ended_at: START + 3_600_000 });
    expect(s.eventsOf('channel.goal.end')[0]!.event).toEqual({
      id: goal.id,
      broadcaster_user_id: s.streamer.id,
      broadcaster_user_login: 'streamer',
      broadcaster_user_name: 'Streamer',
      type: 'subscription',
      description: 'Help me get partner!',
      is_achieved: false,
      current_amount: 180,
      target_amount: 220,
      started_at: iso(START),
      ended_at: iso(START + 3_600_000),
    });
    expect((await goals(s)).body.data).toEqual([]);
    expect(() => s.mock.goals.progress(goal.id, 1)).toThrow(/has ended/);
  });

  it('takes a user token with channel:read:goals, for the broadcaster only', async () => {
    const s = await start();
    expect((await goals(s, s.issue(s.streamer.id, ['channel:read:goals']))).status).toBe(200);
    expect(await goals(s, s.issue(s.streamer.id, ['bits:read']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:read:goals') });
    expect(await goals(s, s.tokens.app)).toMatchObject({ status: 401, body: errorBody(401, 'User access token is required.') });
    expect(await goals(s, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect(await s.call('GET', '/goals', s.tokens.streamer)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "broadcaster_id"') });
  });
});

describe('goals that follow the channel', () => {
  it('a follower goal counts the followers (type follow in events) and moves with each follow', async () => {
    const s = await start();
    s.mock.channels.follow(s.viewer.id, s.streamer.id);
    const goal = s.mock.goals.begin(s.streamer.id, { type: 'follower', target_amount: 3 });
    expect(goal.current_amount).toBe(1);
    expect(s.eventsOf('channel.goal.begin')[0]!.event).toMatchObject({ type: 'follow', current_amount: 1 });
    s.mock.channels.follow(s.fan.id, s.streamer.id);
    expect(s.eventsOf('channel.goal.progress').map((event) => (event.event as { current_amount: number }).current_amount)).toEqual([2]);
    s.mock.channels.unfollow(s.viewer.id, s.streamer.id);
    expect((await goals(s)).body.data[0]).toMatchObject({ type: 'follower', current_amount: 1 });
    expect(() => s.mock.goals.progress(goal.id, 10)).toThrow(/counts the channel's followers/);
  });

  it('subscription goals move with subscriptions (tier points or counts), Bits goals with cheers', async () => {
    const s = await start();
    const points = s.mock.goals.begin(s.streamer.id, { type: 'subscription', target_amount: 100 });
    const count = s.mock.goals.begin(s.streamer.id, { type: 'subscription_count', target_amount: 100 });
    const fresh = s.mock.goals.begin(s.streamer.id, { type: 'new_subscription', target_amount: 100 });
    const bits = s.mock.goals.begin(s.streamer.id, { type: 'new_bit', target_amount: 1000 });
    const cheerers = s.mock.goals.begin(s.streamer.id, { type: 'new_cheerer', target_amount: 10 });
    s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id, { tier: '3000' });
    s.mock.subscriptions.subscribe(s.streamer.id, s.fan.id, { tier: '2000' });
    s.mock.subscriptions.end(s.streamer.id, s.viewer.id);
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 100 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 50 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 1 });
    const amount = (id: string) => s.mock.goals.get(id)!.current_amount;
    // A tier 3 subscription is worth 6 points, tier 2 two; the net goals lose the lapsed one.
    expect(amount(points.id)).toBe(2);
    expect(amount(count.id)).toBe(1);
    expect(amount(fresh.id)).toBe(8);
    expect(amount(bits.id)).toBe(151);
    expect(amount(cheerers.id)).toBe(2);
    expect((await goals(s)).body.data.map((goal: { current_amount: number }) => goal.current_amount)).toEqual([2, 1, 8, 151, 2]);
    expect(s.mock.goals.end(bits.id, { is_achieved: true }).is_achieved).toBe(true);
  });

  it('refuses goals the platform would not hold', async () => {
    const s = await start();
    expect(() => s.mock.goals.begin('nobody', { type: 'follower', target_amount: 1 })).toThrow(/No user nobody/);
    expect(() => s.mock.goals.begin(s.streamer.id, { type: 'likes' as 'follower', target_amount: 1 })).toThrow(/type must be one of/);
    expect(() => s.mock.goals.begin(s.streamer.id, { type: 'follower', target_amount: 0 })).toThrow(/target_amount/);
    expect(() => s.mock.goals.begin(s.streamer.id, { type: 'follower', target_amount: 5, description: 'd'.repeat(41) })).toThrow(/at most 40/);
    expect(() => s.mock.goals.end('nope')).toThrow(/No goal nope/);
    expect(s.events).toEqual([]);
  });
});
