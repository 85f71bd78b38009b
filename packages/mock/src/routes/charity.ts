import type { ControlTable } from '../controls';
import type { Persisted } from '../persist';
import { asTokenUser, iso, ok, page, requirePartnerOrAffiliate, userFields, type HelixContext, type RouteRow } from '../helix';

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

/** An amount of the campaign's currency, as the routes and events write it. */
function money(campaign: CharityCampaignRecord, value: number): Record<string, unknown> {
  return { value, decimal_places: campaign.decimal_places, currency: campaign.currency };
}

/** The charity's fields, as the routes and events write them. */
function charityFields(campaign: CharityCampaignRecord): Record<string, unknown> {
  return {
    charity_name: campaign.charity_name,
    charity_description: campaign.charity_description,
    charity_logo: campaign.charity_logo,
    charity_website: campaign.charity_website,
  };
}

/** The campaign's current and target amounts, as the routes and events write them. */
function amounts(campaign: CharityCampaignRecord): Record<string, unknown> {
  return {
    current_amount: money(campaign, campaign.current_amount),
    target_amount: campaign.target_amount === null ? null : money(campaign, campaign.target_amount),
  };
}

function minorUnits(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of minor units from 1, not ${value}.`);
  return value;
}

/** What the charity group keeps (the running campaigns and their donations), the helpers its routes share, and its controls' logic. */
export class CharityState implements Persisted {
  /** What a snapshot keeps (see persist.ts); nothing runs on the clock. */
  readonly persisted = { as: 'charity', fields: ['campaigns'] } as const;
  /** Running campaigns by broadcaster, with their donations in order. */
  readonly campaigns = new Map<string, { campaign: CharityCampaignRecord; donations: CharityDonationRecord[] }>();

  constructor(readonly context: HelixContext) {}

  // The campaign events name the broadcaster `broadcaster_id`; the donation event `broadcaster_user_id`.
  raiseCampaign(kind: 'start' | 'progress' | 'stop', campaign: CharityCampaignRecord, extra: Record<string, string> = {}): void {
    this.context.events.raise({
      type: `channel.charity_campaign.${kind}`,
      version: '1',
      event: { id: campaign.id, ...userFields(this.context, campaign.broadcaster_id, 'broadcaster'), ...charityFields(campaign), ...amounts(campaign), ...extra },
      condition: { broadcaster_user_id: campaign.broadcaster_id },
    });
  }

  /** The channel's running campaign, with its donations; throws when none runs. */
  running(broadcasterId: string): { campaign: CharityCampaignRecord; donations: CharityDonationRecord[] } {
    const entry = this.campaigns.get(broadcasterId);
    if (!entry) throw new Error(`User ${broadcasterId} runs no charity campaign.`);
    return entry;
  }

  start(broadcasterId: string, input: CharityCampaignInput): CharityCampaignRecord {
    const { state } = this.context;
    if (!state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
    if (this.campaigns.has(broadcasterId)) throw new Error(`User ${broadcasterId} already runs a charity campaign; stop it first.`);
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
      started_at: this.context.now(),
    };
    this.campaigns.set(broadcasterId, { campaign, donations: [] });
    this.raiseCampaign('start', campaign, { started_at: iso(campaign.started_at) });
    return structuredClone(campaign);
  }

  donate(broadcasterId: string, userId: string, value: number): CharityDonationRecord {
    const { context } = this;
    const { campaign, donations } = this.running(broadcasterId);
    if (!context.state.user(userId)) throw new Error(`No user ${userId}: add the user with mock.addUser() first.`);
    const donation: CharityDonationRecord = { id: context.state.id(), campaign_id: campaign.id, user_id: userId, value: minorUnits(value, 'value'), donated_at: context.now() };
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
        ...charityFields(campaign),
        amount: money(campaign, donation.value),
      },
      condition: { broadcaster_user_id: broadcasterId },
    });
    this.raiseCampaign('progress', campaign);
    return { ...donation };
  }

  setTarget(broadcasterId: string, value: number | null): CharityCampaignRecord {
    const { campaign } = this.running(broadcasterId);
    campaign.target_amount = value === null ? null : minorUnits(value, 'target_amount');
    this.raiseCampaign('progress', campaign);
    return structuredClone(campaign);
  }

  stop(broadcasterId: string): CharityCampaignRecord {
    const { campaign } = this.running(broadcasterId);
    this.campaigns.delete(broadcasterId);
    this.raiseCampaign('stop', campaign, { stopped_at: iso(this.context.now()) });
    return structuredClone(campaign);
  }

  campaign(broadcasterId: string): CharityCampaignRecord | undefined {
    const entry = this.campaigns.get(broadcasterId);
    return entry && structuredClone(entry.campaign);
  }
}

/** The charity routes: Get Charity Campaign, Get Charity Campaign Donations. */
export const charityRoutes: readonly RouteRow<CharityState>[] = [
  {
    method: 'GET',
    path: '/charity/campaigns',
    token: 'user',
    scopes: ['channel:read:charity'],
    query: ['broadcaster_id'],
    handle: asTokenUser<CharityState>('broadcaster_id', ({ userId, context }, charity) => {
      requirePartnerOrAffiliate(context, userId);
      const entry = charity.campaigns.get(userId);
      if (!entry) return ok([]);
      const { campaign } = entry;
      return ok([{ id: campaign.id, ...userFields(context, userId, 'broadcaster'), ...charityFields(campaign), ...amounts(campaign) }]);
    }),
  },
  {
    method: 'GET',
    path: '/charity/donations',
    token: 'user',
    scopes: ['channel:read:charity'],
    query: ['broadcaster_id'],
    handle: asTokenUser<CharityState>('broadcaster_id', ({ request, userId, context }, charity) => {
      requirePartnerOrAffiliate(context, userId);
      const entry = charity.campaigns.get(userId);
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
  },
];

/** The charity controls: `mock.charity.*` and `/mock/charity.*`. */
export const charityControls: ControlTable<CharityState, CharityControl> = {
  start: {
    params: ['broadcasterId: string', 'input: CharityCampaignInput'],
    does: 'The broadcaster starts a campaign (`channel.charity_campaign.start`).',
    run: (charity, broadcasterId, input) => charity.start(broadcasterId, input),
  },
  donate: {
    params: ['broadcasterId: string', 'userId: string', 'value: number'],
    does: 'A viewer donates `value` minor units (a whole number from 1) to the running campaign: `channel.charity_campaign.donate`, then `.progress` with the new amount.',
    run: (charity, broadcasterId, userId, value) => charity.donate(broadcasterId, userId, value),
  },
  setTarget: {
    params: ['broadcasterId: string', 'value: number | null'],
    does: 'The broadcaster changes the goal (null: none); raises `channel.charity_campaign.progress`.',
    run: (charity, broadcasterId, value) => charity.setTarget(broadcasterId, value),
  },
  stop: {
    params: ['broadcasterId: string'],
    does: 'The broadcaster stops the campaign (`channel.charity_campaign.stop`).',
    run: (charity, broadcasterId) => charity.stop(broadcasterId),
  },
  campaign: {
    params: ['broadcasterId: string'],
    does: 'The running campaign; undefined when none.',
    run: (charity, broadcasterId) => charity.campaign(broadcasterId),
  },
};
