import { callOperation, consoleLogger, PlatformAuthError, systemClock, type Clock } from '@platform/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appOnly, eitherWithField, setup, userNoScope } from './helpers';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await close?.();
  close = undefined;
});

/** Everything an error says: message, name, fields and the whole cause chain. */
function said(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(current.name, current.message, String(current), JSON.stringify({ ...current }));
      current = current.cause;
    } else {
      parts.push(typeof current === 'string' ? current : (JSON.stringify(current) ?? typeof current));
      current = undefined;
    }
  }
  return parts.join('\n');
}

describe('no secret in any error message, event or log line', () => {
  it('scans the failures of every kind', async () => {
    // Every attempt is logged (debug) and told to request / response listeners: none may hold a secret.
    const context = await setup({ client: { logger: consoleLogger({ level: 'debug' }) } });
    close = () => context.mock.close();
    const logged: string[] = [];
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((arg) => said(arg)).join(' '));
      });
    }
    const events: string[] = [];
    context.client.on('tokenInvalid', (event) => events.push(said(event.error), event.userId));
    context.client.on('rateLimit', (event) => events.push(JSON.stringify(event)));
    context.client.on('request', (event) => events.push(JSON.stringify(event)));
    context.client.on('response', (event) => events.push(JSON.stringify(event), said(event.error)));
    const errors: string[] = [];
    const attempt = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        errors.push(said(error));
      }
    };

    // Users whose tokens fail in each way: refused refresh, dead token without refresh, scope.
    const refused = await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    context.mock.state.refreshTokens.get(refused.refreshToken!)!.used = true;
    await attempt(() => callOperation(context.client.as('11'), userNoScope, {}));
    const dead = await context.register('22', undefined, { refresh: false });
    context.mock.expireToken(dead.accessToken);
    await attempt(() => callOperation(context.client.as('22'), userNoScope, {}));
    const narrow = await context.register('33', ['chat:read']);
    await attempt(() => callOperation(context.client.as('33'), eitherWithField, {}));
    // Failures of the platform and the network, on the API and the OAuth server.
    context.mock.fault({ route: 'GET /users', times: 2, fault: { kind: 'status', status: 400, message: 'bad' } });
    await attempt(() => callOperation(context.client.as('33'), userNoScope, {}));
    await attempt(() => callOperation(context.client, appOnly, { id: '1' }, { token: narrow.accessToken }));
    context.mock.fault({ route: 'POST /oauth2/token', times: 3, fault: { kind: 'reset' } });
    await attempt(() => context.auth.refresh('33'));
    await attempt(() => context.auth.appToken());
    context.mock.fault({ route: 'POST /oauth2/token', times: 1, fault: { kind: 'status', status: 403, message: 'invalid client secret' } });
    await attempt(() => context.auth.exchangeCode({ code: 'some-code', redirectUri: 'http://127.0.0.1:9/callback' }));
    context.mock.fault({ route: 'GET /users', times: 5, fault: { kind: 'rate-limit', resetInMs: 10 } });
    await attempt(() => callOperation(context.client.as('33'), userNoScope, {}, { retries: 1 }));
    await attempt(() => context.auth.addUser('not-a-token'));
    await attempt(() => context.auth.revoke('not-a-token-either'));

    expect(errors.length).toBeGreaterThanOrEqual(10);
    expect(events.length).toBeGreaterThan(0);
    const secrets = [
      'very-secret-value',
      'some-code',
      ...[...context.mock.state.tokens.values()].flatMap((token) => [token.accessToken, token.refreshToken ?? []].flat()),
      ...[...context.mock.state.refreshTokens.keys()],
      refused.accessToken,
      refused.refreshToken!,
      dead.accessToken,
    ];
    // The log tells what happened, without the secrets.
    expect(logged).toEqual(expect.arrayContaining([expect.stringMatching(/^Removed user 11: The platform rejected the refresh token of user 11/), 'Removed user 22: The access token of user 22 is no longer valid and there is no refresh token to renew it. The user has to authorize the app again.']));
    expect(logged.some((line) => /^POST \/oauth2\/token attempt 1: PlatformNetworkError: .*, \d+ ms, retry in \d+ ms$/.test(line))).toBe(true);
    const text = [...errors, ...events, ...logged].join('\n');
    for (const secret of secrets) expect(text.includes(secret), `a secret appeared: ${secret.slice(0, 4)}...`).toBe(false);
  });
});

describe('device code expiry', () => {
  it('says the device code expired before the user approved', async () => {
    // Sleeps move this clock forward at once; attempt timeouts stay real.
    let offset = 0;
    const clock: Clock = {
      ...systemClock,
      now: () => Date.now() + offset,
      sleep: (ms) => {
        offset += ms;
        return new Promise((resolve) => setImmediate(resolve));
      },
    };
    const context = await setup({ client: { clock } });
    close = () => context.mock.close();
    const flow = await context.auth.deviceCode({ scopes: ['chat:read'] });
    const error = await flow.wait().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('The device code expired before the user approved the request.');
    expect(await context.auth.users()).toEqual([]);
  });
});
