import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockAddress, redirectToMock } from './redirect';

const targets = { baseUrl: 'http://127.0.0.1:9/helix', authUrl: 'http://127.0.0.1:9/oauth2' };

describe('mockAddress', () => {
  it("sends the platform's API and OAuth addresses to the mock's, query included", () => {
    expect(mockAddress('https://api.twitch.tv/helix/users?id=1', targets)).toBe('http://127.0.0.1:9/helix/users?id=1');
    expect(mockAddress('https://id.twitch.tv/oauth2/token?grant_type=client_credentials', targets)).toBe('http://127.0.0.1:9/oauth2/token?grant_type=client_credentials');
  });

  it('leaves other addresses alone, look-alikes included', () => {
    expect(mockAddress('https://api.twitch.tv/kraken/users', targets)).toBe('https://api.twitch.tv/kraken/users');
    expect(mockAddress('https://api.twitch.tv/helixfoo', targets)).toBe('https://api.twitch.tv/helixfoo');
    expect(mockAddress('https://example.com/helix/users', targets)).toBe('https://example.com/helix/users');
  });
});

describe('redirectToMock', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => response.end(JSON.stringify({ path: request.url })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('reaches the local server for a platform address, refuses and records any other host, and restores fetch', async () => {
    const original = globalThis.fetch;
    const redirect = redirectToMock({ baseUrl: `${base}/helix`, authUrl: `${base}/oauth2` });
    try {
      const answer = await fetch('https://api.twitch.tv/helix/users?login=a');
      expect(await answer.json()).toEqual({ path: '/helix/users?login=a' });
      await expect(fetch('https://example.com/')).rejects.toThrow(/refused https:\/\/example\.com\/: only 127\.0\.0\.1/);
      await expect(fetch('http://localhost:1/')).rejects.toThrow(/refused/);
      expect(redirect.refused).toEqual(['https://example.com/', 'http://localhost:1/']);
      expect(redirect.sent).toEqual([`GET ${base}/helix/users?login=a`]);
    } finally {
      redirect.restore();
    }
    expect(globalThis.fetch).toBe(original);
  });
});
