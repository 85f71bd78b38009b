import { HttpError, reasonOf, type MockResponse } from './http';

/*
 * # One table of controls
 *
 * A control is what a test (or a script, or another language) does to the fake platform that no
 * API call does: a viewer votes in a poll, a stream goes live, an event is triggered. Each control
 * is declared ONCE, as a row of its group's control table, and both forms are made from that row:
 *
 * - the in-process method, `mock.polls.vote(broadcasterId, vote)` (`bindControls(table, state)`
 *   builds the group's object; its type is the group's control interface, so TypeScript checks
 *   that the table has a row for every method, with a matching `run`);
 * - the HTTP endpoint `POST /mock/polls.vote` with the parameters as a JSON object
 *   (`{"broadcasterId":"1","user_id":"2","choice_id":"3"}`) and the result as JSON; `GET` is
 *   allowed for controls that only read and take no parameters. `GET /mock/` lists every control.
 *
 * A row:
 *
 * ```ts
 * vote: {
 *   params: ['broadcasterId: string', '...vote: PollVote { user_id, choice_id, channel_points_votes? }'],
 *   does: "A viewer votes in the channel's active poll; returns the poll.",
 *   run: (polls, broadcasterId, vote) => polls.vote(broadcasterId, vote),
 * },
 * ```
 *
 * - The row's key is the control's name; over HTTP it is `<group>.<name>` (`name` in the row
 *   overrides the whole HTTP name, as `users.add` does for `mock.addUser`).
 * - `params` has one text per parameter of the method, in order (the compiler checks the count):
 *   `'name: type'`, `'name?: type'` when it may be left out, and `'...name: type'` for a last
 *   object parameter whose fields are the body's other fields (so `POST /mock/users.add` takes
 *   `{"login":"x"}`, not `{"user":{"login":"x"}}`). Over HTTP a parameter of type `string`,
 *   `number` or `boolean` is checked, and one of quoted strings (`'extension' | 'game'`), as are
 *   the fields a rest parameter's `{ ... }` names without `?`; a body field that names no
 *   parameter is refused. A result's Maps are answered as objects and its Sets as arrays.
 * - `does`: one line, shown in the index.
 * - `run(state, ...args)`: the control, given the group's state: it must not hold state in a
 *   closure of its own. Its result is the in-process result, and the HTTP answer (as JSON,
 *   `undefined` as `null`).
 * - `reads: true` for a control that only reads (its HTTP form also answers `GET` when it needs no
 *   parameters).
 * - `json(state, ...args)` when the in-process result cannot be JSON (a function): `mock.fault()`
 *   returns a remover in-process; over HTTP `faults.add` answers `{ id }` and the group's extra
 *   row `faults.remove` takes it. Extra rows (`httpOnly` of `serveGroup()`) serve what is not a
 *   method in-process: such a remover, or a property (`hypeTrain.cooldownMs` to read,
 *   `hypeTrain.setCooldownMs` to change); each names the in-process member it serves (`of`).
 *
 * ## A group: `<group>Routes` + `<Group>State` + `<group>Controls`
 *
 * Each group's file holds (polls and predictions show the shape):
 *
 * - `class PollsState`: everything the group keeps (its maps, its deadlines), the helpers its
 *   routes share, and the controls' logic as methods;
 * - `pollsRoutes: readonly RouteRow<PollsState>[]`: the group's Helix routes as data; each handler
 *   receives the state as its second argument (`handle: (call, polls) => ...`), nothing in a
 *   closure; `registerRoutes(router, context, pollsRoutes, polls)` registers them;
 * - `pollsControls: ControlTable<PollsState, PollsControl>`: the group's controls.
 *
 * The wiring file (`engagement-groups.ts`) makes the state, registers the routes, binds the
 * controls for `MockPlatform` (`bindControls(pollsControls, polls)`) and hands the table to the
 * `/mock/` server (`serveGroup('polls', 'polls', pollsControls, polls)`).
 */

/** A function, as a control's type is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- method parameter types vary: `never[]` would not give `Parameters<F>` back.
export type ControlFunction = (...args: any[]) => unknown;

/** The methods of a control interface (its properties left out). */
export type ControlMethods<C> = { [K in keyof C as C[K] extends ControlFunction ? K : never]: C[K] };

/** One text per parameter of a method, in order: `'name: type'`, `'name?: type'`, `'...name: type'`. */
export type ParamTexts<P extends readonly unknown[]> = { readonly [I in keyof P]-?: string };

