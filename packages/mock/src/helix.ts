import { isPersisted, type Kept } from './persist';
import { HttpError, type MockRequest, type MockResponse, type Router } from './http';
import type { EventBus } from './events';
import type { RateLimiter } from './rate-limit';
import type { MockState, MockToken } from './state';

/** What every Helix route module receives. */
export interface HelixContext {
  readonly state: MockState;
  readonly now: () => number;
  readonly events: EventBus;
  readonly limits: RateLimiter;
  /** The group states a snapshot keeps (`registerRoutes()` enrols those that declare `persisted`). */
  readonly kept: Kept;
}

/** Which tokens a route takes, and the scopes of which one suffices (for user tokens). */
export interface AccessRule {
  token: 'app' | 'user' | 'either';
  scopes?: readonly string[];
}

/**
 * Checks the request's token as the platform does and returns it: a missing or unknown token,
 * a Client-Id that does not match, the wrong kind of token or a missing scope are 401s with the
 * platform's messages.
 */
export function authorize(context: HelixContext, request: MockRequest, rule: AccessRule): MockToken {
  const header = request.headers.authorization;
  if (!header) throw new HttpError(401, 'OAuth token is missing');
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match) throw new HttpError(401, 'Invalid OAuth token');
  const token = context.state.liveToken(match[1]!);
  if (!token) throw new HttpError(401, 'Invalid OAuth token');
  const clientId = request.headers['client-id'];
  if (!clientId) throw new HttpError(401, 'Client-Id header required.');
  if (clientId !== token.clientId) throw new HttpError(401, 'Client ID and OAuth token do not match');
  if (rule.token === 'user' && token.userId === undefined) throw new HttpError(401, 'User access token is required.');
  if (rule.token === 'app' && token.userId !== undefined) throw new HttpError(401, 'App access token is required.');
  if (token.userId !== undefined && rule.scopes && rule.scopes.length > 0 && !rule.scopes.some((scope) => token.scopes.includes(scope))) {
    throw new HttpError(401, `Missing scope: ${rule.scopes.join(' or ')}`);
  }
  return token;
}

/** A required query parameter, or 400 `Missing required parameter "<name>"`. */
export function required(request: MockRequest, name: string): string {
  const value = request.query.get(name);
  if (value === null || value === '') throw new HttpError(400, `Missing required parameter "${name}"`);
  return value;
}

/** A required field of the JSON body (or of `body.data` when `under` says so). */
export function requiredField<T = unknown>(request: MockRequest, name: string, under?: 'data'): T {
  const source = under ? (request.body as Record<string, unknown> | undefined)?.[under] : request.body;
  const value = (source as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || value === null || value === '') throw new HttpError(400, `Missing required parameter "${name}"`);
  return value as T;
}

/** An optional field of the JSON body. */
export function field<T = unknown>(request: MockRequest, name: string, under?: 'data'): T | undefined {
  const source = under ? (request.body as Record<string, unknown> | undefined)?.[under] : request.body;
  return (source as Record<string, unknown> | undefined)?.[name] as T | undefined;
}

/** An ID parameter that must name the token's user (moderator_id, broadcaster_id, user_id...). */
export function requireTokenUser(token: MockToken, id: string, name: string): void {
  if (token.userId !== id) throw new HttpError(401, `The ID in ${name} must match the user ID found in the request's OAuth token.`);
}

/**
 * The acting moderator of a call: with a user token `moderator_id` must be the token's user; the
 * user must be the broadcaster or one of their moderators (403 otherwise).
 */
export function requireModerator(context: HelixContext, token: MockToken, broadcasterId: string, moderatorId: string): void {
  if (token.userId !== undefined) requireTokenUser(token, moderatorId, 'moderator_id');
  if (!context.state.isModerator(broadcasterId, moderatorId)) {
    throw new HttpError(403, 'The user in moderator_id is not one of the broadcaster\'s moderators.');
  }
}

/** 200 with `{ data, ...extra }`. */
export function ok(data: unknown[], extra: Record<string, unknown> = {}): MockResponse {
  return { status: 200, body: { data, ...extra } };
}

/** 204 No Content. */
export function noContent(): MockResponse {
  return { status: 204 };
}

/**
 * One page of `items` for the request's `first` and `after` (and `before`) cursors: the page,
 * and `pagination` with the next cursor when more items follow (after a `before`, the cursor of
 * the page's start, for the next `before`). A `first` outside 1..max is 400.
 */
