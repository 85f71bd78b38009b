import type { Authenticator } from './authenticator';
import type { ClientCore } from './client-core';
import { PlatformError } from './errors/platform-error';
import type { RequestOptions } from './types';

/** Where a client keeps its core and the default options of its view (`client.as()`). */
export const clientInternals: unique symbol = Symbol.for('platform.client.internals') as never;

/**
 * Who a call goes out as: the Client-Id it sends and the authenticator that gives its token. A
 * client's core is its own identity; an extension JWT client (`extensionJwtClient()`) has the
 * extension's.
 */
export interface Identity {
  /** The Client-Id header of the view's calls. */
  readonly clientId: string;
  /** Gives the token of each call (and renews it after a 401, if it can). */
  readonly authenticator: Authenticator;
}

/**
 * What a client, or a view of one, is made of: the shared core, the view's default request
 * options (`client.as()` sets `as`), and the identity of a view that calls as another application.
 */
export interface ClientView {
  /** The shared core: settings, transport, buckets, events. */
  readonly core: ClientCore;
  /** Options every call of the view starts from. */
  readonly defaults: RequestOptions;
  /** Who the view's calls go out as; the core's own identity when absent. */
  readonly identity?: Identity | undefined;
}

/** Anything standalone operations accept as their first argument. */
export interface ClientHandle {
  /**
   * The client's core and its view's default options, read by the packages built on core.
   * @internal
   */
  readonly [clientInternals]: ClientView;
}

/** Reads the core and the view's default options of a client (the first argument of an operation). */
export function internalsOf(client: ClientHandle): ClientView {
  const internals = (client as Partial<ClientHandle> | undefined)?.[clientInternals];
  if (!internals) throw new PlatformError('Expected a client made by createClient() or new Platform().');
  return internals;
}
