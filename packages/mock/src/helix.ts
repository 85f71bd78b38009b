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
 * and `pagination` with the next cursor when more items follow. A `first` outside 1..max is 400.
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
 * they raise).
 */
export interface RouteRow {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under `/helix`, for example `/channels`. */
  readonly path: string;
  readonly token: AccessRule['token'];
  readonly scopes?: readonly string[];
  /** Query parameters the platform requires: 400 `Missing required parameter "<name>"` when absent. */
  readonly query?: readonly string[];
  /** Body fields the platform requires: the same 400 when absent. */
  readonly body?: readonly string[];
  readonly handle: (call: RouteCall) => MockResponse | Promise<MockResponse>;
}

/** A row, typed; `routes(router, context, [route({...}), ...])` registers a table of them. */
export function route(row: RouteRow): RouteRow {
  return row;
}

/** Registers a group's table: each row's checks run in the platform's order (token, scopes, parameters), then its handler. */
export function registerRoutes(router: Router, context: HelixContext, rows: readonly RouteRow[]): void {
  for (const row of rows) {
    router.add(row.method, row.path, (request) => {
      const token = authorize(context, request, row.scopes ? { token: row.token, scopes: row.scopes } : { token: row.token });
      for (const name of row.query ?? []) required(request, name);
      for (const name of row.body ?? []) requiredField(request, name);
      return row.handle({ request, token, context });
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