export function page<T>(request: MockRequest, items: readonly T[], options: { defaultFirst: number; maxFirst: number }): { data: T[]; pagination: { cursor?: string } } {
  const firstText = request.query.get('first');
  const first = firstText === null ? options.defaultFirst : Number(firstText);
  if (!Number.isInteger(first) || first < 1 || first > options.maxFirst) {
    throw new HttpError(400, `The parameter "first" was malformed: the value must be greater than or equal to 1 and less than or equal to ${options.maxFirst}`);
  }
  const after = request.query.get('after');
  const before = request.query.get('before');
  let start = 0;
  let end: number;
  if (after) {
    start = decodeCursor(after);
    end = start + first;
  } else if (before) {
    end = decodeCursor(before);
    start = Math.max(0, end - first);
  } else {
    end = first;
  }
  const data = items.slice(start, end);
  // Paging backwards, the cursor is the start of this page, to be sent as the next `before`.
  if (before && !after) return { data, pagination: start > 0 ? { cursor: encodeCursor(start) } : {} };
  return { data, pagination: end < items.length ? { cursor: encodeCursor(end) } : {} };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const offset = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }).o;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // Falls through to the 400 below.
  }
  throw new HttpError(400, 'The parameter "after" was malformed: invalid cursor');
}

/** Every value of a repeated query key, with the platform's maximum (400 past it). */
export function repeated(request: MockRequest, name: string, max: number): string[] {
  const values = request.query.getAll(name).filter((value) => value !== '');
  if (values.length > max) throw new HttpError(400, `The parameter "${name}" may be given at most ${max} times`);
  return values;
}

/** The user record fields `<prefix>_id`, `<prefix>_login`, `<prefix>_name` of a user ID. */
export function userFields(context: HelixContext, id: string, prefix: string): Record<string, string> {
  const user = context.state.user(id);
  return { [`${prefix}_id`]: id, [`${prefix}_login`]: user?.login ?? '', [`${prefix}_name`]: user?.display_name ?? '' };
}

/** What a route's handler receives once the row's checks have passed. */
export interface RouteCall {
  readonly request: MockRequest;
  /** The request's token, already checked against the row's `token` and `scopes`. */
  readonly token: MockToken;
  readonly context: HelixContext;
}

/**
 * One route of the fake platform, as a row of its group's table: what the platform checks before
 * anything happens (token kind, scopes of which one suffices, required query parameters and body
 * fields), and a handler that holds only the route's behaviour (reads, state changes, the events
 * they raise). A converted group's rows receive its state object (`S`, `PollsState`) as the
 * handler's second argument rather than reaching a closure's maps (see `controls.ts`).
 */
export interface RouteRow<S = undefined> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under `/helix`, for example `/channels`. */
  readonly path: string;
  readonly token: AccessRule['token'];
  readonly scopes?: readonly string[];
  /** Query parameters the platform requires: 400 `Missing required parameter "<name>"` when absent. */
  readonly query?: readonly string[];
  /** Body fields the platform requires: the same 400 when absent. */
  readonly body?: readonly string[];
  readonly handle: (call: RouteCall, state: S) => MockResponse | Promise<MockResponse>;
}

/** A row, typed; `routes(router, context, [route({...}), ...])` registers a table of them. */
export function route(row: RouteRow): RouteRow {
  return row;
}

/**
 * Registers a group's table: each row's checks run in the platform's order (token, scopes,
 * parameters), then its handler, given the group's state when the table has one.
 */
export function registerRoutes(router: Router, context: HelixContext, rows: readonly RouteRow[]): void;
export function registerRoutes<S>(router: Router, context: HelixContext, rows: readonly RouteRow<S>[], state: S): void;
export function registerRoutes<S>(router: Router, context: HelixContext, rows: readonly RouteRow<S>[], state?: S): void {
  if (isPersisted(state)) context.kept.keep(state);
  for (const row of rows) {
    router.add(row.method, row.path, (request) => {
      const token = authorize(context, request, row.scopes ? { token: row.token, scopes: row.scopes } : { token: row.token });
      for (const name of row.query ?? []) required(request, name);
      for (const name of row.body ?? []) requiredField(request, name);
      return row.handle({ request, token, context }, state as S);
    });
  }
}

/** Epoch ms as the platform writes times (RFC3339, UTC). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC3339 date and time given as `name` (query or body), in epoch ms; 400 when malformed. */
export function rfc3339(value: unknown, name: string): number {
  const ms = typeof value === 'string' && RFC3339.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new HttpError(400, `The parameter "${name}" was malformed: the value must be an RFC3339 date and time, for example 2021-07-01T18:00:00Z`);
  return ms;
}

/** An optional `true` / `false` query parameter; 400 for any other value. */
export function booleanQuery(request: MockRequest, name: string): boolean | undefined {
  const value = request.query.get(name);
  if (value === null) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new HttpError(400, `The parameter "${name}" was malformed: the value must be true or false`);
}

