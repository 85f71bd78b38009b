import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index';

let mock: MockPlatform;
afterEach(async () => {
  await mock?.close();
});

async function setup(options: Parameters<typeof createMockPlatform>[0] = {}) {
  mock = await createMockPlatform(options);
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'secret-1', redirectUris: ['http://127.0.0.1:3000/callback'] });
  const alice = mock.addUser({ login: 'Alice', email: 'alice@example.test' });
  const bob = mock.addUser({ login: 'bob' });
  const token = mock.issueToken({ clientId: app.clientId, userId: alice.id, scopes: ['user:read:email'] });
  return { app, alice, bob, token };
}

const helix = (path: string, token: string | undefined, init: RequestInit & { clientId?: string } = {}) =>
  fetch(`${mock.baseUrl}${path}`, {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Client-Id': init.clientId ?? 'app-1', ...(init.headers as Record<string, string>) },
  });

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });

describe('addresses', () => {
  it('listens on 127.0.0.1 and gives the three addresses', async () => {
    await setup();
    expect(mock.baseUrl).toBe(`http://127.0.0.1:${mock.port}/helix`);
    expect(mock.authUrl).toBe(`http://127.0.0.1:${mock.port}/oauth2`);
    expect(mock.eventSubWsUrl).toBe(`ws://127.0.0.1:${mock.port}/ws`);
  });
});

describe('Helix token checks', () => {
  it.each([
    ['no token', undefined, 'app-1', 'OAuth token is missing'],
    ['an unknown token', 'nope', 'app-1', 'Invalid OAuth token'],
    ['another client ID', 'TOKEN', 'app-2', 'Client ID and OAuth token do not match'],
  ])('%s is a 401 with the platform error body', async (_, tokenOrMarker, clientId, message) => {
    const { token } = await setup();
    const response = await helix('/users', tokenOrMarker === 'TOKEN' ? token.accessToken : tokenOrMarker, { clientId });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Unauthorized', status: 401, message });
  });

  it('an expired token is a 401', async () => {
    const { token } = await setup();
    mock.expireToken(token.accessToken);
    expect((await helix('/users', token.accessToken)).status).toBe(401);
  });

  it('unknown routes are 404 and wrong methods 405, with the error body', async () => {
    const { token } = await setup();
    const missing = await helix('/nowhere', token.accessToken);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'Not Found', status: 404 });
    expect((await helix('/users', token.accessToken, { method: 'DELETE' })).status).toBe(405);
  });

  it('a body that is not JSON is a 400, never a crash', async () => {
    const { token } = await setup();
    const response = await helix('/users', token.accessToken, { method: 'POST', body: '{oops', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    expect((await helix('/users', token.accessToken)).status).toBe(200);
  });
});

describe('GET /users', () => {
  it('gives the token owner without a query, with email only for user:read:email', async () => {
    const { token, alice, app } = await setup();
    const body = (await (await helix('/users', token.accessToken)).json()) as { data: { id: string; login: string; email?: string }[] };
    expect(body.data).toEqual([expect.objectContaining({ id: alice.id, login: 'alice', display_name: 'Alice', email: 'alice@example.test' })]);
    const plain = mock.issueToken({ clientId: app.clientId, userId: alice.id });
    const withoutScope = (await (await helix('/users', plain.accessToken)).json()) as { data: { email?: string }[] };
    expect(withoutScope.data[0]!.email).toBeUndefined();
  });

  it('looks users up by id and login, leaving out unknown ones; an app token needs a query', async () => {
    const { alice, bob, app } = await setup();
    const appToken = mock.issueToken({ clientId: app.clientId });
    const body = (await (await helix(`/users?id=${alice.id}&login=bob&login=ghost`, appToken.accessToken)).json()) as { data: { id: string }[] };
    expect(body.data.map((user) => user.id).sort()).toEqual([alice.id, bob.id].sort());
    expect((await helix('/users', appToken.accessToken)).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, index) => `id=${index}`).join('&');
    expect((await helix(`/users?${tooMany}`, appToken.accessToken)).status).toBe(400);
  });
});

