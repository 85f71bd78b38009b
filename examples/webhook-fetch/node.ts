import { createLiveStatus, type LiveStatusApp, type LiveStatusSettings } from './live-status.ts';
import { serveFetch, type FetchHandler } from './serve-fetch.ts';

/** Settings of the live-status app on Node: the app's, with the callback optional, and where to listen. */
export interface WebhookFetchSettings extends Omit<LiveStatusSettings, 'callback'> {
  /**
   * The public address of the `/eventsub` route. Default `http://127.0.0.1:<port>/eventsub`, which
   * only the mock platform can reach.
   */
  callback?: string | undefined;
  /** Port 0 (the default) picks a free one; 127.0.0.1 by default. */
  port?: number | undefined;
  host?: string | undefined;
}

/** The live-status app served on Node. */
export interface WebhookFetchService {
  /** `http://<host>:<port>`: `GET /live` lists the channels live now. */
  readonly url: string;
  readonly callback: string;
  readonly live: LiveStatusApp['live'];
  /** Deletes the subscriptions and stops the server. */
  close(): Promise<void>;
}

/**
 * Serves the live-status app with Node's http server, then waits until the platform has
 * verified its subscriptions (it can only do that once the server answers).
 */
export async function startWebhookFetch(settings: WebhookFetchSettings): Promise<WebhookFetchService> {
  // Port 0 is only known once listening, and the callback is made of it: serve first, and answer
  // 503 until the app exists (the platform posts nothing before it subscribes).
  let handler: FetchHandler = () => Promise.resolve(new Response('Starting', { status: 503 }));
  const server = await serveFetch((request) => handler(request), { port: settings.port, host: settings.host });
  const callback = settings.callback ?? `${server.url}/eventsub`;
  const app = createLiveStatus({ ...settings, callback });
  handler = app.fetch;
  try {
    await app.ready;
  } catch (error) {
    await app.close();
    await server.close();
    throw error;
  }
  return {
    url: server.url,
    callback,
    live: app.live,
    async close() {
      await app.close();
      await server.close();
    },
  };
}
