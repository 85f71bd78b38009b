import type { PlatformAuthError } from './errors/auth-error';

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

/** The client events and what their listeners receive. */
export interface ClientEvents {
  /** A call waits for a rate limit: an empty bucket, or an endpoint-specific limit. */
  rateLimit: RateLimitEvent;
  /** A user was removed because their authorization is dead. */
  tokenInvalid: TokenInvalidEvent;
}

/** The name of a client event: `rateLimit` or `tokenInvalid`. */
export type ClientEventName = keyof ClientEvents;
/** A listener of the client event `Name`, given what the event carries. */
export type ClientEventListener<Name extends ClientEventName> = (event: ClientEvents[Name]) => void;

/** A small typed event emitter. A listener that throws is reported to the console, never to the call. */
export class EventHub {
  readonly #listeners = new Map<string, Set<(event: never) => void>>();

  on<Name extends ClientEventName>(name: Name, listener: ClientEventListener<Name>): void {
    this.#listeners.set(name, (this.#listeners.get(name) ?? new Set()).add(listener));
  }

  off<Name extends ClientEventName>(name: Name, listener: ClientEventListener<Name>): void {
    this.#listeners.get(name)?.delete(listener);
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
