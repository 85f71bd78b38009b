/** The state of a conduit shard. */
export type ConduitShardStatus =
  | 'enabled'
  | 'webhook_callback_verification_pending'
  | 'webhook_callback_verification_failed'
  | 'notification_failures_exceeded'
  | 'websocket_disconnected'
  | 'websocket_failed_ping_pong'
  | 'websocket_received_inbound_traffic'
  | 'websocket_internal_error'
  | 'websocket_network_timeout'
  | 'websocket_network_error'
  | 'websocket_failed_to_reconnect';

/** The transport of a disabled conduit shard. */
export type ConduitShardTransport =
  | { method: 'websocket'; session_id: string; connected_at: string; disconnected_at: string }
  | { method: 'webhook'; callback: string };

/** `conduit.shard.disabled`: a conduit shard was disabled because its transport state changed. */
export interface ConduitShardDisabledEvent {
  conduit_id: string;
  /** A decimal string: `"0"`, `"1"`... */
  shard_id: string;
  status: ConduitShardStatus;
  transport: ConduitShardTransport;
}
