import { Platform } from '@platform/client';
import { createMockPlatform } from '@platform/mock';
import { redisTokenStore } from '@platform/redis-store';
import { startDeployment } from './deployment.ts';
import { startWebServer, startWorker } from './roles.ts';

// Several processes, one Redis. With PLATFORM_ROLE (worker or web), PLATFORM_CLIENT_ID,
// PLATFORM_CLIENT_SECRET, PLATFORM_BOT, PLATFORM_CHANNEL and REDIS_URL, runs that one process
// against the real platform until Ctrl+C (a worker creates a conduit of PLATFORM_SHARD_COUNT
// shards unless PLATFORM_CONDUIT_ID names one; PLATFORM_SHARDS is its part). Without credentials,
// runs the whole deployment on the mock platform: two conduit workers and one web process, each a
// process of its own, on the Redis at REDIS_URL (redis://127.0.0.1:6379 by default).

const log = (line: string) => process.stdout.write(`${line}\n`);
const env = process.env;
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

if (env.PLATFORM_ROLE && env.PLATFORM_CLIENT_ID && env.PLATFORM_CLIENT_SECRET && env.PLATFORM_BOT && env.PLATFORM_CHANNEL) {
  const settings = { clientId: env.PLATFORM_CLIENT_ID, clientSecret: env.PLATFORM_CLIENT_SECRET, redisUrl, bot: env.PLATFORM_BOT, channel: env.PLATFORM_CHANNEL, log };
  const running =
    env.PLATFORM_ROLE === 'web'
      ? await startWebServer({ ...settings, port: env.PORT ? Number(env.PORT) : 3000 })
      : await startWorker({
          ...settings,
          conduitId: env.PLATFORM_CONDUIT_ID || undefined,
          shardCount: env.PLATFORM_SHARD_COUNT ? Number(env.PLATFORM_SHARD_COUNT) : undefined,
          shards: env.PLATFORM_SHARDS ? env.PLATFORM_SHARDS.split(',').map(Number) : undefined,
        });
  log('Ctrl+C stops this process.');
  process.once('SIGINT', () => void running.close().then(() => process.exit(0)));
} else {
  const mock = await createMockPlatform({ eventsub: { conduitRouting: 'round-robin' } });
  const prefix = `example-${process.pid}:`;
  const tokens = redisTokenStore({ url: redisUrl, prefix });
  try {
    const app = mock.addClient({ clientId: 'example-machines', clientSecret: 'example-machines-secret' });
    const bot = mock.addUser({ login: 'helperbot' });
    const channel = mock.addUser({ login: 'pixelforge' });
    // The channel lets the bot in (channel:bot), as the platform asks of a bot reading chat with the app token.
    mock.issueToken({ clientId: app.clientId, userId: channel.id, scopes: ['channel:bot'] });
    // The bot signs in once; its token goes to Redis, where every process finds it.
    const issued = mock.issueToken({ clientId: app.clientId, userId: bot.id, scopes: ['user:read:chat', 'user:write:chat', 'user:bot'] });
    const signIn = new Platform({ clientId: app.clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl, tokens });
    await signIn.auth.addUser({ accessToken: issued.accessToken, refreshToken: issued.refreshToken });
    const platform = { baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl };
    const deployment = await startDeployment({ clientId: app.clientId, clientSecret: app.clientSecret, redisUrl, redisPrefix: prefix, bot: 'helperbot', channel: 'pixelforge', platform });
    try {
      for (const text of ['hello from the web process', 'a second message', 'a third', 'and a fourth']) await deployment.say(text);
      for (const end = Date.now() + 5000; deployment.heard.length < 4 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
      for (const worker of [0, 1]) log(`worker ${worker} heard ${deployment.heard.filter((message) => message.worker === worker).length} of the 4 messages.`);
    } finally {
      await deployment.close();
    }
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\nIs Redis running at ${redisUrl}? (apt-get install redis-server, or set REDIS_URL)`);
    process.exitCode = 1;
  } finally {
    // The demo's keys go away with it.
    for (const token of await tokens.list().catch(() => [])) await tokens.delete(token.userId).catch(() => undefined);
    await tokens.close();
    await mock.close();
  }
}
