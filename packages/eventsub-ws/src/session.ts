import { PlatformEventSubError, type Clock } from '@platform/core';
import type { EventSubConnectionCounts } from '@platform/eventsub';
import { emptyConnectionCounts } from '@platform/eventsub/internal';
import { MessageIdSet } from './message-ids';

/** The part of the WebSocket interface the session uses: the browser's, Node 22's global one, or `ws`. */
export interface WebSocketLike {
  /** The connection state, as the WebSocket standard numbers it (1 is open). */
  readonly readyState: number;
  /** Called when the connection opens. */
  onopen: ((event: unknown) => void) | null;
  /** Called with each message received; `data` is the frame's text. */
  onmessage: ((event: { data: unknown }) => void) | null;
  /** Called when the connection closes, with the close code and reason. */
  onclose: ((event: { code: number; reason: string }) => void) | null;
  /** Called when the connection fails. */
  onerror: ((event: unknown) => void) | null;
  /** Closes the connection, with a close code and reason when given. */
  close(code?: number, reason?: string): void;
  /** `ws`'s own event interface: used when present, since it skips building a MessageEvent per frame. */
  on?: (event: 'message', listener: (data: { toString(): string }, isBinary: boolean) => void) => unknown;
}

/** A WebSocket class: `new WebSocketClass(url)`. */
export type WebSocketClass = new (url: string) => WebSocketLike;

/** A frame of the EventSub WebSocket protocol. */
export interface EventSubFrame {
  /** What the message is and when it was sent. */
  metadata: {
    /** The message ID; a message sent twice keeps its ID. */
    message_id: string;
    /** `session_welcome`, `session_keepalive`, `session_reconnect`, `notification` or `revocation`. */
    message_type: string;
    /** When the message was sent. */
    message_timestamp: string;
    /** The subscription type, in notifications and revocations. */
    subscription_type?: string;
    /** The subscription version, in notifications and revocations. */
    subscription_version?: string;
  };
  /** The message's content. */
  payload: {
    /** The session, in welcome and reconnect messages. */
    session?: {
      /** The session ID. */
      id: string;
      /** The longest silence before the session counts as lost, in seconds; null in a reconnect message. */
      keepalive_timeout_seconds: number | null;
      /** The address to reconnect to, in a reconnect message; null otherwise. */
      reconnect_url: string | null;
    };
    /** The subscription, in notifications and revocations. */
    subscription?: {
      /** The subscription ID. */
      id: string;
      /** The subscription type. */
      type: string;
      /** The subscription version. */
      version: string;
      /** The subscription status (why it was revoked, in a revocation). */
      status: string;
      /** The subscription's condition. */
      condition?: Record<string, unknown>;
    };
    /** The event, in a notification. */
    event?: unknown;
    /** The events, in a notification of a batched type. */
    events?: unknown;
  };
}

/** What a session tells its owner. */
export interface EventSubSessionEvents {
  /**
   * A socket was welcomed into a new session (the first one, or after a drop: `reconnected`); not
   * called after a `session_reconnect` handoff, which keeps the session.
   */
  welcome(sessionId: string, reconnected: boolean): void;
  /** A `session_reconnect` handoff is done: the session moved to the new socket. */
  handoff?(sessionId: string): void;
  /** A notification or revocation was dropped: its message ID was delivered already. */
  duplicate?(messageId: string): void;
  /** A `session_keepalive` message arrived, at `at` on the clock. */
  keepalive?(at: number): void;
  /** A notification or revocation frame, never twice for one message ID. */
  message(frame: EventSubFrame): void;
  /** The session ended without the client asking: its subscriptions are gone; a new session follows. */
  drop(sessionId: string | undefined, code: number | undefined, reason: string): void;
  /** A failure to report (a socket that could not open). */
  error(error: unknown): void;
}

/** Settings of a session. */
export interface EventSubSessionOptions {
  /** The EventSub WebSocket address (with `keepalive_timeout_seconds` when asked for). */
  url: string;
  /** The WebSocket class the sockets are opened with. */
  webSocket: WebSocketClass;
  /** The clock the keepalive watchdog and the reconnect backoff run on. */
  clock: Clock;
  /** The silence after which a socket that was never welcomed counts as failed. Default 10 s plus slack. */
  welcomeTimeoutMs?: number;
}

/** The pause before reconnect attempt `attempt` (1-based): at once, then about 1, 2, 4, 8 s, never more than 10 s. */
export function reconnectDelay(attempt: number, random: () => number): number {
  if (attempt <= 1) return 0;
  const base = Math.min(1000 * 2 ** (attempt - 2), 8000);
  return Math.min(base * (0.75 + random() * 0.5), 10_000);
}

