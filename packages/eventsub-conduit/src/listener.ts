import { callOperation, firstOrNullResult, PlatformApiError, PlatformError, PlatformEventSubError, type ClientHandle, type Clock, type OperationDeclaration } from '@platform/core';
import { clientCore, describeValue, eventSubWsUrlOf } from '@platform/core/internal';
import {
  EventSubListener,
  conduitShards,
  conduits,
  createConduitOperation,
  deleteConduit as removeConduit,
  updateConduitOperation,
  updateConduitShards,
  type Conduit,
  type ConduitShard,
  type ConduitShardTransportUpdate,
  type EventSubConnectionStats,
  type EventSubDedupe,
  type EventSubListenerOptions,
  type EventSubListenerStats,
  type EventSubSubscription,
} from '@platform/eventsub';
import {
  createListenerSubscription,
  deleteListenerSubscription,
  emptyConnectionCounts,
  isTransient,
  readBackDelay,
  type ListenerSubscription,
} from '@platform/eventsub/internal';
import {
  WebhookReceiver,
  type WebhookChallengeAnswer,
  type WebhookFetchHandler,
  type WebhookMessagePayload,
  type WebhookMessageSubscription,
  type WebhookRequestHandler,
} from '@platform/eventsub-webhook';
import { checkCallbackAndSecret, dedupeTtlMs, every, listedAs, listedOn } from '@platform/eventsub-webhook/internal';
import { EventSubSession, connectionUrl, reconnectDelay, resolveWebSocket, type EventSubFrame, type WebSocketClass } from '@platform/eventsub-ws/internal';

/** Webhook callbacks as shards: where the platform posts, and the secret it signs with. */
export interface ConduitWebhookOptions {
  /** The public address where `listener.handler` (or `listener.fetch`) answers; every shard of this listener uses it. */
  callback: string;
  /** The secret the platform signs each message with: 10 to 100 ASCII characters. */
  secret: string;
  /**
   * How long the platform has to verify a shard's callback after accepting the shard's new
   * transport (send the challenge, and then list the shard as enabled), before the binding counts
   * as failed and is tried again. Default 60 000.
   */
  verificationTimeoutMs?: number | undefined;
}

/**
 * Leases of conduit shards shared by the processes serving a conduit (`redisShardLeases()` of
 * `@platform/redis-store`), for the conduit listener's `leases` option. A lease is held by one
 * owner for a time: the listener that serves a shard holds the shard's lease (key
 * `<conduitId>:<shardId>`, owner a random ID per listener) and renews it, so that another process
 * takes the shard over only once the lease has lapsed, and never two at once.
 */
export interface ConduitShardLeases {
  /** Takes the lease for `owner` for `ttlMs` milliseconds: true when it was free (or already `owner`'s), false while another owner holds it. */
  acquire(key: string, owner: string, ttlMs: number): boolean | Promise<boolean>;
  /** Gives `owner`'s lease another `ttlMs` milliseconds: true while `owner` holds it, false when it lapsed or another owner holds it. */
  renew(key: string, owner: string, ttlMs: number): boolean | Promise<boolean>;
  /** Ends `owner`'s lease at once (a lease of another owner is left alone). */
  release(key: string, owner: string): void | Promise<void>;
}

/** Options of a conduit listener. */
export interface ConduitListenerOptions extends EventSubListenerOptions {
  /**
   * An existing conduit to serve. Without it the listener creates one (with the app token). The
   * listener never deletes the conduit on its own, not even one it created: `deleteConduit()`
   * does.
   */
  conduitId?: string | undefined;
  /** The conduit's shard count: for a new conduit, and raised to it on an existing one with fewer. Default 1. */
  shardCount?: number | undefined;
  /**
   * The shards this listener serves, one WebSocket session (or one webhook callback) each: by
   * default every shard of the conduit. Several processes each pass their part (`[0, 1]` and
   * `[2, 3]`) to share a conduit. These are the listener's own ("home") shards: it binds them at
   * start, taking them back from a process that took them over meanwhile.
   */
  shards?: readonly (number | string)[] | undefined;
  /**
   * Serve the shards as webhook callbacks instead of WebSocket sessions: the platform posts their
   * messages to `callback`, where `listener.handler` (or `listener.fetch`) checks and answers them
   * as a webhook listener does. No WebSocket is opened then.
   */
  webhook?: ConduitWebhookOptions | undefined;
  /** Where the runtime has no WebSocket class: `WebSocket` from the `ws` package. */
  webSocket?: unknown;
  /** Asks the platform for this keepalive timeout (10 to 600 seconds). */
  keepaliveTimeoutSeconds?: number | undefined;
  /**
   * Subscribe to `conduit.shard.disabled` for this conduit and bind a disabled shard of this
   * listener again at once; a disabled shard of another process starts its takeover (see
   * `takeover`). Default true.
   */
  watchShards?: boolean | undefined;
  /**
   * A repeat check shared by the processes serving the conduit (`redisDedupe()` of
   * `@platform/redis-store`): each message ID is claimed there, for as long as a message can be
   * delivered again, before its event is handed on. Without it each listener keeps the IDs it saw
   * in memory.
   *
   * - Webhook shards: passed to the callback's checks; a store that fails, or does not answer
   *   within 2 seconds, gets the message answered with 503, so the platform delivers it again.
   * - WebSocket shards: events are handed on in the order they arrived, each once the store has
   *   answered for it. The platform does not deliver a WebSocket message again, so a store that
   *   fails (throws, rejects, or takes more than 2 seconds) loses that event: it is not handed on
   *   unchecked (that could hand it on twice), and onError gets a PlatformEventSubError
   *   `The repeat check of message <id> (shard <n>) failed: <reason> ...`. A store that answers
   *   true after the 2 seconds still gets its event handed on, late. To prefer a possible repeat
   *   to a loss, give a store whose `claim` answers true when it cannot check.
   */
  dedupe?: EventSubDedupe | undefined;
  /**
   * Take over the WebSocket shards of processes that stopped serving them. Default true.
   *
   * When a process serving part of the conduit dies (or closes its listener), the platform
   * disables its shards and sends `conduit.shard.disabled` to one enabled shard, so to one
   * surviving process. That process takes each disabled shard over: it opens a new WebSocket
   * session for it and binds it, within `takeoverGraceMs` (or, with `leases`, once the shard's
   * lease has lapsed): within 10 seconds with the defaults. A check of the conduit's shards every
   * `shardCheckIntervalMs` is the backstop. A taken-over shard (`adopted` in `listener.shards`) is
   * let go quietly (its session closed) once the listener sees another session bound to it, such
   * as the session of a restarted process whose `shards` name it.
   *
   * Only shards that a WebSocket session served are taken over (never a webhook shard, nor a shard
   * never assigned), and only by a listener with WebSocket shards.
   */
  takeover?: boolean | undefined;
  /**
   * Without `leases`: how long a disabled shard of another process is given to come back (its
   * process reconnecting after a network failure) before this listener takes it over, if
   * `GET /eventsub/conduits/shards` still lists it not enabled. Default 2 000 ms.
   */
  takeoverGraceMs?: number | undefined;
  /**
   * How often the listener reads the conduit's shards (one `GET /eventsub/conduits/shards`): it
   * takes over a disabled shard that no event announced (the process that would take it over
   * under the rule is the one serving the next enabled shard after it, by shard number and
   * cyclically; with `leases`, whoever gets the lease), lets go of a taken-over shard that another
   * session serves, and reports once a shard of its own that the platform has bound to another
   * process's session (which it leaves there). Default 30 000 ms.
   */
  shardCheckIntervalMs?: number | undefined;
  /**
   * Leases of shards shared by the processes serving the conduit (`redisShardLeases()` of
   * `@platform/redis-store`). Each listener holds the lease of every shard it serves (its own and
   * those it took over) and renews it every third of `leaseTtlMs`; a disabled shard is taken over
   * only by the process that gets its lease, so only once the lease of the process that served it
   * has lapsed, and never by two processes at once. A store that fails is reported once through
   * onError; the listener keeps serving what it serves meanwhile. WebSocket shards only.
   */
  leases?: ConduitShardLeases | undefined;
  /**
   * With `leases`: how long a lease lasts without a renewal. A dead process's shards are taken
   * over at most this long (plus a second) after it died. Default 5 000 ms.
   */
  leaseTtlMs?: number | undefined;
  /**
   * How often (ms) the listener compares its subscriptions with what the platform lists for its
   * conduit: it adopts what exists (made by another worker), creates again what is gone, and
   * reports what was revoked for good (`authorization_revoked`, `user_removed`,
   * `version_removed`...) through `onError` and `stats().revokedBy`. Subscriptions of other
   * conduits and transports are never touched. 0 turns it off. Default 300 000 (5 minutes).
   */
  reconcileIntervalMs?: number | undefined;
}

