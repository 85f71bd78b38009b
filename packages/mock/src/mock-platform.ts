import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ControlServer, bindControls, serveGroup, type ControlInfo } from './controls';
import { bindEventSubControls, eventsubControls, eventsubHttpOnly, eventsubRoutes, EventSubState, type EventSubOptions, type MockEventSub } from './eventsub';
import { EventBus } from './events';
import { Faults, type Fault, type FaultRule } from './faults';
import { registerRoutes, type HelixContext } from './helix';
import { cors, HttpError, reasonOf, readBody, Router, send, type MockRequest, type MockResponse } from './http';
import { OAuthServer, oauthControls, oauthHttpOnly } from './oauth';
import { defaultMockClientId, platformControls, platformHttpOnly, PlatformState } from './platform-controls';
import { RateLimiter } from './rate-limit';
import { chatControls, chatRoutes, ChatState, type ChatControl } from './routes/chat';
import { registerEngagementGroups, type EngagementGroupsControls } from './routes/engagement-groups';
import { registerExtensionsGroups, type ExtensionsGroupsControls } from './routes/extensions-groups';
import { guestStarControls, guestStarRoutes, GuestStarState, type GuestStarControl } from './routes/guest-star';
import { moderationControls, moderationHttpOnly, moderationRoutes, ModerationState, type ModerationControl } from './routes/moderation';
import { registerStreamsGroups, type StreamsGroupsControls } from './routes/streams-groups';
import { registerUsersGroups, type UsersGroupsControls } from './routes/users-groups';
import { Kept, type MockSnapshot } from './persist';
import { MockState, type MockClient, type MockToken, type MockUser } from './state';

/** The `/mock/` server of each started mock (see `mockControls()`). */
const controlServers = new WeakMap<MockPlatform, ControlServer>();

/** Options of `createMockPlatform()`. */
export interface MockPlatformOptions {
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Where the fake reads time (token expiry, bans, pins, rate-limit windows). Default `Date.now`. */
  now?: () => number;
  /** The per-token budget: `budget` points per `windowMs`. Default 800 per minute. */
  rateLimit?: {
    /** Points per window. Default 800. */
    budget?: number;
    /** The window, in milliseconds. Default 60 000. */
    windowMs?: number;
  };
  /** EventSub timings and limits (keepalive, reconnect grace, webhook retries...). Default: the platform's. */
  eventsub?: EventSubOptions;
}

/** One request the fake received, for tests to read. */
export interface LoggedRequest {
  /** Which server received it: the API or the OAuth server. */
  server: 'helix' | 'oauth';
  /** The HTTP method. */
  method: string;
  /** Without `/helix` for the API (`/chat/chatters`); with `/oauth2` for the OAuth server. */
  path: string;
  /** The query parameters; a repeated one as a list. */
  query: Record<string, string | string[]>;
  /** The body, parsed from JSON (or from a form for the OAuth server); undefined when there was none. */
  body: unknown;
  /** The access token the request carried, if any. */
  token: string | undefined;
  /** The `Client-Id` header, if any. */
  clientId: string | undefined;
  /** The status answered; 0 when the connection was cut or left hanging. */
  status: number;
  /** When the request arrived, on the mock's clock (epoch ms). */
  at: number;
}

/**
 * What a client needs to reach the mock, in the option names of `createClient()` and
 * `new Platform()`: spread it into either (`createClient({ ...mock.clientOptions(), token })`).
 */
export interface MockClientOptions {
  /** The application's client ID. */
  clientId: string;
  /** The application's client secret, for the app token and the sign-in flows (leave it out of a browser client). */
  clientSecret: string;
  /** The mock's API address, `http://127.0.0.1:<port>/helix`. */
  baseUrl: string;
  /** The mock's OAuth server, `http://127.0.0.1:<port>/oauth2`. */
  authUrl: string;
  /** The mock's EventSub WebSocket address, `ws://127.0.0.1:<port>/ws`. */
  eventSubWsUrl: string;
}

export { defaultMockClientId };

