// Extension JWTs, kept out of the pipeline: an operation that takes such a JWT runs on a view of the
// client whose identity is the extension's (its client ID, an authenticator that signs). Nothing
// here is reached from createClient(), so bundles without such an operation hold none of it (the
// pipeline knows no extension; see test/extension-jwt.test.ts, tree-shaking).
import { PlatformError } from './errors/platform-error';
import { clientInternals, internalsOf, type ClientHandle, type Identity } from './internals';
import { describe } from './options';

/**
 * Seconds an extension JWT stays valid after it is signed, on the client clock. One JWT serves a
 * whole call, its waits and retries included. The platform wants a short life; five minutes
 * outlasts a call with the default settings (3 retries, 15 s attempts) in its worst case: up to a
 * minute waiting for an empty bucket, then 3 retries, each after an attempt of up to 15 s and a
 * wait of up to a minute (a 429 holds the call until the bucket's reset), so the last attempt
 * leaves at most 4 min 45 s after signing. A call given more retries or longer attempts may outlive
 * its JWT: the platform then answers 401, which is not retried.
 */
const lifetime = 300;

/**
 * The shortest secret accepted, in bytes once decoded: HS256 needs a key at least as long as its
 * hash (RFC 7518, section 3.2), and the platform's extension secrets are 32 random bytes.
 */
const minimumSecretBytes = 32;

/**
 * An extension, as its JWT is signed: the `extension` request option of the operations that take
 * only such a JWT. The secret is never part of an error message.
 */
export interface ExtensionCredentials {
  /** The extension's client ID; the call's Client-Id, and its rate-limit bucket (`extension:<clientId>`). */
  clientId: string;
  /** The extension's shared secret, base64 as the platform gives it (the `content` of a secret from `extensionSecrets`). */
  secret: string;
  /** The ID of the user who owns the extension: the JWT's `user_id`. */
  ownerId: string;
}

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
  pubsub_perms?: {
    /** The targets the JWT may listen on. */
    listen?: string[];
    /** The targets the JWT may send to: `broadcast` for `channel_id`'s channel, `global` for every channel. */
    send?: string[];
  };
}

/**
 * The claims a call adds, beyond `exp`, `user_id` and `role`: only these two are taken from what a
 * call gives, and the three fixed ones are set after them, so no call can change them.
 */
export type ExtensionJwtCallClaims = Pick<ExtensionJwtClaims, 'channel_id' | 'pubsub_perms'>;

/** What a message says of a broken field of the `extension` option: its kind, never its text. */
function kindOf(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return describe(value);
}

/**
 * Checks the `extension` request option (`{ clientId, secret, ownerId }`, non-empty strings). A
 * message names the field and the kind of value it got, never a text: the secret never appears in
 * one. Kept here, not in options.ts: that module sits in the chunk every bundle reads, where even
 * unused text changes how the minifier names things (a byte or two of every gzipped bundle).
 */
function checkExtensionOption(value: unknown): asserts value is ExtensionCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PlatformError(`The request option extension must be an object { clientId, secret, ownerId }; got ${kindOf(value)}.`);
  }
  for (const key of ['clientId', 'secret', 'ownerId'] as const) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field !== 'string' || field === '') throw new PlatformError(`The request option extension.${key} must be a non-empty string; got ${kindOf(field)}.`);
  }
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
  if (binary.length < minimumSecretBytes) {
    throw new PlatformError(
      `The request option extension.secret is ${binary.length} bytes long once decoded; an extension secret is at least ${minimumSecretBytes} bytes: pass the secret as the platform gives it (the content of a secret from extensionSecrets()).`,
    );
  }
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * The claims a caller may set, taken one by one from what it gave (a JavaScript caller, or one
 * whose object was built from input, may pass anything): `channel_id` as a string, and
 * `pubsub_perms` with its `listen` and `send` lists of strings. Nothing else is copied.
 */
function callClaims(given: unknown): ExtensionJwtCallClaims {
  const claims: ExtensionJwtCallClaims = {};
  if (typeof given !== 'object' || given === null) return claims;
  const { channel_id: channel, pubsub_perms: perms } = given as Record<string, unknown>;
  if (typeof channel === 'string') claims.channel_id = channel;
  if (typeof perms === 'object' && perms !== null) {
    const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : undefined);
    const listen = strings((perms as Record<string, unknown>).listen);
    const send = strings((perms as Record<string, unknown>).send);
    claims.pubsub_perms = { ...(listen ? { listen } : {}), ...(send ? { send } : {}) };
  }
  return claims;
}

/**
 * Signs an extension JWT (HS256, through Web Crypto: browsers, Node 20+, Deno and workers) that
 * says `role: external` and `user_id: <ownerId>`, with `claims` added, and expires five minutes
 * after `now` (epoch ms). The operations that take such a JWT sign it themselves from their
 * `extension` request option; this is for calls made some other way.
 *
 * @throws PlatformError when `extension` is not `{ clientId, secret, ownerId }` of non-empty strings,
 * the secret is not base64 or shorter than 32 bytes once decoded, or the runtime has no Web
 * Crypto. No message holds the secret.
 * @example
 * const jwt = await signExtensionJwt({ clientId, secret, ownerId }, { channel_id: '1234' });
 */
export async function signExtensionJwt(extension: ExtensionCredentials, claims: ExtensionJwtCallClaims = {}, now: number = Date.now()): Promise<string> {
  checkExtensionOption(extension);
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!subtle) throw new PlatformError('Signing an extension JWT needs Web Crypto (crypto.subtle), which this runtime does not provide; browsers give it to secure (https) pages only.');
  const key = secretBytes(extension.secret);
  // The caller's claims first, then the fixed ones: exp, user_id and role are never the caller's.
  const payload: ExtensionJwtClaims = { ...callClaims(claims), exp: Math.floor(now / 1000) + lifetime, user_id: extension.ownerId, role: 'external' };
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
 * A handle of `client` whose calls are signed with a JWT of `extension` instead of an OAuth token:
 * pass it to `callOperation()` or `paginateOperation()` in place of the client. Each call signs one
 * JWT (with `claims` added) on the client clock, valid for five minutes, which serves all its
 * attempts; the call goes out with `Authorization: Bearer <jwt>` and `Client-Id: <clientId>`,
 * counts against the bucket `extension:<clientId>`, and is not renewed after a 401. The client's
 * rate-limit buckets, clock, transport, events and settings are shared; `as` does not apply, and a
 * call's `token` option would replace the JWT (the extension operations leave it out).
 *
 * @throws PlatformError when `extension` is not `{ clientId, secret, ownerId }` of non-empty strings
 * (a secret that is not base64 is refused when the call signs, before sending). No message holds the secret.
 * @example
 * const secrets = await callOperation(extensionJwtClient(client, { clientId, secret, ownerId }), extensionSecretsOperation, { extension_id: clientId });
 */
export function extensionJwtClient(client: ClientHandle, extension: ExtensionCredentials, claims?: ExtensionJwtCallClaims): ClientHandle {
  checkExtensionOption(extension);
  const { core, defaults } = internalsOf(client);
  const { clientId } = extension;
  const bucket = `extension:${clientId}`;
  const identity: Identity = {
    clientId,
    // No `unauthorized`: a raw credential is never renewed after a 401, and a new JWT would not help.
    authenticator: { credential: async () => ({ kind: 'raw', accessToken: await signExtensionJwt(extension, claims, core.clock.now()), bucket }) },
  };
  // A view of the same core (buckets, clock, transport, events, settings), calling as the extension.
  return { [clientInternals]: { core, defaults, identity } };
}
