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
  | {
      /** A WebSocket transport. */
      method: 'websocket';
      /** The WebSocket session ID. */
      session_id: string;
      /** When the WebSocket session connected. */
      connected_at: string;
      /** When the WebSocket session disconnected. */
      disconnected_at: string;
    }
  | {
      /** A webhook transport. */
      method: 'webhook';
      /** The webhook callback URL. */
      callback: string;
    };

/** `conduit.shard.disabled`: a conduit shard was disabled because its transport state changed. */
export interface ConduitShardDisabledEvent {
  /** The ID of the conduit. */
  conduit_id: string;
  /** A decimal string: `"0"`, `"1"`... */
  shard_id: string;
  /** The new status of the transport. */
  status: ConduitShardStatus;
  /** The disabled transport. */
  transport: ConduitShardTransport;
}
