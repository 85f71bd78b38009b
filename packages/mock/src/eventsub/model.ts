import { randomBytes } from 'node:crypto';

/** The three ways the platform delivers events. */
export type TransportMethod = 'webhook' | 'websocket' | 'conduit';

/** One subscription type and version the platform offers, as the shared registry lists it. */
export interface EventSubType {
  readonly type: string;
  /** `"1"`, `"2"` or `"beta"`: always a string. */
  readonly version: string;
  /** Condition keys that must be given. */
  readonly required: readonly string[];
  /** Condition keys that may be given; an omitted one means "any". */
  readonly optional: readonly string[];
  /** The scopes of the authorizing user, any one of which suffices (see `scopeGroups`). */
  readonly scopes: readonly string[];
  readonly transports: readonly TransportMethod[];
  /** `deprecated`: the platform's reference no longer lists it, but the platform still takes it. */
  readonly status: 'stable' | 'beta' | 'deprecated';
  /** Notifications carry `events: [{ id, data }]` instead of `event`. */
  readonly batched: boolean;
}

/** One entry of a batched notification. */
export interface BatchEntry {
  id: string;
  data: Record<string, unknown>;
}

/** The sample payload of a type: `event`, or `events` for a batched type. */
export interface EventSample {
  readonly event?: Readonly<Record<string, unknown>>;
  readonly events?: readonly BatchEntry[];
}

/** Where a subscription's messages go, with what the platform keeps but never shows (the secret). */
export type SubscriptionTransport =
  | { method: 'webhook'; callback: string; secret: string }
  | { method: 'websocket'; sessionId: string; connectedAt: string; disconnectedAt: string | undefined }
  | { method: 'conduit'; conduitId: string };

/** A subscription as the fake platform holds it. */
export interface Subscription {
  readonly id: string;
  readonly type: string;
  readonly version: string;
  readonly condition: Readonly<Record<string, string>>;
  status: string;
  readonly cost: number;
  readonly createdAt: string;
  /** The client of the token that created it. */
  readonly clientId: string;
  /** The user of the token that created it (WebSocket subscriptions); undefined for an app token. */
  readonly userId: string | undefined;
  readonly transport: SubscriptionTransport;
  /** Webhook messages in a row that were still undelivered after every retry. */
  failedMessages: number;
}

/** A shard's transport as the platform keeps it. */
export type ShardTransport =
  | { method: 'websocket'; sessionId: string; connectedAt: string; disconnectedAt: string | undefined }
  | { method: 'webhook'; callback: string; secret: string };

/** One shard of a conduit. */
export interface Shard {
  /** A decimal string, `"0"` to `shard_count - 1`. */
  readonly id: string;
  status: string;
  /** Undefined until a shard is first assigned. */
  transport: ShardTransport | undefined;
}

/** A conduit: a client's container of shards. */
export interface Conduit {
  readonly id: string;
  readonly clientId: string;
  shards: Shard[];
  /** Where round-robin shard picking continues. */
  nextShard: number;
}

/** The subscription object of payloads: no secret, and no connection times (those are for Helix listings). */
export function subscriptionPayload(subscription: Subscription): Record<string, unknown> {
  return {
    id: subscription.id,
    status: subscription.status,
    type: subscription.type,
    version: subscription.version,
    cost: subscription.cost,
    condition: { ...subscription.condition },
    transport: payloadTransport(subscription.transport),
    created_at: subscription.createdAt,
  };
}

/** The subscription object of Helix answers: WebSocket transports add `connected_at` (and `disconnected_at`). */
export function subscriptionListing(subscription: Subscription): Record<string, unknown> {
  const transport = subscription.transport;
  return {
    ...subscriptionPayload(subscription),
    transport:
      transport.method === 'websocket'
        ? { method: 'websocket', session_id: transport.sessionId, connected_at: transport.connectedAt, ...(transport.disconnectedAt === undefined ? {} : { disconnected_at: transport.disconnectedAt }) }
        : payloadTransport(transport),
  };
}

function payloadTransport(transport: SubscriptionTransport): Record<string, unknown> {
  switch (transport.method) {
    case 'webhook':
      return { method: 'webhook', callback: transport.callback };
    case 'websocket':
      return { method: 'websocket', session_id: transport.sessionId };
    case 'conduit':
      return { method: 'conduit', conduit_id: transport.conduitId };
  }
}

/** A shard as Helix shows it: `{ id, status, transport }`, without the webhook secret. */
export function shardListing(shard: Shard): Record<string, unknown> {
  return { id: shard.id, status: shard.status, transport: shardTransportListing(shard.transport) };
}

/** A shard's transport as Helix and `conduit.shard.disabled` show it. */
export function shardTransportListing(transport: ShardTransport | undefined): Record<string, unknown> {
  // A shard never assigned has no transport; the platform's shape for it is not documented, so the
  // fake shows an empty WebSocket transport (its status says it is not connected).
  if (!transport) return { method: 'websocket', session_id: '' };
  if (transport.method === 'webhook') return { method: 'webhook', callback: transport.callback };
  return {
    method: 'websocket',
    session_id: transport.sessionId,
    connected_at: transport.connectedAt,
    ...(transport.disconnectedAt === undefined ? {} : { disconnected_at: transport.disconnectedAt }),
  };
}

/**
 * An RFC 3339 UTC time with nine fractional digits, as the platform writes them. `Date` keeps
 * milliseconds only, so the last six digits come from the high-resolution clock: clients must
 * parse timestamps without assuming three digits.
 */
export function timestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  const belowMs = (process.hrtime.bigint() % 1_000_000n).toString().padStart(6, '0');
  return `${iso.slice(0, -1)}${belowMs}Z`;
}

/** A WebSocket session id: opaque URL-safe text, like the platform's. */
export function sessionId(): string {
  return `AgoQ${randomBytes(18).toString('base64url')}`;
}

/** Statuses a WebSocket subscription (or shard) takes when its socket closes with a code. */
export const closeCodeStatus: Readonly<Record<number, string>> = {
  4000: 'websocket_internal_error',
  4001: 'websocket_received_inbound_traffic',
  4002: 'websocket_failed_ping_pong',
  4003: 'websocket_connection_unused',
  4004: 'websocket_failed_to_reconnect',
  4005: 'websocket_network_timeout',
  4006: 'websocket_network_error',
  4007: 'websocket_disconnected',
};

/** The close reasons the platform sends with its codes. */
export const closeCodeReason: Readonly<Record<number, string>> = {
  4000: 'internal server error',
  4001: 'sending outgoing message to the server is prohibited',
  4002: 'failed ping pong',
  4003: 'connection unused',
  4004: 'reconnect grace time expired',
  4005: 'network timeout',
  4006: 'network error',
  4007: 'invalid reconnect',
};
