// The pack-and-install smoke program, CommonJS: the same steps as smoke.mjs, through require().
const { Platform, PlatformError, PlatformApiError } = require('@platform/client');
const { createMockPlatform } = require('@platform/mock');

const deadline = setTimeout(() => {
  console.error('smoke (CJS): timed out');
  process.exit(1);
}, 30_000);

async function main() {
  const mock = await createMockPlatform();
  try {
    const app = mock.addClient({ clientId: 'smoke-app', clientSecret: 'smoke-app-secret' });
    const streamer = mock.addUser({ login: 'streamer' });
    const bot = mock.addUser({ login: 'helperbot' });
    mock.state.channel(streamer.id).moderators.add(bot.id);
    const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: bot.id, scopes: ['user:read:chat', 'moderator:read:chatters'] });

    const client = new Platform({ clientId: app.clientId, clientSecret: 'smoke-app-secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
    await client.auth.addUser(accessToken);

    const users = await client.request({ method: 'GET', path: '/users', query: { login: ['streamer'] } });
    if (users?.data?.[0]?.id !== streamer.id) throw new Error(`GET /users answered ${JSON.stringify(users)}`);
    const page = await client.chat.chatters({ broadcaster_id: streamer.id });
    if (!Array.isArray(page.data)) throw new Error(`chatters answered ${JSON.stringify(page)}`);

    const listener = client.eventsub.websocket({ onError: (error) => console.error('smoke (CJS): listener error', error) });
    const received = new Promise((resolve) => {
      const handle = listener.on('channel.chat.message', { broadcaster_user_id: streamer.id, user_id: bot.id }, (event) => resolve(event.message.text));
      handle.ready.then(() => {
        mock.eventsub.trigger('channel.chat.message', { message: { text: 'hello from the smoke test', fragments: [] } }, { condition: { broadcaster_user_id: streamer.id, user_id: bot.id } });
      }, (error) => console.error('smoke (CJS): subscription refused', error));
    });
    const text = await received;
    if (text !== 'hello from the smoke test') throw new Error(`received ${String(text)}`);
    await listener.close();

    const failure = await client.moderation.ban({ broadcaster_id: streamer.id, user_id: bot.id, duration: 0 }).catch((error) => error);
    if (!(failure instanceof PlatformError) || failure instanceof PlatformApiError) throw new Error(`expected a PlatformError, got ${String(failure)}`);
    console.log('smoke (CJS): ok');
  } finally {
    await mock.close();
    clearTimeout(deadline);
  }
}

main().catch((error) => {
  console.error('smoke (CJS): failed', error);
  process.exit(1);
});
