import { internalsOf, type ClientHandle } from './internals';
import { PlatformError } from './errors/platform-error';
import { describe } from './options';
import { Paginator, type Page, type PageSource, type RawPage } from './paginator';
import { checkPlainString, type ParamKind, type ParamSpec } from './params';
import { runCall, type Call } from './pipeline';
import type { ResultKind } from './results';
import type { HttpMethod, RequestOptions, TokenKind } from './types';

/**
 * One operation of the platform's API, declared once as plain data. Validation, the request,
 * the docs and the tests all derive from it.
 */
export interface OperationDeclaration<Params, Result> {
  /** `group.operation`, as messages name it. */
  readonly name: string;
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The path under `baseUrl`, for example `/chat/chatters`. */
  readonly path: string;
  /** The kinds of token the endpoint takes. */
  readonly token: TokenKind;
  /** Scopes that satisfy the endpoint; one suffices. */
  readonly scopes: readonly string[];
  /** The parameter naming the acting user; it defaults to the user whose token is used. */
  readonly actingUser?: string;
  /** The acting-user field may stay unset when the token does not say who acts. */
  readonly actingUserOptional?: boolean;
  /** Every parameter by name: how it is checked and where it travels. */
  readonly params: { readonly [Key in keyof Required<Params>]: ParamSpec };
  /** `data`: the body parameters travel as `{ data: { ... } }`. */
  readonly bodyWrap?: 'data';
  /** How the answer becomes the result (`voidResult`, `firstResult`, `envelopeResult`, `pageResult`...). */
  readonly result: ResultKind;
  /** Phantom field carrying the types; never set. */
  readonly types?: {
    /** The parameters' type. */
    params: Params;
    /** The result's type. */
    result: Result;
  };
}

/**
 * Freezes a declaration; the types travel with it. It has no side effects, so a bundler drops a
 * declaration nobody imports (group packages also mark each call `/* @__PURE__ *\/`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineOperation<Params, Result>(declaration: OperationDeclaration<Params, Result>): OperationDeclaration<Params, Result> {
  // Frozen in place: a declaration is a literal of its own module.
  Object.freeze(declaration.params);
  Object.freeze(declaration.scopes);
  return Object.freeze(declaration);
}

/**
 * A declaration of any parameters and result.
 * @inline
 */
type AnyOperation = OperationDeclaration<Record<string, unknown>, unknown>;
type Params = Readonly<Record<string, unknown>>;

/**
 * The parameters as an operation reads them: a copy of their own enumerable values, each read once,
 * or the value itself when it is not an object (left to the checks to refuse). Checked and sent are
 * the same values: an object whose values are inherited (`Object.create(params)`, a class with
 * getters) is read as what a copy of it holds, and a getter is not read again after the check. An
 * operation with rules of its own reads its parameters through this first, so its rules see what
 * is sent.
 */
export function ownParams<P>(params: P): P {
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? { ...params } : params;
}

/**
 * Checks parameters against the declaration before anything is sent. A broken rule is a plain
 * PlatformError that names the parameter and what is allowed.
 */
export function validateParams(operation: AnyOperation, params: unknown): asserts params is Params {
  checkedSets(operation, params);
}

/**
 * Checks parameters as `validateParams` does and splits the call into one parameter set per chunk
 * of its long ID lists (one set when none). A kind with a split of its own (`idsParam`) splits its
 * list alone; the values of the parameters with `chunk` whose kind has none are counted together,
 * in the order of the declaration and then of each list, the next `chunk` of them to each set
 * (each set holds its share of them alone).
 */
function checkedSets(operation: AnyOperation, params: unknown): Params[] {
  const name = operation.name;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    throw new PlatformError(`${name} takes an object of parameters; got ${describe(params)}.`);
  }
  const given = ownParams(params ?? {}) as Params;
  const specs = operation.params;
  for (const key of Object.keys(given)) {
    // Own names only: `constructor`, `toString` or a `__proto__` key of `JSON.parse` are no parameters.
    if (!Object.prototype.hasOwnProperty.call(specs, key)) throw new PlatformError(`${name} has no parameter ${key}.`);
  }
  // The acting user is filled in from the token only when unset; an empty one would stop that.
  if (operation.actingUser && given[operation.actingUser] === '') throw new PlatformError(`The parameter ${operation.actingUser} of ${name} must not be empty; got "".`);
  const sets: Record<string, unknown[]>[] = [];
  let index = 0;
  let split: Params[] | undefined;
  for (const [key, spec] of Object.entries(specs)) {
    const value = given[key];
    if (value === undefined) {
      if (spec.required) throw new PlatformError(`${name} needs the parameter ${key}.`);
      continue;
    }
    const problem = typeof spec.type === 'string' ? checkPlainString(spec, value) : spec.type.check(spec, value);
    if (problem) throw new PlatformError(`The parameter ${key} of ${name} ${problem}; got ${describe(value)}.`);
    // A plain string's `type` is a string, whose `splitParams` is undefined.
    const splitParams = (spec.type as ParamKind).splitParams;
    if (splitParams) split ??= splitParams(given, key, spec);
    else if (spec.chunk) for (const item of [value].flat()) ((sets[(index++ / spec.chunk) | 0] ??= {})[key] ??= []).push(item);
  }
  return split ?? (sets[1] ? sets : [given]);
}

