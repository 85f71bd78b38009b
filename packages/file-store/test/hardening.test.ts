import type { TokenEncryption, UserToken } from '@platform/auth';
import { spawnSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTokenStore, FileTokenStoreError } from '../src/index';
import { jsonErrorOffset, lineAndColumn } from '../src/json-position';
import { temporaryDirectory } from './helpers';

let dir: string;
let remove: () => Promise<void>;
beforeEach(async () => {
  ({ dir, remove } = await temporaryDirectory());
});
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await remove();
});

const token = (userId: string): UserToken => ({
  userId,
  login: `login-${userId}`,
  accessToken: `AT_${userId}_secret_access`,
  refreshToken: `RT_${userId}_secret_refresh`,
  scopes: ['chat:read'],
  expiresAt: 1_900_000_000_000,
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o7777;

/** What a call rejected with; it must hold no token, however deep it is printed. */
async function failure(call: () => Promise<unknown>, ...secrets: string[]): Promise<FileTokenStoreError> {
  const error = await call().then(
    () => {
      throw new Error('resolved, but should have been refused');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileTokenStoreError);
  const printed = inspect(error, { depth: Infinity, showHidden: true });
  for (const secret of ['_secret_access', '_secret_refresh', 'AT_11_secr', ...secrets]) expect(printed).not.toContain(secret);
  return error as FileTokenStoreError;
}

describe('symbolic links: the store path must be the file itself', () => {
  it('a store path that links to another file is refused; the target is neither read, written nor chmodded', async () => {
    const target = join(dir, 'elsewhere.json');
    const content = JSON.stringify({ version: 1, users: { '11': token('11') } });
    await writeFile(target, content);
    await chmod(target, 0o644);
    const path = join(dir, 'tokens.json');
    await symlink(target, path);
    const store = new FileTokenStore(path);
    const message = `The token store file ${path} is a symbolic link. It is refused, so that no token is read from or written to another file and no permission is changed there: give the path of the file itself.`;
    for (const call of [() => store.set(token('22')), () => store.delete('11'), () => store.get('11'), () => store.list()]) {
      const error = await failure(call);
      expect(error).toMatchObject({ code: 'symlink', path, message });
    }
    expect(await modeOf(target)).toBe(0o644);
    expect(await readFile(target, 'utf8')).toBe(content);
    expect((await readdir(dir)).sort()).toEqual(['elsewhere.json', 'tokens.json']);
  });

  it('a link to nothing (a file an attacker would have the store create) is refused too', async () => {
    const path = join(dir, 'tokens.json');
    await symlink(join(dir, 'created-through-the-link.json'), path);
    await expect(new FileTokenStore(path).set(token('11'))).rejects.toMatchObject({ code: 'symlink' });
    expect((await readdir(dir)).sort()).toEqual(['tokens.json']);
  });

  it('a directory or a pipe in place of the file is refused, without blocking on the pipe', async () => {
    const directory = join(dir, 'tokens.json');
    await mkdir(directory);
    await expect(new FileTokenStore(directory).list()).rejects.toMatchObject({
      code: 'not-a-file',
      message: `The token store path ${directory} is not a regular file (a directory, a device or a pipe): give the path of a file.`,
    });
    const pipe = join(dir, 'pipe.json');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    await expect(new FileTokenStore(pipe).get('11')).rejects.toMatchObject({ code: 'not-a-file' });
    await expect(new FileTokenStore(pipe).set(token('11'))).rejects.toMatchObject({ code: 'not-a-file' });
  });

  it('a directory reached through a link is fine (it is where the file is that counts)', async () => {
    const real = join(dir, 'real');
    await mkdir(real, { mode: 0o700 });
    await symlink(real, join(dir, 'linked'));
    const store = new FileTokenStore(join(dir, 'linked', 'tokens.json'));
    await store.set(token('11'));
    expect(await store.get('11')).toEqual(token('11'));
    expect(await readdir(real)).toEqual(['tokens.json']);
  });
});

describe('the directory must be writable by its owner only', () => {
  it.each([
    ['group-writable', 0o770],
    ['world-writable', 0o777],
    ['world-writable with the sticky bit (as /tmp)', 0o1777],
  ])('%s: refused for reads, writes and locks, naming the directory and its mode', async (_name, mode) => {
    const shared = join(dir, 'shared');
    await mkdir(shared);
    await chmod(shared, mode);
    const path = join(shared, 'tokens.json');
    await writeFile(path, JSON.stringify({ version: 1, users: { '11': token('11') } }), { mode: 0o600 });
    const store = new FileTokenStore(path);
    const message = `The directory ${shared} of the token store file is writable by its group or by all users (mode 0${mode.toString(8)}), so another user could replace the store or its lock files. Allow writes by its owner only (chmod go-w ${shared}), or keep the store in a directory of its own.`;
    for (const call of [() => store.get('11'), () => store.list(), () => store.set(token('22')), () => store.delete('11'), () => store.lock('11', () => Promise.resolve())]) {
      expect(await failure(call)).toMatchObject({ code: 'unsafe-directory', path: shared, message });
    }
    // Nothing was changed or left behind.
    expect(await readdir(shared)).toEqual(['tokens.json']);
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).users)).toEqual(['11']);
    // Once tightened, the store works.
    await chmod(shared, 0o755);
    await store.set(token('22'));
    expect((await store.list()).map((each) => each.userId).sort()).toEqual(['11', '22']);
  });
});

