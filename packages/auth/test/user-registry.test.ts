import { createClient, PlatformAuthError, PlatformError, type TokenInvalidEvent } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore, type TokenStore, type UserToken } from '../src/index';
import { UserRegistry } from '../src/user-registry';

// The registry alone: the users kept in memory and in the store, and what is known of the removed
// ones. The identity and renewal tests reach it through client.auth and calls.

let mock: MockPlatform | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const alice: UserToken = { userId: '11', login: 'alice', accessToken: 'access-a', refreshToken: 'refresh-a', scopes: ['user:read:email'], expiresAt: undefined };

/** A registry over `store`, on a client of a mock platform; `changed` lists the users it was told about. */
async function registry(store: TokenStore = new MemoryTokenStore()) {
  mock = await createMockPlatform();
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
  mock.addUser({ id: '11', login: 'alice' });
  const client = createClient({ clientId: app.clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl });
  const core = clientCore(client);
  const changed: string[] = [];
  const users = new UserRegistry(core, store, (userId) => changed.push(userId));
  const invalid: TokenInvalidEvent[] = [];
  client.on('tokenInvalid', (event) => invalid.push(event));
  return { mock, app, client, core, store, users, changed, invalid };
}

describe('the user registry', () => {
  it('reads the store once; a store that failed is read again next time', async () => {
    const inner = new MemoryTokenStore();
    await inner.set(alice);
    let lists = 0;
    let failing = true;
    const store: TokenStore = {
      get: (userId) => inner.get(userId),
      set: (token) => inner.set(token),
      delete: (userId) => inner.delete(userId),
      list: async () => {
        lists++;
        if (failing) throw new PlatformError('The store is away.');
        return inner.list();
      },
    };
    const { users } = await registry(store);
    await expect(users.load()).rejects.toThrow('The store is away.');
    failing = false;
    await users.load();
    await users.load();
    expect(lists).toBe(2);
    expect(users.get('11')?.accessToken).toBe('access-a');
    expect(users.size).toBe(1);
  });

  it('registers a token in the store and in memory, hands out copies only, and tells of the change', async () => {
    const { users, store, changed } = await registry();
    const registered = await users.register(alice);
    registered.scopes.push('changed:by:caller');
    expect(users.get('11')?.scopes).toEqual(['user:read:email']);
    expect(await store.get('11')).toEqual(alice);
    const listed = await users.list();
    listed[0]!.accessToken = 'changed';
    expect(users.get('11')?.accessToken).toBe('access-a');
    expect(changed).toEqual(['11']);
  });

  it('forgets a user: store entry deleted, generation bumped, the reason kept for calls in flight, told of the change', async () => {
    const { users, store, changed } = await registry();
    await users.register(alice);
    const reason = new PlatformAuthError('Their authorization is dead.', { userId: '11' });
    expect(users.generation('11')).toBe(0);
    expect(await users.forget('11', undefined, reason)).toBeUndefined();
    expect(users.get('11')).toBeUndefined();
    expect(await store.get('11')).toBeUndefined();
    expect(users.generation('11')).toBe(1);
    expect(users.wasRemoved('11')).toBe(true);
    expect(users.removal('11')).toBe(reason);
    expect(changed).toEqual(['11', '11']);
    // Registered again: the removal no longer stands.
    await users.register(alice);
    expect(users.wasRemoved('11')).toBe(false);
  });

  it('does not forget a dead token whose user another process has renewed meanwhile: the newer token is returned', async () => {
    const { users, store } = await registry();
    await users.register(alice);
    const newer = { ...alice, accessToken: 'access-b', refreshToken: 'refresh-b' };
    await store.set(newer);
    expect(await users.forget('11', alice, undefined)).toEqual(newer);
    expect(users.generation('11')).toBe(0);
    expect(users.get('11')?.accessToken).toBe('access-a');
  });

  it('keeps a renewed token only while its user was not forgotten since', async () => {
    const { users } = await registry();
    await users.register(alice);
    const generation = users.generation('11');
    expect(users.keep('11', { ...alice, accessToken: 'access-b' }, generation).accessToken).toBe('access-b');
    await users.remove('11');
    expect(() => users.keep('11', alice, generation)).toThrow('User 11 was removed while their token was being renewed.');
    const reason = new PlatformAuthError('Refused for good.', { userId: '11' });
    await users.register(alice);
    await users.forget('11', undefined, reason);
    expect(() => users.keep('11', alice, generation)).toThrow(reason);
  });

  it('tells tokenInvalid listeners of a dead authorization', async () => {
    const { users, invalid } = await registry();
    const error = new PlatformAuthError('Refused for good.', { userId: '11' });
    users.invalid('11', error);
    expect(invalid).toEqual([{ userId: '11', error }]);
  });

  it('adds a user from a token the platform validates, with the lifetime of its answer', async () => {
    const { users, mock, app, core } = await registry();
    const issued = mock.issueToken({ clientId: app.clientId, userId: '11', scopes: ['user:read:email'], expiresIn: 3600 });
    const before = core.clock.now();
    const added = await users.add(issued.accessToken);
    expect(added).toMatchObject({ userId: '11', login: 'alice', accessToken: issued.accessToken, refreshToken: undefined, scopes: ['user:read:email'] });
    // What is left of the lifetime, in whole seconds.
    expect(added.expiresAt).toBeGreaterThan(before + 3_590_000);
    expect(added.expiresAt).toBeLessThanOrEqual(core.clock.now() + 3_600_000);
    await expect(users.add('')).rejects.toThrow('client.auth.addUser() takes an access token');
  });
});
