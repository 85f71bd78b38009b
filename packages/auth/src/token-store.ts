/** A registered user's token. Plain data: it is what token stores keep. */
export interface UserToken {
  /** The user's ID. */
  userId: string;
  /** The user's login name, as the platform's validation answer gave it. */
  login?: string | undefined;
  /** The user access token. */
  accessToken: string;
  /** The authorization code flow always gives one; a token added by hand may have none. */
  refreshToken?: string | undefined;
  /** The scopes the user granted the token. */
  scopes: string[];
  /** Epoch ms; undefined when unknown or when the token does not expire. */
  expiresAt?: number | undefined;
}

/**
 * Where registered users' tokens are kept across restarts. Every method may be async. A store
 * shared by several processes implements `lock` so that only one of them refreshes a user's token
 * at a time (a refresh token may be single use); without it, a refresh rejected because another
 * process spent the refresh token is recovered by reading the store again.
 */
export interface TokenStore {
  /** The user's token, or undefined when the store has none. */
  get(userId: string): Promise<UserToken | undefined>;
  /** Saves a token, replacing the one kept for the same user. */
  set(token: UserToken): Promise<void>;
  /** Deletes the user's token; nothing happens when there is none. */
  delete(userId: string): Promise<void>;
  /** Every token the store keeps. */
  list(): Promise<UserToken[]>;
  /** Runs `work` while holding a lock on `userId` shared by every process using the store. */
  lock?<T>(userId: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Encryption of a stored token, for the stores that keep tokens outside the process
 * (`FileTokenStore`, `redisTokenStore()`, the `encryption` option of each): `encrypt` turns the
 * token's JSON into the text that is stored, `decrypt` turns that text back. Either may be async
 * (a key service). Use authenticated encryption (AES-GCM, say), so that a wrong key or a changed
 * value fails in `decrypt` instead of giving other text; keep the key out of the store.
 *
 * @example
 * import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
 * const key = Buffer.from(process.env.TOKEN_KEY!, 'base64'); // 32 bytes
 * const encryption: TokenEncryption = {
 *   encrypt(text) {
 *     const iv = randomBytes(12);
 *     const cipher = createCipheriv('aes-256-gcm', key, iv);
 *     const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
 *     return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
 *   },
 *   decrypt(text) {
 *     const data = Buffer.from(text, 'base64');
 *     const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
 *     decipher.setAuthTag(data.subarray(12, 28));
 *     return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
 *   },
 * };
 */
export interface TokenEncryption {
  /** Turns a token's JSON into the text to store. Its output must be a string. */
  encrypt(text: string): string | Promise<string>;
  /** Turns a stored text back into the token's JSON; throws when it cannot (a wrong key). */
  decrypt(text: string): string | Promise<string>;
}

/**
 * A token store in memory: the default, lost when the process ends. Its lock serialises the
 * refreshes of clients that share it within one process.
 */
export class MemoryTokenStore implements TokenStore {
  readonly #tokens = new Map<string, UserToken>();
  readonly #locks = new Map<string, Promise<unknown>>();

  lock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(userId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#locks.set(userId, settled);
    void settled.then(() => {
      if (this.#locks.get(userId) === settled) this.#locks.delete(userId);
    });
    return run;
  }

  get(userId: string): Promise<UserToken | undefined> {
    const token = this.#tokens.get(userId);
    return Promise.resolve(token && copyToken(token));
  }

  set(token: UserToken): Promise<void> {
    this.#tokens.set(token.userId, copyToken(token));
    return Promise.resolve();
  }

  delete(userId: string): Promise<void> {
    this.#tokens.delete(userId);
    return Promise.resolve();
  }

  list(): Promise<UserToken[]> {
    return Promise.resolve([...this.#tokens.values()].map(copyToken));
  }
}

/**
 * Whether `value` has the shape of a {@link UserToken} (a non-empty `userId`, an `accessToken`
 * string and a `scopes` array): the check a token store makes before it saves a token.
 */
export function isUserToken(value: unknown): value is UserToken {
  const token = value as Partial<UserToken> | null | undefined;
  return (
    typeof token === 'object' &&
    token !== null &&
    typeof token.userId === 'string' &&
    token.userId !== '' &&
    typeof token.accessToken === 'string' &&
    Array.isArray(token.scopes)
  );
}

/** A copy of a token that shares nothing with it (its scopes included), so no caller can change a kept one. */
export function copyToken(token: UserToken): UserToken {
  return { ...token, scopes: [...token.scopes] };
}
