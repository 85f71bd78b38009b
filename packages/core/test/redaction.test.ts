/**
 * Issue 26, redaction: every token a request carried (the bearer, the secrets of an OAuth form)
 * and every token the authenticator holds is replaced with `[redacted]` in the errors made from a
 * server's answer or a transport's failure, in their `cause`, in events and in log lines; a token
 * with a line break is refused before anything is sent, without being quoted, on both transports.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  createLogger,
  PlatformApiError,
  PlatformAuthError,
  PlatformNetworkError,
  type Authenticator,
  type ClientOptions,
  type PlatformLogger,
  type ResponseEvent,
} from '../src/index';
import { authServerRequest, clientCore } from '../src/internal/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { networkFailure, stubFetch, transports, type SeenRequest, type StubReply } from './stub';

const token = 'raw-bearer-token-0123456789';
const callToken = 'per-call-token-9876543210';
const clientSecret = 'client-secret-value-abcdef';

/** Everything an error shows: its message, its cause's, and util.inspect at any depth (hidden properties too). */
function shown(error: unknown): string {
  const cause = (error as Error).cause as Error | undefined;
  return [
    (error as Error).message,
    String(error),
    String(cause?.message),
    inspect(error, { depth: Infinity }),
    inspect(error, { depth: Infinity, showHidden: true }),
    JSON.stringify((error as { body?: unknown }).body ?? null),
  ].join('\n');
}

function expectNoSecret(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) expect(text.includes(secret), `a secret appeared: ${secret.slice(0, 4)}...`).toBe(false);
}

const clocks: VirtualClock[] = [];
afterEach(() => {
  for (const clock of clocks.splice(0)) clock.stop();
});

/** A client over the fetch stub, with a debug logger and a `response` listener that keep what they get. */
function setup(handler: (request: SeenRequest, index: number) => StubReply, options: Partial<ClientOptions> = {}) {
  const clock = createVirtualClock({ auto: true });
  clocks.push(clock);
  const lines: string[] = [];
  const write = (level: string) => (line: string) => lines.push(`${level} ${line}`);
  const logger: PlatformLogger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
  const stub = stubFetch(clock, handler);
  const client = createClient({ clientId: 'cid', clientSecret, token, baseUrl: 'https://api.test/helix', authUrl: 'https://id.test/oauth2', fetch: stub.fetch, clock, logger: createLogger(logger, { level: 'debug' }), ...options });
  const events: ResponseEvent[] = [];
  client.on('response', (event) => events.push(event));
  /** The log lines and events, as text. */
  const told = () => [...lines, ...events.map((event) => inspect(event, { depth: Infinity, showHidden: true }))].join('\n');
  return { client, lines, events, told, stub };
}

describe('a Helix 4xx that echoes the bearer', () => {
  it('holds no token in its message, label, body, inspect, events or log lines (the token option and a per-call token)', async () => {
    const echo = (request: SeenRequest): StubReply => {
      const bearer = request.headers.get('authorization')!.slice('Bearer '.length);
      return {
        status: 400,
        // The token in the message, the label, a nested field, and escaped in the JSON.
        body: `{"error":"bad ${bearer}","status":400,"message":"invalid token ${bearer}","details":[{"token":"${bearer}","escaped":"${[...bearer].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}]}`,
        headers: { 'Content-Type': 'application/json' },
      };
    };
    const { client, lines, told } = setup(echo);
    for (const options of [undefined, { token: callToken }]) {
      const error = await client.request({ method: 'GET', path: '/users' }, options).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(PlatformApiError);
      expect((error as PlatformApiError).message).toBe('invalid token [redacted] (400 on GET /users)');
      expect((error as PlatformApiError).error).toBe('bad [redacted]');
      expect((error as PlatformApiError).body).toEqual({ error: 'bad [redacted]', status: 400, message: 'invalid token [redacted]', details: [{ token: '[redacted]', escaped: '[redacted]' }] });
      expectNoSecret(shown(error), [token, callToken, clientSecret]);
    }
    expect(lines).toEqual([
      expect.stringMatching(/^debug GET \/users attempt 1: 400, \d+ ms, throw PlatformApiError: invalid token \[redacted\] \(400 on GET \/users\)$/),
      expect.stringMatching(/^debug GET \/users attempt 1: 400, \d+ ms, throw PlatformApiError: invalid token \[redacted\] \(400 on GET \/users\)$/),
    ]);
    expectNoSecret(told(), [token, callToken, clientSecret]);
  });

  it('a text body, and a reason phrase, that quote the token', async () => {
    const { client } = setup((_, index) =>
      index === 0 ? { status: 401, body: `no access for ${token}` } : new Response(null, { status: 403, statusText: `Forbidden ${token}` }),
    );
    const text = await client.request({ method: 'GET', path: '/users' }).catch((failure: unknown) => failure);
    expect((text as PlatformApiError).message).toBe('no access for [redacted] (401 on GET /users)');
    expect((text as PlatformApiError).body).toBe('no access for [redacted]');
    const reason = await client.request({ method: 'GET', path: '/users' }).catch((failure: unknown) => failure);
    expect((reason as PlatformApiError).message).toBe('Forbidden [redacted] (403 on GET /users)');
    expect((reason as PlatformApiError).error).toBe('Forbidden [redacted]');
    expectNoSecret(shown(text) + shown(reason), [token]);
  });

  it("a 429 and a 5xx that quote it, after retries: the rate-limit error's message and body too", async () => {
    const { client, told } = setup((_, index) => (index < 2 ? { status: 503, body: { message: `down for ${token}` } } : { status: 429, body: { message: `slow down ${token}` }, headers: { 'Ratelimit-Remaining': '5' } }));
    const unavailable = await client.request({ method: 'GET', path: '/users' }, { retries: 1 }).catch((failure: unknown) => failure);
    expect((unavailable as Error).message).toBe('down for [redacted] (503 on GET /users)');
    const limited = await client.request({ method: 'GET', path: '/users' }, { retries: 0 }).catch((failure: unknown) => failure);
    expect((limited as Error).message).toBe('slow down [redacted] (429 on GET /users)');
    expectNoSecret(shown(unavailable) + shown(limited) + told(), [token]);
  });
});

