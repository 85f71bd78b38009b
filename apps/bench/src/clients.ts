/**
 * The clients under test, each behind the same small interface. Import this module only
 * after `TWURPLE_MOCK_API_PORT` is set (see main.ts): twurple sends its calls to the mock server
 * named by that variable.
 */
import http from 'node:http';
import { chatters, type Chatter } from '@platform/api-chat';
import { createClient, type PlatformClient } from '@platform/core';
import { ApiClient, type HelixChatChatter } from '@twurple/api';
import { StaticAuthProvider } from '@twurple/auth';
import { Agent, request } from 'undici';
import { CLIENT_ID, MAX_PAGE, SCOPES, TOKEN, USER_ID } from './fixture';

export interface BenchClient {
  readonly name: string;
  /** One small GET (the global emotes); resolves with the number of emotes received. */
  get(): Promise<number>;
  /** Pages through every chatter, 1,000 a page; resolves with the items as the client gives them. */
  pageAll(): Promise<readonly unknown[]>;
  /** The user ID of an item returned by `pageAll()`, to check the answers (outside the timings). */
  idOf(item: unknown): string;
  /** Calls held back by the client's own rate limiting so far (our library reports them as events). */
  rateLimitHolds?(): number;
}

/**
 * Our library, as users get it: the built `@platform/core` (its dist, default conditions). On
 * Node it sends with undici's `dispatch()`; with `onFetch`, it is given Node's global fetch as its
 * `fetch` option instead (a reference row: the library over the same transport as raw fetch).
 */
export function coreClient(port: number, onFetch = false): BenchClient {
  let holds = 0;
  // One client for the whole run, as a user would keep it.
  const client: PlatformClient = createClient({
    clientId: CLIENT_ID,
    token: TOKEN,
    baseUrl: `http://127.0.0.1:${port}/helix`,
    ...(onFetch ? { fetch: globalThis.fetch } : {}),
  }).on('rateLimit', () => {
    holds++;
  });
  return {
    name: onFetch ? 'core on fetch' : '@platform/core',
    async get() {
      const answer = await client.request<{ data: unknown[] }>({ method: 'GET', path: '/chat/emotes/global' });
      return answer?.data.length ?? 0;
    },
    pageAll() {
      return chatters(client, { broadcaster_id: USER_ID, moderator_id: USER_ID, first: MAX_PAGE }).all();
    },
    idOf: (item) => (item as Chatter).user_id,
    rateLimitHolds: () => holds,
  };
}

/**
 * twurple 8.2.0 with a static token. It has no base-URL option: with `TWURPLE_MOCK_API_PORT` set
 * it calls `http://localhost:<port>/mock/<path>` (and `/auth/<path>` for token validation).
 */
export function twurpleClient(): BenchClient {
  const authProvider = new StaticAuthProvider(CLIENT_ID, TOKEN, SCOPES);
  const api = new ApiClient({ authProvider });
  return {
    name: 'twurple 8.2.0',
    async get() {
      return (await api.chat.getGlobalEmotes()).length;
    },
    pageAll() {
      // twurple pages 1,000 chatters at a time; the moderator is the token's user (the broadcaster here).
      return api.chat.getChattersPaginated(USER_ID).getAll();
    },
    idOf: (item) => (item as HelixChatChatter).userId,
  };
}

/** A raw client's one GET of a path under `/helix`, its JSON body parsed. */
type GetJson = <T>(path: string) => Promise<T>;

/**
 * A raw client over `getJson`: the small GET, and paging that follows the cursor by hand. `get`
 * replaces the small GET (the fetch row with a timeout).
 */
