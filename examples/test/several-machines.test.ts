import { Platform } from '@platform/client';
import { createMockPlatform, type MockPlatform, type MockToken } from '@platform/mock';
import { redisTokenStore, type RedisTokenStore } from '@platform/redis-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../packages/redis-store/test/redis-server.ts';
import { startDeployment, type Deployment } from '../several-machines/deployment.ts';
import { until } from './helpers.ts';

// The several-machines example against the mock platform and a real redis-server: two conduit
// workers and one web process, each a Node process of its own, keep the bot's token in one Redis.
// A message the web process sends reaches exactly one worker.

let redis: TestRedis;
let mock: MockPlatform;
let tokens: RedisTokenStore;
let issued: MockToken;
let deployment: Deployment;
let channelId: string;

beforeAll(async () => {
  redis = await startRedis();
  mock = await createMockPlatform({ eventsub: { conduitRouting: 'round-robin' } });
  const app = mock.addClient({ clientId: 'machines-app', clientSecret: 'machines-app-secret' });
  const bot = mock.addUser({ login: 'helperbot' });
  channelId = mock.addUser({ login: 'pixelforge' }).id;
  issued = mock.issueToken({ clientId: app.clientId, userId: bot.id, scopes: ['user:read:chat', 'user:write:chat', 'user:bot'] });
  // The channel lets the bot in, as the platform asks of a bot reading chat with the app token.
  mock.issueToken({ clientId: app.clientId, userId: channelId, scopes: ['channel:bot'] });
  // The bot signed in once: its token is in Redis, and only there.
  tokens = redisTokenStore({ url: redis.url, prefix: 'machines:' });
  await new Platform({ clientId: app.clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl, tokens }).auth.addUser({ accessToken: issued.accessToken, refreshToken: issued.refreshToken });
  deployment = await startDeployment(
    {
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      redisUrl: redis.url,
      redisPrefix: 'machines:',
      bot: 'helperbot',
      channel: 'pixelforge',
      platform: { baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl },
    },
    'ignore',
  );
}, 60_000);

afterAll(async () => {
  await deployment?.close();
  await tokens?.close();
  await mock?.close();
  await redis?.stop();
});

describe('the several-machines example', () => {
  it('runs two workers on the two shards of one conduit and a web process, each a process of its own', () => {
    expect(new Set([...deployment.pids, process.pid]).size).toBe(4);
    expect(mock.eventsub.conduits()).toEqual([expect.objectContaining({ id: deployment.conduitId, shard_count: 2 })]);
    expect(mock.eventsub.conduits()[0]!.shards.map((shard) => shard.status)).toEqual(['enabled', 'enabled']);
  });

  it('a message sent by the web process reaches exactly one worker', async () => {
    const sent = await deployment.say('hello from the web process');
    expect(sent.is_sent).toBe(true);
    await until(() => deployment.heard.length === 1, 'the message at a worker', 5000);
    // Nothing more arrives: the platform delivered it to one shard, so one worker.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deployment.heard).toEqual([{ worker: expect.any(Number) as number, chatter: 'helperbot', text: 'hello from the web process' }]);
    expect(mock.state.channel(channelId).messages.at(-1)).toMatchObject({ text: 'hello from the web process' });
  });

  it('spreads messages over both workers, each message once; the web process refreshes the dead token through Redis', async () => {
    deployment.heard.length = 0;
    mock.clearRequests();
    mock.expireToken(issued.accessToken);
    const texts = ['one', 'two', 'three', 'four'];
    for (const text of texts) expect((await deployment.say(text)).is_sent).toBe(true);
    await until(() => deployment.heard.length === 4, 'four messages at the workers', 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Each message once. The two workers are processes of their own on two WebSocket connections:
    // each hears its share in the order it was sent, but which of them reports first is not defined.
    expect(deployment.heard.map((message) => message.text).sort()).toEqual([...texts].sort());
    for (const worker of [0, 1]) {
      const own = deployment.heard.filter((message) => message.worker === worker).map((message) => message.text);
      expect(own).toHaveLength(2);
      expect(own).toEqual(texts.filter((text) => own.includes(text)));
    }
    // Refreshed once, and saved in Redis for every process.
    expect(mock.requests.filter((request) => request.path === '/oauth2/token')).toHaveLength(1);
    expect((await tokens.list())[0]!.accessToken).not.toBe(issued.accessToken);
  });
});
