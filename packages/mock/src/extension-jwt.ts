import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from './http';

/*
 * The JSON Web Tokens an Extension Backend Service signs to call the extension routes (reference:
 * "Requires a signed JSON Web Token (JWT) created by an Extension Backend Service"): HS256 over
 * `header.payload`, keyed by the extension's shared secret as base64-decoded bytes (the `content`
 * of Get Extension Secrets is base64). The platform checks the signature against the extension's
 * secrets in service, `exp` against its clock, and the claims each route names.
 */

/** The claims of an extension JWT (the platform's JWT schema; other claims pass through). */
export interface ExtensionJwtClaims {
  /** Expiry, in epoch seconds. */
  exp?: number;
  /** The user the call is made as: for an EBS, the extension owner's ID. */
  user_id?: string;
  /** `external` for an Extension Backend Service. */
  role?: string;
  /** The channel the call is for (`all` for a global PubSub message). */
  channel_id?: string;
  /** What PubSub targets the token may send to (`broadcast`, `global`, `whisper-<user-id>`) and listen to. */
  pubsub_perms?: {
    /** The targets the token may send to. */
    send?: string[];
    /** The targets the token may listen to. */
    listen?: string[];
  };
  [claim: string]: unknown;
}

/** A claim a route requires: present and of the right type (`role` must also be `external`). */
export type RequiredClaim = 'exp' | 'user_id' | 'role' | 'channel_id' | 'pubsub_perms';

/**
 * Signs claims as an Extension Backend Service does: HS256 with the base64-decoded secret. Tests
 * use it to call the mock's extension routes.
 *
 * @example
 * const jwt = signExtensionJwt({ exp: Math.floor(Date.now() / 1000) + 60, user_id: ownerId, role: 'external' }, secret);
 */
export function signExtensionJwt(claims: ExtensionJwtClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', Buffer.from(secret, 'base64')).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Why a JWT is refused: every refusal is the platform's 401 with the reference's wording first. */
function invalid(reason: string): HttpError {
  return new HttpError(401, `The JWT token is not valid: ${reason}`);
}

/**
 * Checks an extension JWT and returns its claims: the signature must match one of `secrets`
 * (base64, those in service now), `exp` (when present, and it must be when required) must be
 * after `nowMs`, `nbf` (when present) not after it, and every claim of `required` present, with
 * `role` set to `external`.
 *
 * @throws HttpError 401 naming what is wrong (never the token or a secret).
 */
export function verifyExtensionJwt(token: string, secrets: readonly string[], nowMs: number, required: readonly RequiredClaim[]): ExtensionJwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) throw invalid('it is not a signed JWT (header.payload.signature)');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (header?.alg !== 'HS256') throw invalid('the header must name the HS256 algorithm');
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = `${headerPart}.${payloadPart}`;
  const matches = secrets.some((secret) => {
    const expected = createHmac('sha256', Buffer.from(secret, 'base64')).update(signed).digest();
    return expected.length === signature.length && timingSafeEqual(expected, signature);
  });
  if (!matches) throw invalid('the signature does not match a secret of the extension in service');
  const claims: ExtensionJwtClaims | undefined = decodeJson(payloadPart);
  if (!claims) throw invalid('the payload is not a JSON object');
  const nowSeconds = nowMs / 1000;
  if (claims.exp !== undefined) {
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw invalid('the claim "exp" must be a number of epoch seconds');
    if (nowSeconds >= claims.exp) throw invalid('it expired (claim "exp")');
  }
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || nowSeconds < claims.nbf)) throw invalid('it is not valid yet (claim "nbf")');
  for (const claim of required) {
    const value = claims[claim];
    if (value === undefined || value === null || value === '') throw invalid(`the claim "${claim}" is required`);
    if (claim === 'pubsub_perms' ? typeof value !== 'object' || Array.isArray(value) : claim !== 'exp' && typeof value !== 'string') {
      throw invalid(`the claim "${claim}" has the wrong type`);
    }
  }
  if (required.includes('role') && claims.role !== 'external') throw invalid('the claim "role" must be "external" for an Extension Backend Service');
  return claims;
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
