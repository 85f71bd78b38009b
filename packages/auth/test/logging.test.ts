import { callOperation, createLogger, type PlatformLogger } from '@platform/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, userNoScope } from './helpers';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the auth log', () => {
  it('tells about refreshes and removals at info, without the tokens', async () => {
    const lines: string[] = [];
    const write = (level: string) => (line: string) => lines.push(`${level} ${line}`);
    const logger: PlatformLogger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
    const context = await setup({ client: { logger: createLogger(logger) } });
    close = () => context.mock.close();
    const token = await context.register('11', undefined, { expiresAt: Date.now() - 1 });
    await callOperation(context.client.as('11'), userNoScope, {});
    await context.auth.removeUser('11');
    // The default level, info: no line per attempt.
    expect(lines).toEqual(['info Refreshed the token of user 11', 'info Removed user 11']);
    const issued = [...context.mock.state.tokens.values()].flatMap((issuedToken) => [issuedToken.accessToken, issuedToken.refreshToken ?? []].flat());
    const text = lines.join('\n');
    for (const secret of [token.accessToken, token.refreshToken!, ...issued]) expect(text).not.toContain(secret);
  });
});
