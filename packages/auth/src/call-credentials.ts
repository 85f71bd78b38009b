import { PlatformAuthError, PlatformScopeError, type CallTarget, type Credential, type CredentialRequest } from '@platform/core';
import { missingActingUserError, noTokenError, type ClientCore } from '@platform/core/internal';
import type { AppTokenSource } from './app-token';
import type { TokenRefresh } from './token-refresh';
import type { UserToken } from './token-store';
import { credentialOf, type UserRegistry } from './user-registry';
import { SharedValidation } from './validate-revoke';

/**
 * The token of each call (the authenticator port of core): the identity it names or implies, the
 * scope check, renewal before expiry, and what a 401 leads to (a renewed token, or the error that
 * removed its user).
 */
export class CallCredentials {
  readonly #core: ClientCore;
  readonly #users: UserRegistry;
  readonly #renewal: TokenRefresh;
  readonly #app: AppTokenSource;
  readonly #validation: SharedValidation;

  constructor(core: ClientCore, users: UserRegistry, renewal: TokenRefresh, app: AppTokenSource) {
    this.#core = core;
    this.#users = users;
    this.#renewal = renewal;
    this.#app = app;
    this.#validation = new SharedValidation(core);
  }

  /** The credential of a call about to be sent. */
  async credential(request: CredentialRequest): Promise<Credential> {
    await this.#users.load();
    const { target, params, as } = request;
    const call = `${target.method} ${target.path}`;
    if (as === 'app') {
      if (target.token === 'user') throw new PlatformAuthError(`${call} only accepts a user access token: the app token cannot be used for it.`);
      if (!this.#core.clientSecret) throw new PlatformAuthError('A clientSecret is required to get an app access token.');
      return this.#appCredential(target, params);
    }
    if (as !== undefined) {
      // A user's token would get the platform's 401: refused unsent, naming the token needed.
      if (target.token === 'app') throw new PlatformAuthError(`${call} only accepts an app access token: a user's token cannot be used for it (asked to act as user ${as}).`, { userId: as });
      const token = this.#users.get(as);
      if (!token) throw new PlatformAuthError(`No token is registered for user ${as}. Add it with client.auth.addUser().`, { userId: as });
      return this.#userCredential(token, target);
    }
    if (target.token === 'app') {
      if (!this.#core.clientSecret) throw noTokenError(target);
      return this.#appCredential(target, params);
    }
    const field = target.actingUser;
    const named = field ? params[field] : undefined;
    const count = this.#users.size;
    if (typeof named === 'string') {
      const token = this.#users.get(named);
      if (token) return this.#userCredential(token, target);
      // The acting user is not registered: an either-token call goes out with the app token.
      if (target.token === 'either' && this.#core.clientSecret) return this.#appCredential(target, params);
      if (count === 0) throw noTokenError(target);
      throw new PlatformAuthError(`${call} needs the token of user ${named}, which is not registered. Add it with client.auth.addUser() or choose a user with { as: userId }.`, { userId: named });
    }
    if (count === 1) return this.#userCredential(this.#users.tokens().next().value!, target);
    if (target.token === 'user') {
      if (count === 0) throw noTokenError(target);
      throw new PlatformAuthError(`${call} needs a user access token and several users are registered. Choose one with { as: userId } or client.as(userId).`);
    }
    if (count > 1) {
      if (field && !target.actingUserOptional) {
        throw new PlatformAuthError(`${call} does not say who is acting and several users are registered. Set ${field}, or choose a user with { as: userId } or client.as(userId).`);
      }
      if (!this.#core.clientSecret) throw new PlatformAuthError(`${call} can use a user token, but several users are registered. Choose one with { as: userId } or client.as(userId).`);
      return this.#appCredential(target, params);
    }
    if (!this.#core.clientSecret) throw noTokenError(target);
    return this.#appCredential(target, params);
  }

  /** After a call's 401: the credential to send it again with, or undefined when the token is still valid (the 401 stands). */
  async unauthorized(credential: Credential, request: CredentialRequest): Promise<Credential | undefined> {
    if (credential.kind === 'app') {
      // Another call may have renewed it meanwhile.
      const kept = this.#app.accessToken;
      if (kept !== undefined && kept !== credential.accessToken) return this.#appCredential(request.target, request.params);
      if (await this.#validation.isValid(credential.accessToken)) return undefined;
      this.#app.drop(credential.accessToken);
      return this.#appCredential(request.target, request.params);
    }
    const userId = credential.userId!;
    // What happened to the user meanwhile decides, so it is read again after every wait: the
    // validation below may answer after another call's refresh has renewed the token, been
    // refused (the user is then gone), or failed for a while.
    const before = this.#decide(userId, credential);
    if (before) return before;
    // A refresh under way was started for this very token (a 401 or its expiry): share it.
    const pending = this.#renewal.pending(userId);
    if (pending) return credentialOf(await pending);
    if (await this.#validation.isValid(credential.accessToken)) return undefined;
    const after = this.#decide(userId, credential);
    if (after) return after;
    const current = this.#users.get(userId)!;
    if (!current.refreshToken) {
      const error = new PlatformAuthError(
        `The access token of user ${userId} is no longer valid and there is no refresh token to renew it. The user has to authorize the app again.`,
        { userId },
      );
      await this.#users.forget(userId, undefined, error);
      this.#users.invalid(userId, error);
      throw error;
    }
    return credentialOf(await this.#renewal.refresh(userId, current));
  }

  /**
   * The outcome of a user call's 401 that needs no request: the user's newer token (another call
   * renewed it), the removal's error (the user is gone), or the error of a refresh that failed
   * for a while within the last 250 ms. Undefined when the token the call
   * used is still the user's current one, so it must be checked and perhaps renewed.
   */
  #decide(userId: string, credential: Credential): Credential | undefined {
    const current = this.#users.get(userId);
    if (!current) {
      if (!this.#users.wasRemoved(userId)) throw new PlatformAuthError(`No token is registered for user ${userId}.`, { userId });
      throw this.#users.removal(userId) ?? new PlatformAuthError(`User ${userId} was removed, so their token cannot be renewed.`, { userId });
    }
    if (current.accessToken !== credential.accessToken) return credentialOf(current);
    // The token was found dead moments ago and its refresh failed for a while: this call
    // shares that failure, without validating or refreshing again (see refreshFailureHoldMs).
    const held = this.#renewal.held(userId, current.refreshToken);
    if (held) throw held.error;
    return undefined;
  }

  async #userCredential(token: UserToken, target: CallTarget): Promise<Credential> {
    if (target.scopes.length > 0 && !target.scopes.some((scope) => token.scopes.includes(scope))) {
      throw new PlatformScopeError({ required: target.scopes, granted: token.scopes, userId: token.userId, method: target.method, path: target.path });
    }
    if (token.refreshToken && this.#renewal.expiringSoon(token)) return this.#renewal.renewedCredential(token);
    return credentialOf(token);
  }

  async #appCredential(target: CallTarget, params: Readonly<Record<string, unknown>>): Promise<Credential> {
    // A call that cannot name its acting user fails before an app token is even requested.
    const field = target.actingUser;
    if (field && !target.actingUserOptional && params[field] === undefined) throw missingActingUserError(target, 'app');
    const app = await this.#app.get();
    return { kind: 'app', accessToken: app.accessToken, bucket: 'app' };
  }
}
