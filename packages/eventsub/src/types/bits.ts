import type { AnonymousUserFields, BroadcasterFields, ChatMessageEmote, Cheermote, UserFields } from './common';

/** `channel.cheer`: a user cheered. */
export interface ChannelCheerEvent extends BroadcasterFields, AnonymousUserFields {
  /** The cheer was anonymous; the user fields are then null. */
  is_anonymous: boolean;
  message: string;
  bits: number;
}

/** How Bits were used. `custom_power_up` comes from the Rust crate and third-party code, not twurple. */
export type BitsUseType = 'cheer' | 'power_up' | 'combo' | 'custom_power_up';

/** The kind of a platform Power-up. */
export type PowerUpType = 'message_effect' | 'celebration' | 'gigantify_an_emote';

/** The platform Power-up bought with the Bits. */
export interface BitsPowerUp {
  type: PowerUpType;
  /** The emote involved (for example the gigantified one); null when none. */
  emote: { id: string; name: string } | null;
  /** The message effect chosen; null for other Power-ups. */
  message_effect_id: string | null;
}

/** The broadcaster's custom Power-up bought with the Bits. */
export interface BitsCustomPowerUp {
  reward_id: string;
  title: string;
}

/** A piece of the message sent with Bits: text, a cheermote or an emote. Narrow on `type`. */
export type BitsMessageFragment =
  | { type: 'text'; text: string; cheermote: null; emote: null }
  | { type: 'cheermote'; text: string; cheermote: Cheermote; emote: null }
  | { type: 'emote'; text: string; cheermote: null; emote: ChatMessageEmote };

/** `channel.bits.use`: Bits used via cheer or Power-up (extensions excluded). */
export interface ChannelBitsUseEvent extends BroadcasterFields, UserFields {
  bits: number;
  type: BitsUseType;
  /** Null unless `type` is `power_up`. */
  power_up: BitsPowerUp | null;
  /** Null unless `type` is `custom_power_up`. */
  custom_power_up: BitsCustomPowerUp | null;
  /** Null when the Bits came without a message. */
  message: { text: string; fragments: BitsMessageFragment[] } | null;
}

/** A custom Power-up, as its redemption carries it. */
export interface CustomPowerUp {
  id: string;
  title: string;
  bits: number;
  prompt: string;
}

/** `channel.custom_power_up_redemption.add`: a custom Power-up was redeemed. */
export interface ChannelCustomPowerUpRedemptionAddEvent extends BroadcasterFields, UserFields {
  /** The redemption ID. */
  id: string;
  /** The text the user entered; empty when the Power-up takes none. */
  user_input: string;
  status: 'unknown' | 'unfulfilled' | 'fulfilled' | 'canceled';
  custom_power_up: CustomPowerUp;
  redeemed_at: string;
}
