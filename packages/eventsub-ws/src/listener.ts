import { PlatformApiError, PlatformError, PlatformEventSubError, type ClientHandle } from '@platform/core';
import { clientCore, describeValue, eventSubWsUrlOf } from '@platform/core/internal';
import { EventSubListener, type EventSubConnectionStats, type EventSubListenerOptions } from '@platform/eventsub';
import { createListenerSubscription, deleteListenerSubscription, readSubscription, type ListenerSubscription } from '@platform/eventsub/internal';
import { connectionUrl, resolveWebSocket } from './connection';
import { EventSubSession, type EventSubFrame, type WebSocketClass } from './session';

/** Options of a WebSocket listener. */
export interface WebSocketListenerOptions extends EventSubListenerOptions {
  /**
   * The WebSocket class to use where the runtime has none (Node 20): `WebSocket` from the `ws`
   * package. Default: the client's `webSocket` option, then the global WebSocket.
   */
  webSocket?: unknown;
  /**
   * Asks the platform for this keepalive timeout (10 to 600 seconds) with the connection URL's
   * `keepalive_timeout_seconds`. Default: the platform's (10).
   */
  keepaliveTimeoutSeconds?: number | undefined;
  /** Subscriptions per connection before another connection is opened. Default 300, the platform's limit. */
  subscriptionsPerConnection?: number | undefined;
  /**
   * Connections the listener opens at most; once they are all full, a new subscription is refused
   * (`Could not subscribe to <type> (version <n>): the listener is full: ...`) without a request.
   * Default 3, the platform's limit per user (other listeners of the same user count too).
   */
  maxConnections?: number | undefined;
}

/** One WebSocket connection of the listener and the subscriptions it carries. */
interface Connection {
  readonly session: EventSubSession;
  readonly subscriptions: Set<ListenerSubscription>;
  /** Aborted when the session it was made for ends: create calls for a dead session stop. */
  controller: AbortController;
}

/**
 * Listens to events over the platform's EventSub WebSocket, with a user token (chosen like any
 * call: the client view's `as`, or the single registered user). One connection carries up to 300
 * subscriptions; more open another connection, up to 3 (the platform's limits per user). A `session_reconnect` is followed without losing
 * or repeating an event; after a drop (a close code, a reset, a silence past the keepalive
 * timeout) the listener reconnects within 10 seconds and creates its subscriptions again on the
 * new session, routed to the same handlers.
 *
 * @example
 * const listener = eventSubWebSocket(client, { onError: console.error });
 * listener.on('channel.chat.message', { broadcaster_user_id, user_id }, (event) => console.log(event.message.text));
 */
export class WebSocketListener extends EventSubListener {
  readonly #connections: Connection[] = [];
  readonly #webSocket: WebSocketClass;
  readonly #url: string;
  readonly #perConnection: number;
  readonly #maxConnections: number;

  constructor(client: ClientHandle, options: WebSocketListenerOptions = {}) {
    super(client, options, 'websocket');
    this.#webSocket = resolveWebSocket(options.webSocket, client);
    this.#url = connectionUrl(eventSubWsUrlOf(clientCore(client)), options.keepaliveTimeoutSeconds);
    const perConnection = options.subscriptionsPerConnection ?? 300;
    if (!Number.isInteger(perConnection) || perConnection < 1) {
      throw new PlatformError(`The subscriptionsPerConnection option must be a whole number, 1 or more; got ${describeValue(perConnection)}.`);
    }
    this.#perConnection = perConnection;
    const maxConnections = options.maxConnections ?? 3;
    if (!Number.isInteger(maxConnections) || maxConnections < 1) {
      throw new PlatformError(`The maxConnections option must be a whole number, 1 or more; got ${describeValue(maxConnections)}.`);
    }
    this.#maxConnections = maxConnections;
  }

  /** The platform's IDs of the sessions currently welcomed, one per connection. */
  get sessionIds(): string[] {
    return this.#connections.map((connection) => connection.session.sessionId).filter((id): id is string => id !== undefined);
  }

  protected attach(subscription: ListenerSubscription): void {
    let connection = this.#connections.find((each) => each.subscriptions.size < this.#perConnection);
    if (!connection && this.#connections.length >= this.#maxConnections) {
      const count = this.#maxConnections;
      this.refuse(subscription, `the listener is full: ${count} connection${count === 1 ? '' : 's'} of ${this.#perConnection} subscriptions each.`);
      return;
    }
    connection ??= this.#open();
    connection.subscriptions.add(subscription);
    subscription.session = connection;
    if (connection.session.sessionId !== undefined) this.#create(connection, subscription);
  }

  protected override forget(subscription: ListenerSubscription): void {
    const connection = subscription.session as Connection | undefined;
    if (!connection) return;
    connection.subscriptions.delete(subscription);
    if (connection.subscriptions.size === 0) this.#closeConnection(connection);
  }

  protected detach(subscription: ListenerSubscription): Promise<void> {
    return subscription.id === undefined ? Promise.resolve() : deleteListenerSubscription(this.client, subscription.id, 'user');
  }

