import type * as fsPromises from 'node:fs/promises';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FileTokenStore } from '../src/index';
import { temporaryDirectory } from './helpers';

/** When set, the next rename of a temporary file over the store fails, as a crash there would. */
const failure = vi.hoisted(() => ({ renameOnce: false, noHardLinks: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return {
    ...actual,
    rename: (from: string, to: string) => {
      if (failure.renameOnce && from.endsWith('.tmp')) {
        failure.renameOnce = false;
        return Promise.reject(Object.assign(new Error('EIO: simulated failure before the rename'), { code: 'EIO' }));
      }
      return actual.rename(from, to);
    },
    link: (from: string, to: string) => {
      if (failure.noHardLinks) return Promise.reject(Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' }));
      return actual.link(from, to);
    },
  };
});

let dir: string;
let remove: () => Promise<void>;
beforeEach(async () => {
  ({ dir, remove } = await temporaryDirectory());
});
afterEach(async () => {
  failure.renameOnce = false;
  failure.noHardLinks = false;
  await remove();
});

it('a failure between writing the temporary file and the rename leaves the old content intact', async () => {
  const path = join(dir, 'tokens.json');
  const store = new FileTokenStore(path);
  await store.set({ userId: '11', accessToken: 'old', scopes: [] });
  const before = await readFile(path, 'utf8');
  failure.renameOnce = true;
  await expect(store.set({ userId: '11', accessToken: 'new', scopes: [] })).rejects.toThrow('simulated failure before the rename');
  expect(await readFile(path, 'utf8')).toBe(before);
  expect((await store.get('11'))!.accessToken).toBe('old');
  // The temporary file and the write lock are gone; the next write goes through.
  expect(await readdir(dir)).toEqual(['tokens.json']);
  await store.set({ userId: '11', accessToken: 'new', scopes: [] });
  expect((await store.get('11'))!.accessToken).toBe('new');
});

it('on a file system without hard links, lock files are created in place with open(path, "wx")', async () => {
  failure.noHardLinks = true;
  const path = join(dir, 'tokens.json');
  const store = new FileTokenStore(path);
  await store.set({ userId: '11', accessToken: 'a', scopes: [] });
  await store.lock('11', async () => {
    expect(JSON.parse(await readFile(`${path}.user-u-11.lock`, 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() });
    await store.set({ userId: '11', accessToken: 'b', scopes: [] });
  });
  expect((await store.get('11'))!.accessToken).toBe('b');
  expect(await readdir(dir)).toEqual(['tokens.json']);
});
