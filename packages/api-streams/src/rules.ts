// Rules of this group's parameter lists that one parameter's spec cannot say (which parameters go
// together), and the kind of a duration written as a string. Internal: not exported by the package.
import { PlatformError, type ParamKind, type ParamSpec } from '@platform/core';

type Params = Readonly<Record<string, unknown>>;

/**
 * The parameters object (none given: an empty one), or undefined when it is not an object: the
 * operation runner refuses that with its own message.
 */
function asParams(params: unknown): Params | undefined {
  if (params === undefined) return {};
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Params) : undefined;
}

/** `a`, `a and b`, `a, b and c` (or `or`). */
function list(names: readonly string[], word: 'and' | 'or'): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${word} ${names.at(-1)!}`;
}

/**
 * Refuses a call that gives none or several of `keys` where the platform takes exactly one, and
 * returns the one given.
 */
export function checkExactlyOne(operation: string, params: unknown, keys: readonly string[]): string | undefined {
  const given = asParams(params);
  if (!given) return undefined;
  const present = keys.filter((key) => given[key] !== undefined);
  if (present.length === 1) return present[0];
  throw new PlatformError(`${operation} needs exactly one of the parameters ${list(keys, 'and')}; got ${present.length === 0 ? 'none of them' : list(present, 'and')}.`);
}

/**
 * Refuses `key` in a call whose selecting parameter (`selector`, the one of several given) is not
 * one of `companions`: the platform takes `key` only along with them.
 */
export function checkOnlyWith(operation: string, params: unknown, key: string, companions: readonly string[], selector: string | undefined): void {
  const given = asParams(params);
  if (!given || given[key] === undefined || selector === undefined || companions.includes(selector)) return;
  throw new PlatformError(`The parameter ${key} of ${operation} applies only with ${list(companions, 'or')}; got it with ${selector}.`);
}

/**
 * Refuses a list longer than `max` given together with `other`: the long list is split into
 * requests of `max`, and `other` would go with every one of them, repeating its results.
 */
export function checkSplitAlone(operation: string, params: unknown, keys: readonly [string, string], max: number): void {
  const given = asParams(params);
  if (!given || keys.some((key) => given[key] === undefined)) return;
  const sizes = keys.map((key) => (Array.isArray(given[key]) ? (given[key] as unknown[]).length : 1));
  if (sizes.every((size) => size <= max)) return;
  throw new PlatformError(
    `The parameters ${keys[0]} and ${keys[1]} of ${operation} cannot be given together when one holds more than ${max} entries (a longer list is split into requests of ${max}); got ${sizes[0]} and ${sizes[1]}.`,
  );
}

/**
 * A number of minutes written as a whole number in a string (`'60'`), as the platform takes a
 * schedule segment's `duration`; within `min` to `max`.
 */
export const minutesParam: ParamKind = { name: 'string', check: checkMinutes };

function checkMinutes(spec: ParamSpec, value: unknown): string | undefined {
  const range = `from ${String(spec.min)} to ${String(spec.max)} minutes`;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return `must be a whole number of minutes written as a string, ${range} (for example "60")`;
  const minutes = Number(value);
  return (spec.min !== undefined && minutes < spec.min) || (spec.max !== undefined && minutes > spec.max) ? `must be ${range}` : undefined;
}