/** A shard of this listener as `listener.shards` shows it. */
export interface ConduitShardState {
  /** The shard ID: `'0'` to shard count - 1. */
  id: string;
  /** How the shard is served: a WebSocket session or the webhook callback. */
  transport: 'websocket' | 'webhook';
  /** Whether the platform has the shard's transport enabled: the session accepted, or the callback verified and the shard listed as enabled. */
  bound: boolean;
  /** The WebSocket session bound to the shard, while bound. */
  sessionId: string | undefined;
  /** Taken over from a process that stopped serving it: not in this listener's `shards`, and let go when another session is bound to it. */
  adopted: boolean;
  /**
   * One of this listener's own shards that the platform has bound to a session of another process,
   * seen by a shard check after the start: reported once through onError and left there, not
   * bound again until that session goes away.
   */
  boundElsewhere: boolean;
  /** With `leases`: whether this listener holds the shard's lease; undefined without leases. */
  leased: boolean | undefined;
}

/** `listener.stats()` of a conduit listener: the counters of every listener, and the shards taken over. */
export interface ConduitListenerStats extends EventSubListenerStats {
  /** Shards of other processes this listener took over since it was made. */
  takeovers: number;
  /** Taken-over shards it let go since (another session was bound to them, or another process got their lease). */
  handedBack: number;
  /** The IDs of the shards it serves now that are not in its `shards` (taken over). */
  adopted: string[];
}

/** A WebSocket message waiting for the shared repeat check, to be handed on in the order it came. */
interface PendingClaim {
  readonly frame: EventSubFrame;
  /** When it was asked, on the client clock. */
  readonly since: number;
  /** The store's answer: undefined until it came (a message that needs no check is `first` at once). */
  verdict: 'first' | 'repeat' | 'failed' | undefined;
  error: unknown;
  /** Given up on (the store took too long): a late `first` still hands it on. */
  late: boolean;
}

/** One shard this listener serves. */
interface Shard {
  readonly id: string;
  /** The shard's WebSocket session; undefined for a webhook shard. */
  readonly session: EventSubSession | undefined;
  /** One of the listener's own shards (in its `shards`); false for one it took over. */
  readonly home: boolean;
  /** The session bound to the shard (or, for a webhook shard, the callback), once the platform has enabled the shard. */
  bound: string | undefined;
  /** Counts binding attempts, so that the answer to an earlier one is ignored. */
  binding: number;
  /** The binding whose call is on its way, if one is (a later binding may have started meanwhile). */
  inFlight: number | undefined;
  /** A bind failure was reported since the last success (reported once, then retried quietly). */
  reported: boolean;
  attempt: number;
  retry: unknown;
  /** A webhook shard's verification deadline. */
  deadline: unknown;
  /** A home shard the platform has bound to another process's session: that session (left there). */
  elsewhere: string | undefined;
  /** With leases: this listener holds the shard's lease. */
  leased: boolean;
  /** A lease failure was reported since the last success. */
  leaseReported: boolean;
  /** Messages waiting for the shared repeat check, in arrival order. */
  readonly claims: PendingClaim[];
  /** The timer of the first waiting message's 2-second limit, and the message it is for. */
  claimTimer: unknown;
  claimTimerFor: PendingClaim | undefined;
}

const defaultVerificationTimeoutMs = 60_000;
const defaultReconcileIntervalMs = 5 * 60_000;
/** How long `close()` keeps reading a session for what the platform sent before it read the close frame. */
const closeDrainMs = 1000;
const defaultTakeoverGraceMs = 2_000;
const defaultShardCheckIntervalMs = 30_000;
const defaultLeaseTtlMs = 5_000;
/** How long a shared repeat check may take before its WebSocket message is given up on (as the webhook receiver does). */
const claimTimeoutMs = 2_000;

/**
 * Serves a conduit: creates it (or uses `conduitId`), binds a WebSocket session (or, with the
 * `webhook` option, a webhook callback) to each of its shards, and creates subscriptions with the
 * conduit transport and the app token. Subscriptions belong to the conduit and outlive its shards:
 * after a drop the new session is bound to the same shard and nothing is subscribed again. Several
 * processes can each serve part of the shards, each with the same subscriptions; a process that
 * dies has its WebSocket shards taken over by a survivor (see the `takeover` option) until a
 * process with those `shards` starts again.
 *
 * A handle's `ready` resolves once the platform has accepted the subscription and every shard
 * of this listener is bound (its session accepted, or its callback verified and the shard listed
 * as enabled): from then on the platform has a shard to deliver the subscription's events to.
 *
 * `onConnect` and `onDisconnect` are called for WebSocket shards (those taken over included); a
 * webhook shard has no session.
 *
 * Lifetimes: other processes may serve the same conduit, so `close()` deletes nothing on the
 * platform: it closes this listener's sessions and stops its handling (the subscriptions and the
 * conduit stay, and the platform's events go to the shards still enabled). `handle.stop()`
 * deletes one subscription, `unsubscribeAll()` all of this listener's, and `deleteConduit()` the
 * conduit with every subscription on it.
 *
 * @example
 * const listener = eventSubConduit(client, { shardCount: 2, onError: console.error });
 * listener.on('stream.online', { broadcaster_user_id }, (event) => console.log(event.broadcaster_user_name));
 */
export class ConduitListener extends EventSubListener {
  /** Resolves with the conduit's ID once it exists (created or checked). */
  readonly conduitId: Promise<string>;
  /**
   * With the `webhook` option: the Node request handler of the shards' callback, for
   * `http.createServer()` or Express (see the webhook listener's `handler`). Without it every
   * request gets 404.
   */
  readonly handler: WebhookRequestHandler;
  /** With the `webhook` option: the web-standard handler of the shards' callback. Without it every request gets 404. */
  readonly fetch: WebhookFetchHandler;
  readonly #shards = new Map<string, Shard>();
  readonly #webSocket: WebSocketClass | undefined;
  readonly #url: string;
  readonly #webhook: ConduitWebhookOptions | undefined;
  readonly #options: ConduitListenerOptions;
  readonly #clock: Clock;
  /** The shared repeat check of WebSocket shards' messages (webhook shards hand it to their receiver). */
  readonly #dedupe: EventSubDedupe | undefined;
  /** Taking over other processes' shards: on (WebSocket shards, `takeover` not false), and its timings. */
  readonly #takeover: { on: boolean; graceMs: number; checkMs: number; leases: ConduitShardLeases | undefined; leaseTtlMs: number };
  /** This listener's owner ID for leases: random, one per listener. */
  readonly #owner: string;
  #conduit: Conduit | undefined;
  /** Set when the conduit cannot be served; pending and new subscriptions are refused with it. */
  #fatal: unknown;
  /** Subscriptions the platform accepted, whose `ready` waits until every shard of this listener is bound. */
  readonly #waiting = new Set<ListenerSubscription>();
  /** Webhook shards whose challenge was answered, with the binding it was for, to read back until the platform lists them enabled. */
  readonly #unconfirmed = new Map<Shard, number>();
  /** The read-back of unconfirmed webhook shards: reads done since the last one that confirmed a shard, and the wait before the next. */
  readonly #readBack: { attempt: number; timer: unknown; running: boolean } = { attempt: 0, timer: undefined, running: false };
  /** The periodic shard check's timer. */
  #checkTimer: unknown;
  #reconciling = false;
  /** The comparison with the platform every `reconcileIntervalMs`, once the first subscription is made. */
  #reconciler: { stop(): void } | undefined;
  /** A shard check asked for soon (after a `conduit.shard.disabled`, a takeover, a reconnect): when, and what it may take over. */
  #soon: { timer: unknown; due: number; latest: number; takeAll: boolean; only: Set<string> } | undefined;
  /** The shard checks, one after the other. */
  #checking: Promise<void> = Promise.resolve();
  /** A failed shard check was reported since the last one that worked. */
  #checkReported = false;
  /** With leases: checks go on, a second or so apart, until this time while a disabled shard waits for its lease to lapse. */
  #huntUntil = 0;
  /** The lease renewal's timer. */
  #leaseTimer: unknown;
  #takeovers = 0;
  #handedBack = 0;

