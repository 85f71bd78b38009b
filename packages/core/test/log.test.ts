import { afterEach, describe, expect, it } from 'vitest';
import { consoleLogger, createClient, createLogger, pinoLogger, PlatformError, type LogLevel, type PlatformLogger } from '../src/index';
import { clientCore, redact } from '../src/internal/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { limitHeaders, stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

describe('redact()', () => {
  const token = 'k3vqzsh1ffmgxbwbsbz0d7asvzqxun';
  it.each([
    [`Authorization: Bearer ${token}`, 'Authorization: Bearer [redacted]'],
    [`Authorization: bearer ${token}`, 'Authorization: bearer [redacted]'],
    [`Authorization: OAuth ${token}`, 'Authorization: OAuth [redacted]'],
    ['refresh_token=abc&client_secret=xyz&grant_type=refresh_token', 'refresh_token=[redacted]&client_secret=[redacted]&grant_type=refresh_token'],
    ['client_id=cid&code=4a6ca&redirect_uri=http://x', 'client_id=cid&code=[redacted]&redirect_uri=http://x'],
    ['device_code=dc-1&scopes=chat', 'device_code=[redacted]&scopes=chat'],
    ['POST /oauth2/revoke token=tok-1', 'POST /oauth2/revoke token=[redacted]'],
    ['/callback?code=abc123&state=s', '/callback?code=[redacted]&state=s'],
    ['{"access_token":"at-1","refresh_token":"rt-1","expires_in":10}', '{"access_token":"[redacted]","refresh_token":"[redacted]","expires_in":10}'],
    ['{ "client_secret": "s3cr3t", "id_token": "x.y" }', '{ "client_secret": "[redacted]", "id_token": "[redacted]" }'],
    ["{ secret: 'webhook-secret' }", "{ secret: '[redacted]' }"],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoiMSJ9.c2lnbmF0dXJl here', 'jwt [redacted] here'],
  ])('%s', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    'The OAuth server answered 500 on POST /oauth2/token',
    'a Bearer token is sent with every call',
    'GET /chat/chatters (chat.chatters) attempt 1: 200 in 12 ms',
    'The token of user 42 was refreshed',
    'error_code=5 status_code=404',
  ])('leaves words alone: %s', (text) => {
    expect(redact(text)).toBe(text);
  });
});

let clock: VirtualClock;
afterEach(() => clock?.stop());

function setup(handler: (request: SeenRequest, index: number) => StubReply, options: { logLevel?: LogLevel; clientSecret?: string; token?: string } = {}) {
  clock = createVirtualClock({ auto: true, random: () => 0.5 });
  const lines: [LogLevel, string][] = [];
  const logger: PlatformLogger = {
    debug: (line) => lines.push(['debug', line]),
    info: (line) => lines.push(['info', line]),
    warn: (line) => lines.push(['warn', line]),
    error: (line) => lines.push(['error', line]),
  };
  const stub = stubFetch(clock, handler);
  const { authenticator } = testAuthenticator(async (credential) => ({ ...credential, accessToken: 'renewed-token' }));
  const client = createClient({
    clientId: 'cid',
    token: options.token ?? 'raw-token',
    baseUrl: 'https://api.test/helix',
    fetch: stub.fetch,
    clock,
    logger: createLogger(logger, { level: options.logLevel }),
    authenticator: () => authenticator,
    clientSecret: options.clientSecret,
  });
  return { client, lines };
}

