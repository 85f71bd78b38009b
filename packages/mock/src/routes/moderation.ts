import { HttpError, type MockRequest, type MockResponse, type Router } from '../http';
import {
  authorize,
  field,
  noContent,
  ok,
  page,
  repeated,
  required,
  requiredField,
  requireModerator,
  requireTokenUser,
  userFields,
  type AccessRule,
  type HelixContext,
} from '../helix';
import type { MockBan, MockToken } from '../state';

/*
 * The moderation routes, written from shared/reference/helix.md §2.3 and the moderation parts of
 * SPEC.md. Facts other groups also need (bans, moderators, VIPs, VIP slots, chat messages) live
 * in the shared channel state; what only moderation knows (AutoMod, held messages, unban
 * requests, blocked terms, shield mode, warnings, suspicious users) lives in this module.
 */

/** The longest timeout, in seconds (two weeks). */
const MAX_BAN_DURATION = 1_209_600;
/** The longest ban reason, warning reason and unban resolution text. */
const MAX_REASON = 500;
/** Blocked term length, in characters. */
const TERM_MIN = 2;
const TERM_MAX = 500;
/** A message older than this cannot be deleted one by one. */
const DELETE_WINDOW_MS = 6 * 3600 * 1000;
/** Moderator and VIP changes: this many calls per window, per channel and operation. */
const ROLE_CHANGES = 10;
const ROLE_WINDOW_MS = 10_000;
/** The list operations' page sizes. */
const LIST_PAGE = { defaultFirst: 20, maxFirst: 100 };
/** How many IDs a `user_id` filter may repeat. */
const MAX_USER_FILTER = 100;

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
/** One AutoMod category. */
export type AutoModCategory = (typeof AUTOMOD_CATEGORIES)[number];

/** A channel's AutoMod levels, 0 to 4; `overall_level` is null once categories were set one by one. */
export interface AutoModLevels extends Record<AutoModCategory, number> {
  overall_level: number | null;
}

/** The values `GET /moderation/unban_requests` filters on. */
export const UNBAN_REQUEST_STATUSES = ['pending', 'approved', 'denied', 'acknowledged', 'canceled'] as const;
/** Where an unban request stands. */
export type UnbanRequestStatus = (typeof UNBAN_REQUEST_STATUSES)[number];

/** A banned user's request to be let back in. */
export interface UnbanRequestRecord {
  id: string;
  broadcaster_id: string;
  user_id: string;
  text: string;
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
  id: string;
  broadcaster_id: string;
  moderator_id: string;
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
  msg_id: string;
  broadcaster_id: string;
  /** The author. */
  user_id: string;
  text: string;
  /** Epoch ms. */
  held_at: number;
  status: 'pending' | 'approved' | 'denied';
  /** `blocked_term` when the text contains one of the channel's blocked terms, else `automod`. */
  reason: 'automod' | 'blocked_term';
  category: string;
  level: number;
  /** The moderator who allowed or denied it. */
  moderator_id: string | undefined;
}

/** A warning a user must acknowledge before chatting again. */
export interface WarningRecord {
  broadcaster_id: string;
  user_id: string;
  moderator_id: string;
  reason: string;
  /** Epoch ms. */
  sent_at: number;
}

/** The treatment of a suspicious user. */
export type SuspiciousStatus = 'NO_TREATMENT' | 'ACTIVE_MONITORING' | 'RESTRICTED';

/** A user the channel watches or restricts. */
export interface SuspiciousUserRecord {
  user_id: string;
  broadcaster_id: string;
  /** The last moderator who changed it. */
  moderator_id: string;
  /** Epoch ms. */
  updated_at: number;
  status: SuspiciousStatus;
  types: string[];
}

/** A channel's Shield Mode. */
interface ShieldRecord {
  is_active: boolean;
  /** The moderator who last turned it on or off. */
  moderator_id: string;
  /** Epoch ms; undefined when it was never on. */
  last_activated_at: number | undefined;
}

/** A rule of `setAutoModVerdict`. */
interface VerdictRule {
  match: string | RegExp;
  permitted: boolean;
}

/** What tests can do in the moderation group that no API call does. */
export interface ModerationControl {
  /**
   * AutoMod holds a chat message of `userId` in `broadcasterId`'s channel, for a moderator to
   * allow or deny with `POST /moderation/automod/message`. The reason is `blocked_term` when the
   * text contains one of the channel's blocked terms, else `automod` with `options.category`
   * (default `bullying`) and `options.level` (default 3). Raises `automod.message.hold` (v2) and
   * `channel.chat.user_message_hold`. Returns the message ID (`msg_id`).
   */
  holdMessage(broadcasterId: string, userId: string, text: string, options?: { category?: string; level?: number }): string;
  /** A held message by ID, with its status (`pending`, `approved`, `denied`); undefined when unknown. */
  heldMessage(msgId: string): Readonly<HeldMessageRecord> | undefined;
  /**
   * How `POST /moderation/enforcements/status` judges texts in a channel: a text containing
   * `match` (a string, case-insensitive) or matching it (a RegExp) gets `permitted`. The newest
   * rule wins. Without a matching rule, a text containing a blocked term is not permitted and
   * anything else is. Returns a function that removes the rule.
   */
  setAutoModVerdict(broadcasterId: string, match: string | RegExp, permitted: boolean): () => void;
  /** The AutoMod verdict for a text as `checkAutoMod` would give it (true: it would reach chat). */
  isPermitted(broadcasterId: string, text: string): boolean;
  /**
   * A banned (or timed-out) user asks to be let back in: a `pending` request is created and
   * `channel.unban_request.create` is raised. Throws when the user is not banned or already has
   * a pending request in the channel.
   */
  createUnbanRequest(broadcasterId: string, userId: string, text: string): Readonly<UnbanRequestRecord>;
  /**
   * The requester withdraws a pending request: its status becomes `canceled` and
   * `channel.unban_request.resolve` is raised with no moderator. Throws for an unknown or
   * resolved request.
   */
  cancelUnbanRequest(requestId: string): void;
  /**
   * The user acknowledges their pending warning (they may chat again); raises
   * `channel.warning.acknowledge`. Throws when the user has no pending warning in the channel.
   */
  acknowledgeWarning(broadcasterId: string, userId: string): void;
  /** The user's pending warning in a channel; undefined once acknowledged or when none was sent. */
  pendingWarning(broadcasterId: string, userId: string): Readonly<WarningRecord> | undefined;
  /** A user's suspicious-user record in a channel; undefined when never flagged. */
  suspiciousUser(broadcasterId: string, userId: string): Readonly<SuspiciousUserRecord> | undefined;
  /** Whether Shield Mode is on in a channel. */
  isShieldModeActive(broadcasterId: string): boolean;
  /** A channel's AutoMod levels (a copy). */
  autoModLevels(broadcasterId: string): AutoModLevels;
  /**
   * Whether the broadcaster finished the "Build a Community" step that VIPs need (true by
   * default); while false, `POST /channels/vips` answers 425.
   */
  setVipRequirementMet(broadcasterId: string, met: boolean): void;
}

