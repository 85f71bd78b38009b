/*
 * Building blocks shared by the EventSub payload types. Field names are the platform's own
 * (snake_case, never renamed); timestamps are RFC3339 strings with up to nine fractional digits.
 */

/** The broadcaster a notification is about. */
export interface BroadcasterFields {
  /** The broadcaster's user ID. */
  broadcaster_user_id: string;
  /** The broadcaster's login name. */
  broadcaster_user_login: string;
  /** The broadcaster's display name. */
  broadcaster_user_name: string;
}

/** The user a notification is about (follower, subscriber, redeemer...). */
export interface UserFields {
  /** The user's ID. */
  user_id: string;
  /** The user's login name. */
  user_login: string;
  /** The user's display name. */
  user_name: string;
}

/** A user that may be anonymous, in which case the three fields are null. */
export interface AnonymousUserFields {
  /** The user's ID; null when the user is anonymous. */
  user_id: string | null;
  /** The user's login name; null when the user is anonymous. */
  user_login: string | null;
  /** The user's display name; null when the user is anonymous. */
  user_name: string | null;
}

/** The moderator (or broadcaster) who acted. */
export interface ModeratorFields {
  /** The moderator's user ID. */
  moderator_user_id: string;
  /** The moderator's login name. */
  moderator_user_login: string;
  /** The moderator's display name. */
  moderator_user_name: string;
}

/** A subscription tier: `1000` is tier 1 (and Prime), `2000` tier 2, `3000` tier 3. */
export type SubscriptionTier = '1000' | '2000' | '3000';

/** An amount of money: `value` in the currency's minor units, `decimal_places` to place the point. */
export interface CurrencyAmount {
  /** The amount in minor units: 2500 with `decimal_places` 2 means 25.00. */
  value: number;
  /** The number of decimal places the currency uses: 2 for USD. */
  decimal_places: number;
  /** ISO 4217 code, for example `USD`. */
  currency: string;
}

/** A chat badge: its set, its version, and extra information (months for subscriber badges). */
export interface ChatBadge {
  /** The badge set, for example `bits` or `subscriber`. */
  set_id: string;
  /** The version of the badge in its set: for Bits, the tier; it can be any value. */
  id: string;
  /** For subscriber badges, the number of months; otherwise empty. */
  info: string;
}

/** A cheermote in a message: `Cheer100` is prefix `cheer`, 100 bits, tier 100. */
export interface Cheermote {
  /**
   * The name part of the cheermote, in lowercase whatever the chatter typed (`cheer` for
   * `Cheer100`); the cheermote is the prefix followed by the number of Bits.
   */
  prefix: string;
  /** The number of Bits cheered. */
  bits: number;
  /** The cheermote's tier level. */
  tier: number;
}

/** An emote in a chat message. */
export interface ChatMessageEmote {
  /** The emote's ID. */
  id: string;
  /** The emote set the emote belongs to. */
  emote_set_id: string;
  /** The broadcaster who owns the emote. */
  owner_id: string;
  /** The formats the emote is available in. */
  format: Array<'static' | 'animated'>;
}

/** An emote in a message held or flagged by AutoMod (only its ID and set). */
export interface AutomodEmote {
  /** The emote's ID. */
  id: string;
  /** The emote set the emote belongs to. */
  emote_set_id: string;
}

/** A user mentioned in a chat message. */
export interface ChatMention {
  /** The mentioned user's ID. */
  user_id: string;
  /** The mentioned user's display name. */
  user_name: string;
  /** The mentioned user's login name. */
  user_login: string;
}

/**
 * A piece of a message as AutoMod sees it: text, an emote or a cheermote. Narrow on `type`; the
 * object of the other kind is null.
 */
export type AutomodMessageFragment =
  | {
      /** The fragment's kind: plain text. */
      type: 'text';
      /** The fragment's text. */
      text: string;
      /** Null: the fragment is not a cheermote. */
      cheermote: null;
      /** Null: the fragment is not an emote. */
      emote: null;
    }
  | {
      /** The fragment's kind: a cheermote. */
      type: 'cheermote';
      /** The fragment's text. */
      text: string;
      /** The cheermote. */
      cheermote: Cheermote;
      /** Null: the fragment is not an emote. */
      emote: null;
    }
  | {
      /** The fragment's kind: an emote. */
      type: 'emote';
      /** The fragment's text. */
      text: string;
      /** Null: the fragment is not a cheermote. */
      cheermote: null;
      /** The emote. */
      emote: AutomodEmote;
    };

/** A message held or flagged by AutoMod, in fragments. */
export interface AutomodMessage {
  /** The message's text. */
  text: string;
  /** The message in fragments, in order. */
  fragments: AutomodMessageFragment[];
}

/**
 * A piece of a chat message: text, a cheermote, an emote or a mention. Narrow on `type`; the
 * objects of the other kinds are null.
 */
export type ChatMessageFragment =
  | {
      /** The fragment's kind: plain text. */
      type: 'text';
      /** The fragment's text. */
      text: string;
      /** Null: the fragment is not a cheermote. */
      cheermote: null;
      /** Null: the fragment is not an emote. */
      emote: null;
      /** Null: the fragment is not a mention. */
      mention: null;
    }
  | {
      /** The fragment's kind: a cheermote. */
      type: 'cheermote';
      /** The fragment's text. */
      text: string;
      /** The cheermote. */
      cheermote: Cheermote;
      /** Null: the fragment is not an emote. */
      emote: null;
      /** Null: the fragment is not a mention. */
      mention: null;
    }
  | {
      /** The fragment's kind: an emote. */
      type: 'emote';
      /** The fragment's text. */
      text: string;
      /** Null: the fragment is not a cheermote. */
      cheermote: null;
      /** The emote. */
      emote: ChatMessageEmote;
      /** Null: the fragment is not a mention. */
      mention: null;
    }
  | {
      /** The fragment's kind: a mention of a user. */
      type: 'mention';
      /** The fragment's text. */
      text: string;
      /** Null: the fragment is not a cheermote. */
      cheermote: null;
      /** Null: the fragment is not an emote. */
      emote: null;
      /** The mentioned user. */
      mention: ChatMention;
    };

/** A chat message, as text and in fragments. */
export interface ChatMessage {
  /** The message in plain text. */
  text: string;
  /** The message in fragments, in order. */
  fragments: ChatMessageFragment[];
}

/** An emote's position in a message text (older payloads): characters `begin` to `end`, inclusive. */
export interface EmotePosition {
  /** The emote's ID. */
  id: string;
  /** The index in the text where the emote starts. */
  begin: number;
  /** The index in the text where the emote ends. */
  end: number;
}

/**
 * One variant per tag value, for payloads that carry one object per kind and set the others to
 * null: the key that `Tags` names for the tag holds its object, every other key of `Payloads` is
 * null (a tag mapped to `never` carries no object). Narrowing on the tag narrows the objects.
 */
export type TaggedPayloads<TagKey extends string, Tags, Payloads> = {
  [Tag in keyof Tags]: { [K in TagKey]: Tag } & {
    [Key in keyof Payloads]: Key extends Tags[Tag] ? Payloads[Key] : null;
  };
}[keyof Tags];
