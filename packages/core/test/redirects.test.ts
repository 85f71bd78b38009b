/**
 * A redirect is never followed, on either transport (issue 26): a 3xx from the OAuth server or the
 * API to another origin would take the client secret, a refresh token, a code or the bearer token
 * there. Two real loopback servers on two ports (two origins): the first answers every request
 * with a redirect to the second, which must receive nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, PlatformApiError, type FetchFunction, type ResponseEvent } from '../src/index';
import { authServerRequest, clientCore } from '../src/internal/index';
import { transports } from './stub';

interface Server {
  readonly origin: string;
  /** `<METHOD> <path>` and the body of every request received, in order. */
  readonly seen: string[];
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function serve(answer: (response: http.ServerResponse) => void): Promise<Server> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      seen.push(`${request.method} ${request.url}${body ? ` ${body}` : ''}`);
      answer(response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** The second origin, which must receive nothing, and the first, which redirects each request there with `status`. */
async function redirecting(status: number) {
  const elsewhere = await serve((response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"access_token":"stolen","expires_in":3600,"token_type":"bearer","data":[]}');
  });
  const platform = await serve((response) => {
    response.writeHead(status, { Location: `${elsewhere.origin}/collect`, 'Content-Type': 'text/html' });
    response.end('<a href="elsewhere">Moved</a>');
  });
  return { platform, elsewhere };
}

const message = (status: number, label: string) => `The platform answered with a redirect, which is not followed (${status} on ${label})`;

describe.each(transports)('over %s, a redirect to another origin', (_name, fetch) => {
  it.each([307, 308, 301, 302, 303])('%i on the token endpoint: the client secret goes nowhere, the call fails with a clear PlatformApiError', async (status) => {
    const { platform, elsewhere } = await redirecting(status);
    const client = createClient({ clientId: 'the-client', clientSecret: 'the-secret', baseUrl: `${platform.origin}/helix`, authUrl: `${platform.origin}/oauth2`, fetch });
    const error = await authServerRequest(clientCore(client), {
      method: 'POST',
      path: 'token',
      form: { client_id: 'the-client', client_secret: 'the-secret', grant_type: 'client_credentials' },
      retry: true,
    }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toMatchObject({ status, method: 'POST', url: `${platform.origin}/oauth2/token`, message: message(status, 'POST /oauth2/token') });
    expect((error as PlatformApiError).message).not.toContain('the-secret');
    expect(elsewhere.seen).toEqual([]);
    // Sent once: a redirect is not a failure to retry.
    expect(platform.seen).toEqual(['POST /oauth2/token client_id=the-client&client_secret=the-secret&grant_type=client_credentials']);
  });

  it.each([307, 308, 302])('%i on a Helix call: the bearer token goes nowhere, nothing is retried', async (status) => {
    const { platform, elsewhere } = await redirecting(status);
    const client = createClient({ clientId: 'the-client', token: 'the-token', baseUrl: `${platform.origin}/helix`, fetch });
    const responses: ResponseEvent[] = [];
    client.on('response', (event) => responses.push(event));
    for (const method of ['GET', 'POST'] as const) {
      const error = await client.request({ method, path: '/chat/messages', query: { broadcaster_id: '1' }, body: method === 'POST' ? { message: 'hi' } : undefined }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(PlatformApiError);
      expect(error).toMatchObject({ status, method, url: `${platform.origin}/helix/chat/messages?broadcaster_id=1`, message: message(status, `${method} /chat/messages`) });
    }
    expect(elsewhere.seen).toEqual([]);
    expect(platform.seen).toEqual(['GET /helix/chat/messages?broadcaster_id=1', 'POST /helix/chat/messages?broadcaster_id=1 {"message":"hi"}']);
    expect(responses.map((event) => [event.status, event.next.step])).toEqual([
      [status, 'throw'],
      [status, 'throw'],
    ]);
  });
});

describe('the fetch transport', () => {
  it("asks fetch not to follow redirects (redirect: 'manual')", async () => {
    const fetch = vi.fn<FetchFunction>(async () => new Response('{"data":[]}', { status: 200 }));
    await createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix', fetch }).request({ method: 'GET', path: '/users' });
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ redirect: 'manual' });
  });

  it("takes a browser's opaque redirect (status 0, type opaqueredirect) for the redirect it hides", async () => {
    // What a browser's fetch resolves with for a redirect under redirect: 'manual': no status, no
    // headers, no body, no Location. `new Response()` cannot make one (its status must be 200-599).
    const opaque = { type: 'opaqueredirect', status: 0, statusText: '', headers: new Headers(), text: async () => '' } as unknown as Response;
    const fetch = vi.fn<FetchFunction>(async () => opaque);
    const client = createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix', fetch, retries: 3 });
    const error = await client.request({ method: 'GET', path: '/users' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toMatchObject({ status: 0, method: 'GET', url: 'https://api.test/helix/users', message: message(0, 'GET /users') });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
