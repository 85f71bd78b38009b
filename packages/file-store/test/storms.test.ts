/**
 * Refresh storms across two processes sharing one token file: each process makes 250 concurrent
 * calls with a token the platform has killed. Whatever the timing, the platform receives one
 * refresh request for the refresh token; when it is refused, every call rejects with a
 * PlatformAuthError and each process hears `tokenInvalid` once.
 */
import type { UserToken } from '@platform/auth';
import { createMockPlatform, type MockPlatform, type MockToken } from '@platform/mock';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTokenStore } from '../src/index';
import { barrier, startChild, stopAll, temporaryDirectory, type Child } from './helpers';

const callsPerProcess = 250;

interface Outcome {
  fulfilled: number;
  errors: Record<string, number>;
  distinct: number;
  invalid: string[];
  users: string[];
}

interface Scenario {
  store: FileTokenStore;
  issued: MockToken;
  clients: Child[];
}

let dir: string;
let remove: () => Promise<void>;
let mock: MockPlatform;
let renewed: Scenario;
let refused: Scenario;

beforeAll(async () => {
  ({ dir, remove } = await temporaryDirectory());
  mock = await createMockPlatform({ rateLimit: { budget: 100_000 } });
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
  const scenario = async (name: string, userId: string): Promise<Scenario> => {
    const user = mock.addUser({ id: userId, login: name });
    const issued = mock.issueToken({ clientId: app.clientId, userId: user.id, scopes: [] });
    const path = join(dir, `${name}.json`);
    const store = new FileTokenStore(path);
    // The file says the token is good for an hour: the calls learn it is dead from their 401s.
    const token: UserToken = { userId: user.id, login: user.login, accessToken: issued.accessToken, refreshToken: issued.refreshToken, scopes: [], expiresAt: Date.now() + 3_600_000 };
    await store.set(token);
    const config = { path, clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, calls: callsPerProcess };
    return { store, issued, clients: [startChild('storm-client', config), startChild('storm-client', config)] };
  };
  [renewed, refused] = await Promise.all([scenario('renewed', '11'), scenario('refused', '12')]);
}, 60_000);
afterAll(async () => {
  await stopAll([...renewed.clients, ...refused.clients]);
  await mock.close();
  await remove();
});

async function run(scenario: Scenario): Promise<Outcome[]> {
  mock.expireToken(scenario.issued.accessToken);
  await barrier(scenario.clients);
  return (await Promise.all(scenario.clients.map((child) => child.next('done')))) as unknown as Outcome[];
}

const refreshRequests = (scenario: Scenario) =>
  mock.requests.filter((request) => request.path === '/oauth2/token' && (request.body as { refresh_token?: string } | undefined)?.refresh_token === scenario.issued.refreshToken);

describe(`two processes, one file store, ${callsPerProcess} calls each with a dead token`, () => {
  it('renewed: one refresh request, every call of both processes succeeds', async () => {
    const outcomes = await run(renewed);
    expect(refreshRequests(renewed)).toHaveLength(1);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ fulfilled: callsPerProcess, errors: {}, invalid: [], users: ['11'] });
  });

  it('refused for good: one refresh request, every call rejects with a PlatformAuthError, one tokenInvalid per process', async () => {
    mock.state.refreshTokens.get(refused.issued.refreshToken!)!.used = true;
    const outcomes = await run(refused);
    expect(refreshRequests(refused)).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ fulfilled: 0, errors: { PlatformAuthError: callsPerProcess }, invalid: ['12'], users: [] });
      // Within a process, every call rejects with the one removal error.
      expect(outcome.distinct).toBe(1);
    }
    expect(await refused.store.list()).toEqual([]);
  });
});
