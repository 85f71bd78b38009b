import type { ClientHandle } from '@platform/core';

/** A standalone operation: the client first, then the call's own arguments. */
export type Operation = (client: ClientHandle, ...args: never[]) => unknown;

/**
 * An operation with its client already bound: `client.chat.chatters(params, options)`.
 *
 * The usual shapes, `(params, options?)` and `(params?, options?)`, are written out parameter by
 * parameter so that editors and the API reference show each by name, not as a `...args` tuple.
 * The result sits in parentheses: TypeDoc reads a bare `Result` node as a reference without type
 * arguments and would show `Promise`, not `Promise<SentChatMessage>`.
 */
export type Bound<F> = F extends (client: ClientHandle, ...args: infer Args) => infer Result
  ? Args extends [params: infer Params, options?: infer Options]
    ? (params: Params, options?: Options) => (Result)
    : Args extends [params?: infer Params, options?: infer Options]
      ? (params?: Params, options?: Options) => (Result)
      : (...args: Args) => (Result)
  : never;

/**
 * A group of operations bound to one client (or view of a client).
 * @inline
 */
export type BoundGroup<Group extends Record<string, Operation>> = { readonly [Name in keyof Group]: Bound<Group[Name]> };

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * The group `name` bound to `client`, made once per client or view. A `client.as()` view gets
 * its own bindings, so its calls carry its identity.
 */
export function boundGroup<Group extends Record<string, Operation>>(client: ClientHandle, name: string, group: Group): BoundGroup<Group> {
  let groups = cache.get(client);
  if (!groups) cache.set(client, (groups = new Map<string, unknown>()));
  let bound = groups.get(name) as BoundGroup<Group> | undefined;
  if (!bound) {
    const functions: Record<string, unknown> = {};
    for (const [operation, run] of Object.entries(group)) {
      functions[operation] = (...args: never[]) => run(client, ...args);
    }
    bound = Object.freeze(functions) as BoundGroup<Group>;
    groups.set(name, bound);
  }
  return bound;
}
