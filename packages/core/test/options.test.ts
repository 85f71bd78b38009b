import { describe, expect, it } from 'vitest';
import { createClient, PlatformAuthError, PlatformError, type ClientOptions } from '../src/index';
import { stubFetch } from './stub';

const fetch = stubFetch({ now: () => 0 }, () => ({ body: {} })).fetch;

function failure(options: unknown): PlatformError {
  try {
    createClient(options as ClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).constructor).toBe(PlatformError);
    return error as PlatformError;
  }
  throw new Error('createClient accepted the options');
}

describe('client options', () => {
  it.each([undefined, {}, { clientId: '' }, { clientId: 42 }])('needs a clientId (%o)', (options) => {
    expect(failure(options).message).toBe('A clientId is required: new Platform({ clientId, clientSecret }).');
  });

  it('needs a fetch when the runtime has none', () => {
    const original = globalThis.fetch;
    // @ts-expect-error: a runtime without fetch
    delete globalThis.fetch;
    try {
      expect(failure({ clientId: 'c' }).message).toBe('No fetch implementation found. Pass one with the `fetch` option.');
      expect(() => createClient({ clientId: 'c', fetch })).not.toThrow();
    } finally {
      globalThis.fetch = original;
    }
  });

  it.each([
    [{ timeout: -5 }, 'The timeout option must be a positive number of milliseconds; got -5.'],
    [{ timeout: 0 }, 'The timeout option must be a positive number of milliseconds; got 0.'],
    [{ timeout: '100' }, 'The timeout option must be a positive number of milliseconds; got "100".'],
    [{ timeout: Number.POSITIVE_INFINITY }, 'The timeout option must be a positive number of milliseconds; got Infinity.'],
    [{ retries: -1 }, 'The retries option must be a whole number, 0 or more; got -1.'],
    [{ retries: 2.5 }, 'The retries option must be a whole number, 0 or more; got 2.5.'],
    [{ rateLimit: 'queue' }, "The rateLimit option must be 'wait' or 'throw'; got \"queue\"."],
    [{ fetch: 'fetch' }, 'The fetch option must be a function; got "fetch".'],
    [{ webSocket: {} }, 'The webSocket option must be a WebSocket class; got an object.'],
    [{ buckets: {} }, 'The buckets option must be a function; got an object.'],
    [{ baseUrl: 'api.test/helix' }, 'The baseUrl option must be an absolute https: or http: address; got "api.test/helix".'],
    [{ authUrl: 'ftp://id.test' }, 'The authUrl option must be an absolute https: or http: address; got "ftp://id.test".'],
    [{ eventSubWsUrl: 'https://ws.test' }, 'The eventSubWsUrl option must be an absolute wss: or ws: address; got "https://ws.test".'],
    [{ clientSecret: '' }, 'The clientSecret option must be a non-empty string; got "".'],
    [{ token: '' }, 'The token option must be a non-empty string; got "".'],
  ])('refuses %o at construction', (bad, message) => {
    expect(failure({ clientId: 'c', fetch, ...bad }).message).toBe(message);
  });

  it('never puts the secret or the token in a construction error', () => {
    const error = failure({ clientId: 'c', fetch, clientSecret: 'very-secret', token: 'tok-123', timeout: -1 });
    expect(error.message).not.toContain('very-secret');
    expect(error.message).not.toContain('tok-123');
  });

  it('accepts good options and strips a trailing slash from addresses', async () => {
    const seen: string[] = [];
    const client = createClient({
      clientId: 'c',
      token: 't',
      baseUrl: 'http://127.0.0.1:9/helix/',
      fetch: (url) => {
        seen.push(url);
        return Promise.resolve(new Response('{}'));
      },
    });
    await client.request({ method: 'GET', path: '/users' });
    expect(seen).toEqual(['http://127.0.0.1:9/helix/users']);
    expect(client.clientId).toBe('c');
  });
});

describe('calls without a token (core alone)', () => {
  const client = createClient({ clientId: 'c', fetch });

  it('names the missing app token for a generic request, and sends nothing', async () => {
    const error = await client.request({ method: 'GET', path: '/users' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('GET /users needs an app access token, which requires a clientSecret (or a registered user token).');
  });

  it('refuses a bad request shape', async () => {
    await expect(client.request({ method: 'FETCH' as 'GET', path: '/users' })).rejects.toThrow('client.request() needs a method (GET, POST, PUT, PATCH or DELETE); got "FETCH".');
    await expect(client.request({ method: 'GET', path: 'users' })).rejects.toThrow('client.request() needs a path under the base URL, starting with / and without . or .. segments; got "users".');
  });

  it('as() needs an identity', () => {
    expect(() => client.as('')).toThrow("client.as() needs a user ID or 'app'; got .");
  });
});
