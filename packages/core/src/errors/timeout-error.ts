import { PlatformError } from './platform-error';

/**
 * An attempt lasted longer than `timeout`, counting the time to read the whole body.
 * Message: `<METHOD> <path> timed out after <ms> ms.`
 */
export class PlatformTimeoutError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformTimeoutError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformTimeoutError';
}
