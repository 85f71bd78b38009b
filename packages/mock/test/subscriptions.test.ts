/**
 * The subscriptions routes of the mock over real sockets (Get Broadcaster Subscriptions, Check
 * User Subscription) and the `mock.subscriptions` controls: subscriptions, gifts, resubscription
 * messages and ends with their events, `total` and `points`, paging both ways, and an extension's
 * app token with the broadcaster's grant.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, expectDeliverable, setup, type Setup } from './engagement-groups.helpers';

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

const list = (s: Setup, query: Record<string, string | string[]> = {}, token = s.tokens.streamer) => s.call('GET', '/subscriptions', token, { query: { broadcaster_id: s.streamer.id, ...query } });
const check = (s: Setup, userId: string, token: string) => s.call('GET', '/subscriptions/user', token, { query: { broadcaster_id: s.streamer.id, user_id: userId } });

describe('the subscription controls and their events', () => {
  it('subscribe, gift, resubscribe and end raise their events', async () => {
    const s = await start();
    const other = s.mock.addUser({ login: 'Other' });
    s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id);
    expect(s.eventsOf('channel.subscribe')).toEqual([
      {
        type: 'channel.subscribe',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          user_id: s.viewer.id,
          user_login: 'viewer',
          user_name: 'viewer',
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          tier: '1000',
          is_gift: false,
        },
      },
    ]);
    s.mock.subscriptions.gift(s.streamer.id, s.viewer.id, [s.fan.id, other.id], { tier: '2000' });
    expect(s.eventsOf('channel.subscription.gift')[0]).toEqual({
      type: 'channel.subscription.gift',
      version: '1',
      condition: { broadcaster_user_id: s.streamer.id },
      event: {
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        total: 2,
        tier: '2000',
        cumulative_total: 2,
        is_anonymous: false,
      },
    });
    expect(s.eventsOf('channel.subscribe').slice(1).map((event) => event.event)).toEqual([
      expect.objectContaining({ user_id: s.fan.id, tier: '2000', is_gift: true }),
      expect.objectContaining({ user_id: other.id, tier: '2000', is_gift: true }),
    ]);
    s.mock.subscriptions.gift(s.streamer.id, null, [s.plain.id]);
    expect(s.eventsOf('channel.subscription.gift')[1]!.event).toMatchObject({ user_id: null, user_login: null, user_name: null, total: 1, cumulative_total: null, is_anonymous: true });

    s.mock.subscriptions.resubscribe(s.streamer.id, s.viewer.id, { text: 'fourteen months', cumulative_months: 14, streak_months: 3 });
    expect(s.eventsOf('channel.subscription.message')[0]!.event).toEqual({
      user_id: s.viewer.id,
      user_login: 'viewer',
      user_name: 'viewer',
      broadcaster_user_id: s.streamer.id,
      broadcaster_user_login: 'streamer',
      broadcaster_user_name: 'Streamer',
      tier: '1000',
      message: { text: 'fourteen months', emotes: [] },
      cumulative_months: 14,
      streak_months: 3,
      duration_months: 1,
    });
    expect(s.mock.subscriptions.end(s.streamer.id, s.fan.id)).toBe(true);
    expect(s.mock.subscriptions.end(s.streamer.id, s.fan.id)).toBe(false);
    expect(s.eventsOf('channel.subscription.end')[0]!.event).toMatchObject({ user_id: s.fan.id, tier: '2000', is_gift: true });

    expect(() => s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id)).toThrow(/already subscribes/);
    expect(() => s.mock.subscriptions.gift(s.streamer.id, s.fan.id, [s.viewer.id])).toThrow(/already subscribes/);
    expect(() => s.mock.subscriptions.subscribe(s.streamer.id, s.fan.id, { tier: '4000' as '1000' })).toThrow(/tier must be one of/);
    expect(() => s.mock.subscriptions.resubscribe(s.streamer.id, s.fan.id, { cumulative_months: 2 })).toThrow(/does not subscribe/);
    expect(() => s.mock.subscriptions.subscribe(s.streamer.id, 'nobody')).toThrow(/No user nobody/);
  });
});

describe('Get Broadcaster Subscriptions: GET /subscriptions', () => {
  it('lists the subscribers with total and points (tier 1 = 1, tier 2 = 2, tier 3 = 6), pages with after and before', async () => {
    const s = await start();
    s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id, { tier: '3000' });
    s.mock.subscriptions.gift(s.streamer.id, s.viewer.id, [s.fan.id], { tier: '2000' });
    s.mock.subscriptions.subscribe(s.streamer.id, s.plain.id);
    const all = await list(s);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, points: 9, pagination: {} });
    expect(all.body.data[0]).toEqual({
      broadcaster_id: s.streamer.id,
      broadcaster_login: 'streamer',
      broadcaster_name: 'Streamer',
      gifter_id: '',
      gifter_login: '',
      gifter_name: '',
      is_gift: false,
      plan_name: 'Channel Subscription (streamer): Tier 3',
      tier: '3000',
      user_id: s.viewer.id,
      user_login: 'viewer',
      user_name: 'viewer',
    });
    expect(all.body.data[1]).toMatchObject({ user_id: s.fan.id, is_gift: true, gifter_id: s.viewer.id, gifter_login: 'viewer', gifter_name: 'viewer', tier: '2000' });
    expect(all.body.data[2]).toMatchObject({ user_id: s.plain.id, plan_name: 'Channel Subscription (streamer)', tier: '1000' });

    const first = await list(s, { first: '2' });
    expect(first.body.data.map((each: { user_id: string }) => each.user_id)).toEqual([s.viewer.id, s.fan.id]);
    const second = await list(s, { first: '2', after: first.body.pagination.cursor });
    expect(second.body).toMatchObject({ data: [expect.objectContaining({ user_id: s.plain.id })], total: 3, pagination: {} });
    const back = await list(s, { first: '1', before: first.body.pagination.cursor });
    expect(back.body.data.map((each: { user_id: string }) => each.user_id)).toEqual([s.fan.id]);
    expect((await list(s, { user_id: [s.plain.id, s.streamer.id] })).body).toMatchObject({ data: [expect.objectContaining({ user_id: s.plain.id })], total: null, points: null, pagination: {} });
    expect(await list(s, { user_id: s.plain.id, after: first.body.pagination.cursor })).toMatchObject({ status: 400, body: errorBody(400, /cannot be used with "user_id"/) });
    expect(await list(s, { user_id: Array.from({ length: 101 }, (_, index) => `u${index}`) })).toMatchObject({ status: 400, body: errorBody(400, /at most 100 times/) });
    expect(await list(s, { first: '101' })).toMatchObject({ status: 400 });
    // A lapsed subscription leaves the list.
    s.mock.subscriptions.end(s.streamer.id, s.viewer.id);
    expect((await list(s)).body).toMatchObject({ total: 2, points: 3 });
  });

  it('takes the broadcaster\'s user token with channel:read:subscriptions, or an extension\'s app token with the grant', async () => {
    const s = await start();
    expect(await list(s, {}, s.issue(s.streamer.id, ['user:read:subscriptions']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:read:subscriptions') });
    expect(await list(s, {}, s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect(await list(s, {}, s.tokens.app)).toMatchObject({ status: 401, body: errorBody(401, /not granted this extension the channel:read:subscriptions scope/) });
    s.mock.subscriptions.grantExtension(s.streamer.id, 'app-1', 'channel:read:subscriptions');
    expect((await list(s, {}, s.tokens.app)).status).toBe(200);
    expect((await list(s, {}, s.issue(undefined, [], 'app-2'))).status).toBe(401);
    expect(await s.call('GET', '/subscriptions', s.tokens.streamer)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "broadcaster_id"') });
  });
});

describe('Check User Subscription: GET /subscriptions/user', () => {
  it('answers the user\'s own subscription (gifter fields only for a gift), 404 when none', async () => {
    const s = await start();
    s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id);
    s.mock.subscriptions.gift(s.streamer.id, s.viewer.id, [s.fan.id], { tier: '2000' });
    expect((await check(s, s.viewer.id, s.tokens.viewer)).body).toEqual({
      data: [{ broadcaster_id: s.streamer.id, broadcaster_login: 'streamer', broadcaster_name: 'Streamer', is_gift: false, tier: '1000' }],
    });
    expect((await check(s, s.fan.id, s.tokens.fan)).body.data).toEqual([
      { broadcaster_id: s.streamer.id, broadcaster_login: 'streamer', broadcaster_name: 'Streamer', gifter_id: s.viewer.id, gifter_login: 'viewer', gifter_name: 'viewer', is_gift: true, tier: '2000' },
    ]);
    expect(await check(s, s.plain.id, s.tokens.plain)).toMatchObject({ status: 404, body: errorBody(404, 'The user in user_id does not subscribe to the broadcaster in broadcaster_id.') });
    s.mock.subscriptions.end(s.streamer.id, s.viewer.id);
    expect((await check(s, s.viewer.id, s.tokens.viewer)).status).toBe(404);
  });

  it('takes the user\'s token with user:read:subscriptions, or an extension\'s app token with the grant', async () => {
    const s = await start();
    s.mock.subscriptions.subscribe(s.streamer.id, s.viewer.id);
    expect(await check(s, s.viewer.id, s.tokens.fan)).toMatchObject({ status: 401, body: errorBody(401, /user_id must match/) });
    expect(await check(s, s.viewer.id, s.issue(s.viewer.id, ['channel:read:subscriptions']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: user:read:subscriptions') });
    expect((await check(s, s.viewer.id, s.tokens.app)).status).toBe(401);
    s.mock.subscriptions.grantExtension(s.streamer.id, 'app-1', 'user:read:subscriptions');
    expect((await check(s, s.viewer.id, s.tokens.app)).status).toBe(200);
    expect(await s.call('GET', '/subscriptions/user', s.tokens.viewer, { query: { broadcaster_id: s.streamer.id } })).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "user_id"') });
  });
});
