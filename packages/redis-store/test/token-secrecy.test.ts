import type { TokenEncryption, UserToken } from '@platform/auth';
import { PlatformError } from '@platform/core';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisTokenStore, type RedisTokenStore, type RedisTokenStoreOptions } from '../src/index';
import { startRedis, type TestRedis } from './redis-server';

let server: TestRedis;
let admin: Redis;
const stores: RedisTokenStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
  admin = new Redis(server.url);
  admin.on('error', () => undefined);
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function open(options: Partial<RedisTokenStoreOptions> = {}): { store: RedisTokenStore; hash: string } {
  const prefix = `secrecy${++prefixes}:`;
  const store = redisTokenStore({ url: server.url, prefix, ...options });
  stores.push(store);
  return { store, hash: `${prefix}tokens` };
}

const alice: UserToken = {
  userId: '11',
  login: 'alice',
  accessToken: 'AT_11_secret_access_token',
  refreshToken: 'RT_11_secret_refresh_token',
  scopes: ['chat:read'],
  expiresAt: 1_767_225_600_000,
};

/** How an error looks to `console.error(error)` and to a logger that walks every property. */
const printed = (error: unknown) => inspect(error, { depth: Infinity, showHidden: true, getters: true });

/** The rejection of a call. */
async function rejection(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => {
      throw new Error('resolved, but should have failed');
    },
    (caught: unknown) => caught,
  );
}

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

describe('a failing Redis write holds no token, inspected to any depth', () => {
  it('WRONGTYPE (the hash key holds a string)', async () => {
    const { store, hash } = open();
    await admin.set(hash, 'not a hash');
    const error = await rejection(() => store.set(alice));
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toBe(`Redis at ${server.url} failed while saving the token of user 11: WRONGTYPE Operation against a key holding the wrong kind of value`);
    // The cause is kept (the command's name), without its arguments.
    expect(((error as Error).cause as { command?: unknown }).command).toEqual({ name: 'hset' });
    for (const secret of [alice.accessToken, alice.refreshToken!, 'secret_access', 'secret_refresh']) expect(printed(error)).not.toContain(secret);
    // The same under the user's lock, where the write is tried again for a lease before it fails.
    const locked = open({ lockLeaseMs: 300 });
    await admin.set(locked.hash, 'not a hash');
    const late = await rejection(() => locked.store.lock('11', () => locked.store.set(alice)));
    expect((late as Error).message).toContain('WRONGTYPE');
    expect(printed(late)).not.toContain('secret_');
  });

  it('READONLY (a replica after a failover)', async () => {
    const { store } = open();
    // The test server follows a primary that does not exist: it takes no write.
    await admin.replicaof('127.0.0.1', 1);
    try {
      const error = await rejection(() => store.set(alice));
      expect((error as Error).message).toMatch(new RegExp(`^Redis at ${server.url.replace(/\./g, '\\.')} failed while saving the token of user 11: READONLY `));
      expect(printed(error)).not.toContain('secret_');
    } finally {
      await admin.replicaof('NO', 'ONE');
    }
  });

  it('with encryption, the failing write holds neither the token nor its encrypted text', async () => {
    const seen: string[] = [];
    const cipher = aesGcm(randomBytes(32));
    const { store, hash } = open({ encryption: { encrypt: (text) => (seen.push(cipher.encrypt(text) as string), seen.at(-1)!), decrypt: cipher.decrypt } });
    await admin.set(hash, 'not a hash');
    const error = await rejection(() => store.set(alice));
    expect(seen).toHaveLength(1);
    expect(printed(error)).not.toContain(seen[0]!);
    expect(printed(error)).not.toContain('secret_');
  });
});

