/**
 * An independent fuzz of every operation's input checks, through the public API only: each
 * operation of each group of `Platform` (and of `client.eventsub`) is called on a client whose
 * transport records what would be sent, with cases made from its declaration read as data (names,
 * places, kinds and stated limits; never its checks). A case is judged by what reaches the
 * transport and by how the call settles:
 *
 * - a finding is a malformed value on the wire (`undefined`, `null`, `key=`, a key the operation
 *   does not declare, a value other than the one given), a bad case sent at all, a call that
 *   throws synchronously where it returns a promise, a failure that is no PlatformError, or a
 *   valid case (an astral text at its limit) refused;
 * - an object with inherited values, getters or no prototype must end as the plain copy of its own
 *   enumerable values (each read once) does: refused, or sent with the same request;
 * - a list operation returns a paginator, not a promise: it refuses bad parameters with a
 *   PlatformError thrown at the call (as documented), which counts as refused.
 *
 * Deterministic: every choice comes from one seeded generator. The run prints one summary line
 * (operations, cases by category, findings, skips, time) and its first findings;
 * `INPUT_FUZZ_ALL=<file>` writes every finding to a file. What the declarations cannot say (the
 * items of body lists, values whose format matters, parameters needed together) is in
 * `input-fuzz.data.ts`, written from the doc comments.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Answer, Exchange, OperationDeclaration, ParamSpec, PlatformTransport, RateLimitBucketStore } from '../src/index';
import * as front from '../src/index';
import { MemoryTokenStore, Platform, PlatformError } from '../src/index';
import * as groupData from '../src/groups';
import { eventSubOperations } from '../src/eventsub';
import { asciiOnly, baselineExtras, byteLimits, companions, formatValues, listItems, objectValues } from './input-fuzz.data';

// ---------------------------------------------------------------------------------------------
// The operations, read from the public exports as data

/** A parameter's spec, read as data (its kind's name, place and stated limits; never its check). */
type Spec = ParamSpec;

/** A declaration, read as data. */
type Declared = OperationDeclaration<Record<string, unknown>, unknown>;

/** An operation to fuzz: its declaration, the client's function and what it needs. */
interface Op {
  readonly name: string;
  readonly declared: Declared;
  readonly call: (params?: unknown, options?: unknown) => unknown;
  /** Its request options beyond each case's own (the extension JWT's credentials). */
  readonly options: Record<string, unknown>;
}

const isDeclared = (value: unknown): value is Declared =>
  typeof value === 'object' && value !== null && typeof (value as Declared).name === 'string' && typeof (value as Declared).path === 'string' && typeof (value as Declared).params === 'object';

/** Every declaration the client package exports, by operation name. */
const declarations = new Map(
  Object.entries(front)
    .filter(([exported, value]) => exported.endsWith('Operation') && isDeclared(value))
    .map(([, value]) => [(value as Declared).name, value as Declared]),
);

/** The kind of a spec: `plain` (a string with no rules), or the name of its kind. */
const kindOf = (spec: Spec): string => (typeof spec.type === 'string' ? 'plain' : spec.type.name);

// ---------------------------------------------------------------------------------------------
// Determinism

/** mulberry32: a small seeded generator. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
const random = seeded(28);

/** Characters outside the Basic Multilingual Plane: two UTF-16 units, one character, four bytes of UTF-8. */
const astral = ['😀', '🎉', '🐍', '𝄞', '𠀋', '🚀', '🧪', '𝔸'];
const astralText = (count: number): string => Array.from({ length: count }, () => random.pick(astral)).join('');

// ---------------------------------------------------------------------------------------------
// The client and what reaches its transport

/** The user whose token the client holds (every scope), and the extension whose JWT signs. */
const userId = '7001';
const extension = { clientId: 'extension-client', secret: Buffer.from('a shared extension secret of 32 bytes or more').toString('base64'), ownerId: userId };

