import { callOperation, createLogger, PlatformApiError, PlatformError, type PlatformLogger, type TokenInvalidEvent } from '@platform/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryTokenStore, type TokenStore, type UserToken } from '../src/index';
import { setup, steppingClock, userNoScope } from './helpers';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/**
 * A shared store (as `redisTokenStore()` is) that can be taken away: while `lockDown`, `lock()`
 * rejects without running the work (Redis unreachable, or a lock that timed out after `lockDelayMs`);
 * while `readDown`, reading a token rejects.
 */
function flakyStore() {
  const inner = new MemoryTokenStore();
  const state = { lockDown: false, readDown: false, lockDelayMs: 0, locks: 0, lockError: new PlatformError('Redis at redis://127.0.0.1:6379 failed while taking the refresh lock of user 11: Connection is closed.') };
  const readError = new PlatformError('Redis at redis://127.0.0.1:6379 failed while reading the token of user 11: Connection is closed.');
  const store: TokenStore = {
    get: async (userId) => {
      if (state.readDown) throw readError;
      return inner.get(userId);
    },
    set: (token: UserToken) => inner.set(token),
    delete: (userId) => inner.delete(userId),
    list: () => inner.list(),
    lock: async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
      state.locks++;
      if (state.lockDelayMs > 0) await sleep(state.lockDelayMs);
      if (state.lockDown) throw state.lockError;
      return inner.lock(userId, work);
    },
  };
  return { store, inner, state, readError };
}

async function start() {
  const time = steppingClock();
  const lines: string[] = [];
  const write = (level: string) => (line: string) => lines.push(`${level} ${line}`);
  const logger: PlatformLogger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
  const flaky = flakyStore();
  const context = await setup({ tokens: flaky.store, client: { clock: time.clock, logger: createLogger(logger) } });
  close = () => context.mock.close();
  const invalid: TokenInvalidEvent[] = [];
  context.client.on('tokenInvalid', (event) => invalid.push(event));
  const refreshes = () => context.sent().filter((line) => line === 'POST /oauth2/token').length;
  const tokensSent = () => context.mock.requests.filter((request) => request.server === 'helix').map((request) => request.token);
  return { ...context, ...flaky, time, lines, invalid, refreshes, tokensSent };
}

