import type { Authenticator } from './authenticator';
import type { RateLimitBucketsFactory } from './buckets';
import type { Clock } from './clock';
import { PlatformError } from './errors/platform-error';
import type { ClientCore } from './client-core';
import type { PlatformTransport } from './transport';
import type { LoggerFactory } from './log';

/** A fetch function as the runtime provides it. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Options of `createClient()` (and of `new Platform()`). */
export interface ClientOptions {
  /** The application's client ID. Required. */
  clientId: string;
  /** Needed for the app token and to exchange an authorization code. */
  clientSecret?: string | undefined;
  /** A raw access token that every call uses unless another identity is chosen. */
  token?: string | undefined;
  /** Builds the authenticator that chooses tokens (the auth package provides one). */
  authenticator?: ((core: ClientCore) => Authenticator) | undefined;
  /** What a call does when its bucket is empty: wait for the reset (default) or throw. */
  rateLimit?: 'wait' | 'throw' | undefined;
  /**
   * Builds the store of the rate-limit buckets, for processes that share a token
   * (`redisBuckets()` of `@platform/redis-store`). Default: the buckets live in this client's memory.
   */
  buckets?: RateLimitBucketsFactory | undefined;
  /** Attempts after the first. Default 3. */
  retries?: number | undefined;
  /** Milliseconds per attempt, including reading the body. Default 15000. */
  timeout?: number | undefined;
  /**
   * The fetch function every request is sent with, with `redirect: 'manual'` (a redirect is a
   * PlatformApiError, never followed). It wins over `transport`. Without either, the client sends
   * with its runtime's default transport: undici on Node, the global fetch elsewhere (see the
   * README's Transport part). Required when the runtime has no global fetch and no `transport` is
   * given.
   */
  fetch?: FetchFunction | undefined;
  /**
   * How requests are sent: a `PlatformTransport`, such as `fetchTransport()`, or on Node
   * `undiciTransport({ dispatcher })` and `nodeHttpTransport({ agent })` of `@platform/core/node`
   * (a proxy, a custom CA, a mock). Default: undici on Node, the global fetch elsewhere. The `fetch`
   * option, when given, wins over it.
   */
  transport?: PlatformTransport | undefined;
  /** Used when the runtime has no global WebSocket. */
  webSocket?: unknown;
  /**
   * The platform's API address. Default `https://api.twitch.tv/helix`. On a server (Node, Deno,
   * Bun, edge runtimes) `http:` is refused except on a loopback host (`localhost`, 127.x.x.x,
   * `[::1]`), as it is for `authUrl` and `eventSubWsUrl` (`ws:`).
   */
  baseUrl?: string | undefined;
  /** The platform's OAuth server. Default `https://id.twitch.tv/oauth2`; `http:` only on a loopback host (see `baseUrl`). */
  authUrl?: string | undefined;
  /** The EventSub WebSocket address. Default `wss://eventsub.wss.twitch.tv/ws`; `ws:` only on a loopback host (see `baseUrl`). */
  eventSubWsUrl?: string | undefined;
  /** Where time and randomness come from; tests pass a virtual clock. */
  clock?: Clock | undefined;
  /**
   * Where the client logs, and from which level: `consoleLogger({ level })`, `pinoLogger(pino)` or
   * `createLogger(target, { level })`. Each attempt is logged at `debug`, token renewals at `info`,
   * retries and rate-limit waits at `warn`; the listeners log their connections too. Every line is
   * redacted: no token, refresh token, code or secret reaches the logger. Nothing is logged
   * without it, and a bundle without it holds none of the logging code.
   */
  logger?: LoggerFactory | undefined;
}

export const defaultBaseUrl = 'https://api.twitch.tv/helix';
export const defaultAuthUrl = 'https://id.twitch.tv/oauth2';
export const defaultEventSubWsUrl = 'wss://eventsub.wss.twitch.tv/ws';

