/**
 * Timings and limits of the fake EventSub. The defaults are the platform's numbers where the
 * reference gives them; tests shorten the timings to run fast.
 */
export interface EventSubOptions {
  /** `keepalive_timeout_seconds` of a connection whose URL names none. Default 10 (the platform's). */
  keepaliveSeconds?: number;
  /**
   * The range a requested `keepalive_timeout_seconds` is clamped to. Default 10 to 600 (the
   * platform's). Lower `min` (to 1, say) to test a client's silence detection in little time.
   */
  keepaliveRange?: {
    /** The shortest allowed, in seconds. Default 10. */
    min?: number;
    /** The longest allowed, in seconds. Default 600. */
    max?: number;
  };
  /**
   * How long a session stays idle before a `session_keepalive` goes out, in milliseconds. Default:
   * the session's `keepalive_timeout_seconds`, as on the platform.
   */
  keepaliveIntervalMs?: number;
  /**
   * Time after the welcome to create a first subscription (or to be assigned to a conduit shard),
   * else the socket is closed with 4003. The platform allows 10 000 ms; the default `null` never
   * closes, so that a test that connects and waits is not cut off.
   */
  subscribeWithinMs?: number | null;
  /** Time after `session_reconnect` before an old socket still open is closed with 4004. Default 30 000 (the platform's). */
  reconnectGraceMs?: number;
  /** WebSocket Ping period; a socket that did not answer the previous ping is closed with 4002. Default 5000; `null` sends none. */
  pingIntervalMs?: number | null;
  /** How long a webhook callback has to answer. Default 5000. */
  webhookTimeoutMs?: number;
  /**
   * The waits before the retries of an undelivered webhook message, same message id each time. The
   * platform documents no schedule; default `[1000, 4000, 16000]`.
   */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * Webhook messages in a row that stay undelivered after every retry before the subscription is
   * revoked with `notification_failures_exceeded`. Default 5; `null` never revokes.
   */
  webhookFailuresBeforeRevocation?: number | null;
  /**
   * Refuse webhook callbacks that are not `https` on port 443, as the platform does. Default false:
   * local tests need plain `http://127.0.0.1:<port>` callbacks.
   */
  strictCallbacks?: boolean;
  /**
   * How a conduit subscription's event picks its shard: `hash` of the channel (the platform's way,
   * so one channel's events keep their order on one shard) or `round-robin` over enabled shards.
   * Either way an event whose shard is not enabled goes to another enabled one. Default `hash`.
   */
  conduitRouting?: 'hash' | 'round-robin';
  /** The platform's limits. */
  limits?: Partial<EventSubLimits>;
  /** Subscriptions and shards per page of the list calls. Default 100. */
  pageSize?: number;
}

/** The platform's EventSub limits. */
export interface EventSubLimits {
  /** Enabled subscriptions per WebSocket connection. Platform: 300. */
  subscriptionsPerSession: number;
  /** WebSocket connections with enabled subscriptions per client and user. Platform: 3. */
  connectionsPerUser: number;
  /** `max_total_cost` of a user's WebSocket subscriptions. Platform: 10. */
  websocketMaxTotalCost: number;
  /** `max_total_cost` of a client's webhook and conduit subscriptions. Platform: 10 000. */
  maxTotalCost: number;
  /** Subscriptions with the same type and condition. Platform: 3. */
  sameTypeAndCondition: number;
  /** Conduits per client. Platform: 5. */
  conduitsPerClient: number;
  /** Shards per conduit. Platform: 20 000. */
  shardsPerConduit: number;
}

/** The options with every default filled in. */
export interface ResolvedEventSubOptions {
  /** `keepalive_timeout_seconds` of a connection whose URL names none. */
  keepaliveSeconds: number;
  /** The range a requested `keepalive_timeout_seconds` is clamped to. */
  keepaliveRange: {
    /** The shortest allowed, in seconds. */
    min: number;
    /** The longest allowed, in seconds. */
    max: number;
  };
  /** Idle time before a `session_keepalive`, in milliseconds; undefined: the session's keepalive timeout. */
  keepaliveIntervalMs: number | undefined;
  /** Time after the welcome to subscribe before the socket is closed with 4003; null never closes. */
  subscribeWithinMs: number | null;
  /** Time after `session_reconnect` before an old socket still open is closed with 4004. */
  reconnectGraceMs: number;
  /** WebSocket Ping period; null sends none. */
  pingIntervalMs: number | null;
  /** How long a webhook callback has to answer. */
  webhookTimeoutMs: number;
  /** The waits before the retries of an undelivered webhook message. */
  webhookRetryDelaysMs: readonly number[];
  /** Undelivered webhook messages in a row before the subscription is revoked; null never revokes. */
  webhookFailuresBeforeRevocation: number | null;
  /** Webhook callbacks must be `https` on port 443. */
  strictCallbacks: boolean;
  /** How a conduit subscription's event picks its shard. */
  conduitRouting: 'hash' | 'round-robin';
  /** The platform's limits. */
  limits: EventSubLimits;
  /** Subscriptions and shards per page of the list calls. */
  pageSize: number;
}

/** The platform's numbers. */
export const defaultEventSubOptions: ResolvedEventSubOptions = {
  keepaliveSeconds: 10,
  keepaliveRange: { min: 10, max: 600 },
  keepaliveIntervalMs: undefined,
  subscribeWithinMs: null,
  reconnectGraceMs: 30_000,
  pingIntervalMs: 5_000,
  webhookTimeoutMs: 5_000,
  webhookRetryDelaysMs: [1_000, 4_000, 16_000],
  webhookFailuresBeforeRevocation: 5,
  strictCallbacks: false,
  conduitRouting: 'hash',
  limits: {
    subscriptionsPerSession: 300,
    connectionsPerUser: 3,
    websocketMaxTotalCost: 10,
    maxTotalCost: 10_000,
    sameTypeAndCondition: 3,
    conduitsPerClient: 5,
    shardsPerConduit: 20_000,
  },
  pageSize: 100,
};

/** `base` with the fields `options` gives replaced (limits and the keepalive range field by field). */
export function mergeOptions(base: ResolvedEventSubOptions, options: EventSubOptions): ResolvedEventSubOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as EventSubOptions;
  return {
    ...base,
    ...defined,
    keepaliveIntervalMs: 'keepaliveIntervalMs' in options ? options.keepaliveIntervalMs : base.keepaliveIntervalMs,
    keepaliveRange: { ...base.keepaliveRange, ...definedOnly(options.keepaliveRange) },
    limits: { ...base.limits, ...definedOnly(options.limits) },
  };
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as Partial<T>;
}