/** Extra time past the keepalive timeout before silence counts as a drop (the platform's timer is not exact). */
const slackMs = (keepaliveMs: number) => Math.min(Math.max(keepaliveMs / 10, 500), 5000);

const OPEN = 1;

/** How long the old socket of a handoff is still read after the new welcome. */
const retireAfterMs = 1000;

/**
 * One EventSub WebSocket session and the sockets that carry it: the welcome, the keepalive
 * watchdog, the `session_reconnect` handoff to a second socket without losing or repeating a
 * message, and a new session (with backoff) after a drop. The client sends no data frames.
 */
export class EventSubSession {
  #current: WebSocketLike | undefined;
  /** The socket opened on `reconnect_url`, until its welcome. */
  #next: WebSocketLike | undefined;
  /**
   * The old socket after a handoff, still read for a moment: frames the platform wrote to it
   * before the move may arrive after the new welcome (two connections keep no order between them).
   */
  #retired: WebSocketLike | undefined;
  #retireTimer: unknown;
  #sessionId: string | undefined;
  #welcomed = false;
  #keepaliveMs = 10_000;
  #lastSeen = 0;
  #watchdog: unknown;
  #reconnectTimer: unknown;
  #attempt = 0;
  #closed = false;
  /** The socket a draining close() still reads notifications from, until its close frame comes back. */
  #draining: WebSocketLike | undefined;
  /** The last 1,000 message IDs delivered. */
  readonly #seen = new MessageIdSet(1000);
  /** Every message ID since a `session_reconnect`, until the old socket is let go. */
  #handoffIds: MessageIdSet | undefined;
  readonly #options: EventSubSessionOptions;
  readonly #events: EventSubSessionEvents;
  /**
   * The session's counters since it was made: repeats dropped, drops, reconnects, handoffs, the
   * last keepalive. `delivered` is the owner's to count (it knows which frames reached a handler).
   */
  readonly stats: EventSubConnectionCounts = emptyConnectionCounts();

  constructor(options: EventSubSessionOptions, events: EventSubSessionEvents) {
    this.#options = options;
    this.#events = events;
  }

  /** The platform's ID of the session, while one is welcomed. */
  get sessionId(): string | undefined {
    return this.#welcomed ? this.#sessionId : undefined;
  }

  /** Opens the first socket. */
  start(): void {
    this.#connect();
  }

