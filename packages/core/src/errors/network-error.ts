import { PlatformError } from './platform-error';

/**
 * No answer: a failed DNS lookup, a refused or reset connection, or a body that stopped mid-way.
 * Message: `<METHOD> <path> could not reach the platform: <runtime message>`.
 */
export class PlatformNetworkError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformNetworkError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformNetworkError';
}
