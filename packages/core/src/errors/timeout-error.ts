import { PlatformError } from './platform-error';

/**
 * An attempt lasted longer than `timeout`, counting the time to read the whole body.
 * Message: `<METHOD> <path> timed out after <ms> ms.`
 */
export class PlatformTimeoutError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformTimeoutError');
  override name = 'PlatformTimeoutError';
}
