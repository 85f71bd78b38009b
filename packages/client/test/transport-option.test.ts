/**
 * `new Platform({ transport })`: every request of the client (the API's and the OAuth server's)
 * goes through the given transport, and a `fetch` option wins over it. Against the mock platform
 * over loopback.
 */
import { createMockPlatform } from '@platform/mock';
import { fetchTransport, type PlatformTransport } from '@platform/core';
import { undiciTransport } from '@platform/core/node';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { MemoryTokenStore, Platform } from '../src/index';

/** The mock platform (closed when the test ends) with an app, and the options of a Platform for it. */
async function start() {
  const mock = await createMockPlatform();
  onTestFinished(() => mock.close());
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'secret-value-1' });
  return { clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, tokens: new MemoryTokenStore() };
}

/** A transport that records the label of each exchange and passes it on to `inner`. */
function recording(inner: PlatformTransport): { transport: PlatformTransport; labels: string[] } {
  const labels: string[] = [];
  return {
    labels,
    transport: (exchange) => {
      labels.push(exchange.label);
      return inner(exchange);
    },
  };
}

describe('new Platform({ transport })', () => {
  it.each([
    ['undiciTransport()', () => undiciTransport()],
    ['fetchTransport()', () => fetchTransport()],
  ])('sends the app token request and the API call through %s', async (_name, make) => {
    const { transport, labels } = recording(make());
    const client = new Platform({ ...(await start()), transport });
    await client.chat.globalEmotes();
    expect(labels).toEqual(['POST /oauth2/token', 'GET /chat/emotes/global']);
  });

  it('takes the fetch option over the transport option', async () => {
    const { transport, labels } = recording(undiciTransport());
    const fetch = vi.fn(globalThis.fetch);
    const client = new Platform({ ...(await start()), transport, fetch });
    await client.chat.globalEmotes();
    expect(labels).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refuses a transport that is not a function', () => {
    expect(() => new Platform({ clientId: 'c', transport: 'undici' as never })).toThrow('The transport option must be a function; got "undici".');
  });
});