/** An option's rule: its name, its check, and what the message says the option must be. */
type OptionRule = readonly [name: string, valid: OptionCheck, expected: string];
type OptionCheck = (value: unknown) => boolean;

/** A non-empty string (the check of several options; also what an ID is). */
export const nonEmptyString: OptionCheck = (value) => typeof value === 'string' && value !== '';
const isFunction: OptionCheck = (value) => typeof value === 'function';
const address = (protocols: readonly string[]): OptionCheck => (value) => {
  try {
    return typeof value === 'string' && protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
// Marked pure: a plain call at module level would keep this table in every bundle of core.
const httpAddress = /* @__PURE__ */ address(['https:', 'http:']);

const timeoutRule: OptionRule = ['timeout', (value) => typeof value === 'number' && Number.isFinite(value) && value > 0, 'a positive number of milliseconds'];
const retriesRule: OptionRule = ['retries', (value) => Number.isInteger(value) && (value as number) >= 0, 'a whole number, 0 or more'];
const tokenRule: OptionRule = ['token', nonEmptyString, 'a non-empty string'];

/** The rules of the client options (`clientId`, required, has its own message). */
export const clientOptionRules: readonly OptionRule[] = [
  ['clientSecret', nonEmptyString, 'a non-empty string'],
  tokenRule,
  ['rateLimit', (value) => value === 'wait' || value === 'throw', "'wait' or 'throw'"],
  timeoutRule,
  retriesRule,
  ['fetch', isFunction, 'a function'],
  ['transport', isFunction, 'a function'],
  ['webSocket', isFunction, 'a WebSocket class'],
  ['authenticator', isFunction, 'a function'],
  ['buckets', isFunction, 'a function'],
  ['baseUrl', httpAddress, 'an absolute https: or http: address'],
  ['authUrl', httpAddress, 'an absolute https: or http: address'],
  ['eventSubWsUrl', /* @__PURE__ */ address(['wss:', 'ws:']), 'an absolute wss: or ws: address'],
  ['logger', isFunction, 'made by consoleLogger(), pinoLogger() or createLogger()'],
];

/** The rules of the request options every call accepts (`as` and `signal` are taken as given). */
export const requestOptionRules: readonly OptionRule[] = [timeoutRule, retriesRule, tokenRule];

/**
 * Checks the options that are given against their rules; `subject` is how messages name an option
 * (`The timeout option`, `The request option timeout`). A value is shown only when it is broken, so
 * a secret or a token never appears (an empty string is the only string refused).
 */
export function checkOptions(options: object, rules: readonly OptionRule[], subject: (name: string) => string): void {
  for (const [name, valid, expected] of rules) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && !valid(value)) throw new PlatformError(`${subject(name)} must be ${expected}; got ${describe(value)}.`);
  }
}

/** An address option without its trailing slash, or the default. */
export function addressOption(value: string | undefined, fallback: string): string {
  return (value ?? fallback).replace(/\/+$/, '');
}

/**
 * The OAuth server of a client: its `authUrl` option, or the platform's. Read where it is used (the
 * OAuth requests), so that a bundle without them holds no default address.
 */
export function authUrlOf(core: Pick<ClientCore, 'options'>): string {
  return addressOption(core.options.authUrl, defaultAuthUrl);
}

/** The EventSub WebSocket address of a client: its `eventSubWsUrl` option, or the platform's. */
export function eventSubWsUrlOf(core: Pick<ClientCore, 'options'>): string {
  return addressOption(core.options.eventSubWsUrl, defaultEventSubWsUrl);
}

/**
 * A given value as messages show it: a string quoted, an object or a function by its kind. A string
 * longer than 40 characters is cut there, with an ellipsis and its length (`"aaaa…" (600
 * characters)`), so that a message stays short whatever was passed. (What else reaches it, numbers,
 * booleans, null, undefined, is short; it is written as is.)
 */
export function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `${JSON.stringify(`${value.slice(0, 40)}…`)} (${value.length} characters)` : JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}
