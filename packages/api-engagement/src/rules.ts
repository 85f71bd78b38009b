// Rules of this package's parameters that one parameter's spec cannot say: which parameters go
// together, and the kind of a list of titled items (poll choices, prediction outcomes). Internal:
// not exported by the package.
import { PlatformError, type ParamKind, type ParamSpec } from '@platform/core';
import { characterCount } from '@platform/core/internal';

type Params = Readonly<Record<string, unknown>>;

/**
 * The parameters object (none given: an empty one), or undefined when it is not an object: the
 * operation runner refuses that with its own message.
 */
function asParams(params: unknown): Params | undefined {
  if (params === undefined) return {};
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Params) : undefined;
}

/**
 * Refuses a call that leaves out `key` while `when` has the value `value` (or, with `value`
 * undefined, while `when` is left out too): the platform needs `key` then.
 */
export function checkNeededWhen(operation: string, params: unknown, key: string, when: string, value?: string | boolean): void {
  const given = asParams(params);
  if (!given || given[key] !== undefined) return;
  if (value === undefined) {
    if (given[when] === undefined) throw new PlatformError(`${operation} needs the parameter ${key} when ${when} is not given.`);
    return;
  }
  if (given[when] === value) throw new PlatformError(`${operation} needs the parameter ${key} when ${when} is ${JSON.stringify(value)}.`);
}

/**
 * Refuses `key` in a call where `when` is not `value` (with `value` undefined: where `when` is
 * left out): the platform takes `key` only along with it.
 */
export function checkOnlyWith(operation: string, params: unknown, key: string, when: string, value?: string | boolean): void {
  const given = asParams(params);
  if (!given || given[key] === undefined) return;
  if (value === undefined) {
    if (given[when] === undefined) throw new PlatformError(`The parameter ${key} of ${operation} applies only with ${when}; got it without.`);
    return;
  }
  if (given[when] !== value) {
    const got = given[when] === undefined ? `no ${when}` : `${when} ${JSON.stringify(given[when])}`;
    throw new PlatformError(`The parameter ${key} of ${operation} applies only when ${when} is ${JSON.stringify(value)}; got ${got}.`);
  }
}

/**
 * Refuses `key` in a call that also gives `other`: the platform takes one or the other (the
 * subscribers named by `user_id` come in one page, so no cursor goes with them).
 */
export function checkNotWith(operation: string, params: unknown, key: string, other: string): void {
  const given = asParams(params);
  if (!given || given[key] === undefined || given[other] === undefined) return;
  throw new PlatformError(`The parameter ${key} of ${operation} cannot be combined with ${other}; got both.`);
}

/**
 * A list of `{ title }` objects (poll choices, prediction outcomes) holding `minLength` to
 * `maxLength` items, each title 1 to `titleLength` characters.
 */
/* @__NO_SIDE_EFFECTS__ */
export function titledItemsParam(titleLength: number): ParamKind {
  return { name: 'array', check: (spec, value) => checkTitledItems(spec, value, titleLength) };
}

function checkTitledItems(spec: ParamSpec, value: unknown, titleLength: number): string | undefined {
  if (!Array.isArray(value)) return 'must be a list of objects with a title';
  if ((spec.minLength !== undefined && value.length < spec.minLength) || (spec.maxLength !== undefined && value.length > spec.maxLength)) {
    return `must hold from ${String(spec.minLength ?? 0)} to ${String(spec.maxLength)} items (it holds ${value.length})`;
  }
  for (const [index, item] of value.entries()) {
    const title = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Params).title : undefined;
    if (typeof title !== 'string') return `must hold objects with a title (a string); item ${index} has none`;
    // Characters as the platform counts them: an emoji is one.
    const length = characterCount(title);
    if (length === 0 || length > titleLength) return `must hold titles of 1 to ${titleLength} characters; the title of item ${index} has ${length}`;
  }
  return undefined;
}
