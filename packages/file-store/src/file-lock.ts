import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, stat, unlink, utimes, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileTokenStoreError } from './errors';

/** How long to wait for a lock, and when a lock counts as abandoned. */
export interface LockTimings {
  /** Give up after waiting this long for a lock held by someone else. */
  timeoutMs: number;
  /** A lock whose holder has not touched it for this long is abandoned. */
  staleMs: number;
}

/** What a holder writes into its lock file. */
interface LockOwner {
  pid: number;
  hostname: string;
  /** Epoch ms. */
  acquiredAt: number;
}

/** A lock file as seen by someone waiting for it. */
interface Observed {
  ino: number;
  mtimeMs: number;
  owner: LockOwner | undefined;
}

/** A lock file whose content was never written is abandoned after this long (its holder writes it at once). */
const unwrittenGraceMs = 2_000;
const firstDelayMs = 2;
const maxDelayMs = 50;

/** The error code of a failed file system call. */
export function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Whether a process of this machine is running. `EPERM` means it runs under another user; only
 * `ESRCH` says it is gone.
 */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) !== 'ESRCH';
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, hostname: host, acquiredAt } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || typeof host !== 'string') return undefined;
    return { pid, hostname: host, acquiredAt: typeof acquiredAt === 'number' ? acquiredAt : Number.NaN };
  } catch {
    return undefined;
  }
}

async function observe(path: string): Promise<Observed | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    // One handle for both, so that the time stamp and the content are those of the same file.
    const info = await handle.stat();
    const text = await handle.readFile('utf8');
    return { ino: info.ino, mtimeMs: info.mtimeMs, owner: parseOwner(text) };
  } finally {
    await handle.close();
  }
}

/**
 * Whether a lock is abandoned: its holder, on this machine, is no longer running, or it has not
 * touched the lock (holders do so every third of `staleMs`) for `staleMs`.
 */
function isStale(seen: Observed, staleMs: number): boolean {
  const age = Date.now() - seen.mtimeMs;
  if (!seen.owner) return age > Math.min(staleMs, unwrittenGraceMs);
  if (seen.owner.hostname === hostname() && !processAlive(seen.owner.pid)) return true;
  return age > staleMs;
}

/**
 * Removes an abandoned lock, unless it changed since it was judged (a new holder took it, or its
 * holder woke up and touched it). The lock is first renamed away (atomic), then checked: a lock
 * that turns out to be alive is linked back in place.
 */
async function breakLock(path: string, seen: Observed): Promise<void> {
  const grave = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(path, grave);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = await stat(grave);
    if (moved.ino !== seen.ino || moved.mtimeMs !== seen.mtimeMs) {
      // EEXIST: yet another process took the lock in the instant it was away; nothing to restore.
      await link(grave, path).catch(() => undefined);
    }
  } finally {
    await unlink(grave).catch(() => undefined);
  }
}

function describeHolder(seen: Observed | undefined): string {
  if (!seen?.owner) return 'by an unknown holder';
  const since = Number.isFinite(seen.owner.acquiredAt) ? ` since ${new Date(seen.owner.acquiredAt).toISOString()}` : '';
  return `by process ${seen.owner.pid} on ${seen.owner.hostname}${since}`;
}

/**
 * Takes the lock file `path`: creates it, with the holder's PID and host in it, only if it does
 * not exist (see `tryCreate`); waits with a small backoff while another holder has
 * it; breaks it when abandoned. Resolves with the function that releases it. While held, the lock
 * file's time stamp is refreshed every third of `staleMs`, so that a live holder is never taken
 * for a dead one however long it keeps the lock.
 */
export async function acquireLock(path: string, timings: LockTimings): Promise<() => Promise<void>> {
  const deadline = Date.now() + timings.timeoutMs;
  let delay = firstDelayMs;
  for (;;) {
    const held = await tryCreate(path);
    if (held) return holding(path, held, timings.staleMs);
    const seen = await observe(path);
    if (!seen) continue;
    if (isStale(seen, timings.staleMs)) {
      await breakLock(path, seen);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new FileTokenStoreError(
        'lock-timeout',
        path,
        `Timed out after ${timings.timeoutMs} ms waiting for the lock file ${path}, held ${describeHolder(seen)}. If no process holds it any more, delete the file.`,
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, maxDelayMs);
  }
}

/** Opens a new file that must not exist, making its directory (mode 0700) when missing. */
async function createExclusive(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    return open(path, 'wx', 0o600);
  }
}

/** What `link()` answers on file systems without hard links: the lock is then created in place. */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates the lock file with its content already in it: the holder's PID goes to a temporary file
 * (created with `open(…, 'wx')`), which is then hard-linked to the lock's name, an atomic step that
 * fails when the lock exists. A holder killed at any moment never leaves an empty lock, which others
 * could only break after a delay. Resolves with the lock's inode, or undefined when it exists.
 */
async function tryCreate(path: string): Promise<number | undefined> {
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), acquiredAt: Date.now() };
  const content = JSON.stringify(owner);
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await createExclusive(temporary);
  try {
    let ino: number;
    try {
      await handle.writeFile(content);
      ino = (await handle.stat()).ino;
    } finally {
      await handle.close();
    }
    try {
      await link(temporary, path);
      return ino;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EEXIST') return undefined;
      if (code !== undefined && noHardLinks.has(code)) return await createInPlace(path, content);
      throw error;
    }
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/** The lock created by `open(path, 'wx')`, then written: for file systems without hard links. */
async function createInPlace(path: string, content: string): Promise<number | undefined> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return undefined;
    throw error;
  }
  try {
    await handle.writeFile(content);
    const { ino } = await handle.stat();
    await handle.close();
    return ino;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
}

/** Keeps a held lock fresh; the returned function releases it (and never throws). */
function holding(path: string, ino: number, staleMs: number): () => Promise<void> {
  const ours = async (): Promise<boolean> => {
    try {
      return (await stat(path)).ino === ino;
    } catch {
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    void ours().then(async (mine) => {
      if (!mine) return;
      const now = new Date();
      await utimes(path, now, now).catch(() => undefined);
    });
  }, Math.max(1, Math.floor(staleMs / 3)));
  heartbeat.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    // Never remove a lock that is no longer ours (broken as abandoned, then taken by another).
    if (await ours()) await unlink(path).catch(() => undefined);
  };
}

/** The holders of this process, one after another per lock file, so that they wait without polling. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while holding the lock file `path`, and releases it when `work` settles. Callers of
 * this process line up in memory first; only the one at the front polls the file.
 */
export function withLock<T>(path: string, timings: LockTimings, work: () => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const release = await acquireLock(path, timings);
    try {
      return await work();
    } finally {
      await release();
    }
  };
  const result = (queues.get(path) ?? Promise.resolve()).then(run, run);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return result;
}
