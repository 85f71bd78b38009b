import { PlatformAuthError, PlatformError, type Credential } from '@platform/core';
import type { ClientCore } from '@platform/core/internal';
import type { UserTokenInput } from './auth-api';
import type { Grant } from './oauth';
import { copyToken, type TokenStore, type UserToken } from './token-store';
import { tokenOwner } from './validate-revoke';

/** The credential of a registered user's token, with that user's rate-limit bucket. */
export function credentialOf(token: UserToken): Credential {
  return { kind: 'user', accessToken: token.accessToken, bucket: `user:${token.userId}`, userId: token.userId };
}

/**
 * The registered users of one client: their tokens in memory, read from the token store once and
 * saved to it on every change, and why each removed user was removed. `addUser()`, `removeUser()`
 * and `users()` of `client.auth`.
 */
export class UserRegistry {
  readonly #users = new Map<string, UserToken>();
  /** Bumped each time a user is forgotten, so that a refresh under way knows its user is gone. */
  readonly #generation = new Map<string, number>();
  /**
   * Why a user was removed (their token dead and not renewable, or removed in another process;
   * undefined after `removeUser()`): a call of theirs still in flight when its 401 arrives
   * rejects with this error. Cleared when the user is registered again.
   */
  readonly #removals = new Map<string, PlatformAuthError | undefined>();
  #loading: Promise<void> | undefined;
  readonly #core: ClientCore;
  readonly #store: TokenStore;
  /** Told each time a user is registered or forgotten: what is kept of their earlier refreshes no longer applies. */
  readonly #changed: (userId: string) => void;

  constructor(core: ClientCore, store: TokenStore, changed: (userId: string) => void) {
    this.#core = core;
    this.#store = store;
    this.#changed = changed;
  }

  /** Reads the store once; a store that fails is asked again next time. */
  load(): Promise<void> {
    this.#loading ??= this.#store.list().then(
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

  /** A registered user's token as kept (not a copy: never hand it out). */
  get(userId: string): UserToken | undefined {
    return this.#users.get(userId);
  }

  /** How many users are registered. */
  get size(): number {
    return this.#users.size;
  }

  /** The registered users' tokens as kept, in order of registration. */
  tokens(): MapIterator<UserToken> {
    return this.#users.values();
  }

  /** How many times the user was forgotten: a refresh compares it before and after its waits. */
  generation(userId: string): number {
    return this.#generation.get(userId) ?? 0;
  }

  /** Whether the user was removed (and not registered again since). */
  wasRemoved(userId: string): boolean {
    return this.#removals.has(userId);
  }

  /** Why the user was removed; undefined after `removeUser()` or when they were not. */
  removal(userId: string): PlatformAuthError | undefined {
    return this.#removals.get(userId);
  }

  /** What a renewal that outlived its user throws: why the user was removed, or that they were removed meanwhile. */
  removedError(userId: string): PlatformAuthError {
    return this.#removals.get(userId) ?? new PlatformAuthError(`User ${userId} was removed while their token was being renewed.`, { userId });
  }

  /** Keeps a user's newer token, unless the user was forgotten since `generation`; returns a copy. */
  keep(userId: string, token: UserToken, generation: number): UserToken {
    if (this.generation(userId) !== generation) throw this.removedError(userId);
    this.#users.set(userId, copyToken(token));
    return copyToken(token);
  }

  /** A user's authorization is dead and the user was removed: logged, and told to `tokenInvalid` listeners. */
  invalid(userId: string, error: PlatformAuthError): void {
    this.#core.log?.('warn', `Removed user ${userId}: ${error.message}`);
    this.#core.events.emit('tokenInvalid', { userId, error });
  }

  /**
   * Forgets a user; `reason` is what their calls still in flight reject with. With `dead`, the
   * store's entry is deleted only while it still holds that token: a newer one saved meanwhile
   * by another process is returned and kept instead.
   */
  async forget(userId: string, dead: UserToken | undefined, reason: PlatformAuthError | undefined): Promise<UserToken | undefined> {
    if (dead) {
      const stored = await this.#store.get(userId);
      if (stored && stored.accessToken !== dead.accessToken && stored.refreshToken !== dead.refreshToken) return stored;
    }
    this.#generation.set(userId, this.generation(userId) + 1);
    this.#removals.set(userId, reason);
    this.#changed(userId);
    this.#users.delete(userId);
    await this.#store.delete(userId);
    return undefined;
  }

  /** Saves a token in the store and registers its user. */
  async register(token: UserToken): Promise<UserToken> {
    await this.load();
    await this.#store.set(token);
    this.#users.set(token.userId, copyToken(token));
    this.#removals.delete(token.userId);
    this.#changed(token.userId);
    return copyToken(token);
  }

  /** Validates a user token with the platform, registers its user and saves it in the store: `client.auth.addUser()`. */
  async add(input: UserTokenInput): Promise<UserToken> {
    const given = typeof input === 'string' ? { accessToken: input } : input;
    if (typeof given !== 'object' || given === null || typeof given.accessToken !== 'string' || given.accessToken === '') {
      throw new PlatformError('client.auth.addUser() takes an access token, or { accessToken, refreshToken?, expiresAt?, scopes? }.');
    }
    const info = await tokenOwner(this.#core, given.accessToken);
    const token: UserToken = {
      userId: info.userId,
      login: info.login,
      accessToken: given.accessToken,
      refreshToken: 'refreshToken' in given ? given.refreshToken : undefined,
      scopes: info.scopes.length > 0 || !('scopes' in given) || !given.scopes ? info.scopes : [...given.scopes],
      expiresAt: 'expiresAt' in given && given.expiresAt !== undefined ? given.expiresAt : info.expiresIn ? this.#core.clock.now() + info.expiresIn * 1000 : undefined,
    };
    return this.register(token);
  }

  /** Asks the platform who owns a new token (a sign-in's grant), then registers that user. */
  async registerGrant(grant: Grant): Promise<UserToken> {
    const info = await tokenOwner(this.#core, grant.accessToken);
    return this.register({
      userId: info.userId,
      login: info.login,
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      scopes: grant.scopes ?? info.scopes,
      expiresAt: grant.expiresIn ? this.#core.clock.now() + grant.expiresIn * 1000 : info.expiresIn ? this.#core.clock.now() + info.expiresIn * 1000 : undefined,
    });
  }

  /** Forgets a user and deletes their token from the store: `client.auth.removeUser()`. */
  async remove(userId: string): Promise<void> {
    await this.load();
    await this.forget(userId, undefined, undefined);
    this.#core.log?.('info', `Removed user ${userId}`);
  }

  /** Copies of the registered users' tokens: `client.auth.users()`. */
  async list(): Promise<UserToken[]> {
    await this.load();
    return [...this.#users.values()].map(copyToken);
  }
}
