/**
 * The promise of this package: two clients in two processes sharing one token file never send a
 * refresh token twice. The mock platform runs here; each client runs in its own process.
 */
import type { UserToken } from '@platform/auth';
import { createMockPlatform, type MockPlatform, type MockToken } from '@platform/mock';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileTokenStore } from '../src/index';
import { barrier, startChild, stopAll, temporaryDirectory, type Child } from './helpers';

interface Outcome {
  ok: boolean;
  error?: string;
  ids?: string[];
  accessToken?: string;
  users?: string[];
  invalid: string[];
}

/** One user whose token in the file has expired (its refresh token is good), and two client processes. */
interface Scenario {
  store: FileTokenStore;
  issued: MockToken;
  clients: Child[];
}

let dir: string;
let remove: () => Promise<void>;
let mock: MockPlatform;
let withLock: Scenario;
let withoutLock: Scenario;

// Both scenarios' processes start here, together (starting one takes most of a second); each
// loads its store, then waits for its test to let it go.
beforeAll(async () => {
  ({ dir, remove } = await temporaryDirectory());
  mock = await createMockPlatform();
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
  const alice = mock.addUser({ id: '11', login: 'alice' });
  const scenario = async (name: string, lock: boolean): Promise<Scenario> => {
    const issued = mock.issueToken({ clientId: app.clientId, userId: alice.id, scopes: ['user:read:email'] });
    const path = join(dir, `${name}.json`);
    const store = new FileTokenStore(path);
    const expired: UserToken = { userId: alice.id, login: alice.login, accessToken: issued.accessToken, refreshToken: issued.refreshToken, scopes: issued.scopes, expiresAt: Date.now() - 60_000 };
    await store.set(expired);
    const config = { path, lock, clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl };
    return { store, issued, clients: [startChild('client', config), startChild('client', config)] };
  };
  [withLock, withoutLock] = await Promise.all([scenario('with-lock', true), scenario('without-lock', false)]);
});
beforeEach(() => {
  mock.clearRequests();
});
afterAll(async () => {
  await stopAll([...withLock.clients, ...withoutLock.clients]);
  await mock.close();
  await remove();
});

/** Lets both processes go at once and collects what each got. */
async function run(scenario: Scenario): Promise<Outcome[]> {
  await barrier(scenario.clients);
  return (await Promise.all(scenario.clients.map((child) => child.next('done')))) as unknown as Outcome[];
}

const refreshRequests = () => mock.requests.filter((request) => request.path === '/oauth2/token' && (request.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token');

describe('two processes, one file store, one expired token', () => {
  it('with the store’s lock: both calls succeed and the platform receives exactly one refresh request', async () => {
    const outcomes = await run(withLock);
    for (const outcome of outcomes) expect(outcome, outcome.error).toMatchObject({ ok: true, ids: ['11'], users: ['11'], invalid: [] });
    expect(refreshRequests()).toHaveLength(1);
    expect(refreshRequests()[0]!.status).toBe(200);
    expect((refreshRequests()[0]!.body as { refresh_token?: string }).refresh_token).toBe(withLock.issued.refreshToken);
    // Both processes use the renewed token, which is the one in the file.
    const stored = (await withLock.store.get('11'))!;
    expect(stored.accessToken).not.toBe(withLock.issued.accessToken);
    expect(stored.refreshToken).not.toBe(withLock.issued.refreshToken);
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
    expect(outcomes.map((outcome) => outcome.accessToken)).toEqual([stored.accessToken, stored.accessToken]);
    const calls = mock.requests.filter((request) => request.server === 'helix');
    expect(calls.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['GET /users 200', 'GET /users 200']);
    expect(new Set(calls.map((request) => request.token))).toEqual(new Set([stored.accessToken]));
  });

  it('without a lock: the refresh is sent twice, and the refused process recovers by reading the store again', async () => {
    // Whichever refresh arrives second is refused 500 ms later, once the first process has saved
    // its renewed token. (Refused at once, it can lose the race to that save: see the README.)
    mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'latency', ms: 0 } });
    mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'latency', ms: 500 } });
    const outcomes = await run(withoutLock);
    for (const outcome of outcomes) expect(outcome, outcome.error).toMatchObject({ ok: true, ids: ['11'], users: ['11'], invalid: [] });
    expect(refreshRequests().map((request) => request.status)).toEqual([200, 400]);
    const stored = (await withoutLock.store.get('11'))!;
    expect(stored.accessToken).not.toBe(withoutLock.issued.accessToken);
    expect(outcomes.map((outcome) => outcome.accessToken)).toEqual([stored.accessToken, stored.accessToken]);
    expect(await withoutLock.store.list()).toHaveLength(1);
  });
});
