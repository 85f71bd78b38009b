import { rawTokenAuthenticator, type Authenticator } from './authenticator';
import { RateLimitBuckets } from './buckets';
import { systemClock, type Clock } from './clock';
import { Deadlines } from './deadlines';
import { PlatformError } from './errors/platform-error';
import { EventHub } from './events';
import {
  checkRetries,
  checkTimeout,
  checkUrl,
  defaultAuthUrl,
  defaultBaseUrl,
  defaultEventSubWsUrl,
  describe,
  type ClientOptions,
  type FetchFunction,
} from './options';

/**
 * The shared state of a client and all its views: settings, buckets, events and the
 * authenticator. Packages built on core (auth, eventsub, the groups) read it through
 * `clientCore(client)`; users never need it.
 */
export class ClientCore {
  readonly clientId: string;
  readonly clientSecret: string | undefined;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly eventSubWsUrl: string;
  readonly fetch: FetchFunction;
  readonly webSocket: unknown;
  readonly clock: Clock;
  readonly rateLimit: 'wait' | 'throw';
  readonly retries: number;
  readonly timeout: number;
  readonly events = new EventHub();
  readonly buckets: RateLimitBuckets;
  /** The attempt timeouts of every call of this client. */
  readonly deadlines: Deadlines;
  readonly authenticator: Authenticator;
  /** The options as given, for packages that read options of their own (`tokens`...). */
  readonly options: Readonly<ClientOptions>;

  constructor(options: ClientOptions) {
    if (typeof options !== 'object' || options === null || typeof options.clientId !== 'string' || options.clientId === '') {
      throw new PlatformError('A clientId is required: new Platform({ clientId, clientSecret }).');
    }
    if (options.clientSecret !== undefined && (typeof options.clientSecret !== 'string' || options.clientSecret === '')) {
      throw new PlatformError('The clientSecret option must be a non-empty string when given.');
    }
    if (options.token !== undefined && (typeof options.token !== 'string' || options.token === '')) {
      throw new PlatformError('The token option must be a non-empty string when given.');
    }
    if (options.rateLimit !== undefined && options.rateLimit !== 'wait' && options.rateLimit !== 'throw') {
      throw new PlatformError(`The rateLimit option must be 'wait' or 'throw'; got ${describe(options.rateLimit)}.`);
    }
    checkTimeout(options.timeout, 'The timeout option');
    checkRetries(options.retries, 'The retries option');
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new PlatformError(`The fetch option must be a function; got ${describe(options.fetch)}.`);
    }
    if (options.webSocket !== undefined && typeof options.webSocket !== 'function') {
      throw new PlatformError(`The webSocket option must be a WebSocket class; got ${describe(options.webSocket)}.`);
    }
    if (options.authenticator !== undefined && typeof options.authenticator !== 'function') {
      throw new PlatformError(`The authenticator option must be a function that builds an authenticator; got ${describe(options.authenticator)}.`);
    }
    const runtimeFetch = options.fetch ?? (typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined);
    if (!runtimeFetch) throw new PlatformError('No fetch implementation found. Pass one with the `fetch` option.');

    this.options = options;
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.baseUrl = checkUrl(options.baseUrl, 'baseUrl', defaultBaseUrl, ['https:', 'http:']);
    this.authUrl = checkUrl(options.authUrl, 'authUrl', defaultAuthUrl, ['https:', 'http:']);
    this.eventSubWsUrl = checkUrl(options.eventSubWsUrl, 'eventSubWsUrl', defaultEventSubWsUrl, ['wss:', 'ws:']);
    this.fetch = runtimeFetch;
    this.webSocket = options.webSocket;
    this.clock = options.clock ?? systemClock;
    this.rateLimit = options.rateLimit ?? 'wait';
    this.retries = options.retries ?? 3;
    this.timeout = options.timeout ?? 15_000;
    this.buckets = new RateLimitBuckets(this.clock, this.rateLimit, this.events);
    this.deadlines = new Deadlines(this.clock);
    this.authenticator = options.authenticator ? options.authenticator(this) : rawTokenAuthenticator(options.token);
  }
}
