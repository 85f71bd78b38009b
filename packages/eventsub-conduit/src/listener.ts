import { PlatformApiError, PlatformError, PlatformEventSubError, clientCore, clientInternals, runCall, type ClientHandle, type HttpMethod } from '@platform/core';
import {
  EventSubListener,
  createSubscription,
  deleteSubscription,
  isTransient,
  type EventSubListenerOptions,
  type ListenerSubscription,
} from '@platform/eventsub';
import { EventSubSession, connectionUrl, reconnectDelay, resolveWebSocket, type EventSubFrame, type WebSocketClass } from '@platform/eventsub-ws';

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
   * The shards this listener serves, one WebSocket session each: by default every shard of the
   * conduit. Several processes each pass their part (`[0, 1]` and `[2, 3]`) to share a conduit.
   */
  shards?: readonly (number | string)[] | undefined;
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

/** One shard this listener serves. */
interface Shard {
  readonly id: string;
  readonly session: EventSubSession;
  /** The session bound to the shard, once the platform accepted the binding. */
  bound: string | undefined;
  /** A bind failure was reported since the last success (reported once, then retried quietly). */
  reported: boolean;
  attempt: number;
  retry: unknown;
}

type Conduit = { id: string; shard_count: number };

/**
 * Serves a conduit: creates it (or uses `conduitId`), binds a WebSocket session to each of its
 * shards, and creates subscriptions with the conduit transport and the app token. Subscriptions
 * belong to the conduit and outlive its shards: after a drop the new session is bound to the same
 * shard and nothing is subscribed again. Several processes can each serve part of the shards.
 *
 * @example
 * const listener = eventSubConduit(client, { shardCount: 2, onError: console.error });
 * listener.on('stream.online', { broadcaster_user_id }, (event) => console.log(event.broadcaster_user_name));
 */
export class ConduitListener extends EventSubListener {
  /** Resolves with the conduit's ID once it exists (created or checked). */
  readonly conduitId: Promise<string>;
  readonly #shards = new Map<string, Shard>();
  readonly #webSocket: WebSocketClass;
  readonly #url: string;
  readonly #options: ConduitListenerOptions;
  #conduit: Conduit | undefined;
  #created = false;
  /** Set when the conduit cannot be served; pending and new subscriptions are refused with it. */
  #fatal: unknown;

  constructor(client: ClientHandle, options: ConduitListenerOptions = {}) {
    super(client, options, 'conduit');
    this.#webSocket = resolveWebSocket(options.webSocket, client);
    this.#url = connectionUrl(clientCore(client).eventSubWsUrl, options.keepaliveTimeoutSeconds);
    const { shardCount, shards, conduitId } = options;
    if (shardCount !== undefined && (!Number.isInteger(shardCount) || shardCount < 1)) {
      throw new PlatformError(`The shardCount option must be a whole number, 1 or more; got ${String(shardCount)}.`);
    }
    if (conduitId !== undefined && (typeof conduitId !== 'string' || conduitId === '')) throw new PlatformError('The conduitId option must be a non-empty string.');
    if (shards !== undefined && (!Array.isArray(shards) || shards.length === 0 || shards.some((id) => !/^\d+$/.test(String(id))))) {
      throw new PlatformError('The shards option must be a non-empty list of shard IDs (0, 1, ...).');
    }
    this.#options = options;
    this.conduitId = this.#setup();
    this.conduitId.catch(() => undefined);
  }

