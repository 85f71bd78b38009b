import { PlatformApiError, PlatformError, PlatformEventSubError, type ClientHandle, type Clock } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { EventSubListener, type EventSubDedupe, type EventSubListenerOptions, type EventSubSubscription } from '@platform/eventsub';
import {
  createListenerSubscription,
  deleteListenerSubscription,
  isTransient,
  readBackDelay,
  readSubscription,
  type ListenerSubscription,
} from '@platform/eventsub/internal';
import { every, listedAs, listedOn } from './listed';
import {
  WebhookReceiver,
  checkCallbackAndSecret,
  type WebhookChallengeAnswer,
  type WebhookFetchHandler,
  type WebhookMessagePayload,
  type WebhookMessageSubscription,
  type WebhookRequestHandler,
} from './receiver';

/** Options of `eventSubWebhook()`. */
export interface WebhookListenerOptions extends EventSubListenerOptions {
  /**
   * The public address the platform posts to, where `listener.handler` (or `listener.fetch`)
   * answers. The platform wants HTTPS on port 443; a plain `http://` address is let through for
   * local tests against the mock platform. Several processes behind a load balancer share one
   * callback (and secret): each makes the same listener with the same `on()` calls.
   */
  callback: string;
  /** The secret the platform signs each message with: 10 to 100 ASCII characters. Keep it out of logs and source code. */
  secret: string;
  /**
   * How long the platform has to verify a new subscription (send its challenge, and then list it
   * as enabled), counted from its answer to the create call, before `ready` rejects. The
   * subscription is read back first: one the platform lists as enabled counts as verified (its
   * challenge may have reached another process); any other is deleted. Default 60 000 (the
   * platform's limit).
   */
  verificationTimeoutMs?: number | undefined;
  /**
   * The repeat check of deliveries, shared by every process behind the callback:
   * `redisDedupe({ url })` of `@platform/redis-store`. Without it each process keeps the message
   * IDs it handled in memory, and a retry that lands on another process is handled twice. A store
   * that cannot answer gets the delivery answered with 503, so the platform delivers it again.
   */
  dedupe?: EventSubDedupe | undefined;
  /**
   * How often (ms) the listener compares its subscriptions with what the platform lists for its
   * callback: it adopts what exists, creates again what the platform failed for a reason that
   * allows it (`notification_failures_exceeded`, `webhook_callback_verification_failed`, gone),
   * and reports what was revoked for good (`authorization_revoked`, `user_removed`,
   * `version_removed`...) through `onError` and `stats().revokedBy`. 0 turns it off. Default
   * 300 000 (5 minutes).
   */
  reconcileIntervalMs?: number | undefined;
}

const defaultVerificationTimeoutMs = 60_000;
const defaultReconcileIntervalMs = 5 * 60_000;
/** How often one subscription is created again in a row (after failures) before the listener gives up on it. */
const maxRecreations = 3;
/** Statuses after which a subscription is deleted and created again: nothing the user must do. */
const renewable = new Set(['notification_failures_exceeded', 'webhook_callback_verification_failed']);
const pendingStatus = 'webhook_callback_verification_pending';

/** A subscription being read back until the platform lists it enabled. */
interface ReadBack {
  /** Reads done so far. */
  attempt: number;
  /** The wait before the next read. */
  timer: unknown;
  /** A read is in flight. */
  reading: boolean;
}

/**
 * An EventSub listener on the webhook transport. Subscriptions are created with the app token and
 * the listener's callback and secret; the platform posts their messages to the callback, where
 * `handler` (Node, Express) or `fetch` (web-standard) checks and answers them:
 *
 * - the HMAC-SHA256 signature over message ID, timestamp and raw body, compared in constant time
 *   (missing or wrong: 403, no handler call);
 * - the timestamp: older than 10 minutes, or unreadable: 403, no handler call;
 * - the message ID: a repeat gets 204 and no second handler call (across processes with the
 *   `dedupe` option);
 * - a verification challenge of one of its subscriptions (or of one with the same type and
 *   condition that another process created) gets 200 with the challenge as `text/plain`; a
 *   notification gets 204, then goes to the handler; one for no subscription of this listener gets
 *   503, so that the platform delivers it again (to another process behind the load balancer); a
 *   revocation gets 204.
 *
 * Several processes with the same callback and secret each call `on()` for the same
 * subscriptions: one subscription exists on the platform (a 409 adopts the existing one), every
 * process's `ready` resolves once the platform lists it enabled, and every process hands on the
 * notifications that reach it. `close()` deletes nothing; `handle.stop()` and `unsubscribeAll()` do.
 *
 * Make one with `eventSubWebhook(client, options)`.
 */
