import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index';

// CORS as the platform's API answers a browser app on another origin: preflights, the headers a
// page may send, the rate-limit headers it may read, on every answer including errors and faults.

let mock: MockPlatform;
afterEach(async () => {
  await mock?.close();
});

const ORIGIN = 'http://localhost:5173';

async function setup(options: Parameters<typeof createMockPlatform>[0] = {}) {
  mock = await createMockPlatform(options);
  const app = mock.addClient({ clientId: 'browser-app' });
  const viewer = mock.addUser({ login: 'viewer' });
  const token = mock.issueToken({ clientId: app.clientId, userId: viewer.id, scopes: ['user:read:chat'] });
  return { app, viewer, token };
}

/** What a browser sends before a call that carries `Authorization`, `Client-Id` or a JSON body. */
const preflight = (url: string, method: string, headers: string) =>
  fetch(url, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers } });

/** A call as a page makes it: with its Origin. */
const call = (url: string, token: string | undefined, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { Origin: ORIGIN, 'Client-Id': 'browser-app', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) } });

/** The header names of a comma-separated CORS list, lower case. */
const names = (value: string | null) => (value ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean).sort();

describe('Helix preflights', () => {
  it.each([
    ['GET', '/chat/emotes/global'],
    ['POST', '/eventsub/subscriptions'],
    ['PATCH', '/chat/settings'],
    ['PUT', '/users'],
    ['DELETE', '/moderation/bans'],
  ])('%s %s: 204 allowing any origin, the method, and Authorization, Client-Id and Content-Type', async (method, path) => {
    await setup();
    const response = await preflight(`${mock.baseUrl}${path}`, method, 'authorization,client-id,content-type');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(names(response.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
    expect(names(response.headers.get('access-control-allow-headers'))).toEqual(['authorization', 'client-id', 'content-type']);
    expect(await response.text()).toBe('');
  });

  it('allows only the three headers: a page that sends another is refused by its browser', async () => {
    await setup();
    const response = await preflight(`${mock.baseUrl}/users`, 'GET', 'authorization,x-secret-debug');
    expect(names(response.headers.get('access-control-allow-headers'))).not.toContain('x-secret-debug');
  });

  it('answers for an unknown path too, so that the page reads the 404 of its call', async () => {
    const { token } = await setup();
    expect((await preflight(`${mock.baseUrl}/nowhere`, 'GET', 'authorization,client-id')).status).toBe(204);
    const missing = await call(`${mock.baseUrl}/nowhere`, token.accessToken);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is logged without a token, costs no rate-limit point and meets no fault', async () => {
    const { token } = await setup({ rateLimit: { budget: 2 } });
    mock.fault({ route: 'helix', times: 1, fault: { kind: 'status', status: 503 } });
    // A preflight never carries the token; even one sent with it is not an API call.
    const response = await fetch(`${mock.baseUrl}/users`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', Authorization: `Bearer ${token.accessToken}`, 'Client-Id': 'browser-app' },
    });
    expect(response.status).toBe(204);
    expect(mock.requests).toEqual([expect.objectContaining({ server: 'helix', method: 'OPTIONS', path: '/users', token: undefined, clientId: undefined, status: 204 })]);
    // The fault is still there for the call itself.
    expect((await call(`${mock.baseUrl}/users`, token.accessToken)).status).toBe(503);
    // Both points of the budget are left: the preflight took none.
    const first = await call(`${mock.baseUrl}/users`, token.accessToken);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
  });
});

describe('Helix answers', () => {
  it('a success allows any origin and exposes the Ratelimit-* headers', async () => {
    const { token } = await setup();
    const response = await call(`${mock.baseUrl}/chat/emotes/global`, token.accessToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(names(response.headers.get('access-control-expose-headers'))).toEqual(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']);
    expect(response.headers.get('ratelimit-limit')).toBe('800');
  });

  it.each([
    ['a 401 (no token)', async () => {
      await setup();
      return call(`${mock.baseUrl}/users`, undefined);
    }, 401],
    ['a 400 (a missing parameter)', async () => {
      const { token } = await setup();
      return call(`${mock.baseUrl}/chat/emotes`, token.accessToken);
    }, 400],
    ['a 405 (a wrong method)', async () => {
      const { token } = await setup();
      return call(`${mock.baseUrl}/users`, token.accessToken, { method: 'DELETE' });
    }, 405],
    ['a 429 (the budget spent)', async () => {
      const { token } = await setup({ rateLimit: { budget: 1 } });
      await call(`${mock.baseUrl}/users`, token.accessToken);
      return call(`${mock.baseUrl}/users`, token.accessToken);
    }, 429],
    ['a 400 (a body that is not JSON)', async () => {
      const { token } = await setup();
      return call(`${mock.baseUrl}/chat/messages`, token.accessToken, { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } });
    }, 400],
    ['a fault: status 500', async () => {
      const { token } = await setup();
      mock.fault({ route: 'GET /users', fault: { kind: 'status', status: 500 } });
      return call(`${mock.baseUrl}/users`, token.accessToken);
    }, 500],
    ['a fault: rate-limit', async () => {
      const { token } = await setup();
      mock.fault({ route: 'GET /users', fault: { kind: 'rate-limit' } });
      return call(`${mock.baseUrl}/users`, token.accessToken);
    }, 429],
    ['a path outside /helix', async () => {
      await setup();
      return call(`http://127.0.0.1:${mock.port}/elsewhere`, undefined);
    }, 404],
  ])('%s still carries the CORS headers, so the page can read it', async (_, answer, status) => {
    const response = await answer();
    expect(response.status).toBe(status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(names(response.headers.get('access-control-expose-headers'))).toEqual(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']);
    if (status === 429) expect(response.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
  });
});

describe('OAuth server', () => {
  it.each([
    ['GET', '/validate'],
    ['POST', '/token'],
    ['POST', '/device'],
    ['POST', '/revoke'],
  ])('a preflight of %s %s is 204, allowing Authorization and Content-Type but not Client-Id', async (method, path) => {
    await setup();
    const response = await preflight(`${mock.authUrl}${path}`, method, 'authorization,client-id');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(names(response.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
    expect(names(response.headers.get('access-control-allow-headers'))).toEqual(['authorization', 'content-type']);
  });

  it('the consent page is navigated to, never fetched: no preflight for authorize or an unknown path', async () => {
    await setup();
    expect((await preflight(`${mock.authUrl}/authorize`, 'GET', 'authorization')).status).toBe(405);
    expect((await preflight(`${mock.authUrl}/nowhere`, 'GET', 'authorization')).status).toBe(404);
  });

  it('validate answers a page, and its refusal too', async () => {
    const { token } = await setup();
    const valid = await fetch(`${mock.authUrl}/validate`, { headers: { Origin: ORIGIN, Authorization: `OAuth ${token.accessToken}` } });
    expect(valid.status).toBe(200);
    expect(valid.headers.get('access-control-allow-origin')).toBe('*');
    expect(await valid.json()).toMatchObject({ client_id: 'browser-app', scopes: ['user:read:chat'] });
    const refused = await fetch(`${mock.authUrl}/validate`, { headers: { Origin: ORIGIN, Authorization: 'OAuth not-a-token' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(mock.requests.map((request) => request.token)).toEqual([token.accessToken, 'not-a-token']);
  });
});
