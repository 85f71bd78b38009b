import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError, PlatformEventSubError, type Clock } from '@platform/core';
import type { EventSubDedupe } from '@platform/eventsub';
import { SeenIds, parseTimestamp } from './seen-ids';
import { signatureCheck, type RawBody, type SignatureCheck } from './signature';

/**
 * A Node request handler: `http.createServer(handler)`, or Express middleware. As middleware it
 * passes a request that is not a POST on to `next()`, and calls `next(error)` with an error it
 * could not turn into an answer itself; every POST gets its answer from the listener.
 */
export type WebhookRequestHandler = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => void;

/** A web-standard request handler, for edge runtimes and frameworks built on `fetch` (Hono, Next.js route handlers, Deno, Bun). */
export type WebhookFetchHandler = (request: Request) => Promise<Response>;

/** The subscription object inside a webhook message, as far as a receiver reads it. */
export interface WebhookMessageSubscription {
  /** The subscription ID. */
  id?: unknown;
  /** The subscription type. */
  type?: unknown;
  /** The subscription version. */
  version?: unknown;
  /** The subscription status (why it was revoked, in a revocation). */
  status?: unknown;
  /** The subscription's condition. */
  condition?: Record<string, unknown>;
  /** The subscription's transport: its method and, for a webhook, its callback. */
  transport?: {
    /** `webhook`, `websocket` or `conduit`. */
    method?: unknown;
    /** The webhook callback the platform posts to. */
    callback?: unknown;
  };
}

/** The parsed body of a webhook message whose signature, age and ID passed the checks. */
export interface WebhookMessagePayload {
  /** The subscription the message is about; absent in a conduit shard's challenge. */
  subscription?: WebhookMessageSubscription;
  /** The event, in a notification. */
  event?: unknown;
  /** The events, in a notification of a batched type. */
  events?: unknown;
  /** The text to send back, in a verification challenge. */
  challenge?: unknown;
  /** The conduit shard a challenge verifies, in a conduit webhook shard's challenge. */
  conduit_shard?: {
    /** The conduit ID. */
    conduit_id?: unknown;
    /** The shard ID. */
    shard?: unknown;
  };
}

/** The answer to a verification challenge: the text to send back, and what to do once it is sent. */
export interface WebhookChallengeAnswer {
  /** The text to answer with: the challenge, exactly. */
  text: string;
  /** Called once the answer was sent. */
  answered(): void;
}

/** What a receiver hands its owner once a message passed every check. */
export interface WebhookReceiverOptions {
  /** The secret the platform signs with (10 to 100 characters). */
  secret: string;
  /** The clock the message age check and the repeated-ID memory run on. */
  clock: Clock;
  /** Failures that reach nobody else: a body that is not JSON, a parsed body, a throwing handler. */
  report(error: unknown): void;
  /** The answer to a verification challenge, or undefined to refuse it with 403 (it is not the owner's). */
  challenge(payload: WebhookMessagePayload): WebhookChallengeAnswer | undefined;
  /**
   * A notification or revocation, after its 204 went out (for `fetch`: before the answer is
   * returned), with its message ID and timestamp header. A batch's `events` come without the
   * entries handed on before (by entry ID, in this process's memory).
   */
  deliver(messageType: string, payload: WebhookMessagePayload, messageId: string, timestamp: string): void;
  /**
   * Whether the owner has a subscription for this notification. When it says no, the notification
   * is answered with 503 and not claimed, so the platform delivers it again (behind a load
   * balancer, to another process that may have it). Without it every notification is taken.
   */
  accepts?(payload: WebhookMessagePayload): boolean;
  /**
   * The repeat check shared by several processes (`redisDedupe()` of `@platform/redis-store`):
   * each message ID is claimed there before the message is handed on. A store that throws,
   * rejects or takes longer than 2 seconds gets the message answered with 503 (the platform
   * retries it) and the failure reported. Without it, the IDs are kept in this process's memory.
   */
  dedupe?: EventSubDedupe | undefined;
  /**
   * A POST refused with `status` and handed to nobody: `reason` in the receiver's own words (never
   * a header's or the body's content), and the message ID header when there was one.
   */
  refused?(status: number, reason: string, messageId: string | undefined): void;
  /** A message whose ID was handed on already: answered 204 and dropped. */
  repeated?(messageId: string): void;
}

