/**
 * The same bot as two processes on one conduit, each serving one shard, with cooldowns and the
 * repeat check in one real Redis: each command is handled once, by one process, and a channel
 * cooldown taken by one process holds in the other.
 */
import { Platform } from '@platform/client';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild, stopAll, type Child } from '../../file-store/test/helpers';
import { startRedis, type TestRedis } from '../../redis-store/test/redis-server';
import { until } from './helpers';

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'conduit-bot.ts');
let server: TestRedis;
let mock: MockPlatform;
const children: Child[] = [];

beforeAll(async () => {
  server = await startRedis();
  // Round-robin: the messages of one channel go to both shards in turn, so to both processes.
  mock = await createMockPlatform({ eventsub: { conduitRouting: 'round-robin' } });
});
afterAll(async () => {
  await stopAll(children);
  await mock.close();
  await server.stop();
});

describe('a conduit bot of two processes', () => {
  it('handles each command once, and shares channel cooldowns through Redis', async () => {
    const streamer = mock.addUser({ login: 'streamer' });
    const botUser = mock.addUser({ login: 'greeter' });
    const viewers = [mock.addUser({ login: 'viewer1' }), mock.addUser({ login: 'viewer2' })];
    const clientOptions = mock.clientOptions();
    const { accessToken } = mock.issueToken({ clientId: clientOptions.clientId, userId: botUser.id, scopes: ['user:read:chat', 'user:write:chat', 'user:bot'] });
    mock.issueToken({ clientId: clientOptions.clientId, userId: streamer.id, scopes: ['channel:bot'] });
    const conduit = await new Platform(clientOptions).eventsub.createConduit({ shard_count: 2 });
    const config = { clientOptions, botToken: accessToken, botId: botUser.id, conduitId: conduit.id, redisUrl: server.url, prefix: 'bot-test:', channels: ['streamer'] };
    children.push(startChild(fixture, { ...config, shard: '0' }), startChild(fixture, { ...config, shard: '1' }));
    await Promise.all(children.map((child) => child.next('ready')));

    const sent = () => mock.state.channel(streamer.id).messages.filter((message) => message.sender_id === botUser.id).map((message) => message.text);
    for (let index = 1; index <= 6; index++) mock.chat.userSays(streamer.id, viewers[index % 2]!.id, `!ping ${index}`);
    await until(() => sent().length === 6, 10_000, 'six answers');
    mock.chat.userSays(streamer.id, viewers[0]!.id, '!so first');
    mock.chat.userSays(streamer.id, viewers[1]!.id, '!so second');
    await until(() => sent().length === 7, 10_000, 'the shoutout');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent().slice(0, 6).sort()).toEqual(['pong 1', 'pong 2', 'pong 3', 'pong 4', 'pong 5', 'pong 6']);
    expect(sent()).toHaveLength(7);
    expect(sent()[6]).toMatch(/^so (first|second)$/);

    for (const child of children) child.send({ type: 'stop' });
    const done = await Promise.all(children.map((child) => child.next('done')));
    const handled = done.map((message) => message.handled as string[]);
    // Both processes worked, and no command was handled twice.
    for (const each of handled) expect(each.length).toBeGreaterThan(0);
    expect(handled.flat().filter((text) => !text.startsWith('so ')).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(handled.flat().filter((text) => text.startsWith('so '))).toHaveLength(1);
    expect(done.flatMap((message) => message.errors as string[])).toEqual([]);
  }, 60_000);
});
