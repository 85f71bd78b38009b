import { createMockPlatform } from '@platform/mock';
import { serveBrowserApp } from './server.ts';

// Serves the browser page. With PLATFORM_CLIENT_ID it serves the page for the real platform on
// http://localhost:PORT/ (3000): register that address as an OAuth redirect URL of your application
// (PLATFORM_CHANNEL picks the channel, the signed-in user's own by default). Without it the page
// runs against the mock platform, on another origin than the page, where a viewer writes in chat
// every 3 seconds. Open the printed address in a browser; Ctrl+C stops.

const log = (line: string) => process.stdout.write(`${line}\n`);
const env = process.env;
const port = Number(env.PORT ?? 3000);

if (env.PLATFORM_CLIENT_ID) {
  const server = await serveBrowserApp({ config: { clientId: env.PLATFORM_CLIENT_ID, channel: env.PLATFORM_CHANNEL || undefined }, port, host: 'localhost', workspaceSources: true });
  log(`Open ${server.url} (registered as a redirect URL of your application); Ctrl+C stops.`);
  process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
} else {
  const mock = await createMockPlatform();
  const streamer = mock.addUser({ login: 'pixelforge' });
  const viewer = mock.addUser({ login: 'quietfox' });
  const you = mock.addUser({ login: 'you' });
  // The mock's consent page signs in as this user, without asking.
  mock.oauth.consentUser = you.id;
  const config = { clientId: 'example-browser', channel: streamer.login, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl };
  const server = await serveBrowserApp({ config, port, host: 'localhost', workspaceSources: true });
  mock.addClient({ clientId: config.clientId, redirectUris: [server.url] });
  const lines = ['hello chat GoodGame', 'HighFive nice play', 'SmileWide', 'what a run HeartBeat'];
  let next = 0;
  const timer = setInterval(() => mock.chat.userSays(streamer.id, viewer.id, lines[next++ % lines.length]!), 3000);
  log(`Open ${server.url}: the page on ${new URL(server.url).origin}, the mock platform on http://127.0.0.1:${mock.port}. Ctrl+C stops.`);
  process.once('SIGINT', () => {
    clearInterval(timer);
    void Promise.all([server.close(), mock.close()]).then(() => process.exit(0));
  });
}
