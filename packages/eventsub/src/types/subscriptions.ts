import type { AnonymousUserFields, BroadcasterFields, EmotePosition, SubscriptionTier, UserFields } from './common';

/** `channel.subscribe`: a user subscribed (resubscriptions excluded). */
export interface ChannelSubscribeEvent extends BroadcasterFields, UserFields {
  tier: SubscriptionTier;
  is_gift: boolean;
}

/** `channel.subscription.end`: a subscription ended. */
export interface ChannelSubscriptionEndEvent extends BroadcasterFields, UserFields {
  tier: SubscriptionTier;
  is_gift: boolean;
}

/** `channel.subscription.gift`: subscriptions were gifted. */
export interface ChannelSubscriptionGiftEvent extends BroadcasterFields, AnonymousUserFields {
  /** The number of subscriptions in this gift. */
  total: number;
  tier: SubscriptionTier;
  /** The gifter's total gifts in the channel; null when anonymous or not shared. */
  cumulative_total: number | null;
  /** The gifter is anonymous; the user fields are then null. */
  is_anonymous: boolean;
}

/** `channel.subscription.message`: a resubscription message was shared. */
export interface ChannelSubscriptionMessageEvent extends BroadcasterFields, UserFields {
  tier: SubscriptionTier;
  /** The user's message; `emotes` is null when it has none. */
  message: { text: string; emotes: EmotePosition[] | null };
  cumulative_months: number;
  /** Null when the user does not share their streak. */
  streak_months: number | null;
  duration_months: number;
}
