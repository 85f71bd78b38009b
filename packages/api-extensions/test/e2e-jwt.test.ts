import { PlatformApiError, PlatformError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExtensionSecret, extension, extensionConfiguration, extensionSecrets, releasedExtension, sendExtensionChatMessage, setExtensionRequiredConfiguration } from '../src/index';
import { claimsOf, createWorld, EXTENSION_ID, everythingSaid, iso, rejectionOf, SECRET, START, type World } from './e2e-world';

/*
 * Extension JWTs end to end: each call of a JWT operation is signed by the client from the
 * `extension` request option and checked by the mock as the platform checks it (HS256 with a
 * secret in service, `exp` on the platform's clock, the claims the route requires). The shared
 * secrets are read and rotated through the same operations.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

const MINUTE = 60_000;
/** Another extension secret, 32 bytes, base64: what a typo in the configuration would give. */
const WRONG_SECRET = Buffer.from('not the secret the platform has!').toString('base64');

describe('a JWT signed from the extension option', () => {
  it('passes the mock: Client-Id of the extension, role external, the owner, five minutes on the client clock', async () => {
    const { client, extension: credentials, developer } = world;
    const secrets = await extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials });
    expect(secrets).toEqual({ format_version: 1, secrets: [{ content: SECRET, active_at: iso(START), expires_at: expect.any(String) as unknown }] });
    const [sent] = world.helix();
    expect(sent).toMatchObject({ method: 'GET', path: '/extensions/jwt/secrets', clientId: EXTENSION_ID, status: 200, query: { extension_id: EXTENSION_ID } });
    expect(claimsOf(sent?.token)).toEqual({ exp: START / 1000 + 300, user_id: developer.id, role: 'external' });
    // The application's own Client-Id and OAuth tokens are not sent: the JWT replaces them, even
    // when `as` or `token` are given.
    await extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials, as: developer.id, token: 'an-oauth-token' });
    expect(world.helix()[1]).toMatchObject({ clientId: EXTENSION_ID, status: 200 });
    expect(world.helix()[1]?.token).not.toBe('an-oauth-token');
    expect(world.mock.requests.filter((request) => request.server === 'oauth')).toEqual([]);
  });

  it('is signed on the client clock: a clock 4:59 behind still passes, 5:01 behind the JWT has expired', async () => {
    const { client, extension: credentials } = world;
    world.clientLag(5 * MINUTE - 1000);
    await expect(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials })).resolves.toMatchObject({ format_version: 1 });
    world.clientLag(5 * MINUTE + 1000);
    const error = await rejectionOf(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(401);
    expect(error.message).toBe('The JWT token is not valid: it expired (claim "exp") (401 on GET /extensions/jwt/secrets)');
    expect(claimsOf(world.helix()[1]?.token).exp).toBe((START - 5 * MINUTE - 1000) / 1000 + 300);
    // A 401 is not retried with another JWT, and the JWT is never sent to the OAuth server.
    expect(world.helixSent()).toEqual(['GET /extensions/jwt/secrets', 'GET /extensions/jwt/secrets']);
    expect(world.mock.requests.filter((request) => request.server === 'oauth')).toEqual([]);
  });

  it('with a wrong secret: 401 from the platform, sent once, and no secret in the message', async () => {
    const { client, extension: credentials } = world;
    const error = await rejectionOf(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: { ...credentials, secret: WRONG_SECRET } }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The JWT token is not valid: the signature does not match a secret of the extension in service (401 on GET /extensions/jwt/secrets)');
    expect(world.helixSent()).toEqual(['GET /extensions/jwt/secrets']);
    for (const secret of [WRONG_SECRET, SECRET, Buffer.from(WRONG_SECRET, 'base64').toString('utf8')]) expect(everythingSaid(error)).not.toContain(secret);
    expect(JSON.stringify((error as PlatformApiError).body)).not.toContain(WRONG_SECRET);
  });

  it('the claims each route requires: Set Extension Required Configuration wants the owner as user_id', async () => {
    const { client, extension: credentials, broadcaster, other } = world;
    const params = { broadcaster_id: broadcaster.id, extension_id: EXTENSION_ID, extension_version: '1.0.0', required_configuration: 'RCS-2' };
    const error = await rejectionOf(setExtensionRequiredConfiguration(client, params, { extension: { ...credentials, ownerId: other.id } }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The JWT token is not valid: the claim "user_id" must be the ID of the user that owns the extension (401 on PUT /extensions/required_configuration)');
    expect(world.mock.extensions.requiredConfiguration(EXTENSION_ID, broadcaster.id)).toBeUndefined();
    await setExtensionRequiredConfiguration(client, params, { extension: credentials });
    expect(world.mock.extensions.requiredConfiguration(EXTENSION_ID, broadcaster.id)).toEqual({ extension_version: '1.0.0', required_configuration: 'RCS-2' });
    const [, sent] = world.helix();
    expect(sent).toMatchObject({ method: 'PUT', query: { broadcaster_id: broadcaster.id }, body: { extension_id: EXTENSION_ID, extension_version: '1.0.0', required_configuration: 'RCS-2' }, status: 204 });
  });

  it('a JWT of another extension: refused for the extension in extension_id', async () => {
    const { mock, client, developer } = world;
    const otherSecret = Buffer.from('the secret of the other extension').toString('base64');
    mock.extensions.add({ clientId: 'ext-e2e-other', ownerId: developer.id, name: 'Other', version: '0.1.0', secret: otherSecret });
    const error = await rejectionOf(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: { clientId: 'ext-e2e-other', secret: otherSecret, ownerId: developer.id } }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The JWT token is not valid for the extension in extension_id: it must be the extension of the Client-Id header (401 on GET /extensions/jwt/secrets)');
    expect(everythingSaid(error)).not.toContain(otherSecret);
  });
});