export class WebhookListener extends EventSubListener {
  /**
   * The Node request handler: pass it to `http.createServer()` or mount it in Express (without a
   * body parser, or after `express.raw({ type: 'application/json' })`).
   *
   * @example
   * http.createServer(listener.handler).listen(8080);
   * // Express
   * app.post('/eventsub', express.raw({ type: 'application/json' }), listener.handler);
   */
  readonly handler: WebhookRequestHandler;

  /**
   * The web-standard handler: takes the platform's `Request`, resolves with the `Response` to send.
   *
   * @example
   * export default { fetch: listener.fetch };                     // Bun, Deno, Workers
   * app.post('/eventsub', (context) => listener.fetch(context.req.raw)); // Hono
   */
  readonly fetch: WebhookFetchHandler;

  readonly #callback: string;
  readonly #secret: string;
  readonly #verificationTimeoutMs: number;
  readonly #reconcileIntervalMs: number;
  readonly #clock: Clock;
  /** Verification deadlines of subscriptions waiting for the platform to enable them. */
  readonly #timers = new Map<ListenerSubscription, unknown>();
  /** Subscriptions being read back until the platform enables them. */
  readonly #readBacks = new Map<ListenerSubscription, ReadBack>();
  /** Create calls in flight. */
  readonly #creating = new Set<ListenerSubscription>();
  /** How often each subscription was created again since it was last enabled. */
  readonly #recreations = new Map<ListenerSubscription, number>();
  #reconciling = false;
  /** The comparison with the platform every `reconcileIntervalMs`, once the first subscription is made. */
  #reconciler: { stop(): void } | undefined;
  /** Whether a listed subscription's transport is this listener's callback. */
  readonly #owns = (transport: { method?: unknown; callback?: unknown }): boolean => transport.method === 'webhook' && transport.callback === this.#callback;

  /**
   * @throws PlatformEventSubError `A webhook listener needs a \`callback\` URL and a \`secret\`.` or
   *   `The webhook secret must be 10 to 100 characters long.`; PlatformError for a callback that is
   *   not an absolute http(s) URL or another malformed option.
   */
  constructor(client: ClientHandle, options: WebhookListenerOptions) {
    super(client, checkOptions(options), 'webhook');
    this.#callback = options.callback;
    this.#secret = options.secret;
    this.keepSecret(options.secret);
    this.#verificationTimeoutMs = options.verificationTimeoutMs ?? defaultVerificationTimeoutMs;
    this.#reconcileIntervalMs = options.reconcileIntervalMs ?? defaultReconcileIntervalMs;
    const clock = clientCore(client).clock;
    this.#clock = clock;
    const receiver = new WebhookReceiver({
      secret: options.secret,
      clock,
      report: this.report,
      challenge: (payload) => this.#challenge(payload),
      deliver: (messageType, payload, messageId, timestamp) => this.#deliver(messageType, payload, messageId, timestamp),
      accepts: (payload) => this.#find(payload.subscription) !== undefined,
      refused: this.refusedDelivery,
      repeated: this.duplicate,
      dedupe: options.dedupe,
    });
    this.handler = receiver.handler;
    this.fetch = receiver.fetch;
  }

