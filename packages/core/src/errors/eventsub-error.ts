import { PlatformError } from './platform-error';

/**
 * A failure in an event listener. Mostly not thrown: reported by rejecting `handle.ready` and by
 * calling the listener's `onError`.
 */
export class PlatformEventSubError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformEventSubError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformEventSubError';
}
