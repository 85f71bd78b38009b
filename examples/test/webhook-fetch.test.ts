import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWebhookFetch, type WebhookFetchService } from '../webhook-fetch/node.ts';
import { serveFetch, type FetchServer } from '../webhook-fetch/serve-fetch.ts';
import { subscriptionsOf, until } from './helpers.ts';

// The web-standard (fetch) webhook receiver against the mock platform, served by Node's http
// through the example's small adapter; and the adapter alone.

let mock: MockPlatform;
let service: WebhookFetchService | undefined;
let server: FetchServer | undefined;
let pixelforge: MockUser;

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId: 'live-status', clientSecret: 'live-status-secret' });
  pixelforge = mock.addUser({ login: 'pixelforge' });
  mock.addUser({ login: 'quietfox' });
});

afterEach(async () => {
  await service?.close();
  service = undefined;
  await server?.close();
  server = undefined;
  await mock.close();
});

const start = () => startWebhookFetch({ clientId: 'live-status', clientSecret: 'live-status-secret', channels: ['pixelforge', 'quietfox'], secret: 'fetch-example-secret-0123456789', platform: mock });

describe('the fetch webhook example', () => {
  it('is verified by the platform, follows a channel live and offline, and answers GET /live', async () => {
    service = await start();
    expect(subscriptionsOf(mock).filter((subscription) => subscription.status === 'enabled' && subscription.transport.callback === service!.callback)).toHaveLength(4);
    mock.streams.start(pixelforge.id);
    await until(() => service!.live.has('pixelforge'), 'stream.online');
    expect(await (await fetch(`${service.url}/live`)).json()).toEqual([{ login: 'pixelforge', started_at: expect.any(String) }]);
    mock.streams.stop(pixelforge.id);
    await until(() => service!.live.size === 0, 'stream.offline');
  });

  it('answers 404 beside its two routes, and 403 to an unsigned post', async () => {
    service = await start();
    expect((await fetch(`${service.url}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${service.url}/live`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(service.callback, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(403);
  });

  it('deletes its subscriptions on close', async () => {
    service = await start();
    await service.close();
    service = undefined;
    expect(subscriptionsOf(mock)).toEqual([]);
  });
});

describe('serveFetch, the Node adapter', () => {
  it('hands the handler a Request with method, address, headers and the raw body, and sends its Response back', async () => {
    const seen: { method: string; url: string; type: string | null; body: string }[] = [];
    server = await serveFetch(async (request) => {
      seen.push({ method: request.method, url: request.url, type: request.headers.get('content-type'), body: await request.text() });
      const response = new Response('created', { status: 201, headers: { 'X-Example': 'yes' } });
      response.headers.append('Set-Cookie', 'a=1');
      response.headers.append('Set-Cookie', 'b=2');
      return response;
    });
    const answer = await fetch(`${server.url}/path?q=1`, { method: 'POST', body: 'raw bytes ✓', headers: { 'Content-Type': 'text/plain' } });
    expect(answer.status).toBe(201);
    expect(await answer.text()).toBe('created');
    expect(answer.headers.get('x-example')).toBe('yes');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(seen).toEqual([{ method: 'POST', url: `${server.url}/path?q=1`, type: 'text/plain', body: 'raw bytes ✓' }]);
  });

  it('answers 413 to a body over the limit without calling the handler', async () => {
    const handler = vi.fn(async () => new Response('no'));
    server = await serveFetch(handler, { maxBodyBytes: 10 });
    expect((await fetch(server.url, { method: 'POST', body: 'x'.repeat(11) })).status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 500 when the handler throws, and says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server = await serveFetch(async () => {
      throw new Error('broken app');
    });
    expect((await fetch(server.url)).status).toBe(500);
    expect(errors).toHaveBeenCalledWith('The fetch handler failed:', new Error('broken app'));
    errors.mockRestore();
  });
});
