import { randomBytes } from 'node:crypto';
import { createMockPlatform } from '@platform/mock';
import { startWebhookFetch } from './node.ts';

// Runs the live-status app (a web-standard fetch handler) on Node's http server. With
// PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET, PLATFORM_CALLBACK (the public HTTPS address that
// reaches this server's /eventsub) and PLATFORM_CHANNELS (logins, comma-separated) it serves the
// real platform on PORT (8080) until Ctrl+C. Without them it runs on the mock platform: a channel
// goes live and offline, and the app's GET /live shows it.

const log = (line: string) => process.stdout.write(`${line}\n`);
const env = process.env;
// A secret of your own, kept out of the code; a fresh one each run is fine too.
const secret = env.PLATFORM_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');

if (env.PLATFORM_CLIENT_ID && env.PLATFORM_CLIENT_SECRET && env.PLATFORM_CALLBACK && env.PLATFORM_CHANNELS) {
  const service = await startWebhookFetch({
    clientId: env.PLATFORM_CLIENT_ID,
    clientSecret: env.PLATFORM_CLIENT_SECRET,
    callback: env.PLATFORM_CALLBACK,
    channels: env.PLATFORM_CHANNELS.split(',').map((login) => login.trim()),
    secret,
    port: Number(env.PORT ?? 8080),
    host: '0.0.0.0',
    log,
  });
  log(`GET ${service.url}/live lists the channels live now; Ctrl+C stops the service.`);
  process.once('SIGINT', () => void service.close().then(() => process.exit(0)));
} else {
  const mock = await createMockPlatform();
  try {
    const app = mock.addClient({ clientId: 'example-live-status-fetch', clientSecret: 'example-live-status-fetch-secret' });
    const streamer = mock.addUser({ login: 'pixelforge' });
    mock.addUser({ login: 'quietfox' });
    const service = await startWebhookFetch({ clientId: app.clientId, clientSecret: app.clientSecret, channels: ['pixelforge', 'quietfox'], secret, platform: mock, log });
    const show = async () => log(`GET /live: ${await (await fetch(`${service.url}/live`)).text()}`);
    const settle = async (check: () => boolean) => {
      for (const end = Date.now() + 5000; !check() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    mock.streams.start(streamer.id, { title: 'Webhooks on fetch' });
    await settle(() => service.live.has('pixelforge'));
    await show();
    mock.streams.stop(streamer.id);
    await settle(() => !service.live.has('pixelforge'));
    await show();
    await service.close();
  } finally {
    await mock.close();
  }
}
