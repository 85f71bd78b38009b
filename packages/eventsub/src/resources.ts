// The resources of the EventSub management operations (subscriptions, conduits, conduit shards),
// snake_case as on the wire. The event payloads are in ./types.
import type { ConduitShardStatus } from './types/conduit';

/**
 * A subscription's status, as the platform lists it; events arrive only for `enabled` ones. A
 * WebSocket subscription ends with its session's status, a conduit subscription with
 * `conduit_deleted` when its conduit is deleted.
 */
export type EventSubSubscriptionStatus =
  | 'enabled'
  | 'webhook_callback_verification_pending'
  | 'webhook_callback_verification_failed'
  | 'notification_failures_exceeded'
  | 'authorization_revoked'
  | 'moderator_removed'
  | 'user_removed'
  | 'chat_user_banned'
  | 'version_removed'
  | 'beta_maintenance'
  | 'websocket_disconnected'
  | 'websocket_failed_ping_pong'
  | 'websocket_received_inbound_traffic'
  | 'websocket_connection_unused'
  | 'websocket_internal_error'
  | 'websocket_network_timeout'
  | 'websocket_network_error'
  | 'websocket_failed_to_reconnect'
  | 'conduit_deleted'
  | (string & {});

/** Where a subscription's events go, as the platform lists it: the webhook secret is never shown. */
export type EventSubSubscriptionTransport =
  | {
      /** Delivered to a webhook callback. */
      method: 'webhook';
      /** The callback URL the notifications are sent to. */
      callback: string;
    }
  | {
      /** Delivered to a WebSocket session. */
      method: 'websocket';
      /** The ID of the WebSocket session the notifications are sent to. */
      session_id: string;
      /** When the WebSocket connection was established (UTC). */
      connected_at?: string;
      /** When the WebSocket connection was lost (UTC). */
      disconnected_at?: string;
    }
  | {
      /** Delivered to a conduit. */
      method: 'conduit';
      /** The ID of the conduit the notifications are sent to. */
      conduit_id: string;
    };

/** An EventSub subscription, as the platform lists it (and answers its creation with). */
export interface EventSubSubscription {
  /** The subscription's ID. */
  id: string;
  /** The subscription's status; events arrive only while it is `enabled`. */
  status: EventSubSubscriptionStatus;
  /** The plain type name, such as `channel.follow`. */
  type: string;
  /** The version on the wire: `'1'`, `'2'`, `'beta'`. */
  version: string;
  /** The condition it was created with. */
  condition: Record<string, string>;
  /** RFC 3339. */
  created_at: string;
  /** Where the subscription's notifications are sent. */
  transport: EventSubSubscriptionTransport;
  /** What it counts against `max_total_cost`. */
  cost: number;
}

/** The figures beside `data` in the answers of `subscriptions` and `createSubscription`. */
export interface EventSubSubscriptionCounts {
  /**
   * Every subscription the token's client (an app token) or user (a user token) has created, in
   * any status, whatever the list's filter. It lags a few seconds behind.
   */
  total: number;
  /** The sum of the costs of those subscriptions. */
  total_cost: number;
  /** The most `total_cost` may reach (10 for a user's WebSocket subscriptions). */
  max_total_cost: number;
}

/** A conduit: a set of shards (WebSocket sessions or webhook callbacks) that conduit subscriptions deliver to. */
export interface Conduit {
  /** The conduit's ID. */
  id: string;
  /** Shard IDs run from `'0'` to `String(shard_count - 1)`. */
  shard_count: number;
}

/** A conduit shard's transport, as the platform lists it: the webhook secret is never shown. */
export type ConduitShardListedTransport =
  | {
      /** Delivered to a webhook callback. */
      method: 'webhook';
      /** The callback URL the notifications are sent to. */
      callback: string;
    }
  | {
      /** Delivered to a WebSocket session. */
      method: 'websocket';
      /** The ID of the WebSocket session the notifications are sent to. */
      session_id: string;
      /** When the WebSocket connection was established (UTC). */
      connected_at?: string;
      /** When the WebSocket connection was lost (UTC). */
      disconnected_at?: string;
    };

/** A conduit shard; events go only to `enabled` ones. */
export interface ConduitShard {
  /** `'0'` to shard count - 1. */
  id: string;
  /** The shard's status; events go to it only while it is `enabled`. */
  status: ConduitShardStatus;
  /** Where the shard's notifications are sent. */
  transport: ConduitShardListedTransport;
}

/** The transport to give a shard: a WebSocket session of a welcome message, or a webhook callback. */
export type ConduitShardTransportUpdate =
  | {
      /** Deliver to a WebSocket session. */
      method: 'websocket';
      /** The ID of the WebSocket session, from its welcome message. */
      session_id: string;
    }
  | {
      /** Deliver to a webhook callback. */
      method: 'webhook';
      /** HTTPS on port 443 on the real platform; redirects are not followed. */
      callback: string;
      /** 10 to 100 ASCII characters; the platform signs each message with it. */
      secret: string;
    };

/** One shard of an `updateConduitShards` call. */
export interface ConduitShardUpdate {
  /** The shard ID: `'0'` to shard count - 1. */
  id: string;
  /** The transport to give the shard. */
  transport: ConduitShardTransportUpdate;
}

/** A shard the platform did not update, with why. */
export interface ConduitShardUpdateError {
  /** The shard ID as given. */
  id: string;
  /** Such as `The shard id is outside the conduit's range`. */
  message: string;
  /** Such as `invalid_parameter`. */
  code: string;
}

/** The answer to `updateConduitShards` (a 202): the shards updated and those refused. */
export interface ConduitShardsUpdate {
  /** The shards the platform updated, as it now lists them (a webhook shard is pending its challenge). */
  data: ConduitShard[];
  /** The shards it refused; empty when every shard was updated. */
  errors: ConduitShardUpdateError[];
}
