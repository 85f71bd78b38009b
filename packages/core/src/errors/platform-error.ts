/** Options every error class accepts: the failure it wraps. */
export interface PlatformErrorOptions {
  /** The failure this error wraps; it becomes the error's `cause`. */
  cause?: unknown;
}

/**
 * The base of everything the library throws (apart from an abort signal's reason and what a
 * caller's own token store throws).
 *
 * `instanceof` works across two installed copies of the library: besides its prototype chain,
 * each class recognises instances by a `Symbol.for` marker. Class relations hold as usual
 * (`PlatformApiError.prototype instanceof PlatformError`).
 *
 * @example
 * try { await client.request({ method: 'GET', path: '/users' }); }
 * catch (error) { if (error instanceof PlatformError) console.error(error.message); }
 */
export class PlatformError extends Error {
  /** The marker that identifies instances of this class; each subclass declares its own. */
  static readonly marker: symbol = Symbol.for('platform.error.PlatformError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformError';

  /**
   * What `instanceof` answers: true for an instance of this class or a subclass, made by this
   * installed copy of the library or another.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // The ordinary prototype check first: it answers for class relations (`Sub.prototype
    // instanceof PlatformError`) and for this copy's own instances; the marker answers for
    // instances made by another installed copy.
    return (
      super[Symbol.hasInstance](value) ||
      (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[this.marker] === true)
    );
  }

  constructor(message: string, options?: PlatformErrorOptions) {
    // Error reads `cause` alone from the options (a subclass passes its whole init).
    super(message, options);
    // Mark the instance with the marker of every class in its chain, so that `instanceof`
    // against a parent class of another copy of the library holds too.
    for (let current = new.target; 'marker' in current; current = Object.getPrototypeOf(current) as typeof PlatformError) {
      Object.defineProperty(this, current.marker, { value: true });
    }
  }
}
