import type { Router } from '../http';
import { asTokenUser, iso, ok, page, registerRoutes, requirePartnerOrAffiliate, route, userFields, type HelixContext } from '../helix';

/*
 * The charity group (Get Charity Campaign, Get Charity Campaign Donations), written from the
 * platform's reference, and the campaigns themselves: the broadcaster starts and stops one in the
 * platform's dashboard and viewers donate on its pages (no API call does either), so they happen
 * through `mock.charity` and raise `channel.charity_campaign.start`, `.donate`, `.progress` and
 * `.stop`. Once a campaign stops, neither it nor its donations can be read. Both routes are for
 * partners and affiliates only (403).
 */

/** A charity campaign as the mock keeps it; amounts are in the currency's minor unit. */
export interface CharityCampaignRecord {
  /** The campaign's ID. */
  id: string;
  /** The channel running the campaign. */
  broadcaster_id: string;
  /** The charity's name. */
  charity_name: string;
  /** The charity's description. */
  charity_description: string;
  /** The charity's logo. */
  charity_logo: string;
  /** The charity's website. */
  charity_website: string;
  /** ISO-4217 code, for example USD. */
  currency: string;
  /** How many decimal places `current_amount` and `target_amount` imply. */
  decimal_places: number;
  /** The amount raised so far, in minor units. */
  current_amount: number;
  /** Null when the broadcaster set no fundraising goal. */
  target_amount: number | null;
  /** Epoch ms. */
  started_at: number;
}

/** A donation to a campaign. */
export interface CharityDonationRecord {
  /** The donation's ID. */
  id: string;
  /** The campaign donated to. */
  campaign_id: string;
  /** The ID of the user who donated. */
  user_id: string;
  /** In the campaign currency's minor unit (cents for USD). */
  value: number;
  /** Epoch ms. */
  donated_at: number;
}

/** What `mock.charity.start()` takes. */
export interface CharityCampaignInput {
  /** The charity's name. */
  charity_name: string;
  /** The charity's description; empty by default. */
  charity_description?: string;
  /** The charity's logo; a made-up address by default. */
  charity_logo?: string;
  /** The charity's website; a made-up address by default. */
  charity_website?: string;
  /** The fundraising goal in minor units; omitted or null for none. */
  target_amount?: number | null;
  /** Default USD. */
  currency?: string;
  /** Default 2. */
  decimal_places?: number;
}

/** What tests can do with charity campaigns that no API call does. */
export interface CharityControl {
  /** The broadcaster starts a campaign (`channel.charity_campaign.start`). Throws while one runs. */
  start(broadcasterId: string, input: CharityCampaignInput): Readonly<CharityCampaignRecord>;
  /**
   * A viewer donates `value` minor units (a whole number from 1) to the running campaign:
   * `channel.charity_campaign.donate`, then `.progress` with the new amount.
   */
  donate(broadcasterId: string, userId: string, value: number): Readonly<CharityDonationRecord>;
  /** The broadcaster changes the goal (null: none); raises `channel.charity_campaign.progress`. */
  setTarget(broadcasterId: string, value: number | null): Readonly<CharityCampaignRecord>;
  /** The broadcaster stops the campaign (`channel.charity_campaign.stop`). */
  stop(broadcasterId: string): Readonly<CharityCampaignRecord>;
  /** The running campaign; undefined when none. */
  campaign(broadcasterId: string): Readonly<CharityCampaignRecord> | undefined;
}

const DONATION_PAGE = { defaultFirst: 20, maxFirst: 100 };