/** A control, declared once: its HTTP form and its in-process method are made from it. */
export interface ControlRow<S, F extends ControlFunction> {
  /** One text per parameter (see the file's comment). */
  readonly params: ParamTexts<Parameters<F>>;
  /** What it does, in one line. */
  readonly does: string;
  /** It only reads: `GET` serves it too when it needs no parameters. */
  readonly reads?: boolean;
  /** The HTTP name when it is not `<group>.<key>` (`users.add` for `mock.addUser`). */
  readonly name?: string;
  /** The control, given the group's state. */
  readonly run: (state: S, ...args: Parameters<F>) => ReturnType<F>;
  /** The HTTP answer when `run`'s result is not JSON (a remover...). */
  readonly json?: (state: S, ...args: Parameters<F>) => unknown;
}

/** A group's controls: one row per method of the control interface `C`, over the state `S`. */
export type ControlTable<S, C> = {
  readonly [K in keyof ControlMethods<C>]: ControlMethods<C>[K] extends ControlFunction ? ControlRow<S, ControlMethods<C>[K]> : never;
};

/** A row served over HTTP only: a property of the in-process object, or what serves a returned remover. */
export interface HttpOnlyRow<S> {
  readonly params: readonly string[];
  readonly does: string;
  readonly reads?: boolean;
  readonly name?: string;
  /** The in-process member it serves (a property's name, or the method whose result it takes). */
  readonly of: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked at the HTTP edge, by the control itself.
  readonly run: (state: S, ...args: any[]) => unknown;
}

/**
 * The in-process object of a table: each method calls its row's `run` with the state; each of
 * `properties` (`['countdownMs']`) is the state's own property, read and written through.
 */
export function bindControls<S, C, P extends keyof C & keyof S & string = never>(table: ControlTable<S, C>, state: S, properties: readonly P[] = []): ControlMethods<C> & Pick<C, P> {
  const bound: Record<string, unknown> = {};
  for (const [key, row] of Object.entries(table) as [string, ControlRow<S, ControlFunction>][]) {
    bound[key] = (...args: unknown[]) => row.run(state, ...args);
  }
  // A property of the interface (`mock.raids.countdownMs`) reads and writes the state's own, so a
  // check the state makes on a write holds in-process as over HTTP (its `httpOnly` rows).
  for (const name of properties) {
    Object.defineProperty(bound, name, {
      enumerable: true,
      get: () => state[name],
      set: (value: S[P]) => {
        state[name] = value;
      },
    });
  }
  return bound as ControlMethods<C> & Pick<C, P>;
}

/** One parameter of a control, as the index shows it. */
export interface ParamInfo {
  /** The name: the JSON body's field (or, for `rest`, the body's other fields). */
  readonly name: string;
  /** A short type or description. */
  readonly type: string;
  /** It may be left out. */
  readonly optional: boolean;
  /** The parameter is the body's other fields, not one of them. */
  readonly rest: boolean;
}

/** One control of the index (`GET /mock/`, `mockControls(mock)`). */
export interface ControlInfo {
  /** `polls.vote` */
  readonly name: string;
  /** What it does. */
  readonly does: string;
  /** Its parameters, in order. */
  readonly params: readonly ParamInfo[];
  /** `GET` for a control that only reads and needs no parameters (`POST` works too), else `POST`. */
  readonly method: 'GET' | 'POST';
  /** `/mock/polls.vote` */
  readonly path: string;
  /** The in-process form it serves: `mock.polls.vote`, `mock.addUser`, `mock.requests`. */
  readonly inProcess: string;
  /**
   * It is no method in-process: it reads or sets a property (`requests.list`), or takes what a
   * method returned (`faults.remove`).
   */
  readonly httpOnly: boolean;
}

/** A group's rows and state, as the `/mock/` server holds them. */
export interface ServedGroup {
  readonly infos: readonly ControlInfo[];
  readonly calls: ReadonlyMap<string, (body: Record<string, unknown>) => unknown>;
}

/**
 * Serves a table over HTTP: `group` is the HTTP prefix (`polls`), `on` the in-process path of the
 * bound object (`polls`, `eventsub`, or `''` for controls on the mock itself).
 */
