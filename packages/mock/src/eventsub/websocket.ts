import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { closeCodeReason, closeCodeStatus, sessionId, timestamp } from './model';
import type { ResolvedEventSubOptions } from './options';

/** A `session_reconnect` in progress, or done but with the old socket still to close. */
interface Handoff {
  readonly token: string;
  readonly url: string;
  /** The socket the session had when the reconnect was sent. */
  readonly oldSocket: WebSocket | undefined;
  moved: boolean;
  readonly graceTimer: NodeJS.Timeout;
}

/** One EventSub WebSocket session: it outlives its socket across a `session_reconnect`. */
export interface Session {
  readonly id: string;
  /** The socket that carries the session now; undefined between an old socket's close and the move. */
  socket: WebSocket | undefined;
  /** When the current socket connected. */
  connectedAt: string;
  readonly keepaliveSeconds: number;
  state: 'connected' | 'reconnecting' | 'closed';
  /** Keepalives, pings and notifications are held back (lost), as on a half-open connection. */
  silent: boolean;
  /** The client and user whose subscriptions it carries (set by the first one). */
  owner: { clientId: string; userId: string } | undefined;
  /** The conduit shard it is assigned to. */
  shard: { conduitId: string; shardId: string } | undefined;
  /** The status its subscriptions were given when it ended. */
  endedWith: string | undefined;
  handoffs: Handoff[];
  /** Frames raised while no socket carried the session during a handoff, sent after the new welcome. */
  queue: string[];
  keepaliveTimer: NodeJS.Timeout | undefined;
  unusedTimer: NodeJS.Timeout | undefined;
  pingTimer: NodeJS.Timeout | undefined;
  /** The current socket answered the last ping. */
  answered: boolean;
}

/** What happens to a frame handed to a session. */
export type SendOutcome = 'sent' | 'queued' | 'lost';

/** The WebSocket side of EventSub: the `/ws` endpoint, sessions, keepalives, reconnects and close codes. */
export class WebSocketSessions {
  readonly sessions = new Map<string, Session>();
  readonly #byToken = new Map<string, Session>();
  readonly #sockets = new Set<WebSocket>();
  readonly #server = new WebSocketServer({ noServer: true });
  readonly #onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => this.#upgrade(request, socket, head);