  /**
   * Closes the sockets from the client side; nothing reconnects afterwards. With `drainMs`, the
   * welcomed socket keeps handing on the notifications the platform sent before it read the close
   * frame, until its own close frame comes back or `drainMs` pass (a conduit worker that stops
   * loses none of what was on its way to it); the promise resolves then.
   */
  close(drainMs = 0): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#clearTimers();
    const draining = drainMs > 0 && this.#welcomed ? this.#current : undefined;
    this.#discard(this.#next);
    if (!draining) this.#discard(this.#current);
    this.#discard(this.#retired);
    this.#next = this.#current = this.#retired = undefined;
    this.#welcomed = false;
    if (!draining) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const clock = this.#options.clock;
      const finish = () => {
        clock.clearTimeout(timer);
        if (this.#draining !== draining) return;
        this.#draining = undefined;
        this.#discard(draining);
        resolve();
      };
      const timer = clock.setTimeout(finish, drainMs);
      this.#draining = draining;
      draining.onclose = finish;
      try {
        draining.close(1000);
      } catch {
        finish();
      }
    });
  }

  /** Ends the current session as a drop (a silence past the keepalive timeout, say), then reconnects. */
  dropNow(reason: string): void {
    if (this.#closed) return;
    this.#drop(undefined, reason);
  }

  #connect(): void {
    if (this.#closed) return;
    this.#attempt++;
    this.#welcomed = false;
    this.#sessionId = undefined;
    let socket: WebSocketLike;
    try {
      socket = this.#open(this.#options.url);
    } catch (error) {
      this.#openFailed(`${this.#options.url.split('?')[0]}: ${error instanceof Error ? error.message : String(error)}`, error);
      return;
    }
    this.#current = socket;
    this.#lastSeen = this.#options.clock.now();
    this.#arm(this.#options.welcomeTimeoutMs ?? this.#keepaliveMs + slackMs(this.#keepaliveMs));
  }

  #open(url: string): WebSocketLike {
    const socket = new this.#options.webSocket(url);
    if (typeof socket.on === 'function') {
      socket.on('message', (data, isBinary) => {
        if (!isBinary) this.#message(socket, data.toString());
      });
    } else {
      socket.onmessage = (event) => {
        this.#message(socket, event.data);
      };
    }
    socket.onclose = (event) => {
      this.#closedBy(socket, event.code, event.reason);
    };
    // ws emits 'error' before 'close'; the close handler decides what it means, and a failure to
    // connect names its cause (ws gives one: `connect ECONNREFUSED ...`; a browser's says nothing).
    // Without a listener ws would throw it.
    socket.onerror = (event) => {
      const said = (event as { message?: unknown; error?: { message?: unknown } } | null)?.error?.message ?? (event as { message?: unknown } | null)?.message;
      if (typeof said === 'string' && said !== '') this.#failures.set(socket, said);
    };
    this.#urls.set(socket, url);
    return socket;
  }

  /** The runtime's words for each socket's failure to connect, and the address each was opened at. */
  readonly #failures = new WeakMap<WebSocketLike, string>();
  readonly #urls = new WeakMap<WebSocketLike, string>();

  #message(socket: WebSocketLike, data: unknown): void {
    if (socket !== this.#current && socket !== this.#next && socket !== this.#retired && socket !== this.#draining) return;
    this.#lastSeen = this.#options.clock.now();
    let frame: EventSubFrame;
    try {
      frame = JSON.parse(typeof data === 'string' ? data : String(data)) as EventSubFrame;
    } catch {
      this.#events.error(new PlatformEventSubError('The platform sent an EventSub WebSocket frame that is not JSON; it was ignored.'));
      return;
    }
    const metadata = frame.metadata;
    switch (metadata?.message_type) {
      case 'notification':
      case 'revocation':
        if (this.#repeat(metadata.message_id)) {
          this.stats.duplicates++;
          this.#events.duplicate?.(metadata.message_id);
          return;
        }
        this.#events.message(frame);
        return;
      case 'session_keepalive':
        this.stats.lastKeepaliveAt = this.#lastSeen;
        this.#events.keepalive?.(this.#lastSeen);
        return;
      case 'session_welcome':
        this.#welcome(socket, frame);
        return;
      case 'session_reconnect':
        this.#reconnect(socket, frame);
        return;
      default:
        // Types added later by the platform are ignored.
        return;
    }
  }

  #welcome(socket: WebSocketLike, frame: EventSubFrame): void {
    const session = frame.payload.session;
    if (!session) return;
    const seconds = session.keepalive_timeout_seconds;
    if (typeof seconds === 'number' && seconds > 0) this.#keepaliveMs = seconds * 1000;
    if (socket === this.#next) {
      // The handoff is done: the new socket carries the same session and its subscriptions.
      const old = this.#current;
      this.#current = socket;
      this.#next = undefined;
      this.#retire(old);
      this.#rearm();
      this.stats.handoffs++;
      if (this.#sessionId !== undefined) this.#events.handoff?.(this.#sessionId);
      return;
    }
    if (this.#welcomed) return;
    this.#welcomed = true;
    this.#attempt = 0;
    this.#sessionId = session.id;
    this.#rearm();
    const reconnected = this.stats.drops > 0;
    if (reconnected) this.stats.reconnects++;
    this.#events.welcome(session.id, reconnected);
  }

  #reconnect(socket: WebSocketLike, frame: EventSubFrame): void {
    const url = frame.payload.session?.reconnect_url;
    if (socket !== this.#current || !this.#welcomed || typeof url !== 'string') return;
    this.#discard(this.#next);
    this.#handoffIds ??= new MessageIdSet();
    try {
      // The address as given: the platform's reconnect URL must not be altered.
      this.#next = this.#open(url);
    } catch (error) {
      this.#next = undefined;
      this.#events.error(new PlatformEventSubError(`Could not open the EventSub WebSocket: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
    }
  }

  #closedBy(socket: WebSocketLike, code: number, reason: string): void {
    if (this.#closed) return;
    if (socket === this.#retired) {
      // The platform closed the old socket (4004) once the move was done: not a drop.
      this.#retired = undefined;
      return;
    }
    if (socket === this.#next) {
      // The reconnect socket failed; the old one carries on until the platform closes it.
      this.#next = undefined;
      if (!this.#current) this.#drop(code, reason || 'the reconnect socket closed');
      return;
    }
    if (socket !== this.#current) return;
    if (this.#next) {
      // The old socket closed (4004) before the new one was welcomed: wait for that welcome.
      this.#current = undefined;
      return;
    }
    if (!this.#welcomed) {
      // Named as the HTTP errors name theirs: the address (without its query) and the cause.
      const address = (this.#urls.get(socket) ?? '').split('?')[0];
      const cause = this.#failures.get(socket);
      this.#openFailed(`${address} closed before the welcome${cause ? `: ${cause}` : reason ? `: ${reason}` : ''}`, undefined, code);
      return;
    }
    this.#drop(code, reason || `closed with code ${code}`);
  }

  #openFailed(reason: string, cause?: unknown, code?: number): void {
    this.#discard(this.#current);
    this.#current = undefined;
    const message = code === undefined ? reason : `${reason} (code ${code})`;
    this.#events.error(new PlatformEventSubError(`Could not open the EventSub WebSocket: ${message}`, cause === undefined ? undefined : { cause }));
    this.#scheduleConnect();
  }

  #drop(code: number | undefined, reason: string): void {
    const sessionId = this.#welcomed ? this.#sessionId : undefined;
    this.#clearTimers();
    this.#discard(this.#next);
    this.#discard(this.#current);
    this.#discard(this.#retired);
    this.#next = this.#current = this.#retired = undefined;
    this.#handoffIds = undefined;
    this.#welcomed = false;
    this.#sessionId = undefined;
    if (sessionId !== undefined) this.stats.drops++;
    this.#events.drop(sessionId, code, reason);
    this.#scheduleConnect();
  }

  #scheduleConnect(): void {
    if (this.#closed) return;
    const { clock } = this.#options;
    const delay = reconnectDelay(this.#attempt + 1, clock.random);
    this.#clearTimers();
    this.#reconnectTimer = clock.setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#connect();
    }, delay);
  }

  /**
   * Keeps reading the old socket of a handoff for a second, then closes it (the platform wants it
   * closed; it would close it with 4004 after its grace time).
   */
  #retire(old: WebSocketLike | undefined): void {
    const { clock } = this.#options;
    if (this.#retireTimer !== undefined) clock.clearTimeout(this.#retireTimer);
    this.#discard(this.#retired);
    this.#retired = old;
    this.#retireTimer = clock.setTimeout(() => {
      this.#retireTimer = undefined;
      this.#discard(this.#retired);
      this.#retired = undefined;
      this.#handoffIds = undefined;
    }, retireAfterMs);
  }

  /**
   * Whether a message ID was delivered already. The platform repeats a message around a reconnect
   * handoff, when both sockets carry the session: every ID of that window is kept, and otherwise
   * the last 1,000, so that a steady stream holds no memory per event. Both sets index their IDs
   * in typed arrays allocated once: a steady stream leaves nothing for the garbage collector to
   * promote (see MessageIdSet).
   * A frame without an ID cannot be told from another: it is delivered.
   */
  #repeat(id: string): boolean {
    if (typeof id !== 'string') return false;
    if (this.#handoffIds?.repeat(id)) return true;
    return this.#seen.repeat(id);
  }

  /** Closes a socket this session no longer wants, without hearing from it again. */
  #discard(socket: WebSocketLike | undefined): void {
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = () => undefined;
    try {
      socket.close(1000);
    } catch {
      // A socket still connecting may refuse to close politely; it is abandoned either way.
    }
  }

  // -------------------------------------------------------------------------------------------
  // The keepalive watchdog: one timer, moved only when it fires, so that a message costs one clock read.

  #limit(): number {
    return this.#welcomed ? this.#keepaliveMs + slackMs(this.#keepaliveMs) : (this.#options.welcomeTimeoutMs ?? this.#keepaliveMs + slackMs(this.#keepaliveMs));
  }

  #rearm(): void {
    this.#arm(this.#limit() - (this.#options.clock.now() - this.#lastSeen));
  }

  #arm(ms: number): void {
    const { clock } = this.#options;
    if (this.#watchdog !== undefined) clock.clearTimeout(this.#watchdog);
    this.#watchdog = clock.setTimeout(() => {
      this.#watchdog = undefined;
      this.#check();
    }, Math.max(ms, 1));
  }

  #check(): void {
    if (this.#closed) return;
    const limit = this.#limit();
    const silent = this.#options.clock.now() - this.#lastSeen;
    if (silent < limit) {
      this.#arm(limit - silent);
      return;
    }
    const seconds = Math.round(this.#keepaliveMs / 1000);
    if (!this.#welcomed) this.#openFailed(`no welcome within ${Math.round(limit / 1000)} seconds`);
    else this.#drop(undefined, `no message within the keepalive timeout of ${seconds} seconds`);
  }

  #clearTimers(): void {
    const { clock } = this.#options;
    if (this.#watchdog !== undefined) clock.clearTimeout(this.#watchdog);
    if (this.#reconnectTimer !== undefined) clock.clearTimeout(this.#reconnectTimer);
    if (this.#retireTimer !== undefined) clock.clearTimeout(this.#retireTimer);
    this.#watchdog = this.#reconnectTimer = this.#retireTimer = undefined;
  }

  /** Whether the current socket is open (for tests and status). */
  get open(): boolean {
    return this.#current?.readyState === OPEN;
  }
}
