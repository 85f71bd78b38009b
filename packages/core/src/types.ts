/** HTTP methods the platform's API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which token kinds an endpoint accepts. `none`: the platform takes the call without a token, so it
 * goes out without Authorization (and without taking any identity's token). `extension`: the
 * platform takes only a JWT signed with an extension's secret (the `extension` request option).
 */
export type TokenKind = 'app' | 'user' | 'either' | 'none' | 'extension';

/** Options accepted by every operation and by `client.request()`. */
export interface RequestOptions {
  /** Act as this registered user, or `'app'` for the application token. */
  as?: string;
  /** A raw access token for this call; the client does not check its scopes. */
  token?: string;
  /** Cancels the request in flight, rate-limit waits and retry pauses. */
  signal?: AbortSignal;
  /** Milliseconds per attempt, including reading the body. */
  timeout?: number;
  /** Attempts after the first. */
  retries?: number;
  /**
   * The extension whose JWT signs this call, for the endpoints that take only such a JWT (token kind
   * `extension`; refused by every other call). The call goes out with `Authorization: Bearer <jwt>`
   * and `Client-Id: <clientId>`; `as` and `token` do not apply to it.
   */
  extension?: ExtensionCredentials;
}

/**
 * An extension, as a call signs its JWT: the `extension` request option. The JWT says
 * `role: external` and `user_id: ownerId`, expires three minutes after it is signed (client clock),
 * and is signed with HS256 over the secret; the secret is never part of an error message.
 */
export interface ExtensionCredentials {
  /** The extension's client ID; the call's Client-Id, and its rate-limit bucket (`extension:<clientId>`). */
  clientId: string;
  /** The extension's shared secret, base64 as the platform gives it (the `content` of a secret from `extensionSecrets`). */
  secret: string;
  /** The ID of the user who owns the extension: the JWT's `user_id`. */
  ownerId: string;
}

/** The state of one rate-limit bucket. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch ms when the bucket is full again. */
  resetAt: number;
}

/** A query value: repeated keys for arrays, `undefined` left out. */
export type QueryValue = string | number | boolean | undefined | null | readonly (string | number | boolean)[];
