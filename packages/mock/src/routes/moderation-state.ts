// What the moderation group's tables share. Facts other groups also need (bans, moderators, VIPs,
// VIP slots, chat messages) live in the shared channel state; what only moderation knows (AutoMod,
// held messages, unban requests, blocked terms, shield mode, warnings, suspicious users) lives here.
import { HttpError, type MockRequest, type MockResponse } from '../http';
import { iso, ok, page, repeated, userFields, type HelixContext } from '../helix';
import type { Persisted } from '../persist';

/** The longest ban reason, warning reason and unban resolution text. */
export const MAX_REASON = 500;
/** The list operations' page sizes. */
export const LIST_PAGE = { defaultFirst: 20, maxFirst: 100 };
/** How many IDs a `user_id` filter may repeat. */
export const MAX_USER_FILTER = 100;

/** The eight AutoMod categories, in the platform's order. */
export const AUTOMOD_CATEGORIES = [
  'disability',
  'aggression',
  'sexuality_sex_or_gender',
  'misogyny',
  'bullying',
  'swearing',
  'race_ethnicity_or_religion',
  'sex_based_terms',
] as const;
/**
 * One AutoMod category.
 * @useDeclaredType
 */
export type AutoModCategory = (typeof AUTOMOD_CATEGORIES)[number];

/** A channel's AutoMod levels, 0 to 4; `overall_level` is null once categories were set one by one. */
export interface AutoModLevels extends Record<AutoModCategory, number> {
  /** The overall level, or null once the categories were set one by one. */
  overall_level: number | null;
  /** The level for discrimination against disability. */
  disability: number;
  /** The level for hostility involving aggression. */
  aggression: number;
  /** The level for discrimination based on sexuality, sex or gender. */
  sexuality_sex_or_gender: number;
  /** The level for discrimination against women. */
  misogyny: number;
  /** The level for hostility involving name calling or insults. */
  bullying: number;
  /** The level for profanity. */
  swearing: number;
  /** The level for racial discrimination. */
  race_ethnicity_or_religion: number;
  /** The level for sexual content. */
  sex_based_terms: number;
}

/** The values `GET /moderation/unban_requests` filters on. */
export const UNBAN_REQUEST_STATUSES = ['pending', 'approved', 'denied', 'acknowledged', 'canceled'] as const;
/**
 * Where an unban request stands.
 * @useDeclaredType
 */
export type UnbanRequestStatus = (typeof UNBAN_REQUEST_STATUSES)[number];

/** A banned user's request to be let back in. */
export interface UnbanRequestRecord {
  /** The request's ID. */
  id: string;
  /** The channel the request was made to. */
  broadcaster_id: string;
  /** The requester's user ID. */
  user_id: string;
  /** What the requester wrote. */
  text: string;
  /** Where the request stands. */
  status: UnbanRequestStatus;
  /** Epoch ms. */
  created_at: number;
  /** Who resolved it; undefined while pending. */
  moderator_id: string | undefined;
  /** Epoch ms; undefined while pending. */
  resolved_at: number | undefined;
  /** null while pending. */
  resolution_text: string | null;
}

/** A term the channel blocks. */
export interface BlockedTermRecord {
  /** The term's ID. */
  id: string;
  /** The channel whose chat refuses the term. */
  broadcaster_id: string;
  /** The moderator who added the term. */
  moderator_id: string;
  /** The refused word or phrase. */
  text: string;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  /** Epoch ms; undefined for a term that does not expire (every term added through the API). */
  expires_at: number | undefined;
}

/** A message AutoMod holds for a moderator to allow or deny. */
export interface HeldMessageRecord {
  /** The held message's ID. */
  msg_id: string;
  /** The channel whose chat the message was sent to. */
  broadcaster_id: string;
  /** The author. */
  user_id: string;
  /** The message's text. */
  text: string;
  /** Epoch ms. */
  held_at: number;
  /** `pending` until a moderator allows or denies it. */
  status: 'pending' | 'approved' | 'denied';
  /** `blocked_term` when the text contains one of the channel's blocked terms, else `automod`. */
  reason: 'automod' | 'blocked_term';
  /** The AutoMod category it falls in (`bullying` unless the test says otherwise). */
  category: string;
  /** Its AutoMod level (3 unless the test says otherwise). */
  level: number;
  /** The moderator who allowed or denied it. */
  moderator_id: string | undefined;
}

