import {
  PlatformApiError,
  PlatformAuthError,
  PlatformError,
  PlatformScopeError,
  type Authenticator,
  type CallTarget,
  type Credential,
  type CredentialRequest,
} from '@platform/core';
import { authUrlOf, hideSecrets, missingActingUserError, noTokenError, type ClientCore } from '@platform/core/internal';
import { exchangeCodeGrant, isTokenValid, pollDeviceFlow, refreshGrant, requestAppToken, revokeToken, startDeviceFlow, validationRequest, type Grant } from './oauth';
import { randomText, sameText } from './secure-text';
import { copyToken, type TokenStore, type UserToken } from './token-store';

/** A token is renewed when it expires within this margin. */
const renewMargin = 60_000;

/**
 * After a refresh fails for a temporary reason (5xx, network, timeout), its refresh token is not
 * sent again for this long: the upper end of the pipeline's first backoff (125-250 ms). The
 * platform may have spent a single-use refresh token before it failed; sending it again at once,
 * for a call whose 401 arrived a few milliseconds late, would get it refused and the user removed.
 * Calls that need the token within the window fail with the same error, sending nothing.
 */
const refreshFailureHoldMs = 250;

/** A refresh that failed for a temporary reason, and until when its refresh token rests. */
interface HeldFailure {
  readonly refreshToken: string;
  readonly error: unknown;
  readonly until: number;
}

/**
 * A refresh that could not be made because the token store failed before anything was sent (its
 * lock could not be taken, or the token could not be read): what it rejected with, and until when
 * calls whose token is still valid go on with it without trying again (`refreshFailureHoldMs`).
 */
interface StoreFailure {
  readonly error: unknown;
  readonly until: number;
}

/** The app token, as `client.auth.appToken()` gives it. */
export interface AppToken {
  /** The app access token, sent as `Authorization: Bearer`. */
  accessToken: string;
  /** Epoch ms; undefined when the platform gave no lifetime. */
  expiresAt: number | undefined;
}

/** A device code sign-in under way: show `userCode` and `verificationUri`, then `await flow.wait()`. */
export interface DeviceCodeFlow {
  /** The code the user types on the verification page. */
  userCode: string;
  /** The page where the user enters `userCode` and approves the application. */
  verificationUri: string;
  /** Epoch ms after which the code no longer works. */
  expiresAt: number;
  /**
   * Polls until the user approves (resolving with the registered user) or the code expires: at the
   * platform's interval, never more often than every 5 seconds (RFC 8628's default, also when the
   * platform says 0), 5 seconds more after each `slow_down`.
   */
  wait(options?: { signal?: AbortSignal }): Promise<UserToken>;
}

/** Options of `client.auth.authorizeUrl()`. */
export interface AuthorizeUrlOptions {
  /** Must be registered for the application character for character. */
  redirectUri: string;
  /** The scopes to ask the user for; none by default. */
  scopes?: readonly string[];
  /**
   * Opaque; comes back unchanged. Tie a random one to the browser to refuse forged callbacks:
   * `authorizeRequest()` makes one for you, and `exchangeCode()` checks it.
   */
  state?: string;
  /** Show the consent page even when the user already authorized the application. */
  forceVerify?: boolean;
  /**
   * `code` (default) for the authorization code flow; `token` for the implicit flow, which is
   * **legacy**: the access token comes back in the address (its fragment), where the browser's
   * history, its extensions and scripts of the page can read it, and it cannot be refreshed.
   * OAuth's current security advice (RFC 9700) is not to use it. Prefer the authorization code
   * flow on a server, or the device code flow for an app without one.
   */
  responseType?: 'code' | 'token';
}

/** Options of `client.auth.authorizeRequest()`. */
export interface AuthorizeRequestOptions {
  /** Must be registered for the application character for character. */
  redirectUri: string;
  /** The scopes to ask the user for; none by default. */
  scopes?: readonly string[];
  /** Show the consent page even when the user already authorized the application. */
  forceVerify?: boolean;
}

/**
 * A sign-in to start, from `client.auth.authorizeRequest()`: send the browser to `url`, and tie
 * `state` to that browser (an HttpOnly cookie, or its server session) until the callback.
 */
export interface AuthorizeRequest {
  /** The consent page's address, with `state` in it. */
  url: string;
  /** 32 random bytes from the runtime's CSPRNG, base64url: give it back as `expectedState` to `exchangeCode()`. */
  state: string;
}