/** Messages older than this are refused (the platform's advice against replays). */
const maxAgeMs = 10 * 60_000;
/** How far in the future a timestamp may be, for a server clock a little behind the platform's. */
const maxSkewMs = 60_000;
/** How long a claimed message ID is kept by a shared repeat check: as long as a message can pass the age check. */
export const dedupeTtlMs = maxAgeMs + maxSkewMs;
/** How long a shared repeat check may take before the delivery is answered with 503 (the platform wants an answer within a few seconds). */
const claimTimeoutMs = 2000;
/** How many message IDs of the window the in-memory repeat check keeps, at most (a few MiB). */
const seenLimit = 50_000;
/** How long a request's body may take to arrive, from its headers: a slow sender must not hold a connection for minutes. */
const bodyTimeoutMs = 10_000;
/** A body larger than this is refused with 413 before it is read further: the platform's messages are a few kilobytes. */
const maxBodyBytes = 4 * 1024 * 1024;

/** Header names as Node gives them (lower case). */
const idHeader = 'twitch-eventsub-message-id';
const timestampHeader = 'twitch-eventsub-message-timestamp';
const signatureHeader = 'twitch-eventsub-message-signature';
const typeHeader = 'twitch-eventsub-message-type';

const parsedBodyMessage =
  'The request body was already parsed by a middleware: mount express.raw({ type: \'application/json\' }) before the listener, ' +
  'or put the listener before express.json(). The signature covers the exact bytes the platform sent, so a parsed body cannot be checked.';

const missingHeaders = 'no message ID, timestamp or signature header';
const unknownChallenge = 'a challenge for no subscription or shard of this listener';
const unknownNotification = 'a notification for no subscription of this listener (answered for a retry)';
const checkFailed = 'the repeat check could not be made (answered for a retry)';

/** A checked message, before its answer: what the receiver knows of it besides the body. */
interface Message {
  readonly id: string;
  readonly timestamp: string;
  readonly type: string | undefined;
}

/** What the checks decided: the status to answer with, or the parsed body to hand on. */
type Verdict = number | WebhookMessagePayload;

const decoder = new TextDecoder();

/** Whether a URL's host is this machine: 127.0.0.0/8, ::1 or localhost (and its subdomains). */
function loopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
const noop = () => undefined;
/** The runtime's `setImmediate` (Node, Bun, Deno), called on the global object; undefined where there is none. */
const runtime = globalThis as { setImmediate?: (callback: () => void) => unknown };

/**
 * Checks a webhook transport's `callback` and `secret`, refusing what the platform would refuse.
 *
 * @throws PlatformEventSubError `A webhook listener needs a \`callback\` URL and a \`secret\`.` or
 *   `The webhook secret must be 10 to 100 characters long.`; PlatformError for a callback that is
 *   not an absolute http(s) URL.
 */
export function checkCallbackAndSecret(callback: unknown, secret: unknown): void {
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
  if (url.protocol === 'http:' && !loopback(url.hostname)) {
    throw new PlatformError(
      `The webhook callback must be an https:// URL: plain http:// is let through only on a loopback host (127.0.0.1, ::1, localhost), for local tests; got "${callback}".`,
    );
  }
}

/**
 * The message intake of a webhook callback, shared by the webhook listener and the conduit
 * listener's webhook shards. `handler` (Node, Express) and `fetch` (web-standard) check each
 * message and answer it:
 *
 * - the HMAC-SHA256 signature over message ID, timestamp and raw body, compared in constant time
 *   (missing or wrong: 403);
 * - the timestamp: older than 10 minutes, or unreadable: 403;
 * - the message ID: a repeat gets 204 and is not handed on again;
 * - a verification challenge the owner accepts gets 200 with the challenge as `text/plain`, one
 *   it does not gets 403; a notification or revocation gets 204 and goes to the owner.
 */