  /**
   * @param ended called once when a session ends, with the status its subscriptions (or shard) take.
   */
  constructor(
    private readonly http: Server,
    private readonly wsUrl: string,
    private readonly now: () => number,
    private readonly options: () => ResolvedEventSubOptions,
    private readonly ended: (session: Session, status: string) => void,
  ) {
    http.on('upgrade', this.#onUpgrade);
  }

  /** A session that has not ended. */
  live(id: string): Session | undefined {
    const session = this.sessions.get(id);
    return session && session.state !== 'closed' ? session : undefined;
  }

  /**
   * Whether a message sent to the session now can reach it: false once its client has begun to
   * close the socket (the platform has read the close frame and routes a conduit's messages to
   * another shard).
   */
  reachable(id: string): boolean {
    const socket = this.live(id)?.socket;
    return socket === undefined ? this.live(id) !== undefined : socket.readyState === WebSocket.OPEN;
  }

  /** Marks a session as used (a subscription or a shard), which stops the 4003 countdown. */
  markUsed(session: Session): void {
    clearTimeout(session.unusedTimer);
    session.unusedTimer = undefined;
  }

  /** Hands a frame to a session: sent on its socket, queued during a handoff, or lost (silent, ended). */
  send(id: string, frame: unknown): SendOutcome {
    return this.sendText(id, JSON.stringify(frame));
  }

  /** `send()` of a frame already written as JSON. */
  sendText(id: string, text: string): SendOutcome {
    const session = this.live(id);
    if (!session || session.silent) return 'lost';
    return this.#write(session, text);
  }

  /**
   * Sends `session_reconnect` and opens a reconnect URL for the session; returns the URL.
   *
   * @throws Error when the session has ended or is already reconnecting.
   */
  reconnect(id: string): string {
    const session = this.#require(id);
    if (session.handoffs.some((handoff) => !handoff.moved)) throw new Error(`Session ${id} is already reconnecting.`);
    const token = randomBytes(16).toString('hex');
    const url = `${this.wsUrl}?reconnect_id=${token}`;
    const handoff: Handoff = {
      token,
      url,
      oldSocket: session.socket,
      moved: false,
      graceTimer: setTimeout(() => this.#graceOver(session, handoff), this.options().reconnectGraceMs),
    };
    session.handoffs.push(handoff);
    session.state = 'reconnecting';
    this.#byToken.set(token, session);
    const connectedAt = session.connectedAt;
    this.#write(session, JSON.stringify(frame('session_reconnect', this.now(), { session: { id: session.id, status: 'reconnecting', keepalive_timeout_seconds: null, reconnect_url: url, connected_at: connectedAt } })));
    return url;
  }

  /** Closes the session's socket with a close code; its subscriptions take the code's status. */
  closeWith(id: string, code: number): void {
    const session = this.#require(id);
    const sockets = this.#socketsOf(session);
    // The statuses change before the close frame leaves, so a client that looks them up on close sees them.
    this.#end(session, closeCodeStatus[code] ?? 'websocket_disconnected');
    for (const socket of sockets) socket.close(code, closeCodeReason[code] ?? '');
  }

  /** Cuts the session's sockets with no close frame, as a network failure would. */
  drop(id: string, status = 'websocket_disconnected'): void {
    const session = this.#require(id);
    const sockets = this.#socketsOf(session);
    this.#end(session, status);
    for (const socket of sockets) socket.terminate();
  }

  /** Stops (or resumes) keepalives, pings and notifications of a session; the socket stays open. */
  silence(id: string, silent: boolean): void {
    const session = this.#require(id);
    session.silent = silent;
    if (!silent) {
      session.answered = true;
      this.#armKeepalive(session);
    }
  }

  /** Closes every socket and stops every timer. */
  close(): void {
    this.http.off('upgrade', this.#onUpgrade);
    for (const session of this.sessions.values()) {
      // Ended quietly: the mock is going away, so nothing is disabled or announced.
      session.state = 'closed';
      this.#stopTimers(session);
      for (const handoff of session.handoffs) clearTimeout(handoff.graceTimer);
    }
    for (const socket of this.#sockets) socket.terminate();
    this.#server.close();
  }

  #require(id: string): Session {
    const session = this.live(id);
    if (!session) throw new Error(`No connected EventSub session ${id}.`);
    return session;
  }

  #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.#server.handleUpgrade(request, socket, head, (ws) => {
      this.#sockets.add(ws);
      ws.on('close', () => this.#sockets.delete(ws));
      // A socket error is followed by a close, which is where the session ends.
      ws.on('error', () => undefined);
      const token = url.searchParams.get('reconnect_id');
      if (token === null) this.#open(ws, url);
      else this.#resume(ws, token);
    });
  }

  #open(ws: WebSocket, url: URL): void {
    const options = this.options();
    let keepaliveSeconds = options.keepaliveSeconds;
    const asked = Number(url.searchParams.get('keepalive_timeout_seconds') ?? Number.NaN);
    // A numeric value outside the range is clamped; anything else leaves the default.
    if (Number.isFinite(asked)) keepaliveSeconds = Math.min(options.keepaliveRange.max, Math.max(options.keepaliveRange.min, Math.round(asked)));
    const session: Session = {
      id: sessionId(),
      socket: undefined,
      connectedAt: timestamp(this.now()),
      keepaliveSeconds,
      state: 'connected',
      silent: false,
      owner: undefined,
      shard: undefined,
      endedWith: undefined,
      handoffs: [],
      queue: [],
      keepaliveTimer: undefined,
      unusedTimer: undefined,
      pingTimer: undefined,
      answered: true,
    };
    this.sessions.set(session.id, session);
    this.#attach(session, ws);
    this.#welcome(session);
    const within = options.subscribeWithinMs;
    if (within !== null) {
      session.unusedTimer = setTimeout(() => {
        if (this.live(session.id)) this.closeWith(session.id, 4003);
      }, within);
    }
  }