/** An optional query parameter with a fixed set of values (the default when absent); 400 for another value. */
export function choice<T extends string>(request: MockRequest, name: string, allowed: readonly T[], fallback: T): T {
  const value = request.query.get(name);
  if (value === null) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new HttpError(400, `The parameter "${name}" was malformed: the value must be one of ${allowed.join(', ')}`);
}

/**
 * Which one of mutually exclusive query parameters the request gives: 400 when it gives none or
 * more than one of them.
 */
export function exactlyOne<T extends string>(request: MockRequest, names: readonly T[]): T {
  const given = names.filter((name) => request.query.getAll(name).some((value) => value !== ''));
  const list = names.map((name) => `"${name}"`).join(', ');
  if (given.length === 0) throw new HttpError(400, `Missing required parameter: one of ${list}`);
  if (given.length > 1) throw new HttpError(400, `The parameters ${list} are mutually exclusive: give only one of them`);
  return given[0]!;
}

// ---- Checks and events that the chat, moderation and guest star tables share ------------------

/** What a handler answers. */
type Answer = MockResponse | Promise<MockResponse>;

/** A call acting as a channel's moderator, with both IDs checked (see `asModerator`). */
export interface ModeratorCall extends RouteCall {
  readonly broadcasterId: string;
  readonly moderatorId: string;
}

/**
 * The handler of a route that acts as a moderator of a channel: the query's `moderator_id` must be
 * the token's user (a user token; 401) and the broadcaster or one of their moderators (403). The
 * channel is the query's `broadcaster_id`, or the parameter `broadcaster` names. The row lists both
 * in `query`.
 */
export function asModerator<S = undefined>(handle: (call: ModeratorCall, state: S) => Answer, broadcaster = 'broadcaster_id'): RouteRow<S>['handle'] {
  return (call, state) => {
    const broadcasterId = required(call.request, broadcaster);
    const moderatorId = required(call.request, 'moderator_id');
    requireModerator(call.context, call.token, broadcasterId, moderatorId);
    return handle({ ...call, broadcasterId, moderatorId }, state);
  };
}

/** A call whose query names the acting user, checked (see `asTokenUser`). */
export interface TokenUserCall extends RouteCall {
  /** The ID in the named query parameter: the token's user (any ID with an app token). */
  readonly userId: string;
}

/**
 * The handler of a route whose query parameter `name` (`broadcaster_id`, `user_id`...) names the
 * acting user: with a user token it must be the token's user (401). The row lists it in `query`.
 */
export function asTokenUser<S = undefined>(name: string, handle: (call: TokenUserCall, state: S) => Answer): RouteRow<S>['handle'] {
  return (call, state) => {
    const userId = required(call.request, name);
    if (call.token.userId !== undefined) requireTokenUser(call.token, userId, name);
    return handle({ ...call, userId }, state);
  };
}

/**
 * A text of `min` (default 0) to `max` characters, counted as the platform counts them (code
 * points, so an emoji is one); otherwise `status` (400 by default) naming the parameter and the range.
 */
export function requireLength(text: string, name: string, limits: { min?: number; max: number }, status = 400): string {
  const { min = 0, max } = limits;
  const length = Array.from(text).length;
  if (length < min || length > max) {
    throw new HttpError(status, min > 0 ? `The parameter "${name}" must be from ${min} to ${max} characters` : `The parameter "${name}" may be at most ${max} characters`);
  }
  return text;
}