/** Scopes per route: any one suffices for a user token (app tokens carry none). */
const SCOPES = {
  checkAutoMod: ['moderation:read'],
  manageAutoMod: ['moderator:manage:automod'],
  readAutoModSettings: ['moderator:read:automod_settings', 'moderator:manage:automod_settings'],
  manageAutoModSettings: ['moderator:manage:automod_settings'],
  readBans: ['moderation:read', 'moderator:manage:banned_users'],
  manageBans: ['moderator:manage:banned_users'],
  readUnbanRequests: ['moderator:read:unban_requests', 'moderator:manage:unban_requests'],
  manageUnbanRequests: ['moderator:manage:unban_requests'],
  readBlockedTerms: ['moderator:read:blocked_terms', 'moderator:manage:blocked_terms'],
  manageBlockedTerms: ['moderator:manage:blocked_terms'],
  manageChatMessages: ['moderator:manage:chat_messages'],
  moderatedChannels: ['user:read:moderated_channels'],
  readModerators: ['moderation:read', 'channel:manage:moderators'],
  manageModerators: ['channel:manage:moderators'],
  readVips: ['channel:read:vips', 'channel:manage:vips'],
  manageVips: ['channel:manage:vips'],
  readShieldMode: ['moderator:read:shield_mode', 'moderator:manage:shield_mode'],
  manageShieldMode: ['moderator:manage:shield_mode'],
  warn: ['moderator:manage:warnings'],
  suspicious: ['moderator:manage:suspicious_users'],
} as const satisfies Record<string, readonly string[]>;

/** The sub-objects of `channel.moderate` v2; only the one named by the action is filled in. */
const MODERATE_DETAILS = [
  'followers',
  'slow',
  'vip',
  'unvip',
  'mod',
  'unmod',
  'ban',
  'unban',
  'timeout',
  'untimeout',
  'raid',
  'unraid',
  'delete',
  'automod_terms',
  'unban_request',
  'warn',
  'shared_chat_ban',
  'shared_chat_unban',
  'shared_chat_timeout',
  'shared_chat_untimeout',
  'shared_chat_delete',
] as const;
type ModerateDetail = (typeof MODERATE_DETAILS)[number];

/** RFC 3339 text of an epoch-ms time. */
function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The value of `map` under `key`, created by `make` on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A value the body must carry as a string (400 otherwise). */
function asString(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new HttpError(400, `The parameter "${name}" must be a string`);
  return value;
}

/** An optional body value that must be a string when present. */
function optionalString(value: unknown, name: string): string | undefined {
  return value === undefined || value === null ? undefined : asString(value, name);
}

/**
 * The `data` object of a wrapped body (ban, warn). A flat body or an array under `data` is the
 * client's mistake, so it gets a 400 that says which.
 */
function wrappedData(request: MockRequest): Record<string, unknown> {
  const data = (request.body as Record<string, unknown> | null | undefined)?.data;
  if (data === undefined || data === null) throw new HttpError(400, 'Missing required parameter "data"');
  if (typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, 'The parameter "data" must be an object');
  return data as Record<string, unknown>;
}

/** An integer query or body value within bounds, or 400. */
function integerIn(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HttpError(400, `The parameter "${name}" must be an integer from ${min} to ${max}`);
  }
  return value;
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

/** The per-channel check limits of `checkAutoMod`, by broadcaster type. */
function autoModCheckLimits(broadcasterType: string | undefined): { perMinute: number; perHour: number } {
  if (broadcasterType === 'partner') return { perMinute: 30, perHour: 300 };
  if (broadcasterType === 'affiliate') return { perMinute: 10, perHour: 100 };
  return { perMinute: 5, perHour: 50 };
}

/**
 * The categories an overall level stands for. The platform documents the mapping by example
 * only (level 3 gives 3 everywhere except bullying 2 and swearing 0); the other levels follow the
 * same pattern.
 */
