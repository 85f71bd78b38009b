import { callOperation, firstOrNullResult, PlatformApiError, PlatformError, PlatformEventSubError, type ClientHandle, type OperationDeclaration } from '@platform/core';
import { clientCore, describeValue, eventSubWsUrlOf } from '@platform/core/internal';
import {
  EventSubListener,
  conduitShards,
  conduits,
  createConduitOperation,
  createListenerSubscription,
  deleteConduit,
  deleteListenerSubscription,
  emptyConnectionCounts,
  isTransient,
  readBackDelay,
  updateConduitOperation,
  updateConduitShards,
  type Conduit,
  type ConduitShardTransportUpdate,
  type EventSubConnectionStats,
  type EventSubListenerOptions,
  type ListenerSubscription,
} from '@platform/eventsub';
import {
  WebhookReceiver,
  checkCallbackAndSecret,
  type WebhookChallengeAnswer,
  type WebhookFetchHandler,
  type WebhookMessagePayload,
  type WebhookMessageSubscription,
  type WebhookRequestHandler,
} from '@platform/eventsub-webhook';
import { EventSubSession, connectionUrl, reconnectDelay, resolveWebSocket, type WebSocketClass } from '@platform/eventsub-ws';

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

/** Options of a conduit listener. */
export interface ConduitListenerOptions extends EventSubListenerOptions {
  /**
   * An existing conduit to serve. Without it the listener creates one (with the app token) and
   * deletes it again on `close()`.
   */
  conduitId?: string | undefined;
  /** The conduit's shard count: for a new conduit, and raised to it on an existing one with fewer. Default 1. */
  shardCount?: number | undefined;
  /**
   * The shards this listener serves, one WebSocket session (or one webhook callback) each: by
   * default every shard of the conduit. Several processes each pass their part (`[0, 1]` and
   * `[2, 3]`) to share a conduit.
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
   * listener again at once. Default true.
   */
  watchShards?: boolean | undefined;
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
}

/** One shard this listener serves. */
interface Shard {
  readonly id: string;
  /** The shard's WebSocket session; undefined for a webhook shard. */
  readonly session: EventSubSession | undefined;
  /** The session bound to the shard (or, for a webhook shard, the callback), once the platform has enabled the shard. */
  bound: string | undefined;
  /** Counts binding attempts, so that the answer to an earlier one is ignored. */
  binding: number;
  /** A bind failure was reported since the last success (reported once, then retried quietly). */
  reported: boolean;
  attempt: number;
  retry: unknown;
  /** A webhook shard's verification deadline. */
  deadline: unknown;
}

const defaultVerificationTimeoutMs = 60_000;