describe('the logger option, with createLogger()', () => {
  it('logs each attempt at debug, a retry at warn, a renewal at info', async () => {
    const { client, lines } = setup((request, index) => (index === 0 ? { status: 503 } : request.headers.get('authorization') === 'Bearer user-token-7' ? { status: 401 } : { body: {} }), {
      logLevel: 'debug',
    });
    await client.request({ method: 'GET', path: '/things' });
    await client.request({ method: 'GET', path: '/things' }, { as: '7' });
    expect(lines).toEqual([
      ['warn', 'GET /things attempt 1: 503, 0 ms, retry in 188 ms'],
      ['debug', 'GET /things attempt 2: 200, 0 ms, return'],
      ['info', 'GET /things attempt 1: 401, 0 ms, renew'],
      ['debug', 'GET /things attempt 2: 200, 0 ms, return'],
    ]);
  });

  it('logs a 429 wait and a bucket wait at warn, and a failure with its error', async () => {
    const { client, lines } = setup((_, index) =>
      index === 0 ? { status: 429, headers: limitHeaders(800, 0, clock.now() + 3000) } : index === 1 ? { body: {}, headers: limitHeaders(800, 0, clock.now() + 2000) } : { status: 404, body: { message: 'Not found' } },
    );
    await client.request({ method: 'GET', path: '/things' });
    await client.request({ method: 'GET', path: '/things' }).catch(() => undefined);
    expect(lines).toEqual([
      ['warn', 'Waiting 3000 ms for the rate limit of app'],
      ['warn', 'Waiting 2000 ms for the rate limit of app'],
    ]);
  });

  it('drops lines below the level (info by default)', async () => {
    const { client, lines } = setup(() => ({ status: 404, body: { message: 'Not found' } }), { logLevel: 'debug' });
    await client.request({ method: 'GET', path: '/things' }).catch(() => undefined);
    expect(lines).toEqual([['debug', 'GET /things attempt 1: 404, 0 ms, throw PlatformApiError: Not found (404 on GET /things)']]);
    const quiet = setup(() => ({ status: 404, body: { message: 'Not found' } }));
    await quiet.client.request({ method: 'GET', path: '/things' }).catch(() => undefined);
    expect(quiet.lines).toEqual([]);
    const errorsOnly = setup(() => ({ status: 503 }), { logLevel: 'error' });
    await errorsOnly.client.request({ method: 'GET', path: '/things' }, { retries: 1 }).catch(() => undefined);
    expect(errorsOnly.lines).toEqual([]);
  });

  it('redacts every line, with the client secret and the raw token of the client', () => {
    const { client, lines } = setup(() => ({ body: {} }), { clientSecret: 'plain-secret', token: 'plainrawtoken', logLevel: 'debug' });
    const log = clientCore(client).log!;
    log('error', 'sent plain-secret and plainrawtoken with Authorization: Bearer abcdef0123456789 and refresh_token=r1');
    log('debug', 'code=xyz');
    expect(lines).toEqual([
      ['error', 'sent [redacted] and [redacted] with Authorization: Bearer [redacted] and refresh_token=[redacted]'],
      ['debug', 'code=[redacted]'],
    ]);
  });

  it('is undefined without a logger, and checked with the other options', () => {
    const fetch = async () => new Response('{}');
    expect(clientCore(createClient({ clientId: 'cid', fetch })).log).toBeUndefined();
    expect(clientCore(createClient({ clientId: 'cid', fetch })).attempts).toBeUndefined();
    // The form of earlier releases (a logger object and logLevel) is refused, naming what to use.
    expect(() => createClient({ clientId: 'cid', fetch, logger: console as never })).toThrow(
      new PlatformError('The logger option must be made by consoleLogger(), pinoLogger() or createLogger(); got an object.'),
    );
    expect(() => createClient({ clientId: 'cid', fetch, logger: consoleLogger(), logLevel: 'debug' } as never)).toThrow(
      new PlatformError('The logLevel option is gone: pass the level to the logger, as in consoleLogger({ level }).'),
    );
    expect(() => createLogger({ info: () => {} } as never)).toThrow(new PlatformError('createLogger() needs a logger (debug, info, warn and error methods); got an object.'));
    expect(() => pinoLogger(undefined as never)).toThrow(new PlatformError('pinoLogger() needs a logger (debug, info, warn and error methods); got undefined.'));
    expect(() => consoleLogger({ level: 'verbose' as never })).toThrow(
      new PlatformError(`The level option of a logger must be 'debug', 'info', 'warn' or 'error'; got "verbose".`),
    );
    expect(() => createClient({ clientId: 'cid', fetch, logger: consoleLogger({ level: 'warn' }) })).not.toThrow();
  });

  it('serves several clients, each with its own secrets', () => {
    const lines: string[] = [];
    const logger = createLogger({ debug: () => {}, info: (line) => lines.push(line), warn: () => {}, error: () => {} });
    const fetch = async () => new Response('{}');
    const first = createClient({ clientId: 'cid', fetch, token: 'first-client-token', logger });
    const second = createClient({ clientId: 'cid', fetch, token: 'second-client-token', logger });
    clientCore(first).log!('info', 'first-client-token second-client-token');
    clientCore(second).log!('info', 'first-client-token second-client-token');
    expect(lines).toEqual(['[redacted] second-client-token', 'first-client-token [redacted]']);
  });
});

