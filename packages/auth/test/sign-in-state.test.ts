import { PlatformAuthError, PlatformError } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { sameText } from '../src/secure-text';
import { setup } from './helpers';

const redirectUri = 'http://127.0.0.1:9/callback';

/** Goes through the mock's consent page (as user 22) and returns the callback's code and state. */
async function consent(url: string): Promise<{ code: string; state: string | null }> {
  const answer = await fetch(url, { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location')!);
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state') };
}

/** The code exchanges the mock received. */
const exchanges = (context: Awaited<ReturnType<typeof setup>>) => context.mock.requests.filter((request) => request.path === '/oauth2/token');

const refusal = (why: string) => `${why}, so the code was not exchanged. Start the sign-in again.`;

describe('authorizeRequest(): a state made for each sign-in', () => {
  it('makes a new 32-byte random state each time and puts it in the consent address; no request', async () => {
    const context = await setup();
    context.mock.oauth.consentUser = '22';
    const first = context.auth.authorizeRequest({ redirectUri, scopes: ['chat:read'], forceVerify: true });
    const second = context.auth.authorizeRequest({ redirectUri });
    expect(first.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.state).not.toBe(first.state);
    const url = new URL(first.url);
    expect(url.origin + url.pathname).toBe(`${context.mock.authUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'chat:read',
      state: first.state,
      force_verify: 'true',
    });
    // The platform documents no PKCE: nothing of it is sent.
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(context.mock.requests).toEqual([]);
    expect(() => context.auth.authorizeRequest({} as { redirectUri: string })).toThrow(
      new PlatformError('client.auth.authorizeRequest() needs a redirectUri registered for the application.'),
    );
  });

  it('the state comes back with the callback, and exchangeCode() checks it before sending the code', async () => {
    const context = await setup();
    context.mock.oauth.consentUser = '22';
    const sign = context.auth.authorizeRequest({ redirectUri, scopes: ['chat:read'] });
    const callback = await consent(sign.url);
    expect(callback.state).toBe(sign.state);
    const user = await context.auth.exchangeCode({ code: callback.code, redirectUri, state: callback.state, expectedState: sign.state });
    expect(user).toMatchObject({ userId: '22', login: 'bob' });
    expect(exchanges(context)).toHaveLength(1);
  });
});

describe('exchangeCode(): the state check', () => {
  it('refuses a callback whose state differs (a forged callback): nothing is sent, nobody registered', async () => {
    const context = await setup();
    context.mock.oauth.consentUser = '22';
    const victim = context.auth.authorizeRequest({ redirectUri });
    // The attacker's own sign-in, whose code and state are pushed into the victim's browser.
    const attacker = await consent(context.auth.authorizeRequest({ redirectUri }).url);
    const error = await context.auth.exchangeCode({ code: attacker.code, redirectUri, state: attacker.state, expectedState: victim.state }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe(refusal('The state of the callback differs from the one tied to this browser: the answer may be forged'));
    expect(exchanges(context)).toEqual([]);
    expect(await context.auth.users()).toEqual([]);
  });

  it('a state is good for one callback: checked once, whatever came of it, it is refused after', async () => {
    const context = await setup();
    context.mock.oauth.consentUser = '22';
    const sign = context.auth.authorizeRequest({ redirectUri });
    const first = await consent(sign.url);
    await context.auth.exchangeCode({ code: first.code, redirectUri, state: first.state, expectedState: sign.state });
    // A replayed callback, even with a fresh code and the right state.
    const again = await consent(sign.url);
    const replay = await context.auth.exchangeCode({ code: again.code, redirectUri, state: again.state, expectedState: sign.state }).catch((failure: unknown) => failure);
    expect(replay).toBeInstanceOf(PlatformAuthError);
    expect((replay as Error).message).toBe(refusal('This sign-in state was already used: a state is good for one callback'));
    expect(exchanges(context)).toHaveLength(1);

    // A mismatch spends the expected state too: that sign-in has to start again.
    const other = context.auth.authorizeRequest({ redirectUri });
    const callback = await consent(other.url);
    await expect(context.auth.exchangeCode({ code: callback.code, redirectUri, state: 'forged', expectedState: other.state })).rejects.toThrow('differs');
    await expect(context.auth.exchangeCode({ code: callback.code, redirectUri, state: callback.state, expectedState: other.state })).rejects.toThrow('already used');
    expect(exchanges(context)).toHaveLength(1);
  });

  it('refuses a callback without a state, and a state with nothing to compare it with', async () => {
    const context = await setup();
    context.mock.oauth.consentUser = '22';
    const sign = context.auth.authorizeRequest({ redirectUri });
    const callback = await consent(sign.url);
    await expect(context.auth.exchangeCode({ code: callback.code, redirectUri, state: null, expectedState: sign.state })).rejects.toThrow(
      new PlatformAuthError(refusal('The callback carries no state')),
    );
    for (const expectedState of [undefined, '']) {
      await expect(context.auth.exchangeCode({ code: callback.code, redirectUri, state: callback.state, expectedState })).rejects.toThrow(
        new PlatformAuthError(refusal('No sign-in state is tied to this browser (expectedState is missing)')),
      );
    }
    expect(exchanges(context)).toEqual([]);
  });

  it('without state and expectedState, exchanges as before (the caller checks the state)', async () => {
    const context = await setup();
    context.mock.oauth.consentUser = '22';
    const callback = await consent(context.auth.authorizeUrl({ redirectUri, state: 'checked-by-the-caller' }));
    await expect(context.auth.exchangeCode({ code: callback.code, redirectUri })).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it('compares every byte whatever the first difference, and the lengths', () => {
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('', '')).toBe(true);
    expect(sameText('xbc', 'abc')).toBe(false);
    expect(sameText('abx', 'abc')).toBe(false);
    expect(sameText('ab', 'abc')).toBe(false);
    expect(sameText('abc\u0000', 'abc')).toBe(false);
    expect(sameText('é', 'e\u0301')).toBe(false);
  });
});