  /** The shards this listener serves and the session bound to each (undefined while unbound). */
  get shards(): { id: string; sessionId: string | undefined }[] {
    return [...this.#shards.values()].map((shard) => ({ id: shard.id, sessionId: shard.bound }));
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

  protected detach(subscription: ListenerSubscription): Promise<void> {
    return subscription.id === undefined ? Promise.resolve() : deleteSubscription(this.client, subscription.id, 'app');
  }

  protected async shutdown(): Promise<void> {
    for (const shard of this.#shards.values()) {
      shard.session.close();
      if (shard.retry !== undefined) clientCore(this.client).clock.clearTimeout(shard.retry);
    }
    this.#shards.clear();
    if (this.#created && this.#conduit) {
      await this.#call('DELETE', '/eventsub/conduits', `id=${encodeURIComponent(this.#conduit.id)}`).catch(this.report);
    }
  }

  // -------------------------------------------------------------------------------------------

  async #setup(): Promise<string> {
    try {
      const { conduitId, shardCount } = this.#options;
      let conduit: Conduit | undefined;
      if (conduitId === undefined) {
        conduit = first(await this.#call('POST', '/eventsub/conduits', '', { shard_count: shardCount ?? 1 }));
        this.#created = true;
      } else {
        const listed = (await this.#call('GET', '/eventsub/conduits', '')) as { data?: Conduit[] } | undefined;
        conduit = listed?.data?.find((each) => each.id === conduitId);
        if (!conduit) throw new PlatformEventSubError(`Could not bind the WebSocket session: the conduit ${conduitId} does not exist or belongs to another client.`);
        if (shardCount !== undefined && conduit.shard_count < shardCount) {
          conduit = first(await this.#call('PATCH', '/eventsub/conduits', '', { id: conduitId, shard_count: shardCount }));
        }
      }
      if (!conduit) throw new PlatformEventSubError('Could not bind the WebSocket session: the platform returned no conduit.');
      this.#conduit = conduit;
      if (this.closed) return conduit.id;
      const owned = this.#options.shards?.map(String) ?? Array.from({ length: conduit.shard_count }, (_, index) => String(index));
      const outside = owned.filter((id) => Number(id) >= conduit.shard_count);
      if (outside.length > 0) {
        throw new PlatformEventSubError(`Could not bind the WebSocket session: the conduit has ${conduit.shard_count} shards (0 to ${conduit.shard_count - 1}); shard ${outside.join(', ')} does not exist.`);
      }
      for (const id of owned) this.#serve(id, conduit.id);
      if (this.#options.watchShards !== false) {
        this.on('conduit.shard.disabled', { client_id: clientCore(this.client).clientId, conduit_id: conduit.id }, (event) => {
          this.#shardDisabled(event);
        });
      }
      return conduit.id;
    } catch (cause) {
      const error = cause instanceof PlatformEventSubError ? cause : new PlatformEventSubError(`Could not bind the WebSocket session: ${messageOf(cause)}`, { cause });
      this.#fatal = error;
      this.report(error);
      throw error;
    }
  }

  #serve(id: string, conduitId: string): void {
    const shard: Shard = {
      id,
      bound: undefined,
      reported: false,
      attempt: 0,
      retry: undefined,
      session: new EventSubSession(
        { url: this.#url, webSocket: this.#webSocket, clock: clientCore(this.client).clock },
        {
          welcome: (sessionId) => {
            this.#bind(shard, conduitId, sessionId);
          },
          message: (frame) => {
            this.#message(frame);
          },
          drop: (sessionId, code, reason) => {
            shard.bound = undefined;
            if (sessionId !== undefined) this.disconnected({ sessionId, shardId: id, reason, ...(code === undefined ? {} : { code }) });
          },
          error: this.report,
        },
      ),
    };
    this.#shards.set(id, shard);
    shard.session.start();
  }

  /** Assigns the session to its shard; a temporary failure is reported once and retried. */
  #bind(shard: Shard, conduitId: string, sessionId: string): void {
    const clock = clientCore(this.client).clock;
    if (shard.retry !== undefined) clock.clearTimeout(shard.retry);
    shard.retry = undefined;
    const body = { conduit_id: conduitId, shards: [{ id: shard.id, transport: { method: 'websocket', session_id: sessionId } }] };
    this.#call('PATCH', '/eventsub/conduits/shards', '', body).then(
      (answer) => {
        if (shard.session.sessionId !== sessionId || this.closed) return;
        const failed = (answer as { errors?: { id: string; message?: string; code?: string }[] } | undefined)?.errors?.find((each) => String(each.id) === shard.id);
        if (failed) throw new PlatformEventSubError(`Could not bind the WebSocket session: ${failed.message ?? failed.code ?? 'the platform refused the shard'} (shard ${shard.id}).`);
        shard.bound = sessionId;
        shard.reported = false;
        shard.attempt = 0;
        this.connected({ sessionId, shardId: shard.id });
      },
    ).catch((cause: unknown) => {
      if (shard.session.sessionId !== sessionId || this.closed) return;
      const error = cause instanceof PlatformEventSubError ? cause : new PlatformEventSubError(`Could not bind the WebSocket session: ${messageOf(cause)}`, { cause });
      const final = cause instanceof PlatformApiError && !isTransient(cause) && (cause.status === 404 || cause.status === 401 || cause.status === 403);
      if (final) {
        // Waiting cannot fix it: pending subscriptions are refused and the shard is given up.
        this.#fatal = error;
        this.report(error);
        for (const subscription of this.subscriptions) if (subscription.state === 'pending') this.refuse(subscription, error);
        shard.session.close();
        return;
      }
      if (!shard.reported) {
        shard.reported = true;
        this.report(error);
      }
      shard.attempt++;
      shard.retry = clock.setTimeout(() => {
        shard.retry = undefined;
        if (shard.session.sessionId === sessionId && !this.closed) this.#bind(shard, conduitId, sessionId);
      }, Math.max(reconnectDelay(shard.attempt + 1, clock.random), 250));
    });
  }

  #shardDisabled(event: { conduit_id?: string; shard_id?: string }): void {
    const conduitId = this.#conduit?.id;
    if (conduitId === undefined || event.conduit_id !== conduitId || event.shard_id === undefined) return;
    const shard = this.#shards.get(String(event.shard_id));
    const sessionId = shard?.session.sessionId;
    if (!shard || sessionId === undefined) return;
    shard.bound = undefined;
    this.#bind(shard, conduitId, sessionId);
  }

  #create(subscription: ListenerSubscription, conduitId: string): void {
    if (subscription.state !== 'pending') return;
    if (this.#fatal) {
      this.refuse(subscription, this.#fatal);
      return;
    }
    const creating = createSubscription(
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
        subscription.confirm();
      },
      (error: unknown) => {
        if (subscription.creating === creating) subscription.creating = undefined;
        // Another process of the same conduit (or an earlier run) made it already: it serves this
        // listener too, since a conduit's events go to whichever shard the platform picks.
        const existing = error instanceof PlatformApiError && error.status === 409 ? (error.body as { id?: unknown } | undefined)?.id : undefined;
        if (typeof existing === 'string') {
          this.assignId(subscription, existing);
          if (subscription.state === 'stopped') return;
          subscription.confirm();
          return;
        }
        if (subscription.state === 'stopped') return;
        this.refuse(subscription, error);
      },
    );
  }