/** A warning a user must acknowledge before chatting again. */
export interface WarningRecord {
  /** The channel where the warning was given. */
  broadcaster_id: string;
  /** The warned user's ID. */
  user_id: string;
  /** The moderator who gave the warning. */
  moderator_id: string;
  /** Why the user was warned. */
  reason: string;
  /** Epoch ms. */
  sent_at: number;
}

/** The treatment of a suspicious user. */
export type SuspiciousStatus = 'NO_TREATMENT' | 'ACTIVE_MONITORING' | 'RESTRICTED';

/** A user the channel watches or restricts. */
export interface SuspiciousUserRecord {
  /** The user's ID. */
  user_id: string;
  /** The channel that watches or restricts the user. */
  broadcaster_id: string;
  /** The last moderator who changed it. */
  moderator_id: string;
  /** Epoch ms. */
  updated_at: number;
  /** How the channel treats the user. */
  status: SuspiciousStatus;
  /** Why the user is marked suspicious. */
  types: string[];
}

/** A channel's Shield Mode. */
export interface ShieldRecord {
  is_active: boolean;
  /** The moderator who last turned it on or off. */
  moderator_id: string;
  /** Epoch ms; undefined when it was never on. */
  last_activated_at: number | undefined;
}

/** A rule of `setAutoModVerdict`. */
export interface VerdictRule {
  match: string | RegExp;
  permitted: boolean;
}

/** The value of `map` under `key`, created by `make` on first use. */
export function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A value the body must carry as a string (400 otherwise). */
export function asString(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new HttpError(400, `The parameter "${name}" must be a string`);
  return value;
}

/**
 * The `data` object of a wrapped body (ban, warn). A flat body or an array under `data` is the
 * client's mistake, so it gets a 400 that says which.
 */
export function wrappedData(request: MockRequest): Record<string, unknown> {
  const data = (request.body as Record<string, unknown> | null | undefined)?.data;
  if (data === undefined || data === null) throw new HttpError(400, 'Missing required parameter "data"');
  if (typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, 'The parameter "data" must be an object');
  return data as Record<string, unknown>;
}

/** Escapes text for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The pattern of a blocked term: whole words, case-insensitive; a `*` at the start or end of a
 * word stands for any letters there, as the platform documents.
 */
function termPattern(term: string): RegExp {
  const word = '[\\p{L}\\p{N}_]';
  // A term of wildcards alone would match every message; it matches none instead.
  if (term.replace(/[*\s]/g, '') === '') return /(?!)/;
  const body = term
    .trim()
    .split(/\s+/)
    .map((part) => {
      const leading = part.startsWith('*');
      const trailing = part.length > 1 && part.endsWith('*');
      const core = part.slice(leading ? 1 : 0, trailing ? -1 : undefined);
      return `${leading ? `${word}*` : ''}${escapeRegExp(core)}${trailing ? `${word}*` : ''}`;
    })
    .join('\\s+');
  return new RegExp(`(?<!${word})${body}(?!${word})`, 'iu');
}

/**
 * The categories an overall level stands for. The platform documents the mapping by example
 * only (level 3 gives 3 everywhere except bullying 2 and swearing 0); the other levels follow the
 * same pattern.
 */
export function levelsOf(overall: number): AutoModLevels {
  return {
    overall_level: overall,
    disability: overall,
    aggression: overall,
    sexuality_sex_or_gender: overall,
    misogyny: overall,
    bullying: Math.max(0, overall - 1),
    swearing: 0,
    race_ethnicity_or_religion: overall,
    sex_based_terms: overall,
  };
}