let sent: Exchange[] = [];
const answer = (status: number, body: unknown): Answer => ({ status, statusText: '', headers: { get: () => null }, text: typeof body === 'string' ? body : JSON.stringify(body) });

/** Answers the OAuth server as the platform would and every API call with one empty record; records the API calls. */
const transport: PlatformTransport = (exchange) => {
  let reply: Answer;
  if (exchange.label === 'POST /oauth2/token') reply = answer(200, { access_token: 'app-token', expires_in: 5_000_000, token_type: 'bearer' });
  else if (exchange.label === 'GET /oauth2/validate') {
    const app = exchange.headers.Authorization === 'OAuth app-token' || exchange.headers.authorization === 'OAuth app-token';
    reply = answer(200, app ? { client_id: 'fuzz-client', scopes: [], expires_in: 5_000_000 } : { client_id: 'fuzz-client', login: 'fuzzer', user_id: userId, scopes: allScopes(), expires_in: 5_000_000 });
  } else {
    sent.push(exchange);
    reply = answer(200, exchange.label.includes('/schedule/icalendar') ? 'BEGIN:VCALENDAR' : { data: [{}], pagination: {} });
  }
  return { answer: Promise.resolve(reply), cancel: () => {} };
};

function allScopes(): string[] {
  return [...new Set([...declarations.values()].flatMap((declared) => declared.scopes))];
}

/** No rate limit: the fuzz measures checks, not waits. */
const unlimited = (): RateLimitBucketStore => ({ take: () => undefined, release: () => {}, record: () => undefined, state: () => undefined });

// ---------------------------------------------------------------------------------------------
// Cases

/** What a case expects: refused unsent; sent with the given values; or either (refused, or sent with the given values). */
type Expect = 'refuse' | 'send' | 'either';

interface Case {
  readonly op: Op;
  readonly category: string;
  readonly label: string;
  readonly params: () => unknown;
  readonly options?: unknown;
  readonly expect: Expect;
  /**
   * The plain object the case's object must be read as (its own enumerable values, each read once):
   * the call must end as the twin's does, refused or sent with the same request.
   */
  readonly twin?: () => Record<string, unknown>;
  /** A key whose value `poison` must not reach the wire (an inherited one). */
  readonly notSent?: string;
  readonly poison?: unknown;
}

const prototypeKeys = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupGetter__'];
const unknownValues: unknown[] = ['x', '1001', 1, true];

/** A distinct ID for each use, so the wire shows which value went where. */
const newId = (): string => String(1000 + random.int(9000));

/** The ID of one parameter of one operation: the same in every case of the operation. */
const ids = new Map<string, string>();
const idOf = (name: string): string => ids.get(name) ?? (ids.set(name, newId()), ids.get(name)!);

function validValue(op: Op, key: string, spec: Spec): unknown {
  const full = `${op.name}.${key}`;
  if (full in formatValues) return formatValues[full];
  if (full in objectValues) return objectValues[full];
  if (full in listItems) return listItems[full]!.valid.slice(0, Math.max(spec.minLength ?? 1, 1));
  if (key === op.declared.actingUser) return userId;
  const kind = kindOf(spec);
  if (spec.oneOf) return kind === 'ids' && spec.in === 'body' ? [spec.oneOf[0]] : spec.oneOf[0];
  switch (kind) {
    case 'plain':
      return /_at$|_time$/.test(key) ? '2026-01-01T00:00:00Z' : idOf(full);
    case 'string':
      if (spec.min !== undefined) return String(spec.min);
      return 'a'.repeat(Math.max(spec.minLength ?? 1, 1));
    case 'number': {
      const value = spec.min ?? 1;
      return spec.max !== undefined && value > spec.max ? spec.max : value;
    }
    case 'boolean':
      return false;
    case 'ids':
      return spec.in === 'body' ? [idOf(full)] : idOf(full);
    default:
      throw new Error(`The fuzz has no valid value for ${full} (${kind}): add one to input-fuzz.data.ts.`);
  }
}