  constructor(client: ClientHandle, options: ConduitListenerOptions = {}) {
    super(client, options, 'conduit');
    const { shardCount, shards, conduitId, webhook, dedupe, leases } = options;
    this.#clock = clientCore(client).clock;
    if (dedupe !== undefined && (typeof dedupe !== 'object' || dedupe === null || typeof dedupe.claim !== 'function')) {
      throw new PlatformError('The dedupe option must be a store with a claim(messageId, ttlMs) method, such as redisDedupe() of @platform/redis-store.');
    }
    if (
      leases !== undefined &&
      (typeof leases !== 'object' || leases === null || typeof leases.acquire !== 'function' || typeof leases.renew !== 'function' || typeof leases.release !== 'function')
    ) {
      throw new PlatformError('The leases option must have acquire(key, owner, ttlMs), renew(key, owner, ttlMs) and release(key, owner) methods, such as redisShardLeases() of @platform/redis-store.');
    }
    for (const name of ['takeoverGraceMs', 'shardCheckIntervalMs', 'leaseTtlMs'] as const) {
      const value = options[name];
      if (value !== undefined && (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))) {
        throw new PlatformError(`The ${name} option must be a positive number of milliseconds.`);
      }
    }
    const { reconcileIntervalMs } = options;
    if (reconcileIntervalMs !== undefined && (typeof reconcileIntervalMs !== 'number' || !(reconcileIntervalMs >= 0) || !Number.isFinite(reconcileIntervalMs))) {
      throw new PlatformError('The reconcileIntervalMs option must be 0 (off) or a positive number of milliseconds.');
    }
    if (webhook !== undefined) {
      checkCallbackAndSecret(webhook?.callback, webhook?.secret);
      const timeout = webhook.verificationTimeoutMs;
      if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || !Number.isFinite(timeout))) {
        throw new PlatformError('The verificationTimeoutMs option must be a positive number of milliseconds.');
      }
      if (leases !== undefined) {
        throw new PlatformError('The leases option is for WebSocket shards: a webhook shard is its callback, which outlives any one process.');
      }
      this.#webhook = webhook;
      this.keepSecret(webhook.secret);
      const receiver = new WebhookReceiver({
        secret: webhook.secret,
        clock: this.#clock,
        report: this.report,
        challenge: (payload) => this.#challenge(payload),
        deliver: (messageType, payload, messageId, timestamp) => {
          this.#deliver(messageType, payload.subscription, payload, messageId, timestamp, undefined);
        },
        refused: this.refusedDelivery,
        repeated: this.duplicate,
        dedupe,
      });
      this.handler = receiver.handler;
      this.fetch = receiver.fetch;
    } else {
      this.#webSocket = resolveWebSocket(options.webSocket, client);
      this.#dedupe = dedupe;
      this.handler = (_request, response, next) => {
        if (next) next();
        else response.writeHead(404).end();
      };
      this.fetch = () => Promise.resolve(new Response(null, { status: 404 }));
    }
    this.#takeover = {
      on: webhook === undefined && options.takeover !== false,
      graceMs: options.takeoverGraceMs ?? defaultTakeoverGraceMs,
      checkMs: options.shardCheckIntervalMs ?? defaultShardCheckIntervalMs,
      leases: webhook === undefined ? leases : undefined,
      leaseTtlMs: options.leaseTtlMs ?? defaultLeaseTtlMs,
    };
    this.#owner = crypto.randomUUID();
    this.#url = connectionUrl(eventSubWsUrlOf(clientCore(client)), options.keepaliveTimeoutSeconds);
    if (shardCount !== undefined && (!Number.isInteger(shardCount) || shardCount < 1)) {
      throw new PlatformError(`The shardCount option must be a whole number, 1 or more; got ${describeValue(shardCount)}.`);
    }
    if (conduitId !== undefined && (typeof conduitId !== 'string' || conduitId === '')) throw new PlatformError('The conduitId option must be a non-empty string.');
    if (shards !== undefined && (!Array.isArray(shards) || shards.length === 0 || shards.some((id) => !/^\d+$/.test(String(id))))) {
      throw new PlatformError('The shards option must be a non-empty list of shard IDs (0, 1, ...).');
    }
    this.#options = options;
    this.conduitId = this.#setup();
    this.conduitId.catch(() => undefined);
  }

  /** The shards this listener serves (its own, then those it took over), and whether each is bound. */
  get shards(): ConduitShardState[] {
    const leased = this.#takeover.leases !== undefined;
    return [...this.#shards.values()].map((shard) => ({
      id: shard.id,
      transport: shard.session ? 'websocket' : 'webhook',
      bound: shard.bound !== undefined,
      sessionId: shard.session ? shard.bound : undefined,
      adopted: !shard.home,
      boundElsewhere: shard.elsewhere !== undefined,
      leased: leased ? shard.leased : undefined,
    }));
  }

  /**
   * The listener's counters (see `EventSubListener.stats()`, with one `connections` entry per
   * shard it serves, taken-over ones included), and its takeovers: shards taken over and let go
   * since it was made, and the IDs of those it serves now.
   *
   * @example
   * const { takeovers, handedBack, adopted } = listener.stats();
   * console.log(`${takeovers} shards taken over, ${handedBack} handed back, serving ${adopted.join(', ') || 'none'} for others`);
   */
  override stats(): ConduitListenerStats {
    const adopted: string[] = [];
    for (const shard of this.#shards.values()) if (!shard.home) adopted.push(shard.id);
    return { ...super.stats(), takeovers: this.#takeovers, handedBack: this.#handedBack, adopted };
  }

  /**
   * Deletes the conduit on the platform, and with it every subscription on it (the platform marks
   * them `conduit_deleted`), whichever process made them, then closes this listener as `close()`
   * does. The teardown of a deployment that is gone for good: the other processes serving the
   * conduit lose it too. Works after `close()`. A conduit the listener created is deleted only by
   * this call.
   *
   * @throws PlatformApiError when the platform refuses the deletion (the listener then keeps
   *   running); the setup's PlatformEventSubError when the conduit never existed.
   * @example
   * await listener.deleteConduit(); // the conduit, its subscriptions, and this listener's sessions are gone
   */
  async deleteConduit(): Promise<void> {
    const id = await this.conduitId;
    await removeConduit(this.client, { id });
    await this.close();
  }

  /**
   * Compares the listener's subscriptions with what the platform lists for its conduit now (what
   * it does every `reconcileIntervalMs`): adopts what another worker made, creates again what is
   * gone, reports what was revoked for good. Subscriptions of other conduits are never touched. A
   * failure to list goes to `onError`.
   */
  async reconcile(): Promise<void> {
    if (this.closed || this.#reconciling) return;
    this.#reconciling = true;
    try {
      const conduitId = await this.conduitId;
      const listed = await listedOn(this.client, onConduit(conduitId), undefined, (page) => this.costs(page));
      if (this.closed) return;
      for (const subscription of [...this.subscriptions]) {
        if (subscription.creating !== undefined) continue;
        const found = listedAs(subscription, listed);
        if (!found) {
          // Gone (deleted by another program, or with a revocation this process did not see): made again.
          if (subscription.id !== undefined || subscription.state === 'active') {
            this.logSubscription('warn', subscription, ': the platform no longer lists it; creating it again');
            this.assignId(subscription, undefined);
            this.#create(subscription, conduitId);
          }
          continue;
        }
        if (found.id !== subscription.id) this.assignId(subscription, found.id);
        if (found.status === 'enabled') this.#accepted(subscription);
        else {
          this.#waiting.delete(subscription);
          this.revoked(subscription, found.status);
        }
      }
    } catch (error) {
      this.report(new PlatformEventSubError(`Could not compare the conduit's subscriptions with the platform's: ${messageOf(error)}`, { cause: error }));
    } finally {
      this.#reconciling = false;
    }
  }

  protected attach(subscription: ListenerSubscription): void {
    const interval = this.#options.reconcileIntervalMs ?? defaultReconcileIntervalMs;
    if (this.#reconciler === undefined && interval !== 0) this.#reconciler = every(this.#clock, interval, () => this.reconcile());
    void this.conduitId.then(
      (conduitId) => {
        this.#create(subscription, conduitId);
      },
      (error: unknown) => {
        this.refuse(subscription, error);
      },
    );
  }

  protected override forget(subscription: ListenerSubscription): void {
    this.#waiting.delete(subscription);
  }

  protected detach(subscription: ListenerSubscription): Promise<void> {
    return subscription.id === undefined ? Promise.resolve() : deleteListenerSubscription(this.client, subscription.id, 'app');
  }

  /** One entry per shard this listener serves, with its session's counters (a webhook shard's are 0: the listener counts its deliveries). */
  protected override connectionStats(): EventSubConnectionStats[] {
    return [...this.#shards.values()].map(({ id, session, bound }) => ({
      transport: session ? 'websocket' : 'webhook',
      sessionId: session?.sessionId,
      shardId: id,
      connected: bound !== undefined,
      subscriptions: 0,
      ...(session ? session.stats : emptyConnectionCounts()),
    }));
  }

  /** Closes the sessions and stops the timers; releases the leases held. Deletes nothing on the platform. */
  protected async shutdown(): Promise<void> {
    const clock = this.#clock;
    const held: Shard[] = [];
    const drains: Promise<void>[] = [];
    for (const shard of this.#shards.values()) {
      // The notifications the platform sent before it read the close are still handed on.
      if (shard.session) drains.push(shard.session.close(closeDrainMs));
      this.#clearTimers(shard);
      if (shard.claimTimer !== undefined) clock.clearTimeout(shard.claimTimer);
      if (shard.leased) held.push(shard);
    }
    this.#shards.clear();
    this.#waiting.clear();
    this.#unconfirmed.clear();
    this.#reconciler?.stop();
    for (const timer of [this.#readBack.timer, this.#checkTimer, this.#soon?.timer, this.#leaseTimer]) if (timer !== undefined) clock.clearTimeout(timer);
    this.#readBack.timer = this.#checkTimer = this.#leaseTimer = undefined;
    this.#soon = undefined;
    // Let the survivors take these shards over at once instead of after the leases' time.
    await Promise.all([...drains, ...held.map((shard) => this.#releaseLease(shard))]);
  }

  // -------------------------------------------------------------------------------------------

  async #setup(): Promise<string> {
    try {
      const { conduitId, shardCount } = this.#options;
      let conduit: Conduit | null | undefined;
      if (conduitId === undefined) {
        conduit = await callOperation(this.client, orNone(createConduitOperation), { shard_count: shardCount ?? 1 });
      } else {
        conduit = (await conduits(this.client)).find((each) => each.id === conduitId);
        if (!conduit) throw this.#bindError(`the conduit ${conduitId} does not exist or belongs to another client.`);
        if (shardCount !== undefined && conduit.shard_count < shardCount) {
          conduit = await callOperation(this.client, orNone(updateConduitOperation), { id: conduitId, shard_count: shardCount });
        }
      }
      if (!conduit) throw this.#bindError('the platform returned no conduit.');
      this.#conduit = conduit;
      if (this.closed) return conduit.id;
      const owned = this.#options.shards?.map(String) ?? Array.from({ length: conduit.shard_count }, (_, index) => String(index));
      const outside = owned.filter((id) => Number(id) >= conduit.shard_count);
      if (outside.length > 0) {
        throw this.#bindError(`the conduit has ${conduit.shard_count} shards (0 to ${conduit.shard_count - 1}); shard ${outside.join(', ')} does not exist.`);
      }
      for (const id of owned) this.#serve(id, conduit.id, true);
      if (this.#options.watchShards !== false) {
        this.on('conduit.shard.disabled', { client_id: clientCore(this.client).clientId, conduit_id: conduit.id }, (event) => {
          this.#shardDisabled(event);
        });
      }
      if (!this.#webhook) {
        this.#armCheck();
        if (this.#takeover.leases) this.#leaseTick();
      }
      return conduit.id;
    } catch (cause) {
      const error = cause instanceof PlatformEventSubError ? cause : this.#bindError(messageOf(cause), cause);
      this.#fatal = error;
      this.report(error);
      throw error;
    }
  }

  /**
   * The bind failure of a WebSocket shard, `Could not bind the WebSocket session: <reason>`,
   * and its counterpart for a webhook shard, `Could not bind the webhook callback: <reason>`.
   */
  #bindError(reason: string, cause?: unknown): PlatformEventSubError {
    const what = this.#webhook ? 'the webhook callback' : 'the WebSocket session';
    return new PlatformEventSubError(`Could not bind ${what}: ${reason}`, cause === undefined ? undefined : { cause });
  }

  /** Starts serving a shard: opens its session (bound once welcomed), or assigns it the webhook callback. */
  #serve(id: string, conduitId: string, home: boolean): Shard {
    const session = this.#webhook
      ? undefined
      : new EventSubSession(
          { url: this.#url, webSocket: this.#webSocket!, clock: this.#clock },
          {
            welcome: (sessionId, reconnected) => {
              this.welcomed(sessionId, id, reconnected);
              if (this.#shards.get(id) !== shard) return;
              if (!home && reconnected) {
                // A new session for a shard taken over: look first whether another process has it now.
                this.#checkSoon(0, false);
                return;
              }
              // A shard of ours left to another process's session is not fought over.
              if (home && reconnected && shard.elsewhere !== undefined) return;
              this.#bind(shard, conduitId);
            },
            message: (frame) => {
              this.#received(shard, frame);
            },
            handoff: (sessionId) => {
              this.handedOff(sessionId, id);
            },
            duplicate: this.duplicate,
            keepalive: this.keepalive,
            drop: (sessionId, code, reason) => {
              // What was under way for the old session no longer applies.
              shard.binding++;
              shard.bound = undefined;
              this.#clearTimers(shard);
              if (sessionId !== undefined) this.disconnected({ sessionId, shardId: id, reason, ...(code === undefined ? {} : { code }) });
            },
            error: this.report,
          },
        );
    const shard: Shard = {
      id,
      session,
      home,
      bound: undefined,
      binding: 0,
      inFlight: undefined,
      reported: false,
      attempt: 0,
      retry: undefined,
      deadline: undefined,
      elsewhere: undefined,
      leased: false,
      leaseReported: false,
      claims: [],
      claimTimer: undefined,
      claimTimerFor: undefined,
    };
    this.#shards.set(id, shard);
    if (session) session.start();
    else this.#bind(shard, conduitId);
    return shard;
  }

  /**
   * Assigns the shard its transport: its session once welcomed, or the webhook callback, which is
   * bound once its challenge has been answered. A temporary failure is reported once and retried.
   */
  #bind(shard: Shard, conduitId: string): void {
    this.#clearTimers(shard);
    const sessionId = shard.session?.sessionId;
    if (shard.session && sessionId === undefined) return; // the welcome will bind it
    const webhook = this.#webhook;
    const transport: ConduitShardTransportUpdate = webhook
      ? { method: 'webhook', callback: webhook.callback, secret: webhook.secret }
      : { method: 'websocket', session_id: sessionId! };
    const binding = ++shard.binding;
    const current = () => shard.binding === binding && !this.closed && this.#shards.get(shard.id) === shard;
    shard.bound = undefined;
    shard.inFlight = binding;
    updateConduitShards(this.client, { conduit_id: conduitId, shards: [{ id: shard.id, transport }] })
      .then(({ data, errors }) => {
        if (shard.inFlight === binding) shard.inFlight = undefined;
        if (!current()) return;
        const failed = errors.find((each) => String(each.id) === shard.id);
        if (failed) throw this.#bindError(`${failed.message ?? failed.code ?? 'the platform refused the shard'} (shard ${shard.id}).`);
        shard.elsewhere = undefined;
        if (sessionId !== undefined) this.#bound(shard, sessionId);
        else if (shard.bound === undefined && data.find((each) => String(each.id) === shard.id)?.status === 'enabled') this.#bound(shard, webhook!.callback);
        else if (shard.bound === undefined) {
          // The challenge is on its way (unless it came before this answer).
          const timeoutMs = webhook!.verificationTimeoutMs ?? defaultVerificationTimeoutMs;
          shard.deadline = this.#clock.setTimeout(() => {
            shard.deadline = undefined;
            if (current()) this.#bindFailed(shard, conduitId, this.#bindError(`the platform did not verify the callback of shard ${shard.id} within ${timeoutMs / 1000} seconds.`));
          }, timeoutMs);
        }
      })
      .catch((cause: unknown) => {
        if (shard.inFlight === binding) shard.inFlight = undefined;
        if (current()) this.#bindFailed(shard, conduitId, cause);
      });
  }

  #bound(shard: Shard, bound: string): void {
    this.#clearTimers(shard);
    this.#unconfirmed.delete(shard);
    shard.bound = bound;
    shard.reported = false;
    shard.attempt = 0;
    this.shardBound(shard.id, shard.session ? bound : undefined);
    if (shard.session) this.connected({ sessionId: bound, shardId: shard.id });
    this.#settle();
  }

  /**
   * Whether every shard of this listener's own is served: bound, or bound by the platform to
   * another process's session (the platform has an enabled shard for each of its slots). Shards
   * taken over do not count: they come and go.
   */
  #allBound(): boolean {
    let any = false;
    for (const shard of this.#shards.values()) {
      if (!shard.home) continue;
      any = true;
      if (shard.bound === undefined && shard.elsewhere === undefined) return false;
    }
    return any;
  }

  /** A subscription the platform accepted: `ready` resolves now if every shard is bound, else once they are. */
  #accepted(subscription: ListenerSubscription): void {
    if (subscription.state !== 'pending') return;
    this.#waiting.add(subscription);
    this.#settle();
  }

  /** Resolves `ready` of the accepted subscriptions once every shard is bound. */
  #settle(): void {
    if (this.#waiting.size === 0 || !this.#allBound()) return;
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const subscription of waiting) subscription.confirm();
  }

  #bindFailed(shard: Shard, conduitId: string, cause: unknown): void {
    const error = cause instanceof PlatformEventSubError ? cause : this.#bindError(messageOf(cause), cause);
    const final = cause instanceof PlatformApiError && !isTransient(cause) && (cause.status === 404 || cause.status === 401 || cause.status === 403);
    if (final) {
      // Waiting cannot fix it: pending subscriptions are refused and the shard is given up.
      this.#fatal = error;
      this.report(error);
      for (const subscription of this.subscriptions) {
        if (subscription.state !== 'pending') continue;
        const { id } = subscription;
        this.#waiting.delete(subscription);
        this.refuse(subscription, error);
        // Accepted, but never to be delivered here: leave nothing behind. The failure that ended
        // the listener was reported; a failed deletion would say the same again.
        if (id !== undefined) deleteListenerSubscription(this.client, id, 'app').catch(() => undefined);
      }
      this.#unconfirmed.delete(shard);
      shard.binding++;
      void shard.session?.close();
      return;
    }
    if (!shard.reported) {
      shard.reported = true;
      this.report(error);
    }
    shard.attempt++;
    const binding = shard.binding;
    const clock = clientCore(this.client).clock;
    shard.retry = clock.setTimeout(() => {
      shard.retry = undefined;
      if (shard.binding === binding && !this.closed) this.#bind(shard, conduitId);
    }, Math.max(reconnectDelay(shard.attempt + 1, clock.random), 250));
  }

  #clearTimers(shard: Shard): void {
    const clock = clientCore(this.client).clock;
    if (shard.retry !== undefined) clock.clearTimeout(shard.retry);
    if (shard.deadline !== undefined) clock.clearTimeout(shard.deadline);
    shard.retry = shard.deadline = undefined;
  }

  /** The answer to the verification challenge of a webhook shard of this listener; undefined for any other. */
  #challenge(payload: WebhookMessagePayload): WebhookChallengeAnswer | undefined {
    const text = payload.challenge;
    const about = payload.conduit_shard;
    const conduitId = this.#conduit?.id;
    if (typeof text !== 'string' || !about || conduitId === undefined || about.conduit_id !== conduitId) return undefined;
    const shard = this.#shards.get(String(about.shard));
    if (!shard || shard.session) return undefined;
    return {
      text,
      // The platform enables the shard once it has read this answer, a moment later: until it
      // lists the shard as enabled, an event would find no shard to go to.
      answered: () => {
        this.challengeAnswered(undefined, shard.id);
        if (this.closed || shard.bound !== undefined) return;
        this.#unconfirmed.set(shard, shard.binding);
        this.#readShards();
      },
    };
  }

  /**
   * Reads the conduit's shards back (a page at a time, until every unconfirmed shard was seen):
   * a shard listed as enabled is bound; one still pending verification is read again after a
   * wait on the client clock; one listed in another status failed its binding, which is retried.
   * The shard's verification deadline bounds the reads.
   */
  #readShards(): void {
    const readBack = this.#readBack;
    if (readBack.running || readBack.timer !== undefined) return;
    const conduitId = this.#conduit?.id;
    if (conduitId === undefined) return;
    readBack.running = true;
    void (async () => {
      const seen = new Map<string, string>();
      let failure: unknown;
      try {
        for await (const page of conduitShards(this.client, { conduit_id: conduitId }).pages()) {
          for (const listed of page.data) seen.set(String(listed.id), typeof listed.status === 'string' ? listed.status : '');
          // Enough pages once every unconfirmed shard was seen.
          if (![...this.#unconfirmed.keys()].some((shard) => !seen.has(shard.id))) break;
        }
      } catch (error) {
        failure = error;
      }
      readBack.running = false;
      readBack.attempt++;
      if (this.closed) return;
      let confirmed = false;
      for (const [shard, binding] of [...this.#unconfirmed]) {
        if (shard.binding !== binding || this.#shards.get(shard.id) !== shard) {
          // Bound again since (or given up): that binding's answer decides.
          this.#unconfirmed.delete(shard);
          continue;
        }
        if (failure !== undefined) {
          if (isTransient(failure)) continue;
          this.#unconfirmed.delete(shard);
          this.#bindFailed(shard, conduitId, failure);
          continue;
        }
        const status = seen.get(shard.id);
        if (status === 'enabled') {
          confirmed = true;
          this.#bound(shard, this.#webhook!.callback);
        } else if (status !== undefined && status !== 'webhook_callback_verification_pending') {
          this.#unconfirmed.delete(shard);
          this.#bindFailed(shard, conduitId, this.#bindError(`the platform lists shard ${shard.id} as ${status} after its challenge was answered, not enabled.`));
        }
      }
      if (confirmed) readBack.attempt = 0;
      if (this.#unconfirmed.size === 0) {
        readBack.attempt = 0;
        return;
      }
      readBack.timer = clientCore(this.client).clock.setTimeout(() => {
        readBack.timer = undefined;
        this.#readShards();
      }, readBackDelay(Math.max(1, readBack.attempt)));
    })();
  }


  /**
   * A `conduit.shard.disabled` event (it reaches one enabled shard of the conduit, so one of its
   * processes). A shard this listener serves is bound again at once; a WebSocket shard of another
   * process starts a takeover: a shard check after `takeoverGraceMs` takes every shard still
   * disabled (with leases: checks a second or so apart, each taking the shards whose lease it gets,
   * until their leases have had time to lapse).
   */
  #shardDisabled(event: { conduit_id?: string; shard_id?: string; transport?: { method?: string } }): void {
    const conduitId = this.#conduit?.id;
    if (conduitId === undefined || event.conduit_id !== conduitId || event.shard_id === undefined) return;
    const shard = this.#shards.get(String(event.shard_id));
    if (shard) {
      if (shard.session && shard.session.sessionId === undefined) return;
      shard.elsewhere = undefined;
      this.#bind(shard, conduitId);
      return;
    }
    if (!this.#takeover.on || event.transport?.method === 'webhook') return;
    if (this.#takeover.leases) {
      this.#huntUntil = this.#clock.now() + 2 * this.#takeover.leaseTtlMs + 1000;
      this.#checkSoon(0, true);
    } else {
      this.#checkSoon(this.#takeover.graceMs, true);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Shard checks and takeovers (WebSocket shards)

  /** Arms the periodic shard check. */
  #armCheck(): void {
    if (this.closed) return;
    this.#checkTimer = this.#clock.setTimeout(() => {
      this.#checkTimer = undefined;
      this.#queueCheck(false, undefined);
      this.#armCheck();
    }, this.#takeover.checkMs);
  }

  /**
   * Asks for a shard check in `delayMs`. Requests made before it runs join it: it runs once, taking
   * over what any of them may take, no sooner than the latest one asked (to give every disabled
   * shard its grace) and no later than twice the grace after the first.
   */
  #checkSoon(delayMs: number, takeAll: boolean, only?: Iterable<string>): void {
    if (this.closed) return;
    const now = this.#clock.now();
    const soon = (this.#soon ??= { timer: undefined, due: now + delayMs, latest: now + delayMs + this.#takeover.graceMs * 2, takeAll: false, only: new Set() });
    soon.takeAll ||= takeAll;
    for (const id of only ?? []) soon.only.add(id);
    soon.due = Math.min(Math.max(soon.due, now + delayMs), soon.latest);
    if (soon.timer !== undefined) this.#clock.clearTimeout(soon.timer);
    soon.timer = this.#clock.setTimeout(() => {
      if (this.#soon !== soon) return;
      this.#soon = undefined;
      this.#queueCheck(soon.takeAll, soon.only);
    }, Math.max(0, soon.due - now));
  }

  /** Runs a shard check after the one under way, if any. */
  #queueCheck(takeAll: boolean, only: ReadonlySet<string> | undefined): void {
    this.#checking = this.#checking.then(() => this.#check(takeAll, only)).catch(this.report);
  }

  /**
   * Reads the conduit's shards and acts on what it sees:
   *
   * - a shard this listener serves, listed with this listener's session: nothing to do;
   * - listed enabled with another session: a taken-over shard is let go; a shard of its own is
   *   reported once and left there;
   * - listed not enabled while its session is welcomed and nothing is under way: bound again;
   * - a WebSocket shard of another process listed not enabled: taken over when `takeAll`, when
   *   named in `only`, or (periodic check) when the rule gives it to this listener; with leases,
   *   by whoever gets its lease.
   */
  async #check(takeAll: boolean, only: ReadonlySet<string> | undefined): Promise<void> {
    const conduitId = this.#conduit?.id;
    if (conduitId === undefined || this.closed || this.#fatal !== undefined) return;
    const bindings = new Map([...this.#shards.values()].map((shard) => [shard, shard.binding]));
    let listed: ConduitShard[];
    try {
      listed = await conduitShards(this.client, { conduit_id: conduitId }).all();
    } catch (error) {
      if (!this.#checkReported) {
        this.#checkReported = true;
        this.report(new PlatformEventSubError(`Could not check the shards of conduit ${conduitId}: ${messageOf(error)}`, { cause: error }));
      }
      if (this.#huntUntil > this.#clock.now()) this.#checkSoon(this.#huntStep(), true);
      return;
    }
    this.#checkReported = false;
    if (this.closed) return;
    const mine = new Set<string>();
    for (const shard of this.#shards.values()) if (shard.session?.sessionId !== undefined) mine.add(shard.session.sessionId);
    for (const entry of listed) {
      const shard = this.#shards.get(String(entry.id));
      // Bound again while the list was read: that binding's answer decides.
      if (shard && bindings.get(shard) === shard.binding && shard.inFlight === undefined) this.#reconcile(shard, entry, conduitId, mine);
    }
    if (!this.#takeover.on) return;
    const orphans = listed.filter((entry) => !this.#shards.has(String(entry.id)) && orphaned(entry));
    if (orphans.length === 0) {
      this.#huntUntil = 0;
      return;
    }
    if (this.#takeover.leases) {
      const taken = await Promise.all(orphans.map((entry) => this.#leaseAndAdopt(entry, conduitId)));
      if (taken.includes(false) && this.#huntUntil > this.#clock.now()) this.#checkSoon(this.#huntStep(), true);
      return;
    }
    const later: string[] = [];
    for (const entry of orphans) {
      const id = String(entry.id);
      if (takeAll || only?.has(id)) this.#adopt(entry, conduitId, false);
      else if (this.#nextEnabledIsMine(listed, entry, mine)) later.push(id);
    }
    // The rule's pick: given the grace too, in case its process is reconnecting.
    if (later.length > 0) this.#checkSoon(this.#takeover.graceMs, false, later);
  }

  /** The pause between checks while a disabled shard waits for its lease to lapse. */
  #huntStep(): number {
    return Math.min(1000, Math.max(50, this.#takeover.leaseTtlMs / 5));
  }

  /**
   * The rule that gives a disabled shard (no event told anyone) to one process, the same for all
   * who read the same list: the process serving the next enabled WebSocket shard after it, by
   * shard number and cyclically.
   */
  #nextEnabledIsMine(listed: readonly ConduitShard[], orphan: ConduitShard, mine: ReadonlySet<string>): boolean {
    const sorted = [...listed].sort((one, other) => Number(one.id) - Number(other.id));
    const at = sorted.indexOf(orphan);
    for (let step = 1; step < sorted.length; step++) {
      const next = sorted[(at + step) % sorted.length]!;
      if (next.status !== 'enabled') continue;
      return next.transport?.method === 'websocket' && mine.has(next.transport.session_id);
    }
    return false;
  }

  /** A shard this listener serves, against what the platform lists for it. */
  #reconcile(shard: Shard, entry: ConduitShard, conduitId: string, mine: ReadonlySet<string>): void {
    const session = shard.session?.sessionId;
    if (session === undefined) return; // between sessions: the welcome binds (or looks first)
    const listedSession = entry.transport?.method === 'websocket' ? entry.transport.session_id : undefined;
    if (entry.status === 'enabled') {
      if (listedSession === session) {
        shard.elsewhere = undefined;
        if (shard.bound === undefined) this.#bound(shard, session);
        return;
      }
      const other = listedSession ?? 'the webhook callback';
      if (listedSession !== undefined && mine.has(listedSession)) return;
      if (!shard.home) {
        this.#letGo(shard, `the platform has it bound to session ${other}`);
        return;
      }
      if (shard.elsewhere !== undefined) return;
      // One of ours, taken by another process after our start: said once, and not fought over.
      shard.elsewhere = other;
      shard.binding++;
      shard.bound = undefined;
      this.#clearTimers(shard);
      this.report(
        new PlatformEventSubError(
          `Shard ${shard.id} of conduit ${conduitId} is one of this listener's shards, but the platform has it bound to ${listedSession === undefined ? other : `session ${other}`} of another process; it is left there, and bound again here only once it is disabled.`,
        ),
      );
      this.#settle();
      return;
    }
    if (shard.retry !== undefined || shard.inFlight !== undefined) return;
    if (!shard.home && this.#takeover.leases && !shard.leased) {
      this.#letGo(shard, 'its lease is not this listener\'s');
      return;
    }
    // Disabled while our session lives (or, ours left elsewhere, that session went away): bind it.
    shard.elsewhere = undefined;
    this.#bind(shard, conduitId);
  }

  /** Takes a disabled shard of another process over: a new session of its own, bound once welcomed. */
  #adopt(entry: ConduitShard, conduitId: string, leased: boolean): void {
    const id = String(entry.id);
    if (this.closed || this.#shards.has(id)) return;
    const shard = this.#serve(id, conduitId, false);
    shard.leased = leased;
    this.#takeovers++;
    const was = entry.transport?.method === 'websocket' ? ` (session ${logValue(entry.transport.session_id)}, ${logValue(entry.status)})` : '';
    this.log('info', `${this.shardLabel(id)}taken over${was}`);
    // Without leases another process may have taken it too: look again once both have bound.
    if (!this.#takeover.leases) this.#checkSoon(this.#takeover.graceMs, false);
  }

  /** Lets go of a taken-over shard quietly: its session closed, its lease released. */
  #letGo(shard: Shard, reason: string): void {
    if (this.#shards.get(shard.id) !== shard) return;
    this.#shards.delete(shard.id);
    shard.binding++;
    this.#clearTimers(shard);
    this.#unconfirmed.delete(shard);
    void shard.session?.close();
    this.#handedBack++;
    this.log('info', `${this.shardLabel(shard.id)}let go: ${reason}`);
    if (shard.leased) void this.#releaseLease(shard);
  }

  /** With leases: takes the lease of a disabled shard and, if it got it, the shard. True when it took the shard. */
  async #leaseAndAdopt(entry: ConduitShard, conduitId: string): Promise<boolean> {
    const id = String(entry.id);
    let acquired: boolean;
    try {
      acquired = (await this.#leaseCall((leases) => leases.acquire(leaseKey(conduitId, id), this.#owner, this.#takeover.leaseTtlMs))) === true;
    } catch (error) {
      this.#leaseFailed(undefined, id, 'take', error);
      return false;
    }
    if (!acquired) return false;
    if (this.#shards.has(id)) return true;
    if (this.closed) {
      await this.#leaseCall((leases) => leases.release(leaseKey(conduitId, id), this.#owner)).catch(() => undefined);
      return true;
    }
    this.#adopt(entry, conduitId, true);
    return true;
  }

  /**
   * Renews the leases this listener holds, every third of the lease time, and tries to take the
   * lease of each of its own shards it does not hold (at start, or held by a process that took the
   * shard over and has not let go yet). A lease lost to another process makes a taken-over shard
   * let go; a shard of its own is served on (the shard check settles who has it).
   */
  #leaseTick(): void {
    const conduitId = this.#conduit?.id;
    if (this.closed || conduitId === undefined) return;
    const ttl = this.#takeover.leaseTtlMs;
    const shards = [...this.#shards.values()].filter((shard) => shard.session && (shard.leased || shard.home));
    void Promise.all(
      shards.map(async (shard) => {
        const key = leaseKey(conduitId, shard.id);
        const renewing = shard.leased;
        let held: boolean;
        try {
          held = (await this.#leaseCall((leases) => (renewing ? leases.renew(key, this.#owner, ttl) : leases.acquire(key, this.#owner, ttl)))) === true;
        } catch (error) {
          if (this.#shards.get(shard.id) === shard) this.#leaseFailed(shard, shard.id, renewing ? 'renew' : 'take', error);
          return;
        }
        if (this.#shards.get(shard.id) !== shard || this.closed) {
          if (held) await this.#leaseCall((leases) => leases.release(key, this.#owner)).catch(() => undefined);
          return;
        }
        shard.leaseReported = false;
        shard.leased = held;
        if (!held && renewing) {
          if (!shard.home) this.#letGo(shard, 'another process holds its lease');
          else this.log('warn', `${this.shardLabel(shard.id)}lease lost to another process; served on`);
        }
      }),
    ).then(() => {
      if (this.closed) return;
      this.#leaseTimer = this.#clock.setTimeout(() => {
        this.#leaseTimer = undefined;
        this.#leaseTick();
      }, ttl / 3);
    });
  }

  /** A lease call, bounded to half the lease time (a store that hangs must not hold the renewals up). */
  async #leaseCall<T>(call: (leases: ConduitShardLeases) => T | Promise<T>): Promise<T> {
    const leases = this.#takeover.leases!;
    const limitMs = this.#takeover.leaseTtlMs / 2;
    let timer: unknown;
    const late = new Promise<never>((_, reject) => {
      timer = this.#clock.setTimeout(() => reject(new PlatformError(`the lease store did not answer within ${limitMs} ms.`)), limitMs);
    });
    try {
      return await Promise.race([(async () => call(leases))(), late]);
    } finally {
      this.#clock.clearTimeout(timer);
    }
  }

  /** Releases the lease of a shard this listener no longer serves; a failure goes to onError. */
  async #releaseLease(shard: Shard): Promise<void> {
    const conduitId = this.#conduit?.id;
    if (!shard.leased || conduitId === undefined) return;
    shard.leased = false;
    try {
      await this.#leaseCall((leases) => leases.release(leaseKey(conduitId, shard.id), this.#owner));
    } catch (error) {
      this.report(new PlatformEventSubError(`Could not release the lease of shard ${shard.id}: ${messageOf(error)} It lapses on its own.`, { cause: error }));
    }
  }

  /** A lease store failure: reported once per shard until a call works again (the shards are served on meanwhile). */
  #leaseFailed(shard: Shard | undefined, id: string, doing: 'take' | 'renew', error: unknown): void {
    if (shard) {
      if (shard.leaseReported) return;
      shard.leaseReported = true;
    }
    const then = shard ? ' The shard is served on meanwhile.' : ' It is tried again on the next check.';
    this.report(new PlatformEventSubError(`Could not ${doing} the lease of shard ${id}: ${messageOf(error)}${then}`, { cause: error }));
  }

  // -------------------------------------------------------------------------------------------
  // WebSocket messages and the shared repeat check

  /**
   * A notification or revocation frame from a shard's session (its own repeat check passed). With
   * `dedupe`, a notification's message ID is claimed first; frames are handed on in arrival order.
   */
  #received(shard: Shard, frame: EventSubFrame): void {
    const store = this.#dedupe;
    const claims = shard.claims;
    if (!store || frame.metadata.message_type !== 'notification') {
      if (claims.length === 0) this.#handOn(shard, frame);
      else claims.push({ frame, since: 0, verdict: 'first', error: undefined, late: false });
      return;
    }
    let answer: boolean | Promise<boolean>;
    try {
      answer = store.claim(frame.metadata.message_id, dedupeTtlMs);
    } catch (error) {
      if (claims.length === 0) this.#claimFailed(shard, frame, error);
      else claims.push({ frame, since: 0, verdict: 'failed', error, late: false });
      return;
    }
    if (typeof answer === 'boolean' && claims.length === 0) {
      if (answer) this.#handOn(shard, frame);
      else this.#repeated(shard, frame);
      return;
    }
    const claim: PendingClaim = { frame, since: this.#clock.now(), verdict: undefined, error: undefined, late: false };
    claims.push(claim);
    Promise.resolve(answer).then(
      (first) => {
        if (claim.late) {
          // Given up on, but the store says it was the first: hand it on now rather than lose it.
          if (first === true) this.#handOn(shard, frame);
          return;
        }
        claim.verdict = first === true ? 'first' : 'repeat';
        this.#pump(shard);
      },
      (error: unknown) => {
        if (claim.late) return;
        claim.verdict = 'failed';
        claim.error = error;
        this.#pump(shard);
      },
    );
  }

  /** Hands on the waiting messages whose check is done, in order, and watches the first one's time limit. */
  #pump(shard: Shard): void {
    const claims = shard.claims;
    while (claims.length > 0 && claims[0]!.verdict !== undefined) {
      const claim = claims.shift()!;
      if (claim.verdict === 'first') this.#handOn(shard, claim.frame);
      else if (claim.verdict === 'repeat') this.#repeated(shard, claim.frame);
      else this.#claimFailed(shard, claim.frame, claim.error);
    }
    const head = claims[0];
    if (shard.claimTimerFor === head) return;
    if (shard.claimTimer !== undefined) this.#clock.clearTimeout(shard.claimTimer);
    shard.claimTimer = undefined;
    shard.claimTimerFor = head;
    if (!head) return;
    shard.claimTimer = this.#clock.setTimeout(
      () => {
        shard.claimTimer = undefined;
        shard.claimTimerFor = undefined;
        if (claims[0] === head && head.verdict === undefined) {
          claims.shift();
          head.late = true;
          this.#claimFailed(shard, head.frame, new PlatformError(`the store did not answer within ${claimTimeoutMs / 1000} seconds.`));
        }
        this.#pump(shard);
      },
      Math.max(0, head.since + claimTimeoutMs - this.#clock.now()),
    );
  }

  #handOn(shard: Shard, frame: EventSubFrame): void {
    const { metadata } = frame;
    if (this.#deliver(metadata.message_type, frame.payload.subscription, frame.payload, metadata.message_id, metadata.message_timestamp, shard.id) && shard.session) {
      shard.session.stats.delivered++;
    }
  }

  #repeated(shard: Shard, frame: EventSubFrame): void {
    if (shard.session) shard.session.stats.duplicates++;
    this.duplicate(frame.metadata.message_id);
  }

  #claimFailed(shard: Shard, frame: EventSubFrame, cause: unknown): void {
    this.report(
      new PlatformEventSubError(
        `The repeat check of message ${frame.metadata.message_id} (shard ${shard.id}) failed: ${messageOf(cause)} The event was not handed on: over WebSocket the platform does not send it again.`,
        { cause },
      ),
    );
  }

  /** A 409 whose body names no subscription: the one listed with the same type and condition on this conduit is adopted. */
  async #adoptListed(subscription: ListenerSubscription, conduitId: string, conflict: unknown): Promise<void> {
    let found: EventSubSubscription | undefined;
    try {
      found = (await listedOn(this.client, onConduit(conduitId), subscription.type, (page) => this.costs(page))).find((each) => subscription.matches(each.type, each.version, each.condition));
    } catch (error) {
      if (subscription.state === 'pending' || subscription.state === 'active') this.refuse(subscription, error);
      return;
    }
    if (subscription.state !== 'pending' && subscription.state !== 'active') return;
    if (found) {
      this.assignId(subscription, found.id);
      this.#accepted(subscription);
      return;
    }
    this.refuse(
      subscription,
      new PlatformEventSubError(
        `Could not subscribe to ${subscription.type} (version ${subscription.version}): the platform answered 409 Conflict, but lists no subscription of that type and condition on this conduit.`,
        { cause: conflict },
      ),
    );
  }

  #create(subscription: ListenerSubscription, conduitId: string): void {
    if (subscription.state !== 'pending' && subscription.state !== 'active') return;
    if (this.#fatal) {
      this.refuse(subscription, this.#fatal);
      return;
    }
    const creating = createListenerSubscription(
      this.client,
      {
        type: subscription.type,
        version: subscription.version,
        condition: subscription.condition,
        transport: { method: 'conduit', conduit_id: conduitId },
        batched: subscription.batched,
      },
      'app',
      { keepGoing: () => subscription.state !== 'stopped', onWait: this.reportWait },
    );
    subscription.creating = creating;
    creating.then(
      (created) => {
        if (subscription.creating === creating) subscription.creating = undefined;
        this.costs(created);
        this.assignId(subscription, created.id);
        this.#accepted(subscription);
      },
      (error: unknown) => {
        if (subscription.creating === creating) subscription.creating = undefined;
        // Another process of the same conduit (or an earlier run) made it already: it serves this
        // listener too, since a conduit's events go to whichever shard the platform picks.
        const existing = error instanceof PlatformApiError && error.status === 409 ? (error.body as { id?: unknown } | undefined)?.id : undefined;
        if (typeof existing === 'string') {
          this.assignId(subscription, existing);
          if (subscription.state === 'stopped') return;
          this.#accepted(subscription);
          return;
        }
        if (subscription.state === 'stopped') return;
        if (error instanceof PlatformApiError && error.status === 409) {
          void this.#adoptListed(subscription, conduitId, error);
          return;
        }
        this.refuse(subscription, error);
      },
    );
  }

  /**
   * A notification or revocation from any shard: routed by subscription ID, else by type and
   * condition (a webhook shard's batch comes without the entries delivered before). True when a
   * handler got the event.
   */
  #deliver(
    messageType: string,
    about: WebhookMessageSubscription | undefined,
    payload: { event?: unknown; events?: unknown },
    messageId: string,
    timestamp: string,
    shardId: string | undefined,
  ): boolean {
    if (!about || typeof about.id !== 'string') return false;
    const type = String(about.type);
    const version = String(about.version);
    const subscription = this.route(about.id, type, version, about.condition) ?? this.matching(type, version, about.condition);
    if (!subscription) return false;
    if (messageType === 'revocation') {
      this.#waiting.delete(subscription);
      this.revoked(subscription, typeof about.status === 'string' ? about.status : 'unknown');
      return false;
    }
    if (messageType !== 'notification') return false;
    this.dispatch(subscription, subscription.batched ? payload.events : payload.event, {
      messageId,
      timestamp,
      subscriptionId: about.id,
      type,
      version,
      transport: 'conduit',
      shardId,
    });
    return true;
  }
}

/**
 * A conduit operation whose answer gives the conduit, or null when its list is empty: the listener
 * reports that case with its own message instead of the operation's `returned no data`.
 */
function orNone<P>(operation: OperationDeclaration<P, Conduit>): OperationDeclaration<P, Conduit | null> {
  return { ...operation, result: firstOrNullResult };
}

/** Whether a listed subscription's transport is the conduit `conduitId`. */
function onConduit(conduitId: string): (transport: { method?: unknown; conduit_id?: unknown }) => boolean {
  return (transport) => transport.method === 'conduit' && transport.conduit_id === conduitId;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether a listed shard is one a dead (or closed) process left: not enabled, and last served by
 * a WebSocket session. A shard never assigned (no session) and a webhook shard are not.
 */
function orphaned(entry: ConduitShard): boolean {
  const transport = entry.transport;
  return entry.status !== 'enabled' && transport?.method === 'websocket' && typeof transport.session_id === 'string' && transport.session_id !== '';
}

/** The lease key of a shard: `<conduitId>:<shardId>`. */
function leaseKey(conduitId: string, shardId: string): string {
  return `${conduitId}:${shardId}`;
}

/** A value the platform listed (a session ID, a status), as a log line may hold it. */
function logValue(value: unknown): string {
  const text = typeof value === 'string' ? value : '?';
  return text.replace(/[^\w.:@-]/g, '_').slice(0, 64) || '?';
}

/**
 * Makes a conduit listener on `client` (which needs a clientSecret for the app token). It
 * creates or checks the conduit and opens its shards' sessions at once.
 *
 * @throws PlatformEventSubError `This runtime has no global WebSocket.` without a WebSocket class.
 * @example
 * // Two processes sharing one conduit of 4 shards:
 * const listener = eventSubConduit(client, { conduitId, shards: process.env.PART === 'a' ? [0, 1] : [2, 3] });
 */
export function eventSubConduit(client: ClientHandle, options?: ConduitListenerOptions): ConduitListener {
  return new ConduitListener(client, options);
}