  /**
   * Compares the listener's subscriptions with what the platform lists for its callback now (what
   * it does every `reconcileIntervalMs`): adopts what exists, creates again what the platform
   * failed for a reason that allows it, reports what was revoked for good. Subscriptions of other
   * callbacks are never touched. A failure to list goes to `onError`.
   */
  async reconcile(): Promise<void> {
    if (this.closed || this.#reconciling) return;
    this.#reconciling = true;
    try {
      const listed = await listedOn(this.client, this.#owns, undefined, (page) => this.costs(page));
      if (this.closed) return;
      for (const subscription of [...this.subscriptions]) {
        if (this.#creating.has(subscription)) continue;
        const found = listedAs(subscription, listed);
        if (!found) {
          // Gone: deleted by another program, or after the platform failed it.
          if (subscription.id !== undefined || subscription.state === 'active') this.#recreate(subscription, 'the platform no longer lists it');
          continue;
        }
        if (found.id !== subscription.id) this.assignId(subscription, found.id);
        this.#status(subscription, found.status);
      }
    } catch (error) {
      this.report(new PlatformEventSubError(`Could not compare the webhook subscriptions with the platform's: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
    } finally {
      this.#reconciling = false;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions

  protected attach(subscription: ListenerSubscription): void {
    if (this.#reconciler === undefined && this.#reconcileIntervalMs !== 0) this.#reconciler = every(this.#clock, this.#reconcileIntervalMs, () => this.reconcile());
    this.#create(subscription);
  }

  protected override forget(subscription: ListenerSubscription): void {
    this.#stopReadBack(subscription);
    this.#clearTimer(subscription);
    this.#recreations.delete(subscription);
  }

  protected detach(subscription: ListenerSubscription): Promise<void> {
    this.#clearTimer(subscription);
    return deleteListenerSubscription(this.client, subscription.id!, 'app');
  }

  protected shutdown(): Promise<void> {
    for (const timer of this.#timers.values()) this.#clock.clearTimeout(timer);
    this.#timers.clear();
    for (const subscription of [...this.#readBacks.keys()]) this.#stopReadBack(subscription);
    this.#reconciler?.stop();
    return Promise.resolve();
  }

  /** Waiting for the platform, or enabled: the listener wants it. */
  #live(subscription: ListenerSubscription): boolean {
    return subscription.state === 'pending' || subscription.state === 'active';
  }

  #create(subscription: ListenerSubscription): void {
    this.#creating.add(subscription);
    const creating = createListenerSubscription(
      this.client,
      {
        type: subscription.type,
        version: subscription.version,
        condition: subscription.condition,
        transport: { method: 'webhook', callback: this.#callback, secret: this.#secret },
        batched: subscription.batched,
      },
      'app',
      // A stop, a timeout or a challenge that already arrived ends the attempts.
      { keepGoing: () => this.#live(subscription) && !this.#readBacks.has(subscription), onWait: this.reportWait },
    );
    subscription.creating = creating;
    creating.then(
      (created) => {
        this.#creating.delete(subscription);
        this.costs(created);
        if (subscription.state === 'failed') {
          // It timed out or was revoked before the answer came: leave nothing behind.
          this.#remove(created.id);
          return;
        }
        // For a stopped subscription this only records the ID, which stop() then deletes.
        this.assignId(subscription, created.id);
        if (!this.#live(subscription)) return;
        if (created.status === 'enabled') this.#enabled(subscription);
        else {
          // The challenge may reach another process behind the load balancer: reading back tells.
          this.#arm(subscription);
          this.#startReadBack(subscription, false);
        }
      },
      (error: unknown) => {
        this.#creating.delete(subscription);
        // A challenge answered meanwhile proves the platform made it (a retry then meets a 409):
        // reading it back decides.
        if (this.#readBacks.has(subscription)) return;
        if (!this.#live(subscription)) {
          this.#clearTimer(subscription);
          return;
        }
        if (error instanceof PlatformApiError && error.status === 409) {
          // Another process (or an earlier run) made it: adopt it.
          const existing = (error.body as { id?: unknown } | undefined)?.id;
          if (typeof existing === 'string' && existing !== '') this.#adopt(subscription, existing);
          else void this.#adoptListed(subscription, error);
          return;
        }
        this.#clearTimer(subscription);
        this.refuse(subscription, error);
      },
    );
  }

  /** Takes an existing subscription as this one's: read back until the platform lists it enabled. */
  #adopt(subscription: ListenerSubscription, id: string): void {
    this.assignId(subscription, id);
    this.logSubscription('debug', subscription, ': adopted the existing one (another process or an earlier run created it)');
    this.#arm(subscription);
    this.#startReadBack(subscription, true);
  }

  /** A 409 whose body names no subscription: the one listed with the same type, condition and callback is adopted. */
  async #adoptListed(subscription: ListenerSubscription, conflict: PlatformApiError): Promise<void> {
    let found: EventSubSubscription | undefined;
    try {
      found = (await listedOn(this.client, this.#owns, subscription.type, (page) => this.costs(page))).find((each) => subscription.matches(each.type, each.version, each.condition));
    } catch (error) {
      if (this.#live(subscription)) this.refuse(subscription, error);
      return;
    }
    if (!this.#live(subscription)) return;
    if (found) this.#adopt(subscription, found.id);
    else {
      this.refuse(
        subscription,
        new PlatformEventSubError(
          `Could not subscribe to ${subscription.type} (version ${subscription.version}): the platform answered 409 Conflict, but lists no subscription of that type and condition on this callback (another callback or transport has it).`,
          { cause: conflict },
        ),
      );
    }
  }

  /**
   * Deletes a subscription the platform failed (or that vanished) and creates it again, at most
   * `maxRecreations` times in a row; another process doing the same meets a 409 and adopts it.
   */
  #recreate(subscription: ListenerSubscription, why: string): void {
    if (!this.#live(subscription) || this.#creating.has(subscription)) return;
    const count = (this.#recreations.get(subscription) ?? 0) + 1;
    const { id } = subscription;
    this.#stopReadBack(subscription);
    this.#clearTimer(subscription);
    if (count > maxRecreations) {
      this.#giveUp(subscription, new PlatformError(`${why}, after ${maxRecreations} attempts to create it again.`), true);
      return;
    }
    this.#recreations.set(subscription, count);
    this.logSubscription('warn', subscription, `: ${why}; creating it again`);
    this.assignId(subscription, undefined);
    this.#creating.add(subscription);
    const removing = id === undefined ? Promise.resolve() : deleteListenerSubscription(this.client, id, 'app').catch(this.report);
    void removing.then(() => {
      this.#creating.delete(subscription);
      if (this.#live(subscription)) this.#create(subscription);
    });
  }

  /** Acts on the status the platform lists a subscription of this listener with. */
  #status(subscription: ListenerSubscription, status: string | undefined): void {
    if (!this.#live(subscription)) return;
    if (status === 'enabled') this.#enabled(subscription);
    else if (status === pendingStatus) {
      this.#arm(subscription);
      this.#startReadBack(subscription, false);
    } else if (status === undefined) this.#recreate(subscription, 'the platform no longer lists it');
    else if (renewable.has(status)) {
      this.countRevocation(status);
      this.#recreate(subscription, `the platform lists it as ${status}`);
    } else {
      // Revoked for good: the user must act (authorize again, another version...).
      this.#stopReadBack(subscription);
      this.#clearTimer(subscription);
      if (subscription.state === 'pending') this.#giveUp(subscription, new PlatformError(`the platform lists it as ${status}, not enabled.`), true);
      else this.revoked(subscription, status);
    }
  }

  /** Starts the verification deadline of a subscription, unless it runs already. */
  #arm(subscription: ListenerSubscription): void {
    if (this.#timers.has(subscription) || subscription.state !== 'pending') return;
    this.#timers.set(
      subscription,
      this.#clock.setTimeout(() => void this.#verificationTimedOut(subscription), this.#verificationTimeoutMs),
    );
  }

  /** The deadline passed: one read decides, and a subscription the platform lists enabled is never deleted. */
  async #verificationTimedOut(subscription: ListenerSubscription): Promise<void> {
    this.#timers.delete(subscription);
    if (subscription.state !== 'pending') return;
    this.#stopReadBack(subscription);
    const seconds = Math.round(this.#verificationTimeoutMs) / 1000;
    const error = new PlatformEventSubError(`The platform did not verify the callback for ${subscription.type} within ${seconds} seconds.`);
    const { id } = subscription;
    let status: string | undefined;
    let known = true;
    if (id !== undefined) {
      try {
        status = (await readSubscription(this.client, id, 'app'))?.status;
      } catch {
        known = false;
      }
    }
    if (subscription.state !== 'pending') return;
    if (status === 'enabled') this.#enabled(subscription);
    else this.#giveUp(subscription, error, known);
  }

  /** The platform lists the subscription as enabled: events will arrive, so `ready` resolves. */
  #enabled(subscription: ListenerSubscription): void {
    this.#stopReadBack(subscription);
    this.#clearTimer(subscription);
    this.#recreations.delete(subscription);
    subscription.confirm();
  }

  /** Refuses a subscription the platform did not enable (rejecting `ready`, reporting) and, when `remove`, deletes it. */
  #giveUp(subscription: ListenerSubscription, cause: unknown, remove: boolean): void {
    const { id } = subscription;
    this.#stopReadBack(subscription);
    this.#clearTimer(subscription);
    this.#recreations.delete(subscription);
    this.refuse(subscription, cause);
    if (remove && id !== undefined) this.#remove(id);
  }

  /** Deletes a subscription the listener gave up on; a failure goes to onError. */
  #remove(id: string): void {
    deleteListenerSubscription(this.client, id, 'app').catch(this.report);
  }

  #clearTimer(subscription: ListenerSubscription): void {
    const timer = this.#timers.get(subscription);
    if (timer === undefined) return;
    this.#timers.delete(subscription);
    this.#clock.clearTimeout(timer);
  }

  // -------------------------------------------------------------------------------------------
  // Reading back

  /**
   * Reads a subscription back until the platform lists it enabled. `now`: read at once (its
   * challenge was answered here, or it was adopted); else after a first wait, since the challenge
   * is on its way (to this process or another).
   */
  #startReadBack(subscription: ListenerSubscription, now: boolean): void {
    const running = this.#readBacks.get(subscription);
    if (running) {
      if (now && !running.reading && running.timer !== undefined) {
        this.#clock.clearTimeout(running.timer);
        running.timer = undefined;
        running.attempt = 0;
        void this.#readBack(subscription, running);
      }
      return;
    }
    const readBack: ReadBack = { attempt: now ? 0 : 4, timer: undefined, reading: false };
    this.#readBacks.set(subscription, readBack);
    if (now) void this.#readBack(subscription, readBack);
    else this.#readAgain(subscription, readBack);
  }

  /** One read: enabled resolves `ready`, pending reads again after a wait, any other status is acted on. */
  async #readBack(subscription: ListenerSubscription, readBack: ReadBack): Promise<void> {
    readBack.attempt++;
    readBack.reading = true;
    const id = subscription.id;
    let listed: EventSubSubscription | undefined;
    try {
      if (id === undefined) return;
      listed = await readSubscription(this.client, id, 'app');
    } catch (error) {
      if (this.#readBacks.get(subscription) !== readBack || !this.#live(subscription)) return;
      if (isTransient(error)) this.#readAgain(subscription, readBack);
      else this.#giveUp(subscription, error, false);
      return;
    } finally {
      readBack.reading = false;
    }
    if (this.#readBacks.get(subscription) !== readBack || !this.#live(subscription) || subscription.id !== id) return;
    if (listed?.status === pendingStatus) this.#readAgain(subscription, readBack);
    else {
      this.#readBacks.delete(subscription);
      this.#status(subscription, listed?.status);
    }
  }

  #readAgain(subscription: ListenerSubscription, readBack: ReadBack): void {
    readBack.timer = this.#clock.setTimeout(() => {
      readBack.timer = undefined;
      void this.#readBack(subscription, readBack);
    }, readBackDelay(readBack.attempt));
  }

  #stopReadBack(subscription: ListenerSubscription): void {
    const readBack = this.#readBacks.get(subscription);
    if (!readBack) return;
    this.#readBacks.delete(subscription);
    if (readBack.timer !== undefined) this.#clock.clearTimeout(readBack.timer);
  }

  // -------------------------------------------------------------------------------------------
  // Messages, whatever the server

  /** The subscription of this listener a message is about: by ID, else a live one of the same type, version and condition. */
  #find(about: WebhookMessageSubscription | undefined): ListenerSubscription | undefined {
    if (!about || typeof about.id !== 'string') return undefined;
    const type = String(about.type);
    const version = String(about.version);
    return this.route(about.id, type, version, about.condition) ?? this.matching(type, version, about.condition);
  }

  /**
   * The answer to the challenge of a subscription this listener wants (made by this process or by
   * another one with the same callback); undefined for any other, which is reported, and for a
   * conduit shard's (serve conduit shards with the conduit listener's `webhook` option).
   */
  #challenge(payload: WebhookMessagePayload): WebhookChallengeAnswer | undefined {
    const text = payload.challenge;
    const about = payload.subscription;
    if (typeof text !== 'string' || payload.conduit_shard || !about || typeof about.id !== 'string') return undefined;
    const id = about.id;
    const callback = about.transport?.callback;
    const subscription = callback === undefined || callback === this.#callback ? this.#find(about) : undefined;
    if (!subscription) {
      this.report(
        new PlatformEventSubError(
          `Refused the verification challenge of subscription ${safe(id)} to ${safe(about.type)} (version ${safe(about.version)}): this listener has no subscription of that type and condition on its callback. ` +
            'Behind a load balancer, every process must call on() for the same subscriptions; the one that created it creates it again.',
        ),
      );
      return undefined;
    }
    return { text, answered: () => this.#verified(subscription, id) };
  }

  /**
   * After the challenge was answered. The platform enables the subscription once it has read the
   * answer, a moment later: until it lists the subscription as enabled, an event raised now would
   * not be delivered. So `ready` waits for a read-back that shows it enabled.
   */
  #verified(subscription: ListenerSubscription, id: string): void {
    // The challenge can outrun the create call's answer (or come for another process's create): it names the subscription.
    if (subscription.id === undefined) this.assignId(subscription, id);
    this.challengeAnswered(subscription, undefined);
    if (subscription.state !== 'pending' || subscription.id !== id) return;
    // The deadline bounds the reads, even when the create call's answer never comes.
    this.#arm(subscription);
    this.#startReadBack(subscription, true);
  }

  /** After a notification or revocation was answered with 204: hands it to its subscription. */
  #deliver(messageType: string, payload: WebhookMessagePayload, messageId: string, timestamp: string): void {
    const about = payload.subscription;
    const subscription = this.#find(about);
    if (!subscription || !about) return;
    const id = about.id as string;
    if (messageType === 'notification') {
      if (subscription.state === 'pending' && subscription.id === undefined) this.assignId(subscription, id);
      this.dispatch(subscription, subscription.batched ? payload.events : payload.event, {
        messageId,
        timestamp,
        subscriptionId: id,
        type: subscription.type,
        version: subscription.version,
        transport: 'webhook',
      });
    } else if (messageType === 'revocation') {
      // A revocation of an earlier subscription (since created again) changes nothing.
      if (subscription.id !== undefined && subscription.id !== id) return;
      const status = typeof about.status === 'string' ? about.status : 'unknown';
      if (renewable.has(status)) {
        this.countRevocation(status);
        this.#recreate(subscription, `the platform revoked it: ${status}`);
        return;
      }
      this.#stopReadBack(subscription);
      this.#clearTimer(subscription);
      this.revoked(subscription, status);
    }
  }
}

/**
 * Makes an EventSub listener on the webhook transport. Subscriptions are created with the app
 * token (the client needs a clientSecret), deleted with it by `stop()` and `close()`.
 *
 * @param options `callback` (the public URL of your handler) and `secret` (10 to 100 characters),
 *   plus `onError` and `verificationTimeoutMs`. `onConnect` and `onDisconnect` are accepted but a
 *   webhook never calls them.
 * @throws PlatformEventSubError `A webhook listener needs a \`callback\` URL and a \`secret\`.` when
 *   one is missing, `The webhook secret must be 10 to 100 characters long.` for a bad secret.
 * @example
 * const listener = eventSubWebhook(client, { callback: 'https://example.org/eventsub', secret: process.env.EVENTSUB_SECRET!, onError: console.error });
 * http.createServer(listener.handler).listen(8080);
 * const follows = listener.on('channel.follow', { broadcaster_user_id, moderator_user_id }, (event) => {
 *   console.log(`${event.user_name} followed`);
 * });
 * await follows.ready; // the platform verified the callback and enabled the subscription
 */
export function eventSubWebhook(client: ClientHandle, options: WebhookListenerOptions): WebhookListener {
  return new WebhookListener(client, options);
}

/** The options, checked: PlatformEventSubErrors for a missing callback or secret and a bad secret, a PlatformError for the rest. */
function checkOptions(options: WebhookListenerOptions): WebhookListenerOptions {
  const given = (typeof options === 'object' && options !== null ? options : {}) as Partial<WebhookListenerOptions>;
  checkCallbackAndSecret(given.callback, given.secret);
  const { verificationTimeoutMs } = given;
  if (verificationTimeoutMs !== undefined && (typeof verificationTimeoutMs !== 'number' || !(verificationTimeoutMs > 0) || !Number.isFinite(verificationTimeoutMs))) {
    throw new PlatformError('The verificationTimeoutMs option must be a positive number of milliseconds.');
  }
  const { reconcileIntervalMs } = given;
  if (reconcileIntervalMs !== undefined && (typeof reconcileIntervalMs !== 'number' || !(reconcileIntervalMs >= 0) || !Number.isFinite(reconcileIntervalMs))) {
    throw new PlatformError('The reconcileIntervalMs option must be 0 (off) or a positive number of milliseconds.');
  }
  return options;
}

/** A value from a message, as it may appear in an error message: word characters and `.:@-` only, at most 64. */
function safe(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
  return text.replace(/[^\w.:@-]/g, '_').slice(0, 64) || '?';
}
