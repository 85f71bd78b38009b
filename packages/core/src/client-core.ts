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
} from './options';
import { fetchSender, type Sender } from './transport';
import { runtimeSender } from '#runtime-sender';

/** The options that must be functions, and what their messages call them. */
const functionOptions = [
  ['fetch', 'a function'],
  ['webSocket', 'a WebSocket class'],
  ['authenticator', 'a function that builds an authenticator'],
] as const;

/**
 * The shared state of a client and all its views: settings, buckets, events and the
 * authenticator. Packages built on core (auth, eventsub, the groups) read it through
 * `clientCore(client)`; users never need it.
 */
export class ClientCore {
  // Fields set by the constructor are declared, not defined: a defined field would be emitted as a
  // second, empty definition of each property in every bundle.
  declare readonly clientId: string;
  declare readonly clientSecret: string | undefined;
  declare readonly baseUrl: string;
  declare readonly authUrl: string;
  declare readonly eventSubWsUrl: string;
  /**
   * How attempts are sent: the `fetch` option when given; on Node, `node:http` (unless the global
   * fetch was replaced); elsewhere the global fetch.
   */
  declare readonly send: Sender;
  declare readonly webSocket: unknown;
  declare readonly clock: Clock;
  declare readonly rateLimit: 'wait' | 'throw';
  declare readonly retries: number;
  declare readonly timeout: number;
  readonly events = new EventHub();
  declare readonly buckets: RateLimitBuckets;
  /** The attempt timeouts of every call of this client. */
  declare readonly deadlines: Deadlines;
  declare readonly authenticator: Authenticator;
  /** The options as given, for packages that read options of their own (`tokens`...). */
  declare readonly options: Readonly<ClientOptions>;

  constructor(options: ClientOptions) {
    if (typeof options !== 'object' || options === null || typeof options.clientId !== 'string' || options.clientId === '') {
      throw new PlatformError('A clientId is required: new Platform({ clientId, clientSecret }).');
    }
    for (const name of ['clientSecret', 'token'] as const) {
      const value = options[name];
      if (value !== undefined && (typeof value !== 'string' || value === '')) throw new PlatformError(`The ${name} option must be a non-empty string when given.`);
    }
    if (options.rateLimit !== undefined && options.rateLimit !== 'wait' && options.rateLimit !== 'throw') {
      throw new PlatformError(`The rateLimit option must be 'wait' or 'throw'; got ${describe(options.rateLimit)}.`);
    }
    checkTimeout(options.timeout, 'The timeout option');
    checkRetries(options.retries, 'The retries option');
    for (const [name, expected] of functionOptions) {
      const value = options[name];
      if (value !== undefined && typeof value !== 'function') throw new PlatformError(`The ${name} option must be ${expected}; got ${describe(value)}.`);
    }
    const send = options.fetch
      ? fetchSender(options.fetch)
      : (runtimeSender?.(fetchSender) ?? (typeof globalThis.fetch === 'function' ? fetchSender(globalThis.fetch.bind(globalThis)) : undefined));
    if (!send) throw new PlatformError('No fetch implementation found. Pass one with the `fetch` option.');

    this.options = options;
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.baseUrl = checkUrl(options.baseUrl, 'baseUrl', defaultBaseUrl, ['https:', 'http:']);
    this.authUrl = checkUrl(options.authUrl, 'authUrl', defaultAuthUrl, ['https:', 'http:']);
    this.eventSubWsUrl = checkUrl(options.eventSubWsUrl, 'eventSubWsUrl', defaultEventSubWsUrl, ['wss:', 'ws:']);
    this.send = send;
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