describe('consoleLogger()', () => {
  it('writes to the console method of each level, from its level on', async () => {
    const written: [string, unknown[]][] = [];
    const methods = ['debug', 'info', 'warn', 'error'] as const;
    const originals = methods.map((method) => console[method]);
    for (const method of methods) console[method] = (...args: unknown[]) => written.push([method, args]);
    try {
      const fetch = async () => new Response('{}');
      const client = createClient({ clientId: 'cid', fetch, token: 'raw-token-123', logger: consoleLogger({ level: 'debug' }) });
      await client.request({ method: 'GET', path: '/things' });
      clientCore(client).log!('error', 'the token raw-token-123');
      const quiet = createClient({ clientId: 'cid', fetch, logger: consoleLogger() });
      clientCore(quiet).log!('debug', 'dropped');
      clientCore(quiet).log!('info', 'kept');
    } finally {
      methods.forEach((method, index) => (console[method] = originals[index]!));
    }
    expect(written).toEqual([
      ['debug', [expect.stringMatching(/^GET \/things attempt 1: 200, \d+ ms, return$/)]],
      ['error', ['the token [redacted]']],
      ['info', ['kept']],
    ]);
  });
});

describe('pinoLogger()', () => {
  /** What pino offers the adapter: the four methods (called on the logger) and isLevelEnabled. */
  function fakePino(level: LogLevel) {
    const lines: string[] = [];
    const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
    const pino = {
      level,
      isLevelEnabled(this: { level: LogLevel }, asked: string) {
        return order.indexOf(asked as LogLevel) >= order.indexOf(this.level);
      },
      // Methods that need their `this`, as pino's do.
      debug(this: { lines: string[] }, line: string) {
        this.lines.push(`debug ${line}`);
      },
      info(this: { lines: string[] }, line: string) {
        this.lines.push(`info ${line}`);
      },
      warn(this: { lines: string[] }, line: string) {
        this.lines.push(`warn ${line}`);
      },
      error(this: { lines: string[] }, line: string) {
        this.lines.push(`error ${line}`);
      },
      lines,
    };
    return pino;
  }

  it("follows pino's own level, read at each line, and calls its methods on it", () => {
    const pino = fakePino('info');
    const client = createClient({ clientId: 'cid', fetch: async () => new Response('{}'), token: 'raw-token-123', logger: pinoLogger(pino) });
    const log = clientCore(client).log!;
    log('debug', 'not yet');
    log('info', 'with raw-token-123');
    pino.level = 'debug';
    log('debug', 'now');
    expect(pino.lines).toEqual(['info with [redacted]', 'debug now']);
  });

  it('drops the lines below its own level option first', () => {
    const pino = fakePino('debug');
    const log = clientCore(createClient({ clientId: 'cid', fetch: async () => new Response('{}'), logger: pinoLogger(pino, { level: 'warn' }) })).log!;
    log('info', 'dropped');
    log('warn', 'kept');
    expect(pino.lines).toEqual(['warn kept']);
  });
});