describe('the token store (or its refresh lock) fails while a token is renewed before expiry', () => {
  it('a token valid for another 58 s goes on when the lock cannot be taken; the refresh is tried again after 250 ms, and made once the store is back', async () => {
    const context = await start();
    const old = await context.register('11', undefined, { expiresAt: context.time.clock.now() + 58_000 });
    context.state.lockDown = true;
    context.mock.clearRequests();
    await expect(callOperation(context.client, userNoScope, {})).resolves.toBeDefined();
    expect(context.refreshes()).toBe(0);
    expect(context.tokensSent()).toEqual([old.accessToken]);
    expect(context.state.locks).toBe(1);
    expect(context.lines.filter((line) => line.startsWith('warn'))).toEqual([
      'warn Could not refresh the token of user 11 for now, the token store failed: Redis at redis://127.0.0.1:6379 failed while taking the refresh lock of user 11: Connection is closed. Going on with the current token (it expires in 58 s).',
    ]);
    // Within the next 250 ms, calls go on without asking the store again.
    context.time.advance(249);
    await Promise.all(Array.from({ length: 5 }, () => callOperation(context.client, userNoScope, {})));
    expect(context.state.locks).toBe(1);
    // Then the next call tries again; the store is still away: it goes on too.
    context.time.advance(1);
    await callOperation(context.client, userNoScope, {});
    expect(context.state.locks).toBe(2);
    expect(context.refreshes()).toBe(0);
    expect(new Set(context.tokensSent())).toEqual(new Set([old.accessToken]));
    // The store is back: the next call after the rest refreshes, once, and uses the new token.
    context.state.lockDown = false;
    context.time.advance(250);
    context.mock.clearRequests();
    await callOperation(context.client, userNoScope, {});
    await callOperation(context.client, userNoScope, {});
    expect(context.sent()).toEqual(['POST /oauth2/token', 'GET /users', 'GET /users']);
    const [user] = await context.auth.users();
    expect(user!.accessToken).not.toBe(old.accessToken);
    expect(context.tokensSent()).toEqual([user!.accessToken, user!.accessToken]);
    expect((await context.inner.get('11'))?.accessToken).toBe(user!.accessToken);
    expect(context.invalid).toEqual([]);
  });

  it('the same when the token cannot be read under the lock, and when the lock times out: concurrent calls share the one attempt', async () => {
    const context = await start();
    const old = await context.register('11', undefined, { expiresAt: context.time.clock.now() + 30_000 });
    context.state.readDown = true;
    context.mock.clearRequests();
    await callOperation(context.client, userNoScope, {});
    expect(context.refreshes()).toBe(0);
    expect(context.lines.at(-1)).toMatch(/^warn Could not refresh the token of user 11 for now, the token store failed: Redis at .* failed while reading the token of user 11/);
    context.state.readDown = false;
    context.state.lockDown = true;
    context.state.lockDelayMs = 50;
    context.state.lockError = new PlatformError('Timed out after 50 ms waiting for the refresh lock of user 11 in Redis at redis://127.0.0.1:6379: another process holds it.');
    context.time.advance(250);
    const locksBefore = context.state.locks;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => callOperation(context.client, userNoScope, {})));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(context.state.locks - locksBefore).toBe(1);
    expect(context.refreshes()).toBe(0);
    expect(new Set(context.tokensSent())).toEqual(new Set([old.accessToken]));
  });

  it('an expired token with a failing lock fails the call with the store error, as before, and keeps the user', async () => {
    const context = await start();
    await context.register('11', undefined, { expiresAt: context.time.clock.now() - 1 });
    context.state.lockDown = true;
    context.mock.clearRequests();
    await expect(callOperation(context.client, userNoScope, {})).rejects.toBe(context.state.lockError);
    // No rest for an expired token: every call tries the store again.
    await expect(callOperation(context.client, userNoScope, {})).rejects.toBe(context.state.lockError);
    expect(context.state.locks).toBe(2);
    expect(context.mock.requests).toEqual([]);
    expect(await context.auth.users()).toHaveLength(1);
    context.state.lockDown = false;
    await callOperation(context.client, userNoScope, {});
    expect(context.refreshes()).toBe(1);
    expect(context.invalid).toEqual([]);
  });

  it('a token that expires while the store is away stops going on: the call then fails with the store error', async () => {
    const context = await start();
    await context.register('11', undefined, { expiresAt: context.time.clock.now() + 1_000 });
    context.state.lockDown = true;
    await callOperation(context.client, userNoScope, {});
    context.time.advance(1_000);
    await expect(callOperation(context.client, userNoScope, {})).rejects.toBe(context.state.lockError);
  });

  it('a dead token (401) with a failing lock fails the call with the store error, as before', async () => {
    const context = await start();
    const alice = await context.register('11', undefined, { expiresAt: context.time.clock.now() + 58_000 });
    context.mock.expireToken(alice.accessToken);
    context.state.lockDown = true;
    // Renewed before expiry first: the lock fails and the call goes on with the token, whose 401
    // then needs the refresh, which fails on the lock again.
    await expect(callOperation(context.client, userNoScope, {})).rejects.toBe(context.state.lockError);
    expect(context.refreshes()).toBe(0);
    expect(await context.auth.users()).toHaveLength(1);
  });

  it('a temporary failure of the platform (503) still fails the call whose token is valid, as the spec says', async () => {
    const context = await start();
    await context.register('11', undefined, { expiresAt: context.time.clock.now() + 58_000 });
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 503 } });
    const error = await callOperation(context.client, userNoScope, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(503);
    expect(await context.auth.users()).toHaveLength(1);
  });
});
