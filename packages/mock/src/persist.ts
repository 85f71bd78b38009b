import type { MockStateSnapshot } from './state';

/*
 * What a mock keeps across a restart (`mock.snapshot()` / `mock.restore()`, `platform-mock serve
 * --state`): the shared state (`MockState.snapshot()`) and each group's own records. A group's state
 * class says which of its fields hold its records:
 *
 * ```ts
 * export class PollsState implements Persisted {
 *   readonly persisted = { as: 'polls', fields: ['polls', 'voters'] } as const;
 *   readonly polls = new Map<string, PollRecord>();
 *   ...
 *   restored(): void { for (const poll of this.polls.values()) if (poll.status === 'ACTIVE') this.#schedule(poll); }
 * }
 * ```
 *
 * `registerRoutes()` enrols a state that has `persisted` (a state without routes is enrolled with
 * `keep()`). A snapshot copies the fields (Maps, Sets, arrays, plain data; one `structuredClone` for
 * all of a state's fields, so records they share stay shared); a restore copies them back into the
 * same Maps, Sets and arrays (a readonly field is filled, not replaced), then calls `restored()`,
 * where a group arms again what runs on the mock's clock (a poll's end, a raid's countdown).
 * Timers, sockets, listeners and links to other groups are not records: they are not listed.
 */

/** A state whose records a snapshot keeps. */
export interface Persisted {
  /** Its name in a snapshot (`polls`), and the fields that hold its records. */
  readonly persisted: { readonly as: string; readonly fields: readonly string[] };
  /** Called after a restore: arm again what runs on the mock's clock. */
  restored?(): void;
}

/** Everything a mock keeps: what `mock.snapshot()` gives and `mock.restore()` takes. */
export interface MockSnapshot {
  /** The shared state: users, clients, tokens, channels, categories. */
  state: MockStateSnapshot;
  /** Each group's records, by its name (`polls`, `channelPoints`, `eventsub`...). */
  groups: Record<string, Record<string, unknown>>;
}

/** Whether `value` is a state that declares what a snapshot keeps of it. */
export function isPersisted(value: unknown): value is Persisted {
  const persisted = (value as Partial<Persisted> | null | undefined)?.persisted;
  return typeof persisted === 'object' && persisted !== null && typeof persisted.as === 'string' && Array.isArray(persisted.fields);
}

/** The states a mock keeps, by name. */
export class Kept {
  readonly #states = new Map<string, Persisted>();

  /** Enrols a state (once; the same name twice is a mistake of the mock's wiring). */
  keep(state: Persisted): void {
    const { as } = state.persisted;
    const enrolled = this.#states.get(as);
    if (enrolled === state) return;
    if (enrolled) throw new Error(`Two states are kept as ${as}.`);
    this.#states.set(as, state);
  }

  /** The names of the states kept. */
  names(): string[] {
    return [...this.#states.keys()];
  }

  /** A copy of every kept state's records. */
  snapshot(): Record<string, Record<string, unknown>> {
    const groups: Record<string, Record<string, unknown>> = {};
    for (const [as, state] of this.#states) {
      const fields = Object.fromEntries(state.persisted.fields.map((name) => [name, (state as unknown as Record<string, unknown>)[name]]));
      groups[as] = structuredClone(fields);
    }
    return groups;
  }

  /**
   * Throws, naming it, for a group no state is kept as or a field a state does not list; changes
   * nothing.
   */
  check(groups: Record<string, Record<string, unknown>>): void {
    if (typeof groups !== 'object' || groups === null) throw new Error('A snapshot\'s groups are an object of groups by name.');
    for (const [as, fields] of Object.entries(groups)) {
      const state = this.#states.get(as);
      if (!state) throw new Error(`The snapshot holds a group "${as}" that this mock does not keep (it keeps ${this.names().join(', ')}).`);
      if (typeof fields !== 'object' || fields === null) throw new Error(`The snapshot's group "${as}" is not an object of fields.`);
      for (const name of Object.keys(fields)) if (!state.persisted.fields.includes(name)) throw new Error(`The snapshot's group "${as}" has a field "${name}" that the mock does not keep.`);
    }
  }

  /**
   * Puts the records of `groups` back (copies of them) into the states of the same names; a state
   * the snapshot does not name is left as it is.
   *
   * @throws Error for a group no state is kept as, or a field a state does not list.
   */
  restore(groups: Record<string, Record<string, unknown>>): void {
    // Everything checked before anything changes: a bad snapshot leaves the mock as it was.
    this.check(groups);
    for (const [as, fields] of Object.entries(structuredClone(groups))) {
      const state = this.#states.get(as)!;
      const target = state as unknown as Record<string, unknown>;
      for (const name of state.persisted.fields) {
        if (!(name in fields)) continue;
        const value = fields[name];
        const current = target[name];
        if (current instanceof Map && value instanceof Map) {
          current.clear();
          for (const [key, entry] of value) current.set(key, entry);
        } else if (current instanceof Set && value instanceof Set) {
          current.clear();
          for (const entry of value) current.add(entry);
        } else if (Array.isArray(current) && Array.isArray(value)) {
          current.length = 0;
          current.push(...(value as unknown[]));
        } else {
          target[name] = value;
        }
      }
      state.restored?.();
    }
  }
}

/**
 * A snapshot as JSON can hold them: each Map as `{ "$map": [[key, value]...] }` and each Set as
 * `{ "$set": [...] }` (what `platform-mock serve --state` writes, and `GET /mock/snapshot` answers).
 */
export function taggedJson(value: unknown): unknown {
  if (value instanceof Map) return { $map: [...(value as Map<unknown, unknown>)].map(([key, entry]) => [taggedJson(key), taggedJson(entry)]) };
  if (value instanceof Set) return { $set: [...(value as Set<unknown>)].map(taggedJson) };
  if (Array.isArray(value)) return value.map(taggedJson);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, taggedJson(entry)]));
  return value;
}

/** The other way: `{ "$map": ... }` and `{ "$set": ... }` become Maps and Sets again (real ones are kept). */
export function untaggedJson(value: unknown): unknown {
  if (value instanceof Map || value instanceof Set) return value;
  if (Array.isArray(value)) return value.map(untaggedJson);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const tagged = value as { $map?: unknown; $set?: unknown };
  if (keys.length === 1 && keys[0] === '$map' && Array.isArray(tagged.$map)) return new Map((tagged.$map as [unknown, unknown][]).map(([key, entry]) => [untaggedJson(key), untaggedJson(entry)]));
  if (keys.length === 1 && keys[0] === '$set' && Array.isArray(tagged.$set)) return new Set((tagged.$set as unknown[]).map(untaggedJson));
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, untaggedJson(entry)]));
}
