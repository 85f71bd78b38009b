import { PlatformError, type PlatformErrorOptions } from './platform-error';

/** The fields of a PlatformApiError. */
export interface PlatformApiErrorInit extends PlatformErrorOptions {
  /** HTTP status. */
  status: number;
  /** HTTP method of the failed request. */
  method: string;
  /** Full URL of the failed request, with its query. */
  url: string;
  /** Short label such as `Bad Request`. */
  error?: string | undefined;
  /** Parsed body, or the raw text when it is not JSON. */
  body?: unknown;
  /** Response headers. */
  headers?: Headers | undefined;
}

/**
 * The platform answered outside 2xx and the pipeline had no reason to retry, or ran out of
 * retries. Also the error of the OAuth server when a token request, validation or revocation is
 * refused.
 *
 * For API calls the message reads `<message> (<status> on <METHOD> <path>)`; for the OAuth server
 * it is the platform's message alone.
 */
export class PlatformApiError extends PlatformError {
  static override readonly marker: symbol = Symbol.for('platform.error.PlatformApiError');
  /** The class's name, as stack traces and logs show it. */
  override name = 'PlatformApiError';

  // Declared, not defined: the constructor sets them (a definition would be emitted too).

  /** HTTP status. */
  declare readonly status: number;
  /** HTTP method of the failed request. */
  declare readonly method: string;
  /** Full URL of the failed request, with its query. */
  declare readonly url: string;
  /** Short label such as `Bad Request`. */
  declare readonly error: string | undefined;
  /** Parsed body, or the raw text when it is not JSON. */
  declare readonly body: unknown;
  /** Response headers. */
  declare readonly headers: Headers | undefined;

  constructor(message: string, init: PlatformApiErrorInit) {
    super(message, init);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.error = init.error;
    this.body = init.body;
    this.headers = init.headers;
  }
}
