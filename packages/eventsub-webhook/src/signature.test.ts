import { describe, expect, it, vi } from 'vitest';
import { nodeCrypto, signatureBytes, signatureCheck } from './signature';

// The shared fixture `webhook/notification.signed.json`.
const secret = 'c0ffee7e57s3cret-5d9f1a2b3c4e6f708192a3b4c5d6e7f8';
const messageId = '9ddfac06-bc9a-491a-a9b5-c9ac4a35a138';
const timestamp = '2026-03-14T18:25:02.212015131Z';
const header = 'sha256=e3b5b127551fbed76b4755a5de8d7b6968a47061cd2852f5c498359e0b8f312d';
const body =
  '{"subscription":{"id":"9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0","status":"enabled","type":"stream.online","version":"1","cost":1,"condition":{"broadcaster_user_id":"41520837"},"transport":{"method":"webhook","callback":"https://hooks.example.org/twitch/eventsub"},"created_at":"2026-03-14T17:00:00.490019367Z"},"event":{"id":"40898421049","broadcaster_user_id":"41520837","broadcaster_user_login":"pixelforge","broadcaster_user_name":"PixelForge","type":"live","started_at":"2026-03-14T18:25:00.424597987Z"}}';

describe('signatureBytes', () => {
  it('reads sha256= and 64 hex digits', () => {
    const bytes = signatureBytes(header)!;
    expect(bytes).toHaveLength(32);
    expect(Buffer.from(bytes).toString('hex')).toBe(header.slice(7));
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'sha256=', header.slice(7), `sha1=${header.slice(7)}`, `${header}0`, header.slice(0, -1), `${header.slice(0, -1)}g`, `SHA256=${header.slice(7)}`]) {
      expect(signatureBytes(bad), bad).toBeUndefined();
    }
  });
});

describe('signatureCheck', () => {
  it('finds node:crypto in Node without importing it', () => {
    expect(nodeCrypto()?.createHmac).toBeTypeOf('function');
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => {
      throw new Error('no such module');
    });
    expect(nodeCrypto()).toBeUndefined();
    vi.restoreAllMocks();
  });

  for (const [name, crypto] of [
    ['node:crypto', nodeCrypto()],
    ['WebCrypto', null],
  ] as const) {
    it(`${name}: accepts the fixture's signature over a Buffer, a Uint8Array and a string body`, async () => {
      const check = signatureCheck(secret, crypto);
      const bytes = new TextEncoder().encode(body);
      expect(await check(messageId, timestamp, Buffer.from(body), header)).toBe(true);
      expect(await check(messageId, timestamp, bytes, header)).toBe(true);
      expect(await check(messageId, timestamp, body, header)).toBe(true);
    });

    it(`${name}: refuses a changed body, ID, timestamp, secret or signature`, async () => {
      const check = signatureCheck(secret, crypto);
      expect(await check(messageId, timestamp, body.replace('"live"', '"rerun"'), header)).toBe(false);
      expect(await check(`${messageId}x`, timestamp, body, header)).toBe(false);
      // The timestamp is signed as sent: the same instant written another way does not match.
      expect(await check(messageId, timestamp.replace('131Z', '13Z'), body, header)).toBe(false);
      expect(await signatureCheck(`${secret}x`, crypto)(messageId, timestamp, body, header)).toBe(false);
      expect(await check(messageId, timestamp, body, `${header.slice(0, -1)}e`)).toBe(false);
      expect(await check(messageId, timestamp, body, 'sha256=nope')).toBe(false);
    });

    it(`${name}: reads each header afresh (no byte of an earlier one is kept)`, async () => {
      const check = signatureCheck(secret, crypto);
      // The right digits but a last one that is not hex, then the right header, then one byte wrong.
      expect(await check(messageId, timestamp, body, `${header.slice(0, -1)}z`)).toBe(false);
      expect(await check(messageId, timestamp, body, header)).toBe(true);
      const firstByteWrong = `sha256=${header[7] === '0' ? '1' : '0'}${header.slice(8)}`;
      expect(await check(messageId, timestamp, body, firstByteWrong)).toBe(false);
      expect(await check(messageId, timestamp, body, header.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
      expect(await check(messageId, timestamp, body, header)).toBe(true);
    });
  }
});
