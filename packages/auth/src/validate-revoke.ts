import { PlatformAuthError } from '@platform/core';
import { hideSecrets, type ClientCore } from '@platform/core/internal';
import { isTokenValid, revokeToken, validationRequest } from './oauth';
import type { UserRegistry } from './user-registry';

// What the platform is asked about a token besides calls: who owns it, whether it still lives
// (after a 401), and to revoke it.

/** Who a user token belongs to, as the platform's validation answer says. */
export interface TokenOwner {
  userId: string;
  login: string | undefined;
  scopes: string[];
  /** Seconds; 0 when the answer gave no lifetime. */
  expiresIn: number;
}

/**
 * Asks the platform who owns a token and checks it is a user token of this application. A dead
 * token is the platform's 401 (a PlatformApiError): unlike a call's 401, nothing can renew it.
 */
export async function tokenOwner(core: ClientCore, accessToken: string): Promise<TokenOwner> {
  const answer = await validationRequest(core, accessToken);
  const info = answer.data as { client_id?: unknown; user_id?: unknown; login?: unknown; scopes?: unknown; expires_in?: unknown };
  if (info.client_id !== core.clientId) {
    // The answer's client ID as the platform gave it, without the token it was asked about should it echo that.
    const quoted = hideSecrets(String(info.client_id), [accessToken]);
    throw new PlatformAuthError(`This token was issued to another application (client ID ${quoted}), so it cannot be used with client ID ${core.clientId}.`);
  }
  if (typeof info.user_id !== 'string' || info.user_id === '') throw new PlatformAuthError('This is an app access token, not a user access token.');
  return {
    userId: info.user_id,
    login: typeof info.login === 'string' ? info.login : undefined,
    scopes: Array.isArray(info.scopes) ? info.scopes.map(String) : [],
    expiresIn: typeof info.expires_in === 'number' ? info.expires_in : 0,
  };
}

/** Whether tokens still live, asked once per access token at a time: the 401s of concurrent calls share it. */
export class SharedValidation {
  /** Dead-token validations under way, one per access token. */
  readonly #validating = new Map<string, Promise<boolean>>();
  readonly #core: ClientCore;

  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** Whether the platform still takes `accessToken`; a validation under way for it is shared. */
  isValid(accessToken: string): Promise<boolean> {
    let pending = this.#validating.get(accessToken);
    if (!pending) {
      pending = isTokenValid(this.#core, accessToken).finally(() => this.#validating.delete(accessToken));
      this.#validating.set(accessToken, pending);
    }
    return pending;
  }
}

/** Revokes a registered user's token (and forgets the user) or a raw token: `client.auth.revoke()`. */
export async function revoke(core: ClientCore, users: UserRegistry, userIdOrToken: string): Promise<void> {
  await users.load();
  const user = users.get(userIdOrToken);
  await revokeToken(core, user ? user.accessToken : userIdOrToken);
  if (user) await users.forget(user.userId, undefined, undefined);
}
