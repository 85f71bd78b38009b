import { isUserToken, type TokenStore, type UserToken } from '@platform/auth';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { FileTokenStoreError } from './errors';
import { codeOf, processAlive, withLock, type LockTimings } from './file-lock';

/** Options of `new FileTokenStore(path, options)`. */
export interface FileTokenStoreOptions {
  /**
   * How long a write, or `lock()`, waits for a lock held by another process before failing with a
   * `FileTokenStoreError` (code `lock-timeout`). Callers in this process line up in memory and
   * only the first one waits for the file. A token refresh holds its user's lock for the length of
   * one request to the platform, retries included. Default 60 000 ms.
   */
  lockTimeoutMs?: number | undefined;
  /**
   * A lock whose holder has not refreshed its time stamp for this long is taken as abandoned and
   * broken. Holders refresh it every third of this while they hold it, so only a frozen or dead
   * holder is concerned. A lock whose holder process (on this machine, by the PID written in the
   * lock) is gone is broken at once. Default 30 000 ms.
   */
  staleLockMs?: number | undefined;
}

/** The content of the store file. */
interface StoreFile {
  version: 1;
  users: Record<string, UserToken>;
}

const formatVersion = 1;
const defaultLockTimeoutMs = 60_000;
const defaultStaleLockMs = 30_000;

function checkDuration(value: unknown, name: string): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)) {
    throw new TypeError(`FileTokenStore: ${name} must be a positive number of milliseconds; got ${typeof value === 'number' ? String(value) : typeof value}.`);
  }
}

function checkToken(token: unknown): asserts token is UserToken {
  if (!isUserToken(token)) {
    throw new TypeError('FileTokenStore.set() takes a UserToken: { userId, accessToken, scopes, refreshToken?, expiresAt?, login? }.');
  }
}

function copy(token: UserToken): UserToken {
  return { ...token, scopes: [...token.scopes] };
}

