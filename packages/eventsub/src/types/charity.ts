import type { CurrencyAmount, UserFields } from './common';

/**
 * The broadcaster of a charity event. Sources disagree on the key names: twurple, a live-looking
 * sample, the platform's reference samples for start, progress and stop, and the fixtures use
 * `broadcaster_id`, `broadcaster_login`, `broadcaster_name`; the reference's donate sample and the
 * platform's CLI use `broadcaster_user_id`, `broadcaster_user_login`, `broadcaster_user_name`.
 * Both spellings are accepted: read `event.broadcaster_id ?? event.broadcaster_user_id`.
 */
export type CharityBroadcasterFields =
  | {
      /** The ID of the broadcaster running the campaign. */
      broadcaster_id: string;
      /** The broadcaster's login name. */
      broadcaster_login: string;
      /** The broadcaster's display name. */
      broadcaster_name: string;
      /** Absent in this spelling: read `broadcaster_id`. */
      broadcaster_user_id?: never;
      /** Absent in this spelling: read `broadcaster_login`. */
      broadcaster_user_login?: never;
      /** Absent in this spelling: read `broadcaster_name`. */
      broadcaster_user_name?: never;
    }
  | {
      /** The ID of the broadcaster running the campaign. */
      broadcaster_user_id: string;
      /** The broadcaster's login name. */
      broadcaster_user_login: string;
      /** The broadcaster's display name. */
      broadcaster_user_name: string;
      /** Absent in this spelling: read `broadcaster_user_id`. */
      broadcaster_id?: never;
      /** Absent in this spelling: read `broadcaster_user_login`. */
      broadcaster_login?: never;
      /** Absent in this spelling: read `broadcaster_user_name`. */
      broadcaster_name?: never;
    };

/** The charity a campaign raises money for. */
export interface CharityFields {
  /** The charity's name. */
  charity_name: string;
  /** A description of the charity. */
  charity_description: string;
  /** An image URL of the charity's logo. */
  charity_logo: string;
  /** A URL of the charity's website. */
  charity_website: string;
}

/** A charity campaign's amounts so far and its goal. */
export interface CharityCampaignFields extends CharityFields {
  /** The campaign ID. */
  id: string;
  /** The donations the campaign has received so far (the final amount, when it stops). */
  current_amount: CurrencyAmount;
  /** The campaign's fundraising goal. */
  target_amount: CurrencyAmount;
}

/** `channel.charity_campaign.donate`: a viewer donated. */
export type ChannelCharityCampaignDonateEvent = CharityBroadcasterFields &
  CharityFields &
  UserFields & {
    /** The donation ID. */
    id: string;
    /** The ID of the charity campaign. */
    campaign_id: string;
    /** The amount the user donated. */
    amount: CurrencyAmount;
  };

/** `channel.charity_campaign.progress`: campaign progressed or goal changed. */
export type ChannelCharityCampaignProgressEvent = CharityBroadcasterFields & CharityCampaignFields;

/** `channel.charity_campaign.start`: campaign started; may arrive after the first progress event. */
export type ChannelCharityCampaignStartEvent = CharityBroadcasterFields &
  CharityCampaignFields & {
    /** When the broadcaster started the campaign (RFC 3339, UTC). */
    started_at: string;
  };

/** `channel.charity_campaign.stop`: campaign stopped. */
export type ChannelCharityCampaignStopEvent = CharityBroadcasterFields &
  CharityCampaignFields & {
    /** When the broadcaster stopped the campaign (RFC 3339, UTC). */
    stopped_at: string;
  };
