/** An event the fake platform raises: a ban raises `channel.ban`, a sent message `channel.chat.message`... */
export interface RaisedEvent {
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

  on(listener: (event: RaisedEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  raise(event: RaisedEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
