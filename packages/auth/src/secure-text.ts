// Randomness and comparisons for secrets, on Web Crypto and plain JavaScript only, so that they
// work in browsers, Deno, Bun and workers as well as Node.
import { PlatformError } from '@platform/core';

const encoder = /* @__PURE__ */ new TextEncoder();

/** Bytes as base64url without padding. */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * `byteCount` bytes from the runtime's CSPRNG (`crypto.getRandomValues`), as base64url.
 *
 * @throws PlatformError when the runtime has no `crypto.getRandomValues` (`what` names the caller).
 */
export function randomText(byteCount: number, what: string): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new PlatformError(`${what} needs crypto.getRandomValues() to make a random value, which this runtime does not provide.`);
  }
  return base64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/**
 * Whether two texts are equal, in a time that depends on their lengths only (their UTF-8 bytes are
 * all compared, whatever the first difference): a guess of a secret learns nothing from the time.
 */
export function sameText(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}