/**
 * Serves a conduit: creates it (or uses `conduitId`), binds a WebSocket session (or, with the
 * `webhook` option, a webhook callback) to each of its shards, and creates subscriptions with the
 * conduit transport and the app token. Subscriptions belong to the conduit and outlive its shards:
 * after a drop the new session is bound to the same shard and nothing is subscribed again. Several
 * processes can each serve part of the shards, each with the same subscriptions.
 *
 * A handle's `ready` resolves once the platform has accepted the subscription and every shard
 * of this listener is bound (its session accepted, or its callback verified and the shard listed
 * as enabled): from then on the platform has a shard to deliver the subscription's events to.
 *
 * `onConnect` and `onDisconnect` are called for WebSocket shards; a webhook shard has no session.
 * `close()` deletes the listener's subscriptions and a conduit it created; a webhook shard of a
 * conduit it did not create stays assigned to the callback.
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
  #conduit: Conduit | undefined;
  #created = false;
  /** Set when the conduit cannot be served; pending and new subscriptions are refused with it. */
  #fatal: unknown;
  /** Subscriptions the platform accepted, whose `ready` waits until every shard of this listener is bound. */
  readonly #waiting = new Set<ListenerSubscription>();
  /** Webhook shards whose challenge was answered, with the binding it was for, to read back until the platform lists them enabled. */
  readonly #unconfirmed = new Map<Shard, number>();
  /** The read-back of unconfirmed webhook shards: reads done since the last one that confirmed a shard, and the wait before the next. */
  readonly #readBack: { attempt: number; timer: unknown; running: boolean } = { attempt: 0, timer: undefined, running: false };

  constructor(client: ClientHandle, options: ConduitListenerOptions = {}) {
    super(client, options, 'conduit');
    const { shardCount, shards, conduitId, webhook } = options;
    if (webhook !== undefined) {
      checkCallbackAndSecret(webhook?.callback, webhook?.secret);
      const timeout = webhook.verificationTimeoutMs;
      if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || !Number.isFinite(timeout))) {
        throw new PlatformError('The verificationTimeoutMs option must be a positive number of milliseconds.');
      }
      this.#webhook = webhook;
      this.keepSecret(webhook.secret);
      const receiver = new WebhookReceiver({
        secret: webhook.secret,
        clock: clientCore(client).clock,
        report: this.report,
        challenge: (payload) => this.#challenge(payload),
        deliver: (messageType, payload, messageId) => {
          this.#deliver(messageType, payload.subscription, payload, messageId, (events) => receiver.fresh(events));
        },
        refused: this.refusedDelivery,
        repeated: this.duplicate,
      });
      this.handler = receiver.handler;
      this.fetch = receiver.fetch;
    } else {
      this.#webSocket = resolveWebSocket(options.webSocket, client);
      this.handler = (_request, response, next) => {
        if (next) next();
        else response.writeHead(404).end();
      };
      this.fetch = () => Promise.resolve(new Response(null, { status: 404 }));
    }
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

  /** The shards this listener serves, and whether each is bound. */
  get shards(): ConduitShardState[] {
    return [...this.#shards.values()].map((shard) => ({
      id: shard.id,
      transport: shard.session ? 'websocket' : 'webhook',
      bound: shard.bound !== undefined,
      sessionId: shard.session ? shard.bound : undefined,
    }));
  }

  protected attach(subscription: ListenerSubscription): void {
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

  /** One entry per shard of this listener, with its session's counters (a webhook shard's are 0: the listener counts its deliveries). */
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

  protected async shutdown(): Promise<void> {
    for (const shard of this.#shards.values()) {
      shard.session?.close();
      this.#clearTimers(shard);
    }
    this.#shards.clear();
    this.#waiting.clear();
    this.#unconfirmed.clear();
    if (this.#readBack.timer !== undefined) clientCore(this.client).clock.clearTimeout(this.#readBack.timer);
    this.#readBack.timer = undefined;
    if (this.#created && this.#conduit) {
      await deleteConduit(this.client, { id: this.#conduit.id }).catch(this.report);
    }
  }

  // -------------------------------------------------------------------------------------------

  async #setup(): Promise<string> {
    try {
      const { conduitId, shardCount } = this.#options;
      let conduit: Conduit | null | undefined;
      if (conduitId === undefined) {
        conduit = await callOperation(this.client, orNone(createConduitOperation), { shard_count: shardCount ?? 1 });
        this.#created = true;
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
      for (const id of owned) this.#serve(id, conduit.id);
      if (this.#options.watchShards !== false) {
        this.on('conduit.shard.disabled', { client_id: clientCore(this.client).clientId, conduit_id: conduit.id }, (event) => {
          this.#shardDisabled(event);
        });
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
   * The spec's bind failure for a WebSocket shard, `Could not bind the WebSocket session: <reason>`,
   * and its counterpart for a webhook shard, `Could not bind the webhook callback: <reason>`.
   */
  #bindError(reason: string, cause?: unknown): PlatformEventSubError {
    const what = this.#webhook ? 'the webhook callback' : 'the WebSocket session';
    return new PlatformEventSubError(`Could not bind ${what}: ${reason}`, cause === undefined ? undefined : { cause });
  }

  #serve(id: string, conduitId: string): void {
    const session = this.#webhook
      ? undefined
      : new EventSubSession(
          { url: this.#url, webSocket: this.#webSocket!, clock: clientCore(this.client).clock },
          {
            welcome: (sessionId, reconnected) => {
              this.welcomed(sessionId, id, reconnected);
              this.#bind(shard, conduitId);
            },
            message: (frame) => {
              if (this.#deliver(frame.metadata.message_type, frame.payload.subscription, frame.payload, frame.metadata.message_id)) session!.stats.delivered++;
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
    const shard: Shard = { id, session, bound: undefined, binding: 0, reported: false, attempt: 0, retry: undefined, deadline: undefined };
    this.#shards.set(id, shard);
    if (session) session.start();
    else this.#bind(shard, conduitId);
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
    const current = () => shard.binding === binding && !this.closed;
    shard.bound = undefined;
    updateConduitShards(this.client, { conduit_id: conduitId, shards: [{ id: shard.id, transport }] }).then(
      ({ data, errors }) => {
        if (!current()) return;
        const failed = errors.find((each) => String(each.id) === shard.id);
        if (failed) throw this.#bindError(`${failed.message ?? failed.code ?? 'the platform refused the shard'} (shard ${shard.id}).`);
        if (sessionId !== undefined) this.#bound(shard, sessionId);
        else if (shard.bound === undefined && data.find((each) => String(each.id) === shard.id)?.status === 'enabled') this.#bound(shard, webhook!.callback);
        else if (shard.bound === undefined) {
          // The challenge is on its way (unless it came before this answer).
          const timeoutMs = webhook!.verificationTimeoutMs ?? defaultVerificationTimeoutMs;
          shard.deadline = clientCore(this.client).clock.setTimeout(() => {
            shard.deadline = undefined;
            if (current()) this.#bindFailed(shard, conduitId, this.#bindError(`the platform did not verify the callback of shard ${shard.id} within ${timeoutMs / 1000} seconds.`));
          }, timeoutMs);
        }
      },
    ).catch((cause: unknown) => {
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

  /** Whether every shard of this listener is bound: the platform has an enabled shard of ours for each of its slots. */
  #allBound(): boolean {
    if (this.#shards.size === 0) return false;
    for (const shard of this.#shards.values()) if (shard.bound === undefined) return false;
    return true;
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
      shard.session?.close();
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

  #shardDisabled(event: { conduit_id?: string; shard_id?: string }): void {
    const conduitId = this.#conduit?.id;
    if (conduitId === undefined || event.conduit_id !== conduitId || event.shard_id === undefined) return;
    const shard = this.#shards.get(String(event.shard_id));
    if (!shard || (shard.session && shard.session.sessionId === undefined)) return;
    this.#bind(shard, conduitId);
  }

  #create(subscription: ListenerSubscription, conduitId: string): void {
    if (subscription.state !== 'pending') return;
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
      { keepGoing: () => subscription.state !== 'stopped' },
    );
    subscription.creating = creating;
    creating.then(
      (created) => {
        if (subscription.creating === creating) subscription.creating = undefined;
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
        this.refuse(subscription, error);
      },
    );
  }

  /**
   * A notification or revocation from any shard: routed by subscription ID, else by type and
   * condition. `fresh` drops batch entries a webhook shard delivered before. True when a handler
   * got the event.
   */
  #deliver(
    messageType: string,
    about: WebhookMessageSubscription | undefined,
    payload: { event?: unknown; events?: unknown },
    messageId: string,
    fresh?: (events: unknown) => unknown,
  ): boolean {
    if (!about || typeof about.id !== 'string') return false;
    const type = String(about.type);
    const version = String(about.version);
    const subscription = this.route(about.id, type, version, about.condition) ?? this.#byCondition(type, version, about.condition);
    if (!subscription) return false;
    if (messageType === 'revocation') {
      this.#waiting.delete(subscription);
      this.revoked(subscription, typeof about.status === 'string' ? about.status : 'unknown');
      return false;
    }
    if (messageType !== 'notification') return false;
    this.dispatch(subscription, subscription.batched ? (fresh ? fresh(payload.events) : payload.events) : payload.event, messageId);
    return true;
  }

  /**
   * A subscription of this listener with the same type, version and condition: the event may
   * come from a subscription another process of the conduit created.
   */
  #byCondition(type: string, version: string, condition: Readonly<Record<string, unknown>> | undefined): ListenerSubscription | undefined {
    for (const subscription of this.subscriptions) if (subscription.matches(type, version, condition)) return subscription;
    return undefined;
  }
}

/**
 * A conduit operation whose answer gives the conduit, or null when its list is empty: the listener
 * reports that case with its own message instead of the operation's `returned no data`.
 */
function orNone<P>(operation: OperationDeclaration<P, Conduit>): OperationDeclaration<P, Conduit | null> {
  return { ...operation, result: firstOrNullResult };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
