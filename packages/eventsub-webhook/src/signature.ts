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

/** Each ASCII code's value as a hex digit (0-9, a-f, A-F), -1 for any other. */
const hexValues = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) {
  hexValues[digit.toString(16).charCodeAt(0)] = digit;
  hexValues[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
}

/** The 32 bytes of a signature header, or undefined when it is not `sha256=` and 64 hex digits. */
export function signatureBytes(header: string): Uint8Array<ArrayBuffer> | undefined {
  const bytes = new Uint8Array(32);
  return readSignature(header, bytes) ? bytes : undefined;
}

/** Reads the 32 bytes of a signature header into `bytes`; false when it is not `sha256=` and 64 hex digits. */
function readSignature(header: string, bytes: Uint8Array): boolean {
  if (header.length !== headerLength || !header.startsWith(prefix)) return false;
  for (let index = 0, at = prefix.length; index < 32; index++, at += 2) {
    const high = hexValue(header.charCodeAt(at));
    const low = hexValue(header.charCodeAt(at + 1));
    if (high < 0 || low < 0) return false;
    bytes[index] = (high << 4) | low;
  }
  return true;
}

function hexValue(code: number): number {
  return code < 128 ? hexValues[code]! : -1;
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
  // A KeyObject made once: a string key is copied into a new buffer by every createHmac.
  const key = secretKey(secret, crypto);
  // The header's bytes, read into one array per check function: the check is synchronous, so no
  // two messages use it at once.
  const given = new Uint8Array(32);
  return (messageId, timestamp, body, header) => {
    if (!readSignature(header, given)) return false;
    // ID and timestamp in one update (the same bytes as two): one call into the HMAC fewer.
    const expected = createHmac('sha256', key).update(messageId + timestamp).update(body).digest();
    return timingSafeEqual(expected, given);
  };
}

/** The secret as a KeyObject (the same bytes: its UTF-8), or as it is where one cannot be made from it. */
function secretKey(secret: string, crypto: typeof NodeCrypto): string | NodeCrypto.KeyObject {
  if (typeof secret !== 'string' || typeof crypto.createSecretKey !== 'function') return secret;
  try {
    return crypto.createSecretKey(secret, 'utf8');
  } catch {
    return secret;
  }
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