/** The fake platform, started: the addresses to give a client, and the control API. */
export interface MockPlatform extends UsersGroupsControls, StreamsGroupsControls, EngagementGroupsControls, ExtensionsGroupsControls {
  /** `http://127.0.0.1:<port>/helix`: pass as `baseUrl`. */
  readonly baseUrl: string;
  /** `http://127.0.0.1:<port>/oauth2`: pass as `authUrl`. */
  readonly authUrl: string;
  /** `ws://127.0.0.1:<port>/ws`: pass as `eventSubWsUrl`. */
  readonly eventSubWsUrl: string;
  /** The port the server listens on. */
  readonly port: number;
  /** Users, clients, tokens and channels, for tests that need to look or reach in. */
  readonly state: MockState;
  /** The sign-in side: who approves at the consent page, device code approval. */
  readonly oauth: OAuthServer;
  /** The per-token budget and the endpoint limits. */
  readonly limits: RateLimiter;
  /** EventSub: subscriptions, conduits, transports, `trigger()`. */
  readonly eventsub: MockEventSub;
  /** Events raised by what happens in the fake (a ban raises `channel.ban`...): listen with `events.on()`. */
  readonly events: EventBus;
  /** Chat controls that no API call reaches (see routes/chat.ts). */
  readonly chat: ChatControl;
  /** Moderation controls that no API call reaches: held AutoMod messages, unban requests... */
  readonly moderation: ModerationControl;
  /** Guest star controls that no API call reaches: a guest accepting an invite... */
  readonly guestStar: GuestStarControl;
  /** Every request received, in order; a browser's CORS preflights are there as `OPTIONS`, without a token. */
  readonly requests: readonly LoggedRequest[];
  /** Adds a user; the fields left out get defaults (an ID from 1000 up, the login as display name). */
  addUser(user: Partial<MockUser> & { login: string }): MockUser;
  /** Registers an application; a client secret is made up when none is given. */
  addClient(client: Partial<MockClient> & { clientId: string }): MockClient;
  /**
   * The options a client needs to reach the mock as an application: its client ID and secret,
   * `baseUrl`, `authUrl` and `eventSubWsUrl`, named as `createClient()` and `new Platform()` take
   * them.
   *
   * @param app An application registered with `addClient()` (or its client ID). Without it, the
   *   mock's default application, client ID `mock-client`, registered on the first call (with a
   *   made-up secret) and the same afterwards.
   * @throws Error for a client ID that is not registered.
   * @example
   * const options = mock.clientOptions();
   * const { accessToken } = mock.issueToken({ clientId: options.clientId, userId: streamer.id, scopes: ['user:write:chat'] });
   * const client = createClient({ ...options, token: accessToken });
   */
  clientOptions(app?: MockClient | string): MockClientOptions;
  /** Issues a token as if a user had signed in (or, without `userId`, an app token). */
  issueToken(options: { clientId: string; userId?: string; scopes?: string[]; expiresIn?: number | null; refresh?: boolean }): MockToken;
  /** Makes a token expire now. */
  expireToken(accessToken: string): void;
  /** A failure on demand; returns a function that removes the rule. */
  fault(rule: FaultRule): () => void;
  /** Removes every fault rule. */
  clearFaults(): void;
  /** Forgets the requests logged so far. */
  clearRequests(): void;
  /**
   * Everything the mock keeps, as a copy: the shared state (users, clients, tokens, channels) and
   * each group's records (polls, rewards, schedules, EventSub subscriptions and conduits...). Not
   * in it: WebSocket sessions, timers in flight, faults and the request log.
   * `platform-mock serve --state` writes it (Maps and Sets as tagged JSON).
   */
  snapshot(): MockSnapshot;
  /**
   * Puts a snapshot back (a copy of it): the shared state is replaced whole, each group the
   * snapshot names gets its records back and arms again what runs on the mock's clock.
   *
   * @throws Error for a group or field this mock does not keep, before anything changes.
   */
  restore(snapshot: MockSnapshot): void;
  /** Stops the server and closes every connection. */
  close(): Promise<void>;
}

/**
 * Starts the fake platform on 127.0.0.1: every Helix route of the platform's reference (EventSub
 * subscriptions and conduits included), the OAuth server, the EventSub WebSocket server and webhook
 * delivery, rate limits and faults on demand.
 *
 * @example
 * const mock = await createMockPlatform();
 * const me = mock.addUser({ login: 'me' });
 * const options = mock.clientOptions(); // the default application and the mock's three addresses
 * const { accessToken } = mock.issueToken({ clientId: options.clientId, userId: me.id, scopes: ['user:write:chat'] });
 * const client = createClient({ ...options, token: accessToken });
 */
