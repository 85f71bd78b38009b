import { isUserToken, type TokenEncryption, type TokenStore, type UserToken } from '@platform/auth';
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { FileTokenStoreError } from './errors';
import { codeOf, processAlive, withLock, type LockTimings } from './file-lock';
import { jsonErrorOffset, lineAndColumn } from './json-position';

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
  /**
   * Encrypts each token in the file: `encrypt` turns the token's JSON into the text that is
   * stored under its user ID, `decrypt` turns it back (see `TokenEncryption` of `@platform/auth`).
   * A file then holds no token in clear text, only user IDs. Every entry must then be encrypted: a
   * file written without it is refused (move its users over, as the README shows). A failing hook
   * is a `FileTokenStoreError` with code `encryption`, whose message holds no token.
   */
  encryption?: TokenEncryption | undefined;
}

/** A user's entry as the file holds it: the token, or its encrypted text with `encryption`. */
type Entry = UserToken | string;

/** The content of the store file. */
interface StoreFile {
  version: 1;
  users: Record<string, Entry>;
}

/**
 * How the store file is opened for reading: never through a symbolic link (the open fails with
 * ELOOP, EMLINK on some BSDs), and without blocking on a pipe put in its place. Windows has
 * neither flag.
 */
const readFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const symlinkCodes = new Set(['ELOOP', 'EMLINK']);

const formatVersion = 1;
const defaultLockTimeoutMs = 60_000;
const defaultStaleLockMs = 30_000;

function checkDuration(value: unknown, name: string): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)) {
    throw new TypeError(`FileTokenStore: ${name} must be a positive number of milliseconds; got ${typeof value === 'number' ? String(value) : typeof value}.`);
  }
}

