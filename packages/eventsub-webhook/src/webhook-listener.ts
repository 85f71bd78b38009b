import { PlatformError, PlatformEventSubError, type ClientHandle, type Clock } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import {
  EventSubListener,
  createListenerSubscription,
  deleteListenerSubscription,
  isTransient,
  readBackDelay,
  readSubscription,
  type EventSubListenerOptions,
  type ListenerSubscription,
} from '@platform/eventsub';
import {
  WebhookReceiver,
  checkCallbackAndSecret,
  type WebhookChallengeAnswer,
  type WebhookFetchHandler,
  type WebhookMessagePayload,
  type WebhookRequestHandler,
} from './receiver';

/** Options of `eventSubWebhook()`. */
export interface WebhookListenerOptions extends EventSubListenerOptions {
  /**
   * The public address the platform posts to, where `listener.handler` (or `listener.fetch`)
   * answers. The platform wants HTTPS on port 443; a plain `http://` address is let through for
   * local tests against the mock platform.
   */
  callback: string;
  /** The secret the platform signs each message with: 10 to 100 ASCII characters. Keep it out of logs and source code. */
  secret: string;
  /**
   * How long the platform has to verify a new subscription (send its challenge, and then list it
   * as enabled), counted from its answer to the create call, before `ready` rejects and the
   * subscription is deleted. Default 60 000 (the platform's limit).
   */
  verificationTimeoutMs?: number | undefined;
}

const defaultVerificationTimeoutMs = 60_000;

/** A subscription whose challenge was answered, read back until the platform lists it enabled. */
interface ReadBack {
  /** Reads done so far. */
  attempt: number;
  /** The wait before the next read. */
  timer: unknown;
}

