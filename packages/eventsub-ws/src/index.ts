export { eventSubWebSocket, WebSocketListener, resolveWebSocket, connectionUrl, type WebSocketListenerOptions } from './listener';
export {
  EventSubSession,
  reconnectDelay,
  type EventSubFrame,
  type EventSubSessionEvents,
  type EventSubSessionOptions,
  type WebSocketClass,
  type WebSocketLike,
} from './session';
