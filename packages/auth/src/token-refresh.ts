import { PlatformApiError, PlatformAuthError, type Credential } from '@platform/core';
import type { ClientCore } from '@platform/core/internal';
import { refreshGrant, type Grant } from './oauth';
import type { TokenStore, UserToken } from './token-store';
import { credentialOf, type UserRegistry } from './user-registry';

/** A token is renewed when it expires within this margin. */
export const renewMargin = 60_000;

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

/** A platform message as a sentence, to sit inside a longer one. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The renewal of registered users' tokens: one refresh per user at a time, under the store's lock
 * when it has one, never sending a refresh token twice (a newer token another process saved wins),
 * and resting a refresh token whose refresh failed for a while.
 */
export class TokenRefresh {
  readonly #refreshing = new Map<string, Promise<UserToken>>();
  /** Refreshes that failed for a temporary reason, by user, while their refresh token rests. */
  readonly #held = new Map<string, HeldFailure>();
  /** The last refresh of each user that the token store (or its lock) kept from being made. */
  readonly #storeFailures = new Map<string, StoreFailure>();
  readonly #core: ClientCore;
  readonly #users: UserRegistry;
  readonly #store: TokenStore;
  /** How long, after a refused refresh, to watch a store without a lock for another process's newer token. */
  readonly #recheckStoreMs: number;

  constructor(core: ClientCore, users: UserRegistry, store: TokenStore, recheckStoreMs: number) {
    this.#core = core;
    this.#users = users;
    this.#store = store;
    this.#recheckStoreMs = recheckStoreMs;
  }

  /** Forgets a user's failed refreshes: the user was registered again, or forgotten. */
  reset(userId: string): void {
    this.#held.delete(userId);
    this.#storeFailures.delete(userId);
  }

  /** The refresh of a user under way, if any. */
  pending(userId: string): Promise<UserToken> | undefined {
    return this.#refreshing.get(userId);
  }

  /**
   * The failure of the user's last refresh when it failed for a temporary reason with this very
   * refresh token less than `refreshFailureHoldMs` ago: a call that needs it shares that failure.
   */
  held(userId: string, refreshToken: string | undefined): HeldFailure | undefined {
    const held = this.#held.get(userId);
    return held && held.refreshToken === refreshToken && this.#core.clock.now() < held.until ? held : undefined;
  }

  /** Whether a token expires within the renewal margin. */
  expiringSoon(token: UserToken): boolean {
    return token.expiresAt !== undefined && token.expiresAt - this.#core.clock.now() < renewMargin;
  }