  /** One entry per open connection, with the subscriptions it carries and its session's counters. */
  protected override connectionStats(): EventSubConnectionStats[] {
    return this.#connections.map(({ session, subscriptions }) => {
      const { sessionId } = session;
      return { transport: 'websocket', sessionId, shardId: undefined, connected: sessionId !== undefined, subscriptions: subscriptions.size, ...session.stats };
    });
  }

  protected shutdown(): Promise<void> {
    for (const connection of [...this.#connections]) this.#closeConnection(connection);
    return Promise.resolve();
  }

  #open(): Connection {
    const connection: Connection = {
      subscriptions: new Set(),
      controller: new AbortController(),
      session: new EventSubSession(
        { url: this.#url, webSocket: this.#webSocket, clock: clientCore(this.client).clock },
        {
          welcome: (sessionId, reconnected) => {
            this.welcomed(sessionId, undefined, reconnected);
            this.connected({ sessionId });
            for (const subscription of connection.subscriptions) this.#create(connection, subscription);
          },
          message: (frame) => {
            this.#message(connection, frame);
          },
          handoff: (sessionId) => {
            this.handedOff(sessionId, undefined);
          },
          duplicate: this.duplicate,
          keepalive: this.keepalive,
          drop: (sessionId, code, reason) => {
            connection.controller.abort(new PlatformEventSubError(`The EventSub session ended: ${reason}`));
            connection.controller = new AbortController();
            for (const subscription of connection.subscriptions) this.assignId(subscription, undefined);
            if (sessionId !== undefined) this.disconnected({ sessionId, reason, ...(code === undefined ? {} : { code }) });
          },
          error: this.report,
        },
      ),
    };
    this.#connections.push(connection);
    connection.session.start();
    return connection;
  }

  #closeConnection(connection: Connection): void {
    const index = this.#connections.indexOf(connection);
    if (index !== -1) this.#connections.splice(index, 1);
    connection.controller.abort(new PlatformEventSubError('The EventSub connection was closed.'));
    void connection.session.close();
  }

  #create(connection: Connection, subscription: ListenerSubscription): void {
    const sessionId = connection.session.sessionId;
    if (sessionId === undefined || subscription.state === 'stopped' || subscription.state === 'failed') return;
    const { signal } = connection.controller;
    const creating = createListenerSubscription(
      this.client,
      {
        type: subscription.type,
        version: subscription.version,
        condition: subscription.condition,
        transport: { method: 'websocket', session_id: sessionId },
        batched: subscription.batched,
      },
      'user',
      { signal, keepGoing: () => subscription.state !== 'stopped', onWait: this.reportWait },
    ).catch((error: unknown) => this.#adoptConflict(subscription, error, sessionId));
    subscription.creating = creating;
    creating.then(
      (created) => {
        if (subscription.creating === creating) subscription.creating = undefined;
        // Made for a session that has ended since: the platform disables it with the session.
        if (signal.aborted) return;
        this.costs(created);
        this.assignId(subscription, created.id);
        subscription.confirm();
      },
      (error: unknown) => {
        if (subscription.creating === creating) subscription.creating = undefined;
        // The session ended: the subscription is made again on the next one.
        if (signal.aborted || subscription.state === 'stopped') return;
        connection.subscriptions.delete(subscription);
        this.refuse(subscription, error);
        if (connection.subscriptions.size === 0) this.#closeConnection(connection);
      },
    );
  }

  /**
   * A 409 whose body names the subscription this session already has (an attempt that timed out
   * had made it, and the next one met it): that subscription is adopted. Any other failure, or a
   * 409 naming a subscription on another session, stays the refusal.
   */
  async #adoptConflict(subscription: ListenerSubscription, error: unknown, sessionId: string): Promise<{ id: string; total_cost?: number; max_total_cost?: number }> {
    const id = error instanceof PlatformApiError && error.status === 409 ? (error.body as { id?: unknown } | undefined)?.id : undefined;
    if (typeof id !== 'string' || id === '') throw error;
    const listed = await readSubscription(this.client, id, 'user').catch(() => undefined);
    if (listed?.transport.method !== 'websocket' || listed.transport.session_id !== sessionId) throw error;
    this.logSubscription('debug', subscription, ': adopted the one this session already has (409)', id);
    return listed;
  }

  #message(connection: Connection, frame: EventSubFrame): void {
    const { payload } = frame;
    const subscriptionInfo = payload.subscription;
    if (!subscriptionInfo) return;
    const subscription = this.route(subscriptionInfo.id, subscriptionInfo.type, subscriptionInfo.version, subscriptionInfo.condition);
    if (!subscription) return;
    if (frame.metadata.message_type === 'revocation') {
      connection.subscriptions.delete(subscription);
      this.revoked(subscription, subscriptionInfo.status);
      if (connection.subscriptions.size === 0) this.#closeConnection(connection);
      return;
    }
    connection.session.stats.delivered++;
    const { metadata } = frame;
    this.dispatch(subscription, subscription.batched ? payload.events : payload.event, {
      messageId: metadata.message_id,
      timestamp: metadata.message_timestamp,
      subscriptionId: subscriptionInfo.id,
      type: subscriptionInfo.type,
      version: subscriptionInfo.version,
      transport: 'websocket',
    });
  }
}

/**
 * Makes a WebSocket listener on `client`. It opens no connection until the first `on()`. On Node 20,
 * which has no global WebSocket, it uses the `ws` package (a dependency of this package).
 *
 * @throws PlatformEventSubError `This runtime has no global WebSocket.` when neither the option,
 *   the client, the runtime nor (on Node) the `ws` package gives a WebSocket class.
 * @example
 * const listener = eventSubWebSocket(client, { onError: console.error });
 * const handle = listener.on('channel.follow', { broadcaster_user_id, moderator_user_id }, (event) => console.log(event.user_name));
 * await handle.ready;
 */
export function eventSubWebSocket(client: ClientHandle, options?: WebSocketListenerOptions): WebSocketListener {
  return new WebSocketListener(client, options);
}
