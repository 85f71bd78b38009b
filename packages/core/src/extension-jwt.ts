import type { Credential } from './authenticator';
import { PlatformError } from './errors/platform-error';
import { checkExtensionOption } from './options';
import type { ExtensionCredentials, RequestOptions } from './types';

export type { ExtensionCredentials } from './types';

/**
 * Seconds an extension JWT stays valid after it is signed: a call signs a fresh one for each
 * attempt, so a short life costs nothing and a JWT that leaks soon expires.
 */
const lifetime = 180;

/** The claims of an extension JWT, as the platform reads them. */
export interface ExtensionJwtClaims {
  /** When the JWT expires, in epoch seconds. */
  exp: number;
  /** The user the JWT speaks for: the extension's owner. */
  user_id: string;
  /** `external`: the JWT comes from the extension's own backend service. */
  role: 'external';
  /** The channel the call concerns, or `all` for every channel the extension is active on. */
  channel_id?: string;
  /** The PubSub targets the JWT may send to (`broadcast`, `global`, `whisper-<user ID>`) or listen on. */
  pubsub_perms?: { listen?: string[]; send?: string[] };
}

/** The claims an operation adds for its call, beyond `exp`, `user_id` and `role`. */
export type ExtensionJwtCallClaims = Pick<ExtensionJwtClaims, 'channel_id' | 'pubsub_perms'>;

/**
 * The credential of one attempt of a call signed with an extension JWT. Like a raw token, it is
 * not renewed after a 401; its rate-limit bucket is `extension:<clientId>`, and the call goes out
 * with the extension's client ID as Client-Id.
 */
export interface ExtensionJwtCredential extends Credential {
  readonly kind: 'raw';
  readonly clientId: string;
}

/**
 * The request options of a call to an endpoint that takes an extension JWT (token kind
 * `extension`), as `withExtensionJwt()` makes them: they carry the signer to the pipeline, so that
 * the signer is in a bundle only together with an operation that needs it.
 */
export interface ExtensionJwtOptions extends RequestOptions {
  /**
   * Signs the JWT of one attempt from the `extension` option (refusing a missing or broken one);
   * `now` is the client clock's epoch ms, `call` the call as messages name it (`GET /extensions`).
   */
  readonly extensionJwt?: ((extension: ExtensionCredentials | undefined, now: number, call: string) => Promise<ExtensionJwtCredential>) | undefined;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** Bytes as base64url without padding, as a JWT writes each of its parts. */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The HMAC key: the secret decoded from base64 (base64url and missing padding are accepted too). */
function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  let binary: string;
  try {
    binary = atob(secret.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    // The runtime's own message is left out: some quote the text they could not decode.
    throw new PlatformError('The request option extension.secret is not base64; pass the secret as the platform gives it (the content of a secret from extensionSecrets()).');
  }
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * Signs an extension JWT (HS256, through Web Crypto: browsers, Node 20+, Deno and workers) that
 * says `role: external` and `user_id: <ownerId>`, with `claims` added, and expires three minutes
 * after `now` (epoch ms). Declared operations that take such a JWT sign it themselves from the
 * `extension` request option; this is for calls made some other way.
 *
 * @throws PlatformError when `extension` is not `{ clientId, secret, ownerId }` of non-empty strings,
 * the secret is not base64, or the runtime has no Web Crypto. No message holds the secret.
 * @example
 * const jwt = await signExtensionJwt({ clientId, secret, ownerId }, { channel_id: '1234' });
 */
export async function signExtensionJwt(extension: ExtensionCredentials, claims: ExtensionJwtCallClaims = {}, now: number = Date.now()): Promise<string> {
  checkExtensionOption(extension);
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!subtle) throw new PlatformError('Signing an extension JWT needs Web Crypto (crypto.subtle), which this runtime does not provide; browsers give it to secure (https) pages only.');
  const key = secretBytes(extension.secret);
  const payload: ExtensionJwtClaims = { exp: Math.floor(now / 1000) + lifetime, user_id: extension.ownerId, role: 'external', ...claims };
  const input = `${base64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))}.${base64Url(encoder.encode(JSON.stringify(payload)))}`;
  let signature: ArrayBuffer;
  try {
    signature = await subtle.sign('HMAC', await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']), encoder.encode(input));
  } catch (error) {
    // Web Crypto's messages name the problem (an empty key...), never the key itself.
    throw new PlatformError(`Could not sign the extension JWT: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return `${input}.${base64Url(new Uint8Array(signature))}`;
}

/**
 * The request options of a call to an endpoint that takes an extension JWT: `options` with the
 * signer and the call's own `claims` (a channel, PubSub permissions). Each such operation passes its
 * options through it; the pipeline then signs a JWT for each attempt from the `extension` option.
 *
 * @example
 * export function extensionSecrets(client, params, options) {
 *   return callOperation(client, extensionSecretsOperation, params, withExtensionJwt(options));
 * }
 */
export function withExtensionJwt(options: RequestOptions | undefined, claims?: ExtensionJwtCallClaims): ExtensionJwtOptions {
  return {
    ...options,
    async extensionJwt(extension, now, call) {
      if (extension === undefined) {
        throw new PlatformError(`${call} needs the request option extension ({ clientId, secret, ownerId }): the platform takes only a JWT signed with the extension's secret.`);
      }
      const accessToken = await signExtensionJwt(extension, claims, now);
      return { kind: 'raw', accessToken, bucket: `extension:${extension.clientId}`, clientId: extension.clientId };
    },
  };
}
