import { PlatformError, type Authenticator, type ClientHandle } from '@platform/core';
import { clientCore, type ClientCore } from '@platform/core/internal';
import type { AuthApi } from './auth-api';
import { AuthManager } from './auth-manager';
import { MemoryTokenStore, type TokenStore } from './token-store';

/** Options of `platformAuth()`. */
export interface PlatformAuthOptions {
  /** Where registered users' tokens are kept. Default: in memory. */
  tokens?: TokenStore | undefined;
  /**
   * How long (ms), after the platform refused a refresh token, to watch a store that has no lock
   * for a newer token written by another process before declaring the user's authorization dead.
   * Default 2000. Stores with a lock need no watching.
   */
  recheckStoreMs?: number | undefined;
}

const managers = new WeakMap<ClientCore, AuthManager>();

/**
 * The authenticator with registered users, the app token and refresh, for `createClient()`.
 * `authOf(client)` then gives `client.auth`.
 *
 * @example
 * const client = createClient({ clientId, clientSecret, authenticator: platformAuth({ tokens }) });
 * await authOf(client).addUser(accessToken);
 */
export function platformAuth(options: PlatformAuthOptions = {}): (core: ClientCore) => Authenticator {
  return (core) => {
    const manager = new AuthManager(core, options.tokens ?? new MemoryTokenStore(), options.recheckStoreMs);
    managers.set(core, manager);
    return manager;
  };
}

/** `client.auth` of a client made with `platformAuth()`. */
export function authOf(client: ClientHandle): AuthApi {
  const manager = managers.get(clientCore(client));
  if (!manager) throw new PlatformError('This client was made without @platform/auth: pass authenticator: platformAuth() to createClient().');
  return manager.api;
}
