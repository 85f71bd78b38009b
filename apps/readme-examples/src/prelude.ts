import dns from 'node:dns';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryTokenStore } from '@platform/auth';
import { Platform } from '@platform/client';
import { defaultAuthUrl, defaultBaseUrl, defaultEventSubWsUrl } from '@platform/core/internal';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { Agent, setGlobalDispatcher, type Dispatcher } from 'undici';
import { WebSocket as WsWebSocket } from 'ws';
import { root, workspaceSource } from './readmes';

/**
 * What a README example finds around it, as a user's program would: the application's credentials,
 * signed-in users' tokens, the IDs of a channel and its people, and the platform.
 *
 * The platform is `@platform/mock`, reached at the real platform's addresses: while an example runs,
 * the global `fetch`, undici's global dispatcher (through which the library's default transport on
 * Node sends, as Node's fetch does) and `WebSocket` send the library's three default addresses
 * (`baseUrl`, `authUrl`, `eventSubWsUrl`) to the mock on 127.0.0.1, and refuse any address off this
 * machine.
 * An example therefore runs exactly as written, with no `baseUrl` option, and nothing reaches the
 * internet: a host name other than localhost does not even resolve (a WebSocket class an example
 * passes itself would otherwise go past the redirection). An example runs in a new empty working
 * folder, removed afterwards, so that a file it writes lands there.
 *
 * The names below are globals while an example runs; types/example-globals.d.ts declares them for
 * the type check. Each example gets a new mock and new values.
 */
export interface PreludeValues {
  /** The application. */
  clientId: string;
  clientSecret: string;
  /** The broadcaster, 141981764 (`twitchdev`, the reference's sample broadcaster, a partner). */
  broadcaster_id: string;
  broadcasterId: string;
  broadcaster_user_id: string;
  /** The broadcaster's user access token, with every scope: "your" token in most examples. */
  token: string;
  accessToken: string;
  hostAccessToken: string;
  /** A moderator of the broadcaster's channel, who is also the chat bot. */
  moderatorId: string;
  moderator_user_id: string;
  botId: string;
  botUserId: string;
  /** The moderator's user access token, with every scope. */
  moderatorAccessToken: string;
  botAccessToken: string;
  /** A viewer in the broadcaster's chat (the one banned, warned, shouted out...). */
  user_id: string;
  /** A user invited as a guest star. */
  guest_id: string;
  /** The token store of `client`: it holds the broadcaster's and the moderator's tokens, as saved when they signed in. */
  tokens: MemoryTokenStore;
  /** A `Platform` client with its clientSecret and the broadcaster's and the moderator's tokens registered. */
  client: Platform;
  /** A free port on 127.0.0.1, for a server an example starts, and a webhook callback served there. */
  port: number;
  callback: string;
  /** A webhook secret (also in `process.env.EVENTSUB_SECRET`). */
  secret: string;
  /** An extension of the broadcaster's (released, version 1.0.0): its client ID, its shared secret (base64) and its owner. */
  extensionClientId: string;
  extensionSecret: string;
  ownerUserId: string;
}

/** The running prelude of one example. */
export interface Prelude {
  readonly values: PreludeValues;
  readonly mock: MockPlatform;
  /** What the example wrote with console.error (a listener's onError...): a working example writes nothing there. */
  readonly errors: unknown[][];
  /** Stops the mock, closes the servers the example left listening, and restores the globals. */
  close(): Promise<void>;
}

/** EventSub scopes a subscription may need, besides those of the operations. */
const eventSubScopes = [
  'user:read:chat',
  'user:bot',
  'channel:bot',
  'moderator:read:followers',
  'channel:read:subscriptions',
  'channel:read:redemptions',
  'channel:read:polls',
  'channel:read:predictions',
  'channel:read:hype_train',
  'channel:read:goals',
  'channel:read:charity',
  'channel:read:ads',
  'channel:moderate',
  'moderator:read:chatters',
  'moderator:read:shoutouts',
  'moderator:read:shield_mode',
  'moderator:read:automod_settings',
  'moderator:read:blocked_terms',
  'moderator:read:chat_settings',
  'moderator:read:unban_requests',
  'moderator:read:banned_users',
  'moderator:read:chat_messages',
  'moderator:read:warnings',
  'moderator:read:moderators',
  'moderator:read:vips',
  'moderator:read:suspicious_users',
  'moderator:read:guest_star',
  'channel:read:guest_star',
  'bits:read',
  'user:read:whispers',
  'user:read:email',
];