/** A whole number from `min` to `max` (a JSON number), or 400 naming the parameter and the range. */
export function wholeNumber(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HttpError(400, `The parameter "${name}" must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** An optional whole-number query parameter from `min` to `max` (400 otherwise); undefined when absent or empty. */
export function wholeNumberQuery(request: MockRequest, name: string, min: number, max: number): number | undefined {
  const text = request.query.get(name);
  if (text === null || text === '') return undefined;
  return wholeNumber(/^-?\d+$/.test(text) ? Number(text) : text, name, min, max);
}

/** The detail objects of `channel.moderate`, in the payload's order; version 1 has no `warn`. */
const MODERATE_DETAILS = [
  'followers', 'slow', 'vip', 'unvip', 'mod', 'unmod', 'ban', 'unban', 'timeout', 'untimeout', 'raid', 'unraid', 'delete',
  'automod_terms', 'unban_request', 'warn', 'shared_chat_ban', 'shared_chat_unban', 'shared_chat_timeout', 'shared_chat_untimeout', 'shared_chat_delete',
] as const;
/** A detail object of `channel.moderate`. */
export type ModerateDetail = (typeof MODERATE_DETAILS)[number];

/**
 * Raises `channel.moderate` in every version a subscriber may hold: version 1 (except for `warn`,
 * which it does not know, and without the `warn` field) and version 2. Every detail object is null
 * but the action's own.
 */
export function raiseModerate(context: HelixContext, broadcasterId: string, moderatorId: string, action: string, detail?: { key: ModerateDetail; value: Record<string, unknown> }): void {
  for (const version of ['1', '2'] as const) {
    if (version === '1' && (action === 'warn' || detail?.key === 'warn')) continue;
    const event: Record<string, unknown> = {
      ...userFields(context, broadcasterId, 'broadcaster_user'),
      source_broadcaster_user_id: null,
      source_broadcaster_user_login: null,
      source_broadcaster_user_name: null,
      ...userFields(context, moderatorId, 'moderator_user'),
      action,
    };
    for (const key of MODERATE_DETAILS) if (version === '2' || key !== 'warn') event[key] = detail?.key === key ? detail.value : null;
    context.events.raise({ type: 'channel.moderate', version, condition: { broadcaster_user_id: broadcasterId }, event });
  }
}

// ---- Checks and timing that the engagement tables share (channel points, polls, predictions, --
// ---- goals, hype train, charity, bits, subscriptions) ------------------------------------------

/** 403 unless the broadcaster is a partner or an affiliate (channel points, charity...). */
export function requirePartnerOrAffiliate(context: HelixContext, broadcasterId: string): void {
  if (!context.state.user(broadcasterId)?.broadcaster_type) throw new HttpError(403, 'The broadcaster is not a partner or affiliate.');
}

/** An optional boolean body field: undefined when absent, 400 naming the field when not a boolean. */
export function booleanField(value: unknown, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new HttpError(400, `The field "${name}" must be true or false`);
  return value;
}

/** A body field with a fixed set of case-sensitive values; 400 naming the field and the values otherwise. */
export function choiceField<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new HttpError(400, `The value in the "${name}" field is not valid: it must be one of ${allowed.join(', ')}`);
}

/** How often a deadline's timer looks at the mock's clock at least, in real ms. */
const DEADLINE_RECHECK_MS = 500;
/** Looks at a clock that stood still before a deadline's timer stops (10 s); the next settle() starts it again. */
const DEADLINE_IDLE_CHECKS = 20;

/**
 * Work due at a time of the mock's clock (a poll's end, a prediction's lock, a hype train's
 * expiry): it runs on a timer once the mock's clock has got there (within half a second, however
 * the clock moves, unless it stood still for 10 s before), or at once when `settle()` finds it due
 * (routes and controls settle before they look, so a test that moves a frozen clock sees the
 * change on its next call). Each piece of work has a key; setting a key again replaces it.
 */
export class Deadlines {
  readonly #due = new Map<string, { at: number; run: () => void; timer: ReturnType<typeof setTimeout> | undefined; idle: number }>();

  constructor(readonly now: () => number) {}

  /** Runs `run` once the mock's clock reaches `at` (epoch ms), replacing the work of the same key. */
  set(key: string, at: number, run: () => void): void {
    this.clear(key);
    this.#due.set(key, { at, run, timer: undefined, idle: 0 });
    this.#arm(key);
  }

  /** Drops every piece of work (a restored state arms its own again). */
  clearAll(): void {
    for (const key of [...this.#due.keys()]) this.clear(key);
  }

  /** Drops the work of a key (it will not run). */
  clear(key: string): void {
    const entry = this.#due.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.#due.delete(key);
  }

  /** Runs every piece of work that is due, in time order; returns how many ran. */
  settle(): number {
    const now = this.now();
    const due = [...this.#due].filter(([, entry]) => entry.at <= now).sort(([, a], [, b]) => a.at - b.at);
    let ran = 0;
    for (const [key, entry] of due) {
      // Work run earlier in this loop may have replaced or cleared this key.
      if (this.#due.get(key) !== entry) continue;
      this.clear(key);
      entry.run();
      ran++;
    }
    for (const [key, entry] of this.#due) if (entry.timer === undefined) this.#arm(key);
    return ran;
  }

  // The timer waits in real time for what is left on the mock's clock, but looks again at least
  // every half second: a test's clock may jump ahead meanwhile, and the work should then run
  // without waiting for another call. A clock that stands still (a frozen test clock, or a mock
  // nobody calls any more) is left after a while; the next settle() arms the timer again.
  #arm(key: string): void {
    const entry = this.#due.get(key);
    if (!entry) return;
    const seen = this.now();
    entry.timer = setTimeout(
      () => {
        if (this.#due.get(key) !== entry) return;
        const now = this.now();
        if (now >= entry.at) {
          this.settle();
          return;
        }
        entry.idle = now === seen ? entry.idle + 1 : 0;
        if (entry.idle >= DEADLINE_IDLE_CHECKS) entry.timer = undefined;
        else this.#arm(key);
      },
      Math.min(Math.max(0, entry.at - seen), DEADLINE_RECHECK_MS),
    );
    entry.timer.unref?.();
  }
}