describe('refused before sending', () => {
  it('a JWT operation without the extension option, or with a broken one: PlatformError, nothing sent, no secret said', async () => {
    const { client, extension: credentials } = world;
    const missing = await rejectionOf(() => extensionSecrets(client, { extension_id: EXTENSION_ID }, {} as never));
    expect(missing).toBeInstanceOf(PlatformError);
    expect(missing).not.toBeInstanceOf(PlatformApiError);
    expect(missing.message).toBe("GET /extensions/jwt/secrets needs the request option extension ({ clientId, secret, ownerId }): the platform takes only a JWT signed with the extension's secret.");
    const notBase64 = 'my secret % is not base64!';
    const broken = await rejectionOf(() => extension(client, { extension_id: EXTENSION_ID }, { extension: { ...credentials, secret: notBase64 } }));
    expect(broken.message).toBe('The request option extension.secret is not base64; pass the secret as the platform gives it (the content of a secret from extensionSecrets()).');
    expect(everythingSaid(broken)).not.toContain(notBase64);
    const noOwner = await rejectionOf(() => extension(client, { extension_id: EXTENSION_ID }, { extension: { ...credentials, ownerId: '' } }));
    expect(noOwner.message).toBe('The request option extension.ownerId must be a non-empty string; got an empty string.');
    const noSecret = await rejectionOf(() => extension(client, { extension_id: EXTENSION_ID }, { extension: { ...credentials, secret: 42 as unknown as string } }));
    expect(noSecret.message).toBe('The request option extension.secret must be a non-empty string; got 42.');
    expect(world.helix()).toEqual([]);
  });

  it('an OAuth operation of the package given the extension option: PlatformError, nothing sent', async () => {
    const { client, extension: credentials } = world;
    const error = await rejectionOf(() => releasedExtension(client, { extension_id: EXTENSION_ID }, { extension: credentials } as never));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.message).toBe('GET /extensions/released takes no request option extension.');
    expect(everythingSaid(error)).not.toContain(SECRET);
    expect(world.helix()).toEqual([]);
  });

  it('a limit broken by a JWT operation names the parameter and the range, never the secret', async () => {
    const { client, extension: credentials, broadcaster } = world;
    const long = await rejectionOf(() =>
      sendExtensionChatMessage(client, { broadcaster_id: broadcaster.id, text: 'x'.repeat(281), extension_id: EXTENSION_ID, extension_version: '1.0.0' }, { extension: credentials }),
    );
    expect(long).toBeInstanceOf(PlatformError);
    expect(long.message).toMatch(/text.*280 characters/);
    const early = await rejectionOf(() => createExtensionSecret(client, { extension_id: EXTENSION_ID, delay: 299 }, { extension: credentials }));
    expect(early.message).toMatch(/delay.*300/);
    const segment = await rejectionOf(() => extensionConfiguration(client, { extension_id: EXTENSION_ID, segment: 'broadcaster' }, { extension: credentials }));
    expect(segment.message).toBe('extensions.extensionConfiguration needs the parameter broadcaster_id for the segment "broadcaster".');
    for (const error of [long, early, segment]) expect(everythingSaid(error)).not.toContain(SECRET);
    expect(world.helix()).toEqual([]);
  });

  it('an OAuth token on a JWT route (the extension client calling by hand): 401 from the platform', async () => {
    const error = await rejectionOf(world.extensionClient.request({ method: 'GET', path: '/extensions/jwt/secrets', query: { extension_id: EXTENSION_ID } }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The JWT token is not valid: it is not a signed JWT (header.payload.signature) (401 on GET /extensions/jwt/secrets)');
  });
});

describe('shared secrets', () => {
  it('a new secret is active after its delay; the old one serves until it expires, then the mock refuses it', async () => {
    const { client, extension: credentials } = world;
    const created = await createExtensionSecret(client, { extension_id: EXTENSION_ID, delay: 600 }, { extension: credentials });
    expect(world.helix()[0]).toMatchObject({ method: 'POST', path: '/extensions/jwt/secrets', query: { extension_id: EXTENSION_ID, delay: '600' }, status: 200 });
    expect(created.format_version).toBe(1);
    expect(created.secrets).toHaveLength(2);
    const [old, fresh] = created.secrets as [(typeof created.secrets)[0], (typeof created.secrets)[0]];
    expect(old.content).toBe(SECRET);
    expect(fresh.content).not.toBe(SECRET);
    expect(fresh.active_at).toBe(iso(START + 10 * MINUTE));
    // The old secret leaves service soon after the new one is active (the reference's example:
    // 65 minutes), instead of the century it had; the new one gets the century.
    const oldExpiry = Date.parse(old.expires_at);
    expect(oldExpiry - Date.parse(fresh.active_at)).toBeGreaterThan(0);
    expect(oldExpiry - Date.parse(fresh.active_at)).toBeLessThanOrEqual(2 * 60 * MINUTE);
    expect(Date.parse(fresh.expires_at) - Date.parse(fresh.active_at)).toBeGreaterThan(99 * 365 * 24 * 60 * MINUTE);
    // Read back: the same two.
    expect(await extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials })).toEqual(created);

    const withNew = { ...credentials, secret: fresh.content };
    // Not active yet: a JWT signed with it is refused.
    const early = await rejectionOf(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: withNew }));
    expect(early.message).toBe('The JWT token is not valid: the signature does not match a secret of the extension in service (401 on GET /extensions/jwt/secrets)');

    // Active: both serve during the switch-over.
    world.advance(10 * MINUTE);
    await expect(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: withNew })).resolves.toMatchObject({ format_version: 1 });
    await expect(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials })).resolves.toMatchObject({ format_version: 1 });

    // Up to the old secret's expiry it serves; from then on it is refused, and no longer listed.
    world.advance(oldExpiry - world.now() - 1000);
    await expect(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials })).resolves.toMatchObject({ format_version: 1 });
    world.advance(1000);
    const late = await rejectionOf(extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: credentials }));
    expect(late).toBeInstanceOf(PlatformApiError);
    expect((late as PlatformApiError).status).toBe(401);
    expect(late.message).toBe('The JWT token is not valid: the signature does not match a secret of the extension in service (401 on GET /extensions/jwt/secrets)');
    expect(everythingSaid(late)).not.toContain(SECRET);
    const now = await extensionSecrets(client, { extension_id: EXTENSION_ID }, { extension: withNew });
    expect(now.secrets.map((secret) => secret.content)).toEqual([fresh.content]);
  });

  it('without a delay: the platform default, 300 seconds', async () => {
    const { client, extension: credentials } = world;
    const created = await createExtensionSecret(client, { extension_id: EXTENSION_ID }, { extension: credentials });
    expect(world.helix()[0]?.query).toEqual({ extension_id: EXTENSION_ID });
    expect(created.secrets.at(-1)?.active_at).toBe(iso(START + 5 * MINUTE));
  });
});
