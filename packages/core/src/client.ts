import { ClientCore } from './client-core';
import { PlatformError } from './errors/platform-error';
import { EventHub, type ClientEventListener, type ClientEventName } from './events';
import { clientInternals, internalsOf, type ClientHandle, type ClientView } from './internals';
import { encodeQuery } from './operation';
import { describe, nonEmptyString, type ClientOptions } from './options';
import { runCall } from './pipeline';
import type { HttpMethod, QueryValue, RateLimitState, RequestOptions } from './types';

export { clientInternals, type ClientHandle, type ClientView, type Identity } from './internals';

/** A call without a dedicated operation. */
export interface RawRequest {
  /** The HTTP method. */
  method: HttpMethod;
  /** The path under `baseUrl`, for example `/users`. */
  path: string;
  /** Query parameters; a list becomes a repeated key. */
  query?: Readonly<Record<string, QueryValue>>;
  /** A JSON body. */
  body?: unknown;
}

const methods: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A client of the platform's API, made by `createClient()`. Operations from the group packages
 * take it as their first argument; `@platform/client`'s `Platform` class builds on it.
 */
export class PlatformClient implements ClientHandle {
  // Declared, not defined: a computed class field would be evaluated when the class is defined,
  // which bundlers count as a side effect and keep the whole pipeline in every bundle.
  /**
   * The client's core and its view's default options, read by the packages built on core.
   * @internal
   */
  declare readonly [clientInternals]: ClientView;

  /**
   * Wraps a client core, as `createClient()` and `Platform` do; programs call those instead.
   * @internal
   */
  constructor(core: ClientCore, defaults: RequestOptions = {}) {
    this[clientInternals] = { core, defaults };
  }

  /** The application's client ID. */
  get clientId(): string {
    return this[clientInternals].core.clientId;
  }

  /**
   * Sends a call that has no dedicated method, through the whole pipeline (token, bucket,
   * retries, errors). Resolves with the parsed JSON, or with no value on 204 or an empty body.
   *
   * @throws PlatformError, before anything is sent, for an unknown method or a path that does not
   * start with `/` or has a `.` or `..` segment (`%2e` too): resolved by the URL parser, it would
   * reach an address outside the base URL with the call's token.
   * @example
   * const users = await client.request<{ data: User[] }>({ method: 'GET', path: '/users', query: { login: ['a', 'b'] } });
   */
  async request<T = unknown>(request: RawRequest, options?: RequestOptions): Promise<T | undefined> {
    const internals = this[clientInternals];
    const method = request?.method;
    if (!methods.has(method)) throw new PlatformError(`client.request() needs a method (GET, POST, PUT, PATCH or DELETE); got ${describe(method)}.`);
    // A `.` or `..` segment (also written `%2e`, or after `\`, a separator for the URL parser) would
    // leave the base URL once the parser resolves it: `/../oauth2/revoke` would take the bearer token
    // to the OAuth server. Refused up to the query, with the trailing spaces the parser drops, and so
    // is a control character (the parser drops tabs and line breaks, joining what they split).
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    if (typeof request.path !== 'string' || !/^(?![^?]*([/\\](\.|%2e){1,2}([/\\?#]|\s*$)|[\0-\x1f]))\//i.test(request.path)) {
      throw new PlatformError(`client.request() needs a path under the base URL, starting with / and without . or .. segments; got ${describe(request.path)}.`);
    }
    // No limit: V8 answers a path it split before from its cache (a second `?` was dropped either way).
    const [path, inlineQuery] = request.path.split('?') as [string, string | undefined];
    const call = {
      target: { method: request.method, path, token: 'either' as const, scopes: [] },
      params: {},
      encode: () => ({ search: [inlineQuery, encodeQuery(Object.entries(request.query ?? {}))].filter(Boolean).join('&'), body: request.body }),
    };
    return (await runCall(internals, call, options)).data as T | undefined;
  }

  /**
   * A view of this client that acts as `userId` (or as the application, with `'app'`). It shares
   * this client's core and is of the same class, so a subclass's groups come along.
   */
  as(userId: string): this {
    if (!nonEmptyString(userId)) throw new PlatformError(`client.as() needs a user ID or 'app'; got ${String(userId)}.`);
    const internals = this[clientInternals];
    const view = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this);
    (view as { [clientInternals]: unknown })[clientInternals] = { core: internals.core, defaults: { ...internals.defaults, as: userId } };
    return view;
  }

  /**
   * The rate-limit state of the app token's bucket, or of a user's with `userId`; undefined until
   * the platform has answered a request with that token (and again once its reset has passed).
   */
  rateLimitOf(userId?: string): RateLimitState | undefined {
    // A fresh object each time: the caller may keep or change it.
    return this[clientInternals].core.buckets.state(userId === undefined || userId === 'app' ? 'app' : `user:${userId}`);
  }

  /**
   * Listens to a client event: `rateLimit`, `tokenInvalid`, `request` or `response`. A client with
   * no `request` or `response` listener builds no event of its attempts.
   */
  on<Name extends ClientEventName>(name: Name, listener: ClientEventListener<Name>): this {
    const core = this[clientInternals].core;
    (attemptEvent(name) ? (core.attempts ??= new EventHub()) : core.events).on(name, listener);
    return this;
  }

  /** Stops listening. */
  off<Name extends ClientEventName>(name: Name, listener: ClientEventListener<Name>): this {
    const core = this[clientInternals].core;
    // After the last `request` or `response` listener, attempts are no longer watched.
    if (!attemptEvent(name)) core.events.off(name, listener);
    else if (core.attempts?.off(name, listener) === 0) core.attempts = undefined;
    return this;
  }
}

/** Whether `name` is one of the events of each attempt, which have a hub of their own. */
const attemptEvent = (name: ClientEventName) => name === 'request' || name === 'response';

/**
 * Makes a client. With `token` every call uses that raw access token; `@platform/auth` adds
 * registered users and the app token.
 *
 * @throws PlatformError for a bad option (no clientId, a negative timeout, an unknown rateLimit
 * mode...; on a server, an `http:` or `ws:` address on a host other than this machine) or when the
 * runtime has no fetch and none is given.
 * @example
 * const client = createClient({ clientId, token });
 * const emotes = await globalEmotes(client);
 */
export function createClient(options: ClientOptions): PlatformClient {
  return new PlatformClient(new ClientCore(options));
}

/** The shared core of a client, for packages that build on core. */
export function clientCore(client: ClientHandle): ClientCore {
  return internalsOf(client).core;
}
