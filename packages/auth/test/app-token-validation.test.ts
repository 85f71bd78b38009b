import { createClient, PlatformAuthError } from '@platform/core';
import { clientCore } from '@platform/core/internal';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { AppTokenSource } from '../src/app-token';
import { MemoryTokenStore } from '../src/index';
import { UserRegistry } from '../src/user-registry';
import { revoke, SharedValidation, tokenOwner } from '../src/validate-revoke';
import { steppingClock } from './helpers';

// The app token and the questions asked of the OAuth server about a token (its owner, whether it
// still lives, its revocation), each alone on a client of the mock platform.

let mock: MockPlatform | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start(options: { secret?: boolean } = {}) {
  mock = await createMockPlatform();
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'very-secret-value' });
  mock.addUser({ id: '11', login: 'alice' });
  const time = steppingClock();
  const client = createClient({
    clientId: app.clientId,
    clientSecret: options.secret === false ? undefined : app.clientSecret,
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    clock: time.clock,
  });
  const core = clientCore(client);
  const sent = (line: string) => mock!.requests.filter((request) => `${request.method} ${request.path}` === line).length;
  return { mock, app, core, time, sent };
}

describe('the app token', () => {
  it('is requested once for concurrent callers and kept until it expires within 60 s', async () => {
    const { core, time, sent } = await start();
    const source = new AppTokenSource(core);
    expect(source.accessToken).toBeUndefined();
    const [first, second] = await Promise.all([source.get(), source.get()]);
    expect(second).toEqual(first);
    expect(source.accessToken).toBe(first.accessToken);
    expect(sent('POST /oauth2/token')).toBe(1);
    // A copy: changing it changes nothing kept.
    const kept = first.accessToken;
    first.accessToken = 'changed';
    expect(source.accessToken).toBe(kept);
    expect((await source.get()).accessToken).toBe(kept);
    expect(sent('POST /oauth2/token')).toBe(1);
    time.advance(first.expiresAt! - time.clock.now() - 60_000);
    await source.get();
    expect(sent('POST /oauth2/token')).toBe(1);
    time.advance(1);
    const renewed = await source.get();
    expect(sent('POST /oauth2/token')).toBe(2);
    expect(renewed.accessToken).not.toBe(kept);
  });

  it('is dropped only when a 401 found that very token dead', async () => {
    const { core, sent } = await start();
    const source = new AppTokenSource(core);
    const kept = await source.get();
    source.drop('another-token');
    expect(source.accessToken).toBe(kept.accessToken);
    source.drop(kept.accessToken);
    expect(source.accessToken).toBeUndefined();
    await source.get();
    expect(sent('POST /oauth2/token')).toBe(2);
  });

  it('needs the clientSecret', async () => {
    const { core, sent } = await start({ secret: false });
    await expect(new AppTokenSource(core).get()).rejects.toThrow(new PlatformAuthError('A clientSecret is required to get an app access token.'));
    expect(sent('POST /oauth2/token')).toBe(0);
  });
});

describe('validation and revocation', () => {
  it('tokenOwner: the user, login, scopes and lifetime of a user token of this application', async () => {
    const { mock, app, core } = await start();
    const issued = mock.issueToken({ clientId: app.clientId, userId: '11', scopes: ['user:read:email'], expiresIn: 600 });
    const owner = await tokenOwner(core, issued.accessToken);
    expect(owner).toMatchObject({ userId: '11', login: 'alice', scopes: ['user:read:email'] });
    // What is left of the lifetime, in whole seconds.
    expect(owner.expiresIn).toBeGreaterThan(590);
    expect(owner.expiresIn).toBeLessThanOrEqual(600);
    const appToken = mock.issueToken({ clientId: app.clientId });
    await expect(tokenOwner(core, appToken.accessToken)).rejects.toThrow('This is an app access token, not a user access token.');
    const other = mock.addClient({ clientId: 'app-2', clientSecret: 'another-secret-value' });
    const foreign = mock.issueToken({ clientId: other.clientId, userId: '11' });
    await expect(tokenOwner(core, foreign.accessToken)).rejects.toThrow('This token was issued to another application (client ID app-2), so it cannot be used with client ID app-1.');
  });

  it('SharedValidation: concurrent questions about one token share one request; a dead token is not valid', async () => {
    const { mock, app, core, sent } = await start();
    const validation = new SharedValidation(core);
    const issued = mock.issueToken({ clientId: app.clientId, userId: '11' });
    expect(await Promise.all([validation.isValid(issued.accessToken), validation.isValid(issued.accessToken)])).toEqual([true, true]);
    expect(sent('GET /oauth2/validate')).toBe(1);
    mock.expireToken(issued.accessToken);
    expect(await validation.isValid(issued.accessToken)).toBe(false);
    expect(sent('GET /oauth2/validate')).toBe(2);
  });

  it('revoke: a registered user is revoked and forgotten; a raw token is revoked and nobody is forgotten', async () => {
    const { mock, app, core, sent } = await start();
    const users = new UserRegistry(core, new MemoryTokenStore(), () => undefined);
    const issued = mock.issueToken({ clientId: app.clientId, userId: '11', scopes: [] });
    await users.add(issued.accessToken);
    const raw = mock.issueToken({ clientId: app.clientId, userId: '11', scopes: [] });
    await revoke(core, users, raw.accessToken);
    expect(users.get('11')).toBeDefined();
    await revoke(core, users, '11');
    expect(users.get('11')).toBeUndefined();
    expect(sent('POST /oauth2/revoke')).toBe(2);
    const validation = new SharedValidation(core);
    expect(await validation.isValid(issued.accessToken)).toBe(false);
    expect(await validation.isValid(raw.accessToken)).toBe(false);
  });
});
