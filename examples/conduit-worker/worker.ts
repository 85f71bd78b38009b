import { Platform, type ConduitListener } from '@platform/client';

/** Settings of a conduit worker. */
export interface ConduitWorkerSettings {
  /** Your application's client ID and secret: conduits and their subscriptions use the app token. */
  clientId: string;
  clientSecret: string;
  /** The conduit to serve; without it the worker creates one (`teardown()` deletes it). */
  conduitId?: string | undefined;
  /** The conduit's shard count (1 by default): one WebSocket session per shard. */
  shardCount?: number | undefined;
  /** The shards this worker serves (every shard by default): give each worker its part, `[0]`, `[1]`... */
  shards?: number[] | undefined;
  /** The logins of the channels whose streams to follow. */
  channels: string[];
  /** Called for each event this worker receives. */
  onEvent?: ((event: { type: 'stream.online' | 'stream.offline'; login: string }) => void) | undefined;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string; eventSubWsUrl?: string } | undefined;
  /** Where the worker reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
}

/** A running conduit worker. */
export interface ConduitWorker {
  /** The conduit it serves: give it to the other workers. */
  readonly conduitId: string;
  /** Its shards: ID, transport, whether bound, session ID. */
  readonly shards: ConduitListener['shards'];
  /** How many events this worker received. */
  readonly received: number;
  /** Stops this worker (a rolling deploy): closes its sessions and deletes nothing, so the other workers take its shards over. */
  close(): Promise<void>;
  /** The deployment is gone for good: deletes the conduit, and with it its subscriptions, then stops this worker. */
  teardown(): Promise<void>;
}

/**
 * A conduit worker: serves some or all shards of an EventSub conduit over WebSocket sessions and
 * follows `stream.online` and `stream.offline` of the channels. The platform spreads a conduit's
 * events over its shards, so several workers (processes, machines) share the load: the first
 * creates the conduit, the others join it with its ID and their own `shards`. Every worker
 * creates the same subscriptions: the platform keeps one of each, so any worker can start first.
 *
 * Resolves once the subscriptions exist and this worker's shards are bound.
 */
export async function startConduitWorker(settings: ConduitWorkerSettings): Promise<ConduitWorker> {
  const log = settings.log ?? (() => undefined);
  const { baseUrl, authUrl, eventSubWsUrl } = settings.platform ?? {};
  const client = new Platform({ clientId: settings.clientId, clientSecret: settings.clientSecret, baseUrl, authUrl, eventSubWsUrl });
  const channels = await client.users.users({ login: settings.channels });
  const missing = settings.channels.filter((login) => !channels.some((channel) => channel.login.toLowerCase() === login.toLowerCase()));
  if (missing.length > 0) throw new Error(`The platform has no channel named ${missing.join(', ')}.`);

  let received = 0;
  const listener: ConduitListener = client.eventsub.conduit({
    conduitId: settings.conduitId,
    shardCount: settings.shardCount,
    shards: settings.shards,
    onError: (error) => log(`error: ${error instanceof Error ? error.message : String(error)}`),
    onConnect: ({ shardId }) => log(`shard ${shardId} connected`),
    onDisconnect: ({ reason }) => log(`a shard dropped (${reason}); reconnecting and binding it again`),
  });
  const handle = (type: 'stream.online' | 'stream.offline') => (event: { broadcaster_user_login: string }) => {
    received++;
    log(`${type}: ${event.broadcaster_user_login}`);
    settings.onEvent?.({ type, login: event.broadcaster_user_login });
  };
  try {
    const handles = channels.flatMap((channel) => [
      listener.on('stream.online', { broadcaster_user_id: channel.id }, handle('stream.online')),
      listener.on('stream.offline', { broadcaster_user_id: channel.id }, handle('stream.offline')),
    ]);
    await Promise.all(handles.map((each) => each.ready));
  } catch (error) {
    await listener.close();
    throw error;
  }
  const conduitId = await listener.conduitId;
  log(`serving shards ${listener.shards.map((shard) => shard.id).join(', ')} of conduit ${conduitId}`);

  return {
    conduitId,
    get shards() {
      return listener.shards;
    },
    get received() {
      return received;
    },
    close: () => listener.close(),
    teardown: () => listener.deleteConduit(),
  };
}
