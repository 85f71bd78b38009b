import { PlatformError, PlatformEventSubError, type ClientHandle } from '@platform/core';
import { clientCore, type ClientCore } from '@platform/core/internal';
import { lookupEventSubType, retiredVersionMessage, type EventSubTransportKind, type EventSubTypeInfo } from './catalog';
import {
  emptyConnectionCounts,
  listenerLog,
  logText,
  logValue,
  type EventSubConnectionCounts,
  type EventSubConnectionStats,
  type EventSubListenerStats,
  type ListenerLogLevel,
} from './listener-stats';
import { subscribeError } from './subscription';
import type { ConditionOf, EventOf, EventSubName } from './type-map';

/** What `onConnect` receives: a WebSocket session the platform has welcomed. */
export interface EventSubConnectEvent {
  /** The platform's session ID. */
  sessionId: string;
  /** The conduit shard the session serves (conduit listeners). */
  shardId?: string;
}

/** What `onDisconnect` receives: a socket that stopped serving its session. */
export interface EventSubDisconnectEvent {
  /** The platform's ID of the session the socket served. */
  sessionId: string;
  /** The conduit shard the session served (conduit listeners). */
  shardId?: string;
  /** The close code, when the socket was closed with one (4000-4007 are the platform's). */
  code?: number;
  /** The close reason, or what went wrong. */
  reason: string;
}

/** Options every listener takes. */
export interface EventSubListenerOptions {
  /**
   * Receives every failure of the listener: PlatformEventSubErrors, and unchanged what a handler,
   * `onConnect` or `onDisconnect` throws or rejects with. Without it they go to `console.error`.
   */
  onError?: ((error: unknown) => void) | undefined;
  /** A session was welcomed (again after each reconnect). */
  onConnect?: ((event: EventSubConnectEvent) => unknown) | undefined;
  /** A socket dropped or was closed by the platform. */
  onDisconnect?: ((event: EventSubDisconnectEvent) => unknown) | undefined;
}

/** One subscription of a listener, as `on()` returns it. */
export interface EventSubHandle {
  /** The plain type, as sent to the platform (`automod.message.hold` for `automod.message.hold@1`). */
  readonly type: string;
  /** The version, as sent to the platform (`'1'`, `'2'`, `'beta'`). */
  readonly version: string;
  /** The condition, as sent to the platform. */
  readonly condition: Readonly<Record<string, string>>;
  /** The platform's subscription ID, once it has accepted one (it changes when a dropped WebSocket session is replaced). */
  readonly id: string | undefined;
  /**
   * Resolves when events will arrive: the platform has enabled the subscription (WebSocket: it
   * accepted it on the session; webhook: the challenge was answered and the subscription reads back
   * enabled; conduit: it accepted it and every shard of the listener is bound). An event raised
   * right after `await ready` is delivered. Rejects with a PlatformEventSubError when the platform
   * refused, when the attempts ran out, or when the subscription was stopped first.
   */
  readonly ready: Promise<void>;
  /** Deletes the subscription on the platform (on every transport); no event reaches the handler afterwards. */
  stop(): Promise<void>;
  /** The same as `stop()`; for a `subscribe()` handle it also ends the iteration. */
  close(): Promise<void>;
}

/** A `subscribe()` handle: a handle that is also an async iterable of the events. Leaving a `for await` loop stops the subscription. */
export interface EventSubIterable<Event> extends EventSubHandle, AsyncIterable<Event> {}

/**
 * What a handler receives beside the event: the delivery's metadata, so that a handler can make its
 * own writes idempotent (the platform delivers at least once; the listener's repeat check drops a
 * repeated message ID, and `messageId` is what it checks).
 */
export interface EventSubDelivery {
  /** The platform's message ID: the same on every retry of one message. */
  readonly messageId: string;
  /** When the platform sent the message (RFC 3339, as the platform wrote it). */
  readonly timestamp: string;
  /** The platform's ID of the subscription the event belongs to. */
  readonly subscriptionId: string;
  /** The subscription type (`channel.follow`). */
  readonly type: string;
  /** The subscription version (`'2'`). */
  readonly version: string;
  /** The listener's transport the message came over. */
  readonly transport: EventSubTransportKind;
  /** The conduit shard that carried it, when the platform says (a conduit's WebSocket shard); undefined otherwise. */
  readonly shardId?: string | undefined;
}

