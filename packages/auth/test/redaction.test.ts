/**
 * Issue 26, redaction: a server message that echoes a token (the refresh token of a registered
 * user, the bearer of a call, another registered user's token) reaches no error message, no
 * `cause`, no inspected error, no event and no log line.
 */
import { inspect } from 'node:util';
import { callOperation, createClient, createLogger, PlatformApiError, PlatformAuthError, type PlatformLogger } from '@platform/core';
import { createFetchStub } from '@platform/core/testing';
import { clientCore } from '@platform/core/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, platformAuth } from '../src/index';
import { setup, userNoScope } from './helpers';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A logger that keeps its lines as `<level> <line>`. */
function recordingLogger() {
  const lines: string[] = [];
  const write = (level: string) => (line: string) => lines.push(`${level} ${line}`);
  const logger: PlatformLogger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
  return { lines, logger };
}

/** Everything an error shows: its message, its cause's, and util.inspect at any depth (hidden properties too). */
function shown(error: unknown): string {
  const cause = (error as Error).cause as Error | undefined;
  return [
    (error as Error).message,
    String(error),
    cause?.message ?? '',
    inspect(error, { depth: Infinity }),
    inspect(error, { depth: Infinity, showHidden: true }),
    JSON.stringify((error as { body?: unknown }).body ?? null),
    JSON.stringify(cause && (cause as { body?: unknown }).body),
  ].join('\n');
}

/** Fails with the first 4 characters of a secret that `text` holds. */
function expectNoSecret(text: string, secrets: readonly string[]): void {
  for (const secret of secrets) expect(text.includes(secret), `a secret appeared: ${secret.slice(0, 4)}...`).toBe(false);
}

