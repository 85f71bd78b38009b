import type { ClientCore } from './client-core';
import { PlatformError } from './errors/platform-error';
import type { RequestOptions } from './types';

/** Where a client keeps its core and the default options of its view (`client.as()`). */
export const clientInternals: unique symbol = Symbol.for('platform.client.internals') as never;

/** Anything standalone operations accept as their first argument. */
export interface ClientHandle {
  /**
   * The client's core and its view's default options, read by the packages built on core.
   * @internal
   */
  readonly [clientInternals]: { readonly core: ClientCore; readonly defaults: RequestOptions };
}

/** Reads the core and the view's default options of a client (the first argument of an operation). */
export function internalsOf(client: ClientHandle): ClientHandle[typeof clientInternals] {
  const internals = (client as Partial<ClientHandle> | undefined)?.[clientInternals];
  if (!internals) throw new PlatformError('Expected a client made by createClient() or new Platform().');
  return internals;
}
