import { Platform, type WebhookListener } from '@platform/client';

/** Settings of the live-status app. */
export interface LiveStatusSettings {
  /** Your application's client ID and secret: webhook subscriptions use the app token. */
  clientId: string;
  clientSecret: string;
  /** The logins of the channels to watch. */
  channels: string[];
  /** The secret the platform signs its messages with: 10 to 100 characters, kept out of logs and code. */
  secret: string;
  /** The public address of the `/eventsub` route, where the platform posts (HTTPS on port 443 on the real platform). */
  callback: string;
  /** The platform's addresses: leave out for the real platform; the mock platform in tests. */
  platform?: { baseUrl?: string; authUrl?: string } | undefined;
  /** Where the app reports what it does; silent when left out. */
  log?: ((line: string) => void) | undefined;
}

/** The live-status app: a web-standard `fetch` handler and what it knows. */
export interface LiveStatusApp {
  /** Answers `POST /eventsub` (the platform's messages, through `listener.fetch`) and `GET /live`; needs no `this`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Resolves once the platform has verified every subscription: serve `fetch` before awaiting it. */
  readonly ready: Promise<void>;
  /** The channels live now: login → when the stream started. */
  readonly live: ReadonlyMap<string, string>;
  /** Deletes the subscriptions. */
  close(): Promise<void>;
}

/**
 * A live-status app written against web standards only (`Request`, `Response`), so the same code
 * runs on Node (through `serveFetch`), Bun, Deno or an edge runtime: it subscribes to
 * `stream.online` and `stream.offline` of each channel over EventSub webhooks, hands the
 * platform's posts to `listener.fetch`, and answers `GET /live` with the channels live now.
 */
export function createLiveStatus(settings: LiveStatusSettings): LiveStatusApp {
  const log = settings.log ?? (() => undefined);
  const client = new Platform({ clientId: settings.clientId, clientSecret: settings.clientSecret, baseUrl: settings.platform?.baseUrl, authUrl: settings.platform?.authUrl });
  const live = new Map<string, string>();
  const listener: WebhookListener = client.eventsub.webhook({
    callback: settings.callback,
    secret: settings.secret,
    onError: (error) => log(`error: ${error instanceof Error ? error.message : String(error)}`),
  });
  const callbackPath = new URL(settings.callback).pathname;

  async function subscribe(): Promise<void> {
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
    log(`watching ${settings.channels.join(', ')}; the platform posts to ${settings.callback}`);
  }

  return {
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === callbackPath && request.method === 'POST') return listener.fetch(request);
      if (pathname === '/live' && request.method === 'GET') return Response.json([...live].map(([login, started_at]) => ({ login, started_at })));
      return new Response('Not found', { status: 404 });
    },
    ready: subscribe(),
    live,
    // One process, stopping for good: delete the subscriptions (close() alone keeps them for the
    // other processes behind the callback, or the next start, which adopts them).
    close: async () => {
      await listener.unsubscribeAll().catch((error: unknown) => log(`error: ${error instanceof Error ? error.message : String(error)}`));
      await listener.close();
    },
  };
}
