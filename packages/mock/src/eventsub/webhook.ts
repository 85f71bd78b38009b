import { createHmac } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { timestamp } from './model';

/** Where a webhook message goes: a callback and the secret its signature is keyed with. */
export interface WebhookTarget {
  callback: string;
  secret: string;
}

/** One webhook message: the headers' values besides time, retry and signature, and the exact body. */
export interface WebhookMessage {
  id: string;
  type: 'notification' | 'revocation' | 'webhook_callback_verification';
  /** Absent on a conduit shard's verification, whose body names no subscription. */
  subscriptionType?: string;
  subscriptionVersion?: string;
  body: string;
}

/** What one attempt of `WebhookSender.post()` saw. */
export interface WebhookAttempt {
  /** The answer's status; 0 when no complete answer came. */
  status: number;
  /** The answer's body. */
  text: string;
  /** The answer's headers (empty without an answer). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request's headers, as sent. */
  sent: Readonly<Record<string, string>>;
  /** Why no answer came (`ECONNREFUSED`, a timeout...), when known. */
  error?: string;
}

/** The timings of webhook delivery. */
export interface WebhookTimings {
  /** How long a callback has to answer before the attempt counts as failed. */
  timeoutMs: number;
  /** The waits before each retry of an undelivered message; its length is the number of retries. */
  retryDelaysMs: readonly number[];
}

/**
 * The `Twitch-Eventsub-Message-Signature` value: `sha256=` and the lowercase hex HMAC-SHA256, keyed
 * with the secret, of the message id, the timestamp header text and the body, with no separator.
 */
export function signature(secret: string, messageId: string, messageTimestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(messageId + messageTimestamp + body).digest('hex')}`;
}

/** Sends signed webhook messages over HTTP(S), with retries; everything in flight stops at `close()`. */
export class WebhookSender {
  readonly #requests = new Set<ClientRequest>();
  readonly #waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  #closed = false;

  constructor(
    private readonly now: () => number,
    private readonly timings: () => WebhookTimings,
  ) {}

  /**
   * One attempt: the answer's status, text and headers, or status 0 (with the network error, if
   * any) when the callback failed to answer in time; `sent` is the request's headers, as sent.
   */
  post(target: WebhookTarget, message: WebhookMessage, retry: number): Promise<WebhookAttempt> {
    if (this.#closed) return Promise.resolve({ status: 0, text: '', headers: {}, sent: {} });
    const sentAt = timestamp(this.now());
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(message.body)),
      'Twitch-Eventsub-Message-Id': message.id,
      'Twitch-Eventsub-Message-Retry': String(retry),
      'Twitch-Eventsub-Message-Type': message.type,
      'Twitch-Eventsub-Message-Signature': signature(target.secret, message.id, sentAt, message.body),
      'Twitch-Eventsub-Message-Timestamp': sentAt,
    };
    if (message.subscriptionType !== undefined) headers['Twitch-Eventsub-Subscription-Type'] = message.subscriptionType;
    if (message.subscriptionVersion !== undefined) headers['Twitch-Eventsub-Subscription-Version'] = message.subscriptionVersion;
    const url = new URL(target.callback);
    return new Promise((resolve) => {
      let done = false;
      let responded = false;
      let answerHeaders: WebhookAttempt['headers'] = {};
      let failure: string | undefined;
      const finish = (status: number, text: string) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.#requests.delete(request);
        resolve({ status, text, headers: answerHeaders, sent: headers, ...(status === 0 && failure !== undefined ? { error: failure } : {}) });
      };
      // No keep-alive agent: a pooled connection would hold the receiver's server.close() open
      // after a test. Redirects are not followed, as on the platform: a 3xx is a failure.
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'POST', headers, agent: false }, (response) => {
        responded = true;
        answerHeaders = response.headers;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        response.on('error', () => finish(0, ''));
        // Cut mid-body (timeout, close()): 'close' without 'end'; after 'end' it changes nothing.
        response.on('close', () => finish(0, ''));
      });
      const timeoutMs = this.timings().timeoutMs;
      const timer = setTimeout(() => {
        failure = `no answer within ${timeoutMs} ms`;
        request.destroy();
      }, timeoutMs);
      this.#requests.add(request);
      request.on('error', (error: NodeJS.ErrnoException) => {
        failure ??= error.code ?? error.message;
        finish(0, '');
      });
      request.on('close', () => {
        if (!responded) finish(0, '');
      });
      request.end(message.body);
    });
  }

  /**
   * Sends a notification or revocation until a 2xx comes back, retrying with the same message id
   * (and a rising retry header) after each wait of `retryDelaysMs`; resolves whether it arrived.
   */
  async deliver(target: WebhookTarget, message: WebhookMessage): Promise<boolean> {
    const delays = this.timings().retryDelaysMs;
    for (let attempt = 0; !this.#closed; attempt++) {
      const { status } = await this.post(target, message, attempt);
      if (status >= 200 && status < 300) return true;
      const delay = delays[attempt];
      if (delay === undefined) return false;
      await this.#wait(delay);
    }
    return false;
  }

  /** Sends a verification challenge once; resolves true on a 200 whose body is the challenge exactly. */
  async verify(target: WebhookTarget, message: WebhookMessage, challenge: string): Promise<boolean> {
    const { status, text } = await this.post(target, message, 0);
    return status === 200 && text === challenge;
  }

  /** Aborts every request in flight and every wait for a retry. */
  close(): void {
    this.#closed = true;
    for (const request of this.#requests) request.destroy();
    for (const wait of this.#waits) {
      clearTimeout(wait.timer);
      wait.resolve();
    }
    this.#waits.clear();
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wait = {
        timer: setTimeout(() => {
          this.#waits.delete(wait);
          resolve();
        }, ms),
        resolve,
      };
      this.#waits.add(wait);
    });
  }
}
