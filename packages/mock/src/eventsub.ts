import type { Server } from 'node:http';
import { bindControls, type ControlTable, type HttpOnlyRow } from './controls';
import type { HelixContext } from './helix';
import { EventSubCore, type EventSubDelivery } from './eventsub/core';
import { shardListing, subscriptionListing, type TransportMethod } from './eventsub/model';
import { defaultEventSubOptions, mergeOptions, type EventSubOptions, type ResolvedEventSubOptions } from './eventsub/options';
import { WebSocketSessions } from './eventsub/websocket';

export type { EventSubDelivery } from './eventsub/core';
export type { EventSubLimits, EventSubOptions, ResolvedEventSubOptions } from './eventsub/options';
export type { TransportMethod } from './eventsub/model';
export { eventsubRoutes } from './eventsub/routes';

/** What `trigger()` takes besides the type and event. */
export interface TriggerOptions {
  /**
   * Only subscriptions whose condition agrees with these fields get the event (on top of the
   * condition keys `event` itself names). Use it for keys that are not event fields, such as the
   * reading `user_id` of `channel.chat.message`.
   */
  condition?: Record<string, string>;
}

/** A WebSocket session as the fake sees it. */
export interface EventSubSessionInfo {
  /** The session's ID. */
  id: string;
  /** `reconnecting` between `session_reconnect` and the move to the new socket; `closed` once ended. */
  state: 'connected' | 'reconnecting' | 'closed';
  /** When its current (or last) socket connected, as the welcome said. */
  connectedAt: string;
  /** The session's `keepalive_timeout_seconds`. */
  keepaliveSeconds: number;
  /** Set by `silenceSession()`. */
  silent: boolean;
  /** The client and user whose subscriptions it carries. */
  clientId?: string;
  /** The user whose subscriptions it carries. */
  userId?: string;
  /** The conduit shard it is assigned to. */
  conduitId?: string;
  /** The shard it is assigned to. */
  shardId?: string;
  /** Its enabled subscriptions. */
  subscriptions: number;
  /** The status its subscriptions took when it ended. */
  endedWith?: string;
}

/** A conduit as the fake sees it: its owner and its shards as the shards call lists them. */
export interface EventSubConduitInfo {
  /** The conduit's ID. */
  id: string;
  /** The client that owns the conduit. */
  clientId: string;
  /** How many shards the conduit has. */
  shard_count: number;
  /** The shards, as Get Conduit Shards lists them. */
  shards: Record<string, unknown>[];
}

/** The EventSub side of the fake platform: subscriptions, conduits, the transports and controls for tests. */
export interface MockEventSub {
  /**
   * Raises an event of `type` (`name` for the newest version, or `name@version`) as if it happened
   * on the platform, and delivers it to every enabled subscription of that type and version whose
   * condition agrees with the condition keys `event` names (and `options.condition`); with no such
   * key, every subscription of the type gets it. The payload is the type's sample event fitted to
   * each subscription's condition (ids, logins and names of the users it names), merged with
   * `event`. A batched type gets one `{ id, data }` entry.
   *
   * @returns How many subscriptions it was handed to (sent, queued for a reconnecting socket, or
   *   posted to a webhook), not counting those whose transport lost it.
   * @throws Error for a type or version the platform does not offer.
   * @example
   * mock.eventsub.trigger('channel.follow', { broadcaster_user_id: streamer.id, user_name: 'Fan' });
   */
  trigger(type: string, event?: Record<string, unknown>, options?: TriggerOptions): number;
  /** Every subscription, oldest first, as the list call shows them; optionally narrowed. */
  subscriptions(filter?: { type?: string; status?: string; method?: TransportMethod }): Record<string, unknown>[];
  /** Every WebSocket session, including ended ones. */
  sessions(): EventSubSessionInfo[];
  /** Every conduit of every client. */
  conduits(): EventSubConduitInfo[];
  /** The messages handed to transports, oldest first (the last 1000). */
  readonly deliveries: readonly EventSubDelivery[];
  /**
   * Sends a delivered message again, unchanged and with the same message id, over the transport it
   * went by (the same session, or the same callback), as the platform's at-least-once delivery
   * may. Message ids are in `deliveries`.
   *
   * @returns `sent` (or `queued`, `lost`) for a WebSocket message, `pending` for a webhook one.
   * @throws Error for a message id that is not among the last 1000 delivered.
   */
  redeliver(messageId: string): EventSubDelivery['outcome'];
  /**
   * Revokes a subscription as the platform does when a user withdraws consent: its status becomes
   * `reason` and its transport gets one `revocation` message.
   *
   * @param reason `authorization_revoked` (default), `user_removed`, `version_removed`,
   *   `moderator_removed`, `notification_failures_exceeded`...
   * @throws Error for an unknown subscription id.
   */
  revoke(subscriptionId: string, reason?: string): void;
  /**
   * Cuts a session's socket (every session's, without an id) with no close frame, as a network
   * failure would; its subscriptions become `websocket_disconnected` and a conduit shard it held
   * is disabled.
   */
  dropSession(sessionId?: string): void;
  /**
   * Closes a session's socket with a close code of the platform (4000 by default); its
   * subscriptions take the code's status (4000 `websocket_internal_error`, 4005
   * `websocket_network_timeout`...).
   */
  closeSession(sessionId: string, code?: number): void;
  /**
   * Makes a session (every session, without an id) go silent: no keepalives, pings or
   * notifications, the socket left open, as on a half-open connection. Notifications meanwhile
   * are lost. `silent: false` resumes.
   */
  silenceSession(sessionId?: string, silent?: boolean): void;
  /**
   * Sends `session_reconnect` to a session. Its socket keeps carrying events until a socket opened
   * on the returned `reconnect_url` has been welcomed; the old socket is closed with 4004 if the
   * client leaves it open past `reconnectGraceMs`, and the session ends with
   * `websocket_failed_to_reconnect` if no socket comes.
   *
   * @returns The reconnect URL.
   */
  reconnectSession(sessionId: string): string;
  /** Changes timings and limits; new values apply to what starts afterwards (a new socket, the next keepalive...). */
  configure(options: EventSubOptions): void;
  /** The timings and limits in force. */
  readonly options: Readonly<ResolvedEventSubOptions>;
  /** Closes the transports (called by `mock.close()`). */
  close(): Promise<void>;
}

