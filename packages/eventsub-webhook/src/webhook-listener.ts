import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError, PlatformEventSubError, clientCore, type ClientHandle, type Clock } from '@platform/core';
import {
  EventSubListener,
  SeenIds,
  createSubscription,
  deleteSubscription,
  parseTimestamp,
  type EventSubListenerOptions,
  type ListenerSubscription,
} from '@platform/eventsub';
import { signatureCheck, type RawBody, type SignatureCheck } from './signature';

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
   * How long the platform has to send the verification challenge of a new subscription, counted
   * from its answer to the create call, before `ready` rejects and the subscription is deleted.
   * Default 60 000 (the platform's limit).
   */
  verificationTimeoutMs?: number | undefined;
}

/**
 * A Node request handler: `http.createServer(handler)`, or Express middleware. As middleware it
 * passes a request that is not a POST on to `next()`, and calls `next(error)` with an error it
 * could not turn into an answer itself; every POST gets its answer from the listener.
 */
export type WebhookRequestHandler = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => void;

/** A web-standard request handler, for edge runtimes and frameworks built on `fetch` (Hono, Next.js route handlers, Deno, Bun). */
export type WebhookFetchHandler = (request: Request) => Promise<Response>;

/** Messages older than this are refused (the platform's advice against replays). */
const maxAgeMs = 10 * 60_000;
/** How far in the future a timestamp may be, for a server clock a little behind the platform's. */
const maxSkewMs = 60_000;
/** A body larger than this is refused with 413 before it is read further: the platform's messages are a few kilobytes. */
const maxBodyBytes = 4 * 1024 * 1024;
const defaultVerificationTimeoutMs = 60_000;

/** Header names as Node gives them (lower case). */
const idHeader = 'twitch-eventsub-message-id';
const timestampHeader = 'twitch-eventsub-message-timestamp';
const signatureHeader = 'twitch-eventsub-message-signature';
const typeHeader = 'twitch-eventsub-message-type';

const parsedBodyMessage =
  'The request body was already parsed by a middleware: mount express.raw({ type: \'application/json\' }) before the listener, ' +
  'or put the listener before express.json(). The signature covers the exact bytes the platform sent, so a parsed body cannot be checked.';

/** The subscription object inside a webhook message. */
interface MessageSubscription {
  id?: unknown;
  type?: unknown;
  version?: unknown;
  status?: unknown;
  condition?: Record<string, unknown>;
}

interface MessagePayload {
  subscription?: MessageSubscription;
  event?: unknown;
  events?: unknown;
  challenge?: unknown;
  conduit_shard?: { conduit_id?: unknown; shard?: unknown };
}

/** A verification challenge this listener answers, and what answering it settles. */
interface Challenge {
  text: string;
  subscription?: ListenerSubscription;
  shard?: PendingShard;
  subscriptionId?: string;
}

interface PendingShard {
  conduitId: string;
  shardId: string;
  /** Set once a challenge was answered; the shard's later challenges are answered too. */
  verified: boolean;
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const decoder = new TextDecoder();
const noop = () => undefined;

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
 *   `text/plain`, which resolves that subscription's `ready`; a notification gets 204, then goes
 *   to the handler; a revocation gets 204 and is reported to `onError`.
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
  readonly #check: SignatureCheck;
  readonly #seen: SeenIds;
  #received = 0;
  /** Verification deadlines of subscriptions waiting for their challenge. */
  readonly #timers = new Map<ListenerSubscription, unknown>();
  /** Conduit shards whose challenge this listener answers, by `<conduit id> <shard id>`. */
  readonly #shards = new Map<string, PendingShard>();

  /**
   * @throws PlatformEventSubError `A webhook listener needs a \`callback\` URL and a \`secret\`.` or
   *   `The webhook secret must be 10 to 100 characters long.`; PlatformError for a callback that is
   *   not an absolute http(s) URL or another malformed option.
   */
  constructor(client: ClientHandle, options: WebhookListenerOptions) {
    super(client, checkOptions(options), 'webhook');
    this.#callback = options.callback;
    this.#secret = options.secret;
    this.#verificationTimeoutMs = options.verificationTimeoutMs ?? defaultVerificationTimeoutMs;
    const clock = clientCore(client).clock;
    this.#clock = clock;
    this.#check = signatureCheck(options.secret);
    // IDs are kept as long as a message that carries them can pass the age check.
    this.#seen = new SeenIds(() => clock.now(), maxAgeMs + maxSkewMs);
    this.handler = (request, response, next) => this.#nodeRequest(request, response, next);
    this.fetch = (request) => this.#fetchRequest(request);
  }

