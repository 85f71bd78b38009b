import type { Server } from 'node:http';
import type { Router } from './http';
import type { HelixContext } from './helix';

/** The EventSub side of the fake platform: subscriptions, conduits and the transports. */
export interface MockEventSub {
  /**
   * Raises an event of `type` (`name` or `name@version`) as if it happened on the platform; the
   * payload defaults to the type's sample from the fixtures, merged with `event`.
   */
  trigger(type: string, event?: Record<string, unknown>): void;
  /** Closes the transports (called by `mock.close()`). */
  close(): Promise<void>;
}

/** Registers the EventSub routes and transports. */
export function createEventSub(_router: Router, _context: HelixContext, _server: Server, _wsUrl: string): MockEventSub {
  return {
    trigger(type) {
      throw new Error(`EventSub is not part of the mock yet (trigger ${type}).`);
    },
    close: () => Promise.resolve(),
  };
}
