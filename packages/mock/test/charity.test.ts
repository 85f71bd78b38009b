/**
 * The charity routes of the mock over real sockets (Get Charity Campaign, Get Charity Campaign
 * Donations) and the `mock.charity` controls: a campaign that starts, takes donations, changes its
 * goal and stops, with the `channel.charity_campaign.*` events; partners and affiliates only.
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

const campaign = (s: Setup, token = s.tokens.streamer, broadcasterId = s.streamer.id) => s.call('GET', '/charity/campaigns', token, { query: { broadcaster_id: broadcasterId } });
const donations = (s: Setup, query: Record<string, string> = {}, token = s.tokens.streamer) => s.call('GET', '/charity/donations', token, { query: { broadcaster_id: s.streamer.id, ...query } });

describe('Get Charity Campaign and its donations', () => {
  it('shows the running campaign and its donations; events for start, donate, progress and stop', async () => {
    const s = await start();
    expect((await campaign(s)).body).toEqual({ data: [] });
    expect((await donations(s)).body).toEqual({ data: [], pagination: {} });
    const started = s.mock.charity.start(s.streamer.id, { charity_name: 'Example name', charity_description: 'Example description', target_amount: 1_500_000 });
    expect(s.eventsOf('channel.charity_campaign.start')).toEqual([
      {
        type: 'channel.charity_campaign.start',
        version: '1',
        condition: { broadcaster_user_id: s.streamer.id },
        event: {
          id: started.id,
          broadcaster_id: s.streamer.id,
          broadcaster_login: 'streamer',
          broadcaster_name: 'Streamer',
          charity_name: 'Example name',
          charity_description: 'Example description',
          charity_logo: expect.stringMatching(/^https:\/\/.+\.png$/),
          charity_website: expect.stringMatching(/^https:\/\//),
          current_amount: { value: 0, decimal_places: 2, currency: 'USD' },
          target_amount: { value: 1_500_000, decimal_places: 2, currency: 'USD' },
          started_at: iso(START),
        },
      },
    ]);
    const donation = s.mock.charity.donate(s.streamer.id, s.viewer.id, 500);
    s.mock.charity.donate(s.streamer.id, s.fan.id, 10_000);
    expect(s.eventsOf('channel.charity_campaign.donate')[0]).toEqual({
      type: 'channel.charity_campaign.donate',
      version: '1',
      condition: { broadcaster_user_id: s.streamer.id },
      event: {
        id: donation.id,
        campaign_id: started.id,
        broadcaster_user_id: s.streamer.id,
        broadcaster_user_login: 'streamer',
        broadcaster_user_name: 'Streamer',
        user_id: s.viewer.id,
        user_login: 'viewer',
        user_name: 'viewer',
        charity_name: 'Example name',
        charity_description: 'Example description',
        charity_logo: started.charity_logo,
        charity_website: started.charity_website,
        amount: { value: 500, decimal_places: 2, currency: 'USD' },
      },
    });
    expect(s.eventsOf('channel.charity_campaign.progress').map((event) => (event.event as { current_amount: { value: number } }).current_amount.value)).toEqual([500, 10_500]);
    expect((await campaign(s)).body.data).toEqual([
      {
        id: started.id,
        broadcaster_id: s.streamer.id,
        broadcaster_login: 'streamer',
        broadcaster_name: 'Streamer',
        charity_name: 'Example name',
        charity_description: 'Example description',
        charity_logo: started.charity_logo,
        charity_website: started.charity_website,
        current_amount: { value: 10_500, decimal_places: 2, currency: 'USD' },
        target_amount: { value: 1_500_000, decimal_places: 2, currency: 'USD' },
      },
    ]);
    const page = await donations(s, { first: '1' });
    expect(page.body.data).toEqual([
      { id: donation.id, campaign_id: started.id, user_id: s.viewer.id, user_login: 'viewer', user_name: 'viewer', amount: { value: 500, decimal_places: 2, currency: 'USD' } },
    ]);
    const next = await donations(s, { first: '1', after: page.body.pagination.cursor });
    expect(next.body).toMatchObject({ data: [expect.objectContaining({ user_id: s.fan.id })], pagination: {} });
    expect(await donations(s, { first: '101' })).toMatchObject({ status: 400, body: errorBody(400, /less than or equal to 100/) });

    // No goal: target_amount null.
    s.mock.charity.setTarget(s.streamer.id, null);
    expect((await campaign(s)).body.data[0].target_amount).toBeNull();
    expect(s.eventsOf('channel.charity_campaign.progress')[2]!.event).toMatchObject({ target_amount: null });

    s.advance(3_600_000);
    s.mock.charity.stop(s.streamer.id);
    expect(s.eventsOf('channel.charity_campaign.stop')[0]!.event).toMatchObject({ id: started.id, current_amount: { value: 10_500 }, stopped_at: iso(START + 3_600_000) });
    expect(s.eventsOf('channel.charity_campaign.stop')[0]!.event).not.toHaveProperty('started_at');
    // Nothing can be read after the campaign ends.
    expect((await campaign(s)).body.data).toEqual([]);
    expect((await donations(s)).body.data).toEqual([]);
  });

  it('takes a user token with channel:read:charity of a partner or affiliate broadcaster', async () => {
    const s = await start();
    for (const path of ['/charity/campaigns', '/charity/donations']) {
      const get = (token: string, broadcasterId = s.streamer.id) => s.call('GET', path, token, { query: { broadcaster_id: broadcasterId } });
      expect((await get(s.issue(s.streamer.id, ['channel:read:charity']))).status).toBe(200);
      expect(await get(s.issue(s.streamer.id, ['bits:read']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: channel:read:charity') });
      expect((await get(s.tokens.app)).status).toBe(401);
      expect(await get(s.tokens.viewer)).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
      expect(await get(s.tokens.plain, s.plain.id)).toMatchObject({ status: 403, body: errorBody(403, 'The broadcaster is not a partner or affiliate.') });
      expect((await s.call('GET', path, s.tokens.streamer)).status).toBe(400);
    }
  });

  it('refuses what the platform would not do', async () => {
    const s = await start();
    expect(() => s.mock.charity.donate(s.streamer.id, s.viewer.id, 100)).toThrow(/runs no charity campaign/);
    expect(() => s.mock.charity.start(s.streamer.id, { charity_name: '' })).toThrow(/charity_name/);
    expect(() => s.mock.charity.start(s.streamer.id, { charity_name: 'x', currency: 'usd' })).toThrow(/ISO-4217/);
    expect(() => s.mock.charity.start(s.streamer.id, { charity_name: 'x', target_amount: 0 })).toThrow(/target_amount/);
    s.mock.charity.start(s.streamer.id, { charity_name: 'x', currency: 'JPY', decimal_places: 0 });
    expect(() => s.mock.charity.start(s.streamer.id, { charity_name: 'y' })).toThrow(/already runs/);
    expect(() => s.mock.charity.donate(s.streamer.id, s.viewer.id, 0.5)).toThrow(/whole number/);
    expect(() => s.mock.charity.donate(s.streamer.id, 'nobody', 5)).toThrow(/No user nobody/);
    expect(s.mock.charity.donate(s.streamer.id, s.viewer.id, 5).value).toBe(5);
    expect((await campaign(s)).body.data[0].current_amount).toEqual({ value: 5, decimal_places: 0, currency: 'JPY' });
  });
});
