/*
 * Building blocks shared by the EventSub payload types. Field names are the platform's own
 * (snake_case, never renamed); timestamps are RFC3339 strings with up to nine fractional digits.
 */

/** The broadcaster a notification is about. */
export interface BroadcasterFields {
  broadcaster_user_id: string;
  broadcaster_user_login: string;
  broadcaster_user_name: string;
}

/** The user a notification is about (follower, subscriber, redeemer...). */
export interface UserFields {
  user_id: string;
  user_login: string;
  user_name: string;
}

/** A user that may be anonymous, in which case the three fields are null. */
export interface AnonymousUserFields {
  user_id: string | null;
  user_login: string | null;
  user_name: string | null;
}

/** The moderator (or broadcaster) who acted. */
export interface ModeratorFields {
  moderator_user_id: string;
  moderator_user_login: string;
  moderator_user_name: string;
}

/** A subscription tier: `1000` is tier 1 (and Prime), `2000` tier 2, `3000` tier 3. */
export type SubscriptionTier = '1000' | '2000' | '3000';

/** An amount of money: `value` in the currency's minor units, `decimal_places` to place the point. */
export interface CurrencyAmount {
  /** The amount in minor units: 2500 with `decimal_places` 2 means 25.00. */
  value: number;
  decimal_places: number;
  /** ISO 4217 code, for example `USD`. */
  currency: string;
}

/** A chat badge: its set, its version, and extra information (months for subscriber badges). */
export interface ChatBadge {
  set_id: string;
  id: string;
  /** For subscriber badges, the number of months; otherwise empty. */
  info: string;
}

/** A cheermote in a message: `Cheer100` is prefix `cheer`, 100 bits, tier 100. */
export interface Cheermote {
  prefix: string;
  bits: number;
  tier: number;
}

/** An emote in a chat message. */
export interface ChatMessageEmote {
  id: string;
  emote_set_id: string;
  /** The broadcaster who owns the emote. */
  owner_id: string;
  /** The formats the emote is available in. */
  format: Array<'static' | 'animated'>;
}

/** An emote in a message held or flagged by AutoMod (only its ID and set). */
export interface AutomodEmote {
  id: string;
  emote_set_id: string;
}

/** A user mentioned in a chat message. */
export interface ChatMention {
  user_id: string;
  user_name: string;
  user_login: string;
}

/**
 * A piece of a message as AutoMod sees it: text, an emote or a cheermote. Narrow on `type`; the
 * object of the other kind is null.
 */
export type AutomodMessageFragment =
  | { type: 'text'; text: string; cheermote: null; emote: null }
  | { type: 'cheermote'; text: string; cheermote: Cheermote; emote: null }
  | { type: 'emote'; text: string; cheermote: null; emote: AutomodEmote };

/** A message held or flagged by AutoMod, in fragments. */
export interface AutomodMessage {
  text: string;
  fragments: AutomodMessageFragment[];
}

/**
 * A piece of a chat message: text, a cheermote, an emote or a mention. Narrow on `type`; the
 * objects of the other kinds are null.
 */
export type ChatMessageFragment =
  | { type: 'text'; text: string; cheermote: null; emote: null; mention: null }
  | { type: 'cheermote'; text: string; cheermote: Cheermote; emote: null; mention: null }
  | { type: 'emote'; text: string; cheermote: null; emote: ChatMessageEmote; mention: null }
  | { type: 'mention'; text: string; cheermote: null; emote: null; mention: ChatMention };

/** A chat message, as text and in fragments. */
export interface ChatMessage {
  text: string;
  fragments: ChatMessageFragment[];
}

/** An emote's position in a message text (older payloads): characters `begin` to `end`, inclusive. */
export interface EmotePosition {
  id: string;
  begin: number;
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
