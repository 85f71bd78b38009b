import type * as NodeCrypto from 'node:crypto';

/** The bytes of a webhook message body as the platform sent them (a string holds them as UTF-8). */
export type RawBody = Uint8Array | string;

/**
 * Checks the `Twitch-Eventsub-Message-Signature` header of one message: true when it is
 * `sha256=` followed by the hex HMAC-SHA256, keyed with the secret, of the message ID, the
 * timestamp header exactly as sent and the raw body. Synchronous with node:crypto, a promise with
 * WebCrypto.
 */
export type SignatureCheck = (messageId: string, timestamp: string, body: RawBody, header: string) => boolean | Promise<boolean>;

const prefix = 'sha256=';
/** `sha256=` and 64 hex digits. */
const headerLength = prefix.length + 64;

/**
 * node:crypto when the runtime has it, found without a static import so that browser and edge
 * bundles of this package never pull it in (`process.getBuiltinModule` exists from Node 20.16).
 */
export function nodeCrypto(): typeof NodeCrypto | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const found = runtime?.getBuiltinModule?.('node:crypto') as typeof NodeCrypto | undefined;
    return typeof found?.createHmac === 'function' && typeof found.timingSafeEqual === 'function' ? found : undefined;
  } catch {
    return undefined;
  }
}

/** The 32 bytes of a signature header, or undefined when it is not `sha256=` and 64 hex digits. */
export function signatureBytes(header: string): Uint8Array<ArrayBuffer> | undefined {
  if (header.length !== headerLength || !header.startsWith(prefix)) return undefined;
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index++) {
    const high = hexValue(header.charCodeAt(prefix.length + index * 2));
    const low = hexValue(header.charCodeAt(prefix.length + index * 2 + 1));
    if (high < 0 || low < 0) return undefined;
    bytes[index] = (high << 4) | low;
  }
  return bytes;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/**
 * The signature check for `secret`: node:crypto's HMAC and `timingSafeEqual` when the runtime has
 * them (`crypto` can force a choice, for tests), else WebCrypto's HMAC `verify`, which compares in
 * constant time too.
 */
export function signatureCheck(secret: string, crypto: typeof NodeCrypto | undefined | null = nodeCrypto()): SignatureCheck {
  return crypto ? nodeCheck(secret, crypto) : webCryptoCheck(secret);
}

function nodeCheck(secret: string, crypto: typeof NodeCrypto): SignatureCheck {
  const { createHmac, timingSafeEqual } = crypto;
  return (messageId, timestamp, body, header) => {
    const given = signatureBytes(header);
    if (!given) return false;
    const expected = createHmac('sha256', secret).update(messageId).update(timestamp).update(body).digest();
    return timingSafeEqual(expected, given);
  };
}

function webCryptoCheck(secret: string): SignatureCheck {
  const encoder = new TextEncoder();
  let key: Promise<CryptoKey> | undefined;
  const importKey = () => {
    const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
    if (!subtle) return Promise.reject(new Error('This runtime has neither node:crypto nor WebCrypto (crypto.subtle) to check webhook signatures.'));
    return subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  };
  return async (messageId, timestamp, body, header) => {
    const given = signatureBytes(header);
    if (!given) return false;
    key ??= importKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    let signed: Uint8Array<ArrayBuffer>;
    if (typeof body === 'string') signed = encoder.encode(messageId + timestamp + body);
    else {
      const head = encoder.encode(messageId + timestamp);
      signed = new Uint8Array(head.length + body.length);
      signed.set(head);
      signed.set(body, head.length);
    }
    return globalThis.crypto.subtle.verify('HMAC', await key, given, signed);
  };
}