describe('encryption', () => {
  const key = randomBytes(32);

  it('Redis holds no token, only encrypted values; get and list give the tokens back', async () => {
    const { store, hash } = open({ encryption: aesGcm(key) });
    await store.set(alice);
    await store.set({ userId: '12', accessToken: 'AT_12_secret_access_token', scopes: [] });
    const raw = await admin.hgetall(hash);
    expect(Object.keys(raw).sort()).toEqual(['11', '12']);
    for (const value of Object.values(raw)) {
      expect(value).not.toContain('secret_');
      expect(value).not.toContain('chat:read');
      expect(() => JSON.parse(value) as unknown).toThrow();
    }
    expect(await store.get('11')).toEqual(alice);
    const again = open({ encryption: aesGcm(key), prefix: hash.replace(/tokens$/, '') });
    expect((await again.store.list()).map((token) => token.userId).sort()).toEqual(['11', '12']);
  });

  it('async hooks (a key service) work too', async () => {
    const cipher = aesGcm(key);
    const { store, hash } = open({ encryption: { encrypt: async (text) => cipher.encrypt(text), decrypt: async (text) => cipher.decrypt(text) } });
    await store.set(alice);
    expect(await admin.hget(hash, '11')).not.toContain('secret_');
    expect(await store.get('11')).toEqual(alice);
  });

  it('a wrong key, or a clear value: a clear error naming the user, without the value or a token', async () => {
    const { store, hash } = open({ encryption: aesGcm(key) });
    await store.set(alice);
    const stored = (await admin.hget(hash, '11'))!;
    const wrong = open({ encryption: aesGcm(randomBytes(32)), prefix: hash.replace(/tokens$/, '') });
    for (const call of [() => wrong.store.get('11'), () => wrong.store.list()]) {
      const error = await rejection(call);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as Error).message).toBe(
        `The token of user 11 in Redis at ${server.url} (${hash}) could not be decrypted: decrypt failed (a wrong key, or a value not written with this encryption).`,
      );
      expect(printed(error)).not.toContain(stored);
      expect(printed(error)).not.toContain('secret_');
    }
    // A clear value left from before encryption was turned on.
    await admin.hset(hash, '12', JSON.stringify({ userId: '12', accessToken: 'AT_12_secret_access_token', scopes: [] }));
    const clear = await rejection(() => store.get('12'));
    expect((clear as Error).message).toContain('could not be decrypted: decrypt failed');
    expect(printed(clear)).not.toContain('secret_');
    // A decrypt that gives other text is refused without quoting it.
    const garbled = open({ encryption: { encrypt: (text) => text, decrypt: () => '{"userId":"11","accessToken":"AT_11_secret_access_token"' }, prefix: hash.replace(/tokens$/, '') });
    const other = await rejection(() => garbled.store.get('11'));
    expect((other as Error).message).toContain('could not be decrypted: decrypt gave something that is not its token');
    expect(printed(other)).not.toContain('secret_');
  });

  it('a failing encrypt saves nothing; bad hooks are refused', async () => {
    const { store, hash } = open({
      encryption: {
        encrypt: () => Promise.reject(new Error('the key service is away')),
        decrypt: (text) => text,
      },
    });
    const error = await rejection(() => store.set(alice));
    expect((error as Error).message).toBe('redisTokenStore(): encrypt failed for the token of user 11, so it was not saved.');
    expect(((error as Error).cause as Error).message).toBe('the key service is away');
    expect(await admin.exists(hash)).toBe(0);
    const empty = open({ encryption: { encrypt: () => '', decrypt: (text) => text } });
    await expect(empty.store.set(alice)).rejects.toThrow('redisTokenStore(): encrypt must return a non-empty string; the token of user 11 was not saved.');
    expect(() => redisTokenStore({ url: server.url, encryption: { encrypt: (text: string) => text } as TokenEncryption })).toThrow(
      'redisTokenStore(): encryption must be { encrypt(text), decrypt(text) }, two functions.',
    );
  });
});

describe('an ACL user with only what the token store needs (the README\'s rule)', () => {
  // The README's line, word for word: its keys, its commands, nothing else.
  const rule = 'on >a-long-random-password resetkeys ~platform:* resetchannels -@all +hget +hset +hdel +hgetall +set +get +pexpire +del +eval +info';

  it('is enough for every call of the store and its lock, and keeps the user away from other keys and commands', async () => {
    await admin.call('ACL', 'SETUSER', 'platform-tokens', ...rule.split(' '));
    const url = server.url.replace('redis://', 'redis://platform-tokens:a-long-random-password@');
    const store = redisTokenStore({ url, encryption: aesGcm(randomBytes(32)) });
    stores.push(store);
    await store.set(alice);
    expect(await store.get('11')).toEqual(alice);
    expect(await store.list()).toEqual([alice]);
    expect(await store.lock('11', async () => store.get('11'))).toEqual(alice);
    await store.delete('11');
    expect(await store.list()).toEqual([]);
    const elsewhere = redisTokenStore({ url, prefix: 'other:' });
    stores.push(elsewhere);
    await expect(elsewhere.get('11')).rejects.toThrow('NOPERM');
    const client = new Redis(url);
    client.on('error', () => undefined);
    try {
      await expect(client.config('GET', 'requirepass')).rejects.toThrow('NOPERM');
      await expect(client.keys('*')).rejects.toThrow('NOPERM');
    } finally {
      client.disconnect();
    }
  });
});