/** Encodes query parameters: one `key=value` pair per list element, `undefined` left out. */
export function encodeQuery(entries: Iterable<[string, unknown]>): string {
  // Made on the first value: most calls without a query (or a body only) build none.
  let search: URLSearchParams | undefined;
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    search ??= new URLSearchParams();
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));
  }
  return search ? search.toString() : '';
}

function callFor(operation: AnyOperation, params: Params): Call {
  const specs = operation.params;
  return {
    // The declaration holds every field of a call target (method, path, token, scopes, acting user).
    target: operation,
    params,
    // A `textResult` operation gets the body as text.
    text: operation.result.name === 'text',
    encode(final) {
      const query: [string, unknown][] = [];
      let body: Record<string, unknown> | undefined;
      for (const [key, value] of Object.entries(final)) {
        if (value === undefined) continue;
        if (specs[key]?.in === 'body') (body ??= {})[key] = value;
        else query.push([key, value]);
      }
      if (body && operation.bodyWrap === 'data') body = { data: body };
      return { search: encodeQuery(query), body };
    },
  };
}

/**
 * Runs a non-list operation: validates, sends (one request per chunk of a long ID list, joined in
 * order) and shapes the answer as the declaration says.
 */
export async function callOperation<P, R>(
  client: ClientHandle,
  operation: OperationDeclaration<P, R>,
  params?: P,
  options?: RequestOptions,
): Promise<R> {
  const view = internalsOf(client);
  const declaration = operation as unknown as AnyOperation;
  const sets = checkedSets(declaration, params);
  const answers = await Promise.all(sets.map((set) => runCall(view, callFor(declaration, set), options)));
  return declaration.result.shape(answers, declaration) as R;
}

/** A page of a declared list operation; `raw` is the envelope with `data` and the extra fields. */
export type OperationPage<T, Extra = object> = Page<T, RawPage<T> & Extra>;

/**
 * Runs a list operation as a paginator. Parameters are checked at once (a broken rule throws
 * here, before anything is sent); pages are fetched when awaited or iterated, with the call's
 * options applied to every page. A long ID list is walked chunk after chunk.
 */
export function paginateOperation<P, T, Extra = object>(
  client: ClientHandle,
  operation: OperationDeclaration<P, T>,
  params?: P,
  options?: RequestOptions,
): Paginator<T, OperationPage<T, Extra>> {
  const view = internalsOf(client);
  const declaration = operation as unknown as AnyOperation;
  const sets = checkedSets(declaration, params);
  type P2 = OperationPage<T, Extra>;
  /**
   * Where each page came from: the chunk of a long ID list and the cursor it was asked with (a
   * page that hands the same cursor back ends the list). One entry a page: WeakMap entries cost
   * more than the rest of the paginator's work on a page.
   */
  const origins = new WeakMap<P2, [chunk: number, askedWith: string | undefined]>();

  // Paging goes on in the direction the caller started: backwards from a `before`, else forwards.
  // Read from the checked copy, not from `params` again.
  const key = sets[0]!.before !== undefined && sets[0]!.after === undefined ? 'before' : 'after';
  const load = async (chunk: number, from: string | undefined): Promise<P2> => {
    const set = sets[chunk]!;
    // A later page's cursor replaces the one the caller started from, and goes last.
    let pageParams = set;
    if (from !== undefined) {
      const { after: _after, before: _before, ...rest }: Record<string, unknown> = set;
      rest[key] = from;
      pageParams = rest;
    }
    const answer = await runCall(view, callFor(declaration, pageParams), options);
    const raw = (answer.data ?? { data: [] }) as RawPage<T> & Extra;
    const pagination = raw.pagination;
    const page: P2 = { data: Array.isArray(raw.data) ? raw.data : [], raw, cursor: typeof pagination === 'string' ? pagination || undefined : pagination?.cursor || undefined };
    origins.set(page, [chunk, from]);
    return page;
  };

  const source: PageSource<T, P2> = {
    first: () => load(0, undefined),
    next(page) {
      const [chunk, askedWith] = origins.get(page) ?? [0];
      // An empty page ends the list even if the platform still sent a cursor, and so does a
      // cursor equal to the one the page was asked with (following it would loop forever).
      if (page.cursor && page.data.length > 0 && page.cursor !== askedWith) return load(chunk, page.cursor);
      if (chunk + 1 < sets.length) return load(chunk + 1, undefined);
      return undefined;
    },
    // The platform's `total` counts the whole list (a channel's followers or subscribers), not the
    // IDs of one request: a list split into chunks reports it once. Without one, the paginator counts.
    total: (first) => Promise.resolve(typeof first.raw.total === 'number' ? first.raw.total : undefined),
  };
  return new Paginator(source);
}