/**
 * An EventSub listener on the webhook transport. Subscriptions are created with the app token and
 * the listener's callback and secret; the platform posts their messages to the callback, where
 * `handler` (Node, Express) or `fetch` (web-standard) checks and answers them:
 *
 * - the HMAC-SHA256 signature over message ID, timestamp and raw body, compared in constant time
 *   (missing or wrong: 403, no handler call);
 * - the timestamp: older than 10 minutes, or unreadable: 403, no handler call;
 * - the message ID: a repeat gets 204 and no second handler call;
 * - a verification challenge of one of its subscriptions gets 200 with the challenge as
 *   `text/plain`; the listener then reads the subscription back until the platform lists it as
 *   `enabled`, which resolves its `ready`; a notification gets 204, then goes to the handler; a
 *   revocation gets 204 and is reported to `onError`.
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
  readonly #clock: Clock;
  readonly #receiver: WebhookReceiver;
  /** Verification deadlines of subscriptions waiting for their challenge, then to read back enabled. */
  readonly #timers = new Map<ListenerSubscription, unknown>();
  /** Subscriptions whose challenge was answered, being read back until the platform enables them. */
  readonly #readBacks = new Map<ListenerSubscription, ReadBack>();

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
    const clock = clientCore(client).clock;
    this.#clock = clock;
    this.#receiver = new WebhookReceiver({
      secret: options.secret,
      clock,
      report: this.report,
      challenge: (payload) => this.#challenge(payload),
      deliver: (messageType, payload, messageId) => this.#deliver(messageType, payload, messageId),
      refused: this.refusedDelivery,
      repeated: this.duplicate,
    });
    this.handler = this.#receiver.handler;
    this.fetch = this.#receiver.fetch;
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions

  protected attach(subscription: ListenerSubscription): void {
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
      { keepGoing: () => subscription.state === 'pending' && !this.#readBacks.has(subscription) },
    ).then(
      (created) => {
        if (subscription.state === 'failed') {
          // It timed out or was revoked before the answer came: leave nothing behind.
          this.#remove(created.id);
          return;
        }
        // For a stopped subscription this only records the ID, which stop() then deletes.
        this.assignId(subscription, created.id);
        if (subscription.state !== 'pending') return;
        if (created.status === 'enabled') {
          this.#enabled(subscription);
          return;
        }
        this.#arm(subscription);
      },
      (error: unknown) => {
        // A challenge answered meanwhile proves the platform made it (a retry then meets a 409):
        // reading it back decides.
        if (this.#readBacks.has(subscription)) return;
        this.#clearTimer(subscription);
        if (subscription.state !== 'pending') return;
        this.refuse(subscription, error);
      },
    );
    subscription.creating = creating;
  }

  protected override forget(subscription: ListenerSubscription): void {
    this.#stopReadBack(subscription);
  }

  protected detach(subscription: ListenerSubscription): Promise<void> {
    this.#clearTimer(subscription);
    return deleteListenerSubscription(this.client, subscription.id!, 'app');
  }

  protected shutdown(): Promise<void> {
    for (const timer of this.#timers.values()) this.#clock.clearTimeout(timer);
    this.#timers.clear();
    for (const subscription of [...this.#readBacks.keys()]) this.#stopReadBack(subscription);
    return Promise.resolve();
  }

  /** Starts the verification deadline of a subscription, unless it runs already. */
  #arm(subscription: ListenerSubscription): void {
    if (this.#timers.has(subscription)) return;
    this.#timers.set(
      subscription,
      this.#clock.setTimeout(() => this.#verificationTimedOut(subscription), this.#verificationTimeoutMs),
    );
  }

  #verificationTimedOut(subscription: ListenerSubscription): void {
    this.#timers.delete(subscription);
    if (subscription.state !== 'pending') return;
    const seconds = Math.round(this.#verificationTimeoutMs) / 1000;
    this.#giveUp(subscription, new PlatformEventSubError(`The platform did not verify the callback for ${subscription.type} within ${seconds} seconds.`));
  }

  /** The platform lists the subscription as enabled: events will arrive, so `ready` resolves. */
  #enabled(subscription: ListenerSubscription): void {
    this.#stopReadBack(subscription);
    this.#clearTimer(subscription);
    subscription.confirm();
  }

  /** Refuses a subscription the platform did not enable (rejecting `ready`, reporting) and deletes it. */
  #giveUp(subscription: ListenerSubscription, cause: unknown): void {
    const { id } = subscription;
    this.#stopReadBack(subscription);
    this.#clearTimer(subscription);
    this.refuse(subscription, cause);
    if (id !== undefined) this.#remove(id);
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
  // Messages, whatever the server

  /**
   * The answer to the challenge of a subscription of this listener; undefined for any other,
   * including a conduit shard's (serve conduit shards with the conduit listener's `webhook` option).
   */
  #challenge(payload: WebhookMessagePayload): WebhookChallengeAnswer | undefined {
    const text = payload.challenge;
    const about = payload.subscription;
    if (typeof text !== 'string' || payload.conduit_shard || !about || typeof about.id !== 'string') return undefined;
    const id = about.id;
    const subscription = this.route(id, String(about.type), String(about.version), about.condition);
    return subscription && { text, answered: () => this.#verified(subscription, id) };
  }

  /**
   * After the challenge was answered. The platform enables the subscription once it has read the
   * answer, a moment later: until it lists the subscription as enabled, an event raised now would
   * not be delivered. So `ready` waits for a read-back that shows it enabled.
   */
  #verified(subscription: ListenerSubscription, id: string): void {
    // The challenge can outrun the create call's answer: it names the subscription too.
    if (subscription.id === undefined) this.assignId(subscription, id);
    this.challengeAnswered(subscription, undefined);
    // A repeated challenge while reading back changes nothing.
    if (subscription.state !== 'pending' || this.#readBacks.has(subscription)) return;
    // The deadline bounds the reads, even when the create call's answer never comes.
    this.#arm(subscription);
    const readBack: ReadBack = { attempt: 0, timer: undefined };
    this.#readBacks.set(subscription, readBack);
    void this.#readBack(subscription, readBack);
  }

  /** One read of a verified subscription: enabled resolves `ready`, pending reads again after a wait, any other status refuses it. */
  async #readBack(subscription: ListenerSubscription, readBack: ReadBack): Promise<void> {
    readBack.attempt++;
    const id = subscription.id!;
    let listed: { status: string } | undefined;
    try {
      listed = await readSubscription(this.client, id, 'app');
    } catch (error) {
      if (this.#readBacks.get(subscription) !== readBack || subscription.state !== 'pending') return;
      if (isTransient(error)) this.#readAgain(subscription, readBack);
      else this.#giveUp(subscription, error);
      return;
    }
    if (this.#readBacks.get(subscription) !== readBack || subscription.state !== 'pending') return;
    const status = listed?.status;
    if (status === 'enabled') this.#enabled(subscription);
    else if (status === 'webhook_callback_verification_pending') this.#readAgain(subscription, readBack);
    else {
      const reason = status === undefined ? 'the platform no longer lists it after its challenge was answered.' : `the platform lists it as ${status} after its challenge was answered, not enabled.`;
      this.#giveUp(subscription, new PlatformError(reason));
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

  /** After a notification or revocation was answered with 204: hands it to its subscription. */
  #deliver(messageType: string, payload: WebhookMessagePayload, messageId: string): void {
    const about = payload.subscription;
    if (!about || typeof about.id !== 'string') return;
    const subscription = this.route(about.id, String(about.type), String(about.version), about.condition);
    if (!subscription) return;
    if (messageType === 'notification') {
      if (subscription.state === 'pending' && subscription.id === undefined) this.assignId(subscription, about.id);
      this.dispatch(subscription, subscription.batched ? this.#receiver.fresh(payload.events) : payload.event, messageId);
    } else if (messageType === 'revocation') {
      this.#stopReadBack(subscription);
      this.#clearTimer(subscription);
      this.revoked(subscription, typeof about.status === 'string' ? about.status : 'unknown');
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

/** The options, checked: the spec's messages for the callback and secret, a PlatformError for the rest. */
function checkOptions(options: WebhookListenerOptions): WebhookListenerOptions {
  const given = (typeof options === 'object' && options !== null ? options : {}) as Partial<WebhookListenerOptions>;
  checkCallbackAndSecret(given.callback, given.secret);
  const { verificationTimeoutMs } = given;
  if (verificationTimeoutMs !== undefined && (typeof verificationTimeoutMs !== 'number' || !(verificationTimeoutMs > 0) || !Number.isFinite(verificationTimeoutMs))) {
    throw new PlatformError('The verificationTimeoutMs option must be a positive number of milliseconds.');
  }
  return options;
}