/** Registers the charity routes and returns the campaigns' controls. */
export function registerCharityRoutes(router: Router, context: HelixContext): CharityControl {
  const { state } = context;
  /** Running campaigns by broadcaster, with their donations in order. */
  const campaigns = new Map<string, { campaign: CharityCampaignRecord; donations: CharityDonationRecord[] }>();

  const money = (campaign: CharityCampaignRecord, value: number) => ({ value, decimal_places: campaign.decimal_places, currency: campaign.currency });
  const charity = (campaign: CharityCampaignRecord) => ({
    charity_name: campaign.charity_name,
    charity_description: campaign.charity_description,
    charity_logo: campaign.charity_logo,
    charity_website: campaign.charity_website,
  });
  const amounts = (campaign: CharityCampaignRecord) => ({
    current_amount: money(campaign, campaign.current_amount),
    target_amount: campaign.target_amount === null ? null : money(campaign, campaign.target_amount),
  });
  // The campaign events name the broadcaster `broadcaster_id`; the donation event `broadcaster_user_id`.
  const raiseCampaign = (kind: 'start' | 'progress' | 'stop', campaign: CharityCampaignRecord, extra: Record<string, string> = {}) =>
    context.events.raise({
      type: `channel.charity_campaign.${kind}`,
      version: '1',
      event: { id: campaign.id, ...userFields(context, campaign.broadcaster_id, 'broadcaster'), ...charity(campaign), ...amounts(campaign), ...extra },
      condition: { broadcaster_user_id: campaign.broadcaster_id },
    });
  const running = (broadcasterId: string) => {
    const entry = campaigns.get(broadcasterId);
    if (!entry) throw new Error(`User ${broadcasterId} runs no charity campaign.`);
    return entry;
  };
  const minorUnits = (value: number, name: string) => {
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of minor units from 1, not ${value}.`);
    return value;
  };

  registerRoutes(router, context, [
    route({
      method: 'GET',
      path: '/charity/campaigns',
      token: 'user',
      scopes: ['channel:read:charity'],
      query: ['broadcaster_id'],
      handle: asTokenUser('broadcaster_id', ({ userId }) => {
        requirePartnerOrAffiliate(context, userId);
        const entry = campaigns.get(userId);
        if (!entry) return ok([]);
        const { campaign } = entry;
        return ok([{ id: campaign.id, ...userFields(context, userId, 'broadcaster'), ...charity(campaign), ...amounts(campaign) }]);
      }),
    }),
    route({
      method: 'GET',
      path: '/charity/donations',
      token: 'user',
      scopes: ['channel:read:charity'],
      query: ['broadcaster_id'],
      handle: asTokenUser('broadcaster_id', ({ request, userId }) => {
        requirePartnerOrAffiliate(context, userId);
        const entry = campaigns.get(userId);
        const { data, pagination } = page(request, entry?.donations ?? [], DONATION_PAGE);
        return ok(
          data.map((donation) => ({
            id: donation.id,
            campaign_id: donation.campaign_id,
            ...userFields(context, donation.user_id, 'user'),
            amount: money(entry!.campaign, donation.value),
          })),
          { pagination },
        );
      }),
    }),
  ]);

  return {
    start(broadcasterId, input) {
      if (!state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
      if (campaigns.has(broadcasterId)) throw new Error(`User ${broadcasterId} already runs a charity campaign; stop it first.`);
      if (!input.charity_name) throw new Error('charity_name is required.');
      const decimals = input.decimal_places ?? 2;
      if (!Number.isInteger(decimals) || decimals < 0) throw new Error(`decimal_places must be a whole number of 0 or more, not ${decimals}.`);
      const currency = input.currency ?? 'USD';
      if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`currency must be an ISO-4217 code of three capital letters, not ${currency}.`);
      const id = state.id();
      const slug = input.charity_name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const campaign: CharityCampaignRecord = {
        id,
        broadcaster_id: broadcasterId,
        charity_name: input.charity_name,
        charity_description: input.charity_description ?? '',
        charity_logo: input.charity_logo ?? `https://static.example/charity-logos/${slug}-100x100.png`,
        charity_website: input.charity_website ?? `https://${slug}.example.org`,
        currency,
        decimal_places: decimals,
        current_amount: 0,
        target_amount: input.target_amount === undefined || input.target_amount === null ? null : minorUnits(input.target_amount, 'target_amount'),
        started_at: context.now(),
      };
      campaigns.set(broadcasterId, { campaign, donations: [] });
      raiseCampaign('start', campaign, { started_at: iso(campaign.started_at) });
      return structuredClone(campaign);
    },
    donate(broadcasterId, userId, value) {
      const { campaign, donations } = running(broadcasterId);
      if (!state.user(userId)) throw new Error(`No user ${userId}: add the user with mock.addUser() first.`);
      const donation: CharityDonationRecord = { id: state.id(), campaign_id: campaign.id, user_id: userId, value: minorUnits(value, 'value'), donated_at: context.now() };
      donations.push(donation);
      campaign.current_amount += donation.value;
      context.events.raise({
        type: 'channel.charity_campaign.donate',
        version: '1',
        event: {
          id: donation.id,
          campaign_id: campaign.id,
          ...userFields(context, broadcasterId, 'broadcaster_user'),
          ...userFields(context, userId, 'user'),
          ...charity(campaign),
          amount: money(campaign, donation.value),
        },
        condition: { broadcaster_user_id: broadcasterId },
      });
      raiseCampaign('progress', campaign);
      return { ...donation };
    },
    setTarget(broadcasterId, value) {
      const { campaign } = running(broadcasterId);
      campaign.target_amount = value === null ? null : minorUnits(value, 'target_amount');
      raiseCampaign('progress', campaign);
      return structuredClone(campaign);
    },
    stop(broadcasterId) {
      const { campaign } = running(broadcasterId);
      campaigns.delete(broadcasterId);
      raiseCampaign('stop', campaign, { stopped_at: iso(context.now()) });
      return structuredClone(campaign);
    },
    campaign(broadcasterId) {
      const entry = campaigns.get(broadcasterId);
      return entry && structuredClone(entry.campaign);
    },
  };
}
