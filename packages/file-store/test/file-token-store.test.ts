import type { UserToken } from '@platform/auth';
import { spawnSync } from 'node:child_process';
import { chmod, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTokenStore, FileTokenStoreError } from '../src/index';
import { temporaryDirectory } from './helpers';

let dir: string;
let remove: () => Promise<void>;
beforeEach(async () => {
  ({ dir, remove } = await temporaryDirectory());
});
afterEach(async () => {
  await remove();
});

const token = (userId: string, extra: Partial<UserToken> = {}): UserToken => ({
  userId,
  login: `login-${userId}`,
  accessToken: `access-${userId}`,
  refreshToken: `refresh-${userId}`,
  scopes: ['chat:read'],
  expiresAt: 1_900_000_000_000,
  ...extra,
});

/** The PID of a process that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('reading and writing', () => {
  it('round trip: set, get, list, delete; another object on the same file sees the same users', async () => {
    const path = join(dir, 'tokens.json');
    const store = new FileTokenStore(path);
    expect(await store.get('11')).toBeUndefined();
    expect(await store.list()).toEqual([]);
    await store.set(token('11'));
    await store.set(token('22', { refreshToken: undefined, expiresAt: undefined }));
    expect(await store.get('11')).toEqual(token('11'));
    expect(await store.get('22')).toEqual({ userId: '22', login: 'login-22', accessToken: 'access-22', scopes: ['chat:read'] });
    const other = new FileTokenStore(path);
    expect((await other.list()).map((each) => each.userId).sort()).toEqual(['11', '22']);
    await other.set(token('11', { accessToken: 'renewed' }));
    expect((await store.get('11'))!.accessToken).toBe('renewed');
    await store.delete('22');
    await store.delete('nobody');
    expect((await other.list()).map((each) => each.userId)).toEqual(['11']);
  });

  it('gives copies: changing what it returned or was given changes nothing stored', async () => {
    const store = new FileTokenStore(join(dir, 'tokens.json'));
    const given = token('11');
    await store.set(given);
    given.scopes.push('changed');
    const read = (await store.get('11'))!;
    read.scopes.push('also changed');
    expect((await store.get('11'))!.scopes).toEqual(['chat:read']);
  });

  it('writes { version: 1, users: { <userId>: UserToken } }', async () => {
    const path = join(dir, 'tokens.json');
    await new FileTokenStore(path).set(token('11'));
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ version: 1, users: { '11': token('11') } });
  });

  it('a missing file or directory reads as empty; the directory is made on the first write', async () => {
    const path = join(dir, 'deeper', 'still', 'tokens.json');
    const store = new FileTokenStore(path);
    expect(await store.list()).toEqual([]);
    await store.delete('11');
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.set(token('11'));
    expect(await store.list()).toHaveLength(1);
  });

  it('an empty file reads as empty (it holds no user)', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(path, '');
    const store = new FileTokenStore(path);
    expect(await store.list()).toEqual([]);
    await store.set(token('11'));
    expect(await store.list()).toHaveLength(1);
  });

  it('a corrupt file is an error naming the file, and is never overwritten', async () => {
    const path = join(dir, 'tokens.json');
    const cases = ['{"version":1,"users":{"11":', '[]', '{"version":2,"users":{}}', '{"version":1}', '{"version":1,"users":{"11":{"userId":"12","accessToken":"a","scopes":[]}}}'];
    for (const content of cases) {
      await writeFile(path, content);
      const store = new FileTokenStore(path);
      const error = await store.list().catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(FileTokenStoreError);
      expect(error).toMatchObject({ code: 'corrupt', path });
      expect((error as Error).message).toContain(`The token store file ${path} `);
      expect((error as Error).message).toContain('left as it is so that no user is lost');
      await expect(store.get('11')).rejects.toBeInstanceOf(FileTokenStoreError);
      await expect(store.set(token('22'))).rejects.toMatchObject({ code: 'corrupt' });
      await expect(store.delete('11')).rejects.toMatchObject({ code: 'corrupt' });
      expect(await readFile(path, 'utf8')).toBe(content);
    }
    const error = await new FileTokenStore(path).list().catch((failure: unknown) => failure);
    expect((error as Error).message).toBe(
      `The token store file ${path} has an invalid entry for user "11". It is left as it is so that no user is lost: repair it, or move it away to start with an empty store.`,
    );
  });

  it('refuses what is not a token, and bad options', async () => {
    const store = new FileTokenStore(join(dir, 'tokens.json'));
    await expect(async () => store.set({ userId: '', accessToken: 'a', scopes: [] })).rejects.toThrow(TypeError);
    await expect(async () => store.set(null as unknown as UserToken)).rejects.toThrow('FileTokenStore.set() takes a UserToken');
    expect(() => new FileTokenStore('')).toThrow('needs the path');
    expect(() => new FileTokenStore('x', { staleLockMs: -1 })).toThrow('staleLockMs must be a positive number of milliseconds; got -1.');
    expect(() => new FileTokenStore('x', { lockTimeoutMs: Number.NaN })).toThrow('lockTimeoutMs');
  });

  it('writes of one process happen in the order they were made', async () => {
    const path = join(dir, 'new-directory', 'tokens.json');
    const stores = [new FileTokenStore(path), new FileTokenStore(path)];
    await Promise.all(Array.from({ length: 10 }, (_, index) => stores[index % 2]!.set(token('11', { accessToken: `v${index}` }))));
    expect((await stores[0]!.get('11'))!.accessToken).toBe('v9');
  });

  it('many concurrent writes of two objects on the same file lose nothing', async () => {
    const path = join(dir, 'tokens.json');
    const first = new FileTokenStore(path);
    const second = new FileTokenStore(path);
    await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? first : second).set(token(String(index)))));
    expect((await first.list()).length).toBe(40);
    expect((await readdir(dir)).sort()).toEqual(['tokens.json']);
  });
});

describe('permissions', () => {
  it('the file is created with mode 0600', async () => {
    const path = join(dir, 'tokens.json');
    const previous = process.umask(0);
    try {
      await new FileTokenStore(path).set(token('11'));
    } finally {
      process.umask(previous);
    }
    expect(await modeOf(path)).toBe(0o600);
  });

  it('an existing file with looser permissions is tightened to 0600 on the first write', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(path, JSON.stringify({ version: 1, users: { '11': token('11') } }));
    await chmod(path, 0o644);
    const store = new FileTokenStore(path);
    expect(await store.list()).toHaveLength(1);
    expect(await modeOf(path)).toBe(0o644);
    await store.set(token('22'));
    expect(await modeOf(path)).toBe(0o600);
    expect((await store.list()).map((each) => each.userId).sort()).toEqual(['11', '22']);
  });
});

describe('leftovers of crashed writers', () => {
  it('temporary files are ignored by reads, and those of ended processes are removed by the next write', async () => {
    const path = join(dir, 'tokens.json');
    const store = new FileTokenStore(path);
    await store.set(token('11'));
    const crashed = join(dir, `tokens.json.${deadPid()}.0123456789ab.tmp`);
    const live = join(dir, `tokens.json.${process.pid}.ba9876543210.tmp`);
    const unrelated = join(dir, 'tokens.json.backup');
    await writeFile(crashed, '{"version":1,"users":{"11":');
    await writeFile(live, '{');
    await writeFile(unrelated, 'keep me');
    expect(await store.list()).toHaveLength(1);
    await store.set(token('22'));
    expect((await readdir(dir)).sort()).toEqual(['tokens.json', `tokens.json.${process.pid}.ba9876543210.tmp`, 'tokens.json.backup'].sort());
    // Once older than the stale-lock age, even a live process's temporary file is a leftover.
    const old = new Date(Date.now() - 60_000);
    await utimes(live, old, old);
    await new FileTokenStore(path, { staleLockMs: 30_000 }).set(token('33'));
    expect((await readdir(dir)).sort()).toEqual(['tokens.json', 'tokens.json.backup']);
  });
});

describe('the write lock', () => {
  const lockContent = (pid: number) => JSON.stringify({ pid, hostname: hostname(), acquiredAt: Date.now() });

  it('waits for a live holder, and fails after lockTimeoutMs naming the holder', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(`${path}.lock`, lockContent(process.pid));
    const store = new FileTokenStore(path, { lockTimeoutMs: 150 });
    const started = Date.now();
    const error = await store.set(token('11')).catch((failure: unknown) => failure);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(error).toBeInstanceOf(FileTokenStoreError);
    expect(error).toMatchObject({ code: 'lock-timeout', path: `${path}.lock` });
    expect((error as Error).message).toMatch(new RegExp(`^Timed out after 150 ms waiting for the lock file ${path}\\.lock, held by process ${process.pid} on `));
    // Reads take no lock.
    expect(await store.list()).toEqual([]);
  });

  it('a lock whose holder process has ended is broken at once', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(`${path}.lock`, lockContent(deadPid()));
    const store = new FileTokenStore(path, { lockTimeoutMs: 5_000 });
    const started = Date.now();
    await store.set(token('11'));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await readdir(dir)).sort()).toEqual(['tokens.json']);
  });

  it('a lock not refreshed for staleLockMs is broken, even when its PID is alive; an unwritten one after a short grace', async () => {
    const path = join(dir, 'tokens.json');
    const old = new Date(Date.now() - 10_000);
    await writeFile(`${path}.lock`, lockContent(process.pid));
    await utimes(`${path}.lock`, old, old);
    await new FileTokenStore(path, { staleLockMs: 5_000, lockTimeoutMs: 1_000 }).set(token('11'));
    // A holder that crashed between creating the lock and writing its PID.
    await writeFile(`${path}.lock`, '');
    await utimes(`${path}.lock`, old, old);
    await new FileTokenStore(path, { staleLockMs: 30_000, lockTimeoutMs: 1_000 }).set(token('22'));
    expect((await new FileTokenStore(path).list()).length).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(['tokens.json']);
  });
});

describe('lock(userId, work)', () => {
  it('runs work under a per-user lock file, returns its result and removes the lock file', async () => {
    const path = join(dir, 'tokens.json');
    const store = new FileTokenStore(path);
    const result = await store.lock('11', async () => {
      expect((await readdir(dir)).sort()).toEqual(['tokens.json.user-u-11.lock']);
      const content = JSON.parse(await readFile(`${path}.user-u-11.lock`, 'utf8'));
      expect(content).toMatchObject({ pid: process.pid, hostname: hostname() });
      expect(await modeOf(`${path}.user-u-11.lock`)).toBe(0o600);
      return 42;
    });
    expect(result).toBe(42);
    expect(await readdir(dir)).toEqual([]);
  });

  it('work may read and write the store (the write lock is another file)', async () => {
    const store = new FileTokenStore(join(dir, 'tokens.json'));
    await store.set(token('11'));
    const renewed = await store.lock('11', async () => {
      const current = await store.get('11');
      await store.set({ ...current!, accessToken: 'renewed' });
      await store.set(token('22'));
      return store.get('11');
    });
    expect(renewed!.accessToken).toBe('renewed');
    expect(await store.list()).toHaveLength(2);
  });

  it('is released when work throws', async () => {
    const store = new FileTokenStore(join(dir, 'tokens.json'));
    await expect(store.lock('11', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
    await expect(store.lock('11', () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('one holder per user at a time, across store objects; other users do not wait', async () => {
    const path = join(dir, 'tokens.json');
    const stores = [new FileTokenStore(path), new FileTokenStore(path)];
    const log: string[] = [];
    const hold = (store: FileTokenStore, userId: string, name: string, ms: number) =>
      store.lock(userId, async () => {
        log.push(`enter ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`exit ${name}`);
      });
    await Promise.all([hold(stores[0]!, '11', 'a', 60), hold(stores[1]!, '11', 'b', 10), hold(stores[0]!, '11', 'c', 10), hold(stores[1]!, '22', 'other', 10)]);
    const first = log.filter((line) => !line.endsWith('other'));
    for (let index = 0; index < first.length; index += 2) {
      expect(first[index + 1]).toBe(first[index]!.replace('enter', 'exit'));
    }
    // User 22's lock was taken and released while user 11's first holder slept.
    expect(log.indexOf('exit other')).toBeLessThan(log.indexOf('exit a'));
  });

  it('a user ID that cannot be a file name gets a hashed lock file name', async () => {
    const store = new FileTokenStore(join(dir, 'tokens.json'));
    await store.lock('../weird id/', async () => {
      const [name] = await readdir(dir);
      expect(name).toMatch(/^tokens\.json\.user-h-[0-9a-f]{32}\.lock$/);
    });
  });
});
