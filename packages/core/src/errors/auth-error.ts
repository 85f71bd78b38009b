import { PlatformError, type PlatformErrorOptions } from './platform-error';

/** The fields of a PlatformAuthError. */
export interface PlatformAuthErrorOptions extends PlatformErrorOptions {
  /** The user the failure concerns, when there is one. */
  userId?: string | undefined;
}

/**
 * No usable token for the call. Except when a token died and cannot be renewed, nothing was sent.
 */
export class PlatformAuthError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformAuthError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformAuthError';

  /** The user the failure concerns, when there is one. Declared: the constructor sets it. */
  declare readonly userId: string | undefined;

  constructor(message: string, options?: PlatformAuthErrorOptions) {
    super(message, options);
    this.userId = options?.userId;
  }
}
