import { Platform, type ConduitListener } from '@platform/client';
import { redisBuckets, redisTokenStore } from '@platform/redis-store';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What every process of the deployment shares: the application, the platform, one Redis. */
export interface SharedSettings {
  /** Your application's client ID and secret: the conduit and its subscriptions use the app token. */
  clientId: string;
  clientSecret: string;
  /** The Redis every process uses, `redis://host:port`: users' tokens and the refresh lock live there. */
  redisUrl: string;
  /** Prefix of the keys in Redis (`platform:` by default): one per deployment sharing a Redis. */
  redisPrefix?: string | undefined;
  /** The login of the bot account, whose token is in Redis (saved there when it signed in). */
  bot: string;
  /** The login of the channel whose chat the deployment serves. */
  channel: string;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string; eventSubWsUrl?: string } | undefined;
  /** Where the process reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
}

/**
 * A `Platform` whose users' tokens and rate-limit buckets live in the shared Redis: whichever
 * process finds a token expired refreshes it once, under a lock in Redis, and the others use the
 * token it saved; the processes acting with one token never send more than its budget between them.
 */
function sharedPlatform(settings: SharedSettings): { client: Platform; tokens: { close(): Promise<void> } } {
  const store = redisTokenStore({ url: settings.redisUrl, prefix: settings.redisPrefix });
  const buckets = redisBuckets({ url: settings.redisUrl, prefix: settings.redisPrefix });
  const { baseUrl, authUrl, eventSubWsUrl } = settings.platform ?? {};
  const client = new Platform({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    baseUrl,
    authUrl,
    eventSubWsUrl,
    tokens: store,
    buckets,
  });
  // Both Redis connections are closed together when the process stops.
  const tokens = { close: () => Promise.all([store.close(), buckets.close()]).then(() => undefined) };
  return { client, tokens };
}

/** The bot's user ID and the channel's, read from the shared token store and the platform. */
async function whoIsWho(client: Platform, settings: SharedSettings): Promise<{ botId: string; channelId: string }> {
  const bot = (await client.auth.users()).find((user) => user.login?.toLowerCase() === settings.bot.toLowerCase());
  if (!bot) throw new Error(`Redis holds no token of the bot ${settings.bot}: sign it in first (client.auth.addUser() or exchangeCode() with this token store).`);
  const [channel] = await client.users.users({ login: settings.channel });
  if (!channel) throw new Error(`The platform has no channel named ${settings.channel}.`);
  return { botId: bot.userId, channelId: channel.id };
}

/** Settings of a conduit worker. */
export interface WorkerSettings extends SharedSettings {
  /** The conduit to serve; without it the worker creates one (and deletes it again on `close()`). */
  conduitId?: string | undefined;
  /** The shard count of a new conduit. */
  shardCount?: number | undefined;
  /** The shards this worker serves: each worker its own part, `[0]`, `[1]`... */
  shards?: number[] | undefined;
  /** Called for each chat message this worker receives. */
  onMessage?: ((message: { chatter: string; text: string }) => void) | undefined;
}

/** A running conduit worker. */
export interface Worker {
  /** The conduit it serves: give it to the other workers. */
  readonly conduitId: string;
  /** Closes its sessions, the subscription, the conduit if it created it, and its Redis connection. */
  close(): Promise<void>;
}

/**
 * A conduit worker: serves its shards of one conduit over WebSocket sessions and hears the
 * channel's chat as the bot (`channel.chat.message`). The platform hands each message to one
 * shard, so each message reaches one worker of the deployment. Resolves once the subscription
 * exists and this worker's shards are bound.
 */
export async function startWorker(settings: WorkerSettings): Promise<Worker> {
  const log = settings.log ?? (() => undefined);
  const { client, tokens } = sharedPlatform(settings);
  const { botId, channelId } = await whoIsWho(client, settings);
  const listener: ConduitListener = client.eventsub.conduit({
    conduitId: settings.conduitId,
    shardCount: settings.shardCount,
    shards: settings.shards,
    onError: (error) => log(`error: ${error instanceof Error ? error.message : String(error)}`),
    onDisconnect: ({ reason }) => log(`a shard dropped (${reason}); reconnecting and binding it again`),
  });
  try {
    const handle = listener.on('channel.chat.message', { broadcaster_user_id: channelId, user_id: botId }, (event) => {
      log(`${event.chatter_user_login}: ${event.message.text}`);
      settings.onMessage?.({ chatter: event.chatter_user_login, text: event.message.text });
    });
    await handle.ready;
  } catch (error) {
    await listener.close();
    await tokens.close();
    throw error;
  }
  const conduitId = await listener.conduitId;
  log(`serving shards ${listener.shards.map((shard) => shard.id).join(', ')} of conduit ${conduitId}`);
  return {
    conduitId,
    close: async () => {
      await listener.close();
      await tokens.close();
    },
  };
}

/** Settings of the web process. */
export interface WebSettings extends SharedSettings {
  /** The port to listen on, on 127.0.0.1 (0, the default, picks a free one). */
  port?: number | undefined;
}

/** A running web process. */
export interface WebServer {
  /** Its address, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops listening and closes its Redis connection. */
  close(): Promise<void>;
}

/**
 * The web process: acts for the bot on request. `POST /say` with `{ "text": "..." }` sends that
 * message to the channel's chat as the bot (`client.chat.send`), with the bot's token from Redis,
 * refreshed there if it expired; answers the platform's `{ message_id, is_sent, drop_reason }`.
 */
export async function startWebServer(settings: WebSettings): Promise<WebServer> {
  const log = settings.log ?? (() => undefined);
  const { client, tokens } = sharedPlatform(settings);
  const { botId, channelId } = await whoIsWho(client, settings);
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const say = async (request: IncomingMessage, response: ServerResponse) => {
    let text: unknown;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      ({ text } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: unknown });
    } catch {
      text = undefined;
    }
    if (typeof text !== 'string' || text === '') {
      answer(response, 400, { error: 'Send { "text": "..." } as JSON.' });
      return;
    }
    const sent = await client.chat.send({ broadcaster_id: channelId, sender_id: botId, message: text });
    log(`sent "${text}" as ${settings.bot}: ${sent.is_sent ? sent.message_id : `dropped (${sent.drop_reason?.message ?? 'no reason'})`}`);
    answer(response, 200, sent);
  };
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/say') {
      answer(response, 404, { error: 'POST /say { "text": "..." }' });
      return;
    }
    say(request, response).catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      answer(response, 502, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  log(`listening on ${url}`);
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await tokens.close();
    },
  };
}
