// The pack-and-install smoke program in strict TypeScript: the steps of smoke.mjs, written as a
// user's typed program. .ci/smoke.sh type-checks it (and smoke-require.cts) against the installed
// packages' declarations with `module`/`moduleResolution` node16 and nodenext, then compiles and
// runs it.
import { Platform, PlatformError, PlatformApiError, type Chatter, type Page } from '@platform/client';
import { createMockPlatform, type MockPlatform } from '@platform/mock';

const deadline = setTimeout(() => {
  console.error('smoke (TypeScript): timed out');
  process.exit(1);
}, 30_000);

interface UsersAnswer {
  data: { id: string; login: string }[];
}

async function run(mock: MockPlatform): Promise<void> {
  const app = mock.addClient({ clientId: 'smoke-app', clientSecret: 'smoke-app-secret' });
  const streamer = mock.addUser({ login: 'streamer' });
  const bot = mock.addUser({ login: 'helperbot' });
  mock.state.channel(streamer.id).moderators.add(bot.id);
  const { accessToken } = mock.issueToken({ clientId: app.clientId, userId: bot.id, scopes: ['user:read:chat', 'moderator:read:chatters'] });

  const client = new Platform({ clientId: app.clientId, clientSecret: 'smoke-app-secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
  await client.auth.addUser(accessToken);

  const users = await client.request<UsersAnswer>({ method: 'GET', path: '/users', query: { login: ['streamer'] } });
  if (users?.data[0]?.id !== streamer.id) throw new Error(`GET /users answered ${JSON.stringify(users)}`);
  const page: Page<Chatter> = await client.chat.chatters({ broadcaster_id: streamer.id });
  if (!Array.isArray(page.data)) throw new Error(`chatters answered ${JSON.stringify(page)}`);

  const listener = client.eventsub.websocket({ onError: (error: unknown) => console.error('smoke (TypeScript): listener error', error) });
  const text = await new Promise<string>((resolve) => {
    const handle = listener.on('channel.chat.message', { broadcaster_user_id: streamer.id, user_id: bot.id }, (event) => resolve(event.message.text));
    handle.ready.then(
      () => {
        mock.eventsub.trigger('channel.chat.message', { message: { text: 'hello from the smoke test', fragments: [] } }, { condition: { broadcaster_user_id: streamer.id, user_id: bot.id } });
      },
      (error: unknown) => console.error('smoke (TypeScript): subscription refused', error),
    );
  });
  if (text !== 'hello from the smoke test') throw new Error(`received ${text}`);
  await listener.close();

  const failure: unknown = await client.moderation.ban({ broadcaster_id: streamer.id, user_id: bot.id, duration: 0 }).catch((error: unknown) => error);
  if (!(failure instanceof PlatformError) || failure instanceof PlatformApiError) throw new Error(`expected a PlatformError, got ${String(failure)}`);
  console.log(`smoke (TypeScript): ok (${failure.name})`);
}

const mock = await createMockPlatform();
try {
  await run(mock);
} finally {
  await mock.close();
  clearTimeout(deadline);
}
