import type { AutomodMessage, BroadcasterFields, ModeratorFields, TaggedPayloads, UserFields } from './common';

/** Where a boundary of a flagged part of the message starts and ends (character positions). */
export interface AutomodBoundary {
  /** Index in the message where the problem starts (0-based, inclusive). */
  start_pos: number;
  /** Index in the message where the problem ends (0-based, inclusive). */
  end_pos: number;
}

/** Why AutoMod itself held a message: its category, level and the flagged parts. */
export interface AutomodHoldDetails {
  /** The category of the caught message. */
  category: string;
  /** The level of severity, 1 to 4. */
  level: number;
  /** The bounds of the text that caused the message to be caught. */
  boundaries: AutomodBoundary[];
}

/** A public blocked term found in a held message. */
export interface AutomodBlockedTermFound {
  /** The ID of the blocked term found. */
  term_id: string;
  /** The broadcaster whose term list holds the term (in shared chat, possibly another channel). */
  owner_broadcaster_user_id: string;
  /** The login of the broadcaster that owns the blocked term. */
  owner_broadcaster_user_login: string;
  /** The display name of the broadcaster that owns the blocked term. */
  owner_broadcaster_user_name: string;
  /** The bounds of the text that caused the message to be caught. */
  boundary: AutomodBoundary;
}

/** The public blocked terms that held a message. */
export interface AutomodBlockedTermDetails {
  /** The blocked terms found in the message. */
  terms_found: AutomodBlockedTermFound[];
}

/** How a queued message was resolved. */
export type AutomodMessageStatus = 'approved' | 'denied' | 'expired';

/** The reason (v2) of a held message: `automod` carries `automod`, `blocked_term` carries `blocked_term`. */
export type AutomodHoldReason = TaggedPayloads<
  'reason',
  {
    /** AutoMod caught the message. */
    automod: 'automod';
    /** A blocked term caught the message. */
    blocked_term: 'blocked_term';
  },
  {
    /** Why AutoMod caught the message; null unless `reason` is `automod`. */
    automod: AutomodHoldDetails;
    /** The blocked terms that caught the message; null unless `reason` is `blocked_term`. */
    blocked_term: AutomodBlockedTermDetails;
  }
>;

/** The fields of every held-message event: the channel, the sender (`user_*`) and the message. */
export interface AutomodHeldMessageFields extends BroadcasterFields, UserFields {
  /** The ID of the held message. */
  message_id: string;
  /** The body of the message. */
  message: AutomodMessage;
  /** When AutoMod saved the message. */
  held_at: string;
}

/** `automod.message.hold` v1: AutoMod held a message (older payload, without the reason). */
export interface AutomodMessageHoldV1Event extends AutomodHeldMessageFields {
  /** The category of the message. */
  category: string;
  /** The level of severity, 1 to 4. */
  level: number;
}

/** `automod.message.hold` v2: AutoMod held a message (public blocked terms only); narrow on `reason`. */
export type AutomodMessageHoldEvent = AutomodHeldMessageFields & AutomodHoldReason;

/** `automod.message.update` v1: a queued message was approved, denied or expired (older payload, without the reason). */
export interface AutomodMessageUpdateV1Event extends AutomodMessageHoldV1Event, ModeratorFields {
  /** The message's status: approved, denied or expired. */
  status: AutomodMessageStatus;
}

/** `automod.message.update` v2: a queued message was approved, denied or expired (public terms only); narrow on `reason`. */
export type AutomodMessageUpdateEvent = AutomodHeldMessageFields &
  ModeratorFields & {
    /** The message's status: approved, denied or expired. */
    status: AutomodMessageStatus;
  } & AutomodHoldReason;

/** `automod.settings.update`: AutoMod settings changed. Levels run from 0 (off) to 4 (most filtering). */
export interface AutomodSettingsUpdateEvent extends BroadcasterFields, ModeratorFields {
  /** The overall level when the broadcaster set one; null when the categories were set one by one. */
  overall_level: number | null;
  /** The AutoMod level for discrimination against disability. */
  disability: number;
  /** The AutoMod level for hostility involving aggression. */
  aggression: number;
  /** The AutoMod level for discrimination based on sexuality, sex or gender. */
  sexuality_sex_or_gender: number;
  /** The AutoMod level for discrimination against women. */
  misogyny: number;
  /** The AutoMod level for hostility involving name calling or insults. */
  bullying: number;
  /** The AutoMod level for profanity. */
  swearing: number;
  /** The AutoMod level for racial discrimination. */
  race_ethnicity_or_religion: number;
  /** The AutoMod level for sexual content. */
  sex_based_terms: number;
}

/** What happened to AutoMod terms. */
export type AutomodTermsAction = 'add_permitted' | 'remove_permitted' | 'add_blocked' | 'remove_blocked';

/** `automod.terms.update`: permitted or blocked terms changed (private terms not sent). */
export interface AutomodTermsUpdateEvent extends BroadcasterFields, ModeratorFields {
  /** The status change applied to the terms. */
  action: AutomodTermsAction;
  /** The change was made by AutoMod (for example a term added while resolving a held message). */
  from_automod: boolean;
  /** The terms whose status changed. */
  terms: string[];
}