describe('a corrupt file: the error tells where, never what', () => {
  it('reports the line and column of the fault, and keeps no SyntaxError that quotes the file', async () => {
    const path = join(dir, 'tokens.json');
    const content = '{\n  "version": 1,\n  "users": { "11": { "userId": "11", "accessToken": AT_11_secret_access } }\n}\n';
    await writeFile(path, content);
    const error = await failure(() => new FileTokenStore(path).list());
    expect(error.code).toBe('corrupt');
    expect(error.message).toBe(
      `The token store file ${path} is not valid JSON (at line 3, column 53). It is left as it is so that no user is lost: repair it, or move it away to start with an empty store.`,
    );
    expect(error.cause).toBeUndefined();
    expect(content.split('\n')[2]!.slice(52)).toMatch(/^AT_11_secret_access/);
  });

  it('a file cut short, and a version that is not a number, are told without their content', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(path, '{"version":1,"users":{"11":{"userId":"11","accessToken":"AT_11_secret_acc');
    expect((await failure(() => new FileTokenStore(path).get('11'))).message).toContain(' is not valid JSON (it ends too early). ');
    await writeFile(path, '{"version":"AT_11_secret_access","users":{}}');
    expect((await failure(() => new FileTokenStore(path).get('11'))).message).toContain(' has no format version; this version of @platform/file-store reads version 1. ');
    await writeFile(path, '{"version":2,"users":{}}');
    expect((await failure(() => new FileTokenStore(path).get('11'))).message).toContain(' has format version 2; this version of @platform/file-store reads version 1. ');
  });

  it('finds the first fault of any text that JSON.parse refuses, and none in a text it takes', () => {
    const valid = ['{}', '[]', ' 1 ', '-0.5e+3', '"a\\u00e9\\n"', 'true', 'null', '{"a":[1,{"b":false}],"c":"\\""}', '\n\t{ "x" : [ ] }\r\n'];
    for (const text of valid) expect(jsonErrorOffset(text), text).toBeUndefined();
    const invalid: [string, number][] = [
      ['', 0],
      ['{', 1],
      ['{"a":1,}', 7],
      ['[1 2]', 3],
      ['01', 1],
      ['"a\nb"', 2],
      ['"\\x"', 2],
      ['"\\u12G4"', 5],
      ['{"a" 1}', 5],
      ['{a:1}', 1],
      ['tru', 0],
      ['[1,]', 3],
      ['-', 0],
      ['1.', 1],
      ['{} x', 3],
      ['\uFEFF{}', 0],
    ];
    for (const [text, offset] of invalid) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(jsonErrorOffset(text), text).toBe(offset);
    }
    // Too deep to walk: the place is left out (the message then says "is not valid JSON").
    expect(jsonErrorOffset('['.repeat(200_000))).toBeUndefined();
    expect(lineAndColumn('ab\ncd\nef', 7)).toEqual({ line: 3, column: 2 });
    expect(lineAndColumn('ab', 0)).toEqual({ line: 1, column: 1 });
  });
});

