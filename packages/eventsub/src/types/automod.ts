import type { AutomodMessage, BroadcasterFields, ModeratorFields, TaggedPayloads, UserFields } from './common';

/** Where a boundary of a flagged part of the message starts and ends (character positions). */
export interface AutomodBoundary {
  start_pos: number;
  end_pos: number;
}

/** Why AutoMod itself held a message: its category, level and the flagged parts. */
export interface AutomodHoldDetails {
  category: string;
  level: number;
  boundaries: AutomodBoundary[];
}

/** A public blocked term found in a held message. */
export interface AutomodBlockedTermFound {
  term_id: string;
  /** The broadcaster whose term list holds the term (in shared chat, possibly another channel). */
  owner_broadcaster_user_id: string;
  owner_broadcaster_user_login: string;
  owner_broadcaster_user_name: string;
  boundary: AutomodBoundary;
}

/** The public blocked terms that held a message. */
export interface AutomodBlockedTermDetails {
  terms_found: AutomodBlockedTermFound[];
}

/** How a queued message was resolved. */
export type AutomodMessageStatus = 'approved' | 'denied' | 'expired';

/** The reason (v2) of a held message: `automod` carries `automod`, `blocked_term` carries `blocked_term`. */
export type AutomodHoldReason = TaggedPayloads<
  'reason',
  { automod: 'automod'; blocked_term: 'blocked_term' },
  { automod: AutomodHoldDetails; blocked_term: AutomodBlockedTermDetails }
>;

interface AutomodHeldMessageFields extends BroadcasterFields, UserFields {
  message_id: string;
  message: AutomodMessage;
  held_at: string;
}

/** `automod.message.hold` v1: AutoMod held a message (older payload, without the reason). */
export interface AutomodMessageHoldV1Event extends AutomodHeldMessageFields {
  category: string;
  level: number;
}

/** `automod.message.hold` v2: AutoMod held a message (public blocked terms only); narrow on `reason`. */
export type AutomodMessageHoldEvent = AutomodHeldMessageFields & AutomodHoldReason;

/** `automod.message.update` v1: a queued message was approved, denied or expired (older payload, without the reason). */
export interface AutomodMessageUpdateV1Event extends AutomodMessageHoldV1Event, ModeratorFields {
  status: AutomodMessageStatus;
}

/** `automod.message.update` v2: a queued message was approved, denied or expired (public terms only); narrow on `reason`. */
export type AutomodMessageUpdateEvent = AutomodHeldMessageFields &
  ModeratorFields & { status: AutomodMessageStatus } & AutomodHoldReason;

/** `automod.settings.update`: AutoMod settings changed. Levels run from 0 (off) to 4 (most filtering). */
export interface AutomodSettingsUpdateEvent extends BroadcasterFields, ModeratorFields {
  /** The overall level when the broadcaster set one; null when the categories were set one by one. */
  overall_level: number | null;
  disability: number;
  aggression: number;
  sexuality_sex_or_gender: number;
  misogyny: number;
  bullying: number;
  swearing: number;
  race_ethnicity_or_religion: number;
  sex_based_terms: number;
}

/** What happened to AutoMod terms. */
export type AutomodTermsAction = 'add_permitted' | 'remove_permitted' | 'add_blocked' | 'remove_blocked';

/** `automod.terms.update`: permitted or blocked terms changed (private terms not sent). */
export interface AutomodTermsUpdateEvent extends BroadcasterFields, ModeratorFields {
  action: AutomodTermsAction;
  /** The change was made by AutoMod (for example a term added while resolving a held message). */
  from_automod: boolean;
  terms: string[];
}
