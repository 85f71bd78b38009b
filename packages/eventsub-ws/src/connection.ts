import { PlatformError, PlatformEventSubError, type ClientHandle } from '@platform/core';
import { clientCore, describeValue } from '@platform/core/internal';
import { fallbackWebSocket } from '#websocket';
import type { WebSocketClass } from './session';

// How a WebSocket listener or a conduit's WebSocket shard connects: the WebSocket class and the
// connection URL.

/**
 * Finds the WebSocket class to use: the option, the client's `webSocket` option, the runtime's
 * global WebSocket, then on Node the `ws` package (a dependency, loaded only here, so that Node 20
 * needs no extra step). Throws `This runtime has no global WebSocket.` when there is none.
 */
export function resolveWebSocket(given: unknown, client: ClientHandle): WebSocketClass {
  const found = given ?? clientCore(client).webSocket ?? (globalThis as { WebSocket?: unknown }).WebSocket ?? fallbackWebSocket();
  if (typeof found !== 'function') {
    throw new PlatformEventSubError(
      given === undefined
        ? "This runtime has no global WebSocket. Pass one with the webSocket option, such as WebSocket from the 'ws' package."
        : 'This runtime has no global WebSocket, and the webSocket option is not a WebSocket class.',
    );
  }
  return found as WebSocketClass;
}

/** The connection URL with the asked keepalive timeout. */
export function connectionUrl(base: string, keepaliveTimeoutSeconds: number | undefined): string {
  if (keepaliveTimeoutSeconds === undefined) return base;
  if (!Number.isInteger(keepaliveTimeoutSeconds) || keepaliveTimeoutSeconds < 10 || keepaliveTimeoutSeconds > 600) {
    throw new PlatformError(`The keepaliveTimeoutSeconds option must be a whole number from 10 to 600; got ${describeValue(keepaliveTimeoutSeconds)}.`);
  }
  const url = new URL(base);
  url.searchParams.set('keepalive_timeout_seconds', String(keepaliveTimeoutSeconds));
  return url.toString();
}
