import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authOf, platformAuth, type AuthApi, type TokenStore, type UserToken } from '@platform/auth';
import { createClient, PlatformApiError, type PlatformClient } from '@platform/core';

/** Options of `createSigninServer()`. */
export interface SigninServerOptions {
  /** The application's client ID. */
  clientId: string;
  /** The application's client secret: sent to the platform in the body of the code exchange, nowhere else. */
  clientSecret: string;
  /** The platform's API address (the default is the real platform). */
  baseUrl?: string | undefined;
  /** The platform's OAuth server (the default is the real platform). */
  authUrl?: string | undefined;
  /** The scopes asked of every user who signs in. */
  scopes: readonly string[];
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number | undefined;
  /** The path the platform redirects back to. Default `/callback`. */
  redirectPath?: string | undefined;
  /** Where the signed-in users' tokens are kept. Default: in memory. */
  tokens?: TokenStore | undefined;
  /** How long a sign-in may take between /login and the callback, in ms. Default 10 minutes. */
  signinTimeoutMs?: number | undefined;
  /** How long a browser stays signed in, in ms. Default 8 hours. */
  sessionTimeoutMs?: number | undefined;
  /** Where failures are reported (never with a token or the secret). Default `console.error`. */
  log?: ((line: string) => void) | undefined;
}

/** A running sign-in server. */
export interface SigninServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The address to register at the platform, character for character: `http://127.0.0.1:<port>/callback`. */
  readonly redirectUri: string;
  /** The client the users are registered with: make API calls with `{ as: userId }`. */
  readonly client: PlatformClient;
  /** `client.auth` of that client. */
  readonly auth: AuthApi;
  /** Stops the server and closes every connection. */
  close(): Promise<void>;
}

/** The cookie naming the browser's sign-in in progress (its value is a random id, never the state). */
export const flowCookie = 'signin_flow';
/** The cookie naming the browser's session once signed in. */
export const sessionCookie = 'signin_session';

/** At most this many sign-ins in progress and sessions are kept; the oldest go first. */
const maxEntries = 10_000;

interface PendingSignin {
  state: string;
  expiresAt: number;
}

interface Session {
  userId: string;
  expiresAt: number;
}

/**
 * Starts a web server on 127.0.0.1 that signs users in with the platform's authorization code
 * flow: `GET /` shows who is signed in, `GET /login` starts a sign-in, `GET /callback` finishes it,
 * `POST /logout` ends the browser's session.
 *
 * @example
 * const server = await createSigninServer({ clientId, clientSecret, scopes: ['user:read:chat'], port: 3000 });
 * // register server.redirectUri (http://127.0.0.1:3000/callback) for the application
 */
