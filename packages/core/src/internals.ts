import type { ClientCore } from './client-core';
import type { RequestOptions } from './types';

/** Where a client keeps its core and the default options of its view (`client.as()`). */
export const clientInternals: unique symbol = Symbol.for('platform.client.internals') as never;

/** Anything standalone operations accept as their first argument. */
export interface ClientHandle {
  readonly [clientInternals]: { readonly core: ClientCore; readonly defaults: RequestOptions };
}
