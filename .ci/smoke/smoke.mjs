// The pack-and-install smoke program, ESM. Run by .ci/smoke.sh in a fresh npm project outside the
// workspace, where the packed packages are installed from their tarballs: it uses them as a user
// would. Starts the mock platform, makes a Platform client against it, makes two calls, subscribes
// over the EventSub WebSocket (no `webSocket` option: Node 20 gets `ws` by itself) and receives one
// event, checks `instanceof` of an error class, and exits 0.
import { Platform, PlatformError, PlatformApiError } from '@platform/client';
import { createMockPlatform } from '@platform/mock';

const deadline = setTimeout(() => {
  console.error('smoke (ESM): timed out');
  process.exit(1);
}, 30_000);

const mock = await createMockPlatform();
try {
  const app = mock.addClient({ clientId: 'smoke-app', clientSecret: 'smoke-app-secret' });
  const streamer = mock.addUser({ login: 'streamer' });
  const bot = mock.addUser({ login: 'helperbot' });
  mock.state.channel(streamer.id).moderators.add(bot.id);
  const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: bot.id, scopes: ['user:read:chat', 'moderator:read:chatters'] });

  const client = new Platform({ clientId: app.clientId, clientSecret: 'smoke-app-secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
  await client.auth.addUser(accessToken);

  // Two calls: a raw request and an operation of a group.
  const users = await client.request({ method: 'GET', path: '/users', query: { login: ['streamer'] } });
  if (users?.data?.[0]?.id !== streamer.id) throw new Error(`GET /users answered ${JSON.stringify(users)}`);
  const page = await client.chat.chatters({ broadcaster_id: streamer.id });
  if (!Array.isArray(page.data)) throw new Error(`chatters answered ${JSON.stringify(page)}`);

  // One event over the EventSub WebSocket.
  const listener = client.eventsub.websocket({ onError: (error) => console.error('smoke (ESM): listener error', error) });
  const received = new Promise((resolve) => {
    const handle = listener.on('channel.chat.message', { broadcaster_user_id: streamer.id, user_id: bot.id }, (event) => resolve(event.message.text));
    handle.ready.then(() => {
      mock.eventsub.trigger('channel.chat.message', { message: { text: 'hello from the smoke test', fragments: [] } }, { condition: { broadcaster_user_id: streamer.id, user_id: bot.id } });
    }, (error) => console.error('smoke (ESM): subscription refused', error));
  });
  const text = await received;
  if (text !== 'hello from the smoke test') throw new Error(`received ${String(text)}`);
  await listener.close();

  // The error classes: a broken limit is a PlatformError, thrown before anything is sent.
  const failure = await client.moderation.ban({ broadcaster_id: streamer.id, user_id: bot.id, duration: 0 }).catch((error) => error);
  if (!(failure instanceof PlatformError) || failure instanceof PlatformApiError) throw new Error(`expected a PlatformError, got ${String(failure)}`);
  console.log('smoke (ESM): ok');
} finally {
  await mock.close();
  clearTimeout(deadline);
}
