import type { Clock, SentChatMessage } from '@platform/client';

/** What the send queue of a channel did with a message it could not send at once. */
export interface ChatLimitEvent {
  /** `delayed`: it waits for room under the chat limit; `dropped`: the queue was full (or the bot stopped), it is not sent. */
  action: 'delayed' | 'dropped';
  /** The channel's broadcaster ID. */
  channelId: string;
  /** The message's text. */
  text: string;
  /** For `delayed`: about how long it waits, in milliseconds. */
  waitMs?: number | undefined;
  /** For `dropped`: why. */
  reason?: string | undefined;
}

/** Options of one channel's queue. */
export interface ChatQueueOptions {
  clock: Clock;
  channelId: string;
  /** Messages per window the platform allows now (20, or 100 where the bot is broadcaster, moderator or VIP). */
  limit: () => number;
  windowMs: number;
  /** Messages waiting at most; one more is dropped. */
  maxQueued: number;
  send: (text: string, replyTo: string | undefined) => Promise<SentChatMessage>;
  report: (event: ChatLimitEvent) => void;
}

interface Item {
  text: string;
  replyTo: string | undefined;
  delayed: boolean;
  resolve: (sent: SentChatMessage) => void;
  reject: (error: unknown) => void;
}

/** The answer given for a message the queue dropped: as the platform's own drops, `is_sent` false with a reason. */
export function droppedMessage(reason: string): SentChatMessage {
  return { message_id: '', is_sent: false, drop_reason: { code: 'bot_queue_dropped', message: reason } };
}

/**
 * One channel's sends, in order, never more than `limit()` in any `windowMs` (a sliding window of
 * the times this process sent at): a message beyond it waits for the oldest send to leave the
 * window, and one beyond `maxQueued` waiting messages is dropped. Each delay and drop is reported.
 */
export class ChatQueue {
  readonly #options: ChatQueueOptions;
  readonly #sentAt: number[] = [];
  readonly #pending: Item[] = [];
  #running = false;
  #timer: unknown;
  #stopped = false;

  constructor(options: ChatQueueOptions) {
    this.#options = options;
  }

  /** Sends `text` (as a reply to `replyTo` when given) once the limit allows; resolves with the platform's answer, or a drop. */
  enqueue(text: string, replyTo?: string): Promise<SentChatMessage> {
    const { channelId, maxQueued, report } = this.#options;
    if (this.#stopped) return Promise.resolve(droppedMessage('The bot is stopped.'));
    // Messages that go within the window's room do not wait: only the ones beyond it count.
    if (this.#pending.length - this.#room() >= maxQueued) {
      const reason = `The send queue of channel ${channelId} is full (${maxQueued} messages wait for the chat limit).`;
      report({ action: 'dropped', channelId, text, reason });
      return Promise.resolve(droppedMessage(reason));
    }
    return new Promise((resolve, reject) => {
      this.#pending.push({ text, replyTo, delayed: false, resolve, reject });
      if (this.#timer === undefined) void this.#pump();
      else this.#reportDelays();
    });
  }

  /** Drops every waiting message (each resolves as dropped and is reported) and sends nothing more. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const item of this.#pending.splice(0)) {
      this.#options.report({ action: 'dropped', channelId: this.#options.channelId, text: item.text, reason: 'The bot stopped.' });
      item.resolve(droppedMessage('The bot stopped.'));
    }
  }

  /** Sends the window still allows now. */
  #room(): number {
    const since = this.#options.clock.now() - this.#options.windowMs;
    return Math.max(0, this.#options.limit() - this.#sentAt.filter((at) => at > since).length);
  }

  async #pump(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    const { clock, windowMs } = this.#options;
    try {
      while (this.#pending.length > 0 && !this.#stopped) {
        const now = clock.now();
        while (this.#sentAt.length > 0 && this.#sentAt[0]! <= now - windowMs) this.#sentAt.shift();
        if (this.#sentAt.length >= this.#options.limit()) {
          const wait = this.#sentAt[0]! + windowMs - now;
          this.#reportDelays();
          this.#timer = clock.setTimeout(() => {
            this.#timer = undefined;
            void this.#pump();
          }, wait);
          return;
        }
        const item = this.#pending.shift()!;
        this.#sentAt.push(now);
        try {
          item.resolve(await this.#options.send(item.text, item.replyTo));
        } catch (error) {
          item.reject(error);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  /** Reports each waiting message once, with about how long it waits: a window per `limit` messages ahead of it. */
  #reportDelays(): void {
    const { clock, windowMs, channelId, report } = this.#options;
    const limit = Math.max(1, this.#options.limit());
    const now = clock.now();
    this.#pending.forEach((item, position) => {
      if (item.delayed) return;
      item.delayed = true;
      const slot = this.#sentAt[position % limit] ?? now;
      report({ action: 'delayed', channelId, text: item.text, waitMs: Math.max(0, slot + windowMs * (Math.floor(position / limit) + 1) - now) });
    });
  }
}
