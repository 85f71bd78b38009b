import type { AnonymousUserFields, BroadcasterFields, ChatMessageEmote, Cheermote, UserFields } from './common';

/** `channel.cheer`: a user cheered. */
export interface ChannelCheerEvent extends BroadcasterFields, AnonymousUserFields {
  /** The cheer was anonymous; the user fields are then null. */
  is_anonymous: boolean;
  /** The message sent with the cheer. */
  message: string;
  /** The number of Bits cheered. */
  bits: number;
}

/**
 * How Bits were used: a cheer, one of the platform's own Power-ups, or one of the broadcaster's
 * custom Power-ups. Combos are no longer reported (since 2026-04-02).
 */
export type BitsUseType = 'cheer' | 'power_up' | 'custom_power_up';

/** The kind of a platform Power-up. */
export type PowerUpType = 'message_effect' | 'celebration' | 'gigantify_an_emote';

/** The platform's own (built-in) Power-up bought with the Bits. */
export interface BitsPowerUp {
  /** The kind of Power-up. */
  type: PowerUpType;
  /** The emote involved (for example the gigantified one); null when none. */
  emote: {
    /** The ID that uniquely identifies the emote. */
    id: string;
    /** The human-readable emote token. */
    name: string;
  } | null;
  /** The message effect chosen; null for other Power-ups. */
  message_effect_id: string | null;
}

/** The broadcaster's custom Power-up bought with the Bits. */
export interface BitsCustomPowerUp {
  /** The custom Power-up's reward ID. */
  reward_id: string;
  /** The custom Power-up's title. */
  title: string;
}

/** A piece of the message sent with Bits: text, a cheermote or an emote. Narrow on `type`. */
export type BitsMessageFragment =
  | {
      /** A text fragment. */
      type: 'text';
      /** The message text in the fragment. */
      text: string;
      /** Null: a text fragment holds no cheermote. */
      cheermote: null;
      /** Null: a text fragment holds no emote. */
      emote: null;
    }
  | {
      /** A cheermote fragment. */
      type: 'cheermote';
      /** The message text in the fragment. */
      text: string;
      /** The cheermote. */
      cheermote: Cheermote;
      /** Null: a cheermote fragment holds no emote. */
      emote: null;
    }
  | {
      /** An emote fragment. */
      type: 'emote';
      /** The message text in the fragment. */
      text: string;
      /** Null: an emote fragment holds no cheermote. */
      cheermote: null;
      /** The emote. */
      emote: ChatMessageEmote;
    };

/** `channel.bits.use`: Bits used via a cheer, a Power-up or a custom Power-up (extensions excluded). */
export interface ChannelBitsUseEvent extends BroadcasterFields, UserFields {
  /** The number of Bits used. */
  bits: number;
  /** How the Bits were used. */
  type: BitsUseType;
  /** The built-in Power-up; null unless `type` is `power_up`. */
  power_up: BitsPowerUp | null;
  /** Null unless `type` is `custom_power_up`. */
  custom_power_up: BitsCustomPowerUp | null;
  /** Null when the Bits came without a message. */
  message: {
    /** The chat message in plain text. */
    text: string;
    /** The ordered fragments of the message. */
    fragments: BitsMessageFragment[];
  } | null;
}

/** A custom Power-up, as its redemption carries it. */
export interface CustomPowerUp {
  /** The custom Power-up's ID. */
  id: string;
  /** The custom Power-up's title. */
  title: string;
  /** The custom Power-up's number of Bits. */
  bits: number;
  /** The custom Power-up's description, set by the broadcaster. */
  prompt: string;
}

/** `channel.custom_power_up_redemption.add`: a custom Power-up was redeemed. */
export interface ChannelCustomPowerUpRedemptionAddEvent extends BroadcasterFields, UserFields {
  /** The redemption ID. */
  id: string;
  /** The text the user entered; empty when the Power-up takes none. */
  user_input: string;
  /** The redemption's status. */
  status: 'unknown' | 'unfulfilled' | 'fulfilled' | 'canceled';
  /** The custom Power-up redeemed. */
  custom_power_up: CustomPowerUp;
  /** When the custom Power-up was redeemed. */
  redeemed_at: string;
}