export function serveGroup<S, C>(group: string, on: string, table: ControlTable<S, C>, state: S, httpOnly: Record<string, HttpOnlyRow<S>> = {}): ServedGroup {
  const infos: ControlInfo[] = [];
  const calls = new Map<string, (body: Record<string, unknown>) => unknown>();
  const add = (key: string, row: HttpOnlyRow<S> | ControlRow<S, ControlFunction>, of: string, httpOnly: boolean, answer: (args: unknown[]) => unknown) => {
    const name = row.name ?? `${group}.${key}`;
    const params = row.params.map(parseParam);
    infos.push({ name, does: row.does, params, method: row.reads && params.every((param) => param.optional) ? 'GET' : 'POST', path: `/mock/${name}`, inProcess: on ? `mock.${on}.${of}` : `mock.${of}`, httpOnly });
    calls.set(name, (body) => answer(argumentsOf(name, params, body)));
  };
  for (const [key, row] of Object.entries(table) as [string, ControlRow<S, ControlFunction>][]) {
    add(key, row, key, false, (args) => (row.json ?? row.run)(state, ...args));
  }
  for (const [key, row] of Object.entries(httpOnly)) add(key, row, row.of, true, (args) => row.run(state, ...args));
  return { infos, calls };
}

function parseParam(text: string): ParamInfo {
  const match = /^(\.\.\.)?([A-Za-z_]\w*)(\?)?:\s*(.+)$/s.exec(text);
  if (!match) throw new Error(`A control parameter is written 'name: type', not '${text}'.`);
  return { name: match[2]!, type: match[4]!.trim(), optional: match[3] === '?', rest: match[1] !== undefined };
}

const PRIMITIVES = new Set(['string', 'number', 'boolean']);

/**
 * The fields a rest parameter's type text requires: the top-level names of its first `{ ... }`
 * without `?` (`{ login, id?, display_name? }` requires `login`).
 */
function requiredFields(type: string): string[] {
  const open = type.indexOf('{');
  if (open < 0) return [];
  const pieces: string[] = [];
  let depth = 0;
  let piece = '';
  for (const char of type.slice(open + 1)) {
    if (depth === 0 && (char === ',' || char === '}')) {
      pieces.push(piece);
      piece = '';
      if (char === '}') break;
      continue;
    }
    if (char === '{' || char === '[' || char === '(') depth++;
    if (char === '}' || char === ']' || char === ')') depth--;
    piece += char;
  }
  return pieces.flatMap((each) => {
    const match = /^\s*([A-Za-z_]\w*)(\?)?/.exec(each);
    return match && !match[2] ? [match[1]!] : [];
  });
}

/** The strings of a type written as a union of quoted strings (`'a' | 'b'`); undefined for any other type. */
function literalChoices(type: string): string[] | undefined {
  const pieces = type.split('|').map((each) => each.trim());
  if (!pieces.every((each) => /^'[^']*'$/.test(each))) return undefined;
  return pieces.map((each) => each.slice(1, -1));
}

/**
 * A control's result as JSON: a Map becomes an object (an array of `[key, value]` pairs when a key
 * is not a string or number), a Set an array, so that what a state keeps in them is not lost as `{}`.
 */
function resultJson(result: unknown): string {
  return JSON.stringify(result ?? null, (_key, value: unknown): unknown => {
    if (value instanceof Set) return [...(value as Set<unknown>)];
    if (value instanceof Map) {
      const entries = [...(value as Map<unknown, unknown>).entries()];
      return entries.every(([key]) => typeof key === 'string' || typeof key === 'number') ? Object.fromEntries(entries as [PropertyKey, unknown][]) : entries;
    }
    return value;
  });
}

/** The positional arguments of a call from its JSON body; HttpError 400 for a missing, unknown or mistyped parameter. */
function argumentsOf(control: string, params: readonly ParamInfo[], body: Record<string, unknown>): unknown[] {
  const named = new Set(params.filter((param) => !param.rest).map((param) => param.name));
  const rest = params.find((param) => param.rest);
  if (!rest) {
    const unknown = Object.keys(body).find((key) => !named.has(key));
    if (unknown !== undefined) {
      const takes = params.length === 0 ? 'it takes no parameters' : `it takes ${params.map((param) => param.name).join(', ')}`;
      throw new HttpError(400, `Unknown parameter "${unknown}" of ${control}: ${takes}.`);
    }
  }
  return params.map((param) => {
    let value: unknown;
    if (param.rest) {
      const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !named.has(key)));
      value = Object.keys(fields).length === 0 && param.optional ? undefined : fields;
      if (value !== undefined) {
        const missing = requiredFields(param.type).find((field) => fields[field] === undefined || fields[field] === null);
        if (missing !== undefined) throw new HttpError(400, `Missing parameter "${missing}" of ${control} (${param.type}).`);
      }
    } else {
      value = body[param.name];
    }
    if (value === undefined || value === null) {
      if (!param.optional && !(value === null && param.type.includes('null'))) throw new HttpError(400, `Missing parameter "${param.name}" of ${control} (${param.type}).`);
      return value ?? undefined;
    }
    if (PRIMITIVES.has(param.type) && typeof value !== param.type) throw new HttpError(400, `The parameter "${param.name}" of ${control} must be a ${param.type}.`);
    // A union of quoted strings (`'extension' | 'game'`) is checked as such.
    const choices = literalChoices(param.type);
    if (choices && !choices.includes(value as string)) throw new HttpError(400, `The parameter "${param.name}" of ${control} must be one of ${choices.map((each) => `"${each}"`).join(', ')}.`);
    return value;
  });
}

