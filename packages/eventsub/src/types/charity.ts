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
      broadcaster_id: string;
      broadcaster_login: string;
      broadcaster_name: string;
      broadcaster_user_id?: never;
      broadcaster_user_login?: never;
      broadcaster_user_name?: never;
    }
  | {
      broadcaster_user_id: string;
      broadcaster_user_login: string;
      broadcaster_user_name: string;
      broadcaster_id?: never;
      broadcaster_login?: never;
      broadcaster_name?: never;
    };

/** The charity a campaign raises money for. */
export interface CharityFields {
  charity_name: string;
  charity_description: string;
  /** An image URL of the charity's logo. */
  charity_logo: string;
  charity_website: string;
}

/** A charity campaign's amounts so far and its goal. */
export interface CharityCampaignFields extends CharityFields {
  /** The campaign ID. */
  id: string;
  current_amount: CurrencyAmount;
  target_amount: CurrencyAmount;
}

/** `channel.charity_campaign.donate`: a viewer donated. */
export type ChannelCharityCampaignDonateEvent = CharityBroadcasterFields &
  CharityFields &
  UserFields & {
    /** The donation ID. */
    id: string;
    campaign_id: string;
    amount: CurrencyAmount;
  };

/** `channel.charity_campaign.progress`: campaign progressed or goal changed. */
export type ChannelCharityCampaignProgressEvent = CharityBroadcasterFields & CharityCampaignFields;

/** `channel.charity_campaign.start`: campaign started; may arrive after the first progress event. */
export type ChannelCharityCampaignStartEvent = CharityBroadcasterFields & CharityCampaignFields & { started_at: string };

/** `channel.charity_campaign.stop`: campaign stopped. */
export type ChannelCharityCampaignStopEvent = CharityBroadcasterFields & CharityCampaignFields & { stopped_at: string };
