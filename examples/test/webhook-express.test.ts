import { createHmac } from 'node:crypto';
import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookExpress, type WebhookExpressService } from '../webhook-express/app.ts';
import { subscriptionsOf, until } from './helpers.ts';

// The Express webhook receiver against the mock platform: the mock sends the verification
// challenges and the signed notifications over real sockets to the Express server.

const SECRET = 'express-example-secret-0123456789';
let mock: MockPlatform;
let service: WebhookExpressService | undefined;
let pixelforge: MockUser;
let quietfox: MockUser;
let log: string[];

const settings = () => ({ clientId: 'live-status', clientSecret: 'live-status-secret', channels: ['pixelforge', 'QuietFox'], secret: SECRET, platform: mock, log: (line: string) => log.push(line) });
const getLive = async () => (await fetch(`${service!.url}/live`)).json() as Promise<{ login: string; started_at: string }[]>;

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId: 'live-status', clientSecret: 'live-status-secret' });
  pixelforge = mock.addUser({ login: 'pixelforge' });
  quietfox = mock.addUser({ login: 'quietfox' });
  log = [];
});

afterEach(async () => {
  await service?.close();
  service = undefined;
  await mock.close();
});

describe('the Express webhook example', () => {
  it('is verified by the platform: one enabled webhook subscription per channel and event, to its callback', async () => {
    service = await startWebhookExpress(settings());
    expect(service.callback).toBe(`${service.url}/eventsub`);
    const subscriptions = subscriptionsOf(mock);
    expect(subscriptions.map((subscription) => `${subscription.type} ${subscription.condition.broadcaster_user_id}`).sort()).toEqual(
      [`stream.offline ${pixelforge.id}`, `stream.offline ${quietfox.id}`, `stream.online ${pixelforge.id}`, `stream.online ${quietfox.id}`].sort(),
    );
    expect(subscriptions.every((subscription) => subscription.status === 'enabled' && subscription.transport.method === 'webhook' && subscription.transport.callback === service!.callback)).toBe(true);
  });

  it('follows channels going live and offline, and GET /live shows it', async () => {
    service = await startWebhookExpress(settings());
    expect(await getLive()).toEqual([]);
    mock.streams.start(pixelforge.id);
    await until(() => service!.live.has('pixelforge'), 'stream.online');
    expect(await getLive()).toEqual([{ login: 'pixelforge', started_at: new Date(mock.state.channel(pixelforge.id).stream!.started_at).toISOString() }]);
    mock.streams.stop(pixelforge.id);
    await until(() => !service!.live.has('pixelforge'), 'stream.offline');
    expect(await getLive()).toEqual([]);
    expect(log).toContain('pixelforge went live');
  });

  it('refuses a post that the platform did not sign with the secret: 403, nothing changes', async () => {
    service = await startWebhookExpress(settings());
    const body = JSON.stringify({ subscription: { type: 'stream.online', version: '1' }, event: { broadcaster_user_id: pixelforge.id, broadcaster_user_login: 'pixelforge', started_at: '2025-06-01T18:00:00Z' } });
    const id = 'forged-1';
    const timestamp = new Date().toISOString();
    const signature = `sha256=${createHmac('sha256', 'not-the-secret-at-all').update(id + timestamp + body).digest('hex')}`;
    const answer = await fetch(service.callback, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'Twitch-Eventsub-Message-Id': id, 'Twitch-Eventsub-Message-Timestamp': timestamp, 'Twitch-Eventsub-Message-Signature': signature, 'Twitch-Eventsub-Message-Type': 'notification' },
    });
    expect(answer.status).toBe(403);
    expect(service.live.size).toBe(0);
  });

  it('names a channel the platform does not have, and leaves nothing behind', async () => {
    await expect(startWebhookExpress({ ...settings(), channels: ['pixelforge', 'nobody_here'] })).rejects.toThrow('The platform has no channel named nobody_here.');
    expect(subscriptionsOf(mock)).toEqual([]);
  });

  it('deletes its subscriptions on close', async () => {
    service = await startWebhookExpress(settings());
    await service.close();
    service = undefined;
    expect(subscriptionsOf(mock)).toEqual([]);
  });
});