/** Every scope an operation of the group packages (all of packages/api-*) names, so that the prelude's tokens can do anything. */
async function everyScope(): Promise<string[]> {
  const names = readdirSync(join(root, 'packages')).filter((name) => name.startsWith('api-') || name === 'eventsub');
  const sources = names.map((name) => workspaceSource(`@platform/${name}`)).filter((source) => source !== undefined);
  const packages = await Promise.all(sources.map((source) => import(/* @vite-ignore */ source) as Promise<Record<string, unknown>>));
  const scopes = new Set(eventSubScopes);
  for (const exported of packages) {
    for (const value of Object.values(exported)) {
      const declaration = value as { method?: unknown; path?: unknown; scopes?: unknown } | null;
      if (declaration && typeof declaration === 'object' && typeof declaration.path === 'string' && Array.isArray(declaration.scopes)) {
        for (const scope of declaration.scopes) if (typeof scope === 'string') scopes.add(scope);
      }
    }
  }
  return [...scopes];
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The platform's three default addresses, sent to the mock; anything else off this machine is refused. */
function redirect(url: string, mock: MockPlatform): string {
  const moved = url.startsWith(defaultBaseUrl)
    ? mock.baseUrl + url.slice(defaultBaseUrl.length)
    : url.startsWith(defaultAuthUrl)
      ? mock.authUrl + url.slice(defaultAuthUrl.length)
      : url.startsWith(defaultEventSubWsUrl)
        ? mock.eventSubWsUrl + url.slice(defaultEventSubWsUrl.length)
        : url;
  if (!/^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(moved)) {
    throw new Error(`A README example tried to reach ${url}: while examples run, only the mock platform and 127.0.0.1 are reachable.`);
  }
  return moved;
}

const global = globalThis as Record<string, unknown>;

/** Starts the mock platform, makes the prelude's values, and installs them (and the redirection) as globals. */
export async function startPrelude(): Promise<Prelude> {
  const mock = await createMockPlatform();
  const clientId = 'readme-app';
  const clientSecret = 'readme-app-secret';
  mock.addClient({ clientId, clientSecret, redirectUris: ['http://127.0.0.1:3000/callback'] });
  const broadcaster = mock.addUser({ id: '141981764', login: 'twitchdev', broadcaster_type: 'partner' });
  const moderator = mock.addUser({ id: '1001', login: 'moderatorbot' });
  const viewer = mock.addUser({ id: '2002', login: 'viewer' });
  const guest = mock.addUser({ id: '3003', login: 'guest' });
  // Two more channels, for a bot that joins `['somechannel', 'other']`.
  mock.addUser({ id: '4004', login: 'somechannel' });
  mock.addUser({ id: '5005', login: 'other' });
  mock.state.channel(broadcaster.id).moderators.add(moderator.id);
  mock.state.channel(broadcaster.id).chatters.push(moderator.id, viewer.id);
  const scopes = await everyScope();
  const token = mock.issueToken({ clientId, userId: broadcaster.id, scopes }).accessToken;
  const moderatorToken = mock.issueToken({ clientId, userId: moderator.id, scopes }).accessToken;
  const port = await freePort();
  const secret = 'readme-webhook-secret';
  const extensionSecret = Buffer.from('readme-extension-shared-secret-of-32+bytes').toString('base64');
  mock.extensions.add({ clientId: 'readme-extension', name: 'Readme Extension', ownerId: broadcaster.id, secret: extensionSecret, version: '1.0.0' });

  // The network, as the examples see it.
  const saved = new Map(['fetch', 'WebSocket'].map((name) => [name, global[name]] as const));
  const realFetch = globalThis.fetch;
  global.fetch = (input: string | URL | Request, init?: RequestInit) =>
    input instanceof Request ? realFetch(new Request(redirect(input.url, mock), input), init) : realFetch(redirect(String(input), mock), init);
  // undici's global dispatcher: undici defines its key once, so the previous one is put back on close.
  const dispatcherKey = Symbol.for('undici.globalDispatcher.1');
  const savedDispatcher = (globalThis as Record<symbol, unknown>)[dispatcherKey];
  const agent = new Agent();
  setGlobalDispatcher(
    agent.compose((dispatch): Dispatcher['dispatch'] => (options, handler) => {
      const moved = new URL(redirect(new URL(options.path, options.origin).href, mock));
      return dispatch({ ...options, origin: moved.origin, path: `${moved.pathname}${moved.search}` }, handler);
    }),
  );
  const BaseWebSocket = (saved.get('WebSocket') as typeof WsWebSocket | undefined) ?? WsWebSocket;
  global.WebSocket = class RedirectedWebSocket extends BaseWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(redirect(String(url), mock), protocols);
    }
  };
  // Servers an example starts with http.createServer() and leaves listening are closed afterwards.
  const servers: http.Server[] = [];
  const createServer = http.createServer;
  http.createServer = ((...args: Parameters<typeof http.createServer>) => {
    const server = createServer(...args);
    servers.push(server);
    return server;
  }) as typeof http.createServer;
  // No host name off this machine resolves: what the redirection misses fails instead of going out.
  const lookup = dns.lookup;
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    if (['localhost', '127.0.0.1', '::1'].includes(hostname)) return (lookup as (...args: unknown[]) => unknown)(hostname, ...rest);
    const callback = rest.at(-1) as (error: Error) => void;
    process.nextTick(() => callback(new Error(`A README example tried to reach ${hostname}: while examples run, only 127.0.0.1 is reachable.`)));
    return undefined;
  }) as typeof dns.lookup;
  const folder = process.cwd();
  const workFolder = mkdtempSync(join(tmpdir(), 'readme-example-'));
  process.chdir(workFolder);
  const savedSecret = process.env.EVENTSUB_SECRET;
  process.env.EVENTSUB_SECRET = secret;

  // The users' tokens are saved in `tokens` as they are registered: a client made with the same store knows them.
  const tokens = new MemoryTokenStore();
  const client = new Platform({ clientId, clientSecret, tokens });
  await client.auth.addUser(token);
  await client.auth.addUser(moderatorToken);
  const values: PreludeValues = {
    clientId,
    clientSecret,
    broadcaster_id: broadcaster.id,
    broadcasterId: broadcaster.id,
    broadcaster_user_id: broadcaster.id,
    token,
    accessToken: token,
    hostAccessToken: token,
    moderatorId: moderator.id,
    moderator_user_id: moderator.id,
    botId: moderator.id,
    botUserId: moderator.id,
    moderatorAccessToken: moderatorToken,
    botAccessToken: moderatorToken,
    user_id: viewer.id,
    guest_id: guest.id,
    tokens,
    client,
    port,
    callback: `http://127.0.0.1:${port}/eventsub`,
    secret,
    extensionClientId: 'readme-extension',
    extensionSecret,
    ownerUserId: broadcaster.id,
  };
  for (const [name, value] of Object.entries(values)) global[name] = value;

  // Something happens on the channel: each subscription the example makes receives one sample event
  // of its type (a follow, a chat message...) once the platform has enabled it.
  const served = new Set<unknown>();
  const happenings = setInterval(() => {
    for (const subscription of mock.eventsub.subscriptions({ status: 'enabled' })) {
      if (served.has(subscription.id)) continue;
      served.add(subscription.id);
      const condition = subscription.condition as Record<string, string>;
      mock.eventsub.trigger(`${String(subscription.type)}@${String(subscription.version)}`, {}, { condition });
    }
  }, 20);

  const errors: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    consoleError(...args);
  };

  return {
    values,
    mock,
    errors,
    async close() {
      clearInterval(happenings);
      console.error = consoleError;
      for (const name of Object.keys(values)) delete global[name];
      http.createServer = createServer;
      dns.lookup = lookup;
      process.chdir(folder);
      rmSync(workFolder, { recursive: true, force: true });
      if (savedSecret === undefined) delete process.env.EVENTSUB_SECRET;
      else process.env.EVENTSUB_SECRET = savedSecret;
      await mock.close();
      await Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise((resolve) => server.close(resolve));
        }),
      );
      for (const [name, value] of saved) {
        if (value === undefined) delete global[name];
        else global[name] = value;
      }
      (globalThis as Record<symbol, unknown>)[dispatcherKey] = savedDispatcher;
      await agent.close();
    },
  };
}