  #message(frame: EventSubFrame): void {
    const info = frame.payload.subscription;
    if (!info) return;
    const subscription = this.route(info.id, info.type, info.version, info.condition) ?? this.#byCondition(info.type, info.version, info.condition);
    if (!subscription) return;
    if (frame.metadata.message_type === 'revocation') {
      this.revoked(subscription, info.status);
      return;
    }
    this.dispatch(subscription, subscription.batched ? frame.payload.events : frame.payload.event);
  }

  /**
   * A subscription of this listener with the same type, version and condition: the event may
   * come from a subscription another process of the conduit created.
   */
  #byCondition(type: string, version: string, condition: Readonly<Record<string, unknown>> | undefined): ListenerSubscription | undefined {
    for (const subscription of this.subscriptions) if (subscription.matches(type, version, condition)) return subscription;
    return undefined;
  }

  async #call(method: HttpMethod, path: string, search: string, body?: unknown): Promise<unknown> {
    const answer = await runCall(
      clientCore(this.client),
      { target: { method, path, token: 'app', scopes: [] }, params: {}, encode: () => ({ search, body }) },
      this.client[clientInternals].defaults,
    );
    return answer.data;
  }
}

function first(answer: unknown): Conduit | undefined {
  return (answer as { data?: Conduit[] } | undefined)?.data?.[0];
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