/** Every control of a mock, by HTTP name: the `/mock/` server's table. */
export class ControlServer {
  readonly #calls = new Map<string, (body: Record<string, unknown>) => unknown>();
  readonly #infos: ControlInfo[] = [];

  constructor(groups: readonly ServedGroup[]) {
    for (const group of groups) {
      for (const info of group.infos) {
        if (this.#calls.has(info.name)) throw new Error(`Two controls are named ${info.name}.`);
        this.#calls.set(info.name, group.calls.get(info.name)!);
        this.#infos.push(info);
      }
    }
    this.#infos.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The index, sorted by name. */
  get index(): readonly ControlInfo[] {
    return this.#infos;
  }

  /**
   * Answers a request under `/mock` (`path` with the prefix): the index at `/mock/`, a control at
   * `/mock/<name>`; errors as the Helix error body `{ error, status, message }`.
   */
  async answer(method: string, path: string, text: string): Promise<MockResponse> {
    try {
      const name = path.replace(/^\/mock\/?/, '');
      if (name === '') {
        if (method !== 'GET') throw new HttpError(405, `Method ${method} is not allowed on /mock/: GET it for the index of controls.`);
        return { status: 200, body: { controls: this.#infos } };
      }
      const call = this.#calls.get(name);
      const info = this.#infos.find((each) => each.name === name);
      if (!call || !info) throw new HttpError(404, `No control ${name}: GET /mock/ lists them.`);
      if (method === 'GET' && info.method !== 'GET') throw new HttpError(405, `${name} changes the mock or takes parameters: POST it a JSON object.`);
      if (method !== 'GET' && method !== 'POST') throw new HttpError(405, `Method ${method} is not allowed on /mock/${name}: POST it a JSON object.`);
      let body: unknown = {};
      if (text.trim() !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          throw new HttpError(400, 'The request body is not valid JSON');
        }
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, `The body of ${name} must be a JSON object of named parameters.`);
      let result: unknown;
      try {
        result = await call(body as Record<string, unknown>);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(400, error instanceof Error ? error.message : String(error));
      }
      return { status: 200, body: resultJson(result) };
    } catch (error) {
      const known = error instanceof HttpError ? error : new HttpError(500, 'Internal Server Error');
      return { status: known.status, body: { error: reasonOf(known.status), status: known.status, message: known.message } };
    }
  }
}

const removers = new WeakMap<object, Removers>();

/** The removers kept for a group's state (created on first use). */
export function removersOf(state: object): Removers {
  let kept = removers.get(state);
  if (!kept) removers.set(state, (kept = new Removers()));
  return kept;
}

/** Removers returned in-process (`mock.fault()`), kept by ID for their HTTP form. */
export class Removers {
  readonly #byId = new Map<string, () => void>();
  #next = 1;

  /** Keeps a remover; returns its ID. */
  keep(remove: () => void): { id: string } {
    const id = String(this.#next++);
    this.#byId.set(id, remove);
    return { id };
  }

  /** Runs and forgets the remover of an ID; throws for an unknown ID. */
  remove(id: string): void {
    const remove = this.#byId.get(id);
    if (!remove) throw new Error(`No rule with id ${id}.`);
    this.#byId.delete(id);
    remove();
  }
}
