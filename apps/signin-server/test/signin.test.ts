import { request as httpRequest } from 'node:http';
import { createMockPlatform, type MockClient, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSigninServer, flowCookie, sessionCookie, type SigninServer } from '../src/server';

const scopes = ['user:read:chat', 'moderator:read:chatters'];

interface Answer {
  status: number;
  location: string | undefined;
  setCookies: string[];
  text: string;
}

/** A browser: follows nothing by itself and keeps the cookies of each host. */
class Browser {
  readonly jar = new Map<string, Map<string, string>>();

  cookiesOf(url: string): Map<string, string> {
    const host = new URL(url).host;
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  async request(url: string, init: { method?: string; cookies?: Map<string, string>; headers?: Record<string, string> } = {}): Promise<Answer> {
    const cookies = init.cookies ?? this.cookiesOf(url);
    const headers: Record<string, string> = { ...init.headers };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { method: init.method ?? 'GET', redirect: 'manual', headers });
    const setCookies = response.headers.getSetCookie();
    const jar = this.cookiesOf(url);
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      if (/;\s*Max-Age=0(;|$)/i.test(line)) jar.delete(name);
      else jar.set(name, pair!.slice(at + 1));
    }
    return { status: response.status, location: response.headers.get('location') ?? undefined, setCookies, text: await response.text() };
  }
}

let mock: MockPlatform;
let server: SigninServer;
let app: MockClient;
let alice: MockUser;
let logs: string[];
const secret = 'the-very-secret-client-secret';

beforeEach(async () => {
  mock = await createMockPlatform();
  logs = [];
  server = await createSigninServer({ clientId: 'signin-app', clientSecret: secret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, scopes, log: (line) => logs.push(line) });
  // The redirect address is known once the server listens.
  app = mock.addClient({ clientId: 'signin-app', clientSecret: secret, redirectUris: [server.redirectUri] });
  alice = mock.addUser({ login: 'alice' });
  mock.oauth.consentUser = alice.id;
});

afterEach(async () => {
  await server.close();
  await mock.close();
});

const tokenRequests = () => mock.requests.filter((request) => request.method === 'POST' && request.path === '/oauth2/token');

/** GET /login: the authorize address and the state in it. */
async function startSignin(browser: Browser) {
  const answer = await browser.request(`${server.url}/login`);
  expect(answer.status).toBe(302);
  const authorize = new URL(answer.location!);
  return { answer, authorize, state: authorize.searchParams.get('state')! };
}

/** The consent page: the mock redirects at once, to the callback (with a code) or with an error. */
async function consent(browser: Browser, authorize: URL): Promise<URL> {
  const answer = await browser.request(authorize.toString());
  expect(answer.status).toBe(302);
  return new URL(answer.location!);
}

/** Everything a leaked log line could carry. */
function secretsOf(): string[] {
  const tokens = [...mock.state.tokens.values()].flatMap((token) => [token.accessToken, token.refreshToken ?? '']).filter(Boolean);
  return [secret, ...tokens];
}

function expectNobodySignedIn(page: string) {
  expect(page).toContain('href="/login"');
  expect(page).not.toContain('Signed in as');
}

