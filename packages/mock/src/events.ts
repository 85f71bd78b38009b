/** An event the fake platform raises: a ban raises `channel.ban`, a sent message `channel.chat.message`... */
export interface RaisedEvent {
  /** The event's subscription type (for example `channel.ban`). */
  type: string;
  /** The version of the type; the newest when omitted. */
  version?: string;
  /** The event object as subscribers receive it (an array for batched types). */
  event: unknown;
  /**
   * Which subscriptions get it: those whose condition holds every field of `condition` with the
   * same value. Fields of a subscription's condition that are not named here do not matter.
   */
  condition: Record<string, string>;
}

/** Where route modules raise events; the EventSub transports listen here. */
export class EventBus {
  readonly #listeners = new Set<(event: RaisedEvent) => void>();

  /** Calls `listener` with every event raised from now on; returns a function that stops it. */
  on(listener: (event: RaisedEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Hands an event to every listener, in the order they were added. */
  raise(event: RaisedEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