describe('a server message that echoes a token', () => {
  it("the token endpoint's 400 echoing a registered user's refresh token: not in the error, its cause, inspect, the events or the 5 log lines", async () => {
    const { lines, logger } = recordingLogger();
    const context = await setup({ client: { logger: createLogger(logger, { level: 'debug' }) } });
    close = () => context.mock.close();
    const events: unknown[] = [];
    context.client.on('tokenInvalid', (event) => events.push(event));
    context.client.on('response', (event) => events.push(event));
    const user = await context.register('11');
    const refreshToken = user.refreshToken!;
    // The call gets a 401, the token is found dead, and its refresh is refused with a message that quotes it.
    context.mock.expireToken(user.accessToken);
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 400, message: `invalid refresh token ${refreshToken}` } });

    const error = await callOperation(context.client.as('11'), userNoScope, {}).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('The platform rejected the refresh token of user 11: invalid refresh token [redacted]. The user has to authorize the app again.');
    const cause = (error as Error).cause as PlatformApiError;
    expect(cause).toBeInstanceOf(PlatformApiError);
    expect(cause.message).toBe('invalid refresh token [redacted]');
    expect(cause.body).toEqual({ status: 400, message: 'invalid refresh token [redacted]' });
    const secrets = [refreshToken, user.accessToken, context.app.clientSecret];
    expectNoSecret(shown(error), secrets);
    // The `response` events of the validations, the call and the refresh, and `tokenInvalid`.
    expect(events).toHaveLength(5);
    expectNoSecret(events.map((event) => inspect(event, { depth: Infinity, showHidden: true })).join('\n'), secrets);
    // Two of these five lines quoted the refresh token before.
    expect(lines).toEqual([
      expect.stringMatching(/^debug GET \/oauth2\/validate attempt 1: 200, \d+ ms, return$/),
      expect.stringMatching(/^info GET \/users \(test\.userNoScope\) attempt 1: 401, \d+ ms, renew$/),
      expect.stringMatching(/^debug GET \/oauth2\/validate attempt 1: 401, \d+ ms, throw PlatformApiError: /),
      expect.stringMatching(/^debug POST \/oauth2\/token attempt 1: 400, \d+ ms, throw PlatformApiError: invalid refresh token \[redacted\]$/),
      'warn Removed user 11: The platform rejected the refresh token of user 11: invalid refresh token [redacted]. The user has to authorize the app again.',
    ]);
    expectNoSecret(lines.join('\n'), secrets);
  });

  it("a Helix 4xx echoing the bearer of a registered user's call: not in the error, inspect or the log", async () => {
    const { lines, logger } = recordingLogger();
    const context = await setup({ client: { logger: createLogger(logger, { level: 'debug' }) } });
    close = () => context.mock.close();
    const user = await context.register('11');
    context.mock.fault({ route: 'GET /users', times: 1, fault: { kind: 'status', status: 403, message: `token ${user.accessToken} may not do this` } });

    const error = await callOperation(context.client.as('11'), userNoScope, {}).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as Error).message).toBe('token [redacted] may not do this (403 on GET /users)');
    expectNoSecret(shown(error), [user.accessToken, user.refreshToken!]);
    expectNoSecret(lines.join('\n'), [user.accessToken, user.refreshToken!]);
    expect(lines.at(-1)).toMatch(/^debug GET \/users \(test\.userNoScope\) attempt 1: 403, \d+ ms, throw PlatformApiError: token \[redacted\] may not do this \(403 on GET \/users\)$/);
  });

  it("another registered user's tokens and the app token are known too: in an answer to a call they were not sent with, and in any log line", async () => {
    const { lines, logger } = recordingLogger();
    const context = await setup({ client: { logger: createLogger(logger, { level: 'debug' }) } });
    close = () => context.mock.close();
    const alice = await context.register('11');
    const bob = await context.register('22');
    const app = await context.auth.appToken();
    const echoed = `leaked ${alice.accessToken} ${alice.refreshToken!} ${app.accessToken} ${context.app.clientSecret}`;
    context.mock.fault({ route: 'GET /users', times: 1, fault: { kind: 'status', status: 400, message: echoed } });

    const error = await callOperation(context.client.as('22'), userNoScope, {}).catch((failure: unknown) => failure);

    expect((error as Error).message).toBe('leaked [redacted] [redacted] [redacted] [redacted] (400 on GET /users)');
    const secrets = [alice.accessToken, alice.refreshToken!, bob.accessToken, bob.refreshToken!, app.accessToken, context.app.clientSecret];
    expectNoSecret(shown(error), secrets);
    // A line built by any package with a registered token in it.
    clientCore(context.client).log!('info', `made with ${bob.refreshToken!} and ${alice.accessToken}`);
    expect(lines.at(-1)).toBe('info made with [redacted] and [redacted]');
    expectNoSecret(lines.join('\n'), secrets);
    // A removed user's tokens are forgotten with the user (their calls are over).
    await context.auth.removeUser('22');
    expect([...(clientCore(context.client).authenticator.secrets?.() ?? [])]).not.toContain(bob.accessToken);
  });

  it('a refused code exchange echoing the code: not in the error', async () => {
    const context = await setup();
    close = () => context.mock.close();
    const code = 'echoed-authorization-code-1234';
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 400, message: `Invalid authorization code ${code}` } });
    const error = await context.auth.exchangeCode({ code, redirectUri: 'http://127.0.0.1:9/callback' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as Error).message).toBe('Invalid authorization code [redacted]');
    expectNoSecret(shown(error), [code, context.app.clientSecret]);
  });

  it("a validation answer whose client ID echoes the token being added: not in the error", async () => {
    const added = 'token-being-added-0123456789';
    const stub = createFetchStub((request) =>
      request.url.pathname.endsWith('/validate') ? { body: { client_id: `not ${added}`, user_id: '11', login: 'alice', scopes: [], expires_in: 3600 } } : { status: 500 },
    );
    const client = createClient({ clientId: 'app-1', clientSecret: 'very-secret-value', fetch: stub.fetch, authenticator: platformAuth() });
    const error = await authOf(client).addUser(added).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('This token was issued to another application (client ID not [redacted]), so it cannot be used with client ID app-1.');
    expectNoSecret(shown(error), [added]);
  });
});