/** Options of `client.auth.exchangeCode()`. */
export interface ExchangeCodeOptions {
  /** The `code` of the callback. */
  code: string;
  /** The same address as was given to `authorizeUrl()` or `authorizeRequest()`. */
  redirectUri: string;
  /**
   * The `state` of the callback, as received (`null` when the callback had none). With
   * `expectedState`, both are checked before anything is sent.
   */
  state?: string | null | undefined;
  /**
   * The state tied to this browser when its sign-in started (`authorizeRequest().state`). When
   * `state` or `expectedState` is given, the two must be equal (compared in constant time), and
   * `expectedState` must not have been checked before by this client: each is good for one
   * callback, whatever comes of it. Otherwise a `PlatformAuthError` is thrown and nothing is sent.
   */
  expectedState?: string | undefined;
}

/** What `client.auth.addUser()` takes: an access token, or a token with what else is known of it. */
export type UserTokenInput =
  | string
  | {
      /** The user access token. */
      accessToken: string;
      /** The refresh token that renews the access token; without one it cannot be renewed. */
      refreshToken?: string;
      /** Epoch ms; when left out, the lifetime in the platform's validation answer gives it. */
      expiresAt?: number;
      /** The token's scopes, used only when the platform's validation answer lists none. */
      scopes?: string[];
    };

/** `client.auth`: registered users, the app token and the sign-in flows. */
export interface AuthApi {
  /** Validates a user token with the platform, registers its user and saves it in the store. */
  addUser(token: UserTokenInput): Promise<UserToken>;
  /** Forgets a user and deletes their token from the store. */
  removeUser(userId: string): Promise<void>;
  /** The registered users' tokens. */
  users(): Promise<UserToken[]>;
  /** The application token (client credentials; needs the clientSecret), requested on demand and kept until it expires. */
  appToken(): Promise<AppToken>;
  /** Renews a user's token now with their refresh token. */
  refresh(userId: string): Promise<UserToken>;
  /** Revokes a registered user's token (and forgets the user) or a raw token. */
  revoke(userIdOrToken: string): Promise<void>;
  /**
   * The consent page's address for the authorization code flow (or the legacy implicit flow),
   * with the `state` given, if any. Makes no request. `authorizeRequest()` also makes the state.
   */
  authorizeUrl(options: AuthorizeUrlOptions): string;
  /**
   * Starts an authorization code sign-in: a new random `state` (CSPRNG, 32 bytes) and the consent
   * page's address carrying it. Tie the state to the browser, and pass it as `expectedState` to
   * `exchangeCode()` with the callback's `state`. Makes no request. (The platform documents no
   * PKCE, so no `code_challenge` is sent.)
   */
  authorizeRequest(options: AuthorizeRequestOptions): AuthorizeRequest;
  /**
   * Exchanges an authorization code (the secret travels in the body), registers the user and
   * saves the token. With `state` and `expectedState`, the callback's state is checked first
   * (constant time, single use).
   */
  exchangeCode(options: ExchangeCodeOptions): Promise<UserToken>;
  /** Starts the device code flow. */
  deviceCode(options?: { scopes?: readonly string[] }): Promise<DeviceCodeFlow>;
}

/**
 * How long this client remembers a state it has checked, so that it is refused when it comes
 * again, and how many it remembers at most (the oldest are forgotten first beyond that).
 */
const spentStateMs = 3600_000;
const maxSpentStates = 10_000;

/**
 * The shortest wait between two polls of the device code flow, in seconds: RFC 8628's default
 * (section 3.2). A server that says less (or 0) would otherwise get polls back to back.
 */
const minimumPollIntervalSeconds = 5;

/** A platform message as a sentence, to sit inside a longer one. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Tokens for one client: the registered users (kept in a token store), the app token, the
 * identity of each call, scope checks, renewal before expiry and after a dead token's 401, and
 * refreshes that never send a refresh token twice.
 */
export class AuthManager implements Authenticator {
  readonly #users = new Map<string, UserToken>();
  /** Bumped each time a user is forgotten, so that a refresh under way knows its user is gone. */
  readonly #generation = new Map<string, number>();
  readonly #refreshing = new Map<string, Promise<UserToken>>();
  /** Dead-token validations under way, one per access token: concurrent 401s share it. */
  readonly #validating = new Map<string, Promise<boolean>>();
  /** Refreshes that failed for a temporary reason, by user, while their refresh token rests. */
  readonly #held = new Map<string, HeldFailure>();
  /** The last refresh of each user that the token store (or its lock) kept from being made. */
  readonly #storeFailures = new Map<string, StoreFailure>();
  /**
   * Why a user was removed (their token dead and not renewable, or removed in another process;
   * undefined after `removeUser()`): a call of theirs still in flight when its 401 arrives
   * rejects with this error. Cleared when the user is registered again.
   */
  readonly #removals = new Map<string, PlatformAuthError | undefined>();
  /** States checked by `exchangeCode()`, and until when each is remembered (single use). */
  readonly #spentStates = new Map<string, number>();
  #loading: Promise<void> | undefined;
  #app: AppToken | undefined;
  #appPending: Promise<AppToken> | undefined;
  /** `client.auth`: these methods, bound to this manager. */
  readonly api: AuthApi;

