// `@platform/eventsub-ws/internal`: what the conduit listener shares with the WebSocket listener
// (its WebSocket shards are EventSub sessions too): the session with its reconnect backoff, the
// choice of a WebSocket class and the connection URL. It is not part of the public API: names here
// may change in any release. Programs use the names of `@platform/eventsub-ws` (or `@platform/client`).
export { resolveWebSocket, connectionUrl } from '../connection';
export {
  EventSubSession,
  reconnectDelay,
  type EventSubFrame,
  type EventSubSessionEvents,
  type EventSubSessionOptions,
  type WebSocketClass,
  type WebSocketLike,
} from '../session';