/** A chat message's text as the events write it: one text fragment. */
export function fragments(text: string): { text: string; fragments: Record<string, unknown>[] } {
  return { text, fragments: [{ type: 'text', text, cheermote: null, emote: null }] };
}

/**
 * The moderation group's data, what more than one of its tables does with it, and its controls'
 * logic (`mock.moderation.*`, `/mock/moderation.*`).
 */
export class ModerationState implements Persisted {
  /**
   * What a snapshot keeps (see persist.ts). Not `verdicts`: the AutoMod rules a test sets, like a
   * fault, are its steering of the mock (with removers that hold them, and RegExps JSON cannot
   * carry), not the platform's records.
   */
  readonly persisted = {
    as: 'moderation',
    fields: ['autoMod', 'held', 'holdReasons', 'unbanRequests', 'blockedTerms', 'shields', 'warnings', 'suspicious', 'vipRequirementMissing'],
  } as const;
  readonly autoMod = new Map<string, AutoModLevels>();
  readonly verdicts = new Map<string, VerdictRule[]>();
  readonly held = new Map<string, HeldMessageRecord>();
  /** The reason fields of each held message's version 2 events, fixed when it was held. */
  readonly holdReasons = new Map<string, Record<string, unknown>>();
  readonly unbanRequests = new Map<string, UnbanRequestRecord[]>();
  readonly blockedTerms = new Map<string, BlockedTermRecord[]>();
  readonly shields = new Map<string, ShieldRecord>();
  readonly warnings = new Map<string, Map<string, WarningRecord>>();
  readonly suspicious = new Map<string, Map<string, SuspiciousUserRecord>>();
  readonly vipRequirementMissing = new Set<string>();

  constructor(readonly context: HelixContext) {}

  /** `<prefix>_id`, `_login` and `_name` of a user. */
  person(id: string, prefix: string): Record<string, string> {
    return userFields(this.context, id, prefix);
  }

  /** Raises an event to every subscription on the channel (moderator conditions included). */
  raise(type: string, version: string, event: Record<string, unknown>, broadcasterId: string, extra: Record<string, string> = {}): void {
    this.context.events.raise({ type, version, event, condition: { broadcaster_user_id: broadcasterId, ...extra } });
  }

  /** A target user must exist on the platform. */
  knownUser(id: string, name = 'user_id'): string {
    if (!this.context.state.user(id)) throw new HttpError(400, `The ID in ${name} is not a valid user`);
    return id;
  }

  /** A page of IDs as `{user_id, user_login, user_name}`, filtered by repeated `user_id`. */
  userPage(request: MockRequest, ids: Iterable<string>): MockResponse {
    const filter = repeated(request, 'user_id', MAX_USER_FILTER);
    const list = [...ids].filter((id) => filter.length === 0 || filter.includes(id));
    const result = page(request, list, LIST_PAGE);
    return ok(
      result.data.map((id) => this.person(id, 'user')),
      { pagination: result.pagination },
    );
  }

  termsOf(broadcasterId: string): BlockedTermRecord[] {
    return entry(this.blockedTerms, broadcasterId, (): BlockedTermRecord[] => []);
  }

  /** The channel's terms in force, oldest first. */
  liveTerms(broadcasterId: string): BlockedTermRecord[] {
    return this.termsOf(broadcasterId).filter((term) => term.expires_at === undefined || term.expires_at > this.context.now());
  }

  /** The channel's terms found in a text, with where each was found (0-based, end inclusive). */
  termsIn(broadcasterId: string, text: string): { term: BlockedTermRecord; start: number; end: number }[] {
    const found: { term: BlockedTermRecord; start: number; end: number }[] = [];
    for (const term of this.liveTerms(broadcasterId)) {
      const match = termPattern(term.text).exec(text);
      if (match) found.push({ term, start: match.index, end: match.index + match[0].length - 1 });
    }
    return found;
  }

  levelsFor(broadcasterId: string): AutoModLevels {
    return entry(this.autoMod, broadcasterId, () => levelsOf(0));
  }

