import { PlatformError, type ParamKind } from '@platform/core';
import { isIdList } from '@platform/core/internal';

/**
 * ID lists that the platform counts together against one maximum per request (`users`: `id` and
 * `login`, 100 in all; `games`: `id`, `name` and `igdb_id`, 100 in all). Each list must be an ID
 * or a list of IDs (non-empty strings), with the messages of core's `idsParam`. The kind has no
 * split of its own, so core's operation runner counts the values of every parameter of this kind
 * with `chunk` together: when they hold more than `chunk` values, the call is split into requests
 * of at most `chunk` values, taken in the order of the declaration and then of each list, and the
 * results are joined in that order. Core's `idsParam` splits one list alone, which would still let
 * two lists of 100 together go over the platform's maximum.
 *
 * Only for an operation whose parameters are these lists and nothing else: a split request carries
 * its share of them alone (the operations' tests hold them to that). It is kept this small on
 * purpose (a bundle of `createClient` and `users` stays no larger than one of two chat calls), with its own
 * check rather than `idsParam.check`, which would bring core's single-list split into the bundle.
 */
export const combinedIdsParam: ParamKind = {
  name: 'ids',
  check(_spec, value) {
    const list = typeof value === 'string' ? [value] : value;
    // `isIdList` reads every index: a hole (`[, '1']`) is no ID.
    if (!Array.isArray(list) || !isIdList(list)) return 'must be an ID or a list of IDs (non-empty strings)';
    return list.length ? undefined : 'must hold at least one ID';
  },
};

/** `a, b or c`. */
function listOr(keys: readonly string[]): string {
  return keys.length === 1 ? keys[0]! : `${keys.slice(0, -1).join(', ')} or ${keys[keys.length - 1]!}`;
}

function given(params: unknown, keys: readonly string[]): string[] {
  if (typeof params !== 'object' || params === null) return [];
  const record = params as Record<string, unknown>;
  return keys.filter((key) => record[key] !== undefined);
}

/**
 * Refuses a call that sets none of `keys` (the platform needs at least one), before anything is
 * sent. Anything that is not an object is left to the declaration's own check.
 */
export function needOneOf(operation: string, params: unknown, keys: readonly string[]): void {
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return;
  if (given(params, keys).length === 0) throw new PlatformError(`${operation} needs at least one of the parameters ${listOr(keys)}.`);
}

/** Refuses a call that sets none of `keys` or more than one of them (the platform takes exactly one). */
export function needExactlyOneOf(operation: string, params: unknown, keys: readonly string[]): void {
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return;
  const set = given(params, keys);
  if (set.length === 0) throw new PlatformError(`${operation} needs one of the parameters ${listOr(keys)}.`);
  if (set.length > 1) {
    const record = params as Record<string, unknown>;
    const [first, second] = set as [string, string];
    throw new PlatformError(
      `The parameter ${first} of ${operation} cannot be combined with ${second}; got ${first} ${JSON.stringify(record[first])} and ${second} ${JSON.stringify(record[second])}.`,
    );
  }
}

/**
 * The `data` of an answer whose `data` is one object rather than a list (the extension slots).
 * Its absence is an error, as for any operation that returns one record.
 */
export function dataObjectOf<T extends object>(answer: { data?: T } | undefined, operation: { readonly method: string; readonly path: string }): T {
  const data = answer?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new PlatformError(`${operation.method} ${operation.path} returned no data.`);
  return data;
}