  /** A connection to a reconnect URL: it takes over the session, or is refused with 4007. */
  #resume(ws: WebSocket, token: string): void {
    const session = this.#byToken.get(token);
    this.#byToken.delete(token);
    const handoff = session?.handoffs.find((each) => each.token === token && !each.moved);
    if (!session || session.state === 'closed' || !handoff) {
      ws.close(4007, closeCodeReason[4007]);
      return;
    }
    handoff.moved = true;
    session.state = 'connected';
    session.connectedAt = timestamp(this.now());
    this.#attach(session, ws);
    this.#welcome(session);
    // Events raised while no socket carried the session follow the welcome, in order.
    const queued = session.queue.splice(0);
    for (const text of queued) this.#write(session, text);
  }

  /** Makes `ws` the session's socket: from now on every frame of the session goes there. */
  #attach(session: Session, ws: WebSocket): void {
    session.socket = ws;
    session.answered = true;
    ws.on('message', () => {
      // The client may send nothing but pongs.
      if (ws === session.socket && session.state !== 'closed') this.closeWith(session.id, 4001);
      else ws.close(4001, closeCodeReason[4001]);
    });
    ws.on('pong', () => {
      if (ws === session.socket) session.answered = true;
    });
    ws.on('close', () => this.#socketClosed(session, ws));
    clearInterval(session.pingTimer);
    const every = this.options().pingIntervalMs;
    if (every !== null) session.pingTimer = setInterval(() => this.#ping(session), every);
  }

  #welcome(session: Session): void {
    this.#write(
      session,
      JSON.stringify(
        frame('session_welcome', this.now(), {
          session: { id: session.id, status: 'connected', connected_at: session.connectedAt, keepalive_timeout_seconds: session.keepaliveSeconds, reconnect_url: null },
        }),
      ),
    );
  }

  #write(session: Session, text: string): SendOutcome {
    const socket = session.socket;
    if (!socket) {
      if (session.handoffs.some((handoff) => !handoff.moved)) {
        session.queue.push(text);
        return 'queued';
      }
      return 'lost';
    }
    if (socket.readyState !== WebSocket.OPEN) return 'lost';
    socket.send(text);
    // Every message, not only keepalives, restarts the idle countdown.
    this.#armKeepalive(session);
    return 'sent';
  }

  #armKeepalive(session: Session): void {
    clearTimeout(session.keepaliveTimer);
    if (session.state === 'closed') return;
    const ms = this.options().keepaliveIntervalMs ?? session.keepaliveSeconds * 1000;
    session.keepaliveTimer = setTimeout(() => {
      if (session.silent || !session.socket) this.#armKeepalive(session);
      else this.#write(session, JSON.stringify(frame('session_keepalive', this.now(), {})));
    }, ms);
  }

  #ping(session: Session): void {
    const socket = session.socket;
    if (session.silent || !socket || socket.readyState !== WebSocket.OPEN) return;
    if (!session.answered) {
      this.closeWith(session.id, 4002);
      return;
    }
    session.answered = false;
    socket.ping();
  }

  #socketClosed(session: Session, ws: WebSocket): void {
    // An old socket closing after the move, or any socket of an ended session, changes nothing.
    if (session.state === 'closed' || ws !== session.socket) return;
    session.socket = undefined;
    // Closing the old socket before opening the new one is lenient but allowed: the session waits
    // for the move until the grace time ends.
    if (session.handoffs.some((handoff) => !handoff.moved)) return;
    this.#end(session, 'websocket_disconnected');
  }

  #graceOver(session: Session, handoff: Handoff): void {
    if (!handoff.moved) {
      this.#byToken.delete(handoff.token);
      if (session.state !== 'closed') this.closeWith(session.id, 4004);
      return;
    }
    // Moved, but the client never closed the old socket.
    if (handoff.oldSocket?.readyState === WebSocket.OPEN) handoff.oldSocket.close(4004, closeCodeReason[4004]);
  }

  /** The session's current socket and any old one still open. */
  #socketsOf(session: Session): WebSocket[] {
    const sockets = new Set<WebSocket>();
    if (session.socket) sockets.add(session.socket);
    for (const handoff of session.handoffs) if (handoff.oldSocket && handoff.oldSocket.readyState === WebSocket.OPEN) sockets.add(handoff.oldSocket);
    return [...sockets];
  }

  #end(session: Session, status: string): void {
    if (session.state === 'closed') return;
    session.state = 'closed';
    session.endedWith = status;
    session.socket = undefined;
    session.queue = [];
    for (const handoff of session.handoffs) this.#byToken.delete(handoff.token);
    this.#stopTimers(session);
    this.ended(session, status);
  }

  #stopTimers(session: Session): void {
    clearTimeout(session.keepaliveTimer);
    clearTimeout(session.unusedTimer);
    clearInterval(session.pingTimer);
    // A finished handoff keeps its timer: the old socket still gets its 4004 if the client leaves it open.
    for (const handoff of session.handoffs) if (!handoff.moved) clearTimeout(handoff.graceTimer);
  }
}

/** A WebSocket message: `{ metadata, payload }` (notifications and revocations add the subscription type and version). */
export function frame(type: string, now: number, payload: unknown, subscription?: { type: string; version: string }, messageId = randomUUID()): unknown {
  return {
    metadata: {
      message_id: messageId,
      message_type: type,
      message_timestamp: timestamp(now),
      ...(subscription ? { subscription_type: subscription.type, subscription_version: subscription.version } : {}),
    },
    payload,
  };
}