  requestsOf(broadcasterId: string): UnbanRequestRecord[] {
    return entry(this.unbanRequests, broadcasterId, (): UnbanRequestRecord[] => []);
  }

  /** The AutoMod verdict for a text: the newest matching verdict rule, else "no blocked term in it". */
  isPermitted(broadcasterId: string, text: string): boolean {
    const rules = this.verdicts.get(broadcasterId) ?? [];
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index]!;
      const hit = typeof rule.match === 'string' ? text.toLowerCase().includes(rule.match.toLowerCase()) : rule.match.test(text);
      if (hit) return rule.permitted;
    }
    return this.termsIn(broadcasterId, text).length === 0;
  }

  /** The reason fields of the version 2 AutoMod message events. */
  holdReason(message: HeldMessageRecord): Record<string, unknown> {
    if (message.reason === 'blocked_term') {
      return {
        reason: 'blocked_term',
        automod: null,
        blocked_term: {
          terms_found: this.termsIn(message.broadcaster_id, message.text).map(({ term, start, end }) => ({
            term_id: term.id,
            ...this.person(term.broadcaster_id, 'owner_broadcaster_user'),
            boundary: { start_pos: start, end_pos: end },
          })),
        },
      };
    }
    return {
      reason: 'automod',
      automod: { category: message.category, level: message.level, boundaries: [{ start_pos: 0, end_pos: Math.max(0, message.text.length - 1) }] },
      blocked_term: null,
    };
  }

  /**
   * Raises `automod.message.hold` (no moderator yet) or `automod.message.update` (with the moderator
   * and the status) in both versions: version 1 with `category` and `level`, version 2 with the
   * reason (`automod` or `blocked_term`) and what AutoMod found.
   */
  raiseAutoModMessage(message: HeldMessageRecord, moderatorId?: string): void {
    const type = moderatorId === undefined ? 'automod.message.hold' : 'automod.message.update';
    const who = {
      ...this.person(message.broadcaster_id, 'broadcaster_user'),
      ...this.person(message.user_id, 'user'),
      ...(moderatorId === undefined ? {} : this.person(moderatorId, 'moderator_user')),
      message_id: message.msg_id,
      message: fragments(message.text),
    };
    const status = moderatorId === undefined ? {} : { status: message.status };
    const heldAt = iso(message.held_at);
    this.raise(type, '1', { ...who, category: message.category, level: message.level, ...status, held_at: heldAt }, message.broadcaster_id);
    this.raise(type, '2', { ...who, ...this.holdReasons.get(message.msg_id), ...status, held_at: heldAt }, message.broadcaster_id);
  }

  /** AutoMod holds a message: it waits for a moderator, and the hold events are raised. Returns the message ID. */
  holdMessage(broadcasterId: string, userId: string, text: string, options: { category?: string; level?: number } = {}): string {
    const message: HeldMessageRecord = {
      msg_id: this.context.state.id(),
      broadcaster_id: broadcasterId,
      user_id: userId,
      text,
      held_at: this.context.now(),
      status: 'pending',
      reason: this.termsIn(broadcasterId, text).length > 0 ? 'blocked_term' : 'automod',
      category: options.category ?? 'bullying',
      level: options.level ?? 3,
      moderator_id: undefined,
    };
    this.held.set(message.msg_id, message);
    this.holdReasons.set(message.msg_id, this.holdReason(message));
    this.raiseAutoModMessage(message);
    this.raise(
      'channel.chat.user_message_hold',
      '1',
      { ...this.person(broadcasterId, 'broadcaster_user'), ...this.person(userId, 'user'), message_id: message.msg_id, message: fragments(text) },
      broadcasterId,
      { user_id: userId },
    );
    return message.msg_id;
  }

  heldMessage(msgId: string): HeldMessageRecord | undefined {
    const message = this.held.get(msgId);
    return message && { ...message };
  }

  /** Adds a verdict rule; returns its remover. */
  setAutoModVerdict(broadcasterId: string, match: string | RegExp, permitted: boolean): () => void {
    const rule: VerdictRule = { match, permitted };
    entry(this.verdicts, broadcasterId, () => []).push(rule);
    return () => {
      const rules = this.verdicts.get(broadcasterId) ?? [];
      const index = rules.indexOf(rule);
      if (index >= 0) rules.splice(index, 1);
    };
  }

  /** Raises `channel.unban_request.resolve` for a request that was approved, denied or canceled (no moderator then). */
  raiseUnbanResolve(record: UnbanRequestRecord): void {
    const moderator = record.moderator_id === undefined ? { moderator_user_id: null, moderator_user_login: null, moderator_user_name: null } : this.person(record.moderator_id, 'moderator_user');
    this.raise(
      'channel.unban_request.resolve',
      '1',
      {
        id: record.id,
        ...this.person(record.broadcaster_id, 'broadcaster_user'),
        ...moderator,
        ...this.person(record.user_id, 'user'),
        resolution_text: record.resolution_text,
        status: record.status,
      },
      record.broadcaster_id,
    );
  }

  createUnbanRequest(broadcasterId: string, userId: string, text: string): UnbanRequestRecord {
    const { state } = this.context;
    if (!state.activeBan(broadcasterId, userId)) throw new Error(`User ${userId} is not banned in channel ${broadcasterId}.`);
    const list = this.requestsOf(broadcasterId);
    if (list.some((record) => record.user_id === userId && record.status === 'pending')) {
      throw new Error(`User ${userId} already has a pending unban request in channel ${broadcasterId}.`);
    }
    const record: UnbanRequestRecord = {
      id: state.id(),
      broadcaster_id: broadcasterId,
      user_id: userId,
      text,
      status: 'pending',
      created_at: this.context.now(),
      moderator_id: undefined,
      resolved_at: undefined,
      resolution_text: null,
    };
    list.push(record);
    this.raise(
      'channel.unban_request.create',
      '1',
      { id: record.id, ...this.person(broadcasterId, 'broadcaster_user'), ...this.person(userId, 'user'), text, created_at: iso(record.created_at) },
      broadcasterId,
    );
    return { ...record };
  }

  cancelUnbanRequest(requestId: string): void {
    const record = [...this.unbanRequests.values()].flat().find((each) => each.id === requestId);
    if (!record) throw new Error(`No unban request ${requestId}.`);
    if (record.status !== 'pending') throw new Error(`Unban request ${requestId} is already ${record.status}.`);
    record.status = 'canceled';
    record.resolved_at = this.context.now();
    record.resolution_text = '';
    this.raiseUnbanResolve(record);
  }

  acknowledgeWarning(broadcasterId: string, userId: string): void {
    const pending = this.warnings.get(broadcasterId);
    if (!pending?.delete(userId)) throw new Error(`User ${userId} has no pending warning in channel ${broadcasterId}.`);
    this.raise('channel.warning.acknowledge', '1', { ...this.person(broadcasterId, 'broadcaster_user'), ...this.person(userId, 'user') }, broadcasterId);
  }

  pendingWarning(broadcasterId: string, userId: string): WarningRecord | undefined {
    const warning = this.warnings.get(broadcasterId)?.get(userId);
    return warning && { ...warning };
  }

  suspiciousUser(broadcasterId: string, userId: string): SuspiciousUserRecord | undefined {
    const record = this.suspicious.get(broadcasterId)?.get(userId);
    return record && { ...record, types: [...record.types] };
  }

  isShieldModeActive(broadcasterId: string): boolean {
    return this.shields.get(broadcasterId)?.is_active ?? false;
  }

  autoModLevels(broadcasterId: string): AutoModLevels {
    return { ...this.levelsFor(broadcasterId) };
  }

  setVipRequirementMet(broadcasterId: string, met: boolean): void {
    if (met) this.vipRequirementMissing.delete(broadcasterId);
    else this.vipRequirementMissing.add(broadcasterId);
  }
}