function checkEncryption(value: unknown): asserts value is TokenEncryption | undefined {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || !('encrypt' in value) || typeof value.encrypt !== 'function' || !('decrypt' in value) || typeof value.decrypt !== 'function') {
    throw new TypeError('FileTokenStore: encryption must be { encrypt(text), decrypt(text) }, two functions.');
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

/** Whether a value read from the file (or decrypted) is the token of `userId`. */
function isStoredToken(value: unknown, userId: string): value is UserToken {
  const token = value as Partial<UserToken> | null;
  return (
    typeof token === 'object' &&
    token !== null &&
    token.userId === userId &&
    typeof token.accessToken === 'string' &&
    Array.isArray(token.scopes) &&
    token.scopes.every((scope) => typeof scope === 'string')
  );
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
 * - The store path must be the file itself, not a symbolic link (it is opened with `O_NOFOLLOW`),
 *   and its directory must not be writable by its group or by all users: either is refused with a
 *   `FileTokenStoreError` (code `symlink` or `unsafe-directory`).
 * - With `encryption`, each token is stored encrypted.
 *
 * A missing file reads as empty; a corrupt one is an error (`FileTokenStoreError`, code
 * `corrupt`, naming the place of the fault, never the content) and is never overwritten. Node
 * only: it uses `node:fs`.
 *
 * @example
 * const client = createClient({ clientId, clientSecret, authenticator: platformAuth({ tokens: new FileTokenStore('/var/lib/my-bot/tokens.json') }) });
 */
export class FileTokenStore implements TokenStore {
  /** The absolute path of the store file. */
  readonly path: string;
  readonly #timings: LockTimings;
  readonly #encryption: TokenEncryption | undefined;
  #tightened = false;

  /**
   * @param path The store file. Its directory is created (mode 0700) on the first write if needed.
   */
  constructor(path: string, options: FileTokenStoreOptions = {}) {
    if (typeof path !== 'string' || path === '') throw new TypeError('new FileTokenStore() needs the path of the store file.');
    checkDuration(options.lockTimeoutMs, 'lockTimeoutMs');
    checkDuration(options.staleLockMs, 'staleLockMs');
    checkEncryption(options.encryption);
    this.#encryption = options.encryption;
    this.path = resolve(path);
    this.#timings = { timeoutMs: options.lockTimeoutMs ?? defaultLockTimeoutMs, staleMs: options.staleLockMs ?? defaultStaleLockMs };
  }

  /** The token of a user, read from the file; undefined when absent. */
  async get(userId: string): Promise<UserToken | undefined> {
    const users = await this.#read();
    const entry = users.get(userId);
    return entry === undefined ? undefined : copy(await this.#decode(userId, entry));
  }

  /** Adds or replaces a user's token, keeping every other user in the file. */
  async set(token: UserToken): Promise<void> {
    checkToken(token);
    // Encrypted while the lock is awaited; the write itself joins this process's queue at once,
    // so that writes happen in the order they were made.
    const saved = this.#encode(copy(token));
    saved.catch(() => undefined);
    await this.#update(async (users) => {
      users.set(token.userId, await saved);
      return true;
    });
  }

  /** Removes a user's token (nothing is written when the user is absent). */
  delete(userId: string): Promise<void> {
    return this.#update((users) => users.delete(userId));
  }

  /** Every user's token, read from the file. */
  async list(): Promise<UserToken[]> {
    const users = await this.#read();
    return Promise.all([...users].map(async ([userId, entry]) => copy(await this.#decode(userId, entry))));
  }

  /**
   * Runs `work` while holding the lock file of `userId` (`<path>.user-<id>.lock`), shared by every
   * process using the file, and releases it when `work` settles. It is distinct from the write
   * lock, so `work` may call `get()`, `set()` and `delete()`. It is not reentrant: `work` must not
   * call `lock()` for the same user.
   */
  lock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    if (typeof userId !== 'string' || userId === '') return Promise.reject(new TypeError('FileTokenStore.lock() needs a user ID.'));
    return withLock(`${this.path}.user-${fileSafe(userId)}.lock`, this.#timings, async () => {
      await this.#checkDirectory();
      return work();
    });
  }

  // ---- Encryption ---------------------------------------------------------------------------

  /** The entry to write for a token: the token itself, or its encrypted JSON. */
  async #encode(token: UserToken): Promise<Entry> {
    const encryption = this.#encryption;
    if (!encryption) return token;
    let text: unknown;
    try {
      text = await encryption.encrypt(JSON.stringify(token));
    } catch (error) {
      throw new FileTokenStoreError('encryption', this.path, `The token of user ${JSON.stringify(token.userId)} could not be encrypted for ${this.path}: encrypt failed, so nothing was written.`, {
        cause: error,
      });
    }
    if (typeof text !== 'string' || text === '') {
      throw new FileTokenStoreError('encryption', this.path, `The token of user ${JSON.stringify(token.userId)} could not be encrypted for ${this.path}: encrypt must return a non-empty string.`);
    }
    return text;
  }

  /** The token of an entry read from the file, decrypted with `encryption`. */
  async #decode(userId: string, entry: Entry): Promise<UserToken> {
    if (typeof entry !== 'string') return entry;
    const failed = (what: string, cause?: unknown) =>
      new FileTokenStoreError(
        'encryption',
        this.path,
        `The token of user ${JSON.stringify(userId)} in ${this.path} could not be decrypted: ${what} (a wrong key, or an entry not written with this encryption). The file is left as it is.`,
        cause === undefined ? undefined : { cause },
      );
    let text: unknown;
    try {
      text = await this.#encryption!.decrypt(entry);
    } catch (error) {
      throw failed('decrypt failed', error);
    }
    let token: unknown;
    try {
      token = typeof text === 'string' ? JSON.parse(text) : undefined;
    } catch {
      // JSON.parse's message would quote the decrypted text.
      token = undefined;
    }
    if (!isStoredToken(token, userId)) throw failed('decrypt gave something that is not its token');
    return token;
  }

  // ---- The file -----------------------------------------------------------------------------

  /**
   * Refuses a store directory that its group or all users may write to: they could replace the
   * store file (with a link to a file of theirs), or its lock files. A missing directory is
   * created later with mode 0700. Not checked on Windows, whose permissions are not mode bits.
   */
  async #checkDirectory(): Promise<void> {
    if (process.platform === 'win32') return;
    const directory = dirname(this.path);
    let mode: number;
    try {
      // stat(), not lstat(): a directory reached through a link (/tmp on macOS) is checked where it is.
      mode = (await stat(directory)).mode;
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return;
      throw error;
    }
    if ((mode & 0o022) !== 0) {
      throw new FileTokenStoreError(
        'unsafe-directory',
        directory,
        `The directory ${directory} of the token store file is writable by its group or by all users (mode 0${(mode & 0o7777).toString(8)}), so another user could replace the store or its lock files. Allow writes by its owner only (chmod go-w ${directory}), or keep the store in a directory of its own.`,
      );
    }
  }

  /**
   * Opens the store file to read it, never through a symbolic link, and only when it is a regular
   * file; undefined when it does not exist.
   */
  async #open(): Promise<FileHandle | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(this.path, readFlags);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT') return undefined;
      if (code !== undefined && symlinkCodes.has(code)) {
        throw new FileTokenStoreError(
          'symlink',
          this.path,
          `The token store file ${this.path} is a symbolic link. It is refused, so that no token is read from or written to another file and no permission is changed there: give the path of the file itself.`,
        );
      }
      throw error;
    }
    try {
      if (!(await handle.stat()).isFile()) {
        throw new FileTokenStoreError('not-a-file', this.path, `The token store path ${this.path} is not a regular file (a directory, a device or a pipe): give the path of a file.`);
      }
      return handle;
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async #read(): Promise<Map<string, Entry>> {
    await this.#checkDirectory();
    const handle = await this.#open();
    if (!handle) return new Map();
    let text: string;
    try {
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    return this.#parse(text);
  }

  #parse(text: string): Map<string, Entry> {
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
    } catch {
      // JSON.parse's message quotes the text around the fault, and the text holds tokens: only
      // the place is told, and the SyntaxError is not kept as the cause.
      const offset = jsonErrorOffset(text);
      const place = offset === undefined ? '' : offset >= text.length ? ' (it ends too early)' : ` (at line ${lineAndColumn(text, offset).line}, column ${lineAndColumn(text, offset).column})`;
      throw corrupt(`is not valid JSON${place}`);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw corrupt('does not hold a JSON object');
    const { version, users } = data as Record<string, unknown>;
    if (version !== formatVersion) {
      // The version is told only when it is a number: any other value could be anything.
      const found = typeof version === 'number' ? `has format version ${version}` : 'has no format version';
      throw corrupt(`${found}; this version of @platform/file-store reads version ${formatVersion}`);
    }
    if (typeof users !== 'object' || users === null || Array.isArray(users)) throw corrupt('has no "users" object');
    const encrypted = this.#encryption !== undefined;
    const result = new Map<string, Entry>();
    for (const [userId, entry] of Object.entries(users as Record<string, unknown>)) {
      if (encrypted && typeof entry === 'object' && entry !== null) {
        throw corrupt(`holds the token of user ${JSON.stringify(userId)} unencrypted, and this store was given encryption (move the users of a clear file over to a new encrypted one)`);
      }
      if (!encrypted && typeof entry === 'string') throw corrupt(`holds the token of user ${JSON.stringify(userId)} encrypted, and this store was given no encryption`);
      if (encrypted ? typeof entry !== 'string' || entry === '' : !isStoredToken(entry, userId)) throw corrupt(`has an invalid entry for user ${JSON.stringify(userId)}`);
      result.set(userId, entry as Entry);
    }
    return result;
  }

  /** Read, change and write the file under the write lock; `change` says whether anything changed. */
  #update(change: (users: Map<string, Entry>) => boolean | Promise<boolean>): Promise<void> {
    // The lock file is made before the directory is checked (by the read): it is created with
    // O_EXCL and a hard link, which never follow a link planted in its place.
    return withLock(`${this.path}.lock`, this.#timings, async () => {
      await this.#checkDirectory();
      await this.#tighten();
      const users = await this.#read();
      if (!(await change(users))) return;
      await this.#removeLeftovers();
      await this.#write(users);
    });
  }

  /**
   * On the first write, a store file readable by others is made 0600 before anything else,
   * through a handle of the file itself (never of a link's target).
   */
  async #tighten(): Promise<void> {
    if (this.#tightened) return;
    const handle = await this.#open();
    if (handle) {
      try {
        if (((await handle.stat()).mode & 0o077) !== 0) await handle.chmod(0o600);
      } finally {
        await handle.close();
      }
    }
    this.#tightened = true;
  }

  /** Temporary files start with the store's name, then the writer's PID. */
  #temporaryPath(): string {
    return join(dirname(this.path), `${basename(this.path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  }

  /** The new content goes to a temporary file, flushed to disk, then renamed over the store. */
  async #write(users: Map<string, Entry>): Promise<void> {
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
