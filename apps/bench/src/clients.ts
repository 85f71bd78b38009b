/**
 * The three clients under test, each behind the same small interface. Import this module only
 * after `TWURPLE_MOCK_API_PORT` is set (see main.ts): twurple sends its calls to the mock server
 * named by that variable.
 */
import { chatters, type Chatter } from '@platform/api-chat';
import { createClient, type PlatformClient } from '@platform/core';
import { ApiClient, type HelixChatChatter } from '@twurple/api';
import { StaticAuthProvider } from '@twurple/auth';
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

/** Our library, as users get it: the built `@platform/core` (its dist, default conditions). */
export function coreClient(port: number): BenchClient {
  let holds = 0;
  // One client for the whole run, as a user would keep it.
  const client: PlatformClient = createClient({ clientId: CLIENT_ID, token: TOKEN, baseUrl: `http://127.0.0.1:${port}/helix` }).on('rateLimit', () => {
    holds++;
  });
  return {
    name: '@platform/core',
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

/**
 * Node's global fetch doing the bare minimum: URL, two headers, `res.json()`, follow the cursor.
 * With `timeoutMs`, each GET also gets what a per-request timeout needs at the least: an
 * AbortController whose signal goes to fetch and a timer, cleared once the body is read (a
 * reference row: what cancelling a hung request costs in this runtime).
 */
export function fetchClient(port: number, timeoutMs?: number): BenchClient {
  const base = `http://127.0.0.1:${port}/helix`;
  const headers = { 'Client-Id': CLIENT_ID, Authorization: `Bearer ${TOKEN}` };
  return {
    name: timeoutMs === undefined ? 'raw fetch' : 'fetch + timeout',
    async get() {
      if (timeoutMs === undefined) {
        const res = await fetch(`${base}/chat/emotes/global`, { headers });
        const body = (await res.json()) as { data: unknown[] };
        return body.data.length;
      }
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const res = await fetch(`${base}/chat/emotes/global`, { headers, signal: controller.signal });
        const body = (await res.json()) as { data: unknown[] };
        return body.data.length;
      } finally {
        clearTimeout(timer);
      }
    },
    async pageAll() {
      const items: Chatter[] = [];
      let after: string | undefined;
      do {
        const url = `${base}/chat/chatters?broadcaster_id=${USER_ID}&moderator_id=${USER_ID}&first=${MAX_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { data: Chatter[]; pagination?: { cursor?: string } };
        for (const item of body.data) items.push(item);
        after = body.pagination?.cursor;
      } while (after);
      return items;
    },
    idOf: (item) => (item as Chatter).user_id,
  };
}