export async function createSigninServer(options: SigninServerOptions): Promise<SigninServer> {
  if (!options || typeof options.clientId !== 'string' || options.clientId === '') throw new Error('createSigninServer() needs the application\'s clientId.');
  if (typeof options.clientSecret !== 'string' || options.clientSecret === '') {
    throw new Error('createSigninServer() needs the application\'s clientSecret: the authorization code exchange sends it to the platform.');
  }
  const redirectPath = options.redirectPath ?? '/callback';
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(redirectPath) || redirectPath === '/' || redirectPath === '/login' || redirectPath === '/logout') {
    throw new Error(`The redirectPath must be a plain path of its own such as /callback; got ${JSON.stringify(redirectPath)}.`);
  }
  const scopes = [...options.scopes];
  const signinTimeout = options.signinTimeoutMs ?? 10 * 60_000;
  const sessionTimeout = options.sessionTimeoutMs ?? 8 * 3600_000;
  const log = options.log ?? ((line: string) => console.error(line));

  const client = createClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    baseUrl: options.baseUrl,
    authUrl: options.authUrl,
    authenticator: platformAuth({ tokens: options.tokens }),
  });
  const auth = authOf(client);

  /** Random flow id (the flow cookie's value) → the state of that browser's sign-in in progress. */
  const pending = new Map<string, PendingSignin>();
  /** Random session id (the session cookie's value) → the signed-in user. */
  const sessions = new Map<string, Session>();

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`signin-server: ${request.method} ${pathOf(request)} failed: ${describe(error)}`);
      if (!response.headersSent) sendPage(response, 500, 'Something went wrong', '<p>The server failed on this request. Try again.</p>');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const redirectUri = `${url}${redirectPath}`;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const address = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    const cookies = parseCookies(request.headers.cookie);
    const route = address.pathname;
    const known = route === '/' || route === '/login' || route === '/logout' || route === redirectPath;
    if (!known) {
      sendPage(response, 404, 'Not found', '<p>There is nothing here.</p><p><a href="/">Home</a></p>');
      return;
    }
    // The callback spends the state and /login makes one: GET alone, no HEAD from a prefetcher.
    const allowed = route === '/logout' ? 'POST' : route === '/' ? 'GET, HEAD' : 'GET';
    if (!allowed.split(', ').includes(method)) {
      sendPage(response, 405, 'Method not allowed', '<p>This address does not take that method.</p>', { Allow: allowed });
      return;
    }
    // Cookies belong to a host name: a sign-in started at localhost would come back to 127.0.0.1
    // without its cookie. Pages are served from the one origin the redirect address names.
    if ((route === '/' || route === '/login') && request.headers.host !== host) {
      redirect(response, `${url}${route}`);
      return;
    }
    if (route === '/') return home(response, cookies);
    if (route === '/login') return login(response, cookies);
    if (route === '/logout') return logout(request, response, cookies);
    return callback(response, address.searchParams, cookies);
  }

  async function home(response: ServerResponse, cookies: Map<string, string>): Promise<void> {
    const user = await signedInUser(cookies);
    if (!user) {
      const headers: Record<string, string> = cookies.has(sessionCookie) ? { 'Set-Cookie': clearCookie(sessionCookie) } : {};
      sendPage(response, 200, 'Not signed in', '<p>You are not signed in.</p><p><a href="/login">Sign in with the platform</a></p>', headers);
      return;
    }
    const scopeList = user.scopes.length === 0 ? '<p>No scopes were granted.</p>' : `<ul>${user.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>`;
    sendPage(
      response,
      200,
      'Signed in',
      `<p>Signed in as <strong>${escapeHtml(user.login ?? '(unknown login)')}</strong> (user ID ${escapeHtml(user.userId)}).</p>` +
        `<p>Granted scopes:</p>${scopeList}` +
        '<form method="post" action="/logout"><button type="submit">Sign out</button></form>',
    );
  }

  /** The user the browser's session names, if it is live and the user is still registered. */
  async function signedInUser(cookies: Map<string, string>): Promise<UserToken | undefined> {
    const id = cookies.get(sessionCookie);
    const session = id === undefined ? undefined : sessions.get(id);
    if (!id || !session) return undefined;
    if (session.expiresAt <= Date.now()) {
      sessions.delete(id);
      return undefined;
    }
    // The user may have been removed since (their authorization withdrawn): then nobody is signed in.
    const user = (await auth.users()).find((each) => each.userId === session.userId);
    if (!user) sessions.delete(id);
    return user;
  }

  function login(response: ServerResponse, cookies: Map<string, string>): void {
    // One sign-in in progress per browser: a new one replaces the last.
    const previous = cookies.get(flowCookie);
    if (previous !== undefined) pending.delete(previous);
    const flowId = randomId();
    // The library makes the state (32 bytes of the CSPRNG) and the address that carries it.
    const { url: location, state } = auth.authorizeRequest({ redirectUri, scopes });
    const maxAge = Math.max(1, Math.floor(signinTimeout / 1000));
    remember(pending, flowId, { state, expiresAt: Date.now() + signinTimeout });
    redirect(response, location, { 'Set-Cookie': cookie(flowCookie, flowId, maxAge) });
  }

  async function callback(response: ServerResponse, query: URLSearchParams, cookies: Map<string, string>): Promise<void> {
    const flowId = cookies.get(flowCookie);
    const flow = flowId === undefined ? undefined : pending.get(flowId);
    // A state is good for one callback, whatever comes of it.
    if (flowId !== undefined) pending.delete(flowId);
    const clearFlow = clearCookie(flowCookie);
    const state = query.get('state');
    if (!flow || flow.expiresAt <= Date.now() || state === null || !sameSecret(state, flow.state)) {
      const why = !flow
        ? 'No sign-in was started in this browser, or it was already used or has expired.'
        : 'The answer does not belong to the sign-in started in this browser (its <code>state</code> differs).';
      sendPage(
        response,
        400,
        'Sign-in refused',
        `<p>${why} Nothing was exchanged and nobody was signed in.</p><p><a href="/login">Start a new sign-in</a></p>`,
        { 'Set-Cookie': clearFlow },
      );
      return;
    }
    const error = query.get('error');
    if (error !== null) {
      const description = query.get('error_description');
      const denied = error === 'access_denied';
      sendPage(
        response,
        denied ? 403 : 400,
        denied ? 'Sign-in cancelled' : 'Sign-in failed',
        `<p>${denied ? 'The authorization was not granted, so nobody was signed in.' : 'The platform did not sign you in.'}</p>` +
          `<p>The platform said: <code>${escapeHtml(error)}</code>${description ? ` (${escapeHtml(description)})` : ''}</p>` +
          '<p><a href="/login">Try again</a></p>',
        { 'Set-Cookie': clearFlow },
      );
      return;
    }
    const code = query.get('code');
    if (!code) {
      sendPage(response, 400, 'Sign-in failed', '<p>The platform sent neither a code nor an error.</p><p><a href="/login">Try again</a></p>', { 'Set-Cookie': clearFlow });
      return;
    }
    let user: UserToken;
    try {
      // Checked above already (to refuse an error answer of a forged callback too); the library
      // checks again, once per state, before it sends the code.
      user = await auth.exchangeCode({ code, redirectUri, state, expectedState: flow.state });
    } catch (failure) {
      const status = failure instanceof PlatformApiError ? ` (status ${failure.status})` : '';
      log(`signin-server: the code exchange failed${status}: ${describe(failure)}`);
      const detail = failure instanceof PlatformApiError ? ` (status ${failure.status}: ${escapeHtml(failure.message)})` : '';
      sendPage(
        response,
        502,
        'Sign-in failed',
        `<p>The platform did not accept the authorization code${detail}. Nobody was signed in.</p><p><a href="/login">Try again</a></p>`,
        { 'Set-Cookie': clearFlow },
      );
      return;
    }
    // A fresh session id at each sign-in: an id the browser came with is never promoted.
    const previous = cookies.get(sessionCookie);
    if (previous !== undefined) sessions.delete(previous);
    const sessionId = randomId();
    remember(sessions, sessionId, { userId: user.userId, expiresAt: Date.now() + sessionTimeout });
    redirect(response, '/', { 'Set-Cookie': [clearFlow, cookie(sessionCookie, sessionId, Math.floor(sessionTimeout / 1000))] });
  }

  function logout(request: IncomingMessage, response: ServerResponse, cookies: Map<string, string>): void {
    // SameSite=Lax keeps the cookie off cross-site POSTs already; a foreign Origin is refused too.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== url) {
      sendPage(response, 403, 'Refused', '<p>Sign out from this site\'s own page.</p>');
      return;
    }
    const id = cookies.get(sessionCookie);
    if (id !== undefined) sessions.delete(id);
    redirect(response, '/', { 'Set-Cookie': clearCookie(sessionCookie) }, 303);
  }

  return {
    url,
    redirectUri,
    client,
    auth,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** 32 random bytes, base64url: a flow id or a session id. */
function randomId(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two secrets in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Adds an entry, first dropping expired ones (and then the oldest) when the map is full. */
function remember<T extends { expiresAt: number }>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= maxEntries) {
    const now = Date.now();
    for (const [each, entry] of map) if (entry.expiresAt <= now) map.delete(each);
    for (const each of map.keys()) {
      if (map.size < maxEntries) break;
      map.delete(each);
    }
  }
  map.set(key, value);
}

function cookie(name: string, value: string, maxAge: number): string {
  return `${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`;
}

function clearCookie(name: string): string {
  return cookie(name, '', 0);
}

/** The request's cookies; when a name comes twice, the first is kept. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/** Text made safe to put in HTML, in element content or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // The callback's address carries the code: never pass it on.
  'Referrer-Policy': 'no-referrer',
};

/** Sends a page; `title` is plain text, `body` is HTML whose variable parts the caller escaped. */
function sendPage(response: ServerResponse, status: number, title: string, body: string, headers: Record<string, string | string[]> = {}): void {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style></head>` +
    `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  response.writeHead(status, { ...pageHeaders, ...headers, 'Content-Length': Buffer.byteLength(html) });
  response.end(response.req.method === 'HEAD' ? undefined : html);
}

function redirect(response: ServerResponse, location: string, headers: Record<string, string | string[]> = {}, status = 302): void {
  response.writeHead(status, { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', ...headers, Location: location, 'Content-Length': 0 });
  response.end();
}

/** The path alone: the query of a callback carries the code, which is not logged. */
function pathOf(request: IncomingMessage): string {
  return (request.url ?? '/').split('?')[0]!;
}

/** An error as `Name: message`; core errors never carry a token or the secret in their message. */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
