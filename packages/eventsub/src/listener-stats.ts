import type { ClientCore } from '@platform/core/internal';
import type { EventSubTransportKind } from './catalog';

/**
 * The counters of one connection (a WebSocket connection, or a conduit shard). A field that does
 * not apply to the connection is 0, or undefined for `lastKeepaliveAt`.
 */
export interface EventSubConnectionCounts {
  /** Notifications handed to a handler from this connection (a batched type's delivery counts once). 0 for a webhook shard: see the listener's count. */
  delivered: number;
  /** Repeated message IDs dropped on this connection. 0 for a webhook shard: see the listener's count. */
  duplicates: number;
  /** Welcomed sessions that ended without the client asking (a close code, a reset, a silence past the keepalive timeout). */
  drops: number;
  /** New sessions welcomed after a drop. A `session_reconnect` handoff is not one: see `handoffs`. */
  reconnects: number;
  /** `session_reconnect` handoffs followed: the session moved to a new socket and kept its subscriptions. */
  handoffs: number;
  /** When the last `session_keepalive` message arrived, in epoch milliseconds of the client clock; undefined before the first one, and for a webhook. */
  lastKeepaliveAt: number | undefined;
}

/** One connection of a listener in `listener.stats()`: a WebSocket connection, or a conduit shard. */
export interface EventSubConnectionStats extends EventSubConnectionCounts {
  /** How the connection is served. */
  transport: 'websocket' | 'webhook';
  /** The platform's ID of the session while one is welcomed; undefined between sessions and for a webhook shard. */
  sessionId: string | undefined;
  /** The conduit shard the connection serves; undefined for a WebSocket listener's connection. */
  shardId: string | undefined;
  /** Whether it serves events now: the session is welcomed (WebSocket listener), the shard is bound (conduit). */
  connected: boolean;
  /**
   * Subscriptions carried by the connection (created on its session, or waiting for it). 0 for a
   * conduit shard: a conduit's subscriptions belong to the conduit, and the platform picks a shard
   * for each event (the listener's `subscriptions` counts them).
   */
  subscriptions: number;
}

/**
 * A snapshot of a listener's counters, as `listener.stats()` returns it: one shape for the three
 * transports. Counts start at 0 when the listener is made and include connections since closed.
 */
export interface EventSubListenerStats extends EventSubConnectionCounts {
  /** The listener's transport. */
  transport: EventSubTransportKind;
  /**
   * Webhook (and conduit webhook shards): requests refused without a handler call (a missing or
   * bad signature, a stale or unreadable timestamp, a body that is not JSON or too large, a
   * challenge for a subscription of another listener). 0 for WebSocket transports.
   */
  refused: number;
  /** Subscriptions the platform revoked. */
  revocations: number;
  /**
   * The revocations and failures by the platform's status (`authorization_revoked`, `user_removed`,
   * `version_removed`, `notification_failures_exceeded`...): what ended a subscription, or (webhook
   * and conduit) what made the listener create it again.
   */
  revokedBy: Record<string, number>;
  /**
   * The platform's `total_cost` of the app's (webhook, conduit) or user's (WebSocket) subscriptions,
   * as its last create or list answer gave it; undefined before the first.
   */
  totalCost: number | undefined;
  /** The platform's `max_total_cost` beside `totalCost`; undefined before the first answer. */
  maxTotalCost: number | undefined;
  /** The listener's live subscriptions: made and not stopped, refused or revoked (waiting for the platform, or enabled). */
  subscriptions: number;
  /**
   * The connections: one per WebSocket connection of a WebSocket listener, one per shard of a
   * conduit listener (in shard order of creation); empty for a webhook listener.
   */
  connections: EventSubConnectionStats[];
}

/** Zeroed counters, for a new connection or listener. */
export function emptyConnectionCounts(): EventSubConnectionCounts {
  return { delivered: 0, duplicates: 0, drops: 0, reconnects: 0, handoffs: 0, lastKeepaliveAt: undefined };
}

/** A log line's level, as the client's `logger` option takes it. */
export type ListenerLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The client's log function: level-filtered and redacted by core. */
type ListenerLogFunction = (level: ListenerLogLevel, message: string) => void;

/**
 * The client's log function, when the client has a `logger`; undefined otherwise. Read at each
 * line, so that a logger set on the client later is used too.
 */
export function listenerLog(core: ClientCore): ListenerLogFunction | undefined {
  return core.log;
}

/**
 * A value from a message the listener received (an ID, a type, a status), as it may appear in a log
 * line: only the characters such values are made of, and at most 64 of them. A request the
 * listener refused can carry anything in its headers.
 */
export function logValue(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
  return text.replace(/[^\w.:@-]/g, '_').slice(0, 64) || '?';
}

/** A free text (a close reason) in a log line: control characters out, at most 120 characters. */
export function logText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 120);
}