function levelsOf(overall: number): AutoModLevels {
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

/**
 * Registers the moderation routes (AutoMod, bans, unban requests, blocked terms, chat message
 * deletion, moderators, VIPs, Shield Mode, warnings, suspicious users) and returns the controls
 * that no API call reaches.
 */
export function registerModerationRoutes(router: Router, context: HelixContext): ModerationControl {
  const { state } = context;
  const autoMod = new Map<string, AutoModLevels>();
  const verdicts = new Map<string, VerdictRule[]>();
  const held = new Map<string, HeldMessageRecord>();
  /** The reason fields of each held message's events, fixed when it was held. */
  const holdReasons = new Map<string, Record<string, unknown>>();
  const unbanRequests = new Map<string, UnbanRequestRecord[]>();
  const blockedTerms = new Map<string, BlockedTermRecord[]>();
  const shields = new Map<string, ShieldRecord>();
  const warnings = new Map<string, Map<string, WarningRecord>>();
  const suspicious = new Map<string, Map<string, SuspiciousUserRecord>>();
  const vipRequirementMissing = new Set<string>();

  // ---- shared helpers -------------------------------------------------------------------------

  const person = (id: string, prefix: string) => userFields(context, id, prefix);

  /** Raises an event to every subscription on the channel (moderator conditions included). */
  function raise(type: string, version: string, event: Record<string, unknown>, broadcasterId: string, extra: Record<string, string> = {}): void {
    context.events.raise({ type, version, event, condition: { broadcaster_user_id: broadcasterId, ...extra } });
  }

  /** `channel.moderate` v2 with every detail object null except the action's own. */
  function raiseModerate(broadcasterId: string, moderatorId: string, action: string, detail?: { key: ModerateDetail; value: Record<string, unknown> }): void {
    const event: Record<string, unknown> = {
      ...person(broadcasterId, 'broadcaster_user'),
      source_broadcaster_user_id: null,
      source_broadcaster_user_login: null,
      source_broadcaster_user_name: null,
      ...person(moderatorId, 'moderator_user'),
      action,
    };
    for (const key of MODERATE_DETAILS) event[key] = detail?.key === key ? detail.value : null;
    raise('channel.moderate', '2', event, broadcasterId);
  }

  /** Auth and the two query IDs of a "mod=tok" route; returns the token and the IDs. */
  function moderatorCall(request: MockRequest, rule: AccessRule): { token: MockToken; broadcasterId: string; moderatorId: string } {
    const token = authorize(context, request, rule);
    const broadcasterId = required(request, 'broadcaster_id');
    const moderatorId = required(request, 'moderator_id');
    requireModerator(context, token, broadcasterId, moderatorId);
    return { token, broadcasterId, moderatorId };
  }

  /** Auth and `broadcaster_id` of a "bc=tok" route (user tokens only). */
  function broadcasterCall(request: MockRequest, scopes: readonly string[]): { token: MockToken; broadcasterId: string } {
    const token = authorize(context, request, { token: 'user', scopes });
    const broadcasterId = required(request, 'broadcaster_id');
    requireTokenUser(token, broadcasterId, 'broadcaster_id');
    return { token, broadcasterId };
  }

  /** A target user must exist on the platform. */
  function knownUser(id: string, name = 'user_id'): string {
    if (!state.user(id)) throw new HttpError(400, `The ID in ${name} is not a valid user`);
    return id;
  }

  /** A page of IDs as `{user_id, user_login, user_name}`, filtered by repeated `user_id`. */
  function userPage(request: MockRequest, ids: Iterable<string>): MockResponse {
    const filter = repeated(request, 'user_id', MAX_USER_FILTER);
    const list = [...ids].filter((id) => filter.length === 0 || filter.includes(id));
    const result = page(request, list, LIST_PAGE);
    return ok(
      result.data.map((id) => person(id, 'user')),
      { pagination: result.pagination },
    );
  }

  const termsOf = (broadcasterId: string) => entry(blockedTerms, broadcasterId, (): BlockedTermRecord[] => []);
  /** The channel's terms in force, oldest first. */
  const liveTerms = (broadcasterId: string) => termsOf(broadcasterId).filter((term) => term.expires_at === undefined || term.expires_at > context.now());

  // ---- AutoMod ----------------------------------------------------------------------------------

  const levelsFor = (broadcasterId: string) => entry(autoMod, broadcasterId, () => levelsOf(0));

  function termsIn(broadcasterId: string, text: string): { term: BlockedTermRecord; start: number; end: number }[] {
    const found: { term: BlockedTermRecord; start: number; end: number }[] = [];
    for (const term of liveTerms(broadcasterId)) {
      const match = termPattern(term.text).exec(text);
      if (match) found.push({ term, start: match.index, end: match.index + match[0].length - 1 });
    }
    return found;
  }

  function isPermitted(broadcasterId: string, text: string): boolean {
    const rules = verdicts.get(broadcasterId) ?? [];
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index]!;
      const hit = typeof rule.match === 'string' ? text.toLowerCase().includes(rule.match.toLowerCase()) : rule.match.test(text);
      if (hit) return rule.permitted;
    }
    return termsIn(broadcasterId, text).length === 0;
  }

  const fragments = (text: string) => ({ text, fragments: [{ type: 'text', text, cheermote: null, emote: null }] });

  /** The reason fields of the AutoMod message events. */
  function holdReason(message: HeldMessageRecord): Record<string, unknown> {
    if (message.reason === 'blocked_term') {
      return {
        reason: 'blocked_term',
        automod: null,
        blocked_term: {
          terms_found: termsIn(message.broadcaster_id, message.text).map(({ term, start, end }) => ({
            term_id: term.id,
            ...person(term.broadcaster_id, 'owner_broadcaster_user'),
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

  router.add('POST', '/moderation/enforcements/status', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: SCOPES.checkAutoMod });
    const broadcasterId = required(request, 'broadcaster_id');
    // The platform answers 403 here, not the 401 of other broadcaster_id mismatches.
    if (token.userId !== undefined && token.userId !== broadcasterId) {
      throw new HttpError(403, 'The ID in broadcaster_id must match the user ID found in the request\'s OAuth token.');
    }
    const data = (request.body as Record<string, unknown> | null | undefined)?.data;
    if (!Array.isArray(data)) throw new HttpError(400, 'Missing required parameter "data": an array of { msg_id, msg_text }');
    if (data.length < 1 || data.length > 100) throw new HttpError(400, 'The parameter "data" must hold from 1 to 100 messages');
    const messages = data.map((item: unknown) => {
      const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      if (record.msg_id === undefined || record.msg_id === '') throw new HttpError(400, 'Missing required parameter "msg_id"');
      if (record.msg_text === undefined) throw new HttpError(400, 'Missing required parameter "msg_text"');
      return { msg_id: asString(record.msg_id, 'msg_id'), msg_text: asString(record.msg_text, 'msg_text') };
    });
    const limits = autoModCheckLimits(state.user(broadcasterId)?.broadcaster_type);
    context.limits.endpoint(`moderation.checkAutoMod:minute:${broadcasterId}`, limits.perMinute, 60_000);
    context.limits.endpoint(`moderation.checkAutoMod:hour:${broadcasterId}`, limits.perHour, 3_600_000);
    return ok(messages.map((message) => ({ msg_id: message.msg_id, is_permitted: isPermitted(broadcasterId, message.msg_text) })));
  });

  router.add('POST', '/moderation/automod/message', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: SCOPES.manageAutoMod });
    // Flat body; user_id is the acting moderator, not the author of the message.
    const moderatorId = asString(requiredField(request, 'user_id'), 'user_id');
    const msgId = asString(requiredField(request, 'msg_id'), 'msg_id');
    const action = asString(requiredField(request, 'action'), 'action');
    if (action !== 'ALLOW' && action !== 'DENY') throw new HttpError(400, 'The parameter "action" must be ALLOW or DENY');
    if (token.userId !== undefined) requireTokenUser(token, moderatorId, 'user_id');
    const message = held.get(msgId);
    if (!message) throw new HttpError(404, 'The message specified in msg_id was not found');
    if (!state.isModerator(message.broadcaster_id, moderatorId)) throw new HttpError(403, 'The user in user_id is not one of the broadcaster\'s moderators.');
    if (message.status !== 'pending') throw new HttpError(400, 'The message specified in msg_id was already allowed or denied');
    message.status = action === 'ALLOW' ? 'approved' : 'denied';
    message.moderator_id = moderatorId;
    if (message.status === 'approved') {
      // An allowed message goes on to chat, where other groups (pins, deletes) can find it.
      state.channel(message.broadcaster_id).messages.push({
        message_id: message.msg_id,
        broadcaster_id: message.broadcaster_id,
        sender_id: message.user_id,
        text: message.text,
        sent_at: context.now(),
        deleted: false,
      });
    }
    raise(
      'automod.message.update',
      '2',
      {
        ...person(message.broadcaster_id, 'broadcaster_user'),
        ...person(message.user_id, 'user'),
        ...person(moderatorId, 'moderator_user'),
        message_id: message.msg_id,
        message: fragments(message.text),
        ...holdReasons.get(message.msg_id),
        status: message.status,
        held_at: iso(message.held_at),
      },
      message.broadcaster_id,
    );
    raise(
      'channel.chat.user_message_update',
      '1',
      {
        ...person(message.broadcaster_id, 'broadcaster_user'),
        ...person(message.user_id, 'user'),
        status: message.status,
        message_id: message.msg_id,
        message: fragments(message.text),
      },
      message.broadcaster_id,
      { user_id: message.user_id },
    );
    return noContent();
  });

  const settingsBody = (broadcasterId: string, moderatorId: string) => ({ broadcaster_id: broadcasterId, moderator_id: moderatorId, ...levelsFor(broadcasterId) });

  router.add('GET', '/moderation/automod/settings', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.readAutoModSettings });
    return ok([settingsBody(broadcasterId, moderatorId)]);
  });

  router.add('PUT', '/moderation/automod/settings', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageAutoModSettings });
    const overall = field(request, 'overall_level');
    const given = AUTOMOD_CATEGORIES.filter((category) => {
      const value = field(request, category);
      return value !== undefined && value !== null;
    });
    const hasOverall = overall !== undefined && overall !== null;
    if (hasOverall && given.length > 0) throw new HttpError(400, 'overall_level may not be combined with individual AutoMod settings');
    let levels: AutoModLevels;
    if (hasOverall) {
      levels = levelsOf(integerIn(overall, 'overall_level', 0, 4));
    } else if (given.length > 0) {
      // PUT overwrites: a category left out goes back to 0.
      levels = { ...levelsOf(0), overall_level: null };
      for (const category of given) levels[category] = integerIn(field(request, category), category, 0, 4);
    } else {
      throw new HttpError(400, 'Missing required parameter "overall_level" or an individual AutoMod setting');
    }
    autoMod.set(broadcasterId, levels);
    raise(
      'automod.settings.update',
      '1',
      { ...person(broadcasterId, 'broadcaster_user'), ...person(moderatorId, 'moderator_user'), ...levels },
      broadcasterId,
    );
    return ok([settingsBody(broadcasterId, moderatorId)]);
  });

  // ---- bans -------------------------------------------------------------------------------------

  const activeBans = (broadcasterId: string): MockBan[] =>
    [...state.channel(broadcasterId).bans.keys()].map((userId) => state.activeBan(broadcasterId, userId)).filter((ban): ban is MockBan => ban !== undefined);

  router.add('GET', '/moderation/banned', (request) => {
    const token = authorize(context, request, { token: 'either', scopes: SCOPES.readBans });
    const broadcasterId = required(request, 'broadcaster_id');
    if (token.userId !== undefined) requireTokenUser(token, broadcasterId, 'broadcaster_id');
    const filter = repeated(request, 'user_id', MAX_USER_FILTER);
    // Newest first; a re-ban keeps its Map slot, so order by time (reversed first so ties stay newest-first).
    const list = activeBans(broadcasterId)
      .reverse()
      .sort((a, b) => b.created_at - a.created_at)
      .filter((ban) => filter.length === 0 || filter.includes(ban.user_id));
    const result = page(request, list, LIST_PAGE);
    return ok(
      result.data.map((ban) => ({
        ...person(ban.user_id, 'user'),
        expires_at: ban.ends_at === undefined ? '' : iso(ban.ends_at),
        created_at: iso(ban.created_at),
        reason: ban.reason,
        ...person(ban.moderator_id, 'moderator'),
      })),
      { pagination: result.pagination },
    );
  });

  /** Removes a role with its events (a permanent ban takes moderator and VIP status away). */
  function dropRoles(broadcasterId: string, userId: string, actorId: string): void {
    const channel = state.channel(broadcasterId);
    if (channel.moderators.delete(userId)) {
      raise('channel.moderator.remove', '1', { ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'user') }, broadcasterId);
      raiseModerate(broadcasterId, actorId, 'unmod', { key: 'unmod', value: person(userId, 'user') });
    }
    if (channel.vips.delete(userId)) {
      raise('channel.vip.remove', '1', { ...person(userId, 'user'), ...person(broadcasterId, 'broadcaster_user') }, broadcasterId);
      raiseModerate(broadcasterId, actorId, 'unvip', { key: 'unvip', value: person(userId, 'user') });
    }
  }

  router.add('POST', '/moderation/bans', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageBans });
    const data = wrappedData(request);
    const userId = asString(requiredField(request, 'user_id', 'data'), 'user_id');
    const duration = data.duration === undefined || data.duration === null ? undefined : integerIn(data.duration, 'duration', 1, MAX_BAN_DURATION);
    const reason = optionalString(data.reason, 'reason') ?? '';
    if (reason.length > MAX_REASON) throw new HttpError(400, `The parameter "reason" may be at most ${MAX_REASON} characters`);
    knownUser(userId);
    const channel = state.channel(broadcasterId);
    // Only the broadcaster can act against a moderator; nobody can ban the broadcaster.
    if (userId === broadcasterId || (channel.moderators.has(userId) && moderatorId !== broadcasterId)) {
      throw new HttpError(400, 'The user specified in the user_id field may not be banned.');
    }
    const existing = state.activeBan(broadcasterId, userId);
    // A permanent ban stands until an unban; a timeout can be replaced by a ban or a new timeout.
    if (existing && existing.ends_at === undefined) throw new HttpError(400, 'The user specified in the user_id field is already banned.');
    const now = context.now();
    const ban: MockBan = { user_id: userId, moderator_id: moderatorId, reason, created_at: now, ends_at: duration === undefined ? undefined : now + duration * 1000 };
    channel.bans.set(userId, ban);
    // The platform hides the user's messages from chat on a ban or timeout.
    for (const message of channel.messages) if (message.sender_id === userId) message.deleted = true;
    raise(
      'channel.ban',
      '1',
      {
        ...person(userId, 'user'),
        ...person(broadcasterId, 'broadcaster_user'),
        ...person(moderatorId, 'moderator_user'),
        reason,
        banned_at: iso(now),
        ends_at: ban.ends_at === undefined ? null : iso(ban.ends_at),
        is_permanent: ban.ends_at === undefined,
      },
      broadcasterId,
    );
    if (ban.ends_at === undefined) {
      raiseModerate(broadcasterId, moderatorId, 'ban', { key: 'ban', value: { ...person(userId, 'user'), reason } });
    } else {
      raiseModerate(broadcasterId, moderatorId, 'timeout', { key: 'timeout', value: { ...person(userId, 'user'), reason, expires_at: iso(ban.ends_at) } });
    }
    raise('channel.chat.clear_user_messages', '1', { ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'target_user') }, broadcasterId);
    if (ban.ends_at === undefined) dropRoles(broadcasterId, userId, moderatorId);
    return ok([
      { broadcaster_id: broadcasterId, moderator_id: moderatorId, user_id: userId, created_at: iso(now), end_time: ban.ends_at === undefined ? null : iso(ban.ends_at) },
    ]);
  });

  /** Lifts a ban or timeout and raises `channel.unban` (and `channel.moderate` unless told otherwise). */
  function liftBan(broadcasterId: string, userId: string, moderatorId: string, moderate: boolean): void {
    const ban = state.activeBan(broadcasterId, userId);
    if (!ban) return;
    state.channel(broadcasterId).bans.delete(userId);
    raise('channel.unban', '1', { ...person(userId, 'user'), ...person(broadcasterId, 'broadcaster_user'), ...person(moderatorId, 'moderator_user') }, broadcasterId);
    if (moderate) {
      const action = ban.ends_at === undefined ? 'unban' : 'untimeout';
      raiseModerate(broadcasterId, moderatorId, action, { key: action, value: person(userId, 'user') });
    }
  }

  router.add('DELETE', '/moderation/bans', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageBans });
    const userId = required(request, 'user_id');
    if (!state.activeBan(broadcasterId, userId)) throw new HttpError(400, 'The user specified in the user_id field is not banned.');
    liftBan(broadcasterId, userId, moderatorId, true);
    return noContent();
  });

  // ---- unban requests ---------------------------------------------------------------------------

  const requestsOf = (broadcasterId: string) => entry(unbanRequests, broadcasterId, () => []);

  function unbanRequestBody(record: UnbanRequestRecord): Record<string, unknown> {
    // While pending nobody has resolved it: the moderator fields are empty strings.
    const moderator = record.moderator_id === undefined ? { moderator_id: '', moderator_login: '', moderator_name: '' } : person(record.moderator_id, 'moderator');
    return {
      id: record.id,
      ...person(record.broadcaster_id, 'broadcaster'),
      ...moderator,
      ...person(record.user_id, 'user'),
      text: record.text,
      status: record.status,
      created_at: iso(record.created_at),
      resolved_at: record.resolved_at === undefined ? null : iso(record.resolved_at),
      resolution_text: record.resolution_text,
    };
  }

  function raiseUnbanResolve(record: UnbanRequestRecord): void {
    const moderator = record.moderator_id === undefined ? { moderator_user_id: null, moderator_user_login: null, moderator_user_name: null } : person(record.moderator_id, 'moderator_user');
    raise(
      'channel.unban_request.resolve',
      '1',
      {
        id: record.id,
        ...person(record.broadcaster_id, 'broadcaster_user'),
        ...moderator,
        ...person(record.user_id, 'user'),
        resolution_text: record.resolution_text,
        status: record.status,
      },
      record.broadcaster_id,
    );
  }

  router.add('GET', '/moderation/unban_requests', (request) => {
    const { broadcasterId } = moderatorCall(request, { token: 'user', scopes: SCOPES.readUnbanRequests });
    const status = required(request, 'status');
    if (!(UNBAN_REQUEST_STATUSES as readonly string[]).includes(status)) {
      throw new HttpError(400, `The parameter "status" must be one of ${UNBAN_REQUEST_STATUSES.join(', ')}`);
    }
    const userId = request.query.get('user_id');
    const list = requestsOf(broadcasterId).filter((record) => record.status === status && (!userId || record.user_id === userId));
    const result = page(request, list, LIST_PAGE);
    return ok(result.data.map(unbanRequestBody), { pagination: result.pagination });
  });

  router.add('PATCH', '/moderation/unban_requests', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'user', scopes: SCOPES.manageUnbanRequests });
    const requestId = required(request, 'unban_request_id');
    const status = required(request, 'status');
    if (status !== 'approved' && status !== 'denied') throw new HttpError(400, 'The parameter "status" must be approved or denied');
    // The free text travels in the query on this PATCH, like everything else.
    const resolutionText = request.query.get('resolution_text') ?? '';
    if (resolutionText.length > MAX_REASON) throw new HttpError(400, `The parameter "resolution_text" may be at most ${MAX_REASON} characters`);
    const record = requestsOf(broadcasterId).find((each) => each.id === requestId);
    if (!record) throw new HttpError(404, 'The unban request specified in unban_request_id was not found');
    if (record.status !== 'pending') throw new HttpError(400, 'The unban request specified in unban_request_id was already resolved');
    record.status = status;
    record.moderator_id = moderatorId;
    record.resolved_at = context.now();
    record.resolution_text = resolutionText;
    if (status === 'approved') liftBan(broadcasterId, record.user_id, moderatorId, false);
    raiseUnbanResolve(record);
    raiseModerate(broadcasterId, moderatorId, status === 'approved' ? 'approve_unban_request' : 'deny_unban_request', {
      key: 'unban_request',
      value: { is_approved: status === 'approved', ...person(record.user_id, 'user'), moderator_message: resolutionText },
    });
    return ok([unbanRequestBody(record)]);
  });

  // ---- blocked terms ----------------------------------------------------------------------------

  function termBody(term: BlockedTermRecord): Record<string, unknown> {
    return {
      broadcaster_id: term.broadcaster_id,
      moderator_id: term.moderator_id,
      id: term.id,
      text: term.text,
      created_at: iso(term.created_at),
      updated_at: iso(term.updated_at),
      expires_at: term.expires_at === undefined ? null : iso(term.expires_at),
    };
  }

  function raiseTerms(broadcasterId: string, moderatorId: string, action: 'add' | 'remove', text: string): void {
    raise(
      'automod.terms.update',
      '1',
      { ...person(broadcasterId, 'broadcaster_user'), ...person(moderatorId, 'moderator_user'), action: `${action}_blocked`, from_automod: false, terms: [text] },
      broadcasterId,
    );
    raiseModerate(broadcasterId, moderatorId, `${action}_blocked_term`, { key: 'automod_terms', value: { action, list: 'blocked', terms: [text], from_automod: false } });
  }

  router.add('GET', '/moderation/blocked_terms', (request) => {
    const { broadcasterId } = moderatorCall(request, { token: 'either', scopes: SCOPES.readBlockedTerms });
    const result = page(request, [...liveTerms(broadcasterId)].reverse(), LIST_PAGE);
    return ok(result.data.map(termBody), { pagination: result.pagination });
  });

  router.add('POST', '/moderation/blocked_terms', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageBlockedTerms });
    const text = asString(requiredField(request, 'text'), 'text');
    if (text.length < TERM_MIN || text.length > TERM_MAX) throw new HttpError(400, `The parameter "text" must be from ${TERM_MIN} to ${TERM_MAX} characters`);
    const existing = liveTerms(broadcasterId).find((term) => term.text.toLowerCase() === text.toLowerCase());
    if (existing) return ok([termBody(existing)]);
    const now = context.now();
    const term: BlockedTermRecord = { id: state.id(), broadcaster_id: broadcasterId, moderator_id: moderatorId, text, created_at: now, updated_at: now, expires_at: undefined };
    termsOf(broadcasterId).push(term);
    raiseTerms(broadcasterId, moderatorId, 'add', text);
    return ok([termBody(term)]);
  });

  router.add('DELETE', '/moderation/blocked_terms', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageBlockedTerms });
    const id = required(request, 'id');
    const terms = termsOf(broadcasterId);
    const index = terms.findIndex((term) => term.id === id);
    // An unknown ID is not an error on the platform.
    if (index >= 0) {
      const [term] = terms.splice(index, 1);
      raiseTerms(broadcasterId, moderatorId, 'remove', term!.text);
    }
    return noContent();
  });

  // ---- chat messages ----------------------------------------------------------------------------

  router.add('DELETE', '/moderation/chat', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageChatMessages });
    const channel = state.channel(broadcasterId);
    const messageId = request.query.get('message_id');
    // An empty message_id is more likely a client's bug than a wish to clear the whole chat.
    if (messageId === '') throw new HttpError(400, 'The parameter "message_id" may not be empty; leave it out to clear the chat');
    if (messageId === null) {
      for (const message of channel.messages) message.deleted = true;
      raise('channel.chat.clear', '1', person(broadcasterId, 'broadcaster_user'), broadcasterId);
      raiseModerate(broadcasterId, moderatorId, 'clear');
      return noContent();
    }
    const message = channel.messages.find((each) => each.message_id === messageId && !each.deleted);
    if (!message) throw new HttpError(404, 'The message specified in message_id was not found');
    if (context.now() - message.sent_at >= DELETE_WINDOW_MS) throw new HttpError(400, 'The message specified in message_id is more than 6 hours old and may not be deleted');
    if (state.isModerator(broadcasterId, message.sender_id)) {
      throw new HttpError(400, 'Messages from the broadcaster or a moderator may not be deleted');
    }
    message.deleted = true;
    raise(
      'channel.chat.message_delete',
      '1',
      { ...person(broadcasterId, 'broadcaster_user'), ...person(message.sender_id, 'target_user'), message_id: message.message_id },
      broadcasterId,
    );
    raiseModerate(broadcasterId, moderatorId, 'delete', {
      key: 'delete',
      value: { ...person(message.sender_id, 'user'), message_id: message.message_id, message_body: message.text },
    });
    return noContent();
  });

  // ---- moderators and VIPs ----------------------------------------------------------------------

  router.add('GET', '/moderation/channels', (request) => {
    const token = authorize(context, request, { token: 'user', scopes: SCOPES.moderatedChannels });
    const userId = required(request, 'user_id');
    requireTokenUser(token, userId, 'user_id');
    const channels = [...state.channels.values()]
      .filter((channel) => channel.moderators.has(userId))
      .map((channel) => person(channel.broadcaster_id, 'broadcaster'))
      .sort((a, b) => (a.broadcaster_login ?? '').localeCompare(b.broadcaster_login ?? ''));
    const result = page(request, channels, LIST_PAGE);
    return ok(result.data, { pagination: result.pagination });
  });

  router.add('GET', '/moderation/moderators', (request) => {
    const { broadcasterId } = broadcasterCall(request, SCOPES.readModerators);
    return userPage(request, state.channel(broadcasterId).moderators);
  });

  router.add('POST', '/moderation/moderators', (request) => {
    const { broadcasterId } = broadcasterCall(request, SCOPES.manageModerators);
    const userId = required(request, 'user_id');
    context.limits.endpoint(`moderation.addModerator:${broadcasterId}`, ROLE_CHANGES, ROLE_WINDOW_MS);
    knownUser(userId);
    const channel = state.channel(broadcasterId);
    if (userId === broadcasterId) throw new HttpError(400, 'The broadcaster may not be added as a moderator of their own channel.');
    if (channel.moderators.has(userId)) throw new HttpError(400, 'The user specified in user_id is already a moderator.');
    if (state.activeBan(broadcasterId, userId)) throw new HttpError(400, 'The user specified in user_id is banned from the channel.');
    if (channel.vips.has(userId)) throw new HttpError(422, 'The user specified in user_id is a VIP. To make them a moderator, remove them as a VIP first.');
    channel.moderators.add(userId);
    raise('channel.moderator.add', '1', { ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'user') }, broadcasterId);
    raiseModerate(broadcasterId, broadcasterId, 'mod', { key: 'mod', value: person(userId, 'user') });
    return noContent();
  });

  router.add('DELETE', '/moderation/moderators', (request) => {
    const { broadcasterId } = broadcasterCall(request, SCOPES.manageModerators);
    const userId = required(request, 'user_id');
    context.limits.endpoint(`moderation.removeModerator:${broadcasterId}`, ROLE_CHANGES, ROLE_WINDOW_MS);
    const channel = state.channel(broadcasterId);
    if (!channel.moderators.delete(userId)) throw new HttpError(400, 'The user specified in user_id is not a moderator.');
    raise('channel.moderator.remove', '1', { ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'user') }, broadcasterId);
    raiseModerate(broadcasterId, broadcasterId, 'unmod', { key: 'unmod', value: person(userId, 'user') });
    return noContent();
  });

  router.add('GET', '/channels/vips', (request) => {
    const { broadcasterId } = broadcasterCall(request, SCOPES.readVips);
    return userPage(request, state.channel(broadcasterId).vips);
  });

  router.add('POST', '/channels/vips', (request) => {
    const { broadcasterId } = broadcasterCall(request, SCOPES.manageVips);
    const userId = required(request, 'user_id');
    context.limits.endpoint(`moderation.addVip:${broadcasterId}`, ROLE_CHANGES, ROLE_WINDOW_MS);
    knownUser(userId);
    const channel = state.channel(broadcasterId);
    if (userId === broadcasterId) throw new HttpError(400, 'The broadcaster may not be made a VIP of their own channel.');
    if (vipRequirementMissing.has(broadcasterId)) throw new HttpError(425, 'The broadcaster must complete the Build a Community requirement before assigning VIP status.');
    if (channel.moderators.has(userId)) throw new HttpError(422, 'The user specified in user_id is a moderator. To make them a VIP, remove them as a moderator first.');
    if (channel.vips.has(userId)) throw new HttpError(422, 'The user specified in user_id is already a VIP.');
    if (channel.vips.size >= channel.vipSlots) throw new HttpError(409, 'The broadcaster doesn\'t have available VIP slots.');
    channel.vips.add(userId);
    raise('channel.vip.add', '1', { ...person(userId, 'user'), ...person(broadcasterId, 'broadcaster_user') }, broadcasterId);
    raiseModerate(broadcasterId, broadcasterId, 'vip', { key: 'vip', value: person(userId, 'user') });
    return noContent();
  });

  router.add('DELETE', '/channels/vips', (request) => {
    const token = authorize(context, request, { token: 'user', scopes: SCOPES.manageVips });
    const broadcasterId = required(request, 'broadcaster_id');
    const userId = required(request, 'user_id');
    // The broadcaster removes a VIP, or a VIP steps down themself.
    if (token.userId !== broadcasterId && token.userId !== userId) {
      throw new HttpError(401, 'The ID in broadcaster_id or user_id must match the user ID found in the request\'s OAuth token.');
    }
    context.limits.endpoint(`moderation.removeVip:${broadcasterId}`, ROLE_CHANGES, ROLE_WINDOW_MS);
    const channel = state.channel(broadcasterId);
    if (!channel.vips.delete(userId)) throw new HttpError(422, 'The user specified in user_id is not a VIP in the broadcaster\'s channel.');
    raise('channel.vip.remove', '1', { ...person(userId, 'user'), ...person(broadcasterId, 'broadcaster_user') }, broadcasterId);
    raiseModerate(broadcasterId, token.userId ?? userId, 'unvip', { key: 'unvip', value: person(userId, 'user') });
    return noContent();
  });

  // ---- Shield Mode ------------------------------------------------------------------------------

  const shieldOf = (broadcasterId: string) => entry(shields, broadcasterId, () => ({ is_active: false, moderator_id: '', last_activated_at: undefined }));

  function shieldBody(shield: ShieldRecord): Record<string, unknown> {
    const moderator = shield.moderator_id === '' ? { moderator_id: '', moderator_login: '', moderator_name: '' } : person(shield.moderator_id, 'moderator');
    return { is_active: shield.is_active, ...moderator, last_activated_at: shield.last_activated_at === undefined ? '' : iso(shield.last_activated_at) };
  }

  router.add('GET', '/moderation/shield_mode', (request) => {
    const { broadcasterId } = moderatorCall(request, { token: 'either', scopes: SCOPES.readShieldMode });
    return ok([shieldBody(shieldOf(broadcasterId))]);
  });

  router.add('PUT', '/moderation/shield_mode', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.manageShieldMode });
    const active = requiredField(request, 'is_active');
    if (typeof active !== 'boolean') throw new HttpError(400, 'The parameter "is_active" must be true or false');
    const shield = shieldOf(broadcasterId);
    const changed = shield.is_active !== active;
    const now = context.now();
    shield.is_active = active;
    shield.moderator_id = moderatorId;
    if (active && changed) shield.last_activated_at = now;
    // Events only on a change: turning on what is already on moves nothing.
    if (changed) {
      const base = { ...person(broadcasterId, 'broadcaster_user'), ...person(moderatorId, 'moderator_user') };
      if (active) raise('channel.shield_mode.begin', '1', { ...base, started_at: iso(now) }, broadcasterId);
      else raise('channel.shield_mode.end', '1', { ...base, ended_at: iso(now) }, broadcasterId);
    }
    return ok([shieldBody(shield)]);
  });

  // ---- warnings ---------------------------------------------------------------------------------

  router.add('POST', '/moderation/warnings', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.warn });
    wrappedData(request);
    const userId = asString(requiredField(request, 'user_id', 'data'), 'user_id');
    const reason = asString(requiredField(request, 'reason', 'data'), 'reason');
    if (reason.length > MAX_REASON) throw new HttpError(400, `The parameter "reason" may be at most ${MAX_REASON} characters`);
    knownUser(userId);
    if (userId === broadcasterId) throw new HttpError(400, 'The broadcaster may not be warned in their own channel.');
    // A new warning replaces the pending one.
    entry(warnings, broadcasterId, () => new Map()).set(userId, { broadcaster_id: broadcasterId, user_id: userId, moderator_id: moderatorId, reason, sent_at: context.now() });
    raise(
      'channel.warning.send',
      '1',
      { ...person(broadcasterId, 'broadcaster_user'), ...person(moderatorId, 'moderator_user'), ...person(userId, 'user'), reason, chat_rules_cited: null },
      broadcasterId,
    );
    raiseModerate(broadcasterId, moderatorId, 'warn', { key: 'warn', value: { ...person(userId, 'user'), reason, chat_rules_cited: null } });
    return ok([{ broadcaster_id: broadcasterId, user_id: userId, moderator_id: moderatorId, reason }]);
  });

  // ---- suspicious users -------------------------------------------------------------------------

  const suspiciousOf = (broadcasterId: string) => entry(suspicious, broadcasterId, () => new Map<string, SuspiciousUserRecord>());

  const suspiciousBody = (record: SuspiciousUserRecord) => ({
    user_id: record.user_id,
    broadcaster_id: record.broadcaster_id,
    moderator_id: record.moderator_id,
    updated_at: iso(record.updated_at),
    status: record.status,
    types: [...record.types],
  });

  function raiseSuspicious(record: SuspiciousUserRecord): void {
    raise(
      'channel.suspicious_user.update',
      '1',
      {
        ...person(record.broadcaster_id, 'broadcaster_user'),
        ...person(record.moderator_id, 'moderator_user'),
        ...person(record.user_id, 'user'),
        // The event spells the status in lower case.
        low_trust_status: record.status.toLowerCase(),
      },
      record.broadcaster_id,
    );
  }

  router.add('POST', '/moderation/suspicious_users', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.suspicious });
    const userId = asString(requiredField(request, 'user_id'), 'user_id');
    const status = asString(requiredField(request, 'status'), 'status');
    if (status !== 'ACTIVE_MONITORING' && status !== 'RESTRICTED') throw new HttpError(400, 'The parameter "status" must be ACTIVE_MONITORING or RESTRICTED');
    knownUser(userId);
    const records = suspiciousOf(broadcasterId);
    const previous = records.get(userId);
    const types = previous && previous.status !== 'NO_TREATMENT' ? previous.types : [];
    const record: SuspiciousUserRecord = {
      user_id: userId,
      broadcaster_id: broadcasterId,
      moderator_id: moderatorId,
      updated_at: context.now(),
      status,
      types: types.includes('MANUALLY_ADDED') ? [...types] : [...types, 'MANUALLY_ADDED'],
    };
    records.set(userId, record);
    raiseSuspicious(record);
    return ok([suspiciousBody(record)]);
  });

  router.add('DELETE', '/moderation/suspicious_users', (request) => {
    const { broadcasterId, moderatorId } = moderatorCall(request, { token: 'either', scopes: SCOPES.suspicious });
    const userId = required(request, 'user_id');
    const records = suspiciousOf(broadcasterId);
    const wasTreated = (records.get(userId)?.status ?? 'NO_TREATMENT') !== 'NO_TREATMENT';
    const record: SuspiciousUserRecord = { user_id: userId, broadcaster_id: broadcasterId, moderator_id: moderatorId, updated_at: context.now(), status: 'NO_TREATMENT', types: [] };
    records.set(userId, record);
    if (wasTreated) raiseSuspicious(record);
    // A DELETE that answers 200 with the record, not 204.
    return ok([suspiciousBody(record)]);
  });

  // ---- controls ---------------------------------------------------------------------------------

  return {
    holdMessage(broadcasterId, userId, text, options = {}) {
      const message: HeldMessageRecord = {
        msg_id: state.id(),
        broadcaster_id: broadcasterId,
        user_id: userId,
        text,
        held_at: context.now(),
        status: 'pending',
        reason: termsIn(broadcasterId, text).length > 0 ? 'blocked_term' : 'automod',
        category: options.category ?? 'bullying',
        level: options.level ?? 3,
        moderator_id: undefined,
      };
      held.set(message.msg_id, message);
      holdReasons.set(message.msg_id, holdReason(message));
      raise(
        'automod.message.hold',
        '2',
        {
          ...person(broadcasterId, 'broadcaster_user'),
          ...person(userId, 'user'),
          message_id: message.msg_id,
          message: fragments(text),
          ...holdReasons.get(message.msg_id),
          held_at: iso(message.held_at),
        },
        broadcasterId,
      );
      raise(
        'channel.chat.user_message_hold',
        '1',
        { ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'user'), message_id: message.msg_id, message: fragments(text) },
        broadcasterId,
        { user_id: userId },
      );
      return message.msg_id;
    },
    heldMessage: (msgId) => {
      const message = held.get(msgId);
      return message && { ...message };
    },
    setAutoModVerdict(broadcasterId, match, permitted) {
      const rule: VerdictRule = { match, permitted };
      entry(verdicts, broadcasterId, () => []).push(rule);
      return () => {
        const rules = verdicts.get(broadcasterId) ?? [];
        const index = rules.indexOf(rule);
        if (index >= 0) rules.splice(index, 1);
      };
    },
    isPermitted,
    createUnbanRequest(broadcasterId, userId, text) {
      if (!state.activeBan(broadcasterId, userId)) throw new Error(`User ${userId} is not banned in channel ${broadcasterId}.`);
      const list = requestsOf(broadcasterId);
      if (list.some((record) => record.user_id === userId && record.status === 'pending')) {
        throw new Error(`User ${userId} already has a pending unban request in channel ${broadcasterId}.`);
      }
      const record: UnbanRequestRecord = {
        id: state.id(),
        broadcaster_id: broadcasterId,
        user_id: userId,
        text,
        status: 'pending',
        created_at: context.now(),
        moderator_id: undefined,
        resolved_at: undefined,
        resolution_text: null,
      };
      list.push(record);
      raise(
        'channel.unban_request.create',
        '1',
        { id: record.id, ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'user'), text, created_at: iso(record.created_at) },
        broadcasterId,
      );
      return { ...record };
    },
    cancelUnbanRequest(requestId) {
      const record = [...unbanRequests.values()].flat().find((each) => each.id === requestId);
      if (!record) throw new Error(`No unban request ${requestId}.`);
      if (record.status !== 'pending') throw new Error(`Unban request ${requestId} is already ${record.status}.`);
      record.status = 'canceled';
      record.resolved_at = context.now();
      record.resolution_text = '';
      raiseUnbanResolve(record);
    },
    acknowledgeWarning(broadcasterId, userId) {
      const pending = warnings.get(broadcasterId);
      if (!pending?.delete(userId)) throw new Error(`User ${userId} has no pending warning in channel ${broadcasterId}.`);
      raise('channel.warning.acknowledge', '1', { ...person(broadcasterId, 'broadcaster_user'), ...person(userId, 'user') }, broadcasterId);
    },
    pendingWarning: (broadcasterId, userId) => {
      const warning = warnings.get(broadcasterId)?.get(userId);
      return warning && { ...warning };
    },
    suspiciousUser: (broadcasterId, userId) => {
      const record = suspicious.get(broadcasterId)?.get(userId);
      return record && { ...record, types: [...record.types] };
    },
    isShieldModeActive: (broadcasterId) => shields.get(broadcasterId)?.is_active ?? false,
    autoModLevels: (broadcasterId) => ({ ...levelsFor(broadcasterId) }),
    setVipRequirementMet(broadcasterId, met) {
      if (met) vipRequirementMissing.delete(broadcasterId);
      else vipRequirementMissing.add(broadcasterId);
    },
  };
}