export class WebhookReceiver {
  /** The Node request handler (`http.createServer(handler)`, Express middleware) that checks and answers each message. */
  readonly handler: WebhookRequestHandler;
  /** The web-standard request handler that checks and answers each message. */
  readonly fetch: WebhookFetchHandler;
  readonly #owner: WebhookReceiverOptions;
  readonly #clock: Clock;
  readonly #check: SignatureCheck;
  readonly #seen: SeenIds;
  readonly #dedupe: EventSubDedupe | undefined;
  #received = 0;
  /** The full repeat check was reported; reset once an ID is taken again. */
  #fullReported = false;
  /**
   * The Node requests of this turn of the event loop, each followed by its response: their body
   * deadlines are set at the turn's end, for those whose body is still coming (see #deferDeadline).
   */
  #pending: (IncomingMessage | ServerResponse)[] = [];
  /** The clock's time when the first of #pending came: their 10 seconds count from it. */
  #pendingSince = 0;
  readonly #armAll = (): void => {
    const pending = this.#pending;
    this.#pending = [];
    for (let index = 0; index < pending.length; index += 2) {
      const request = pending[index] as IncomingMessage;
      // The parser has read what came with the headers by now: most bodies are complete.
      if (request.complete || request.destroyed) continue;
      this.#arm(request, pending[index + 1] as ServerResponse, this.#pendingSince);
    }
  };

  constructor(owner: WebhookReceiverOptions) {
    const dedupe = owner.dedupe;
    if (dedupe !== undefined && (typeof dedupe !== 'object' || dedupe === null || typeof dedupe.claim !== 'function')) {
      throw new PlatformError('The dedupe option must be a store with a claim(messageId, ttlMs) method, such as redisDedupe() of @platform/redis-store.');
    }
    this.#dedupe = dedupe;
    this.#owner = owner;
    this.#clock = owner.clock;
    this.#check = signatureCheck(owner.secret);
    // IDs are kept as long as a message that carries them can pass the age check.
    this.#seen = new SeenIds(() => owner.clock.now(), dedupeTtlMs, seenLimit);
    this.handler = (request, response, next) => this.#nodeRequest(request, response, next);
    this.fetch = (request) => this.#fetchRequest(request);
  }

  /** A batch without the entries already handed on in an earlier message (the platform dedupes batches by entry ID). */
  fresh(events: unknown): unknown {
    if (!Array.isArray(events)) return events;
    return events.filter((entry: { id?: unknown } | null) => typeof entry?.id !== 'string' || !this.#seen.repeat(`event ${entry.id}`));
  }

  /**
   * Checks a message after its signature check: the status to answer with when it ends here
   * (403, 400, 503, or 204 for a repeat), else the parsed body. `valid` is the signature's verdict.
   * A promise when a shared repeat check is asked.
   */
  #accept(valid: boolean, message: Message, body: RawBody): Verdict | Promise<Verdict> {
    const { id: messageId, timestamp, type: messageType } = message;
    if (!valid) return this.#refuse(403, 'bad signature', messageId);
    const sent = parseTimestamp(timestamp);
    const now = this.#clock.now();
    // NaN (an unreadable timestamp) fails both comparisons.
    if (!(now - sent <= maxAgeMs && sent - now <= maxSkewMs)) return this.#refuse(403, 'timestamp too old, too far ahead or unreadable', messageId);
    let payload: WebhookMessagePayload;
    try {
      payload = JSON.parse(typeof body === 'string' ? body : decoder.decode(body)) as WebhookMessagePayload;
    } catch (error) {
      this.#owner.report(new PlatformEventSubError(`The webhook message ${messageId} has a valid signature but a body that is not JSON.`, { cause: error }));
      return this.#refuse(400, 'body is not JSON', messageId);
    }
    if (typeof payload !== 'object' || payload === null) return this.#refuse(400, 'body is not a JSON object', messageId);
    // A repeated challenge is answered again (answering is harmless); other repeats are dropped.
    if (messageType === 'webhook_callback_verification') return payload;
    if (messageType === 'notification' && this.#owner.accepts && !this.#owner.accepts(payload)) return this.#refuse(503, unknownNotification, messageId);
    const store = this.#dedupe;
    if (!store) {
      const verdict = this.#seen.claim(messageId, now);
      if (verdict === 'repeat') return this.#repeat(messageId);
      if (verdict === 'full') return this.#full(messageId);
      this.#fullReported = false;
      if ((++this.#received & 1023) === 0) this.#seen.prune();
      return this.#fresh(payload);
    }
    let claimed: boolean | Promise<boolean>;
    try {
      claimed = store.claim(messageId, dedupeTtlMs);
    } catch (error) {
      return this.#checkFailed(messageId, error);
    }
    if (typeof claimed === 'boolean') return claimed ? this.#fresh(payload) : this.#repeat(messageId);
    return this.#awaitClaim(Promise.resolve(claimed), message, payload);
  }

  /**
   * The verdict of a shared repeat check that answers later. Past 2 seconds the message is answered
   * with 503; should the store then say it was the first claim, the message is handed on at once
   * (the platform's retry will be a repeat), so that a slow store loses nothing.
   */
  #awaitClaim(claimed: Promise<boolean>, message: Message, payload: WebhookMessagePayload): Promise<Verdict> {
    const clock = this.#clock;
    return new Promise<Verdict>((resolve) => {
      let answered = false;
      const timer = clock.setTimeout(() => {
        answered = true;
        resolve(this.#checkFailed(message.id, new PlatformError(`the store did not answer within ${claimTimeoutMs / 1000} seconds.`)));
      }, claimTimeoutMs);
      claimed.then(
        (first) => {
          if (!answered) {
            answered = true;
            clock.clearTimeout(timer);
            resolve(first === true ? this.#fresh(payload) : this.#repeat(message.id));
          } else if (first === true && message.type !== undefined) {
            try {
              this.#owner.deliver(message.type, this.#fresh(payload), message.id, message.timestamp);
            } catch (error) {
              this.#owner.report(error);
            }
          }
        },
        (error: unknown) => {
          if (answered) return;
          answered = true;
          clock.clearTimeout(timer);
          resolve(this.#checkFailed(message.id, error));
        },
      );
    });
  }

  /**
   * The in-memory repeat check holds as many IDs of the replay window as it may: the message cannot
   * be checked, so it is answered 503 (the platform delivers it again later) and reported once.
   */
  #full(messageId: string): number {
    if (!this.#fullReported) {
      this.#fullReported = true;
      this.#owner.report(
        new PlatformEventSubError(
          `The repeat check holds ${seenLimit} message IDs of the last ${dedupeTtlMs / 60_000} minutes and takes no more: message ${messageId} and the next ones are answered 503 ` +
            'until IDs leave the window, and the platform delivers them again later. For more than about 75 deliveries a second, give the listener a shared dedupe store (redisDedupe() of @platform/redis-store).',
        ),
      );
    }
    return this.#refuse(503, 'the repeat check is full (answered for a retry)', messageId);
  }

  /** A repeated message: answered 204, not handed on. */
  #repeat(messageId: string): number {
    this.#owner.repeated?.(messageId);
    return 204;
  }

  /** The repeat check could not be made: reported, and answered 503 so that the platform delivers the message again. */
  #checkFailed(messageId: string, cause: unknown): number {
    const reason = cause instanceof Error ? cause.message : String(cause);
    this.#owner.report(
      new PlatformEventSubError(`The repeat check of webhook message ${messageId} failed: ${reason} Answered 503, so the platform delivers it again.`, { cause }),
    );
    return this.#refuse(503, checkFailed, messageId);
  }

  /** The payload with a batch's entries handed on before left out (by entry ID, in memory). */
  #fresh(payload: WebhookMessagePayload): WebhookMessagePayload {
    return Array.isArray(payload.events) ? { ...payload, events: this.fresh(payload.events) } : payload;
  }

  /** Tells the owner about a refused request; returns the status to answer with. */
  #refuse(status: number, reason: string, messageId?: string): number {
    this.#owner.refused?.(status, reason, messageId);
    return status;
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
      this.#owner.report(new PlatformEventSubError(parsedBodyMessage));
      return;
    }
    if (Number(request.headers['content-length']) > maxBodyBytes) {
      this.#refuse(413, 'body too large');
      tooLarge(request, response);
      return;
    }
    // The body: its first chunk, and every chunk once there are several.
    let first: Uint8Array | undefined;
    let chunks: Uint8Array[] | undefined;
    let size = 0;
    request.on('data', (chunk: Uint8Array) => {
      size += chunk.length;
      if (size <= maxBodyBytes) {
        if (first === undefined) first = chunk;
        else (chunks ??= [first]).push(chunk);
      } else if (size - chunk.length <= maxBodyBytes) {
        first = chunks = undefined;
        this.#refuse(413, 'body too large');
        tooLarge(request, response);
      }
    });
    request.on('end', () => {
      // Answered already: 413 (too large) or 408 (too slow).
      if (size > maxBodyBytes || response.headersSent) return;
      this.#nodeReceive(request, response, next, chunks ? Buffer.concat(chunks) : (first ?? Buffer.alloc(0)));
    });
    // A client that went away: there is nobody left to answer.
    request.on('error', noop);
    this.#deferDeadline(request, response);
  }

  /**
   * A body that trickles in must not hold the connection (Node's own requestTimeout is 5 minutes):
   * 408 10 seconds after the headers. The deadline is set once the event loop has parsed what came
   * with them (`setImmediate`), for the requests of that turn in one go and only for a body not
   * complete by then; most come with their headers and need none (a timer, or even a closure, per
   * request was a good part of the cost of a delivery). At once where the runtime has no `setImmediate`.
   */
  #deferDeadline(request: IncomingMessage, response: ServerResponse): void {
    if (typeof runtime.setImmediate !== 'function') {
      this.#arm(request, response, this.#clock.now());
      return;
    }
    if (this.#pending.length === 0) {
      this.#pendingSince = this.#clock.now();
      runtime.setImmediate(this.#armAll);
    }
    this.#pending.push(request, response);
  }

  /** Answers 408 to a request whose body has not ended `bodyTimeoutMs` after `since` (unless it was answered or went away first). */
  #arm(request: IncomingMessage, response: ServerResponse, since: number): void {
    const clock = this.#clock;
    const timer = clock.setTimeout(
      () => {
        if (response.headersSent || request.destroyed) return;
        this.#refuse(408, 'body too slow');
        tooSlow(request, response);
      },
      Math.max(0, bodyTimeoutMs - (clock.now() - since)),
    );
    const clear = () => clock.clearTimeout(timer);
    request.once('end', clear);
    request.once('close', clear);
  }

  #nodeReceive(request: IncomingMessage, response: ServerResponse, next: ((error?: unknown) => void) | undefined, body: RawBody): void {
    const headers = request.headers;
    const messageId = headers[idHeader];
    const timestamp = headers[timestampHeader];
    const signature = headers[signatureHeader];
    if (typeof messageId !== 'string' || typeof timestamp !== 'string' || typeof signature !== 'string') {
      response.writeHead(this.#refuse(403, missingHeaders, typeof messageId === 'string' ? messageId : undefined)).end();
      return;
    }
    const type = headers[typeHeader];
    const message: Message = { id: messageId, timestamp, type: typeof type === 'string' ? type : undefined };
    let valid: boolean | Promise<boolean>;
    try {
      valid = this.#check(messageId, timestamp, body, signature);
    } catch (error) {
      this.#nodeFailure(response, next, error);
      return;
    }
    if (typeof valid === 'boolean') this.#nodeCheck(response, next, valid, message, body);
    else {
      valid.then(
        (verdict) => this.#nodeCheck(response, next, verdict, message, body),
        (error: unknown) => this.#nodeFailure(response, next, error),
      );
    }
  }

  #nodeCheck(response: ServerResponse, next: ((error?: unknown) => void) | undefined, valid: boolean, message: Message, body: RawBody): void {
    let verdict: Verdict | Promise<Verdict>;
    try {
      verdict = this.#accept(valid, message, body);
    } catch (error) {
      this.#nodeFailure(response, next, error);
      return;
    }
    if (typeof verdict === 'number' || !(verdict instanceof Promise)) this.#nodeAnswer(response, next, verdict, message);
    else {
      verdict.then(
        (settled) => this.#nodeAnswer(response, next, settled, message),
        (error: unknown) => this.#nodeFailure(response, next, error),
      );
    }
  }

  #nodeAnswer(response: ServerResponse, next: ((error?: unknown) => void) | undefined, payload: Verdict, message: Message): void {
    const { id: messageId, type: messageType } = message;
    try {
      if (typeof payload === 'number') {
        response.writeHead(payload).end();
        return;
      }
      if (messageType === 'webhook_callback_verification') {
        const challenge = this.#owner.challenge(payload);
        if (!challenge) {
          response.writeHead(this.#refuse(403, unknownChallenge, messageId)).end();
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(challenge.text) }).end(challenge.text);
        challenge.answered();
        return;
      }
      // Answer first: the platform counts a slow answer as a failed delivery.
      response.writeHead(204).end();
      if (messageType !== undefined) this.#owner.deliver(messageType, payload, messageId, message.timestamp);
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
    this.#owner.report(error);
  }

  // -------------------------------------------------------------------------------------------
  // fetch

  /**
   * Reads a web request's body a chunk at a time, counting bytes: past 4 MiB the stream is
   * cancelled and 413 comes back, before the rest is read (a body without `Content-Length` is no
   * way around the limit); a body that has not arrived within 10 seconds gets 408.
   */
  async #readBody(request: Request): Promise<Uint8Array | number> {
    const stream = request.body;
    if (!stream) return new Uint8Array(0);
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let late = false;
    const timer = this.#clock.setTimeout(() => {
      late = true;
      reader.cancel().catch(noop);
    }, bodyTimeoutMs);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (late) return this.#refuse(408, 'body too slow');
        if (done) break;
        size += value.byteLength;
        if (size > maxBodyBytes) {
          reader.cancel().catch(noop);
          return this.#refuse(413, 'body too large');
        }
        chunks.push(value);
      }
    } catch (error) {
      if (late) return this.#refuse(408, 'body too slow');
      throw error;
    } finally {
      this.#clock.clearTimeout(timer);
    }
    if (chunks.length === 1) return chunks[0]!;
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    return body;
  }

  async #fetchRequest(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
    const headers = request.headers;
    if (Number(headers.get('content-length')) > maxBodyBytes) return new Response(null, { status: this.#refuse(413, 'body too large') });
    const body = await this.#readBody(request);
    if (typeof body === 'number') return new Response(null, { status: body, headers: { Connection: 'close' } });
    const messageId = headers.get(idHeader);
    const timestamp = headers.get(timestampHeader);
    const signature = headers.get(signatureHeader);
    if (messageId === null || timestamp === null || signature === null) return new Response(null, { status: this.#refuse(403, missingHeaders, messageId ?? undefined) });
    const messageType = headers.get(typeHeader);
    let payload: Verdict;
    try {
      payload = await this.#accept(await this.#check(messageId, timestamp, body, signature), { id: messageId, timestamp, type: messageType ?? undefined }, body);
    } catch (error) {
      this.#owner.report(error);
      return new Response(null, { status: 500 });
    }
    if (typeof payload === 'number') return new Response(null, { status: payload });
    if (messageType === 'webhook_callback_verification') {
      const challenge = this.#owner.challenge(payload);
      if (!challenge) return new Response(null, { status: this.#refuse(403, unknownChallenge, messageId) });
      challenge.answered();
      return new Response(challenge.text, { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    // Handlers run before the answer goes out: an edge runtime may end the work once it has.
    if (messageType !== null) this.#owner.deliver(messageType, payload, messageId, timestamp);
    return new Response(null, { status: 204 });
  }
}

/** Refuses a body that came too slowly and closes the connection. */
function tooSlow(request: IncomingMessage, response: ServerResponse): void {
  response.once('finish', () => request.destroy());
  if (response.headersSent) request.destroy();
  else response.writeHead(408, { Connection: 'close' }).end();
}

/** Refuses a body over the limit and closes the connection once the answer is out, so the rest is never read. */
function tooLarge(request: IncomingMessage, response: ServerResponse): void {
  response.once('finish', () => request.destroy());
  response.writeHead(413, { Connection: 'close' }).end();
}