/** AES-256-GCM, as the README shows it. */
function aesGcm(key: Buffer): TokenEncryption {
  return {
    encrypt(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(text) {
      const data = Buffer.from(text, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

describe('encryption', () => {
  const key = randomBytes(32);

  it('the file holds user IDs and encrypted entries, no token; the tokens come back as they were', async () => {
    const path = join(dir, 'tokens.json');
    const store = new FileTokenStore(path, { encryption: aesGcm(key) });
    await store.set(token('11'));
    await store.set(token('22'));
    const raw = await readFile(path, 'utf8');
    expect(raw).not.toContain('_secret_');
    expect(raw).not.toContain('chat:read');
    const file = JSON.parse(raw) as { version: number; users: Record<string, unknown> };
    expect(file.version).toBe(1);
    expect(Object.keys(file.users).sort()).toEqual(['11', '22']);
    expect(Object.values(file.users).every((entry) => typeof entry === 'string')).toBe(true);
    expect(await store.get('11')).toEqual(token('11'));
    expect((await new FileTokenStore(path, { encryption: aesGcm(key) }).list()).sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([token('11'), token('22')]);
    await store.delete('11');
    expect(await store.get('11')).toBeUndefined();
  });

  it('async hooks work too', async () => {
    const sync = aesGcm(key);
    const store = new FileTokenStore(join(dir, 'tokens.json'), {
      encryption: { encrypt: async (text) => sync.encrypt(text), decrypt: async (text) => sync.decrypt(text) },
    });
    await store.set(token('11'));
    expect(await readFile(join(dir, 'tokens.json'), 'utf8')).not.toContain('_secret_');
    expect(await store.get('11')).toEqual(token('11'));
  });

  it('a wrong key: a clear error with the user ID and no content; the file is left as it is', async () => {
    const path = join(dir, 'tokens.json');
    await new FileTokenStore(path, { encryption: aesGcm(key) }).set(token('11'));
    const before = await readFile(path, 'utf8');
    const entry = (JSON.parse(before) as { users: Record<string, string> }).users['11']!;
    const wrong = new FileTokenStore(path, { encryption: aesGcm(randomBytes(32)) });
    const error = await failure(() => wrong.get('11'), entry);
    expect(error).toMatchObject({ code: 'encryption', path });
    expect(error.message).toBe(
      `The token of user "11" in ${path} could not be decrypted: decrypt failed (a wrong key, or an entry not written with this encryption). The file is left as it is.`,
    );
    // A decrypt that gives other text (a cipher without authentication) is refused the same way, without quoting it.
    const garbled = new FileTokenStore(path, { encryption: { encrypt: (text) => text, decrypt: () => '{"userId":"11","accessToken":AT_11_secret_access' } });
    expect((await failure(() => garbled.list())).message).toContain(' could not be decrypted: decrypt gave something that is not its token (');
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('a clear file read with encryption, or an encrypted one without, is refused (nothing is mixed)', async () => {
    const path = join(dir, 'tokens.json');
    await new FileTokenStore(path).set(token('11'));
    const plain = await failure(() => new FileTokenStore(path, { encryption: aesGcm(key) }).get('11'));
    expect(plain).toMatchObject({ code: 'corrupt' });
    expect(plain.message).toContain(' holds the token of user "11" unencrypted, and this store was given encryption ');
    const encryptedPath = join(dir, 'encrypted.json');
    await new FileTokenStore(encryptedPath, { encryption: aesGcm(key) }).set(token('11'));
    expect((await failure(() => new FileTokenStore(encryptedPath).list())).message).toContain(' holds the token of user "11" encrypted, and this store was given no encryption');
  });

  it('a failing encrypt writes nothing; bad hooks are refused', async () => {
    const path = join(dir, 'tokens.json');
    const failing = new FileTokenStore(path, {
      encryption: {
        encrypt: () => {
          throw new Error('the key service is away');
        },
        decrypt: (text) => text,
      },
    });
    const error = await failure(() => failing.set(token('11')));
    expect(error).toMatchObject({ code: 'encryption', message: `The token of user "11" could not be encrypted for ${path}: encrypt failed, so nothing was written.` });
    expect((error.cause as Error).message).toBe('the key service is away');
    const empty = new FileTokenStore(path, { encryption: { encrypt: () => '', decrypt: (text) => text } });
    expect((await failure(() => empty.set(token('11')))).message).toContain('encrypt must return a non-empty string');
    expect(await readdir(dir)).toEqual([]);
    expect(() => new FileTokenStore(path, { encryption: { encrypt: (text: string) => text } as TokenEncryption })).toThrow(
      'FileTokenStore: encryption must be { encrypt(text), decrypt(text) }, two functions.',
    );
  });
});
