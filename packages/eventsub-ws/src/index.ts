// The names a program calls or writes as a type. What the conduit listener shares with the
// WebSocket listener (the session, the choice of a WebSocket class) is in `@platform/eventsub-ws/internal`.
export { eventSubWebSocket, WebSocketListener, type WebSocketListenerOptions } from './listener';