describe('rate limits', () => {
  it('reports the bucket in Ratelimit-* headers (reset in epoch seconds) and answers 429 when it is spent', async () => {
    let now = 1_700_000_000_000;
    const { token } = await setup({ now: () => now, rateLimit: { budget: 3, windowMs: 10_000 } });
    const first = await helix('/users', token.accessToken);
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    expect(first.headers.get('ratelimit-reset')).toBe(String((now + 10_000) / 1000));
    await helix('/users', token.accessToken);
    await helix('/users', token.accessToken);
    const limited = await helix('/users', token.accessToken);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toEqual({ error: 'Too Many Requests', status: 429, message: 'Too Many Requests' });
    now += 10_000;
    expect((await helix('/users', token.accessToken)).status).toBe(200);
  });

  it('keeps one bucket per app and per user', async () => {
    const { token, app, bob } = await setup({ rateLimit: { budget: 1, windowMs: 60_000 } });
    await helix('/users', token.accessToken);
    expect((await helix('/users', token.accessToken)).status).toBe(429);
    const bobToken = mock.issueToken({ clientId: app.clientId, userId: bob.id });
    expect((await helix('/users', bobToken.accessToken)).status).toBe(200);
    const appToken = mock.issueToken({ clientId: app.clientId });
    expect((await helix(`/users?login=bob`, appToken.accessToken)).status).toBe(200);
  });

  it('endpoint limits answer 429 while the token bucket still has points', async () => {
    await setup();
    mock.limits.endpoint('x', 1, 2000);
    expect(() => mock.limits.endpoint('x', 1, 2000)).toThrow('Too Many Requests');
  });
});

