import type { Authenticator } from './authenticator';
import type { Clock } from './clock';
import { PlatformError } from './errors/platform-error';
import type { ClientCore } from './client-core';

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
  /** Attempts after the first. Default 3. */
  retries?: number | undefined;
  /** Milliseconds per attempt, including reading the body. Default 15000. */
  timeout?: number | undefined;
  /**
   * The fetch function every request is sent with. Without it the client uses the global fetch;
   * on Node, `node:http` instead, as long as the global fetch is Node's own and undici's global
   * dispatcher is its plain `Agent` (see the README's Transport part). Required when the runtime
   * has no global fetch.
   */
  fetch?: FetchFunction | undefined;
  /** Used when the runtime has no global WebSocket. */
  webSocket?: unknown;
  /** The platform's API address. Default `https://api.twitch.tv/helix`. */
  baseUrl?: string | undefined;
  /** The platform's OAuth server. Default `https://id.twitch.tv/oauth2`. */
  authUrl?: string | undefined;
  /** The EventSub WebSocket address. Default `wss://eventsub.wss.twitch.tv/ws`. */
  eventSubWsUrl?: string | undefined;
  /** Where time and randomness come from; tests pass a virtual clock. */
  clock?: Clock | undefined;
}

export const defaultBaseUrl = 'https://api.twitch.tv/helix';
export const defaultAuthUrl = 'https://id.twitch.tv/oauth2';
export const defaultEventSubWsUrl = 'wss://eventsub.wss.twitch.tv/ws';

/** Checks a timeout option (of the constructor or of a call); `name` is how the message names it. */
export function checkTimeout(value: unknown, name: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new PlatformError(`${name} must be a positive number of milliseconds; got ${describe(value)}.`);
  }
}

/** Checks a retries option (of the constructor or of a call). */
export function checkRetries(value: unknown, name: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new PlatformError(`${name} must be a whole number, 0 or more; got ${describe(value)}.`);
  }
}

/** Checks an address option and returns it without a trailing slash. */
export function checkUrl(value: unknown, name: string, fallback: string, protocols: readonly string[]): string {
  if (value === undefined) return fallback;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !protocols.includes(url.protocol)) {
    throw new PlatformError(`The ${name} option must be an absolute ${protocols.join(' or ')} address; got ${describe(value)}.`);
  }
  return (value as string).replace(/\/+$/, '');
}

/** A given value as messages show it: a string quoted, an object or a function by its kind. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (value === null) return 'null';
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object';
  if (typeof value === 'symbol') return 'symbol';
  // What is left is a number, a boolean, a bigint or undefined, shown as written.
  const primitive = value as number | boolean | bigint | undefined;
  return String(primitive);
}
