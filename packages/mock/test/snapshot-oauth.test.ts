import { describe, expect, it } from 'vitest';
import type { MockPlatform } from '../src/index';
import { advance, carry, start } from './snapshot.helpers';

// The OAuth server's records across a restart (mock.snapshot() → JSON → mock.restore()): the
// authorization and device codes given out and not yet exchanged.

const CALLBACK = 'http://127.0.0.1:3000/callback';
const SECRET = 'secret-1';

/** A form POST to the mock's OAuth server; the status and the JSON answer. */
async function post(mock: MockPlatform, path: string, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${mock.authUrl}${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the OAuth server across a restore', () => {
  it('keeps the authorization codes and the device codes (pending, approved and denied)', async () => {
    const { mock: first } = await start();
    first.addClient({ clientId: 'app-1', clientSecret: SECRET, redirectUris: [CALLBACK] });
    const alice = first.addUser({ login: 'alice' });
    const bob = first.addUser({ login: 'bob' });
    first.oauth.consentUser = alice.id;
    const codeFor = async (mock: MockPlatform) => {
      const answer = await fetch(`${mock.authUrl}/authorize?client_id=app-1&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&scope=chat%3Aread`, { redirect: 'manual' });
      return new URL(answer.headers.get('location')!).searchParams.get('code')!;
    };
    const code = await codeFor(first);
    const late = await codeFor(first);
    const device = async () => (await post(first, '/device', { client_id: 'app-1', scopes: 'chat:read' })).body as { device_code: string; user_code: string };
    const [pending, approved, denied] = [await device(), await device(), await device()];
    first.oauth.approveDevice(approved.user_code, bob.id);
    first.oauth.denyDevice(denied.user_code);

    const { mock: second } = await start();
    carry(first, second);
    const exchange = (authorization: string) => post(second, '/token', { grant_type: 'authorization_code', client_id: 'app-1', client_secret: SECRET, code: authorization, redirect_uri: CALLBACK });
    const poll = (started: { device_code: string }) => post(second, '/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'app-1', device_code: started.device_code });
    // The code is exchanged once, for a token of alice's.
    const granted = await exchange(code);
    expect(granted).toMatchObject({ status: 200, body: { scope: ['chat:read'] } });
    expect(second.state.tokens.get(granted.body.access_token as string)?.userId).toBe(alice.id);
    expect((await exchange(code)).body).toEqual({ status: 400, message: 'Invalid authorization code' });
    // The device codes answer as they stood: denied, approved by bob, still pending (until approved here).
    expect((await poll(denied)).body).toEqual({ status: 400, message: 'access_denied' });
    const device1 = await poll(approved);
    expect(second.state.tokens.get(device1.body.access_token as string)?.userId).toBe(bob.id);
    expect((await poll(pending)).body).toEqual({ status: 400, message: 'authorization_pending' });
    second.oauth.approveDevice(pending.user_code, alice.id);
    expect((await poll(pending)).status).toBe(200);
    // A code still expires ten minutes after it was given.
    advance(10 * 60_000);
    expect((await exchange(late)).body).toEqual({ status: 400, message: 'Invalid authorization code' });
    // The first mock is not touched: its code is still there to exchange.
    expect(first.oauth.state.codes.has(code)).toBe(true);
  });
});
