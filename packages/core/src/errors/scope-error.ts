import { PlatformAuthError } from './auth-error';
import type { PlatformErrorOptions } from './platform-error';

/** The fields of a PlatformScopeError. */
export interface PlatformScopeErrorInit extends PlatformErrorOptions {
  /** Scopes that would satisfy the endpoint; one suffices. */
  required: readonly string[];
  /** Scopes of the token. */
  granted: readonly string[];
  /** Owner of the token. */
  userId: string;
  /** HTTP method of the endpoint. */
  method: string;
  /** The endpoint's path under `baseUrl`, as the message names it. */
  path: string;
}

/**
 * The chosen user token exists and lacks the scope the endpoint needs; thrown before any request
 * is sent. Raw tokens are never checked.
 *
 * Message: `The token of user <id> is missing the <scope> scope required by <METHOD> <path>.`,
 * several acceptable scopes joined with "or".
 */
export class PlatformScopeError extends PlatformAuthError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformScopeError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformScopeError';

  // Declared, not defined: the constructors set them (a definition would be emitted too).
  /** Scopes that would satisfy the endpoint; one suffices. */
  declare readonly required: readonly string[];
  /** Scopes of the token. */
  declare readonly granted: readonly string[];
  /** Owner of the token. */
  declare readonly userId: string;

  constructor(init: PlatformScopeErrorInit) {
    super(
      `The token of user ${init.userId} is missing the ${init.required.join(' or ')} scope required by ${init.method} ${init.path}.`,
      { userId: init.userId, cause: init.cause },
    );
    this.required = Object.freeze([...init.required]);
    this.granted = Object.freeze([...init.granted]);
  }
}
