/** HTTP methods the platform's API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which token kinds an endpoint accepts. `none`: the platform takes the call without a token, and
 * the pipeline sends it without Authorization, in the bucket `anonymous`, whatever identity or
 * `token` the call names (the schedule's iCalendar). `extension`: the platform takes only a JWT
 * signed with an extension's secret; the pipeline treats it like any kind: the operation runs on
 * `extensionJwtClient()`'s view of the client, whose authenticator signs the JWT.
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
}

/** The state of one rate-limit bucket. */
export interface RateLimitState {
  /** The bucket's size: the points it holds when full (`Ratelimit-Limit`). */
  limit: number;
  /** The points left (`Ratelimit-Remaining`). */
  remaining: number;
  /** Epoch ms when the bucket is full again. */
  resetAt: number;
}

/** A query value: repeated keys for arrays, `undefined` left out. */
export type QueryValue = string | number | boolean | undefined | null | readonly (string | number | boolean)[];