/**
 * A repeat check of deliveries shared by several processes (`redisDedupe()` of
 * `@platform/redis-store`), for the `dedupe` option of the webhook and conduit listeners and of
 * `WebhookReceiver`. Without one, each listener keeps the message IDs it handled in memory.
 */
export interface EventSubDedupe {
  /**
   * Claims `messageId` for `ttlMs` milliseconds: true the first time it is claimed within that
   * time (hand the message on), false for a repeat (drop it). A rejection or a thrown error means
   * the check could not be made: the delivery is answered with a 5xx, so the platform retries it.
   */
  claim(messageId: string, ttlMs: number): boolean | Promise<boolean>;
}

/** An event handler; what it throws or rejects with goes to `onError`. */
export type EventSubHandler<Event> = (event: Event, delivery: EventSubDelivery) => unknown;

/**
 * A subscription as a listener keeps it. Transports read and update it; users see it through its
 * handle. Shared through `@platform/eventsub/internal`.
 * @internal
 */
export class ListenerSubscription {
  /** `pending` until the platform has enabled it (see `EventSubHandle.ready`), `active` after, `stopped` once stopped, `failed` once refused. */
  state: 'pending' | 'active' | 'stopped' | 'failed' = 'pending';
  /** The platform's current ID for it. */
  id: string | undefined;
  /** The create call in flight, so that a stop can wait for it and delete what it made. */
  creating: Promise<unknown> | undefined;
  /** The deletion started by stop(). */
  stopping: Promise<void> | undefined;
  /** Transport-specific state (the session it was created on...). */
  session: unknown;
  /** Called when `close()` lets go of it on a shared transport (a `subscribe()` iteration ends). */
  ended: (() => void) | undefined;
  /** Resolves once the platform has enabled it; rejects when it was refused or stopped first (see `EventSubHandle.ready`). */
  readonly ready: Promise<void>;
  #resolve!: () => void;
  #reject!: (error: unknown) => void;

  constructor(
    /** The name given to `on()` or `subscribe()`: plain or `name@version`. */
    readonly name: string,
    /** The plain type, as sent to the platform. */
    readonly type: string,
    /** The version, as sent to the platform. */
    readonly version: string,
    /** The condition, as sent to the platform. */
    readonly condition: Readonly<Record<string, string>>,
    /** The catalogue's entry of the type; undefined for a `name@version` the library does not know. */
    readonly info: EventSubTypeInfo | undefined,
    /** Receives each event delivered to the subscription. */
    readonly handler: EventSubHandler<unknown>,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // `ready` is also reported through onError; nobody has to await it.
    this.ready.catch(() => undefined);
  }

  /** Whether the type is delivered in batches (`events: [{ id, data }]`), as the catalogue says; false for an unknown type. */
  get batched(): boolean {
    return this.info?.batched ?? false;
  }

  /** Marks it enabled on the platform and resolves `ready` (once). */
  confirm(): void {
    if (this.state !== 'pending') return;
    this.state = 'active';
    this.#resolve();
  }

  /** Marks it refused and rejects `ready` (once). */
  fail(error: unknown): void {
    if (this.state !== 'pending' && this.state !== 'active') return;
    this.state = 'failed';
    this.#reject(error);
  }

  /** Rejects `ready` without changing the state (a stop before acceptance). */
  rejectReady(error: unknown): void {
    this.#reject(error);
  }

  /** Whether `condition` (from a notification's subscription) names the same condition. */
  matches(type: string, version: string, condition: Readonly<Record<string, unknown>> | undefined): boolean {
    if (type !== this.type || version !== this.version || !condition) return false;
    for (const key of Object.keys(condition)) {
      const given = this.condition[key] ?? '';
      if ((condition[key] ?? '') !== given) return false;
    }
    for (const key of Object.keys(this.condition)) if ((condition[key] ?? '') !== this.condition[key]) return false;
    return true;
  }
}

/** The deprecated versions each client has been warned about (`type@version`), so that each is said once. */
const deprecationsWarned = new WeakMap<object, Set<string>>();

