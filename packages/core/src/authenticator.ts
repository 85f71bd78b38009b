import { PlatformAuthError } from './errors/auth-error';
import { fingerprint } from './hash';
import type { HttpMethod, TokenKind } from './types';

/** What the pipeline knows of the endpoint a call goes to, for choosing and checking a token. */
export interface CallTarget {
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The path under `baseUrl`, as error messages name it. */
  readonly path: string;
  /** The kinds of token the endpoint takes. */
  readonly token: TokenKind;
  /** Scopes that satisfy the endpoint; one suffices. Empty when none is needed. */
  readonly scopes: readonly string[];
  /** The parameter that names the acting user (`moderator_id`, `sender_id`...), if any. */
  readonly actingUser?: string | undefined;
  /** The acting-user field may stay unset when the token does not say who acts. */
  readonly actingUserOptional?: boolean | undefined;
  /** The declared operation's name (`chat.chatters`), as events and spans name the call. */
  readonly name?: string | undefined;
}

/** A request for a token, made by the pipeline before each call. */
export interface CredentialRequest {
  /** The endpoint the call goes to. */
  readonly target: CallTarget;
  /** The call's parameters as given; the acting-user field may pick the user. */
  readonly params: Readonly<Record<string, unknown>>;
  /** A user ID or `'app'`, from `{ as }` or `client.as()`. */
  readonly as?: string | undefined;
  /** The call's abort signal, if it has one. */
  readonly signal?: AbortSignal | undefined;
}

/** The token a call is sent with. */
export interface Credential {
  /** An app token, a registered user's token, or a raw token given with `token` (its owner unknown). */
  readonly kind: 'app' | 'user' | 'raw';
  /** The access token sent in Authorization. */
  readonly accessToken: string;
  /** The rate-limit bucket: `app`, `user:<id>` or `raw:<fingerprint>`. */
  readonly bucket: string;
  /** The owner, for a user token. */
  readonly userId?: string | undefined;
}

/**
 * The port through which the pipeline gets tokens. Core ships `rawTokenAuthenticator`;
 * `@platform/auth` provides the one with registered users, app tokens and refresh.
 */
export interface Authenticator {
  /**
   * Chooses the token for a call, checking scopes where it manages the token. Throws (or rejects
   * with) a PlatformAuthError or PlatformScopeError when there is none to use; nothing is sent
   * then. It may answer without a promise when it has the token at hand. A credential that names
   * no user (an app token) is only given for a call whose acting-user field is set or optional:
   * otherwise the error is `missingActingUserError(target, 'app')`.
   */
  credential(request: CredentialRequest): Credential | Promise<Credential>;
  /**
   * The call got a 401 with `credential`. Asks the platform whether the token is still valid and
   * renews a dead one. Resolves with the credential to send once more, or `undefined` when the
   * token was valid (the 401 stands); rejects with a PlatformAuthError when the token is dead and
   * cannot be renewed.
   */
  unauthorized?(credential: Credential, request: CredentialRequest): Promise<Credential | undefined>;
  /**
   * The tokens it holds now (each registered user's access and refresh tokens, the app token), so
   * that log lines and error messages replace them with `[redacted]` wherever a server's answer
   * or a line quotes them. Asked only when a line or an error is being made.
   */
  secrets?(): Iterable<string | undefined>;
}

/** Wraps a raw access token as a credential; its bucket name holds a short hash, never the token. */
export function rawCredential(accessToken: string): Credential {
  return { kind: 'raw', accessToken, bucket: `raw:${fingerprint(accessToken)}` };
}

/**
 * The authenticator core uses when no other is given: every call goes out with the raw token
 * passed to `createClient({ token })`. Without one, a call fails with a PlatformAuthError naming
 * the kind of token the endpoint needs, before anything is sent.
 */
export function rawTokenAuthenticator(accessToken?: string): Authenticator {
  const credential = accessToken ? rawCredential(accessToken) : undefined;
  return {
    credential: ({ target }) => {
      if (credential) return credential;
      throw noTokenError(target);
    },
  };
}

/** The PlatformAuthError for a call that has no token of a kind its endpoint accepts. */
export function noTokenError(target: CallTarget): PlatformAuthError {
  const call = `${target.method} ${target.path}`;
  if (target.token === 'user') {
    return new PlatformAuthError(`${call} needs a user access token and no user is registered. Add one with client.auth.addUser().`);
  }
  return new PlatformAuthError(
    target.token === 'app'
      ? `${call} needs an app access token, which requires a clientSecret.`
      : `${call} needs an app access token, which requires a clientSecret (or a registered user token).`,
  );
}

/**
 * The PlatformAuthError for a call whose acting-user field (`moderator_id`, `sender_id`...) is
 * not set and whose token does not say who it belongs to: the app token (`kind` `'app'`, which an
 * authenticator checks before it hands one out) or a raw token (`'raw'`, checked by the pipeline).
 */
export function missingActingUserError(target: CallTarget, kind: 'app' | 'raw'): PlatformAuthError {
  if (kind === 'raw') return rawTokenActingUserError(target);
  const field = target.actingUser ?? 'the acting user';
  return new PlatformAuthError(
    `${target.method} ${target.path} needs ${field}: the call is made with the app token, which belongs to no user. Set ${field}, or register the acting user with client.auth.addUser().`,
  );
}

/** The PlatformAuthError for a call made with a raw token whose acting-user field is not set. */
export function rawTokenActingUserError(target: CallTarget): PlatformAuthError {
  return new PlatformAuthError(`${target.method} ${target.path} needs ${target.actingUser ?? 'the acting user'}: a token passed by hand does not say who it belongs to.`);
}