describe('the authorization code flow', () => {
  it('signs a user in: /login, the consent page, /callback, then / shows the user', async () => {
    const browser = new Browser();
    const { answer, authorize, state } = await startSignin(browser);

    // The flow cookie names the sign-in; it is not the state itself.
    const flow = answer.setCookies.find((line) => line.startsWith(`${flowCookie}=`))!;
    expect(flow).toMatch(/; HttpOnly/);
    expect(flow).toMatch(/; SameSite=Lax/);
    expect(flow).toMatch(/; Path=\//);
    expect(flow).toMatch(/; Max-Age=600/);
    expect(browser.cookiesOf(server.url).get(flowCookie)).not.toBe(state);

    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${mock.authUrl}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(app.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${new URL(server.url).port}/callback`);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe(scopes.join(' '));
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(authorize.searchParams.has('client_secret')).toBe(false);

    const callback = await consent(browser, authorize);
    expect(`${callback.origin}${callback.pathname}`).toBe(server.redirectUri);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const done = await browser.request(callback.toString());
    expect(done.status).toBe(302);
    expect(done.location).toBe('/');
    expect(browser.cookiesOf(server.url).has(flowCookie)).toBe(false);
    const session = done.setCookies.find((line) => line.startsWith(`${sessionCookie}=`))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);

    const home = await browser.request(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.text).toContain('Signed in as <strong>alice</strong>');
    expect(home.text).toContain(`user ID ${alice.id}`);
    for (const scope of scopes) expect(home.text).toContain(`<code>${scope}</code>`);

    // Exchanged once; the secret and code travelled in the body, with the exact redirect address.
    const exchanges = tokenRequests();
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.query).toEqual({});
    expect(exchanges[0]!.body).toMatchObject({ grant_type: 'authorization_code', client_secret: secret, redirect_uri: server.redirectUri });
    expect((await server.auth.users()).map((user) => user.login)).toEqual(['alice']);

    // Another browser is not signed in by that.
    expectNobodySignedIn((await new Browser().request(`${server.url}/`)).text);
    for (const text of [...logs, home.text, done.text]) for (const hidden of secretsOf()) expect(text).not.toContain(hidden);
  });

  it('makes a new random state and flow id at each /login', async () => {
    const browser = new Browser();
    const first = await startSignin(browser);
    const firstFlow = browser.cookiesOf(server.url).get(flowCookie);
    const second = await startSignin(browser);
    expect(second.state).not.toBe(first.state);
    expect(browser.cookiesOf(server.url).get(flowCookie)).not.toBe(firstFlow);
    // The new sign-in replaces the last one of that browser.
    const stale = await consent(browser, first.authorize);
    expect((await browser.request(stale.toString())).status).toBe(400);
  });

  it('shows the signed-out page with a Sign in link', async () => {
    const home = await new Browser().request(`${server.url}/`);
    expect(home.status).toBe(200);
    expectNobodySignedIn(home.text);
    expect(home.text).toContain('Sign in');
  });
});

describe('forged and replayed callbacks', () => {
  it('refuses a callback whose state differs from the one of this browser, without exchanging the code', async () => {
    const browser = new Browser();
    const { authorize } = await startSignin(browser);
    const callback = await consent(browser, authorize);
    callback.searchParams.set('state', 'forged-state-value-forged-state-value-forge');

    const refused = await browser.request(callback.toString());
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Sign-in refused');
    expect(refused.text).toContain('state');
    expect(tokenRequests()).toHaveLength(0);
    expect(await server.auth.users()).toEqual([]);
    expectNobodySignedIn((await browser.request(`${server.url}/`)).text);
  });

  it('refuses a callback with no state', async () => {
    const browser = new Browser();
    const { authorize } = await startSignin(browser);
    const callback = await consent(browser, authorize);
    callback.searchParams.delete('state');
    expect((await browser.request(callback.toString())).status).toBe(400);
    expect(tokenRequests()).toHaveLength(0);
  });

  it("refuses the right state without the browser's cookie, or with another browser's cookie", async () => {
    const victim = new Browser();
    const attacker = new Browser();
    const { authorize } = await startSignin(victim);
    await startSignin(attacker);
    const callback = await consent(victim, authorize);

    const noCookie = await new Browser().request(callback.toString());
    expect(noCookie.status).toBe(400);
    expect(noCookie.text).toContain('No sign-in was started in this browser');
    const otherCookie = await attacker.request(callback.toString());
    expect(otherCookie.status).toBe(400);
    expect(tokenRequests()).toHaveLength(0);
    expect(await server.auth.users()).toEqual([]);
    expectNobodySignedIn((await attacker.request(`${server.url}/`)).text);

    // The browser that started the sign-in can still finish it.
    const done = await victim.request(callback.toString());
    expect(done.status).toBe(302);
    expect((await victim.request(`${server.url}/`)).text).toContain('Signed in as <strong>alice</strong>');
    expect(tokenRequests()).toHaveLength(1);
  });

  it('refuses a replayed callback (same code, state and cookie) the second time', async () => {
    const browser = new Browser();
    const { authorize } = await startSignin(browser);
    const callback = await consent(browser, authorize);
    const cookiesAtCallback = new Map(browser.cookiesOf(server.url));

    expect((await browser.request(callback.toString())).status).toBe(302);
    const replay = await browser.request(callback.toString(), { cookies: cookiesAtCallback });
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('already used');
    expect(tokenRequests()).toHaveLength(1);

    // The replay from another browser gets nothing either.
    const thief = new Browser();
    expect((await thief.request(callback.toString(), { cookies: cookiesAtCallback })).status).toBe(400);
    expectNobodySignedIn((await thief.request(`${server.url}/`)).text);
    expect(tokenRequests()).toHaveLength(1);
  });
});

describe('failures', () => {
  it('shows a clear page when the user refuses, and signs nobody in', async () => {
    mock.oauth.consentUser = undefined;
    const browser = new Browser();
    const { authorize, state } = await startSignin(browser);
    const callback = await consent(browser, authorize);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);

    const page = await browser.request(callback.toString());
    expect(page.status).toBe(403);
    expect(page.text).toContain('Sign-in cancelled');
    expect(page.text).toContain('access_denied');
    expect(page.text).toContain('The user denied you access');
    expect(tokenRequests()).toHaveLength(0);
    expect(await server.auth.users()).toEqual([]);
    expectNobodySignedIn((await browser.request(`${server.url}/`)).text);
  });

  it('escapes the error description it shows', async () => {
    const browser = new Browser();
    const { state } = await startSignin(browser);
    const callback = new URL(server.redirectUri);
    callback.searchParams.set('error', 'access_denied"><img src=x onerror=alert(1)>');
    callback.searchParams.set('error_description', '<script>alert("pwned")</script> & \'more\'');
    callback.searchParams.set('state', state);

    const page = await browser.request(callback.toString());
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img');
    expect(page.text).toContain('&#60;script&#62;alert(&#34;pwned&#34;)&#60;/script&#62; &#38; &#39;more&#39;');
    expect(page.text).toContain('access_denied&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
  });

  it('does not show the error of a callback whose state is forged', async () => {
    const browser = new Browser();
    await startSignin(browser);
    const callback = new URL(server.redirectUri);
    callback.searchParams.set('error', 'access_denied');
    callback.searchParams.set('error_description', 'Your account is locked: call 555-0100');
    callback.searchParams.set('state', 'forged');
    const page = await browser.request(callback.toString());
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('555-0100');
  });

  it('escapes the login it shows', async () => {
    const mallory = mock.addUser({ login: '<img src=x onerror=alert(1)>' });
    mock.oauth.consentUser = mallory.id;
    const browser = new Browser();
    const { authorize } = await startSignin(browser);
    await browser.request((await consent(browser, authorize)).toString());
    const home = await browser.request(`${server.url}/`);
    expect(home.text).toContain('Signed in as <strong>&#60;img src=x onerror=alert(1)&#62;</strong>');
    expect(home.text).not.toContain('<img');
  });

  it('shows a clear page when the platform refuses the code (wrong secret), without the secret', async () => {
    await server.close();
    const wrong = 'a-wrong-client-secret-value';
    server = await createSigninServer({ clientId: 'signin-app', clientSecret: wrong, baseUrl: mock.baseUrl, authUrl: mock.authUrl, scopes, log: (line) => logs.push(line) });
    app.redirectUris.push(server.redirectUri);
    const browser = new Browser();
    const { authorize } = await startSignin(browser);
    const page = await browser.request((await consent(browser, authorize)).toString());
    expect(page.status).toBe(502);
    expect(page.text).toContain('status 403');
    expect(tokenRequests()).toHaveLength(1);
    expect(await server.auth.users()).toEqual([]);
    expectNobodySignedIn((await browser.request(`${server.url}/`)).text);
    expect(logs.join('\n')).toContain('403');
    for (const text of [...logs, page.text]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(secret);
    }
  });
});

describe('the session', () => {
  async function signIn(browser: Browser) {
    const { authorize } = await startSignin(browser);
    await browser.request((await consent(browser, authorize)).toString());
  }

  it('ends with POST /logout, and a cross-site logout is refused', async () => {
    const browser = new Browser();
    await signIn(browser);
    const foreign = await browser.request(`${server.url}/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await browser.request(`${server.url}/`)).text).toContain('Signed in as');

    const out = await browser.request(`${server.url}/logout`, { method: 'POST', headers: { origin: server.url } });
    expect(out.status).toBe(303);
    expect(browser.cookiesOf(server.url).has(sessionCookie)).toBe(false);
    expectNobodySignedIn((await browser.request(`${server.url}/`)).text);
  });

  it('forgets a session whose user was removed from the client', async () => {
    const browser = new Browser();
    await signIn(browser);
    await server.auth.removeUser(alice.id);
    expectNobodySignedIn((await browser.request(`${server.url}/`)).text);
  });

  it('sends a visitor who came by another host name to the address the redirect names', async () => {
    const { port } = new URL(server.url);
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/login', headers: { host: `localhost:${port}` } }, (response) => {
        response.resume();
        resolve(response.headers.location);
      });
      request.on('error', reject);
      request.end();
    });
    expect(location).toBe(`${server.url}/login`);
  });
});
