// Verifying the JWTs an extension's front end sends to its backend service (EBS): HS256 with the
// extension's shared secret, on Web Crypto (Node 20+, Deno, Bun, workers). The platform signs
// them with the same secrets that the EBS uses to sign its own calls (reference: "Creates a shared
// secret used to sign and verify JWT tokens"; during a rotation the old and the new secret both
// hold).
import { PlatformError } from '@platform/core';

/** The shortest shared secret accepted, in bytes: HS256 needs a key at least as long as its hash (RFC 7518, section 3.2). */
export const minimumExtensionSecretBytes = 32;

/** A JWT longer than this is refused before any work: no extension JWT comes near it. */
const maximumTokenLength = 16_384;

/** The claims of a verified extension JWT, as the platform writes them; other claims are kept as they are. */
export interface ExtensionJwtPayload {
  /** When the JWT expires, in epoch seconds (always there: a JWT without it is refused). */
  exp: number;
  /** The user the JWT speaks for, when the viewer shared their identity (or the owner, for `external`). */
  user_id?: string;
  /** Who the JWT speaks for: `broadcaster`, `moderator`, `viewer` or `external`. */
  role?: string;
  /** The channel the extension runs on for this viewer. */
  channel_id?: string;
  /** The PubSub targets the JWT may listen on and send to. */
  pubsub_perms?: {
    /** The targets the JWT may listen on. */
    listen?: string[];
    /** The targets the JWT may send to. */
    send?: string[];
  };
  /** Any other claim, as written. */
  [claim: string]: unknown;
}

/** Options of `verifyExtensionJwt()`. */
export interface VerifyExtensionJwtOptions {
  /**
   * The extension's shared secrets, base64 as the platform gives them (the `content` of each secret
   * from `extensionSecrets()`), each at least 32 bytes once decoded. They are tried in turn, so
   * that during a rotation a JWT signed with the old secret or with the new one passes.
   */
  secrets: string | readonly string[];
  /** The time to check `exp` (and `nbf`) against, in epoch ms. Default: `Date.now()`, this machine's clock. */
  now?: number | undefined;
  /** Seconds by which this clock may be behind the platform's: `exp` is extended by this much. Default 0. */
  clockToleranceSeconds?: number | undefined;
}

const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });
const encoder = /* @__PURE__ */ new TextEncoder();

/** A time of a claim as a message shows it (a claim far outside the calendar as its number of seconds). */
function timeOf(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? `epoch second ${seconds}` : date.toISOString();
}

function invalid(reason: string): PlatformError {
  return new PlatformError(`The extension JWT is not valid: ${reason}.`);
}

