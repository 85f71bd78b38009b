import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Platform } from '@platform/client';
import express from 'express';

/** Settings of the live-status service. */
export interface WebhookExpressSettings {
  /** Your application's client ID and secret: webhook subscriptions use the app token. */
  clientId: string;
  clientSecret: string;
  /** The logins of the channels to watch. */
  channels: string[];
  /** The secret the platform signs its messages with: 10 to 100 characters, kept out of logs and code. */
  secret: string;
  /**
   * The public address of the `/eventsub` route, where the platform posts (HTTPS on port 443 on
   * the real platform: put a tunnel or a reverse proxy in front of this server). Default
   * `http://127.0.0.1:<port>/eventsub`, which only the mock platform can reach.
   */
  callback?: string | undefined;
  /** Where the server listens: port 0 (the default) picks a free one, on 127.0.0.1 by default. */
  port?: number | undefined;
  host?: string | undefined;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string } | undefined;
  /** Where the service reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
}

/** The running service. */
export interface WebhookExpressService {
  /** `http://<host>:<port>`: `GET /live` lists the channels live now. */
  readonly url: string;
  /** Where the platform posts. */
  readonly callback: string;
  /** The channels live now: login → when the stream started. */
  readonly live: ReadonlyMap<string, string>;
  /** Deletes the subscriptions and stops the server. */
  close(): Promise<void>;
}

/**
 * A live-status service on Express: it subscribes to `stream.online` and `stream.offline` of each
 * channel over EventSub webhooks, receives the platform's messages on `POST /eventsub` with
 * `listener.handler`, and answers `GET /live` with the channels live now.
 *
 * Resolves once the platform has verified every subscription (it posted its challenge, the
 * listener answered it) and lists them as enabled.
 */
export async function startWebhookExpress(settings: WebhookExpressSettings): Promise<WebhookExpressService> {
  const log = settings.log ?? (() => undefined);
  const client = new Platform({ clientId: settings.clientId, clientSecret: settings.clientSecret, baseUrl: settings.platform?.baseUrl, authUrl: settings.platform?.authUrl });
  const live = new Map<string, string>();

  const app = express();
  // Other routes may parse JSON; the EventSub route must not: the signature covers the raw bytes.
  app.get('/live', (_request, response) => {
    response.json([...live].map(([login, started_at]) => ({ login, started_at })));
  });

  const server: Server = await new Promise((resolve, reject) => {
    const started = app.listen(settings.port ?? 0, settings.host ?? '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(started)));
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  const callback = settings.callback ?? `${url}/eventsub`;

  const listener = client.eventsub.webhook({ callback, secret: settings.secret, onError: (error) => log(`error: ${error instanceof Error ? error.message : String(error)}`) });
  // express.raw() keeps the body as the platform sent it (the listener also reads an unparsed stream).
  app.post('/eventsub', express.raw({ type: 'application/json' }), listener.handler);

  try {
    const channels = await client.users.users({ login: settings.channels });
    const missing = settings.channels.filter((login) => !channels.some((channel) => channel.login.toLowerCase() === login.toLowerCase()));
    if (missing.length > 0) throw new Error(`The platform has no channel named ${missing.join(', ')}.`);
    const handles = channels.flatMap((channel) => [
      listener.on('stream.online', { broadcaster_user_id: channel.id }, (event) => {
        live.set(event.broadcaster_user_login, event.started_at);
        log(`${event.broadcaster_user_login} went live`);
      }),
      listener.on('stream.offline', { broadcaster_user_id: channel.id }, (event) => {
        live.delete(event.broadcaster_user_login);
        log(`${event.broadcaster_user_login} went offline`);
      }),
    ]);
    await Promise.all(handles.map((handle) => handle.ready));
  } catch (error) {
    await listener.close();
    await closeServer(server);
    throw error;
  }
  log(`watching ${settings.channels.join(', ')}; the platform posts to ${callback}`);

  return {
    url,
    callback,
    live,
    async close() {
      // One process, stopping for good: delete the subscriptions (close() alone keeps them for the
      // other processes behind the callback, or the next start, which adopts them).
      await listener.unsubscribeAll().catch((error: unknown) => log(`error: ${error instanceof Error ? error.message : String(error)}`));
      await listener.close();
      await closeServer(server);
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
