import type { PlatformAuthError } from './errors/auth-error';
import type { HttpMethod } from './types';

/** What a `rateLimit` listener receives: the bucket that is empty and how long the call waits. */
export interface RateLimitEvent {
  /** `app`, `user:<id>` or `raw:<fingerprint>`. */
  bucket: string;
  /** Milliseconds. */
  wait: number;
}

/** What a `tokenInvalid` listener receives: the user that was removed and why. */
export interface TokenInvalidEvent {
  /** The user that was removed. */
  userId: string;
  /** Why the user was removed; the call that found out rejects with this same error. */
  error: PlatformAuthError;
}

/**
 * What a `request` listener receives: one attempt of a call, as it is sent. It never holds a token,
 * a refresh token or a secret: credentials travel in headers, which are not part of it.
 */
export interface RequestEvent {
  /** The HTTP method. */
  method: HttpMethod;
  /**
   * The path without the query: under `baseUrl` for API calls (`/chat/chatters`, the declaration's
   * path, which is also the route template), under the OAuth server's address with its prefix for
   * OAuth requests (`/oauth2/token`).
   */
  path: string;
  /** The full URL with its query (and without user info, should `baseUrl` carry any). */
  url: string;
  /** 1 for the first attempt of a call, then 2, 3... (retries, 429 waits and the resend after a renewal). */
  attempt: number;
  /** The rate-limit bucket the attempt took a point from (`app`, `user:<id>`, `raw:<fingerprint>`); undefined for OAuth requests. */
  bucket: string | undefined;
  /** Milliseconds the attempt waited for a point of its bucket before it was sent (0 when one was free). */
  waited: number;
  /** The declared operation's name (`chat.chatters`); undefined for `client.request()` and OAuth requests. */
  operation: string | undefined;
}

/**
 * What the pipeline does after an attempt: return the answer, send again after `delay` ms
 * (a 5xx or a failure without an answer), renew the token (a 401; the call then sends again, or
 * rejects when the token was valid or cannot be renewed), wait `delay` ms for a rate limit (a
 * 429) and send again, or reject the call.
 */
export type NextStep =
  | {
      /** The call resolves with the answer. */
      step: 'return';
    }
  | {
      /** The request is sent again after `delay`. */
      step: 'retry';
      /** Milliseconds before the next attempt. */
      delay: number;
    }
  | {
      /** The authenticator checks the token and renews a dead one. */
      step: 'renew';
    }
  | {
      /** The call waits for a rate limit, then sends again. */
      step: 'wait';
      /** Milliseconds of the wait. */
      delay: number;
    }
  | {
      /** The call rejects with the attempt's `error`. */
      step: 'throw';
    };

/**
 * What a `response` listener receives: how one attempt ended. The same fields as its
 * `RequestEvent`, plus the answer's status or the failure, the time the attempt took, and the
 * pipeline's next step.
 */
export interface ResponseEvent extends RequestEvent {
  /** The `RequestEvent` of the same attempt (the object its listeners received), to match the two. */
  request: RequestEvent;
  /** The answer's HTTP status; undefined when no answer came (network failure, timeout, abort). */
  status: number | undefined;
  /**
   * Why the attempt failed, for any attempt that did not succeed: a PlatformApiError for a 4xx or a
   * 5xx (a PlatformRateLimitError for a 429), a PlatformNetworkError or PlatformTimeoutError when no
   * answer came, the signal's reason when aborted. When `next.step` is `throw`, the call rejects
   * with it. Undefined for a success.
   */
  error: unknown;
  /** Milliseconds from sending to the whole answer read (or to the failure). */
  duration: number;
  /** What the pipeline does next. */
  next: NextStep;
}

/** The client events and what their listeners receive. */
export interface ClientEvents {
  /** A call waits for a rate limit: an empty bucket, or an endpoint-specific limit. */
  rateLimit: RateLimitEvent;
  /** A user was removed because their authorization is dead. */
  tokenInvalid: TokenInvalidEvent;
  /** An attempt is sent (once per attempt: retries and resends fire it again). */
  request: RequestEvent;
  /** An attempt ended: with its status or failure, its duration and the pipeline's next step. */
  response: ResponseEvent;
}

/** The name of a client event: `rateLimit`, `tokenInvalid`, `request` or `response`. */
export type ClientEventName = keyof ClientEvents;
/** A listener of the client event `Name`, given what the event carries. */
export type ClientEventListener<Name extends ClientEventName> = (event: ClientEvents[Name]) => void;

/**
 * A small typed event emitter. A listener that throws is reported to the console, never to the
 * call. A client's core has one for `rateLimit` and `tokenInvalid`, and one more for `request` and
 * `response` (`ClientCore.attempts`), made by the first listener of either: the pipeline builds the
 * events of an attempt only while that one exists.
 */
export class EventHub {
  readonly #listeners = new Map<string, Set<(event: never) => void>>();

  on<Name extends ClientEventName>(name: Name, listener: ClientEventListener<Name>): void {
    this.#listeners.set(name, (this.#listeners.get(name) ?? new Set()).add(listener));
  }

  /** Removes a listener; answers how many event names still have listeners. */
  off<Name extends ClientEventName>(name: Name, listener: ClientEventListener<Name>): number {
    const listeners = this.#listeners.get(name);
    if (listeners?.delete(listener) && !listeners.size) this.#listeners.delete(name);
    return this.#listeners.size;
  }

  emit<Name extends ClientEventName>(name: Name, event: ClientEvents[Name]): void {
    // A copy: a listener that adds or removes listeners changes the next emit, not this one.
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as ClientEventListener<Name>)(event);
      } catch (error) {
        console.error(`A ${name} listener threw:`, error);
      }
    }
  }
}
