/**
 * The extension JWT of the mock: the verifier alone (HS256 with the base64-decoded secret, `exp`,
 * the claims a route requires), how the JWT routes refuse a request (401), and the shared secrets
 * (Get Extension Secrets, Create Extension Secret with its delay and switch-over).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signExtensionJwt, verifyExtensionJwt, type ExtensionJwtClaims } from '../src/index';
import { advance, APP_ID, call, errorBody, EXTENSION_ID, jwt, now, platform, SECRET, setup, START } from './extensions-setup';

const iso = (ms: number) => new Date(ms).toISOString();
const secrets = (bearer: string | undefined) => call('GET', '/extensions/jwt/secrets', bearer, { query: { extension_id: EXTENSION_ID } });

describe('the extension JWT verifier', () => {
  const nowMs = START;
  const exp = START / 1000 + 60;

  it('accepts what it signs: HS256 keyed by the base64-decoded secret', () => {
    const token = signExtensionJwt({ exp, user_id: '1', role: 'external' }, SECRET);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    // The key is the decoded bytes, not the base64 text.
    expect(signature).toBe(createHmac('sha256', Buffer.from(SECRET, 'base64')).update(`${header}.${payload}`).digest('base64url'));
    expect(verifyExtensionJwt(token, [SECRET], nowMs, ['role', 'user_id', 'exp'])).toEqual({ exp, user_id: '1', role: 'external' });
    // Any one of the secrets in service will do.
    expect(verifyExtensionJwt(token, [Buffer.from('other').toString('base64'), SECRET], nowMs, ['role'])).toMatchObject({ user_id: '1' });
  });

  it('refuses a wrong signature, a changed payload, another algorithm and what is no JWT', () => {
    const other = Buffer.from('another secret').toString('base64');
    const token = signExtensionJwt({ exp, user_id: '1', role: 'external' }, other);
    expect(() => verifyExtensionJwt(token, [SECRET], nowMs, [])).toThrow('The JWT token is not valid: the signature does not match a secret of the extension in service');
    const [header, , signature] = signExtensionJwt({ exp, user_id: '1', role: 'external' }, SECRET).split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ exp, user_id: '2', role: 'external' })).toString('base64url')}.${signature}`;
    expect(() => verifyExtensionJwt(forged, [SECRET], nowMs, [])).toThrow(/signature does not match/);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.x`;
    expect(() => verifyExtensionJwt(none, [SECRET], nowMs, [])).toThrow(/HS256/);
    expect(() => verifyExtensionJwt('an-oauth-token', [SECRET], nowMs, [])).toThrow(/not a signed JWT/);
    try {
      verifyExtensionJwt(token, [SECRET], nowMs, []);
    } catch (error) {
      expect((error as { status: number }).status).toBe(401);
      // No secret and no token in the message.
      expect((error as Error).message).not.toContain(SECRET);
      expect((error as Error).message).not.toContain(token);
    }
  });

  it('checks exp against the clock it is given, and nbf', () => {
    const token = signExtensionJwt({ exp, role: 'external' }, SECRET);
    expect(() => verifyExtensionJwt(token, [SECRET], exp * 1000 - 1, [])).not.toThrow();
    expect(() => verifyExtensionJwt(token, [SECRET], exp * 1000, [])).toThrow('The JWT token is not valid: it expired (claim "exp")');
    const early = signExtensionJwt({ exp, nbf: exp - 10, role: 'external' }, SECRET);
    expect(() => verifyExtensionJwt(early, [SECRET], nowMs, [])).toThrow(/not valid yet/);
    // Claims of the wrong type, as a careless signer could write them.
    const text = signExtensionJwt({ exp: 'soon', role: 'external' } as unknown as ExtensionJwtClaims, SECRET);
    expect(() => verifyExtensionJwt(text, [SECRET], nowMs, [])).toThrow(/"exp" must be a number/);
  });

  it('requires the claims asked for, with role external', () => {
    const bare = signExtensionJwt({ role: 'external' }, SECRET);
    expect(() => verifyExtensionJwt(bare, [SECRET], nowMs, ['role'])).not.toThrow();
    expect(() => verifyExtensionJwt(bare, [SECRET], nowMs, ['role', 'exp'])).toThrow('The JWT token is not valid: the claim "exp" is required');
    expect(() => verifyExtensionJwt(bare, [SECRET], nowMs, ['user_id'])).toThrow(/claim "user_id" is required/);
    expect(() => verifyExtensionJwt(bare, [SECRET], nowMs, ['channel_id'])).toThrow(/claim "channel_id" is required/);
    expect(() => verifyExtensionJwt(bare, [SECRET], nowMs, ['pubsub_perms'])).toThrow(/claim "pubsub_perms" is required/);
    const viewer = signExtensionJwt({ role: 'viewer', user_id: 1 } as unknown as ExtensionJwtClaims, SECRET);
    expect(() => verifyExtensionJwt(viewer, [SECRET], nowMs, ['role'])).toThrow('The JWT token is not valid: the claim "role" must be "external" for an Extension Backend Service');
    expect(() => verifyExtensionJwt(viewer, [SECRET], nowMs, ['user_id'])).toThrow(/"user_id" has the wrong type/);
  });
});

describe('JWT routes: who gets in', () => {
  it('lets in a JWT signed with the extension secret, with the extension Client-Id', async () => {
    await setup();
    expect((await secrets(jwt())).status).toBe(200);
  });

  it('401 without a JWT, without Client-Id, for a Client-Id that is no extension, for an OAuth token', async () => {
    const { issue } = await setup();
    expect((await secrets(undefined)).body).toEqual(errorBody(401, 'The Authorization header is required and must specify a JWT token.'));
    expect((await call('GET', '/extensions/jwt/secrets', jwt(), { clientId: null, query: { extension_id: EXTENSION_ID } })).body).toEqual(
      errorBody(401, 'The Client-Id header is required.'),
    );
    expect((await call('GET', '/extensions/jwt/secrets', jwt(), { clientId: APP_ID, query: { extension_id: EXTENSION_ID } })).body).toEqual(
      errorBody(401, 'The JWT token is not valid: the Client-Id header does not name an extension'),
    );
    expect((await secrets(issue())).body).toEqual(errorBody(401, /not a signed JWT/));
  });

  it('401 for another secret, an expired exp, the wrong role or a missing claim', async () => {
    await setup();
    expect((await secrets(jwt({}, Buffer.from('not the secret').toString('base64')))).body).toEqual(errorBody(401, /signature does not match/));
    const token = jwt();
    advance(60_000);
    expect((await secrets(token)).body).toEqual(errorBody(401, 'The JWT token is not valid: it expired (claim "exp")'));
    expect((await secrets(jwt({ role: 'broadcaster' }))).body).toEqual(errorBody(401, /claim "role" must be "external"/));
    expect((await secrets(jwt({ user_id: undefined }))).body).toEqual(errorBody(401, 'The JWT token is not valid: the claim "user_id" is required'));
    expect((await secrets(jwt({ exp: undefined }))).body).toEqual(errorBody(401, 'The JWT token is not valid: the claim "exp" is required'));
  });

  it('401 for a JWT of one extension naming another in extension_id; the JWT is checked before the parameters', async () => {
    const { dev } = await setup();
    platform().extensions.add({ clientId: 'ext-2', ownerId: dev.id, name: 'Other', version: '0.1.0' });
    expect((await call('GET', '/extensions/jwt/secrets', jwt(), { query: { extension_id: 'ext-2' } })).body).toEqual(errorBody(401, /not valid for the extension in extension_id/));
    // Signed with ext-2's secret but sent with this extension's Client-Id.
    const otherJwt = platform().extensions.jwt('ext-2');
    expect((await call('GET', '/extensions/jwt/secrets', otherJwt, { query: { extension_id: 'ext-2' } })).status).toBe(401);
    expect((await call('GET', '/extensions/jwt/secrets', otherJwt, { clientId: 'ext-2', query: { extension_id: 'ext-2' } })).status).toBe(200);
    expect((await call('GET', '/extensions/jwt/secrets', undefined, { query: {} })).status).toBe(401);
    expect((await call('GET', '/extensions/jwt/secrets', jwt(), { query: {} })).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
  });
});

describe('secrets: GET and POST /extensions/jwt/secrets', () => {
  it('lists the secret in service, format_version 1', async () => {
    await setup();
    expect((await secrets(jwt())).body).toEqual({
      data: [{ format_version: 1, secrets: [{ content: SECRET, active_at: iso(START), expires_at: iso(START + 100 * 365 * 24 * 3600 * 1000) }] }],
    });
  });

  it('creates a secret active after the delay (300 s by default); the old one works until an hour and the delay after that', async () => {
    await setup();
    const created = await call('POST', '/extensions/jwt/secrets', jwt(), { query: { extension_id: EXTENSION_ID } });
    expect(created.status).toBe(200);
    const [old, fresh] = created.body.data[0].secrets;
    expect(created.body.data[0].format_version).toBe(1);
    expect(old).toEqual({ content: SECRET, active_at: iso(START), expires_at: iso(START + 300_000 + 3_600_000 + 300_000) });
    expect(fresh).toEqual({ content: expect.any(String), active_at: iso(START + 300_000), expires_at: iso(START + 300_000 + 100 * 365 * 24 * 3600 * 1000) });
    expect(fresh.content).not.toBe(SECRET);
    expect(Buffer.from(fresh.content, 'base64')).toHaveLength(32);
    expect((await secrets(jwt())).body.data[0].secrets).toEqual([old, fresh]);

    // Before the delay the new secret signs nothing; the old one still does.
    expect((await secrets(jwt({}, fresh.content))).status).toBe(401);
    advance(300_000);
    expect((await secrets(jwt({}, fresh.content))).status).toBe(200);
    expect((await secrets(jwt())).status).toBe(200);
    // The control signs with the newest secret in service.
    expect((await secrets(platform().extensions.jwt(EXTENSION_ID))).status).toBe(200);
    advance(3_900_000 - 1);
    expect((await secrets(jwt())).status).toBe(200);
    advance(1);
    expect((await secrets(jwt())).body).toEqual(errorBody(401, /signature does not match/));
    expect((await secrets(jwt({}, fresh.content))).body.data[0].secrets).toEqual([fresh]);
    expect(platform().extensions.secrets(EXTENSION_ID).map((secret) => secret.content)).toEqual([fresh.content]);
  });

  it('takes a longer delay; 400 for one under 300 seconds or not a whole number', async () => {
    await setup();
    const created = await call('POST', '/extensions/jwt/secrets', jwt(), { query: { extension_id: EXTENSION_ID, delay: '600' } });
    expect(created.body.data[0].secrets[1].active_at).toBe(iso(now() + 600_000));
    expect(created.body.data[0].secrets[0].expires_at).toBe(iso(now() + 600_000 + 3_600_000 + 600_000));
    expect((await call('POST', '/extensions/jwt/secrets', jwt(), { query: { extension_id: EXTENSION_ID, delay: '299' } })).body).toEqual(
      errorBody(400, 'The delay specified in the "delay" parameter is too short: it must be at least 300 seconds'),
    );
    expect((await call('POST', '/extensions/jwt/secrets', jwt(), { query: { extension_id: EXTENSION_ID, delay: '5m' } })).body).toEqual(errorBody(400, /"delay" was malformed/));
    expect((await call('POST', '/extensions/jwt/secrets', jwt(), { query: { extension_id: EXTENSION_ID, delay: '1'.repeat(20) } })).status).toBe(400);
    expect((await call('POST', '/extensions/jwt/secrets', jwt(), { query: {} })).body).toEqual(errorBody(400, 'Missing required parameter "extension_id"'));
    expect((await call('POST', '/extensions/jwt/secrets', undefined, { query: { extension_id: EXTENSION_ID } })).status).toBe(401);
  });
});
