/**
 * The bits routes of the mock over real sockets (Get Bits Leaderboard, Get Cheermotes, Get
 * Extension Transactions, Get Custom Power-up) and the `mock.bits` controls: cheers with
 * `channel.cheer` and `channel.bits.use`, the leaderboard's periods in PST, the Cheermote
 * catalogue, extension transactions for the extension's app token, and custom Power-ups with
 * their redemptions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { periodWindow } from '../src/routes/bits';
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

const DAY = 24 * 3_600_000;
const leaderboard = (s: Setup, query: Record<string, string> = {}, token = s.tokens.streamer) => s.call('GET', '/bits/leaderboard', token, { query });

describe('mock.bits.cheer()', () => {
  it('raises channel.cheer and channel.bits.use with the message in fragments', async () => {
    const s = await start();
    const cheer = s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 150, message: 'Cheer100 for the save Party50' });
    expect(cheer).toMatchObject({ broadcaster_id: s.streamer.id, user_id: s.viewer.id, bits: 150, is_anonymous: false, cheered_at: START });
    expect(s.eventsOf('channel.cheer')).toEqual([
      {
        type: 'channel.cheer',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          is_anonymous: false,
          user_id: s.viewer.id,
          user_login: 'viewer',
          user_name: 'viewer',
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          message: 'Cheer100 for the save Party50',
          bits: 150,
        },
      },
    ]);
    expect(s.eventsOf('channel.bits.use')[0]).toEqual({
      type: 'channel.bits.use',
      version: '1',
      condition: { broadcaster_user_id: s.streamer.id },
      event: {
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        bits: 150,
        type: 'cheer',
        message: {
          text: 'Cheer100 for the save Party50',
          fragments: [
            { type: 'cheermote', text: 'Cheer100', cheermote: { prefix: 'cheer', bits: 100, tier: 100 }, emote: null },
            { type: 'text', text: ' for the save ', cheermote: null, emote: null },
            { type: 'cheermote', text: 'Party50', cheermote: { prefix: 'party', bits: 50, tier: 1 }, emote: null },
          ],
        },
        power_up: null,
        custom_power_up: null,
      },
    });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 5, is_anonymous: true });
    expect(s.eventsOf('channel.cheer')[1]!.event).toMatchObject({ is_anonymous: true, user_id: null, user_login: null, user_name: null, message: 'Cheer5' });
    expect(() => s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 0 })).toThrow(/bits must be/);
    expect(() => s.mock.bits.cheer(s.streamer.id, { user_id: 'nobody', bits: 1 })).toThrow(/No user nobody/);
  });
});

describe('Get Custom Power-up: GET /bits/custom_power_ups, and mock.bits.addCustomPowerUp() / redeemCustomPowerUp()', () => {
  const powerUps = (s: Setup, query: Record<string, string | string[]> = {}, token = s.tokens.streamer) => s.call('GET', '/bits/custom_power_ups', token, { query: { broadcaster_id: s.streamer.id, ...query } });

  it('lists the channel\'s custom Power-ups in ascending order of ID, in the reference shape', async () => {
    const s = await start();
    expect((await powerUps(s)).body).toEqual({ data: [] });
    const jingle = s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'b-jingle', title: 'Victory Jingle', bits: 200, prompt: 'Which jingle?', is_user_input_required: true });
    s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'a-confetti', title: 'Confetti', bits: 50, max_per_stream: 3, global_cooldown_seconds: 60 });
    expect(jingle).toMatchObject({ id: 'b-jingle', broadcaster_id: s.streamer.id, is_enabled: true, is_paused: false, is_in_stock: true });
    const answer = await powerUps(s);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((each: { id: string }) => each.id)).toEqual(['a-confetti', 'b-jingle']);
    expect(answer.body.data[1]).toEqual({
      broadcaster_id: s.streamer.id,
      broadcaster_login: 'streamer',
      broadcaster_name: 'Streamer',
      id: 'b-jingle',
      title: 'Victory Jingle',
      prompt: 'Which jingle?',
      bits: 200,
      image: null,
      default_image: { url_1x: expect.any(String), url_2x: expect.any(String), url_4x: expect.any(String) },
      background_color: '#00E5CB',
      is_enabled: true,
      is_user_input_required: true,
      max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
      max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
      global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
      is_paused: false,
      is_in_stock: true,
      redemptions_redeemed_current_stream: null,
      cooldown_expires_at: null,
    });
    // id filters, duplicates ignored, unknown ones left out; none found is a 404.
    expect((await powerUps(s, { id: ['b-jingle', 'b-jingle', 'nope'] })).body.data.map((each: { id: string }) => each.id)).toEqual(['b-jingle']);
    expect(await powerUps(s, { id: 'nope' })).toMatchObject({ status: 404, body: errorBody(404, 'All of the custom Power-ups specified using the id query parameter were not found.') });
  });

  it('refuses what the reference refuses: 51 ids, another user\'s channel, a channel neither partner nor affiliate, a token without bits:read, the app token', async () => {
    const s = await start();
    expect((await powerUps(s, { id: Array.from({ length: 51 }, (_, index) => `id-${index}`) })).status).toBe(400);
    expect((await s.call('GET', '/bits/custom_power_ups', s.tokens.streamer, { query: {} })).status).toBe(400);
    expect((await powerUps(s, {}, s.tokens.viewer)).status).toBe(401);
    const plain = await s.call('GET', '/bits/custom_power_ups', s.tokens.plain, { query: { broadcaster_id: s.plain.id } });
    expect(plain).toMatchObject({ status: 403, body: errorBody(403, 'The broadcaster is not a partner or affiliate.') });
    const noScope = s.mock.issueToken({ clientId: 'app-1', userId: s.streamer.id, scopes: ['channel:read:ads'] }).accessToken;
    expect((await powerUps(s, {}, noScope)).status).toBe(401);
    expect((await powerUps(s, {}, s.tokens.app)).status).toBe(401);
    expect(() => s.mock.bits.addCustomPowerUp(s.plain.id, { title: 'Nope', bits: 10 })).toThrow(/neither partner nor affiliate/);
    expect(() => s.mock.bits.addCustomPowerUp(s.streamer.id, { title: '', bits: 10 })).toThrow(/needs a title/);
    expect(() => s.mock.bits.addCustomPowerUp(s.streamer.id, { title: 'Free', bits: 0 })).toThrow(/bits must be/);
    for (let index = 0; index < 50; index++) s.mock.bits.addCustomPowerUp(s.streamer.id, { title: `P${index}`, bits: 1 });
    expect(() => s.mock.bits.addCustomPowerUp(s.streamer.id, { title: 'One too many', bits: 1 })).toThrow(/already has 50/);
  });

  it('a redemption raises channel.custom_power_up_redemption.add and channel.bits.use, and counts against the limits and the cooldown', async () => {
    const s = await start();
    s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'p-jingle', title: 'Victory Jingle', bits: 200, prompt: 'Which jingle?', is_user_input_required: true, max_per_stream: 2, global_cooldown_seconds: 60 });
    s.mock.streams.start(s.streamer.id);
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-jingle', s.viewer.id)).toThrow(/needs user_input/);
    const redemption = s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-jingle', s.viewer.id, { user_input: 'the long one' });
    expect(redemption).toMatchObject({ broadcaster_id: s.streamer.id, power_up_id: 'p-jingle', user_id: s.viewer.id, user_input: 'the long one', redeemed_at: START });
    expect(s.eventsOf('channel.custom_power_up_redemption.add')).toEqual([
      {
        type: 'channel.custom_power_up_redemption.add',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id, reward_id: 'p-jingle' },
        event: {
          id: redemption.id,
          broadcaster_user_id: s.streamer.id,
          broadcaster_user_login: 'streamer',
          broadcaster_user_name: 'Streamer',
          user_id: s.viewer.id,
          user_login: 'viewer',
          user_name: 'viewer',
          user_input: 'the long one',
          status: 'unfulfilled',
          custom_power_up: { id: 'p-jingle', title: 'Victory Jingle', bits: 200, prompt: 'Which jingle?' },
          redeemed_at: iso(START),
        },
      },
    ]);
    expect(s.eventsOf('channel.bits.use').at(-1)).toEqual({
      type: 'channel.bits.use',
      version: '1',
      condition: { broadcaster_user_id: s.streamer.id },
      event: {
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        bits: 200,
        type: 'custom_power_up',
        power_up: null,
        custom_power_up: { title: 'Victory Jingle', reward_id: 'p-jingle' },
        message: null,
      },
    });
    const [listed] = (await powerUps(s)).body.data;
    expect(listed).toMatchObject({ redemptions_redeemed_current_stream: 1, is_in_stock: true, cooldown_expires_at: iso(START + 60_000) });
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-jingle', s.fan.id, { user_input: 'x' })).toThrow(/cooling down/);
    s.advance(60_000);
    s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-jingle', s.fan.id, { user_input: 'x' });
    s.advance(60_000);
    expect((await powerUps(s)).body.data[0]).toMatchObject({ redemptions_redeemed_current_stream: 2, is_in_stock: false });
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'p-jingle', s.fan.id, { user_input: 'x' })).toThrow(/out of stock/);
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'nope', s.fan.id)).toThrow(/has no custom Power-up nope/);
  });

  it('refuses a redemption of a disabled or paused Power-up, or past the viewer\'s maximum per stream', async () => {
    const s = await start();
    s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'off', title: 'Off', bits: 10, is_enabled: false });
    s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'paused', title: 'Paused', bits: 10, is_paused: true });
    s.mock.bits.addCustomPowerUp(s.streamer.id, { id: 'once', title: 'Once each', bits: 10, max_per_user_per_stream: 1 });
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'off', s.viewer.id)).toThrow(/disabled/);
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'paused', s.viewer.id)).toThrow(/paused/);
    s.mock.streams.start(s.streamer.id);
    s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'once', s.viewer.id);
    expect(() => s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'once', s.viewer.id)).toThrow(/its maximum per viewer/);
    s.mock.bits.redeemCustomPowerUp(s.streamer.id, 'once', s.fan.id);
  });
});

describe('Get Bits Leaderboard: GET /bits/leaderboard', () => {
  it('ranks the token user\'s cheerers by Bits (anonymous cheers left out), with count and user_id', async () => {
    const s = await start();
    const other = s.mock.addUser({ login: 'Other' });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 100 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 500 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 300 });
    s.mock.bits.cheer(s.streamer.id, { user_id: other.id, bits: 50 });
    s.mock.bits.cheer(s.streamer.id, { user_id: s.plain.id, bits: 9999, is_anonymous: true });
    // Another channel's cheers do not count.
    s.mock.bits.cheer(s.viewer.id, { user_id: s.plain.id, bits: 7 });
    expect((await leaderboard(s)).body).toEqual({
      data: [
        { user_id: s.fan.id, user_login: 'fan', user_name: 'Fan', rank: 1, score: 500 },
        { user_id: s.viewer.id, user_login: 'viewer', user_name: 'viewer', rank: 2, score: 400 },
        { user_id: other.id, user_login: 'other', user_name: 'Other', rank: 3, score: 50 },
      ],
      date_range: { started_at: '', ended_at: '' },
      total: 3,
    });
    expect((await leaderboard(s, { count: '2' })).body).toMatchObject({ data: [{ rank: 1 }, { rank: 2 }], total: 2 });
    // Around a user: the users ranked above and below.
    expect((await leaderboard(s, { count: '1', user_id: other.id })).body.data).toEqual([expect.objectContaining({ user_id: other.id, rank: 3 })]);
    expect((await leaderboard(s, { count: '2', user_id: s.viewer.id })).body.data.map((entry: { rank: number }) => entry.rank)).toEqual([2, 3]);
    expect((await leaderboard(s, { count: '3', user_id: s.viewer.id })).body.data.map((entry: { rank: number }) => entry.rank)).toEqual([1, 2, 3]);
    expect((await leaderboard(s, { user_id: s.plain.id })).body).toMatchObject({ data: [], total: 0 });
  });

  it('counts a day, week, month or year from started_at, in PST; the range is in date_range', async () => {
    const s = await start();
    // START is Saturday 2026-03-14 18:00 UTC (10:00 PST).
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 10 });
    s.advance(DAY);
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 20 });
    s.advance(DAY);
    s.mock.bits.cheer(s.streamer.id, { user_id: s.fan.id, bits: 40 });
    const at = (query: Record<string, string>) => leaderboard(s, query);
    const day = await at({ period: 'day', started_at: '2026-03-14T12:00:00Z' });
    expect(day.body).toEqual({
      data: [expect.objectContaining({ user_id: s.viewer.id, score: 10 })],
      date_range: { started_at: iso(Date.parse('2026-03-14T08:00:00Z')), ended_at: iso(Date.parse('2026-03-15T08:00:00Z')) },
      total: 1,
    });
    // The week of Saturday the 14th runs from Monday the 9th; Monday the 16th begins the next.
    const week = await at({ period: 'week', started_at: '2026-03-14T12:00:00Z' });
    expect(week.body.data).toEqual([expect.objectContaining({ user_id: s.viewer.id, score: 30 })]);
    expect(week.body.date_range).toEqual({ started_at: iso(Date.parse('2026-03-09T08:00:00Z')), ended_at: iso(Date.parse('2026-03-16T08:00:00Z')) });
    expect((await at({ period: 'month', started_at: '2026-03-01T08:00:00Z' })).body.data.map((entry: { score: number }) => entry.score)).toEqual([40, 30]);
    // Midnight UTC on January 1 is still December 31 in PST: the year before.
    expect((await at({ period: 'year', started_at: '2026-01-01T00:00:00Z' })).body).toMatchObject({ data: [], date_range: { started_at: iso(Date.parse('2025-01-01T08:00:00Z')) } });
    expect((await at({ period: 'all', started_at: '2026-03-14T12:00:00Z' })).body.date_range).toEqual({ started_at: '', ended_at: '' });
    expect(periodWindow('month', Date.parse('2026-12-31T23:00:00Z'))).toEqual([Date.parse('2026-12-01T08:00:00Z'), Date.parse('2027-01-01T08:00:00Z')]);
  });

  it('refuses bad parameters and tokens as the reference says', async () => {
    const s = await start();
    expect(await leaderboard(s, { count: '0' })).toMatchObject({ status: 400, body: errorBody(400, /"count" must be a whole number from 1 to 100/) });
    expect(await leaderboard(s, { count: '101' })).toMatchObject({ status: 400 });
    expect(await leaderboard(s, { period: 'decade' })).toMatchObject({ status: 400, body: errorBody(400, /"period"/) });
    expect(await leaderboard(s, { period: 'week' })).toMatchObject({ status: 400, body: errorBody(400, /started_at query parameter is required/) });
    expect(await leaderboard(s, { period: 'week', started_at: 'yesterday' })).toMatchObject({ status: 400, body: errorBody(400, /"started_at" was malformed/) });
    expect(await leaderboard(s, {}, s.issue(s.streamer.id, ['channel:read:goals']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: bits:read') });
    expect(await leaderboard(s, {}, s.tokens.app)).toMatchObject({ status: 401, body: errorBody(401, 'User access token is required.') });
  });
});

describe('Get Cheermotes: GET /bits/cheermotes', () => {
  it('answers the global catalogue in the reference shape, with a channel\'s own for broadcaster_id', async () => {
    const s = await start();
    const global = await s.call('GET', '/bits/cheermotes', s.tokens.app);
    expect(global.status).toBe(200);
    const cheer = global.body.data.find((each: { prefix: string }) => each.prefix === 'Cheer');
    expect(cheer).toMatchObject({ type: 'global_first_party', order: 1, last_updated: expect.any(String), is_charitable: false });
    expect(cheer.tiers[0]).toEqual({
      min_bits: 1,
      id: '1',
      color: '#979797',
      images: {
        dark: { animated: expect.objectContaining({ '1': expect.stringMatching(/dark\/animated\/1\/1\.gif$/), '1.5': expect.any(String), '4': expect.any(String) }), static: expect.objectContaining({ '2': expect.stringMatching(/\.png$/) }) },
        light: { animated: expect.any(Object), static: expect.any(Object) },
      },
      can_cheer: true,
      show_in_bits_card: true,
    });
    expect(global.body.data.map((each: { order: number }) => each.order)).toEqual([...global.body.data.map((each: { order: number }) => each.order)].sort((a, b) => a - b));
    expect(global.body.data.some((each: { type: string }) => each.type === 'channel_custom')).toBe(false);
    s.mock.bits.addCheermote(s.streamer.id, { prefix: 'Streamy' });
    const withChannel = await s.call('GET', '/bits/cheermotes', s.tokens.viewer, { query: { broadcaster_id: s.streamer.id } });
    expect(withChannel.body.data.filter((each: { type: string }) => each.type === 'channel_custom')).toEqual([expect.objectContaining({ prefix: 'Streamy', last_updated: iso(START) })]);
    expect((await s.call('GET', '/bits/cheermotes', s.tokens.app)).body.data).toHaveLength(global.body.data.length);
    // The channel's Cheermote reads as one in that channel's cheers.
    s.mock.bits.cheer(s.streamer.id, { user_id: s.viewer.id, bits: 1000, message: 'Streamy1000' });
    expect((s.eventsOf('channel.bits.use')[0]!.event as { message: { fragments: unknown[] } }).message.fragments).toEqual([
      { type: 'cheermote', text: 'Streamy1000', cheermote: { prefix: 'streamy', bits: 1000, tier: 1000 }, emote: null },
    ]);
    expect(() => s.mock.bits.addCheermote(s.streamer.id, { prefix: 'cheer' })).toThrow(/already exists/);
    expect((await s.call('GET', '/bits/cheermotes', undefined)).status).toBe(401);
  });
});

describe('Get Extension Transactions: GET /extensions/transactions', () => {
  it('lists the extension\'s transactions, newest first, for its app token; raises extension.bits_transaction.create', async () => {
    const s = await start();
    const first = s.mock.bits.addExtensionTransaction({ extension_id: 'app-1', broadcaster_id: s.streamer.id, user_id: s.viewer.id, sku: 'testSku100', amount: 100, displayName: 'Test Product 100' });
    s.advance(1000);
    const second = s.mock.bits.addExtensionTransaction({ extension_id: 'app-1', broadcaster_id: s.streamer.id, user_id: s.fan.id, sku: 'dev', amount: 10, inDevelopment: true });
    s.mock.bits.addExtensionTransaction({ extension_id: 'app-2', broadcaster_id: s.streamer.id, user_id: s.fan.id, sku: 'other', amount: 10 });
    expect(s.eventsOf('extension.bits_transaction.create')[0]).toEqual({
      type: 'extension.bits_transaction.create',
      version: '1',
      condition: { extension_client_id: 'app-1' },
      event: {
        extension_client_id: 'app-1',
        id: first.id,
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        product: { name: 'Test Product 100', sku: 'testSku100', bits: 100, in_development: false },
      },
    });
    expect((s.eventsOf('extension.bits_transaction.create')[1]!.event as { product: { bits: number } }).product.bits).toBe(0);
    const get = (query: Record<string, string | string[]>, token = s.tokens.app) => s.call('GET', '/extensions/transactions', token, { query: { extension_id: 'app-1', ...query } });
    const all = await get({});
    expect(all.body.data.map((each: { id: string }) => each.id)).toEqual([second.id, first.id]);
    expect(all.body.data[1]).toEqual({
      id: first.id,
      timestamp: iso(START),
      broadcaster_id: s.streamer.id,
      broadcaster_login: 'streamer',
      broadcaster_name: 'Streamer',
      user_id: s.viewer.id,
      user_login: 'viewer',
      user_name: 'viewer',
      product_type: 'BITS_IN_EXTENSION',
      product_data: {
        sku: 'testSku100',
        domain: 'platform.ext.app-1',
        cost: { amount: 100, type: 'bits' },
        inDevelopment: false,
        displayName: 'Test Product 100',
        expiration: '',
        broadcast: false,
      },
    });
    const page = await get({ first: '1' });
    expect((await get({ first: '1', after: page.body.pagination.cursor })).body.data.map((each: { id: string }) => each.id)).toEqual([first.id]);
    expect((await get({ id: first.id })).body.data.map((each: { id: string }) => each.id)).toEqual([first.id]);
    expect(await get({ id: [first.id, 'nope'] })).toMatchObject({ status: 404, body: errorBody(404, /One or more of the transaction IDs/) });
    expect(await get({ id: Array.from({ length: 101 }, (_, index) => `t${index}`) })).toMatchObject({ status: 400, body: errorBody(400, /at most 100 times/) });
    expect(await get({ first: '101' })).toMatchObject({ status: 400 });
    expect(await get({}, s.tokens.streamer)).toMatchObject({ status: 401, body: errorBody(401, 'App access token is required.') });
    expect(await get({}, s.issue(undefined, [], 'app-2'))).toMatchObject({ status: 401, body: errorBody(401, /extension_id query parameter must match the client ID/) });
    expect(await s.call('GET', '/extensions/transactions', s.tokens.app)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "extension_id"') });
  });

  it('moves a running hype train, except for a product in development', async () => {
    const s = await start();
    s.mock.hypeTrain.start(s.streamer.id, { contributions: [{ user_id: s.fan.id, type: 'other', total: 10 }] });
    s.mock.bits.addExtensionTransaction({ extension_id: 'app-1', broadcaster_id: s.streamer.id, user_id: s.viewer.id, sku: 'a', amount: 100 });
    s.mock.bits.addExtensionTransaction({ extension_id: 'app-1', broadcaster_id: s.streamer.id, user_id: s.viewer.id, sku: 'b', amount: 100, inDevelopment: true });
    expect(s.mock.hypeTrain.current(s.streamer.id)!.total).toBe(110);
    expect(() => s.mock.bits.addExtensionTransaction({ extension_id: 'app-1', broadcaster_id: s.streamer.id, user_id: s.viewer.id, sku: 'c', amount: 0 })).toThrow(/amount/);
  });
});
