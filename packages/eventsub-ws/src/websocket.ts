/**
 * The WebSocket class a listener falls back to when neither its options, its client nor the
 * runtime give one. Browsers, workers, Deno and Bun have a global WebSocket, so this form has none
 * to offer (and a browser bundle holds no `ws`). Node loads `websocket.node.ts` instead, through
 * the `node` condition of `#websocket` in package.json.
 */
export function fallbackWebSocket(): unknown {
  return undefined;
}
