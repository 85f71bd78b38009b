import { PlatformAuthError } from '@platform/core';
import type { ClientCore } from '@platform/core/internal';
import type { AppToken } from './auth-api';
import { requestAppToken } from './oauth';
import { renewMargin } from './token-refresh';

/**
 * The application's token (client credentials; needs the clientSecret): requested on demand, one
 * request at a time, and kept until it expires within the renewal margin or is found dead.
 */
export class AppTokenSource {
  readonly #core: ClientCore;
  #app: AppToken | undefined;
  #appPending: Promise<AppToken> | undefined;

  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** The access token kept now, if any. */
  get accessToken(): string | undefined {
    return this.#app?.accessToken;
  }

  /** Forgets the kept token when it is `accessToken` (a 401 found it dead): the next call requests another. */
  drop(accessToken: string): void {
    if (this.#app?.accessToken === accessToken) this.#app = undefined;
  }

  /** The app token, kept or requested now: `client.auth.appToken()`. */
  get(): Promise<AppToken> {
    const secret = this.#core.clientSecret;
    if (!secret) return Promise.reject(new PlatformAuthError('A clientSecret is required to get an app access token.'));
    const app = this.#app;
    if (app && (app.expiresAt === undefined || app.expiresAt - this.#core.clock.now() >= renewMargin)) return Promise.resolve({ ...app });
    this.#appPending ??= requestAppToken(this.#core, secret)
      .then((grant) => {
        this.#app = { accessToken: grant.accessToken, expiresAt: grant.expiresIn ? this.#core.clock.now() + grant.expiresIn * 1000 : undefined };
        return { ...this.#app };
      })
      .finally(() => {
        this.#appPending = undefined;
      });
    return this.#appPending;
  }
}
