import { PlatformAuthError, PlatformError } from '@platform/core';
import { authUrlOf, type ClientCore } from '@platform/core/internal';
import type { AuthorizeRequest, AuthorizeRequestOptions, AuthorizeUrlOptions, ExchangeCodeOptions } from './auth-api';
import { exchangeCodeGrant } from './oauth';
import { randomText, sameText } from './secure-text';
import type { UserToken } from './token-store';
import type { UserRegistry } from './user-registry';

/**
 * How long this client remembers a state it has checked, so that it is refused when it comes
 * again, and how many it remembers at most (the oldest are forgotten first beyond that).
 */
const spentStateMs = 3600_000;
const maxSpentStates = 10_000;

/**
 * The sign-in through the consent page: its address (authorization code flow, or the legacy
 * implicit flow), a new random state to tie to the browser, and the exchange of the callback's
 * code, whose state is checked first (constant time, single use).
 */
export class SignIn {
  /** States checked by `exchangeCode()`, and until when each is remembered (single use). */
  readonly #spentStates = new Map<string, number>();
  readonly #core: ClientCore;
  readonly #users: UserRegistry;

  constructor(core: ClientCore, users: UserRegistry) {
    this.#core = core;
    this.#users = users;
  }

  /** The consent page's address for the authorization code flow (or the legacy implicit flow). Makes no request. */
  authorizeUrl(options: AuthorizeUrlOptions): string {
    if (!options || typeof options.redirectUri !== 'string' || options.redirectUri === '') {
      throw new PlatformError('client.auth.authorizeUrl() needs a redirectUri registered for the application.');
    }
    const query = new URLSearchParams({ client_id: this.#core.clientId, redirect_uri: options.redirectUri, response_type: options.responseType ?? 'code' });
    query.set('scope', (options.scopes ?? []).join(' '));
    if (options.state !== undefined) query.set('state', options.state);
    if (options.forceVerify) query.set('force_verify', 'true');
    return `${authUrlOf(this.#core)}/authorize?${query.toString()}`;
  }

  /** Starts an authorization code sign-in: a new random state and the consent page's address carrying it. Makes no request. */
  authorizeRequest(options: AuthorizeRequestOptions): AuthorizeRequest {
    if (!options || typeof options.redirectUri !== 'string' || options.redirectUri === '') {
      throw new PlatformError('client.auth.authorizeRequest() needs a redirectUri registered for the application.');
    }
    const state = randomText(32, 'client.auth.authorizeRequest()');
    const url = this.authorizeUrl({ redirectUri: options.redirectUri, scopes: options.scopes, forceVerify: options.forceVerify, state, responseType: 'code' });
    return { url, state };
  }

  /** Exchanges an authorization code (the secret travels in the body), registers the user and saves the token. */
  async exchangeCode(options: ExchangeCodeOptions): Promise<UserToken> {
    const secret = this.#core.clientSecret;
    if (!secret) throw new PlatformAuthError('A clientSecret is required to exchange an authorization code.');
    if (options.state !== undefined || options.expectedState !== undefined) this.#checkState(options.state, options.expectedState);
    const grant = await exchangeCodeGrant(this.#core, secret, options.code, options.redirectUri);
    return this.#users.registerGrant(grant);
  }

  /**
   * The callback's state against the one tied to the browser: equal (constant-time compare), and
   * the expected one not checked before by this client. A state is spent by its first check,
   * whatever comes of it: a replayed callback must not sign anyone in.
   */
  #checkState(state: string | null | undefined, expected: string | undefined): void {
    const refused = (why: string) => new PlatformAuthError(`${why}, so the code was not exchanged. Start the sign-in again.`);
    if (typeof expected !== 'string' || expected === '') throw refused('No sign-in state is tied to this browser (expectedState is missing)');
    const now = this.#core.clock.now();
    const spentUntil = this.#spentStates.get(expected);
    if (spentUntil !== undefined && spentUntil > now) throw refused('This sign-in state was already used: a state is good for one callback');
    this.#spend(expected, now);
    if (typeof state !== 'string' || state === '') throw refused('The callback carries no state');
    if (!sameText(state, expected)) throw refused('The state of the callback differs from the one tied to this browser: the answer may be forged');
  }

  /** Remembers a checked state, first forgetting the expired ones (then the oldest) when full. */
  #spend(state: string, now: number): void {
    const spent = this.#spentStates;
    spent.delete(state);
    if (spent.size >= maxSpentStates) {
      for (const [each, until] of spent) if (until <= now) spent.delete(each);
      for (const each of spent.keys()) {
        if (spent.size < maxSpentStates) break;
        spent.delete(each);
      }
    }
    spent.set(state, now + spentStateMs);
  }
}