/**
 * What the three transports share: `on()` and `subscribe()` with their checks, handles, `close()`,
 * event dispatch, error reporting, `stats()` and the log lines. A transport implements `attach`
 * (create a new subscription on the platform when it can), `detach` (delete it) and `shutdown`
 * (close its sockets).
 */
export abstract class EventSubListener {
  readonly #subscriptions = new Set<ListenerSubscription>();
  readonly #byId = new Map<string, ListenerSubscription>();
  /** Subscriptions let go of by `close()` on a shared transport, which `stop()` and `unsubscribeAll()` can still delete. */
  readonly #released = new Set<ListenerSubscription>();
  readonly #options: EventSubListenerOptions;
  readonly #core: ClientCore;
  /** The listener's totals, connections since closed included. */
  readonly #counts: EventSubConnectionCounts & { refused: number; revocations: number } = { ...emptyConnectionCounts(), refused: 0, revocations: 0 };
  readonly #revokedBy: Record<string, number> = {};
  #costs: { total: number | undefined; max: number | undefined } = { total: undefined, max: undefined };
  /** Secrets a log line must never hold, whatever it was built from: the client's, and the transport's (a webhook secret). */
  readonly #secrets: string[] = [];
  #closing: Promise<void> | undefined;
  /** Bound once: the hot path hands it to every handler promise. */
  protected readonly report = (error: unknown): void => {
    const onError = this.#options.onError;
    if (!onError) {
      console.error(error);
      return;
    }
    try {
      onError(error);
    } catch (thrown) {
      console.error(thrown);
    }
  };