describe('faults on demand', () => {
  it('status: the platform error body, for the given number of requests, on one route', async () => {
    const { token } = await setup();
    mock.fault({ route: 'GET /users', times: 2, fault: { kind: 'status', status: 503 } });
    expect((await helix('/users', token.accessToken)).status).toBe(503);
    const second = await helix('/users', token.accessToken);
    expect(await second.json()).toEqual({ error: 'Service Unavailable', status: 503, message: 'Service Unavailable' });
    expect((await helix('/users', token.accessToken)).status).toBe(200);
  });

  it('rate-limit and endpoint-limit differ by Ratelimit-Remaining', async () => {
    const { token } = await setup();
    const remove = mock.fault({ fault: { kind: 'rate-limit', resetInMs: 5000 } });
    const empty = await helix('/users', token.accessToken);
    expect([empty.status, empty.headers.get('ratelimit-remaining')]).toEqual([429, '0']);
    remove();
    mock.fault({ times: 1, fault: { kind: 'endpoint-limit' } });
    const endpoint = await helix('/users', token.accessToken);
    expect(endpoint.status).toBe(429);
    expect(Number(endpoint.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
  });

  it('reset and cut-body break the connection; the mock keeps serving', async () => {
    const { token } = await setup();
    mock.fault({ times: 1, fault: { kind: 'reset' } });
    await expect(helix('/users', token.accessToken)).rejects.toThrow();
    mock.fault({ times: 1, fault: { kind: 'cut-body' } });
    await expect(helix('/users', token.accessToken).then((response) => response.text())).rejects.toThrow();
    expect((await helix('/users', token.accessToken)).status).toBe(200);
  });

  it('latency delays the answer; hang never answers', async () => {
    const { token } = await setup();
    mock.fault({ times: 1, fault: { kind: 'latency', ms: 60 } });
    const started = Date.now();
    expect((await helix('/users', token.accessToken)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    mock.fault({ times: 1, fault: { kind: 'hang' } });
    await expect(helix('/users', token.accessToken, { signal: AbortSignal.timeout(80) })).rejects.toThrow();
  });

  it('token-expiry makes the token expire now', async () => {
    const { token } = await setup();
    mock.fault({ times: 1, fault: { kind: 'token-expiry' } });
    expect((await helix('/users', token.accessToken)).status).toBe(401);
  });

  it('faults apply to the OAuth server too', async () => {
    await setup();
    mock.fault({ route: 'oauth', times: 1, fault: { kind: 'status', status: 500 } });
    const response = await fetch(`${mock.authUrl}/token`, form({ grant_type: 'client_credentials', client_id: 'app-1', client_secret: 'secret-1' }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: 500, message: 'Internal Server Error' });
  });
});

describe('request log', () => {
  it('records each request with its token, query, body and status', async () => {
    const { token } = await setup();
    await helix('/users?login=bob&login=alice', token.accessToken);
    await fetch(`${mock.authUrl}/validate`, { headers: { Authorization: `OAuth ${token.accessToken}` } });
    expect(mock.requests).toEqual([
      expect.objectContaining({ server: 'helix', method: 'GET', path: '/users', query: { login: ['bob', 'alice'] }, token: token.accessToken, clientId: 'app-1', status: 200 }),
      expect.objectContaining({ server: 'oauth', method: 'GET', path: '/oauth2/validate', status: 200 }),
    ]);
    mock.clearRequests();
    expect(mock.requests).toEqual([]);
  });
});

describe('OAuth server', () => {
  it('client credentials give an app token without a refresh token; a wrong secret is 403', async () => {
    await setup();
    const answer = await fetch(`${mock.authUrl}/token`, form({ grant_type: 'client_credentials', client_id: 'app-1', client_secret: 'secret-1' }));
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), expires_in: expect.any(Number), token_type: 'bearer' });
    const wrong = await fetch(`${mock.authUrl}/token`, form({ grant_type: 'client_credentials', client_id: 'app-1', client_secret: 'nope' }));
    expect(wrong.status).toBe(403);
  });

  it('the authorization code flow: consent, redirect with code and state, one exchange per code', async () => {
    const { alice } = await setup();
    mock.oauth.consentUser = alice.id;
    const consent = await fetch(
      `${mock.authUrl}/authorize?client_id=app-1&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/callback')}&response_type=code&scope=chat%3Aread+user%3Awrite%3Achat&state=xyz`,
      { redirect: 'manual' },
    );
    expect(consent.status).toBe(302);
    const location = new URL(consent.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:3000/callback');
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    const exchange = () =>
      fetch(`${mock.authUrl}/token`, form({ grant_type: 'authorization_code', client_id: 'app-1', client_secret: 'secret-1', code, redirect_uri: 'http://127.0.0.1:3000/callback' }));
    const first = await exchange();
    const token = (await first.json()) as { access_token: string; refresh_token: string; scope: string[] };
    expect(token.scope).toEqual(['chat:read', 'user:write:chat']);
    expect(token.refresh_token).toEqual(expect.any(String));
    const second = await exchange();
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ status: 400, message: 'Invalid authorization code' });
    const validate = await fetch(`${mock.authUrl}/validate`, { headers: { Authorization: `OAuth ${token.access_token}` } });
    expect(await validate.json()).toEqual({ client_id: 'app-1', login: 'alice', user_id: alice.id, scopes: ['chat:read', 'user:write:chat'], expires_in: expect.any(Number) });
  });

  it('refuses an unregistered redirect address with an error page, and a refusal redirects with access_denied', async () => {
    await setup();
    const page = await fetch(`${mock.authUrl}/authorize?client_id=app-1&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/callback/')}&response_type=code`, { redirect: 'manual' });
    expect(page.status).toBe(400);
    mock.oauth.consentUser = undefined;
    const refused = await fetch(`${mock.authUrl}/authorize?client_id=app-1&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/callback')}&response_type=code&state=s1`, { redirect: 'manual' });
    const location = new URL(refused.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it('refresh tokens rotate and are single use', async () => {
    const { alice, app } = await setup();
    const issued = mock.issueToken({ clientId: app.clientId, userId: alice.id, scopes: ['chat:read'] });
    const refresh = (refreshToken: string) => fetch(`${mock.authUrl}/token`, form({ grant_type: 'refresh_token', client_id: 'app-1', client_secret: 'secret-1', refresh_token: refreshToken }));
    const first = (await (await refresh(issued.refreshToken!)).json()) as { access_token: string; refresh_token: string };
    expect(first.refresh_token).not.toBe(issued.refreshToken);
    const again = await refresh(issued.refreshToken!);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ status: 400, message: 'Invalid refresh token' });
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('the device code flow: pending until approved, then a token', async () => {
    const { alice } = await setup();
    const started = (await (await fetch(`${mock.authUrl}/device`, form({ client_id: 'app-1', scopes: 'chat:read' }))).json()) as { device_code: string; user_code: string; interval: number };
    const poll = () => fetch(`${mock.authUrl}/token`, form({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'app-1', device_code: started.device_code }));
    const pending = await poll();
    expect(pending.status).toBe(400);
    expect(await pending.json()).toEqual({ status: 400, message: 'authorization_pending' });
    mock.oauth.approveDevice(started.user_code, alice.id);
    const granted = (await (await poll()).json()) as { access_token: string; scope: string[] };
    expect(granted.scope).toEqual(['chat:read']);
    expect((await poll()).status).toBe(400);
  });

  it('validate refuses a dead or missing token; revoke kills a token', async () => {
    const { token } = await setup();
    expect(await (await fetch(`${mock.authUrl}/validate`)).json()).toEqual({ status: 401, message: 'missing authorization token' });
    expect(await (await fetch(`${mock.authUrl}/validate`, { headers: { Authorization: 'OAuth dead' } })).json()).toEqual({ status: 401, message: 'invalid access token' });
    const revoked = await fetch(`${mock.authUrl}/revoke`, form({ client_id: 'app-1', token: token.accessToken }));
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toBe('');
    expect((await helix('/users', token.accessToken)).status).toBe(401);
    expect((await fetch(`${mock.authUrl}/revoke`, form({ client_id: 'app-1', token: token.accessToken }))).status).toBe(400);
    expect((await fetch(`${mock.authUrl}/revoke`, form({ client_id: 'ghost', token: 'x' }))).status).toBe(404);
  });
});
