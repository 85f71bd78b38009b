import type { AnonymousUserFields, BroadcasterFields, EmotePosition, SubscriptionTier, UserFields } from './common';

/** `channel.subscribe`: a user subscribed (resubscriptions excluded). */
export interface ChannelSubscribeEvent extends BroadcasterFields, UserFields {
  /** The tier of the subscription. */
  tier: SubscriptionTier;
  /** Whether the subscription is a gift. */
  is_gift: boolean;
}

/** `channel.subscription.end`: a subscription ended. */
export interface ChannelSubscriptionEndEvent extends BroadcasterFields, UserFields {
  /** The tier of the subscription that ended. */
  tier: SubscriptionTier;
  /** Whether the subscription was a gift. */
  is_gift: boolean;
}

/** `channel.subscription.gift`: subscriptions were gifted. */
export interface ChannelSubscriptionGiftEvent extends BroadcasterFields, AnonymousUserFields {
  /** The number of subscriptions in this gift. */
  total: number;
  /** The tier of the gifted subscriptions. */
  tier: SubscriptionTier;
  /** The gifter's total gifts in the channel; null when anonymous or not shared. */
  cumulative_total: number | null;
  /** The gifter is anonymous; the user fields are then null. */
  is_anonymous: boolean;
}

/** `channel.subscription.message`: a resubscription message was shared. */
export interface ChannelSubscriptionMessageEvent extends BroadcasterFields, UserFields {
  /** The tier of the user's subscription. */
  tier: SubscriptionTier;
  /** The user's message; `emotes` is null when it has none. */
  message: {
    /** The text of the resubscription message. */
    text: string;
    /** The emotes in the text: their IDs and where each starts and ends. */
    emotes: EmotePosition[] | null;
  };
  /** The total number of months the user has been subscribed to the channel. */
  cumulative_months: number;
  /** Null when the user does not share their streak. */
  streak_months: number | null;
  /** The length of the subscription, in months. */
  duration_months: number;
}