  constructor(
    private readonly core: ClientCore,
    private readonly store: TokenStore,
    /** How long, after a refused refresh, to watch a store without a lock for another process's newer token. */
    private readonly recheckStoreMs = 2000,
  ) {
    this.api = {
      addUser: (token) => this.addUser(token),
      removeUser: (userId) => this.removeUser(userId),
      users: () => this.users(),
      appToken: () => this.appToken(),
      refresh: (userId) => this.refresh(userId),
      revoke: (target) => this.revoke(target),
      authorizeUrl: (options) => this.authorizeUrl(options),
      authorizeRequest: (options) => this.authorizeRequest(options),
      exchangeCode: (options) => this.exchangeCode(options),
      deviceCode: (options) => this.deviceCode(options),
    };
  }

  /** Reads the store once; a store that fails is asked again next time. */
  #load(): Promise<void> {
    this.#loading ??= this.store.list().then(
      (tokens) => {
        for (const token of tokens) if (!this.#users.has(token.userId)) this.#users.set(token.userId, copyToken(token));
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  // ---- The authenticator port -------------------------------------------------------------

  async credential(request: CredentialRequest): Promise<Credential> {
    await this.#load();
    const { target, params, as } = request;
    const call = `${target.method} ${target.path}`;
    if (as === 'app') {
      if (target.token === 'user') throw new PlatformAuthError(`${call} only accepts a user access token: the app token cannot be used for it.`);
      if (!this.core.clientSecret) throw new PlatformAuthError('A clientSecret is required to get an app access token.');
      return this.#appCredential(target, params);
    }
    if (as !== undefined) {
      const token = this.#users.get(as);
      if (!token) throw new PlatformAuthError(`No token is registered for user ${as}. Add it with client.auth.addUser().`, { userId: as });
      return this.#userCredential(token, target);
    }
    if (target.token === 'app') {
      if (!this.core.clientSecret) throw noTokenError(target);
      return this.#appCredential(target, params);
    }
    const field = target.actingUser;
    const named = field ? params[field] : undefined;
    const count = this.#users.size;
    if (typeof named === 'string') {
      const token = this.#users.get(named);
      if (token) return this.#userCredential(token, target);
      // The acting user is not registered: an either-token call goes out with the app token.
      if (target.token === 'either' && this.core.clientSecret) return this.#appCredential(target, params);
      if (count === 0) throw noTokenError(target);
      throw new PlatformAuthError(`${call} needs the token of user ${named}, which is not registered. Add it with client.auth.addUser() or choose a user with { as: userId }.`, { userId: named });
    }
    if (count === 1) return this.#userCredential(this.#users.values().next().value!, target);
    if (target.token === 'user') {
      if (count === 0) throw noTokenError(target);
      throw new PlatformAuthError(`${call} needs a user access token and several users are registered. Choose one with { as: userId } or client.as(userId).`);
    }
    if (count > 1) {
      if (field && !target.actingUserOptional) {
        throw new PlatformAuthError(`${call} does not say who is acting and several users are registered. Set ${field}, or choose a user with { as: userId } or client.as(userId).`);
      }
      if (!this.core.clientSecret) throw new PlatformAuthError(`${call} can use a user token, but several users are registered. Choose one with { as: userId } or client.as(userId).`);
      return this.#appCredential(target, params);
    }
    if (!this.core.clientSecret) throw noTokenError(target);
    return this.#appCredential(target, params);
  }

  async unauthorized(credential: Credential, request: CredentialRequest): Promise<Credential | undefined> {
    if (credential.kind === 'app') {
      // Another call may have renewed it meanwhile.
      if (this.#app && this.#app.accessToken !== credential.accessToken) return this.#appCredential(request.target, request.params);
      if (await this.#isValid(credential.accessToken)) return undefined;
      if (this.#app?.accessToken === credential.accessToken) this.#app = undefined;
      return this.#appCredential(request.target, request.params);
    }
    const userId = credential.userId!;
    // What happened to the user meanwhile decides, so it is read again after every wait: the
    // validation below may answer after another call's refresh has renewed the token, been
    // refused (the user is then gone), or failed for a while.
    const before = this.#decide(userId, credential);
    if (before) return before;
    // A refresh under way was started for this very token (a 401 or its expiry): share it.
    const pending = this.#refreshing.get(userId);
    if (pending) return this.#credentialOf(await pending);
    if (await this.#isValid(credential.accessToken)) return undefined;
    const after = this.#decide(userId, credential);
    if (after) return after;
    const current = this.#users.get(userId)!;
    if (!current.refreshToken) {
      const error = new PlatformAuthError(
        `The access token of user ${userId} is no longer valid and there is no refresh token to renew it. The user has to authorize the app again.`,
        { userId },
      );
      await this.#forget(userId, undefined, error);
      this.#invalid(userId, error);
      throw error;
    }
    return this.#credentialOf(await this.#refresh(userId, current));
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
      if (!this.#removals.has(userId)) throw new PlatformAuthError(`No token is registered for user ${userId}.`, { userId });
      throw this.#removals.get(userId) ?? new PlatformAuthError(`User ${userId} was removed, so their token cannot be renewed.`, { userId });
    }
    if (current.accessToken !== credential.accessToken) return this.#credentialOf(current);
    // The token was found dead moments ago and its refresh failed for a while: this call
    // shares that failure, without validating or refreshing again (see refreshFailureHoldMs).
    const held = this.#held.get(userId);
    if (held && held.refreshToken === current.refreshToken && this.core.clock.now() < held.until) throw held.error;
    return undefined;
  }

  /** One validation per access token at a time: the 401s of concurrent calls share it. */
  #isValid(accessToken: string): Promise<boolean> {
    let pending = this.#validating.get(accessToken);
    if (!pending) {
      pending = isTokenValid(this.core, accessToken).finally(() => this.#validating.delete(accessToken));
      this.#validating.set(accessToken, pending);
    }
    return pending;
  }

  #credentialOf(token: UserToken): Credential {
    return { kind: 'user', accessToken: token.accessToken, bucket: `user:${token.userId}`, userId: token.userId };
  }

  async #userCredential(token: UserToken, target: CallTarget): Promise<Credential> {
    if (target.scopes.length > 0 && !target.scopes.some((scope) => token.scopes.includes(scope))) {
      throw new PlatformScopeError({ required: target.scopes, granted: token.scopes, userId: token.userId, method: target.method, path: target.path });
    }
    if (token.refreshToken && this.#expiringSoon(token)) return this.#renewedCredential(token);
    return this.#credentialOf(token);
  }

  /**
   * A token within the renewal margin is refreshed first. When the token store (or its lock)
   * cannot be used for the refresh (a Redis away, a lock that times out) and the token has not
   * expired yet, the call goes on with it: the refresh is tried again by a call after
   * `refreshFailureHoldMs`. An expired token, and any other failure of the refresh, fail the call.
   */
  async #renewedCredential(token: UserToken): Promise<Credential> {
    const { userId } = token;
    const now = this.core.clock.now();
    const failure = this.#storeFailures.get(userId);
    if (failure && now < failure.until && this.#unexpired(token)) return this.#credentialOf(token);
    try {
      return this.#credentialOf(await this.#refresh(userId, token));
    } catch (error) {
      const current = this.#users.get(userId);
      const stored = this.#storeFailures.get(userId);
      if (!stored || stored.error !== error || !current || !this.#unexpired(current)) throw error;
      const left = Math.round((current.expiresAt! - this.core.clock.now()) / 1000);
      this.core.log?.(
        'warn',
        `Could not refresh the token of user ${userId} for now, the token store failed: ${error instanceof Error ? error.message : String(error)} Going on with the current token (it expires in ${left} s).`,
      );
      return this.#credentialOf(current);
    }
  }

  async #appCredential(target: CallTarget, params: Readonly<Record<string, unknown>>): Promise<Credential> {
    // A call that cannot name its acting user fails before an app token is even requested.
    const field = target.actingUser;
    if (field && !target.actingUserOptional && params[field] === undefined) throw missingActingUserError(target, 'app');
    const app = await this.appToken();
    return { kind: 'app', accessToken: app.accessToken, bucket: 'app' };
  }

  /**
   * The tokens this manager holds: the app token and each registered user's access and refresh
   * tokens, which core replaces with `[redacted]` in log lines and in error messages (a server
   * that quotes one in its answer). Read only when a line or an error is being made.
   */
  *secrets(): Generator<string | undefined> {
    yield this.#app?.accessToken;
    for (const token of this.#users.values()) {
      yield token.accessToken;
      yield token.refreshToken;
    }
  }

  // ---- Refresh ----------------------------------------------------------------------------

  /**
   * One refresh per user at a time: concurrent callers share it. A refresh token whose last
   * refresh failed for a temporary reason rests for `refreshFailureHoldMs`: within that time,
   * callers get the same error and nothing is sent.
   */
  #refresh(userId: string, stale: UserToken): Promise<UserToken> {
    let pending = this.#refreshing.get(userId);
    if (!pending) {
      const held = this.#held.get(userId);
      if (held && held.refreshToken === stale.refreshToken && this.core.clock.now() < held.until) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the refresh's own failure, shared as it was
        return Promise.reject(held.error);
      }
      pending = this.#runRefresh(userId, stale).finally(() => this.#refreshing.delete(userId));
      this.#refreshing.set(userId, pending);
    }
    return pending;
  }

  #runRefresh(userId: string, stale: UserToken): Promise<UserToken> {
    const generation = this.#generation.get(userId) ?? 0;
    // What the work itself rejected with, and whether it failed reading the store: any other
    // rejection of the lock is the lock's own (not taken, or not released).
    let workFailure: { error: unknown; reading: boolean } | undefined;
    let reading = false;
    const work = async (): Promise<UserToken> => {
      try {
        return await locked();
      } catch (error) {
        workFailure = { error, reading };
        throw error;
      }
    };
    const locked = async (): Promise<UserToken> => {
      // Another process (holding the same store) may have renewed the token already.
      reading = true;
      const stored = await this.store.get(userId);
      reading = false;
      if ((this.#generation.get(userId) ?? 0) !== generation) throw this.#removals.get(userId) ?? this.#removedError(userId);
      if (!stored) {
        // The store no longer holds the user: another process found the token dead (or the
        // user was removed there). Sending the refresh token again would only be refused.
        const failure = new PlatformAuthError(
          `The token of user ${userId} is no longer in the token store: it was removed elsewhere (its refresh was refused, or the user was removed). The user has to authorize the app again.`,
          { userId },
        );
        await this.#forget(userId, undefined, failure);
        this.#invalid(userId, failure);
        throw failure;
      }
      if (stored.accessToken !== stale.accessToken && !this.#expiringSoon(stored)) return this.#keep(userId, stored, generation);
      const base = stored;
      if (!base.refreshToken) throw new PlatformAuthError(`The access token of user ${userId} expired and there is no refresh token to renew it.`, { userId });
      let grant: Grant;
      try {
        grant = await refreshGrant(this.core, base.refreshToken);
      } catch (error) {
        // A 4xx from the token endpoint is a refusal for good; anything else (5xx, network,
        // timeout) may pass, so the user stays registered and the call fails with that error,
        // and so do the calls that need this refresh token in the next refreshFailureHoldMs.
        if (!(error instanceof PlatformApiError) || error.status < 400 || error.status >= 500) {
          this.#held.set(userId, { refreshToken: base.refreshToken, error, until: this.core.clock.now() + refreshFailureHoldMs });
          this.core.log?.('warn', `Could not refresh the token of user ${userId} for now: ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        }
        // Another process may have spent the refresh token first: its renewed token wins.
        const newer = await this.#newerInStore(userId, base);
        if (newer) return this.#keep(userId, newer, generation);
        const failure = new PlatformAuthError(
          `The platform rejected the refresh token of user ${userId}: ${sentence(error.message)} The user has to authorize the app again.`,
          { userId, cause: error },
        );
        if ((this.#generation.get(userId) ?? 0) !== generation) throw this.#removals.get(userId) ?? this.#removedError(userId);
        const late = await this.#forget(userId, base, failure);
        if (late) return this.#keep(userId, late, this.#generation.get(userId) ?? 0);
        this.#invalid(userId, failure);
        throw failure;
      }
      const renewed: UserToken = {
        userId,
        login: base.login,
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken ?? base.refreshToken,
        scopes: grant.scopes ?? base.scopes,
        expiresAt: grant.expiresIn ? this.core.clock.now() + grant.expiresIn * 1000 : undefined,
      };
      if ((this.#generation.get(userId) ?? 0) !== generation) throw this.#removals.get(userId) ?? this.#removedError(userId);
      this.#held.delete(userId);
      await this.store.set(renewed);
      this.core.log?.('info', `Refreshed the token of user ${userId}`);
      return this.#keep(userId, renewed, generation);
    };
    const run = async () => (this.store.lock ? this.store.lock(userId, work) : work());
    return run().then(
      (token) => {
        this.#storeFailures.delete(userId);
        return token;
      },
      (error: unknown) => {
        // The store kept the refresh from being made: nothing was sent to the platform.
        if (!workFailure || workFailure.error !== error || workFailure.reading) {
          this.#storeFailures.set(userId, { error, until: this.core.clock.now() + refreshFailureHoldMs });
        }
        throw error;
      },
    );
  }

  #keep(userId: string, token: UserToken, generation: number): UserToken {
    if ((this.#generation.get(userId) ?? 0) !== generation) throw this.#removals.get(userId) ?? this.#removedError(userId);
    this.#users.set(userId, copyToken(token));
    return copyToken(token);
  }

  /** A user's authorization is dead and the user was removed: logged, and told to `tokenInvalid` listeners. */
  #invalid(userId: string, error: PlatformAuthError): void {
    this.core.log?.('warn', `Removed user ${userId}: ${error.message}`);
    this.core.events.emit('tokenInvalid', { userId, error });
  }

  #removedError(userId: string): PlatformAuthError {
    return new PlatformAuthError(`User ${userId} was removed while their token was being renewed.`, { userId });
  }

  #expiringSoon(token: UserToken): boolean {
    return token.expiresAt !== undefined && token.expiresAt - this.core.clock.now() < renewMargin;
  }

  /** Not expired yet (a token without an expiry never is). */
  #unexpired(token: UserToken): boolean {
    return token.expiresAt === undefined || token.expiresAt > this.core.clock.now();
  }

  /**
   * A token in the store newer than `refused` (another process refreshed first). With a lock the
   * winner has saved before this process got the lock: one read tells. Without one, the winner may
   * still be saving: the store is watched for a short while.
   */
  async #newerInStore(userId: string, refused: UserToken): Promise<UserToken | undefined> {
    const deadline = this.core.clock.now() + (this.store.lock ? 0 : this.recheckStoreMs);
    for (;;) {
      const stored = await this.store.get(userId);
      if (stored && stored.refreshToken !== refused.refreshToken && stored.accessToken !== refused.accessToken) return stored;
      if (this.core.clock.now() >= deadline) return undefined;
      await this.core.clock.sleep(Math.min(100, deadline - this.core.clock.now()));
    }
  }

  /**
   * Forgets a user; `reason` is what their calls still in flight reject with. With `dead`, the
   * store's entry is deleted only while it still holds that token: a newer one saved meanwhile
   * by another process is returned and kept instead.
   */
  async #forget(userId: string, dead: UserToken | undefined, reason: PlatformAuthError | undefined): Promise<UserToken | undefined> {
    if (dead) {
      const stored = await this.store.get(userId);
      if (stored && stored.accessToken !== dead.accessToken && stored.refreshToken !== dead.refreshToken) return stored;
    }
    this.#generation.set(userId, (this.#generation.get(userId) ?? 0) + 1);
    this.#removals.set(userId, reason);
    this.#held.delete(userId);
    this.#storeFailures.delete(userId);
    this.#users.delete(userId);
    await this.store.delete(userId);
    return undefined;
  }

  // ---- client.auth ------------------------------------------------------------------------

  /** Validates a user token with the platform, registers its user and saves it in the store. */
  async addUser(input: UserTokenInput): Promise<UserToken> {
    const given = typeof input === 'string' ? { accessToken: input } : input;
    if (typeof given !== 'object' || given === null || typeof given.accessToken !== 'string' || given.accessToken === '') {
      throw new PlatformError('client.auth.addUser() takes an access token, or { accessToken, refreshToken?, expiresAt?, scopes? }.');
    }
    const info = await this.#owner(given.accessToken);
    const token: UserToken = {
      userId: info.userId,
      login: info.login,
      accessToken: given.accessToken,
      refreshToken: 'refreshToken' in given ? given.refreshToken : undefined,
      scopes: info.scopes.length > 0 || !('scopes' in given) || !given.scopes ? info.scopes : [...given.scopes],
      expiresAt: 'expiresAt' in given && given.expiresAt !== undefined ? given.expiresAt : info.expiresIn ? this.core.clock.now() + info.expiresIn * 1000 : undefined,
    };
    return this.#register(token);
  }

  /**
   * Asks the platform who owns a token and checks it is a user token of this application. A dead
   * token is the platform's 401 (a PlatformApiError): unlike a call's 401, nothing can renew it.
   */
  async #owner(accessToken: string): Promise<{ userId: string; login: string | undefined; scopes: string[]; expiresIn: number }> {
    const answer = await validationRequest(this.core, accessToken);
    const info = answer.data as { client_id?: unknown; user_id?: unknown; login?: unknown; scopes?: unknown; expires_in?: unknown };
    if (info.client_id !== this.core.clientId) {
      // The answer's client ID as the platform gave it, without the token it was asked about should it echo that.
      const quoted = hideSecrets(String(info.client_id), [accessToken]);
      throw new PlatformAuthError(`This token was issued to another application (client ID ${quoted}), so it cannot be used with client ID ${this.core.clientId}.`);
    }
    if (typeof info.user_id !== 'string' || info.user_id === '') throw new PlatformAuthError('This is an app access token, not a user access token.');
    return {
      userId: info.user_id,
      login: typeof info.login === 'string' ? info.login : undefined,
      scopes: Array.isArray(info.scopes) ? info.scopes.map(String) : [],
      expiresIn: typeof info.expires_in === 'number' ? info.expires_in : 0,
    };
  }

  async #register(token: UserToken): Promise<UserToken> {
    await this.#load();
    await this.store.set(token);
    this.#users.set(token.userId, copyToken(token));
    this.#removals.delete(token.userId);
    this.#held.delete(token.userId);
    this.#storeFailures.delete(token.userId);
    return copyToken(token);
  }

  /** Forgets a user and deletes their token from the store. */
  async removeUser(userId: string): Promise<void> {
    await this.#load();
    await this.#forget(userId, undefined, undefined);
    this.core.log?.('info', `Removed user ${userId}`);
  }

  /** The registered users' tokens. */
  async users(): Promise<UserToken[]> {
    await this.#load();
    return [...this.#users.values()].map(copyToken);
  }

  /** The application token (client credentials; needs the clientSecret), requested on demand and kept until it expires. */
  appToken(): Promise<AppToken> {
    const secret = this.core.clientSecret;
    if (!secret) return Promise.reject(new PlatformAuthError('A clientSecret is required to get an app access token.'));
    const app = this.#app;
    if (app && (app.expiresAt === undefined || app.expiresAt - this.core.clock.now() >= renewMargin)) return Promise.resolve({ ...app });
    this.#appPending ??= requestAppToken(this.core, secret)
      .then((grant) => {
        this.#app = { accessToken: grant.accessToken, expiresAt: grant.expiresIn ? this.core.clock.now() + grant.expiresIn * 1000 : undefined };
        return { ...this.#app };
      })
      .finally(() => {
        this.#appPending = undefined;
      });
    return this.#appPending;
  }

  /** Renews a user's token now with their refresh token. */
  async refresh(userId: string): Promise<UserToken> {
    await this.#load();
    const token = this.#users.get(userId);
    if (!token) throw new PlatformAuthError(`No token is registered for user ${userId}.`, { userId });
    if (!token.refreshToken) throw new PlatformAuthError(`The access token of user ${userId} expired and there is no refresh token to renew it.`, { userId });
    return this.#refresh(userId, token);
  }

  /** Revokes a registered user's token (and forgets the user) or a raw token. */
  async revoke(userIdOrToken: string): Promise<void> {
    await this.#load();
    const user = this.#users.get(userIdOrToken);
    await revokeToken(this.core, user ? user.accessToken : userIdOrToken);
    if (user) await this.#forget(user.userId, undefined, undefined);
  }

  /** The consent page's address for the authorization code flow (or the legacy implicit flow). Makes no request. */
  authorizeUrl(options: AuthorizeUrlOptions): string {
    if (!options || typeof options.redirectUri !== 'string' || options.redirectUri === '') {
      throw new PlatformError('client.auth.authorizeUrl() needs a redirectUri registered for the application.');
    }
    const query = new URLSearchParams({ client_id: this.core.clientId, redirect_uri: options.redirectUri, response_type: options.responseType ?? 'code' });
    query.set('scope', (options.scopes ?? []).join(' '));
    if (options.state !== undefined) query.set('state', options.state);
    if (options.forceVerify) query.set('force_verify', 'true');
    return `${authUrlOf(this.core)}/authorize?${query.toString()}`;
  }

  /** Starts an authorization code sign-in: a new random state and the consent page's address carrying it. Makes no request. */
  authorizeRequest(options: AuthorizeRequestOptions): AuthorizeRequest {
    if (!options || typeof options.redirectUri !== 'string' || options.redirectUri === '') {
      throw new PlatformError('client.auth.authorizeRequest() needs a redirectUri registered for the application.');
    }
    const state = randomText(32, 'client.auth.authorizeRequest()');
    const url = this.authorizeUrl({ redirectUri: options.redirectUri, scopes: options.scopes, forceVerify: options.forceVerify, state, responseType: 'code' });
    return { url, state };
  }

  /** Exchanges an authorization code (the secret travels in the body), registers the user and saves the token. */
  async exchangeCode(options: ExchangeCodeOptions): Promise<UserToken> {
    const secret = this.core.clientSecret;
    if (!secret) throw new PlatformAuthError('A clientSecret is required to exchange an authorization code.');
    if (options.state !== undefined || options.expectedState !== undefined) this.#checkState(options.state, options.expectedState);
    const grant = await exchangeCodeGrant(this.core, secret, options.code, options.redirectUri);
    return this.#registerGrant(grant);
  }

  /**
   * The callback's state against the one tied to the browser: equal (constant-time compare), and
   * the expected one not checked before by this client. A state is spent by its first check,
   * whatever comes of it: a replayed callback must not sign anyone in.
   */
  #checkState(state: string | null | undefined, expected: string | undefined): void {
    const refused = (why: string) => new PlatformAuthError(`${why}, so the code was not exchanged. Start the sign-in again.`);
    if (typeof expected !== 'string' || expected === '') throw refused('No sign-in state is tied to this browser (expectedState is missing)');
    const now = this.core.clock.now();
    const spentUntil = this.#spentStates.get(expected);
    if (spentUntil !== undefined && spentUntil > now) throw refused('This sign-in state was already used: a state is good for one callback');
    this.#spend(expected, now);
    if (typeof state !== 'string' || state === '') throw refused('The callback carries no state');
    if (!sameText(state, expected)) throw refused('The state of the callback differs from the one tied to this browser: the answer may be forged');
  }

  /** Remembers a checked state, first forgetting the expired ones (then the oldest) when full. */
  #spend(state: string, now: number): void {
    const spent = this.#spentStates;
    spent.delete(state);
    if (spent.size >= maxSpentStates) {
      for (const [each, until] of spent) if (until <= now) spent.delete(each);
      for (const each of spent.keys()) {
        if (spent.size < maxSpentStates) break;
        spent.delete(each);
      }
    }
    spent.set(state, now + spentStateMs);
  }

  /** Asks the platform who owns a new token, then registers that user. */
  async #registerGrant(grant: Grant): Promise<UserToken> {
    const info = await this.#owner(grant.accessToken);
    return this.#register({
      userId: info.userId,
      login: info.login,
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      scopes: grant.scopes ?? info.scopes,
      expiresAt: grant.expiresIn ? this.core.clock.now() + grant.expiresIn * 1000 : info.expiresIn ? this.core.clock.now() + info.expiresIn * 1000 : undefined,
    });
  }

  /** Starts the device code flow. */
  async deviceCode(options: { scopes?: readonly string[] } = {}): Promise<DeviceCodeFlow> {
    const scopes = options.scopes ?? [];
    const started = await startDeviceFlow(this.core, scopes);
    const expiresAt = this.core.clock.now() + started.expiresIn * 1000;
    const expired = () => new PlatformAuthError('The device code expired before the user approved the request.');
    return {
      userCode: started.userCode,
      verificationUri: started.verificationUri,
      expiresAt,
      wait: async ({ signal } = {}) => {
        let interval = Math.max(started.interval, minimumPollIntervalSeconds) * 1000;
        for (;;) {
          if (this.core.clock.now() + interval >= expiresAt) {
            await this.core.clock.sleep(Math.max(0, expiresAt - this.core.clock.now()), signal);
            throw expired();
          }
          await this.core.clock.sleep(interval, signal);
          let outcome: Grant | 'pending' | 'slow_down';
          try {
            outcome = await pollDeviceFlow(this.core, started.deviceCode, scopes);
          } catch (error) {
            if (error instanceof PlatformApiError && this.core.clock.now() >= expiresAt) throw expired();
            throw error;
          }
          if (outcome === 'pending') continue;
          if (outcome === 'slow_down') {
            interval += 5000;
            continue;
          }
          return this.#registerGrant(outcome);
        }
      },
    };
  }
}