/** The controls of `mock.eventsub`: its methods but `close()` (its properties are `eventsubHttpOnly` rows). */
export type EventSubControl = Omit<MockEventSub, 'close'>;

/**
 * The EventSub side's state: the core (subscriptions, conduits, the WebSocket sessions and the
 * webhook sender), the timings and limits in force, and the controls' logic. Made once the mock's
 * server listens (the WebSocket is served on it at `wsUrl`); it delivers the events raised on
 * `context.events` (and by `trigger()`) to the matching subscriptions over WebSocket, signed
 * webhook and conduit transports until `close()`.
 */
export class EventSubState {
  readonly core: EventSubCore;
  #options: ResolvedEventSubOptions;
  readonly #stopListening: () => void;

  constructor(context: HelixContext, server: Server, wsUrl: string, options: EventSubOptions = {}) {
    this.#options = mergeOptions(defaultEventSubOptions, options);
    const current = () => this.#options;
    this.core = new EventSubCore(context, current, (ended) => new WebSocketSessions(server, wsUrl, context.now, current, ended));
    this.#stopListening = context.events.on((raised) => {
      this.core.deliverRaised(raised);
    });
  }

  /** The timings and limits in force. */
  get options(): Readonly<ResolvedEventSubOptions> {
    return this.#options;
  }

  /** Changes timings and limits; new values apply to what starts afterwards. */
  configure(changes: EventSubOptions): void {
    this.#options = mergeOptions(this.#options, changes);
  }

  /** The sessions an id names: that one, or every session not closed without one. */
  sessionIds(sessionId: string | undefined): string[] {
    const { core } = this;
    return sessionId === undefined ? [...core.sessions.sessions.values()].filter((session) => session.state !== 'closed').map((session) => session.id) : [sessionId];
  }

  subscriptions(filter: { type?: string; status?: string; method?: TransportMethod } = {}): Record<string, unknown>[] {
    return [...this.core.subscriptions.values()]
      .filter((each) => (filter.type === undefined || each.type === filter.type) && (filter.status === undefined || each.status === filter.status) && (filter.method === undefined || each.transport.method === filter.method))
      .map(subscriptionListing);
  }

  sessions(): EventSubSessionInfo[] {
    const { core } = this;
    return [...core.sessions.sessions.values()].map((session) => ({
      id: session.id,
      state: session.state,
      connectedAt: session.connectedAt,
      keepaliveSeconds: session.keepaliveSeconds,
      silent: session.silent,
      ...(session.owner ? { clientId: session.owner.clientId, userId: session.owner.userId } : {}),
      ...(session.shard ? { conduitId: session.shard.conduitId, shardId: session.shard.shardId } : {}),
      subscriptions: [...core.subscriptions.values()].filter((each) => each.status === 'enabled' && each.transport.method === 'websocket' && each.transport.sessionId === session.id).length,
      ...(session.endedWith === undefined ? {} : { endedWith: session.endedWith }),
    }));
  }

  conduits(): EventSubConduitInfo[] {
    return [...this.core.conduits.values()].map((conduit) => ({ id: conduit.id, clientId: conduit.clientId, shard_count: conduit.shards.length, shards: conduit.shards.map(shardListing) }));
  }

  revoke(subscriptionId: string, reason = 'authorization_revoked'): void {
    const subscription = this.core.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No EventSub subscription ${subscriptionId}.`);
    this.core.revoke(subscription, reason);
  }

  /** Stops delivering and closes the transports (called by `mock.close()`). */
  close(): Promise<void> {
    this.#stopListening();
    this.core.close();
    return Promise.resolve();
  }
}

/** The EventSub controls: `mock.eventsub.*` and `/mock/eventsub.*`. */
export const eventsubControls: ControlTable<EventSubState, EventSubControl> = {
  trigger: {
    params: ['type: string', 'event?: Record<string, unknown>', 'options?: TriggerOptions'],
    does: 'Raises an event of `type` (`name` or `name@version`) and delivers it to the matching subscriptions; `event` is merged into the sample payload. Returns how many got it.',
    run: (eventsub, type, event, options) => eventsub.core.trigger(type, event, options?.condition),
  },
  subscriptions: {
    params: ['filter?: { type?: string; status?: string; method?: TransportMethod }'],
    does: 'Every subscription, oldest first, as the list call shows them; optionally narrowed.',
    reads: true,
    run: (eventsub, filter) => eventsub.subscriptions(filter),
  },
  sessions: { params: [], reads: true, does: 'Every WebSocket session, including ended ones.', run: (eventsub) => eventsub.sessions() },
  conduits: { params: [], reads: true, does: 'Every conduit of every client.', run: (eventsub) => eventsub.conduits() },
  redeliver: {
    params: ['messageId: string'],
    does: "Sends a delivered message again, unchanged and with the same message id, over the transport it went by (the same session, or the same callback), as the platform's at-least-once delivery may.",
    run: (eventsub, messageId) => eventsub.core.redeliver(messageId),
  },
  revoke: {
    params: ['subscriptionId: string', 'reason?: string'],
    does: 'Revokes a subscription as the platform does when a user withdraws consent: its status becomes `reason` and its transport gets one `revocation` message.',
    run: (eventsub, subscriptionId, reason) => eventsub.revoke(subscriptionId, reason),
  },
  dropSession: {
    params: ['sessionId?: string'],
    does: "Cuts a session's socket (every session's, without an id) with no close frame, as a network failure would; its subscriptions become `websocket_disconnected` and a conduit shard it held is disabled.",
    run: (eventsub, sessionId) => {
      for (const id of eventsub.sessionIds(sessionId)) eventsub.core.sessions.drop(id);
    },
  },
  closeSession: {
    params: ['sessionId: string', 'code?: number'],
    does: "Closes a session's socket with a close code of the platform (4000 by default); its subscriptions take the code's status (4000 `websocket_internal_error`, 4005 `websocket_network_timeout`...).",
    run: (eventsub, sessionId, code = 4000) => eventsub.core.sessions.closeWith(sessionId, code),
  },
  silenceSession: {
    params: ['sessionId?: string', 'silent?: boolean'],
    does: 'Makes a session (every session, without an id) go silent: no keepalives, pings or notifications, the socket left open, as on a half-open connection.',
    run: (eventsub, sessionId, silent = true) => {
      for (const id of eventsub.sessionIds(sessionId)) eventsub.core.sessions.silence(id, silent);
    },
  },
  reconnectSession: { params: ['sessionId: string'], does: 'Sends `session_reconnect` to a session.', run: (eventsub, sessionId) => eventsub.core.sessions.reconnect(sessionId) },
  configure: {
    params: ['options: EventSubOptions'],
    does: 'Changes timings and limits; new values apply to what starts afterwards (a new socket, the next keepalive...).',
    run: (eventsub, options) => eventsub.configure(options),
  },
};

/** What is not a method in-process: the properties `deliveries` and `options`, to read. */
export const eventsubHttpOnly: Record<string, HttpOnlyRow<EventSubState>> = {
  deliveries: { of: 'deliveries', params: [], reads: true, does: 'The messages handed to transports, oldest first (the last 1000).', run: (eventsub) => eventsub.core.deliveries },
  options: { of: 'options', params: [], reads: true, does: 'The EventSub timings and limits in force.', run: (eventsub) => eventsub.options },
};

/** `mock.eventsub`: the control table bound to the state, with its properties `deliveries` and `options`, and `close()`. */
export function bindEventSubControls(eventsub: EventSubState): MockEventSub {
  const bound = bindControls(eventsubControls, eventsub);
  return Object.defineProperties(bound, {
    deliveries: { enumerable: true, get: () => eventsub.core.deliveries },
    options: { enumerable: true, get: () => eventsub.options },
    close: { enumerable: true, value: () => eventsub.close() },
  }) as MockEventSub;
}