  #waitReported = false;
  /**
   * A subscription waits for the rate limit of its token (the app token's budget, spent by other
   * calls): a wait of more than 5 seconds is said once per listener, since `ready` would otherwise
   * stay pending a minute in silence. To the client's logger when it has one, else to `onError`,
   * else to the console. Bound: transports hand it to `createListenerSubscription` as is.
   * @internal
   */
  protected readonly reportWait = (ms: number): void => {
    if (this.#waitReported || !(ms > 5000)) return;
    this.#waitReported = true;
    const line = `subscriptions wait ${Math.round(ms / 1000)} s for the rate limit of their token before they are created; ready resolves after`;
    if (listenerLog(this.#core)) this.log('warn', line);
    else if (this.#options.onError) this.report(new PlatformEventSubError(`EventSub ${this.transportKind}: ${line}.`));
    else console.warn(`EventSub ${this.transportKind}: ${line}.`);
  };

  protected constructor(
    /** The client the listener creates and deletes its subscriptions with. */
    protected readonly client: ClientHandle,
    options: EventSubListenerOptions | undefined,
    /** The transport, for the catalogue's transport check. */
    protected readonly transportKind: EventSubTransportKind,
  ) {
    this.#core = clientCore(client);
    this.keepSecret(this.#core.clientSecret);
    this.keepSecret(this.#core.options.token);
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new PlatformError('The listener options must be an object.');
    }
    for (const name of ['onError', 'onConnect', 'onDisconnect'] as const) {
      const value = options?.[name];
      if (value !== undefined && typeof value !== 'function') throw new PlatformError(`The ${name} option must be a function.`);
    }
    this.#options = options ?? {};
  }

  /**
   * A snapshot of the listener's counters: events delivered, repeated messages dropped, drops,
   * reconnects and handoffs, the last keepalive, revocations, refused webhook requests, and the
   * subscriptions of the listener and of each connection. A plain object, the same shape for every
   * transport; what does not apply to one is 0, undefined or empty (see `EventSubListenerStats`).
   *
   * @example
   * const { delivered, duplicates, reconnects, connections } = listener.stats();
   * console.log(`${delivered} events, ${duplicates} repeats dropped, ${reconnects} reconnects, ${connections.length} connections`);
   */
  stats(): EventSubListenerStats {
    return {
      transport: this.transportKind,
      ...this.#counts,
      revokedBy: { ...this.#revokedBy },
      totalCost: this.#costs.total,
      maxTotalCost: this.#costs.max,
      subscriptions: this.#subscriptions.size,
      connections: this.connectionStats(),
    };
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /**
   * Subscribes to `type` with `condition`; `handler` receives each event as the platform delivers
   * it (for a batched type, one array per delivery).
   *
   * @param type The plain name (newest version) or `name@version`.
   * @throws PlatformEventSubError `Unknown EventSub type <name>. Write <name>@1.` for a plain name
   *   the library does not know, and `EventSub type <name>@<version> has been withdrawn by the
   *   platform: use version <n> (<name>).` for a version the platform no longer takes (such as
   *   `channel.hype_train.begin@1`); nothing is sent. A deprecated version (`channel.update@1`) is
   *   subscribed to, with a warning once per client: to its logger when it has one, else to the console.
   * @example
   * const handle = listener.on('channel.chat.message', { broadcaster_user_id, user_id }, (event) => {
   *   console.log(`${event.chatter_user_name}: ${event.message.text}`);
   * });
   * await handle.ready;
   */
  on<Name extends EventSubName>(type: Name, condition: ConditionOf<Name>, handler: EventSubHandler<EventOf<Name>>): EventSubHandle {
    if (typeof handler !== 'function') throw new PlatformError(`on('${String(type)}') needs a handler function.`);
    return this.#handle(this.#add(type, condition, handler as EventSubHandler<unknown>));
  }

  /**
   * Subscribes like `on()`, returning a handle that is also an async iterable. Events that arrive
   * before the iteration starts are kept; leaving the loop stops the subscription; a refused
   * subscription makes the iteration throw.
   *
   * @throws PlatformEventSubError as `on()` does, for an unknown plain name or a withdrawn version.
   * @example
   * for await (const event of listener.subscribe('channel.follow', { broadcaster_user_id, moderator_user_id })) {
   *   console.log(`${event.user_name} followed`);
   * }
   */
  subscribe<Name extends EventSubName>(type: Name, condition: ConditionOf<Name>): EventSubIterable<EventOf<Name>> {
    const queue: unknown[] = [];
    let head = 0;
    let wake: (() => void) | undefined;
    const subscription = this.#add(type, condition, (event) => {
      queue.push(event);
      wake?.();
    });
    const handle = this.#handle(subscription, () => wake?.()) as EventSubIterable<EventOf<Name>>;
    let failure: { error: unknown } | undefined;
    subscription.ready.catch((error: unknown) => {
      failure = { error };
      wake?.();
    });
    // close() on a shared transport lets go of the subscription: the iteration ends, nothing is deleted.
    subscription.ended = () => wake?.();
    const finish = async (): Promise<IteratorResult<EventOf<Name>>> => {
      if (!this.#released.has(subscription)) await handle.stop().catch(this.report);
      return { done: true, value: undefined };
    };
    handle[Symbol.asyncIterator] = () => ({
      next: async (): Promise<IteratorResult<EventOf<Name>>> => {
        for (;;) {
          if (head < queue.length) {
            const value = queue[head++] as EventOf<Name>;
            if (head > 1024 && head * 2 > queue.length) {
              queue.splice(0, head);
              head = 0;
            }
            return { done: false, value };
          }
          if (failure) {
            const { error } = failure;
            failure = undefined;
            subscription.state = 'stopped';
            throw error;
          }
          if (subscription.state === 'stopped' || subscription.state === 'failed') return { done: true, value: undefined };
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
      },
      return: finish,
    });
    return handle;
  }

  /**
   * Ends this listener's part and never reconnects.
   *
   * - WebSocket: deletes every subscription of the listener (they end with its session anyway)
   *   and closes its sockets from the client side. Failures to delete go to `onError`.
   * - Webhook and conduit (shared transports: other processes may serve the same callback or
   *   conduit): stops this process's handling, closes its sockets and timers, and deletes
   *   nothing on the platform, so a rolling deploy loses no event. Delete explicitly:
   *   `handle.stop()` for one subscription, `unsubscribeAll()` for all of the listener's.
   *
   * A subscription not yet confirmed has its `ready` rejected. The returned promise resolves.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.transportKind === 'websocket') {
        const stops = [...this.#subscriptions].map((subscription) => this.#stop(subscription).catch(this.report));
        await Promise.all(stops);
        await this.shutdown();
      } else {
        // The transport closes first: what reaches it meanwhile (a conduit session draining) still
        // finds its handler.
        await this.shutdown();
        for (const subscription of [...this.#subscriptions]) this.#release(subscription);
      }
    })();
    return this.#closing;
  }

  /**
   * Deletes every subscription of this listener on the platform (the teardown of a deployment:
   * on the webhook and conduit transports, `close()` deletes nothing). Works before and after
   * `close()`; the handles' `ready` of unconfirmed ones is rejected. Subscriptions made by
   * `on()` afterwards are not affected.
   *
   * @throws PlatformEventSubError `Could not delete <n> of <m> subscriptions: <reason>` when a
   *   deletion failed (each failure also goes to `onError`), with the first failure as `cause`.
   * @example
   * await listener.unsubscribeAll(); // the deployment is gone for good
   * await listener.close();
   */
  async unsubscribeAll(): Promise<void> {
    const all = [...this.#subscriptions, ...this.#released];
    const failures: unknown[] = [];
    await Promise.all(
      all.map((subscription) =>
        this.#stop(subscription).catch((error: unknown) => {
          failures.push(error);
          this.report(error);
        }),
      ),
    );
    if (failures.length > 0) {
      const first = failures[0];
      throw new PlatformEventSubError(`Could not delete ${failures.length} of ${all.length} subscriptions: ${first instanceof Error ? first.message : String(first)}`, {
        cause: first,
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // For transports. The members that take or give a ListenerSubscription are @internal: that
  // record is shared through @platform/eventsub/internal, so the API reference leaves them out.

  /**
   * Starts creating a new subscription on the platform (or queues it until the transport can).
   * @internal
   */
  protected abstract attach(subscription: ListenerSubscription): void;
  /**
   * Deletes a subscription that has an ID on the platform.
   * @internal
   */
  protected abstract detach(subscription: ListenerSubscription): Promise<void>;
  /** Closes the transport's sockets and timers; called once by `close()` after every subscription was stopped. */
  protected abstract shutdown(): Promise<void>;

  /**
   * Called at once when a subscription is stopped (before its deletion, which waits for a create
   * call in flight): the transport lets go of it (a WebSocket connection may close when empty).
   * @internal
   */
  protected forget(subscription: ListenerSubscription): void {
    void subscription;
  }

  /** The transport's connections, for `stats()`: none unless the transport overrides it. */
  protected connectionStats(): EventSubConnectionStats[] {
    return [];
  }

  /** A secret no log line may hold (a webhook secret): it is replaced by `[redacted]` should one be built with it. */
  protected keepSecret(secret: unknown): void {
    if (typeof secret === 'string' && secret !== '') this.#secrets.push(secret);
  }

  /**
   * Writes a line to the client's logger, if it has one. Lines are built from known-safe values
   * only (types, IDs, statuses, close codes and reasons, passed through `logValue`/`logText`), and
   * any secret the listener knows is still replaced, so that none can reach a log.
   */
  protected log(level: ListenerLogLevel, message: string): void {
    const log = listenerLog(this.#core);
    if (!log) return;
    let line = `EventSub ${this.transportKind}: ${message}`;
    for (const secret of this.#secrets) if (line.includes(secret)) line = line.split(secret).join('[redacted]');
    try {
      log(level, line);
    } catch (error) {
      this.report(error);
    }
  }

  /**
   * Logs `subscription <id> to <type> (version <v>)<text>`, with the values made safe for a log line.
   * @internal
   */
  protected logSubscription(level: ListenerLogLevel, subscription: ListenerSubscription, text: string, id: string | undefined = subscription.id): void {
    this.log(level, `subscription ${logValue(id)} to ${logValue(subscription.type)} (version ${logValue(subscription.version)})${logText(text)}`);
  }

  /** `shard <id> ` for a conduit shard's log line, else nothing. */
  protected shardLabel(shardId: string | undefined): string {
    return shardId === undefined ? '' : `shard ${logValue(shardId)} `;
  }

  /** A session was welcomed: counts a reconnect (a new session after a drop) and logs it. */
  protected welcomed(sessionId: string, shardId: string | undefined, reconnected: boolean): void {
    if (reconnected) this.#counts.reconnects++;
    this.log('info', `${this.shardLabel(shardId)}${reconnected ? 'reconnected' : 'connected'}: session ${logValue(sessionId)} welcomed`);
  }

  /** A `session_reconnect` was followed: the session moved to a new socket. */
  protected handedOff(sessionId: string, shardId: string | undefined): void {
    this.#counts.handoffs++;
    this.log('info', `${this.shardLabel(shardId)}session ${logValue(sessionId)} moved to a new connection (session_reconnect)`);
  }

  /** A repeated message was dropped (its ID was delivered already). Bound: transports hand it on as is. */
  protected readonly duplicate = (messageId: string): void => {
    this.#counts.duplicates++;
    if (listenerLog(this.#core)) this.log('debug', `dropped repeated message ${logValue(messageId)}`);
  };

  /** A `session_keepalive` message arrived at `at` (client clock). Bound: transports hand it on as is. */
  protected readonly keepalive = (at: number): void => {
    this.#counts.lastKeepaliveAt = at;
  };

  /**
   * A webhook request was refused with `status` and no handler call (`reason` is the listener's
   * own words, never what the request held). Bound: transports hand it on as is.
   */
  protected readonly refusedDelivery = (status: number, reason: string, messageId: string | undefined): void => {
    this.#counts.refused++;
    // The line is built only for a client with a logger: a flood of bad requests costs no strings.
    if (listenerLog(this.#core)) this.log('warn', `refused a request with ${status}: ${reason}${messageId === undefined ? '' : ` (message ${logValue(messageId)})`}`);
  };

  /** A conduit shard was bound: to a WebSocket session, or (no `sessionId`) to the webhook callback. */
  protected shardBound(shardId: string, sessionId: string | undefined): void {
    this.log('info', `${this.shardLabel(shardId)}bound to ${sessionId === undefined ? 'the webhook callback' : `session ${logValue(sessionId)}`}`);
  }

  /**
   * A webhook verification challenge was answered: of a subscription, or (conduit) of a shard.
   * @internal
   */
  protected challengeAnswered(subscription: ListenerSubscription | undefined, shardId: string | undefined): void {
    const what = subscription ? `subscription ${logValue(subscription.id)} to ${logValue(subscription.type)} (version ${logValue(subscription.version)})` : this.shardLabel(shardId).trim();
    this.log('debug', `answered the verification challenge of ${what}`);
  }

  /**
   * The live subscriptions (neither stopped nor failed), in the order they were made.
   * @internal
   */
  protected get subscriptions(): ReadonlySet<ListenerSubscription> {
    return this.#subscriptions;
  }

  /**
   * Records the platform's ID of a subscription (replacing an earlier one).
   * @internal
   */
  protected assignId(subscription: ListenerSubscription, id: string | undefined): void {
    if (subscription.id !== undefined && this.#byId.get(subscription.id) === subscription) this.#byId.delete(subscription.id);
    subscription.id = id;
    if (id !== undefined && subscription.state !== 'stopped') this.#byId.set(id, subscription);
  }

  /**
   * The subscription a notification belongs to: by ID, else (when the notification outran the
   * create call's answer) the pending one of the same type, version and condition.
   * @internal
   */
  protected route(id: string, type: string, version: string, condition: Readonly<Record<string, unknown>> | undefined): ListenerSubscription | undefined {
    const known = this.#byId.get(id);
    if (known) return known;
    for (const subscription of this.#subscriptions) {
      if (subscription.id === undefined && subscription.matches(type, version, condition)) return subscription;
    }
    return undefined;
  }

  /**
   * Hands an event to a subscription's handler, counted as delivered; what the handler throws or
   * rejects with goes to onError.
   * @internal
   */
  protected dispatch(subscription: ListenerSubscription, event: unknown, delivery: EventSubDelivery): void {
    this.#counts.delivered++;
    // The line is built only for a client with a logger: this runs for every event.
    if (listenerLog(this.#core)) this.log('debug', `delivered ${logValue(subscription.type)} message ${logValue(delivery.messageId)}`);
    try {
      const result = subscription.handler(event, delivery) as { then?: unknown } | undefined;
      if (result !== undefined && result !== null && typeof result.then === 'function') {
        (result as Promise<unknown>).then(undefined, this.report);
      }
    } catch (error) {
      this.report(error);
    }
  }

  /**
   * A subscription the platform refused for good: rejects `ready`, reports to onError, forgets it.
   * @internal
   */
  protected refuse(subscription: ListenerSubscription, cause: unknown): void {
    if (subscription.state === 'failed') return;
    const error = cause instanceof PlatformEventSubError ? cause : subscribeError(subscription.type, subscription.version, cause);
    this.#subscriptions.delete(subscription);
    this.assignId(subscription, undefined);
    if (subscription.state === 'stopped') return;
    subscription.fail(error);
    this.report(error);
  }

  /** Records the platform's `total_cost` and `max_total_cost` from a create or list answer, for `stats()`. */
  protected costs(answer: { total_cost?: unknown; max_total_cost?: unknown } | undefined): void {
    if (typeof answer?.total_cost === 'number') this.#costs.total = answer.total_cost;
    if (typeof answer?.max_total_cost === 'number') this.#costs.max = answer.max_total_cost;
  }

  /** Counts a status that ended or renewed a subscription, for `stats().revokedBy`. */
  protected countRevocation(status: string): void {
    this.#revokedBy[status] = (this.#revokedBy[status] ?? 0) + 1;
  }

  /**
   * A live subscription (waiting or enabled) of this listener with the same type, version and condition.
   * @internal
   */
  protected matching(type: string, version: string, condition: Readonly<Record<string, unknown>> | undefined): ListenerSubscription | undefined {
    for (const subscription of this.#subscriptions) if (subscription.matches(type, version, condition)) return subscription;
    return undefined;
  }

  /**
   * The platform revoked a subscription: it is forgotten and reported to onError.
   * @internal
   */
  protected revoked(subscription: ListenerSubscription, status: string): void {
    if (subscription.state === 'stopped') return;
    this.#counts.revocations++;
    this.countRevocation(status);
    this.log('warn', `subscription ${logValue(subscription.id)} to ${logValue(subscription.type)} (version ${logValue(subscription.version)}) revoked: ${logValue(status)}`);
    this.#subscriptions.delete(subscription);
    this.assignId(subscription, undefined);
    const error = new PlatformEventSubError(`The platform revoked the subscription to ${subscription.type} (version ${subscription.version}): ${status}.`);
    if (subscription.state === 'pending') subscription.fail(error);
    else subscription.state = 'failed';
    this.report(error);
  }

  /** Calls `onConnect`; what it throws or rejects with goes to onError. */
  protected connected(event: EventSubConnectEvent): void {
    this.#call(this.#options.onConnect, event);
  }

  /** A welcomed session dropped: counts and logs it, then calls `onDisconnect` (what it throws or rejects with goes to onError). */
  protected disconnected(event: EventSubDisconnectEvent): void {
    this.#counts.drops++;
    const code = event.code === undefined ? '' : ` (code ${event.code})`;
    this.log('warn', `${this.shardLabel(event.shardId)}session ${logValue(event.sessionId)} dropped${code}: ${logText(event.reason)}`);
    this.#call(this.#options.onDisconnect, event);
  }

  #call<T>(listener: ((event: T) => unknown) | undefined, event: T): void {
    if (!listener) return;
    try {
      const result = listener(event) as { then?: unknown } | undefined;
      if (result !== undefined && result !== null && typeof result.then === 'function') (result as Promise<unknown>).then(undefined, this.report);
    } catch (error) {
      this.report(error);
    }
  }

  // -------------------------------------------------------------------------------------------

  #add(name: string, condition: unknown, handler: EventSubHandler<unknown>): ListenerSubscription {
    if (typeof name !== 'string' || name === '') throw new PlatformError('on() and subscribe() need an EventSub type name.');
    const at = name.indexOf('@');
    const info = lookupEventSubType(name);
    if (at === -1 && !info) throw new PlatformEventSubError(`Unknown EventSub type ${name}. Write ${name}@1.`);
    if (at === 0 || at === name.length - 1) throw new PlatformEventSubError(`Unknown EventSub type ${name}. Write <name>@<version>.`);
    const type = info ? info.type : name.slice(0, at);
    const version = info ? info.version : name.slice(at + 1);
    const retired = info && retiredVersionMessage(info);
    if (retired && info.status === 'withdrawn') throw new PlatformEventSubError(retired);
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) {
      throw new PlatformError(`on('${name}') needs a condition object, such as { broadcaster_user_id }.`);
    }
    if (retired) this.#warnDeprecated(`${type}@${version}`, retired);
    const subscription = new ListenerSubscription(name, type, version, { ...(condition as Record<string, string>) }, info, handler);
    if (this.closed) {
      subscription.fail(subscribeError(type, version, new PlatformError('the listener is closed.')));
      return subscription;
    }
    const problem = this.#check(subscription);
    if (problem) {
      const error = subscribeError(type, version, new PlatformError(problem));
      subscription.fail(error);
      this.report(error);
      return subscription;
    }
    this.#subscriptions.add(subscription);
    this.attach(subscription);
    return subscription;
  }

  /**
   * A deprecated version is subscribed to: said once per client and version, to the client's
   * logger when it has one, else to the console.
   */
  #warnDeprecated(name: string, message: string): void {
    let warned = deprecationsWarned.get(this.#core);
    if (!warned) deprecationsWarned.set(this.#core, (warned = new Set()));
    if (warned.has(name)) return;
    warned.add(name);
    if (listenerLog(this.#core)) this.log('warn', message);
    else console.warn(message);
  }

  /** What is wrong with a subscription before anything is sent, if anything. */
  #check(subscription: ListenerSubscription): string | undefined {
    const { condition, info } = subscription;
    for (const [key, value] of Object.entries(condition)) {
      if (typeof value !== 'string') return `the condition field ${key} must be a string; got ${typeof value}.`;
    }
    if (!info) return undefined;
    const missing = info.required.filter((key) => !condition[key]);
    if (missing.length > 0) return `the condition needs ${missing.join(' and ')}.`;
    const allowed = new Set([...info.required, ...info.optional]);
    const extra = Object.keys(condition).filter((key) => !allowed.has(key));
    if (extra.length > 0) return `the condition has no field ${extra.join(' or ')} (it takes ${[...allowed].join(', ')}).`;
    if (!info.transports.includes(this.transportKind)) {
      return `the ${this.transportKind} transport does not carry this type (it comes over ${info.transports.join(' and ')}).`;
    }
    return undefined;
  }

  #handle(subscription: ListenerSubscription, stopped?: () => void): EventSubHandle {
    const stop = () => {
      const stopping = this.#stop(subscription);
      stopped?.();
      return stopping;
    };
    return {
      type: subscription.type,
      version: subscription.version,
      condition: subscription.condition,
      get id() {
        return subscription.id;
      },
      ready: subscription.ready,
      stop,
      close: stop,
    };
  }

  /** `close()` on a shared transport: this process lets go of the subscription and deletes nothing; `stop()` or `unsubscribeAll()` still can. */
  #release(subscription: ListenerSubscription): void {
    if (subscription.state !== 'pending' && subscription.state !== 'active') return;
    const confirmed = subscription.state === 'active';
    subscription.state = 'stopped';
    this.#subscriptions.delete(subscription);
    this.forget(subscription);
    if (subscription.id !== undefined && this.#byId.get(subscription.id) === subscription) this.#byId.delete(subscription.id);
    this.#released.add(subscription);
    if (!confirmed) {
      subscription.rejectReady(new PlatformEventSubError(`The subscription to ${subscription.type} was removed before the platform confirmed it.`));
    }
    subscription.ended?.();
  }

  #stop(subscription: ListenerSubscription): Promise<void> {
    if (subscription.stopping) return subscription.stopping;
    if (this.#released.delete(subscription)) {
      // Let go of by close(): delete what the platform has, once a create call in flight is done.
      subscription.stopping = (async () => {
        await subscription.creating?.catch(() => undefined);
        if (subscription.id !== undefined) await this.detach(subscription);
      })();
      return subscription.stopping;
    }
    const confirmed = subscription.state === 'active';
    const live = subscription.state === 'pending' || confirmed;
    subscription.state = 'stopped';
    this.#subscriptions.delete(subscription);
    if (live) this.forget(subscription);
    if (!live) return (subscription.stopping = Promise.resolve());
    if (!confirmed) {
      subscription.rejectReady(new PlatformEventSubError(`The subscription to ${subscription.type} was removed before the platform confirmed it.`));
    }
    subscription.stopping = (async () => {
      // A create call in flight may still make the subscription: wait for it, then delete it.
      await subscription.creating?.catch(() => undefined);
      const { id } = subscription;
      this.assignId(subscription, undefined);
      subscription.id = id;
      if (id !== undefined) await this.detach(subscription);
    })();
    return subscription.stopping;
  }
}
