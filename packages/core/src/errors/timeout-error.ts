import { errorMarker, PlatformError } from './platform-error';

/**
 * An attempt lasted longer than `timeout`, counting the time to read the whole body.
 * Message: `<METHOD> <path> timed out after <ms> ms.`
 */
export class PlatformTimeoutError extends PlatformError {
  static override readonly marker: symbol = errorMarker('PlatformTimeoutError');
  override name = 'PlatformTimeoutError';
}
