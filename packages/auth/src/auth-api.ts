import type { UserToken } from './token-store';

// The types of `client.auth`: what its methods take and give.

/** The app token, as `client.auth.appToken()` gives it. */
export interface AppToken {
  /** The app access token, sent as `Authorization: Bearer`. */
  accessToken: string;
  /** Epoch ms; undefined when the platform gave no lifetime. */
  expiresAt: number | undefined;
}

/** A device code sign-in under way: show `userCode` and `verificationUri`, then `await flow.wait()`. */
export interface DeviceCodeFlow {
  /** The code the user types on the verification page. */
  userCode: string;
  /** The page where the user enters `userCode` and approves the application. */
  verificationUri: string;
  /** Epoch ms after which the code no longer works. */
  expiresAt: number;
  /**
   * Polls until the user approves (resolving with the registered user) or the code expires: at the
   * platform's interval, never more often than every 5 seconds (RFC 8628's default, also when the
   * platform says 0), 5 seconds more after each `slow_down`.
   */
  wait(options?: { signal?: AbortSignal }): Promise<UserToken>;
}

/** Options of `client.auth.authorizeUrl()`. */
export interface AuthorizeUrlOptions {
  /** Must be registered for the application character for character. */
  redirectUri: string;
  /** The scopes to ask the user for; none by default. */
  scopes?: readonly string[];
  /**
   * Opaque; comes back unchanged. Tie a random one to the browser to refuse forged callbacks:
   * `authorizeRequest()` makes one for you, and `exchangeCode()` checks it.
   */
  state?: string;
  /** Show the consent page even when the user already authorized the application. */
  forceVerify?: boolean;
  /**
   * `code` (default) for the authorization code flow; `token` for the implicit flow, which is
   * **legacy**: the access token comes back in the address (its fragment), where the browser's
   * history, its extensions and scripts of the page can read it, and it cannot be refreshed.
   * OAuth's current security advice (RFC 9700) is not to use it. Prefer the authorization code
   * flow on a server, or the device code flow for an app without one.
   */
  responseType?: 'code' | 'token';
}

/** Options of `client.auth.authorizeRequest()`. */
export interface AuthorizeRequestOptions {
  /** Must be registered for the application character for character. */
  redirectUri: string;
  /** The scopes to ask the user for; none by default. */
  scopes?: readonly string[];
  /** Show the consent page even when the user already authorized the application. */
  forceVerify?: boolean;
}

/**
 * A sign-in to start, from `client.auth.authorizeRequest()`: send the browser to `url`, and tie
 * `state` to that browser (an HttpOnly cookie, or its server session) until the callback.
 */
export interface AuthorizeRequest {
  /** The consent page's address, with `state` in it. */
  url: string;
  /** 32 random bytes from the runtime's CSPRNG, base64url: give it back as `expectedState` to `exchangeCode()`. */
  state: string;
}

/** Options of `client.auth.exchangeCode()`. */
export interface ExchangeCodeOptions {
  /** The `code` of the callback. */
  code: string;
  /** The same address as was given to `authorizeUrl()` or `authorizeRequest()`. */
  redirectUri: string;
  /**
   * The `state` of the callback, as received (`null` when the callback had none). With
   * `expectedState`, both are checked before anything is sent.
   */
  state?: string | null | undefined;
  /**
   * The state tied to this browser when its sign-in started (`authorizeRequest().state`). When
   * `state` or `expectedState` is given, the two must be equal (compared in constant time), and
   * `expectedState` must not have been checked before by this client: each is good for one
   * callback, whatever comes of it. Otherwise a `PlatformAuthError` is thrown and nothing is sent.
   */
  expectedState?: string | undefined;
}

/** What `client.auth.addUser()` takes: an access token, or a token with what else is known of it. */
export type UserTokenInput =
  | string
  | {
      /** The user access token. */
      accessToken: string;
      /** The refresh token that renews the access token; without one it cannot be renewed. */
      refreshToken?: string;
      /** Epoch ms; when left out, the lifetime in the platform's validation answer gives it. */
      expiresAt?: number;
      /** The token's scopes, used only when the platform's validation answer lists none. */
      scopes?: string[];
    };

/** `client.auth`: registered users, the app token and the sign-in flows. */
export interface AuthApi {
  /** Validates a user token with the platform, registers its user and saves it in the store. */
  addUser(token: UserTokenInput): Promise<UserToken>;
  /** Forgets a user and deletes their token from the store. */
  removeUser(userId: string): Promise<void>;
  /** The registered users' tokens. */
  users(): Promise<UserToken[]>;
  /** The application token (client credentials; needs the clientSecret), requested on demand and kept until it expires. */
  appToken(): Promise<AppToken>;
  /** Renews a user's token now with their refresh token. */
  refresh(userId: string): Promise<UserToken>;
  /** Revokes a registered user's token (and forgets the user) or a raw token. */
  revoke(userIdOrToken: string): Promise<void>;
  /**
   * The consent page's address for the authorization code flow (or the legacy implicit flow),
   * with the `state` given, if any. Makes no request. `authorizeRequest()` also makes the state.
   */
  authorizeUrl(options: AuthorizeUrlOptions): string;
  /**
   * Starts an authorization code sign-in: a new random `state` (CSPRNG, 32 bytes) and the consent
   * page's address carrying it. Tie the state to the browser, and pass it as `expectedState` to
   * `exchangeCode()` with the callback's `state`. Makes no request. (The platform documents no
   * PKCE, so no `code_challenge` is sent.)
   */
  authorizeRequest(options: AuthorizeRequestOptions): AuthorizeRequest;
  /**
   * Exchanges an authorization code (the secret travels in the body), registers the user and
   * saves the token. With `state` and `expectedState`, the callback's state is checked first
   * (constant time, single use).
   */
  exchangeCode(options: ExchangeCodeOptions): Promise<UserToken>;
  /** Starts the device code flow. */
  deviceCode(options?: { scopes?: readonly string[] }): Promise<DeviceCodeFlow>;
}