export async function createMockPlatform(options: MockPlatformOptions = {}): Promise<MockPlatform> {
  const now = options.now ?? Date.now;
  const state = new MockState(now);
  const limits = new RateLimiter(now, options.rateLimit?.budget, options.rateLimit?.windowMs);
  const events = new EventBus();
  const faults = new Faults();
  const requests: LoggedRequest[] = [];
  const kept = new Kept();
  const context: HelixContext = { state, now, events, limits, kept };
  const helix = new Router();
  const usersGroups = registerUsersGroups(helix, context);
  const streamsGroups = registerStreamsGroups(helix, context);
  const engagement = registerEngagementGroups(helix, context);
  const extensionsGroups = registerExtensionsGroups(helix, context);
  const chatState = new ChatState(context, (broadcasterId, userId) => engagement.subscriptions.subscribedSince(broadcasterId, userId));
  registerRoutes(helix, context, chatRoutes, chatState);
  const moderationState = new ModerationState(context);
  registerRoutes(helix, context, moderationRoutes, moderationState);
  const guestStarState = new GuestStarState(context);
  registerRoutes(helix, context, guestStarRoutes, guestStarState);
  const oauth = new OAuthServer(state, now);
  kept.keep(oauth.state);
  const sockets = new Set<Socket>();

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/mock' || url.pathname.startsWith('/mock/')) {
      await answerControl(request, response, url.pathname);
      return;
    }
    const which = url.pathname.startsWith('/helix/') ? 'helix' : url.pathname.startsWith('/oauth2/') ? 'oauth' : undefined;
    const path = which === 'helix' ? url.pathname.slice('/helix'.length) : which === 'oauth' ? url.pathname.slice('/oauth2'.length) : url.pathname;
    // CORS on every answer, errors and faults included: writeHead() merges headers set here.
    for (const [name, value] of Object.entries(cors[which ?? 'helix'].answer)) response.setHeader(name, value);
    const method = request.method ?? 'GET';
    // A browser's preflight carries no token: it is logged without one, costs no rate-limit point
    // and meets no fault (a fault is meant for the call it precedes).
    const preflight = method === 'OPTIONS' && (which === 'helix' || (which === 'oauth' && path !== '/authorize' && oauth.router.has(path)));
    const text = await readBody(request);
    const authorization = preflight ? undefined : request.headers.authorization;
    const clientId = request.headers['client-id'];
    const entry: LoggedRequest = {
      server: which ?? 'helix',
      method,
      path: which === 'oauth' ? url.pathname : path,
      query: queryRecord(url.searchParams),
      body: undefined,
      token: authorization?.replace(/^(Bearer|OAuth) /i, ''),
      clientId: !preflight && typeof clientId === 'string' ? clientId : undefined,
      status: 0,
      at: now(),
    };
    requests.push(entry);
    const finish = (answer: MockResponse) => {
      entry.status = answer.status;
      send(response, answer);
    };
    if (!which) {
      finish(helixError(new HttpError(404, `No route for ${request.method} ${url.pathname}`)));
      return;
    }
    if (preflight) {
      // Every Helix path, known or not, so that a browser reads the real answer (404, 405) of its call.
      finish({ status: 204, headers: cors[which].preflight });
      return;
    }
    try {
      entry.body = parseBody(which, text, request.headers['content-type']);
    } catch (error) {
      finish(which === 'helix' ? helixError(error) : oauthError(error));
      return;
    }
    const fault = faults.take(which, entry.method, path);
    if (fault) {
      const answered = await applyFault(fault, which, entry, request, response);
      if (answered) return;
    }
    const mockRequest: MockRequest = { method: entry.method, path, query: url.searchParams, headers: request.headers, body: entry.body, raw: request };
    try {
      if (which === 'oauth') {
        finish(await oauth.router.find(entry.method, path)(mockRequest));
        return;
      }
      const handler = helix.find(entry.method, path);
      // The platform counts a point for every request made with a valid token.
      const token = entry.token === undefined ? undefined : state.liveToken(entry.token);
      const limitHeaders = token ? limits.take(bucketOf(token)) : {};
      let answer: MockResponse;
      try {
        answer = await handler(mockRequest);
      } catch (error) {
        answer = helixError(error);
      }
      finish({ ...answer, headers: { ...limitHeaders, ...answer.headers } });
    } catch (error) {
      finish(which === 'helix' ? helixError(error) : oauthError(error));
    }
  }

  /**
   * The `/mock/` controls: CORS like the API, but never logged in `requests`, never counted
   * against a rate limit, never met by a fault.
   */
  async function answerControl(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    for (const [name, value] of Object.entries(cors.helix.answer)) response.setHeader(name, value);
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      send(response, { status: 204, headers: cors.helix.preflight });
      return;
    }
    send(response, await controls.answer(method, path, text));
  }

  /** Carries out a fault; resolves true when the request is answered (or cut) by it. */
  async function applyFault(fault: Fault, which: 'helix' | 'oauth', entry: LoggedRequest, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    switch (fault.kind) {
      case 'latency':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        return false;
      case 'status': {
        const error = new HttpError(fault.status, fault.message ?? reasonOf(fault.status));
        const answer = which === 'helix' ? helixError(error) : oauthError(error);
        entry.status = answer.status;
        send(response, answer);
        return true;
      }
      case 'rate-limit': {
        const resetAt = now() + (fault.resetInMs ?? 1000);
        entry.status = 429;
        send(response, {
          ...helixError(new HttpError(429, 'Too Many Requests')),
          headers: { 'Ratelimit-Limit': String(limits.budget), 'Ratelimit-Remaining': '0', 'Ratelimit-Reset': String(Math.ceil(resetAt / 1000)) },
        });
        return true;
      }
      case 'endpoint-limit': {
        const token = entry.token === undefined ? undefined : state.liveToken(entry.token);
        entry.status = 429;
        send(response, { ...helixError(new HttpError(429, 'Too Many Requests')), headers: token ? limits.headers(bucketOf(token)) : {} });
        return true;
      }
      case 'reset':
        request.socket.destroy();
        return true;
      case 'cut-body':
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4096' });
        response.write('{"data":[{"id":"1","na');
        setTimeout(() => request.socket.destroy(), 5);
        return true;
      case 'hang':
        return true;
      case 'token-expiry':
        if (entry.token !== undefined) {
          const token = state.tokens.get(entry.token);
          if (token) token.expiresAt = now() - 1;
        }
        return false;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/helix`;
  const authUrl = `http://127.0.0.1:${port}/oauth2`;
  const eventSubWsUrl = `ws://127.0.0.1:${port}/ws`;
  const eventsubState = new EventSubState(context, server, eventSubWsUrl, options.eventsub);
  registerRoutes(helix, context, eventsubRoutes, eventsubState.core);
  const eventsub = bindEventSubControls(eventsubState);
  const platform = new PlatformState(state, faults, requests, { baseUrl, authUrl, eventSubWsUrl }, now, kept);

  const mock: MockPlatform = {
    ...usersGroups.controls,
    ...streamsGroups.controls,
    ...engagement.controls,
    ...extensionsGroups.controls,
    baseUrl,
    authUrl,
    eventSubWsUrl,
    port,
    state,
    oauth,
    limits,
    eventsub,
    events,
    chat: bindControls(chatControls, chatState),
    moderation: bindControls(moderationControls, moderationState),
    guestStar: bindControls(guestStarControls, guestStarState),
    requests,
    ...bindControls(platformControls, platform),
    async close() {
      await eventsub.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const controls = new ControlServer([serveGroup('', '', platformControls, platform, platformHttpOnly), ...usersGroups.served, ...streamsGroups.served, ...engagement.served, ...extensionsGroups.served, serveGroup('chat', 'chat', chatControls, chatState), serveGroup('moderation', 'moderation', moderationControls, moderationState, moderationHttpOnly), serveGroup('guestStar', 'guestStar', guestStarControls, guestStarState), serveGroup('oauth', 'oauth', oauthControls, oauth.state, oauthHttpOnly), serveGroup('eventsub', 'eventsub', eventsubControls, eventsubState, eventsubHttpOnly)]);
  controlServers.set(mock, controls);
  return mock;
}

/**
 * Every control of a started mock, as `GET /mock/` lists them: its HTTP name and path
 * (`POST /mock/polls.vote`), parameters, what it does and the in-process method it serves.
 */
export function mockControls(mock: MockPlatform): readonly ControlInfo[] {
  const controls = controlServers.get(mock);
  if (!controls) throw new Error('mockControls() takes a mock started by createMockPlatform().');
  return controls.index;
}

/** The bucket a token counts against: per client for an app token, per client and user otherwise. */
export function bucketOf(token: MockToken): string {
  return token.userId === undefined ? `app:${token.clientId}` : `user:${token.clientId}:${token.userId}`;
}

function queryRecord(search: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    record[key] = values.length === 1 ? values[0]! : values;
  }
  return record;
}

function parseBody(which: 'helix' | 'oauth', text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (which === 'oauth' && !contentType?.includes('json')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

/** The Helix error body `{ error, status, message }`; an unexpected failure is a 500, never a crash. */
function helixError(error: unknown): MockResponse {
  const known = error instanceof HttpError ? error : new HttpError(500, 'Internal Server Error');
  if (!(error instanceof HttpError)) console.error('The mock platform failed on a request:', error);
  return { status: known.status, body: { error: reasonOf(known.status), status: known.status, message: known.message }, headers: known.headers };
}

/** The OAuth error body `{ status, message }`. */
function oauthError(error: unknown): MockResponse {
  const known = error instanceof HttpError ? error : new HttpError(500, 'Internal Server Error');
  if (!(error instanceof HttpError)) console.error('The mock platform failed on a request:', error);
  return { status: known.status, body: { status: known.status, message: known.message } };
}
