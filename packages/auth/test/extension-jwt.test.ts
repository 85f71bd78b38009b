import { PlatformError } from '@platform/core';
import { createHmac, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { minimumExtensionSecretBytes, verifyExtensionJwt } from '../src/index';

const oldSecret = randomBytes(32).toString('base64');
const newSecret = randomBytes(32).toString('base64');
const otherSecret = randomBytes(32).toString('base64');
const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const inAMinute = Math.floor(now / 1000) + 60;

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT as the platform signs it for an extension's front end (HS256 over `header.payload`), or with another header. */
function jwt(claims: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${createHmac('sha256', Buffer.from(secret, 'base64')).update(input).digest('base64url')}`;
}

const viewer = { exp: inAMinute, opaque_user_id: 'U12345', user_id: '12345', channel_id: '141981764', role: 'viewer', pubsub_perms: { listen: ['broadcast'], send: [] } };

/** The rejection of a verification; it must never show the JWT or a secret, however it is printed. */
async function refusal(token: string, options: Parameters<typeof verifyExtensionJwt>[1]): Promise<PlatformError> {
  const error = await verifyExtensionJwt(token, options).then(
    () => {
      throw new Error('verified, but should have been refused');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  const printed = inspect(error, { depth: Infinity, showHidden: true });
  for (const secret of [oldSecret, newSecret, otherSecret]) expect(printed).not.toContain(secret);
  if (token.length > 20) for (const piece of token.split('.').filter((each) => each.length > 8)) expect(printed).not.toContain(piece);
  return error as PlatformError;
}

describe('verifyExtensionJwt()', () => {
  it('resolves with the claims of a JWT signed with a secret of the extension; the secrets are tried in turn', async () => {
    await expect(verifyExtensionJwt(jwt(viewer, newSecret), { secrets: newSecret, now })).resolves.toEqual(viewer);
    // During a rotation: signed with the old secret or the new one.
    await expect(verifyExtensionJwt(jwt(viewer, oldSecret), { secrets: [oldSecret, newSecret], now })).resolves.toEqual(viewer);
    await expect(verifyExtensionJwt(jwt(viewer, newSecret), { secrets: [oldSecret, newSecret], now })).resolves.toEqual(viewer);
    // base64url secrets, and secrets without padding, are read too.
    const url = Buffer.from(newSecret, 'base64').toString('base64url');
    await expect(verifyExtensionJwt(jwt(viewer, newSecret), { secrets: [url], now })).resolves.toEqual(viewer);
  });

  it('refuses a signature of another secret, and a changed payload', async () => {
    const signed = jwt(viewer, otherSecret);
    expect((await refusal(signed, { secrets: [oldSecret, newSecret], now })).message).toBe("The extension JWT is not valid: its signature matches none of the extension's secrets.");
    const [header, , signature] = jwt(viewer, newSecret).split('.');
    const promoted = `${header}.${part({ ...viewer, role: 'broadcaster' })}.${signature}`;
    expect((await refusal(promoted, { secrets: newSecret, now })).message).toBe("The extension JWT is not valid: its signature matches none of the extension's secrets.");
  });

  it('pins HS256: alg none, HS512, RS256 and a missing alg are refused, whatever the signature', async () => {
    const pinned = 'The extension JWT is not valid: its header does not name the HS256 algorithm (alg none and every other algorithm are refused).';
    for (const header of [{ alg: 'none', typ: 'JWT' }, { alg: 'HS512' }, { alg: 'RS256' }, { alg: 'hs256' }, { typ: 'JWT' }]) {
      // Signed correctly with the secret, so only the header decides.
      expect((await refusal(jwt(viewer, newSecret, header), { secrets: newSecret, now })).message).toBe(pinned);
    }
    // An unsigned token (alg none, empty signature) is not even a signed JWT.
    const unsigned = `${part({ alg: 'none' })}.${part(viewer)}.`;
    expect((await refusal(unsigned, { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: it is not a signed JWT (header.payload.signature, each part base64url).',
    );
    expect((await refusal(jwt(viewer, newSecret, { alg: 'HS256', crit: ['b64'] }), { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: its header has critical extensions (crit), which are not understood here.',
    );
  });

  it('requires exp, checked against the clock (with a tolerance when asked); nbf too', async () => {
    const { exp: _exp, ...noExp } = viewer;
    expect((await refusal(jwt(noExp, newSecret), { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: it has no exp claim (its expiry, in epoch seconds), which is required.',
    );
    expect((await refusal(jwt({ ...viewer, exp: String(inAMinute) }, newSecret), { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: its exp claim is not a number of epoch seconds.',
    );
    const expired = jwt({ ...viewer, exp: Math.floor(now / 1000) - 10 }, newSecret);
    expect((await refusal(expired, { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: it expired at 2026-01-01T11:59:50.000Z (this clock says 2026-01-01T12:00:00.000Z).',
    );
    // At its exp second it has expired already; within a tolerance it passes.
    await expect(verifyExtensionJwt(jwt({ ...viewer, exp: now / 1000 }, newSecret), { secrets: newSecret, now })).rejects.toThrow('it expired at');
    await expect(verifyExtensionJwt(expired, { secrets: newSecret, now, clockToleranceSeconds: 30 })).resolves.toMatchObject({ role: 'viewer' });
    // The client's own clock by default.
    await expect(verifyExtensionJwt(jwt({ ...viewer, exp: Math.floor(Date.now() / 1000) + 60 }, newSecret), { secrets: newSecret })).resolves.toMatchObject({ role: 'viewer' });
    await expect(verifyExtensionJwt(jwt(viewer, newSecret), { secrets: newSecret })).rejects.toThrow('it expired at');
    const early = jwt({ ...viewer, nbf: Math.floor(now / 1000) + 30 }, newSecret);
    expect((await refusal(early, { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: it is not valid before 2026-01-01T12:00:30.000Z (this clock says 2026-01-01T12:00:00.000Z).',
    );
    expect((await refusal(jwt({ ...viewer, exp: -1e20 }, newSecret), { secrets: newSecret, now })).message).toBe(
      'The extension JWT is not valid: it expired at epoch second -100000000000000000000 (this clock says 2026-01-01T12:00:00.000Z).',
    );
  });

  it('refuses what is not a JWT, or not JSON', async () => {
    const cases: [string, string][] = [
      ['', 'no JWT was given'],
      ['Bearer abc.def.ghi', 'it is not a signed JWT (header.payload.signature, each part base64url)'],
      ['abc.def', 'it is not a signed JWT (header.payload.signature, each part base64url)'],
      ['x'.repeat(20_000), 'it is longer than 16384 characters'],
      [`${part('not json')}.${part(viewer)}.c2ln`, 'its header is not a JSON object'],
    ];
    for (const [token, reason] of cases) expect((await refusal(token, { secrets: newSecret, now })).message).toBe(`The extension JWT is not valid: ${reason}.`);
    const input = `${part({ alg: 'HS256' })}.${part('[1,2]')}`;
    const arrayPayload = `${input}.${createHmac('sha256', Buffer.from(newSecret, 'base64')).update(input).digest('base64url')}`;
    expect((await refusal(arrayPayload, { secrets: newSecret, now })).message).toBe('The extension JWT is not valid: its payload is not a JSON object.');
  });

  it('refuses secrets shorter than 32 bytes, not base64, or none, naming them by place, never by text', async () => {
    expect(minimumExtensionSecretBytes).toBe(32);
    const short = Buffer.from('a 1-byte secret is no secret').toString('base64');
    const token = jwt(viewer, short);
    expect((await refusal(token, { secrets: short, now })).message).toBe(
      'verifyExtensionJwt(): the secret is 28 bytes long once decoded; an extension secret is at least 32 bytes (HS256 needs a key as long as its hash).',
    );
    expect((await refusal(token, { secrets: [newSecret, Buffer.from([7]).toString('base64')], now })).message).toBe(
      'verifyExtensionJwt(): secret 2 is 1 bytes long once decoded; an extension secret is at least 32 bytes (HS256 needs a key as long as its hash).',
    );
    const notBase64 = 'not base64 at all: %%%';
    const error = await refusal(token, { secrets: [notBase64], now });
    expect(error.message).toBe('verifyExtensionJwt(): the secret is not base64 text; pass each secret as the platform gives it (the content of a secret from extensionSecrets()).');
    expect(error.message).not.toContain(notBase64);
    for (const secrets of [[], '', undefined]) {
      expect((await refusal(token, { secrets: secrets as string[], now })).message).toMatch(/^verifyExtensionJwt\(\) needs the extension's secrets|the secret is not base64/);
    }
    await expect(verifyExtensionJwt(token, undefined as unknown as { secrets: string })).rejects.toThrow('verifyExtensionJwt() needs { secrets }.');
    await expect(verifyExtensionJwt(jwt(viewer, newSecret), { secrets: newSecret, clockToleranceSeconds: -1 })).rejects.toThrow('clockToleranceSeconds must be');
  });
});
