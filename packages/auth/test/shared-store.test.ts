import { createClient } from '@platform/core';
import { createMockPlatform } from '@platform/mock';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { authOf, MemoryTokenStore, platformAuth, type TokenStore } from '../src/index';

/**
 * Two clients sharing one store, as two processes share a file. The winner saves its renewed
 * token a little late; the loser's refresh is refused because the winner spent the refresh token.
 */
async function race(withLock: boolean) {
  const mock = await createMockPlatform();
  try {
    const app = mock.addClient({ clientId: 'app-1', clientSecret: 'secret-value-1' });
    mock.addUser({ id: '11', login: 'alice' });
    const issued = mock.issueToken({ clientId: 'app-1', userId: '11', scopes: [] });
    const shared = new MemoryTokenStore();
    await shared.set({ userId: '11', accessToken: issued.accessToken, refreshToken: issued.refreshToken, scopes: [], expiresAt: Date.now() - 60_000 });
    let sets = 0;
    const view = (): TokenStore => ({
      get: (id) => shared.get(id),
      list: () => shared.list(),
      set: async (token) => {
        if (sets++ === 0) await sleep(100);
        await shared.set(token);
      },
      delete: async (id) => {
        await sleep(300);
        await shared.delete(id);
      },
      ...(withLock ? { lock: <T>(id: string, work: () => Promise<T>) => shared.lock(id, work) } : {}),
    });
    const make = () => createClient({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth({ tokens: view() }) });
    const clients = [make(), make()];
    const invalid: string[] = [];
    for (const client of clients) client.on('tokenInvalid', (event) => invalid.push(event.userId));
    await Promise.all(clients.map((client) => authOf(client).users()));
    const results = await Promise.allSettled(clients.map((client) => client.request({ method: 'GET', path: '/users' })));
    return {
      results: results.map((result) => result.status),
      refreshes: mock.requests.filter((request) => request.path === '/oauth2/token').map((request) => request.status),
      invalid,
      stored: (await shared.list()).length,
    };
  } finally {
    await mock.close();
  }
}

describe('two clients sharing one store', () => {
  it('with the store lock: one refresh request, both calls succeed', async () => {
    expect(await race(true)).toEqual({ results: ['fulfilled', 'fulfilled'], refreshes: [200], invalid: [], stored: 1 });
  });

  it('without a lock: the refused client waits for the winner token instead of deleting the user', async () => {
    expect(await race(false)).toEqual({ results: ['fulfilled', 'fulfilled'], refreshes: [200, 400], invalid: [], stored: 1 });
  });
});