  /** Not expired yet (a token without an expiry never is). */
  #unexpired(token: UserToken): boolean {
    return token.expiresAt === undefined || token.expiresAt > this.#core.clock.now();
  }

  /** Renews a user's token now with their refresh token: `client.auth.refresh()`. */
  async refreshUser(userId: string): Promise<UserToken> {
    await this.#users.load();
    const token = this.#users.get(userId);
    if (!token) throw new PlatformAuthError(`No token is registered for user ${userId}.`, { userId });
    if (!token.refreshToken) throw new PlatformAuthError(`The access token of user ${userId} expired and there is no refresh token to renew it.`, { userId });
    return this.refresh(userId, token);
  }

  /**
   * A token within the renewal margin is refreshed first. When the token store (or its lock)
   * cannot be used for the refresh (a Redis away, a lock that times out) and the token has not
   * expired yet, the call goes on with it: the refresh is tried again by a call after
   * `refreshFailureHoldMs`. An expired token, and any other failure of the refresh, fail the call.
   */
  async renewedCredential(token: UserToken): Promise<Credential> {
    const { userId } = token;
    const now = this.#core.clock.now();
    const failure = this.#storeFailures.get(userId);
    if (failure && now < failure.until && this.#unexpired(token)) return credentialOf(token);
    try {
      return credentialOf(await this.refresh(userId, token));
    } catch (error) {
      const current = this.#users.get(userId);
      const stored = this.#storeFailures.get(userId);
      if (!stored || stored.error !== error || !current || !this.#unexpired(current)) throw error;
      const left = Math.round((current.expiresAt! - this.#core.clock.now()) / 1000);
      this.#core.log?.(
        'warn',
        `Could not refresh the token of user ${userId} for now, the token store failed: ${error instanceof Error ? error.message : String(error)} Going on with the current token (it expires in ${left} s).`,
      );
      return credentialOf(current);
    }
  }

  /**
   * One refresh per user at a time: concurrent callers share it. A refresh token whose last
   * refresh failed for a temporary reason rests for `refreshFailureHoldMs`: within that time,
   * callers get the same error and nothing is sent.
   */
  refresh(userId: string, stale: UserToken): Promise<UserToken> {
    let pending = this.#refreshing.get(userId);
    if (!pending) {
      const held = this.held(userId, stale.refreshToken);
      if (held) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the refresh's own failure, shared as it was
        return Promise.reject(held.error);
      }
      pending = this.#run(userId, stale).finally(() => this.#refreshing.delete(userId));
      this.#refreshing.set(userId, pending);
    }
    return pending;
  }

  #run(userId: string, stale: UserToken): Promise<UserToken> {
    const core = this.#core;
    const users = this.#users;
    const store = this.#store;
    const generation = users.generation(userId);
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
      const stored = await store.get(userId);
      reading = false;
      if (users.generation(userId) !== generation) throw users.removedError(userId);
      if (!stored) {
        // The store no longer holds the user: another process found the token dead (or the
        // user was removed there). Sending the refresh token again would only be refused.
        const failure = new PlatformAuthError(
          `The token of user ${userId} is no longer in the token store: it was removed elsewhere (its refresh was refused, or the user was removed). The user has to authorize the app again.`,
          { userId },
        );
        await users.forget(userId, undefined, failure);
        users.invalid(userId, failure);
        throw failure;
      }
      if (stored.accessToken !== stale.accessToken && !this.expiringSoon(stored)) return users.keep(userId, stored, generation);
      const base = stored;
      if (!base.refreshToken) throw new PlatformAuthError(`The access token of user ${userId} expired and there is no refresh token to renew it.`, { userId });
      let grant: Grant;
      try {
        grant = await refreshGrant(core, base.refreshToken);
      } catch (error) {
        // A 4xx from the token endpoint is a refusal for good; anything else (5xx, network,
        // timeout) may pass, so the user stays registered and the call fails with that error,
        // and so do the calls that need this refresh token in the next refreshFailureHoldMs.
        if (!(error instanceof PlatformApiError) || error.status < 400 || error.status >= 500) {
          this.#held.set(userId, { refreshToken: base.refreshToken, error, until: core.clock.now() + refreshFailureHoldMs });
          core.log?.('warn', `Could not refresh the token of user ${userId} for now: ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        }
        // Another process may have spent the refresh token first: its renewed token wins.
        const newer = await this.#newerInStore(userId, base);
        if (newer) return users.keep(userId, newer, generation);
        const failure = new PlatformAuthError(
          `The platform rejected the refresh token of user ${userId}: ${sentence(error.message)} The user has to authorize the app again.`,
          { userId, cause: error },
        );
        if (users.generation(userId) !== generation) throw users.removedError(userId);
        const late = await users.forget(userId, base, failure);
        if (late) return users.keep(userId, late, users.generation(userId));
        users.invalid(userId, failure);
        throw failure;
      }
      const renewed: UserToken = {
        userId,
        login: base.login,
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken ?? base.refreshToken,
        scopes: grant.scopes ?? base.scopes,
        expiresAt: grant.expiresIn ? core.clock.now() + grant.expiresIn * 1000 : undefined,
      };
      if (users.generation(userId) !== generation) throw users.removedError(userId);
      this.#held.delete(userId);
      await store.set(renewed);
      core.log?.('info', `Refreshed the token of user ${userId}`);
      return users.keep(userId, renewed, generation);
    };
    const run = async () => (store.lock ? store.lock(userId, work) : work());
    return run().then(
      (token) => {
        this.#storeFailures.delete(userId);
        return token;
      },
      (error: unknown) => {
        // The store kept the refresh from being made: nothing was sent to the platform.
        if (!workFailure || workFailure.error !== error || workFailure.reading) {
          this.#storeFailures.set(userId, { error, until: core.clock.now() + refreshFailureHoldMs });
        }
        throw error;
      },
    );
  }

  /**
   * A token in the store newer than `refused` (another process refreshed first). With a lock the
   * winner has saved before this process got the lock: one read tells. Without one, the winner may
   * still be saving: the store is watched for a short while.
   */
  async #newerInStore(userId: string, refused: UserToken): Promise<UserToken | undefined> {
    const store = this.#store;
    const deadline = this.#core.clock.now() + (store.lock ? 0 : this.#recheckStoreMs);
    for (;;) {
      const stored = await store.get(userId);
      if (stored && stored.refreshToken !== refused.refreshToken && stored.accessToken !== refused.accessToken) return stored;
      if (this.#core.clock.now() >= deadline) return undefined;
      await this.#core.clock.sleep(Math.min(100, deadline - this.#core.clock.now()));
    }
  }
}