  /**
   * Has the listener answer the verification challenge of a conduit shard (`{ challenge,
   * conduit_shard: { conduit_id, shard } }`) that names this conduit and shard, for a shard whose
   * transport is this listener's callback and secret. Without it such a challenge gets 403.
   *
   * @returns A promise that resolves once the next challenge for the shard has been answered (it
   *   rejects when the listener is closed first). Call it again before assigning the shard again.
   * @example
   * const verified = listener.acceptShardVerification(conduitId, '0');
   * await updateShards(conduitId, [{ id: '0', transport: { method: 'webhook', callback, secret } }]);
   * await verified;
   */
  acceptShardVerification(conduitId: string, shardId: string): Promise<void> {
    if (typeof conduitId !== 'string' || conduitId === '' || typeof shardId !== 'string' || shardId === '') {
      throw new PlatformError('acceptShardVerification() needs a conduit ID and a shard ID (strings).');
    }
    const key = `${conduitId} ${shardId}`;
    const known = this.#shards.get(key);
    if (known && !known.verified) return known.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((settle, fail) => {
      resolve = settle;
      reject = fail;
    });
    promise.catch(noop);
    if (this.closed) reject(new PlatformEventSubError(`The listener was closed before the platform verified shard ${shardId} of conduit ${conduitId}.`));
    else this.#shards.set(key, { conduitId, shardId, verified: false, promise, resolve, reject });
    return promise;
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions

  protected attach(subscription: ListenerSubscription): void {
    const creating = createSubscription(
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
      { keepGoing: () => subscription.state === 'pending' },
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
          subscription.confirm();
          return;
        }
        this.#timers.set(
          subscription,
          this.#clock.setTimeout(() => this.#verificationTimedOut(subscription), this.#verificationTimeoutMs),
        );
      },
      (error: unknown) => {
        this.#clearTimer(subscription);
        // A challenge answered meanwhile proves the platform made it (a retry then meets a 409).
        if (subscription.state === 'active' && subscription.id !== undefined) return;
        if (subscription.state !== 'pending') return;
        this.refuse(subscription, error);
      },
    );
    subscription.creating = creating;
  }

  protected detach(subscription: ListenerSubscription): Promise<void> {
    this.#clearTimer(subscription);
    return deleteSubscription(this.client, subscription.id!, 'app');
  }

  protected shutdown(): Promise<void> {
    for (const timer of this.#timers.values()) this.#clock.clearTimeout(timer);
    this.#timers.clear();
    for (const shard of this.#shards.values()) {
      shard.reject(new PlatformEventSubError(`The listener was closed before the platform verified shard ${shard.shardId} of conduit ${shard.conduitId}.`));
    }
    this.#shards.clear();
    return Promise.resolve();
  }

  #verificationTimedOut(subscription: ListenerSubscription): void {
    this.#timers.delete(subscription);
    if (subscription.state !== 'pending') return;
    const { id } = subscription;
    const seconds = Math.round(this.#verificationTimeoutMs) / 1000;
    this.refuse(subscription, new PlatformEventSubError(`The platform did not verify the callback for ${subscription.type} within ${seconds} seconds.`));
    if (id !== undefined) this.#remove(id);
  }

  /** Deletes a subscription the listener gave up on; a failure goes to onError. */
  #remove(id: string): void {
    deleteSubscription(this.client, id, 'app').catch(this.report);
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
   * Checks a message after its signature check: the status to answer with when it ends here
   * (403, 400, or 204 for a repeat), else the parsed body. `valid` is the signature's verdict.
   */
  #accept(valid: boolean, messageId: string, timestamp: string, messageType: string | null | undefined, body: RawBody): number | MessagePayload {
    if (!valid) return 403;
    const sent = parseTimestamp(timestamp);
    const now = this.#clock.now();
    // NaN (an unreadable timestamp) fails both comparisons.
    if (!(now - sent <= maxAgeMs && sent - now <= maxSkewMs)) return 403;
    let payload: MessagePayload;
    try {
      payload = JSON.parse(typeof body === 'string' ? body : decoder.decode(body)) as MessagePayload;
    } catch (error) {
      this.report(new PlatformEventSubError(`The webhook message ${messageId} has a valid signature but a body that is not JSON.`, { cause: error }));
      return 400;
    }
    if (typeof payload !== 'object' || payload === null) return 400;
    // A repeated challenge is answered again (answering is harmless); other repeats are dropped.
    if (messageType !== 'webhook_callback_verification') {
      if (this.#seen.repeat(messageId)) return 204;
      if ((++this.#received & 1023) === 0) this.#seen.prune();
    }
    return payload;
  }

  /** The challenge to answer, when it is for a subscription or conduit shard of this listener. */
  #challenge(payload: MessagePayload): Challenge | undefined {
    const text = payload.challenge;
    if (typeof text !== 'string') return undefined;
    const shard = payload.conduit_shard;
    if (shard) {
      const pending = this.#shards.get(`${String(shard.conduit_id)} ${String(shard.shard)}`);
      return pending ? { text, shard: pending } : undefined;
    }
    const about = payload.subscription;
    if (!about || typeof about.id !== 'string') return undefined;
    const subscription = this.route(about.id, String(about.type), String(about.version), about.condition);
    return subscription ? { text, subscription, subscriptionId: about.id } : undefined;
  }

  /** After the challenge was answered: `ready` resolves (or the shard's promise). */
  #verified(challenge: Challenge): void {
    const { subscription, shard } = challenge;
    if (shard) {
      shard.verified = true;
      shard.resolve();
      return;
    }
    if (!subscription) return;
    // The challenge can outrun the create call's answer: it names the subscription too.
    if (subscription.id === undefined) this.assignId(subscription, challenge.subscriptionId);
    this.#clearTimer(subscription);
    subscription.confirm();
  }

  /** After a notification or revocation was answered with 204: hands it to its subscription. */
  #deliver(messageType: string, payload: MessagePayload): void {
    const about = payload.subscription;
    if (!about || typeof about.id !== 'string') return;
    const subscription = this.route(about.id, String(about.type), String(about.version), about.condition);
    if (!subscription) return;
    if (messageType === 'notification') {
      if (subscription.state === 'pending' && subscription.id === undefined) this.assignId(subscription, about.id);
      this.dispatch(subscription, subscription.batched ? this.#fresh(payload.events) : payload.event);
    } else if (messageType === 'revocation') {
      this.revoked(subscription, typeof about.status === 'string' ? about.status : 'unknown');
    }
  }

  /** A batch without the entries already delivered in an earlier message (the platform dedupes batches by entry ID). */
  #fresh(events: unknown): unknown {
    if (!Array.isArray(events)) return events;
    return events.filter((entry: { id?: unknown } | null) => typeof entry?.id !== 'string' || !this.#seen.repeat(`event ${entry.id}`));
  }

  // -------------------------------------------------------------------------------------------
  // Node

  #nodeRequest(request: IncomingMessage, response: ServerResponse, next: ((error?: unknown) => void) | undefined): void {
    if (request.method !== 'POST') {
      // As middleware, other methods are the next route's business.
      if (next) next();
      else response.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const parsed = (request as { body?: unknown }).body;
    if (typeof parsed === 'string' || parsed instanceof Uint8Array) {
      // express.raw() or express.text() left the body as it came.
      this.#nodeReceive(request, response, next, parsed);
      return;
    }
    if (request.readableEnded || (parsed !== undefined && parsed !== null && (request as { _body?: unknown })._body === true)) {
      // Another middleware read the stream: what it left cannot be checked against the signature.
      response.writeHead(500).end();
      this.report(new PlatformEventSubError(parsedBodyMessage));
      return;
    }
    if (Number(request.headers['content-length']) > maxBodyBytes) {
      tooLarge(request, response);
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    request.on('data', (chunk: Uint8Array) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
      else if (size - chunk.length <= maxBodyBytes) {
        chunks.length = 0;
        tooLarge(request, response);
      }
    });
    request.on('end', () => {
      if (size <= maxBodyBytes) this.#nodeReceive(request, response, next, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    // A client that went away: there is nobody left to answer.
    request.on('error', noop);
  }

  #nodeReceive(request: IncomingMessage, response: ServerResponse, next: ((error?: unknown) => void) | undefined, body: RawBody): void {
    const headers = request.headers;
    const messageId = headers[idHeader];
    const timestamp = headers[timestampHeader];
    const signature = headers[signatureHeader];
    if (typeof messageId !== 'string' || typeof timestamp !== 'string' || typeof signature !== 'string') {
      response.writeHead(403).end();
      return;
    }
    const type = headers[typeHeader];
    const messageType = typeof type === 'string' ? type : undefined;
    let valid: boolean | Promise<boolean>;
    try {
      valid = this.#check(messageId, timestamp, body, signature);
    } catch (error) {
      this.#nodeFailure(response, next, error);
      return;
    }
    if (typeof valid === 'boolean') this.#nodeAnswer(response, next, valid, messageId, timestamp, messageType, body);
    else {
      valid.then(
        (verdict) => this.#nodeAnswer(response, next, verdict, messageId, timestamp, messageType, body),
        (error: unknown) => this.#nodeFailure(response, next, error),
      );
    }
  }

  #nodeAnswer(
    response: ServerResponse,
    next: ((error?: unknown) => void) | undefined,
    valid: boolean,
    messageId: string,
    timestamp: string,
    messageType: string | undefined,
    body: RawBody,
  ): void {
    try {
      const payload = this.#accept(valid, messageId, timestamp, messageType, body);
      if (typeof payload === 'number') {
        response.writeHead(payload).end();
        return;
      }
      if (messageType === 'webhook_callback_verification') {
        const challenge = this.#challenge(payload);
        if (!challenge) {
          response.writeHead(403).end();
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(challenge.text) }).end(challenge.text);
        this.#verified(challenge);
        return;
      }
      // Answer first: the platform counts a slow answer as a failed delivery.
      response.writeHead(204).end();
      if (messageType !== undefined) this.#deliver(messageType, payload);
    } catch (error) {
      this.#nodeFailure(response, next, error);
    }
  }

  #nodeFailure(response: ServerResponse, next: ((error?: unknown) => void) | undefined, error: unknown): void {
    if (next && !response.headersSent) {
      next(error);
      return;
    }
    if (!response.headersSent) response.writeHead(500).end();
    this.report(error);
  }

  // -------------------------------------------------------------------------------------------
  // fetch

  async #fetchRequest(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
    const headers = request.headers;
    if (Number(headers.get('content-length')) > maxBodyBytes) return new Response(null, { status: 413 });
    const body = new Uint8Array(await request.arrayBuffer());
    if (body.length > maxBodyBytes) return new Response(null, { status: 413 });
    const messageId = headers.get(idHeader);
    const timestamp = headers.get(timestampHeader);
    const signature = headers.get(signatureHeader);
    if (messageId === null || timestamp === null || signature === null) return new Response(null, { status: 403 });
    const messageType = headers.get(typeHeader);
    let payload: number | MessagePayload;
    try {
      payload = this.#accept(await this.#check(messageId, timestamp, body, signature), messageId, timestamp, messageType, body);
    } catch (error) {
      this.report(error);
      return new Response(null, { status: 500 });
    }
    if (typeof payload === 'number') return new Response(null, { status: payload });
    if (messageType === 'webhook_callback_verification') {
      const challenge = this.#challenge(payload);
      if (!challenge) return new Response(null, { status: 403 });
      this.#verified(challenge);
      return new Response(challenge.text, { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    // Handlers run before the answer goes out: an edge runtime may end the work once it has.
    if (messageType !== null) this.#deliver(messageType, payload);
    return new Response(null, { status: 204 });
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
 * await follows.ready; // the platform verified the callback
 */
export function eventSubWebhook(client: ClientHandle, options: WebhookListenerOptions): WebhookListener {
  return new WebhookListener(client, options);
}

/** The options, checked: the spec's messages for the callback and secret, a PlatformError for the rest. */
function checkOptions(options: WebhookListenerOptions): WebhookListenerOptions {
  const given = (typeof options === 'object' && options !== null ? options : {}) as Partial<WebhookListenerOptions>;
  const { callback, secret, verificationTimeoutMs } = given;
  if (typeof callback !== 'string' || callback === '' || typeof secret !== 'string' || secret === '') {
    throw new PlatformEventSubError('A webhook listener needs a `callback` URL and a `secret`.');
  }
  if (secret.length < 10 || secret.length > 100) throw new PlatformEventSubError('The webhook secret must be 10 to 100 characters long.');
  let url: URL | undefined;
  try {
    url = new URL(callback);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new PlatformError(`The webhook callback must be an absolute https:// (or, for local tests, http://) URL; got "${callback}".`);
  }
  if (verificationTimeoutMs !== undefined && (typeof verificationTimeoutMs !== 'number' || !(verificationTimeoutMs > 0) || !Number.isFinite(verificationTimeoutMs))) {
    throw new PlatformError('The verificationTimeoutMs option must be a positive number of milliseconds.');
  }
  return options;
}

/** Refuses a body over the limit and closes the connection once the answer is out, so the rest is never read. */
function tooLarge(request: IncomingMessage, response: ServerResponse): void {
  response.once('finish', () => request.destroy());
  response.writeHead(413, { Connection: 'close' }).end();
}
