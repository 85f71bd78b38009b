import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index';

// The sign-in page a person clicks through in a browser (`platform-mock serve` turns it on): the
// authorization code and implicit flows, and the device flow's activation page.

let mock: MockPlatform;
const redirectUri = 'http://127.0.0.1:3000/callback';

beforeEach(async () => {
  mock = await createMockPlatform();
  mock.addClient({ clientId: 'web-app', clientSecret: 'web-secret', redirectUris: [redirectUri] });
  mock.oauth.signInPage = true;
});

afterEach(async () => {
  await mock.close();
});

const authorizeQuery = (responseType = 'code') =>
  new URLSearchParams({ client_id: 'web-app', redirect_uri: redirectUri, response_type: responseType, scope: 'user:read:chat user:write:chat', state: 'xyz' });

/** Posts the page's form as a browser does: the hidden fields it holds and the button pressed. */
async function submit(page: string, action: string, pressed: Record<string, string>): Promise<Response> {
  const fields = new URLSearchParams();
  for (const match of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields.set(unescape(match[1]!), unescape(match[2]!));
  for (const [name, value] of Object.entries(pressed)) fields.set(name, value);
  return fetch(`${mock.authUrl}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: fields, redirect: 'manual' });
}

const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('the sign-in page', () => {
  it('lists the users and the scopes; signing in as one redirects with a code that the token endpoint exchanges for their token', async () => {
    const streamer = mock.addUser({ login: 'pixelforge' });
    const page = await fetch(`${mock.authUrl}/authorize?${authorizeQuery()}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Sign in as pixelforge');
    expect(html).toContain('<li>user:write:chat</li>');

    const answer = await submit(html, 'authorize', { user_id: streamer.id });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;
    const token = await fetch(`${mock.authUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'web-app', client_secret: 'web-secret', code, grant_type: 'authorization_code', redirect_uri: redirectUri }),
    });
    const { access_token: accessToken, scope } = (await token.json()) as { access_token: string; scope: string[] };
    expect(scope).toEqual(['user:read:chat', 'user:write:chat']);
    const validated = (await (await fetch(`${mock.authUrl}/validate`, { headers: { Authorization: `OAuth ${accessToken}` } })).json()) as { user_id: string };
    expect(validated.user_id).toBe(streamer.id);
  });

  it('a login typed in makes a new user; the implicit flow puts the token in the fragment', async () => {
    const html = await (await fetch(`${mock.authUrl}/authorize?${authorizeQuery('token')}`)).text();
    const answer = await submit(html, 'authorize', { login: 'NewViewer' });
    const back = new URL(answer.headers.get('location')!);
    const fragment = new URLSearchParams(back.hash.slice(1));
    const token = mock.state.tokens.get(fragment.get('access_token')!);
    expect(mock.state.user(token!.userId!)?.login).toBe('newviewer');
  });

  it('Deny redirects with access_denied; with the page off, no consent user is access_denied at once', async () => {
    const html = await (await fetch(`${mock.authUrl}/authorize?${authorizeQuery()}`)).text();
    const denied = new URL((await submit(html, 'authorize', { deny: '1' })).headers.get('location')!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('xyz');

    mock.oauth.signInPage = false;
    const refused = await fetch(`${mock.authUrl}/authorize?${authorizeQuery()}`, { redirect: 'manual' });
    expect(refused.status).toBe(302);
    expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('a consent user set by a test still signs in at once, without the page', async () => {
    const viewer = mock.addUser({ login: 'quietfox' });
    mock.oauth.consentUser = viewer.id;
    const answer = await fetch(`${mock.authUrl}/authorize?${authorizeQuery()}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it('escapes what it writes: a display name or a state with markup stays text', async () => {
    mock.addUser({ login: 'mallory', display_name: '<script>alert(1)</script>' });
    const query = authorizeQuery();
    query.set('state', '"><script>x</script>');
    const html = await (await fetch(`${mock.authUrl}/authorize?${query}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The state comes back as it was sent.
    const back = new URL((await submit(html, 'authorize', { deny: '1' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('"><script>x</script>');
  });

  it('a form for an unregistered redirect address gets the error page, never a redirect', async () => {
    const user = mock.addUser({ login: 'pixelforge' });
    const answer = await fetch(`${mock.authUrl}/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'web-app', redirect_uri: 'https://elsewhere.example/cb', response_type: 'code', user_id: user.id }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });
});

describe('the activation page of the device flow', () => {
  it("points verification_uri at the mock; approving there lets the device's polling get a token", async () => {
    const user = mock.addUser({ login: 'pixelforge' });
    const device = (await (await fetch(`${mock.authUrl}/device`, { method: 'POST', body: new URLSearchParams({ client_id: 'web-app', scopes: 'user:read:chat' }) })).json()) as {
      device_code: string;
      user_code: string;
      verification_uri: string;
    };
    expect(device.verification_uri).toBe(`${mock.authUrl}/activate?device-code=${device.user_code}`);
    const poll = () =>
      fetch(`${mock.authUrl}/token`, { method: 'POST', body: new URLSearchParams({ client_id: 'web-app', device_code: device.device_code, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' }) });
    expect(((await (await poll()).json()) as { message: string }).message).toBe('authorization_pending');

    const html = await (await fetch(device.verification_uri)).text();
    expect(html).toContain(`value="${device.user_code}"`);
    const approved = await fetch(`${mock.authUrl}/activate`, { method: 'POST', body: new URLSearchParams({ user_code: device.user_code, user_id: user.id }) });
    expect(approved.status).toBe(200);
    const token = (await (await poll()).json()) as { access_token: string };
    expect(mock.state.tokens.get(token.access_token)?.userId).toBe(user.id);
  });

  it('an unknown code is an error page; Deny refuses the device', async () => {
    const unknown = await fetch(`${mock.authUrl}/activate`, { method: 'POST', body: new URLSearchParams({ user_code: 'NOPE1234', login: 'someone' }) });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('No device code with user code NOPE1234.');
    const device = (await (await fetch(`${mock.authUrl}/device`, { method: 'POST', body: new URLSearchParams({ client_id: 'web-app' }) })).json()) as { device_code: string; user_code: string };
    await fetch(`${mock.authUrl}/activate`, { method: 'POST', body: new URLSearchParams({ user_code: device.user_code, deny: '1' }) });
    const poll = await fetch(`${mock.authUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'web-app', device_code: device.device_code, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' }),
    });
    expect(((await poll.json()) as { message: string }).message).toBe('access_denied');
  });
});
