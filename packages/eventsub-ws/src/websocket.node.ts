import { createRequire } from 'node:module';

/**
 * Node's fallback WebSocket class: `WebSocket` of the `ws` package, a dependency of this package,
 * for Node 20, which has no global WebSocket (Node 22 and later have one, and it is used first).
 * Loaded through the `node` condition of `#websocket` in package.json, and `ws` only when this is
 * called, so a runtime with its own WebSocket never loads it. Synchronous, so that a listener
 * still throws at once when no class can be had. Undefined when `ws` cannot be loaded.
 */
export function fallbackWebSocket(): unknown {
  try {
    return createRequire(import.meta.url)('ws');
  } catch {
    return undefined;
  }
}