function rawClient(name: string, getJson: GetJson, get?: () => Promise<number>): BenchClient {
  return {
    name,
    get: get ?? (async () => (await getJson<{ data: unknown[] }>('/chat/emotes/global')).data.length),
    async pageAll() {
      const items: Chatter[] = [];
      let after: string | undefined;
      do {
        const path = `/chat/chatters?broadcaster_id=${USER_ID}&moderator_id=${USER_ID}&first=${MAX_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const body = await getJson<{ data: Chatter[]; pagination?: { cursor?: string } }>(path);
        for (const item of body.data) items.push(item);
        after = body.pagination?.cursor;
      } while (after);
      return items;
    },
    idOf: (item) => (item as Chatter).user_id,
  };
}

/**
 * Node's global fetch doing the bare minimum: URL, two headers, `res.json()`, follow the cursor.
 * With `timeoutMs`, each GET also gets what a per-request timeout needs at the least: an
 * AbortController whose signal goes to fetch and a timer, cleared once the body is read (a
 * reference row: what cancelling a hung request costs in this runtime).
 */
export function fetchClient(port: number, timeoutMs?: number): BenchClient {
  const base = `http://127.0.0.1:${port}/helix`;
  const headers = { 'Client-Id': CLIENT_ID, Authorization: `Bearer ${TOKEN}` };
  const getJson: GetJson = async (path) => (await fetch(`${base}${path}`, { headers })).json() as never;
  if (timeoutMs === undefined) return rawClient('raw fetch', getJson);
  return rawClient('fetch + timeout', getJson, async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetch(`${base}/chat/emotes/global`, { headers, signal: controller.signal });
      const body = (await res.json()) as { data: unknown[] };
      return body.data.length;
    } finally {
      clearTimeout(timer);
    }
  });
}

/**
 * A hand-written `node:http` client doing the bare minimum: `http.get` over Node's global agent
 * (keep-alive since Node 19), the headers an object as Node's documentation writes them, the
 * body's chunks collected and joined once (`Buffer.concat`), `JSON.parse`, the cursor followed. A
 * reference row: one of the two raw clients of Node the goal is set against.
 */
export function httpClient(port: number): BenchClient {
  const headers: http.OutgoingHttpHeaders = { 'Client-Id': CLIENT_ID, Authorization: `Bearer ${TOKEN}` };
  const getJson: GetJson = (path) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: `/helix${path}`, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          // A body that is not JSON throws from this listener and ends the bench, as an uncaught
          // error: the server only sends JSON, and verify() in main.ts reads both kinds first.
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  return rawClient('raw node:http', getJson);
}

/**
 * A hand-written undici client doing the bare minimum: `undici.request()` over one keep-alive
 * `Agent` of its own (the npm package, the version core's Node transport uses, not Node's bundled
 * copy behind fetch), `body.json()`, the cursor followed. A reference row: the other raw client of
 * Node, the cheaper of the two on small calls (see README.md).
 */
export function undiciClient(port: number): BenchClient {
  const base = `http://127.0.0.1:${port}/helix`;
  const headers = { 'Client-Id': CLIENT_ID, Authorization: `Bearer ${TOKEN}` };
  const dispatcher = new Agent();
  const getJson: GetJson = async (path) => (await request(`${base}${path}`, { headers, dispatcher })).body.json() as never;
  return rawClient('raw undici', getJson);
}

/**
 * A hand-written client of undici's lower-level `dispatch()` (the API core's Node transport uses)
 * over one keep-alive `Agent`, doing the bare minimum: a handler of undici's controller interface
 * that keeps the body's chunks and joins them once (`Buffer.concat`), `JSON.parse`, the cursor
 * followed. A reference row: the floor of the transport our library uses on Node, so what the
 * library adds to it shows.
 */
export function undiciDispatchClient(port: number): BenchClient {
  const origin = `http://127.0.0.1:${port}`;
  const headers = { 'Client-Id': CLIENT_ID, Authorization: `Bearer ${TOKEN}` };
  const dispatcher = new Agent();
  const getJson: GetJson = (path) =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      dispatcher.dispatch(
        { origin, path: `/helix${path}`, method: 'GET', headers },
        {
          // Present, even empty: undici 7 tells this interface from the older one by it.
          onRequestStart: () => undefined,
          onResponseData: (_controller, chunk) => void chunks.push(chunk),
          // As in httpClient: a body that is not JSON throws here and ends the bench.
          onResponseEnd: () => resolve(JSON.parse(Buffer.concat(chunks).toString())),
          onResponseError: (_controller, error) => reject(error),
        },
      );
    });
  return rawClient('raw undici dispatch', getJson);
}
