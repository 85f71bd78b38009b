import { rawTokenAuthenticator, type Authenticator } from './authenticator';
import { RateLimitBuckets, type RateLimitBucketStore } from './buckets';
import { systemClock, type Clock } from './clock';
import { PlatformError } from './errors/platform-error';
import { EventHub } from './events';
import type { Log } from './log';
import {
  addressOption,
  checkOptions,
  clientOptionRules,
  defaultBaseUrl,
  nonEmptyString,
  type ClientOptions,
} from './options';
import { fetchTransport, type PlatformTransport } from './transport';
import { runtimeTransport } from '#runtime-sender';
import { serverGuard } from '#server-guards';

/**
 * The shared state of a client and all its views: settings, buckets, events and the
 * authenticator. Packages built on core (auth, eventsub, the groups) read it through
 * `clientCore(client)`; users never need it. An `authenticator` option receives it to hand on to
 * the authenticator it builds (`platformAuth()` does so).
 * @internal
 */
export class ClientCore {
  // Fields set by the constructor are declared, not defined: a defined field would be emitted as a
  // second, empty definition of each property in every bundle.
  declare readonly clientId: string;
  declare readonly clientSecret: string | undefined;
  declare readonly baseUrl: string;
  /**
   * How attempts are sent: the `fetch` option when given, else the `transport` option, else the
   * runtime's own (undici on Node), else the global fetch, read at each request.
   */
  declare readonly send: PlatformTransport;
  declare readonly webSocket: unknown;
  declare readonly clock: Clock;
  declare readonly rateLimit: 'wait' | 'throw';
  declare readonly retries: number;
  declare readonly timeout: number;
  /** The hub of the `rateLimit` and `tokenInvalid` events. */
  readonly events = new EventHub();
  /**
   * The hub of the `request` and `response` events, made by the first listener of either (a
   * logger listens to `response`); undefined while nobody ever listened, or since the last
   * listener left. The pipeline builds an attempt's events only while it exists (or, on Node, a
   * diagnostics channel has a subscriber).
   */
  declare attempts: EventHub | undefined;
  declare readonly buckets: RateLimitBucketStore;
  declare readonly authenticator: Authenticator;
  /**
   * Writes a line to the `logger` option at a level: undefined without a logger; otherwise lines
   * below the logger's level are dropped and every line is redacted (`redact()`, the client's own
   * secrets and the tokens its authenticator holds: `secretsOf()`) before it reaches the logger.
   * Packages built on core log with `core.log?.(level, line)`.
   */
  declare readonly log: Log | undefined;
  /**
   * The options as given, for packages that read options of their own (`tokens`...); the OAuth
   * server and the EventSub address are read with `authUrlOf()` and `eventSubWsUrlOf()`.
   */
  declare readonly options: Readonly<ClientOptions>;

  constructor(options: ClientOptions) {
    if (!nonEmptyString(options?.clientId)) {
      throw new PlatformError('A clientId is required: new Platform({ clientId, clientSecret }).');
    }
    checkOptions(options, clientOptionRules, (name) => `The ${name} option`);
    // On servers: internals hidden from `console.log()`, no address in cleartext to another host.
    const cleartext = serverGuard?.(this, options);
    if (cleartext) throw new PlatformError(cleartext);
    // The `fetch` option wins over `transport`; without either, a runtime with no global fetch needs
    // one, on Node too (its own transport serves only where a global fetch exists). The global
    // fetch is read at each request: a wrapper installed after the client was made (monitoring, a
    // test tool) still sees every call.
    const send = options.fetch
      ? fetchTransport(options.fetch)
      : (options.transport ?? (typeof globalThis.fetch === 'function' ? (runtimeTransport ?? fetchTransport()) : undefined));
    if (!send) throw new PlatformError('No fetch implementation found. Pass one with the `fetch` option.');

    this.options = options;
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.baseUrl = addressOption(options.baseUrl, defaultBaseUrl);
    this.send = send;
    this.webSocket = options.webSocket;
    this.clock = options.clock ?? systemClock;
    this.rateLimit = options.rateLimit ?? 'wait';
    this.retries = options.retries ?? 3;
    this.timeout = options.timeout ?? 15_000;
    // Before the buckets and the authenticator, which may log as they are made.
    this.log = options.logger?.(this);
    // The `buckets` option's store (shared between processes), or the in-memory one.
    this.buckets = options.buckets?.(this) ?? new RateLimitBuckets(this.clock, this.rateLimit, this.events);
    this.authenticator = options.authenticator ? options.authenticator(this) : rawTokenAuthenticator(options.token);
  }
}
