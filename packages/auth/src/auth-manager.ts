import type { Authenticator, Credential, CredentialRequest } from '@platform/core';
import type { ClientCore } from '@platform/core/internal';
import { AppTokenSource } from './app-token';
import type { AuthApi } from './auth-api';
import { CallCredentials } from './call-credentials';
import { deviceCodeFlow } from './device-code';
import { SignIn } from './sign-in';
import { TokenRefresh } from './token-refresh';
import type { TokenStore } from './token-store';
import { UserRegistry } from './user-registry';
import { revoke } from './validate-revoke';

/**
 * Tokens for one client: the registered users (kept in a token store), the app token, the
 * identity of each call, scope checks, renewal before expiry and after a dead token's 401, and
 * refreshes that never send a refresh token twice. Each concern is a module of its own; this class
 * puts them together as core's authenticator and as `client.auth`.
 */
export class AuthManager implements Authenticator {
  readonly #users: UserRegistry;
  readonly #app: AppTokenSource;
  readonly #calls: CallCredentials;
  /** `client.auth`: the registry's, the renewal's, the app token's and the sign-in flows' methods. */
  readonly api: AuthApi;

  constructor(
    core: ClientCore,
    store: TokenStore,
    /** How long, after a refused refresh, to watch a store without a lock for another process's newer token. */
    recheckStoreMs = 2000,
  ) {
    // What the renewal keeps of a user's failed refreshes no longer applies once the user is registered again or forgotten.
    const users = new UserRegistry(core, store, (userId) => renewal.reset(userId));
    const renewal = new TokenRefresh(core, users, store, recheckStoreMs);
    const app = new AppTokenSource(core);
    const signIn = new SignIn(core, users);
    this.#users = users;
    this.#app = app;
    this.#calls = new CallCredentials(core, users, renewal, app);
    this.api = {
      addUser: (token) => users.add(token),
      removeUser: (userId) => users.remove(userId),
      users: () => users.list(),
      appToken: () => app.get(),
      refresh: (userId) => renewal.refreshUser(userId),
      revoke: (target) => revoke(core, users, target),
      authorizeUrl: (options) => signIn.authorizeUrl(options),
      authorizeRequest: (options) => signIn.authorizeRequest(options),
      exchangeCode: (options) => signIn.exchangeCode(options),
      deviceCode: (options) => deviceCodeFlow(core, users, options),
    };
  }

  credential(request: CredentialRequest): Promise<Credential> {
    return this.#calls.credential(request);
  }

  unauthorized(credential: Credential, request: CredentialRequest): Promise<Credential | undefined> {
    return this.#calls.unauthorized(credential, request);
  }

  /**
   * The tokens this manager holds: the app token and each registered user's access and refresh
   * tokens, which core replaces with `[redacted]` in log lines and in error messages (a server
   * that quotes one in its answer). Read only when a line or an error is being made.
   */
  *secrets(): Generator<string | undefined> {
    yield this.#app.accessToken;
    for (const token of this.#users.tokens()) {
      yield token.accessToken;
      yield token.refreshToken;
    }
  }
}