/** base64 or base64url text, padded or not, as bytes; undefined when it is neither. */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** A JWT part (base64url JSON object) as an object; undefined when it is not one. */
function decodeObject(part: string): Record<string, unknown> | undefined {
  const bytes = decodeBase64(part);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The secrets as HMAC keys; a message names a broken secret by its place in the list, never by its text. */
function secretKeys(given: unknown): Uint8Array<ArrayBuffer>[] {
  const list: unknown[] = typeof given === 'string' ? [given] : Array.isArray(given) ? given : [];
  if (list.length === 0) throw new PlatformError("verifyExtensionJwt() needs the extension's secrets: { secrets: [secret, ...] }, base64 as the platform gives them.");
  return list.map((secret, index) => {
    const which = list.length === 1 ? 'the secret' : `secret ${index + 1}`;
    const bytes = typeof secret === 'string' && secret !== '' ? decodeBase64(secret) : undefined;
    if (!bytes) throw new PlatformError(`verifyExtensionJwt(): ${which} is not base64 text; pass each secret as the platform gives it (the content of a secret from extensionSecrets()).`);
    if (bytes.length < minimumExtensionSecretBytes) {
      throw new PlatformError(
        `verifyExtensionJwt(): ${which} is ${bytes.length} bytes long once decoded; an extension secret is at least ${minimumExtensionSecretBytes} bytes (HS256 needs a key as long as its hash).`,
      );
    }
    return bytes;
  });
}

/**
 * Checks a JWT that an extension's front end sent to its backend service (the `Authorization:
 * Bearer <jwt>` of its requests; pass the JWT without `Bearer `), and resolves with its claims.
 *
 * - The header must name HS256: `alg: none` and every other algorithm are refused, whatever the
 *   token says, and so is a header with critical extensions (`crit`).
 * - The signature must match one of `secrets`, tried in turn (Web Crypto's HMAC verify).
 * - `exp` is required, a number of epoch seconds after `now` (this machine's clock unless given,
 *   plus `clockToleranceSeconds`); `nbf`, when there, must not be after it.
 *
 * What the claims allow (the `role`, the `channel_id`) is for the caller to check. Works in Node
 * 20+, browsers, Deno, Bun and workers.
 *
 * @throws PlatformError, as a rejection: for bad options (no secret, a secret that is not base64
 * or shorter than 32 bytes once decoded), and for a JWT that is refused, with a message that starts
 * `The extension JWT is not valid: ` and says why. No message holds the JWT or a secret.
 * @example
 * const claims = await verifyExtensionJwt(request.headers.authorization.replace(/^Bearer /, ''), { secrets: [extensionSecret] });
 * if (claims.role !== 'broadcaster') throw new Error('Only the broadcaster may do this.');
 */
export async function verifyExtensionJwt(token: string, options: VerifyExtensionJwtOptions): Promise<ExtensionJwtPayload> {
  if (typeof options !== 'object' || options === null) throw new PlatformError('verifyExtensionJwt() needs { secrets }.');
  const keys = secretKeys(options.secrets);
  const tolerance = options.clockToleranceSeconds ?? 0;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new PlatformError('verifyExtensionJwt(): clockToleranceSeconds must be a number of seconds, 0 or more.');
  }
  const now = options.now ?? Date.now();
  if (typeof now !== 'number' || !Number.isFinite(now)) throw new PlatformError('verifyExtensionJwt(): now must be a time in epoch milliseconds.');
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!subtle) throw new PlatformError('verifyExtensionJwt() needs Web Crypto (crypto.subtle), which this runtime does not provide.');

  if (typeof token !== 'string' || token === '') throw invalid('no JWT was given');
  if (token.length > maximumTokenLength) throw invalid(`it is longer than ${maximumTokenLength} characters`);
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) throw invalid('it is not a signed JWT (header.payload.signature, each part base64url)');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeObject(headerPart);
  if (!header) throw invalid('its header is not a JSON object');
  // The algorithm is pinned: a token never chooses how it is checked.
  if (header.alg !== 'HS256') throw invalid('its header does not name the HS256 algorithm (alg none and every other algorithm are refused)');
  if (header.crit !== undefined) throw invalid('its header has critical extensions (crit), which are not understood here');
  const signature = decodeBase64(signaturePart);
  if (!signature) throw invalid('its signature is not base64url');
  const signed = encoder.encode(`${headerPart}.${payloadPart}`);
  let matches = false;
  for (const key of keys) {
    const hmac = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    if (await subtle.verify('HMAC', hmac, signature, signed)) {
      matches = true;
      break;
    }
  }
  if (!matches) throw invalid("its signature matches none of the extension's secrets");
  const claims = decodeObject(payloadPart);
  if (!claims) throw invalid('its payload is not a JSON object');
  const { exp, nbf } = claims;
  if (exp === undefined) throw invalid('it has no exp claim (its expiry, in epoch seconds), which is required');
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw invalid('its exp claim is not a number of epoch seconds');
  if (now >= (exp + tolerance) * 1000) throw invalid(`it expired at ${timeOf(exp)} (this clock says ${timeOf(now / 1000)})`);
  if (nbf !== undefined) {
    if (typeof nbf !== 'number' || !Number.isFinite(nbf)) throw invalid('its nbf claim is not a number of epoch seconds');
    if (now + tolerance * 1000 < nbf * 1000) throw invalid(`it is not valid before ${timeOf(nbf)} (this clock says ${timeOf(now / 1000)})`);
  }
  return claims as ExtensionJwtPayload;
}