describe('an OAuth server answer that echoes what the form carried', () => {
  it('redacts the client secret, the refresh token, the code and the device code, in the message and the body', async () => {
    const refreshToken = 'the-refresh-token-1234567890';
    const code = 'the-authorization-code-42';
    const deviceCode = 'the-device-code-4242424242';
    const { client, told } = setup((request) => ({ status: 400, body: { status: 400, message: `refused ${request.body}` } }));
    const core = clientCore(client);
    const forms = [
      { client_id: 'cid', client_secret: clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken },
      { client_id: 'cid', client_secret: 'another-secret-than-the-clients', grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' },
      { client_id: 'cid', grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode },
      { client_id: 'cid', token: 'a-token-to-revoke-0123456789' },
    ];
    const messages: string[] = [];
    for (const form of forms) {
      const error = await authServerRequest(core, { method: 'POST', path: 'token', form }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(PlatformApiError);
      messages.push((error as Error).message);
      expectNoSecret(shown(error), [clientSecret, refreshToken, code, deviceCode, 'another-secret-than-the-clients', 'a-token-to-revoke-0123456789']);
    }
    expect(messages).toEqual([
      'refused client_id=cid&client_secret=[redacted]&grant_type=refresh_token&refresh_token=[redacted]',
      'refused client_id=cid&client_secret=[redacted]&grant_type=authorization_code&code=[redacted]&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback',
      'refused client_id=cid&grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=[redacted]',
      'refused client_id=cid&token=[redacted]',
    ]);
    expectNoSecret(told(), [clientSecret, refreshToken, code, deviceCode]);
  });

  it('redacts the token a validation carried in Authorization (OAuth <token>)', async () => {
    const validated = 'token-being-validated-123456';
    const { client } = setup(() => ({ status: 401, body: { status: 401, message: `invalid access token ${validated}` } }));
    const error = await authServerRequest(clientCore(client), { method: 'GET', path: 'validate', authorization: `OAuth ${validated}` }).catch((failure: unknown) => failure);
    expect((error as Error).message).toBe('invalid access token [redacted]');
    expectNoSecret(shown(error), [validated]);
  });
});

describe('the tokens an authenticator holds', () => {
  /** An authenticator that sends `sent` and also holds `held` (another user's tokens). */
  function holding(sent: string, held: string[]) {
    const asked = { secrets: 0 };
    const authenticator: Authenticator = {
      credential: () => ({ kind: 'user', accessToken: sent, bucket: 'user:1', userId: '1' }),
      secrets: () => {
        asked.secrets++;
        return held;
      },
    };
    return { authenticator, asked };
  }

  it('are redacted from an answer to a call they were not sent with, and from any log line', async () => {
    const held = ['other-users-access-token-111', 'other-users-refresh-token-222'];
    const { authenticator } = holding('sent-user-token-000000000', held);
    const { client, lines, told } = setup(() => ({ status: 404, body: { message: `no user for ${held.join(' or ')}` } }), { authenticator: () => authenticator });
    const error = await client.request({ method: 'GET', path: '/users' }).catch((failure: unknown) => failure);
    expect((error as Error).message).toBe('no user for [redacted] or [redacted] (404 on GET /users)');
    clientCore(client).log!('info', `a line that quotes ${held[1]!}`);
    expect(lines.at(-1)).toBe('info a line that quotes [redacted]');
    expectNoSecret(shown(error) + told(), held);
  });

  it('are not asked for while nothing is logged and nothing fails: no work per call', async () => {
    const { authenticator, asked } = holding('sent-user-token-000000000', ['held-token-0000000000']);
    // No logger: a success asks nothing.
    const quiet = setup(() => ({ body: { data: [] } }), { authenticator: () => authenticator, logger: undefined });
    await quiet.client.request({ method: 'GET', path: '/users' });
    expect(asked.secrets).toBe(0);
    // A logger at info: the debug line of a success is dropped before anything is gathered.
    const info = setup(() => ({ body: { data: [] } }), { authenticator: () => authenticator, logger: createLogger({ debug() {}, info() {}, warn() {}, error() {} }, { level: 'info' }) });
    await info.client.request({ method: 'GET', path: '/users' });
    expect(asked.secrets).toBe(0);
    // An error is the moment: asked once for it.
    const failing = setup(() => ({ status: 400, body: { message: 'bad' } }), { authenticator: () => authenticator, logger: undefined });
    await failing.client.request({ method: 'GET', path: '/users' }).catch(() => undefined);
    expect(asked.secrets).toBe(1);
  });
});

describe('a network failure whose text quotes a header value', () => {
  it("redacts the token from the message and keeps no cause that holds it (undici's words, say)", async () => {
    const { client, told } = setup(() => networkFailure(`invalid header "Bearer ${token}"`));
    const error = await client.request({ method: 'POST', path: '/users' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformNetworkError);
    expect((error as Error).message).toBe('POST /users could not reach the platform: invalid header "Bearer [redacted]"');
    expect(((error as Error).cause as Error).message).toBe('invalid header "Bearer [redacted]"');
    expectNoSecret(shown(error) + told(), [token]);
  });

  it('keeps the runtime error as the cause when its words hold no token', async () => {
    const failure = networkFailure();
    const { client } = setup(() => failure);
    const error = await client.request({ method: 'POST', path: '/users' }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('POST /users could not reach the platform: connect ECONNREFUSED 127.0.0.1:1');
    expect((error as Error).cause).toBe(failure);
  });
});

describe.each(transports)('over %s, a token with a line break', (_name, fetch) => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  /** A loopback server that counts the requests it receives. */
  async function serve() {
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, seen };
  }

  const broken = ['secret-part-one\r\nX-Injected: secret-part-two', 'secret-part-one\nsecret-part-two', 'secret-part-one\0secret-part-two', 'secret-part-one\tsecret-part-two'];

  it.each(broken)('%j is refused before anything is sent, with an error that quotes no part of it (a call, its retries, a validation)', async (bad) => {
    const { origin, seen } = await serve();
    const lines: string[] = [];
    const logger: PlatformLogger = { debug: (line) => lines.push(line), info: (line) => lines.push(line), warn: (line) => lines.push(line), error: (line) => lines.push(line) };
    const client = createClient({ clientId: 'the-client', token: bad, baseUrl: `${origin}/helix`, authUrl: `${origin}/oauth2`, fetch, logger: createLogger(logger, { level: 'debug' }) });
    const errors = [
      await client.request({ method: 'GET', path: '/a' }).catch((failure: unknown) => failure),
      await client.request({ method: 'GET', path: '/a' }, { token: `another-${bad}` }).catch((failure: unknown) => failure),
      await authServerRequest(clientCore(client), { method: 'GET', path: 'validate', authorization: `OAuth ${bad}`, retry: true }).catch((failure: unknown) => failure),
    ];
    const labels = ['GET /a', 'GET /a', 'GET /oauth2/validate'];
    errors.forEach((error, index) => {
      expect(error).toBeInstanceOf(PlatformAuthError);
      expect((error as Error).message).toBe(`${labels[index]!} was not sent: its token holds a line break or another character that an HTTP header cannot carry.`);
      expect((error as Error).cause).toBeUndefined();
      expectNoSecret(shown(error), ['secret-part-one', 'secret-part-two', 'X-Injected']);
    });
    // Not retried (a GET after a network failure would be): one line per request, none quoting it.
    expect(lines).toHaveLength(3);
    expectNoSecret(lines.join('\n'), ['secret-part-one', 'secret-part-two', 'X-Injected']);
    expect(seen).toEqual([]);
  });
});