/** The required parameters with valid values, plus the operation's stated extras. */
function baseline(op: Op): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(op.declared.params)) if (spec.required) params[key] = validValue(op, key, spec);
  return withDefined({ ...params, ...baselineExtras[op.name] });
}

/** The baseline with one optional parameter set to `value`, and what it needs with it. */
function withParam(op: Op, key: string, value: unknown): Record<string, unknown> {
  return withDefined({ ...baseline(op), ...companions[`${op.name}.${key}`], [key]: value });
}

function withDefined(params: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
  return params;
}

function* casesOf(op: Op): Generator<Case> {
  const specs = op.declared.params;
  const base = () => baseline(op);
  const of = (category: string, label: string, params: () => unknown, expect: Expect, extra: Partial<Case> = {}): Case => ({ op, category, label, params, expect, ...extra });

  yield of('baseline', 'required parameters', base, 'send');
  for (const [key, spec] of Object.entries(specs)) {
    if (spec.required || key in (baselineExtras[op.name] ?? {})) continue;
    const value = validValue(op, key, spec);
    yield of('baseline', `${key} given`, () => withParam(op, key, value), 'send');
  }

  // 1. Unknown keys, those Object.prototype has first.
  for (const key of [...prototypeKeys, 'userId', 'broadcasterId', 'nonsense']) {
    for (const value of unknownValues) yield of('unknown key', `${key}: ${JSON.stringify(value)}`, () => ({ ...base(), [key]: value }), 'refuse');
  }
  for (const value of unknownValues) {
    yield of('unknown key', `own __proto__: ${JSON.stringify(value)}`, () => JSON.parse(JSON.stringify(base()).replace(/^\{/, `{"__proto__":${JSON.stringify(value)}${Object.keys(base()).length ? ',' : ''}`)), 'refuse');
    yield of('unknown key', `own __proto__ (defineProperty): ${JSON.stringify(value)}`, () => Object.defineProperty(base(), '__proto__', { value, enumerable: true, writable: true, configurable: true }), 'refuse');
  }

  for (const [key, spec] of Object.entries(specs)) {
    const kind = kindOf(spec);
    const full = `${op.name}.${key}`;
    const valid = validValue(op, key, spec);
    const set = (value: () => unknown) => () => withParam(op, key, value());

    // 2. ID lists with holes, 3. items of the wrong shape.
    if (kind === 'ids') {
      const id = newId();
      // eslint-disable-next-line no-sparse-arrays
      const holed: [string, () => unknown[]][] = [['[ , id]', () => [, id]], ['[id, , id]', () => [id, , id]], ['new Array(2)', () => new Array<unknown>(2)], ['new Array(1)', () => new Array<unknown>(1)], ['[id] with length 3', () => Object.assign([id], { length: 3 })]];
      for (const [label, value] of holed) yield of('holes', `${key}: ${label}`, set(value), 'refuse');
      for (const item of [null, undefined, 0, 1001, true, {}, [], [id], '', NaN]) {
        yield of('wrong items', `${key}: [${String(JSON.stringify(item))}]`, set(() => [item]), 'refuse');
        yield of('wrong items', `${key}: [id, ${String(JSON.stringify(item))}]`, set(() => [id, item]), 'refuse');
      }
      yield of('wrong items', `${key}: []`, set(() => []), 'refuse');
    }
    if (kind === 'array') {
      const items = listItems[full];
      if (!items) throw new Error(`The fuzz has no items for the list ${full}: add them to input-fuzz.data.ts.`);
      const good = items.valid.slice(0, Math.max(spec.minLength ?? 1, 1));
      for (const item of items.wrong) {
        yield of('wrong items', `${key}: [${String(JSON.stringify(item))}]`, set(() => [item, ...good.slice(1)]), 'refuse');
        yield of('wrong items', `${key}: [...valid, ${String(JSON.stringify(item))}]`, set(() => [...good, item]), 'refuse');
      }
      // eslint-disable-next-line no-sparse-arrays
      yield of('holes', `${key}: [ , ...valid]`, set(() => [, ...good]), 'refuse');
      yield of('holes', `${key}: new Array(${good.length})`, set(() => new Array<unknown>(good.length)), 'refuse');
      yield of('holes', `${key}: [...valid] with a hole at the end`, set(() => Object.assign([...good], { length: good.length + 1 })), 'refuse');
      if (items.text) {
        // 7. Texts of the items, in characters.
        const { field, max } = items.text;
        const item = (text: string) => (field ? { ...(good[0] as object), [field]: text } : text);
        yield of('astral', `${key}: an item's text of ${max} astral characters`, set(() => [item(astralText(max)), ...good.slice(1)]), 'send');
        yield of('astral', `${key}: an item's text of ${max + 1} astral characters`, set(() => [item(astralText(max + 1)), ...good.slice(1)]), 'refuse');
      }
    }

    // 5. Empty IDs, cursors, logins and names in the query; every required text; the acting user wherever it travels.
    const textual = kind === 'plain' || kind === 'ids' || kind === 'string';
    if (textual && ((spec.in === 'query' && kind !== 'string') || spec.required || key === op.declared.actingUser)) {
      yield of('empty', `${key}: ''`, set(() => ''), 'refuse');
    }
    if (kind === 'ids') yield of('empty', `${key}: ['']`, set(() => ['']), 'refuse');

    // Wrong types and null, for every parameter.
    const wrongTypes: unknown[] = [null, NaN, () => 'x', Symbol('x'), 10n];
    if (kind !== 'object') wrongTypes.push({});
    if (kind !== 'number') wrongTypes.push(5);
    if (kind !== 'boolean') wrongTypes.push(true);
    if (kind === 'number' || kind === 'boolean' || kind === 'object' || kind === 'array') wrongTypes.push('1');
    if (kind === 'plain' || kind === 'string' || kind === 'number' || kind === 'boolean') wrongTypes.push([valid]);
    if (kind === 'object' || kind === 'array') wrongTypes.push(null);
    for (const value of wrongTypes) yield of('wrong type', `${key}: ${shown(value)}`, set(() => value), 'refuse');

    // Numbers: out of range, not whole, not finite.
    if (kind === 'number') {
      const bad: unknown[] = [Infinity, -Infinity];
      if (spec.min !== undefined) bad.push(spec.min - 1);
      if (spec.max !== undefined) bad.push(spec.max + 1);
      if (spec.integer) bad.push((spec.min ?? 1) + 0.5);
      if (spec.oneOf) bad.push(Math.max(...(spec.oneOf as number[])) + 1);
      for (const value of bad) yield of('number range', `${key}: ${String(value)}`, set(() => value), 'refuse');
      if (spec.max !== undefined) yield of('number range', `${key}: ${spec.max} (the maximum)`, set(() => spec.max), 'send');
    }
    if (kind === 'string' && spec.oneOf) yield of('wrong type', `${key}: a value outside its list`, set(() => `${String(spec.oneOf![0])}-not`), 'refuse');

    // 7. Lengths in characters (code points): astral characters at the limit pass, one more fails.
    if (kind === 'string' && !spec.oneOf && spec.min === undefined && !asciiOnly.has(full)) {
      const bytes = byteLimits[full];
      if (bytes !== undefined) {
        yield of('astral', `${key}: ${bytes / 4} astral characters (${bytes} bytes)`, set(() => astralText(bytes / 4)), 'send');
        yield of('astral', `${key}: ${bytes / 4} astral characters and one byte more`, set(() => `${astralText(bytes / 4)}a`), 'refuse');
      } else {
        if (spec.maxLength !== undefined) {
          yield of('astral', `${key}: ${spec.maxLength} astral characters`, set(() => astralText(spec.maxLength!)), 'send');
          yield of('astral', `${key}: ${spec.maxLength + 1} astral characters`, set(() => astralText(spec.maxLength! + 1)), 'refuse');
        }
        if (spec.minLength !== undefined && spec.minLength > 1) {
          yield of('astral', `${key}: ${spec.minLength} astral characters (the minimum)`, set(() => astralText(spec.minLength!)), 'send');
          yield of('astral', `${key}: ${spec.minLength - 1} astral characters (under the minimum)`, set(() => astralText(spec.minLength! - 1)), 'refuse');
          yield of('astral', `${key}: one astral character, two UTF-16 units (under the minimum)`, set(() => astralText(1)), 'refuse');
        }
      }
    }

    // 4. Inherited values: read as the object's own enumerable values, so refused or sent as its plain copy is.
    if (!(key in base())) {
      const poison = poisonOf(kind);
      yield of('inherited', `${key} inherited, a bad value`, () => Object.assign(Object.create({ [key]: poison }) as object, base()), 'either', { twin: base, notSent: key, poison });
      yield of('inherited', `${key} a getter on the prototype, a bad value`, () => withPrototypeGetter(base(), key, poison), 'either', { twin: base, notSent: key, poison });
      yield of('inherited', `${key} inherited, a valid value`, () => Object.assign(Object.create({ [key]: valid }) as object, base()), 'either', { twin: base });
    }
    // An own getter that gives a valid value when first read and a bad one after: what is sent is what was checked.
    const poison = poisonOf(kind);
    yield of('inherited', `${key} an own getter, valid when first read only`, () => withChangingGetter(withParam(op, key, valid), key, valid, poison), 'either', { twin: () => withParam(op, key, valid) });
  }

  // 4. The whole object inherited, or not a plain object.
  yield of('inherited', 'Object.create(valid)', () => Object.create(base()) as unknown, 'either', { twin: () => ({}) });
  yield of('inherited', 'a class instance with getters', () => classInstance(base()), 'either', { twin: () => ({}) });
  yield of('inherited', 'a class instance with own fields', () => Object.assign(new (class Params {})(), base()), 'either', { twin: base });
  yield of('inherited', 'a null-prototype object', () => Object.assign(Object.create(null) as object, base()), 'either', { twin: base });

  // 6. Not an object of parameters, or odd request options: rejected, never thrown.
  for (const params of [null, 0, 42, 'params', true, [], [base()], () => base()]) yield of('not an object', shown(params), () => params, 'refuse');
  for (const options of [null, 42, 'options', [], { as: '' }, { as: 42 }, { timeout: 'soon' }, { retries: -1 }, { signal: 'stop' }]) {
    yield of('options', `options ${shown(options)}`, base, 'either', { options });
  }

  // 8. The token kind the operation takes.
  if (op.declared.token === 'app') yield of('identity', `{ as: '${userId}' } on an app-only operation`, base, 'refuse', { options: { as: userId } });
  if (op.declared.token === 'user') yield of('identity', "{ as: 'app' } on a user-only operation", base, 'refuse', { options: { as: 'app' } });
  if (op.declared.token === 'app' || op.declared.token === 'user') yield of('identity', `{ token } on a ${op.declared.token}-only operation`, base, 'either', { options: { token: 'raw-token' } });
}

/** A value no parameter takes, of a type other than the kind's. */
const poisonOf = (kind: string): unknown => (kind === 'number' ? 'not a number' : kind === 'boolean' ? 'not a boolean' : -1.5);

function withPrototypeGetter(own: Record<string, unknown>, key: string, value: unknown): object {
  const prototype = Object.defineProperty({}, key, { get: () => value, enumerable: true });
  return Object.assign(Object.create(prototype) as object, own);
}

function withChangingGetter(params: Record<string, unknown>, key: string, first: unknown, later: unknown): object {
  let reads = 0;
  return Object.defineProperty(params, key, { get: () => (reads++ === 0 ? first : later), enumerable: true, configurable: true });
}

/** A class instance whose every value is a getter of its class (none own). */
function classInstance(values: Record<string, unknown>): object {
  class Params {}
  for (const [key, value] of Object.entries(values)) Object.defineProperty(Params.prototype, key, { get: () => value, enumerable: true });
  return new Params();
}

function shown(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? String(value);
}

// ---------------------------------------------------------------------------------------------
// Running a case and judging it

interface Outcome {
  readonly exchanges: Exchange[];
  /** `threw`: at the call; `rejected`, `resolved`: the promise (or the paginator's first page). */
  readonly how: 'threw' | 'rejected' | 'resolved';
  readonly error?: unknown;
  readonly paginator: boolean;
  /** The parameters the call was given. */
  readonly given: unknown;
}

async function run(item: Case, params = item.params): Promise<Outcome> {
  sent = [];
  const options = item.options === undefined ? (Object.keys(item.op.options).length ? item.op.options : undefined) : isRecord(item.options) ? { ...item.op.options, ...item.options } : item.options;
  const given = params();
  let result: unknown;
  try {
    result = item.op.call(given, options);
  } catch (error) {
    return { exchanges: sent, how: 'threw', error, paginator: false, given };
  }
  const paginator = isRecord(result) && typeof (result as { all?: unknown }).all === 'function' && !(result instanceof Promise);
  try {
    await (result as PromiseLike<unknown>);
    return { exchanges: sent, how: 'resolved', paginator, given };
  } catch (error) {
    return { exchanges: sent, how: 'rejected', error, paginator, given };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Operations found to return a paginator (from their baseline), which may refuse with a throw at the call. */
const paginators = new Set<string>();

/** What is wrong with the outcome of a case, or undefined; `twin` is the outcome of the case's plain twin. */
function judge(item: Case, outcome: Outcome, twin?: Outcome): string | undefined {
  const { op } = item;
  const wire = outcome.exchanges.map((exchange) => read(op, exchange));
  const malformed = wire.map((request) => request.problem).find(Boolean);
  if (malformed) return `sent a malformed request: ${malformed}`;
  if (outcome.how === 'threw') {
    if (!(outcome.error instanceof PlatformError)) return `threw ${errorText(outcome.error)} at the call`;
    if (!paginators.has(op.name)) return `threw at the call instead of rejecting: ${errorText(outcome.error)}`;
  }
  if (outcome.how === 'rejected' && outcome.exchanges.length === 0 && !(outcome.error instanceof PlatformError)) return `rejected with ${errorText(outcome.error)}, not a PlatformError`;
  const wasSent = outcome.exchanges.length > 0;
  if (item.expect === 'refuse') return wasSent ? `was sent (${outcome.exchanges[0]!.label}${shownWire(wire[0]!)})` : outcome.how === 'resolved' ? 'resolved without sending anything' : undefined;
  if (twin) {
    const twinSent = twin.exchanges.length > 0;
    if (wasSent !== twinSent) {
      return wasSent ? `was sent (${outcome.exchanges[0]!.label}${shownWire(wire[0]!)}) where its own values are refused: ${errorText(twin.error)}` : `was refused (${errorText(outcome.error)}) where its own values are sent`;
    }
    if (wasSent && requestText(outcome.exchanges[0]!) !== requestText(twin.exchanges[0]!)) return `sent ${requestText(outcome.exchanges[0]!)} where its own values send ${requestText(twin.exchanges[0]!)}`;
  }
  if (!wasSent) return item.expect === 'send' ? `was refused: ${errorText(outcome.error)}` : undefined;
  if (twin) return undefined;
  const expected = isRecord(outcome.given) ? outcome.given : {};
  const request = wire[0]!;
  if (item.notSent !== undefined && JSON.stringify(request.values.get(item.notSent)) === JSON.stringify(wireForm(op, item.notSent, item.poison))) {
    return `sent the value of ${item.notSent} that it did not check: ${shown(item.poison)}`;
  }
  for (const [key, value] of Object.entries(expected)) {
    const spec = op.declared.params[key];
    if (!spec || value === undefined) continue;
    const got = request.values.get(key);
    const want = wireForm(op, key, value);
    if (JSON.stringify(got) !== JSON.stringify(want)) return `sent ${key} ${shown(got)} where ${shown(value)} was given${shownWire(request)}`;
  }
  for (const key of request.values.keys()) {
    if (!(key in expected) && key !== op.declared.actingUser) return `sent ${key} ${shown(request.values.get(key))}, which was not given`;
  }
  return undefined;
}

/** A value as the wire carries it: a query parameter as its list of texts, a body one as it is. */
function wireForm(op: Op, key: string, value: unknown): unknown {
  return op.declared.params[key]?.in === 'query' ? [value].flat().map((part) => (typeof part === 'string' ? part : JSON.stringify(part))) : value;
}

interface Wire {
  /** Each parameter on the wire: the query's values as a list, the body's as they are. */
  readonly values: Map<string, unknown>;
  readonly problem?: string;
}

/** Reads a request back into parameters, and says what is malformed in it. */
function read(op: Op, exchange: Exchange): Wire {
  const values = new Map<string, unknown>();
  const specs = op.declared.params;
  const url = new URL(exchange.url);
  const problems: string[] = [];
  if (!url.pathname.endsWith(op.declared.path)) problems.push(`path ${url.pathname}`);
  for (const [key, value] of url.searchParams) {
    if (!Object.hasOwn(specs, key) || specs[key]!.in !== 'query') problems.push(`query key ${key}`);
    if (value === '' || value === 'undefined' || value === 'null' || value === 'NaN' || value.startsWith('[object ')) problems.push(`${key}=${value}`);
    values.set(key, [...((values.get(key) as string[] | undefined) ?? []), value]);
  }
  if (exchange.body !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      problems.push(`a body that is not JSON: ${exchange.body.slice(0, 40)}`);
    }
    if (isRecord(body) && op.declared.bodyWrap === 'data') body = body.data;
    if (!isRecord(body) || Array.isArray(body)) problems.push(`a body that is no object: ${exchange.body.slice(0, 40)}`);
    else {
      if (Object.keys(body).length === 0) problems.push('an empty body');
      for (const [key, value] of Object.entries(body)) {
        if (!Object.hasOwn(specs, key) || specs[key]!.in !== 'body') problems.push(`body key ${key}`);
        if (value === null) problems.push(`${key}: null`);
        if (Array.isArray(value) && value.some((item) => item === null)) problems.push(`${key}: a list holding null`);
        values.set(key, value);
      }
    }
  } else if (Object.values(specs).some((spec) => spec.in === 'body' && spec.required)) problems.push('no body');
  return problems.length ? { values, problem: problems.join(', ') } : { values };
}

const requestText = (exchange: Exchange): string => `${exchange.method} ${exchange.url} ${exchange.body ?? ''}`;
const shownWire = (wire: Wire): string => `: ${JSON.stringify(Object.fromEntries(wire.values)).slice(0, 160)}`;
const errorText = (error: unknown): string => (error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error));

// ---------------------------------------------------------------------------------------------
// The run

interface Finding {
  readonly operation: string;
  readonly category: string;
  readonly label: string;
  readonly problem: string;
}

interface Summary {
  operations: number;
  cases: number;
  findings: Finding[];
  byCategory: Map<string, number>;
  skipped: string[];
  milliseconds: number;
}

async function fuzz(): Promise<Summary> {
  const started = performance.now();
  const client = new Platform({ clientId: 'fuzz-client', clientSecret: 'fuzz-secret', baseUrl: 'https://api.fuzz.test/helix', authUrl: 'https://id.fuzz.test/oauth2', transport, buckets: unlimited, retries: 0, tokens: new MemoryTokenStore() });
  await client.auth.addUser('user-token');
  const ops: Op[] = [];
  const bound = client as unknown as Record<string, Record<string, (params?: unknown, options?: unknown) => unknown>>;
  const groups: [string, object][] = Object.entries(groupData)
    .filter(([name]) => name.endsWith('Group'))
    .map(([name, group]) => [name.slice(0, -'Group'.length), group as object]);
  groups.push(['eventsub', eventSubOperations]);
  for (const [group, operations] of groups) {
    for (const name of Object.keys(operations)) {
      const declared = declarations.get(`${group}.${name}`);
      if (!declared) throw new Error(`No declaration of ${group}.${name} among the client's exports.`);
      const call = bound[group]![name]!;
      ops.push({ name: declared.name, declared, call: (params, options) => call(params, options), options: declared.token === 'extension' ? { extension } : {} });
    }
  }

  const summary: Summary = { operations: ops.length, cases: 0, findings: [], byCategory: new Map(), skipped: [], milliseconds: 0 };
  for (const op of ops) {
    let baselineSent = false;
    for (const item of casesOf(op)) {
      const outcome = await run(item);
      const twin = item.twin && (await run(item, item.twin));
      if (item.category === 'baseline' && item.label === 'required parameters') {
        baselineSent = outcome.exchanges.length > 0;
        if (outcome.paginator) paginators.add(op.name);
      }
      // Without a baseline that reaches the transport, no other case of the operation says anything.
      if (!baselineSent) {
        summary.skipped.push(`${op.name}: ${item.label}: ${judge(item, outcome, twin) ?? 'not sent'}`);
        if (item.category === 'baseline' && item.label === 'required parameters') break;
      }
      summary.cases++;
      summary.byCategory.set(item.category, (summary.byCategory.get(item.category) ?? 0) + 1);
      const problem = judge(item, outcome, twin);
      if (problem) summary.findings.push({ operation: op.name, category: item.category, label: item.label, problem });
    }
  }
  summary.milliseconds = performance.now() - started;
  return summary;
}

/** The keys of the hand-written tables that name no declared operation or parameter (a renamed one leaves its row behind). */
function staleRows(): string[] {
  const known = (key: string): boolean => {
    if (declarations.has(key)) return true;
    const cut = key.lastIndexOf('.');
    return Object.hasOwn(declarations.get(key.slice(0, cut))?.params ?? {}, key.slice(cut + 1));
  };
  return [listItems, objectValues, formatValues, baselineExtras, companions, byteLimits, Object.fromEntries([...asciiOnly].map((key) => [key, true]))]
    .flatMap((table) => Object.keys(table))
    .filter((key) => !known(key));
}

describe('input fuzz of every operation', () => {
  it('has no table row for an operation or parameter that is not declared', () => {
    expect(staleRows()).toEqual([]);
  });

  it('finds nothing malformed on the wire, no throw, no valid value refused', async () => {
    const summary = await fuzz();
    const categories = [...summary.byCategory].map(([category, count]) => `${category} ${count}`).join(', ');
    console.log(
      `input fuzz: ${summary.operations} operations, ${summary.cases} cases (${categories}), ${summary.findings.length} findings, ${summary.skipped.length} skipped, ${Math.round(summary.milliseconds)} ms`,
    );
    if (process.env.INPUT_FUZZ_ALL) writeFileSync(process.env.INPUT_FUZZ_ALL, summary.findings.map((finding) => `${finding.operation} [${finding.category}] ${finding.label}: ${finding.problem}`).join('\n'));
    for (const finding of summary.findings.slice(0, 40)) console.log(`  ${finding.operation} [${finding.category}] ${finding.label}: ${finding.problem}`);
    for (const skip of summary.skipped) console.log(`  skipped ${skip}`);
    expect(summary.operations).toBeGreaterThanOrEqual(147);
    expect(summary.cases).toBeGreaterThan(5_000);
    expect(summary.skipped).toEqual([]);
    expect(summary.findings.slice(0, 20)).toEqual([]);
  }, 60_000);
});
