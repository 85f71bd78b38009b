/**
 * Secure by default (issue 26): no secret or token in `console.log(client)`, no address in
 * cleartext to another host, no dot segment in a `client.request()` path.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { format, inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, createLogger, PlatformError, type ClientOptions, type FetchFunction } from '../src/index';
import { clientCore } from '../src/internal/index';

const secret = 'client-secret-value-42';
const token = 'raw-access-token-value-42';

/** Every way a program shows an object: console.log's, util.inspect's deepest, with hidden properties. */
function shown(value: unknown): string[] {
  return [
    format('%o', value),
    format('%O', value),
    format('%s', value),
    format('%j', { value }),
    inspect(value),
    inspect(value, { depth: Infinity, showHidden: true, getters: true }),
    inspect({ nested: { deeper: [value] } }, { depth: Infinity, showHidden: true }),
  ];
}

describe('console.log(client) and util.inspect(client)', () => {
  const fetch: FetchFunction = async () => new Response('{"data":[]}');

  it('show no client secret and no token, at any depth, hidden properties included', async () => {
    const client = createClient({ clientId: 'the-client', clientSecret: secret, token, fetch, logger: createLogger({ debug() {}, info() {}, warn() {}, error() {} }) });
    await client.request({ method: 'GET', path: '/users' });
    for (const target of [client, client.as('123'), client.as('app'), clientCore(client)]) {
      for (const text of shown(target)) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(token);
      }
    }
  });

  it('show the core as its class and client ID (JSON too, as JSON loggers write it)', () => {
    const client = createClient({ clientId: 'the-client', clientSecret: secret, fetch });
    expect(inspect(clientCore(client))).toBe('ClientCore { clientId: "the-client" }');
    expect(JSON.stringify(clientCore(client))).toBe('{"clientId":"the-client"}');
    expect(inspect(client, { depth: Infinity, showHidden: true })).toContain('core: ClientCore { clientId: "the-client" }');
    expect(inspect(client.as('123'), { depth: Infinity })).toContain("defaults: { as: '123' }");
  });

  it('leave the options object as given: the program still sees its own values', () => {
    const options: ClientOptions = { clientId: 'the-client', clientSecret: secret, fetch };
    createClient(options);
    expect(inspect(options)).toContain(secret);
  });
});

describe('an address in cleartext to another host', () => {
  const fetch: FetchFunction = async () => new Response('{}');

  function refused(options: Partial<ClientOptions>): string {
    try {
      createClient({ clientId: 'c', fetch, ...options });
    } catch (error) {
      expect((error as Error).constructor).toBe(PlatformError);
      return (error as Error).message;
    }
    throw new Error('createClient accepted the options');
  }

  it.each([
    [{ baseUrl: 'http://api.example.com/helix' }, 'The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://api.example.com".'],
    [{ authUrl: 'http://id.example.com:8080/oauth2' }, 'The authUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://id.example.com:8080".'],
    [{ eventSubWsUrl: 'ws://eventsub.example.com/ws' }, 'The eventSubWsUrl option must be a wss: address: ws: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "ws://eventsub.example.com".'],
    [{ baseUrl: 'http://user:pass@10.0.0.1/helix' }, 'The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://10.0.0.1".'],
    [{ baseUrl: 'http://128.0.0.1/helix' }, 'The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://128.0.0.1".'],
    [{ baseUrl: 'http://localhost.example.com/helix' }, 'The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://localhost.example.com".'],
    [{ baseUrl: 'http://127.0.0.1.nip.io/helix' }, 'The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://127.0.0.1.nip.io".'],
    [{ baseUrl: 'http://[::2]/helix' }, 'The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://[::2]".'],
  ])('is refused at construction: %o', (options, message) => {
    expect(refused(options)).toBe(message);
  });

  it('is refused before anything is made or sent (no bucket store, no authenticator)', () => {
    const buckets = vi.fn();
    const authenticator = vi.fn();
    expect(() => createClient({ clientId: 'c', fetch, baseUrl: 'http://api.example.com', buckets, authenticator })).toThrow(PlatformError);
    expect(buckets).not.toHaveBeenCalled();
    expect(authenticator).not.toHaveBeenCalled();
  });

  it.each([
    'http://127.0.0.1:8080/helix',
    'http://127.1.2.3/helix',
    'http://127.1/helix',
    'http://localhost:3000/helix',
    'http://LOCALHOST/helix',
    'http://[::1]:8080/helix',
    'http://[0:0:0:0:0:0:0:1]/helix',
    'https://api.example.com/helix',
  ])('is let through on a loopback host, and https: anywhere: %s', (baseUrl) => {
    expect(() => createClient({ clientId: 'c', fetch, baseUrl, authUrl: baseUrl.replace('/helix', '/oauth2'), eventSubWsUrl: baseUrl.replace(/^http/, 'ws') })).not.toThrow();
  });
});

describe('a client.request() path with a dot segment', () => {
  const refusal = (path: unknown) =>
    `client.request() needs a path under the base URL, starting with / and without . or .. segments; got ${typeof path === 'string' && path.length <= 40 ? JSON.stringify(path) : String(path)}.`;

  it.each([
    '/../oauth2/revoke',
    '/users/../../oauth2/revoke',
    '/..',
    '/a/..',
    '/a/.',
    '/./a',
    '/a/./b',
    '/%2e%2e/oauth2/revoke',
    '/%2E%2E/oauth2/revoke',
    '/.%2e/oauth2/revoke',
    '/%2e./oauth2/revoke',
    '/%2e/a',
    '/a\\..\\oauth2',
    '\\..',
    '/a/..?x=1',
    '/a/..#x',
    '/a/..\\b',
    '/.\t./oauth2/revoke',
    '/.\n./oauth2/revoke',
    '/a/.. ',
    '/a/..\u0000',
    '/a\rb',
  ])('is refused before anything is sent: %j', async (path) => {
    const fetch = vi.fn<FetchFunction>(async () => new Response('{}'));
    const client = createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix', fetch });
    const error = await client.request({ method: 'POST', path }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).constructor).toBe(PlatformError);
    expect((error as Error).message).toBe(refusal(path));
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['/.well-known/a', '/helix/.well-known/a'],
    ['/a..b/...', '/helix/a..b/...'],
    ['/a/.b/c.', '/helix/a/.b/c.'],
    ['/a/%2e%2ex', '/helix/a/%2e%2ex'],
    ['/a/%252e%252e/b', '/helix/a/%252e%252e/b'],
    ['/users?next=/../x', '/helix/users?next=/../x'],
    ['/a b/é?q=x y', '/helix/a%20b/%C3%A9?q=x%20y'],
  ])('is let through when no segment is one: %j', async (path, sent) => {
    const urls: string[] = [];
    const fetch: FetchFunction = async (url) => {
      urls.push(url);
      return new Response('{}');
    };
    await createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix', fetch }).request({ method: 'GET', path });
    const parsed = new URL(urls[0]!);
    expect(`${parsed.pathname}${parsed.search}`).toBe(sent);
  });

  it('reaches no server: /../oauth2/revoke on a platform whose API and OAuth server share an origin (as the mock does)', async () => {
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createClient({ clientId: 'c', token: 'the-token', baseUrl: `${origin}/helix`, authUrl: `${origin}/oauth2` });
      await expect(client.request({ method: 'POST', path: '/../oauth2/revoke', query: { client_id: 'c', token: 'the-token' } })).rejects.toThrow(refusal('/../oauth2/revoke'));
      await client.request({ method: 'GET', path: '/users' });
      expect(seen).toEqual(['GET /helix/users Bearer the-token']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