/** A user ID as it can appear in a file name; other IDs are hashed. */
function fileSafe(userId: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(userId) ? `u-${userId}` : `h-${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A token store in one JSON file, for Node servers, safe to share between processes.
 *
 * - The file (`{ "version": 1, "users": { "<userId>": UserToken } }`) is created with mode 0600,
 *   and a file with looser permissions is tightened to 0600 on the first write.
 * - Writes are atomic: a temporary file in the same directory is written, flushed to disk and
 *   renamed over the store, so a crash never leaves a half-written store.
 * - Every `set()` and `delete()` reads, changes and writes the file under an exclusive lock file
 *   (`<path>.lock`), so processes sharing the file never lose each other's users.
 * - `lock(userId, work)` holds a per-user lock file shared by every process, so that only one of
 *   them refreshes a user's token at a time: a refresh token is never sent twice.
 *
 * A missing file reads as empty; a corrupt one is an error (`FileTokenStoreError`, code
 * `corrupt`) and is never overwritten. Node only: it uses `node:fs`.
 *
 * @example
 * const client = createClient({ clientId, clientSecret, authenticator: platformAuth({ tokens: new FileTokenStore('/var/lib/my-bot/tokens.json') }) });
 */
export class FileTokenStore implements TokenStore {
  /** The absolute path of the store file. */
  readonly path: string;
  readonly #timings: LockTimings;
  #tightened = false;

  /**
   * @param path The store file. Its directory is created (mode 0700) on the first write if needed.
   */
  constructor(path: string, options: FileTokenStoreOptions = {}) {
    if (typeof path !== 'string' || path === '') throw new TypeError('new FileTokenStore() needs the path of the store file.');
    checkDuration(options.lockTimeoutMs, 'lockTimeoutMs');
    checkDuration(options.staleLockMs, 'staleLockMs');
    this.path = resolve(path);
    this.#timings = { timeoutMs: options.lockTimeoutMs ?? defaultLockTimeoutMs, staleMs: options.staleLockMs ?? defaultStaleLockMs };
  }

  /** The token of a user, read from the file; undefined when absent. */
  async get(userId: string): Promise<UserToken | undefined> {
    const users = await this.#read();
    const token = users.get(userId);
    return token && copy(token);
  }

  /** Adds or replaces a user's token, keeping every other user in the file. */
  async set(token: UserToken): Promise<void> {
    checkToken(token);
    const saved = copy(token);
    await this.#update((users) => {
      users.set(saved.userId, saved);
      return true;
    });
  }

  /** Removes a user's token (nothing is written when the user is absent). */
  delete(userId: string): Promise<void> {
    return this.#update((users) => users.delete(userId));
  }

  /** Every user's token, read from the file. */
  async list(): Promise<UserToken[]> {
    return [...(await this.#read()).values()].map(copy);
  }

  /**
   * Runs `work` while holding the lock file of `userId` (`<path>.user-<id>.lock`), shared by every
   * process using the file, and releases it when `work` settles. It is distinct from the write
   * lock, so `work` may call `get()`, `set()` and `delete()`. It is not reentrant: `work` must not
   * call `lock()` for the same user.
   */
  lock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    if (typeof userId !== 'string' || userId === '') return Promise.reject(new TypeError('FileTokenStore.lock() needs a user ID.'));
    return withLock(`${this.path}.user-${fileSafe(userId)}.lock`, this.#timings, work);
  }

  // ---- The file -----------------------------------------------------------------------------

  async #read(): Promise<Map<string, UserToken>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return new Map();
      throw error;
    }
    return this.#parse(text);
  }

  #parse(text: string): Map<string, UserToken> {
    // An empty file (made with `touch`, say) holds no user: nothing is lost by reading it as empty.
    if (text.trim() === '') return new Map();
    const corrupt = (what: string, cause?: unknown) =>
      new FileTokenStoreError(
        'corrupt',
        this.path,
        `The token store file ${this.path} ${what}. It is left as it is so that no user is lost: repair it, or move it away to start with an empty store.`,
        cause === undefined ? undefined : { cause },
      );
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw corrupt(`is not valid JSON (${error instanceof Error ? error.message : String(error)})`, error);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw corrupt('does not hold a JSON object');
    const { version, users } = data as Partial<StoreFile>;
    if (version !== formatVersion) throw corrupt(`has format version ${JSON.stringify(version)}; this version of @platform/file-store reads version ${formatVersion}`);
    if (typeof users !== 'object' || users === null || Array.isArray(users)) throw corrupt('has no "users" object');
    const result = new Map<string, UserToken>();
    for (const [userId, token] of Object.entries(users as Record<string, unknown>)) {
      const value = token as Partial<UserToken> | null;
      if (
        typeof value !== 'object' ||
        value === null ||
        value.userId !== userId ||
        typeof value.accessToken !== 'string' ||
        !Array.isArray(value.scopes) ||
        !value.scopes.every((scope) => typeof scope === 'string')
      ) {
        throw corrupt(`has an invalid entry for user ${JSON.stringify(userId)}`);
      }
      result.set(userId, value as UserToken);
    }
    return result;
  }

  /** Read, change and write the file under the write lock; `change` says whether anything changed. */
  #update(change: (users: Map<string, UserToken>) => boolean): Promise<void> {
    return withLock(`${this.path}.lock`, this.#timings, async () => {
      await this.#tighten();
      const users = await this.#read();
      if (!change(users)) return;
      await this.#removeLeftovers();
      await this.#write(users);
    });
  }

  /** On the first write, a store file readable by others is made 0600 before anything else. */
  async #tighten(): Promise<void> {
    if (this.#tightened) return;
    try {
      if (((await stat(this.path)).mode & 0o077) !== 0) await chmod(this.path, 0o600);
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
    }
    this.#tightened = true;
  }

  /** Temporary files start with the store's name, then the writer's PID. */
  #temporaryPath(): string {
    return join(dirname(this.path), `${basename(this.path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  }

  /** The new content goes to a temporary file, flushed to disk, then renamed over the store. */
  async #write(users: Map<string, UserToken>): Promise<void> {
    const content: StoreFile = { version: formatVersion, users: Object.fromEntries(users) };
    const text = `${JSON.stringify(content, null, 2)}\n`;
    const temporary = this.#temporaryPath();
    const handle = await open(temporary, 'wx', 0o600);
    try {
      try {
        // The creation mode passes through the umask; set it exactly.
        await handle.chmod(0o600);
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await this.#syncDirectory();
  }

  /** Makes the rename itself durable. Some systems cannot open a directory: that is not an error. */
  async #syncDirectory(): Promise<void> {
    let handle;
    try {
      handle = await open(dirname(this.path), 'r');
      await handle.sync();
    } catch {
      // Best effort.
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  /**
   * Removes what crashed writers left: temporary files and renamed-away locks of this store whose
   * process is gone, or older than the stale-lock age. Called under the write lock, when no
   * writer of a live process is between its temporary file and its rename.
   */
  async #removeLeftovers(): Promise<void> {
    const directory = dirname(this.path);
    const pattern = new RegExp(`^${escapeRegExp(basename(this.path))}\\.(?:.*\\.)?(\\d+)\\.[0-9a-f]{12}\\.(?:tmp|stale)$`);
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      return;
    }
    for (const name of names) {
      const match = pattern.exec(name);
      if (!match) continue;
      const pid = Number(match[1]);
      const path = join(directory, name);
      try {
        const old = Date.now() - (await stat(path)).mtimeMs > this.#timings.staleMs;
        if (old || !processAlive(pid)) await unlink(path);
      } catch {
        // Gone already, or not ours to remove: it is ignored either way.
      }
    }
  }
}
