import { HttpError, Router, type MockRequest, type MockResponse } from './http';
import { randomToken, type MockState } from './state';

interface AuthorizationCode {
  code: string;
  clientId: string;
  userId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
}

/** An authorization request, checked: what the consent page approves or refuses. */
interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  responseType: 'code' | 'token';
  scopes: string[];
  state: string | undefined;
}

/** An HTML page, as the consent and activation pages answer. */
function page(status: number, body: string): MockResponse {
  return { status, body: `<!doctype html><meta charset="utf-8"><title>The platform (mock)</title>${body}`, headers: { 'Content-Type': 'text/html; charset=utf-8' } };
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML and its attributes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);
}

interface DeviceCode {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  /** Set once a user approves it through the control API. */
  userId: string | undefined;
  denied: boolean;
}

/** The sign-in side the control API steers: who approves at the consent page, and device codes. */
export class OAuthServer {
  /**
   * The OAuth server's routes, under `/oauth2`; the mock's HTTP server dispatches to them.
   * @internal
   */
  readonly router = new Router();
  readonly #codes = new Map<string, AuthorizationCode>();
  readonly #devices = new Map<string, DeviceCode>();
  /** The user who signs in at the consent page; undefined refuses (`access_denied`). */
  consentUser: string | undefined;

  constructor(
    private readonly state: MockState,
    private readonly now: () => number,
  ) {
    this.router
      .add('GET', '/authorize', (request) => this.#authorize(request))
      .add('POST', '/authorize', (request) => this.#signIn(request))
      .add('GET', '/activate', (request) => this.#activatePage(request))
      .add('POST', '/activate', (request) => this.#activate(request))
      .add('POST', '/token', (request) => this.#token(request))
      .add('POST', '/device', (request) => this.#device(request))
      .add('GET', '/validate', (request) => this.#validate(request))
      .add('POST', '/revoke', (request) => this.#revoke(request));
  }

  /** A user approves the device code whose user code is `userCode`. */
  approveDevice(userCode: string, userId: string): void {
    const device = [...this.#devices.values()].find((each) => each.userCode === userCode);
    if (!device) throw new Error(`No device code with user code ${userCode}.`);
    device.userId = userId;
  }

  /** A user refuses the device code whose user code is `userCode`. */
  denyDevice(userCode: string): void {
    const device = [...this.#devices.values()].find((each) => each.userCode === userCode);
    if (!device) throw new Error(`No device code with user code ${userCode}.`);
    device.denied = true;
  }

  #client(clientId: string | undefined) {
    const client = clientId ? this.state.clients.get(clientId) : undefined;
    if (!client) throw new HttpError(400, 'invalid client');
    return client;
  }

  /**
   * Whether a browser that reaches the consent page while no `consentUser` is set gets a sign-in
   * page to click through (a list of the registered users, a field for a new one, and Deny) instead
   * of `access_denied`; the device flow's `verification_uri` is then the mock's own activation page.
   * `platform-mock serve` turns it on; tests leave it off and steer `consentUser`.
   */
  signInPage = false;

  /** The authorization request's fields (from the query, or from the sign-in page's form), checked. */
  #authorizationRequest(fields: Record<string, string | undefined>): AuthorizationRequest | MockResponse {
    const client = this.state.clients.get(fields.client_id ?? '');
    const redirectUri = fields.redirect_uri ?? '';
    // An unknown client or an unregistered address gets an error page, never a redirect.
    if (!client) return page(400, '<h1>invalid client</h1>');
    if (!client.redirectUris.includes(redirectUri)) return page(400, '<h1>redirect_uri does not match a registered address</h1>');
    const responseType = fields.response_type;
    if (responseType !== 'code' && responseType !== 'token') return page(400, '<h1>unsupported response_type</h1>');
    return { clientId: client.clientId, redirectUri, responseType, scopes: (fields.scope ?? '').split(' ').filter(Boolean), state: fields.state };
  }

  #authorize(request: MockRequest): MockResponse {
    const fields = Object.fromEntries(request.query);
    const checked = this.#authorizationRequest(fields);
    if ('status' in checked) return checked;
    if (this.consentUser === undefined && this.signInPage) return this.#signInPage(checked, fields);
    return this.#redirect(checked, this.consentUser);
  }

  /** The sign-in page's answer: the user picked (or made), or Deny. */
  #signIn(request: MockRequest): MockResponse {
    const fields = this.#fields(request);
    const checked = this.#authorizationRequest(fields);
    if ('status' in checked) return checked;
    if (fields.deny !== undefined) return this.#redirect(checked, undefined);
    const userId = this.#chosenUser(fields);
    if (userId === undefined) return page(400, '<h1>Choose a user, or type a login for a new one</h1>');
    return this.#redirect(checked, userId);
  }

  /** The user a sign-in or activation form names: `user_id`, or a new user by `login`. */
  #chosenUser(fields: Record<string, string | undefined>): string | undefined {
    if (fields.user_id && this.state.user(fields.user_id)) return fields.user_id;
    const login = fields.login?.trim().toLowerCase();
    if (!login) return undefined;
    return ([...this.state.users.values()].find((user) => user.login === login) ?? this.state.addUser({ login })).id;
  }

  #signInPage(request: AuthorizationRequest, fields: Record<string, string>): MockResponse {
    const hidden = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    const users = [...this.state.users.values()]
      .map((user) => `<button name="user_id" value="${escapeHtml(user.id)}">Sign in as ${escapeHtml(user.display_name)} (${escapeHtml(user.login)}, ${escapeHtml(user.id)})</button>`)
      .join('<br>');
    const scopes = request.scopes.length ? `<ul>${request.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>` : '<p>No scopes.</p>';
    return page(
      200,
      `<h1>${escapeHtml(request.clientId)} wants to access your account</h1>${scopes}` +
        `<form method="post" action="authorize">${hidden}${users || '<p>No users yet.</p>'}` +
        `<p><label>Or a new user: <input name="login" placeholder="login"></label> <button>Sign in</button></p>` +
        `<p><button name="deny" value="1">Deny</button></p></form>`,
    );
  }

  /** Back to the application: a code or a token for `userId`, or `access_denied` without one. */
  #redirect(request: AuthorizationRequest, userId: string | undefined): MockResponse {
    const target = new URL(request.redirectUri);
    const values = new URLSearchParams();
    if (userId === undefined) {
      values.set('error', 'access_denied');
      values.set('error_description', 'The user denied you access');
    } else if (request.responseType === 'code') {
      const code = randomToken(20);
      this.#codes.set(code, { code, clientId: request.clientId, userId, scopes: request.scopes, redirectUri: request.redirectUri, expiresAt: this.now() + 10 * 60_000 });
      values.set('code', code);
      values.set('scope', request.scopes.join(' '));
    } else {
      const token = this.state.issueToken({ clientId: request.clientId, userId, scopes: request.scopes, refresh: false });
      values.set('access_token', token.accessToken);
      values.set('scope', request.scopes.join(' '));
      values.set('token_type', 'bearer');
    }
    if (request.state !== undefined) values.set('state', request.state);
    if (request.responseType === 'token' && userId !== undefined) target.hash = values.toString();
    else for (const [key, value] of values) target.searchParams.set(key, value);
    return { status: 302, headers: { Location: target.toString() } };
  }

  /** The device flow's activation page (with `signInPage`): a user code, a user, Approve or Deny. */
  #activatePage(request: MockRequest): MockResponse {
    const code = request.query.get('device-code') ?? '';
    const users = [...this.state.users.values()]
      .map((user) => `<option value="${escapeHtml(user.id)}">${escapeHtml(user.display_name)} (${escapeHtml(user.login)})</option>`)
      .join('');
    return page(
      200,
      `<h1>Activate a device</h1><form method="post" action="activate">` +
        `<p><label>Code: <input name="user_code" value="${escapeHtml(code)}"></label></p>` +
        `<p><label>As: <select name="user_id">${users}</select></label> <label>or a new user: <input name="login" placeholder="login"></label></p>` +
        `<p><button>Approve</button> <button name="deny" value="1">Deny</button></p></form>`,
    );
  }

  #activate(request: MockRequest): MockResponse {
    const fields = this.#fields(request);
    const userCode = (fields.user_code ?? '').trim().toUpperCase();
    try {
      if (fields.deny !== undefined) {
        this.denyDevice(userCode);
        return page(200, '<h1>Denied</h1><p>The device was refused access.</p>');
      }
      const userId = this.#chosenUser(fields);
      if (userId === undefined) return page(400, '<h1>Choose a user, or type a login for a new one</h1>');
      this.approveDevice(userCode, userId);
    } catch (error) {
      return page(400, `<h1>${escapeHtml((error as Error).message)}</h1>`);
    }
    return page(200, '<h1>Approved</h1><p>You may go back to your device.</p>');
  }

  /** Token grants read form fields from the body, or from the query of a bodyless POST. */
  #fields(request: MockRequest): Record<string, string> {
    const fields: Record<string, string> = Object.fromEntries(request.query);
    if (request.body && typeof request.body === 'object') Object.assign(fields, request.body);
    return fields;
  }

  #token(request: MockRequest): MockResponse {
    const fields = this.#fields(request);
    switch (fields.grant_type) {
      case 'authorization_code': {
        const client = this.#client(fields.client_id);
        if (fields.client_secret !== client.clientSecret) throw new HttpError(403, 'invalid client secret');
        const code = this.#codes.get(fields.code ?? '');
        if (!code || code.clientId !== client.clientId || this.now() >= code.expiresAt) throw new HttpError(400, 'Invalid authorization code');
        this.#codes.delete(code.code);
        if (fields.redirect_uri !== code.redirectUri) throw new HttpError(400, 'Parameter redirect_uri does not match registered URI');
        return this.#grant(client.clientId, code.userId, code.scopes);
      }
      case 'refresh_token': {
        const client = this.#client(fields.client_id);
        if (fields.client_secret !== undefined && fields.client_secret !== client.clientSecret) throw new HttpError(403, 'invalid client secret');
        const refresh = this.state.refreshTokens.get(fields.refresh_token ?? '');
        if (!refresh || refresh.used || refresh.clientId !== client.clientId) throw new HttpError(400, 'Invalid refresh token');
        // Refresh tokens are single use: this one is spent, the answer carries the next.
        refresh.used = true;
        return this.#grant(client.clientId, refresh.userId, refresh.scopes);
      }
      case 'client_credentials': {
        const client = this.#client(fields.client_id);
        if (fields.client_secret !== client.clientSecret) throw new HttpError(403, 'invalid client secret');
        const token = this.state.issueToken({ clientId: client.clientId, scopes: (fields.scope ?? '').split(' ').filter(Boolean) });
        return { status: 200, body: { access_token: token.accessToken, expires_in: this.state.tokenLifetime, token_type: 'bearer' } };
      }
      case 'urn:ietf:params:oauth:grant-type:device_code': {
        const client = this.#client(fields.client_id);
        const device = this.#devices.get(fields.device_code ?? '');
        if (!device || device.clientId !== client.clientId) throw new HttpError(400, 'invalid device code');
        if (this.now() >= device.expiresAt) {
          this.#devices.delete(device.deviceCode);
          throw new HttpError(400, 'invalid device code');
        }
        if (device.denied) throw new HttpError(400, 'access_denied');
        if (device.userId === undefined) throw new HttpError(400, 'authorization_pending');
        this.#devices.delete(device.deviceCode);
        return this.#grant(client.clientId, device.userId, device.scopes);
      }
      default:
        throw new HttpError(400, 'Invalid grant type');
    }
  }

  #grant(clientId: string, userId: string, scopes: string[]): MockResponse {
    const token = this.state.issueToken({ clientId, userId, scopes });
    return {
      status: 200,
      body: { access_token: token.accessToken, refresh_token: token.refreshToken, expires_in: this.state.tokenLifetime, scope: scopes, token_type: 'bearer' },
    };
  }

  #device(request: MockRequest): MockResponse {
    const fields = this.#fields(request);
    const client = this.#client(fields.client_id);
    const device: DeviceCode = {
      deviceCode: randomToken(30),
      userCode: randomToken(6).replace(/[^A-Za-z0-9]/g, 'X').slice(0, 8).toUpperCase(),
      clientId: client.clientId,
      scopes: (fields.scopes ?? '').split(' ').filter(Boolean),
      expiresAt: this.now() + 1800_000,
      userId: undefined,
      denied: false,
    };
    this.#devices.set(device.deviceCode, device);
    return {
      status: 200,
      body: { device_code: device.deviceCode, expires_in: 1800, interval: 5, user_code: device.userCode, verification_uri: `${this.signInPage ? `http://${request.headers.host ?? '127.0.0.1'}/oauth2` : 'https://platform.example'}/activate?device-code=${device.userCode}` },
    };
  }

  #validate(request: MockRequest): MockResponse {
    const header = request.headers.authorization;
    if (!header) throw new HttpError(401, 'missing authorization token');
    const token = this.state.liveToken(header.replace(/^(OAuth|Bearer) /i, ''));
    if (!token) throw new HttpError(401, 'invalid access token');
    const expiresIn = token.expiresAt === undefined ? 0 : Math.max(0, Math.floor((token.expiresAt - this.now()) / 1000));
    const user = token.userId === undefined ? undefined : this.state.user(token.userId);
    return {
      status: 200,
      body: {
        client_id: token.clientId,
        ...(token.userId === undefined ? {} : { login: user?.login ?? '', user_id: token.userId }),
        scopes: token.scopes,
        expires_in: expiresIn,
      },
    };
  }

  #revoke(request: MockRequest): MockResponse {
    const fields = this.#fields(request);
    if (!this.state.clients.has(fields.client_id ?? '')) throw new HttpError(404, 'client does not exist');
    const token = this.state.tokens.get(fields.token ?? '');
    if (!token || token.clientId !== fields.client_id) throw new HttpError(400, 'Invalid token');
    this.state.tokens.delete(token.accessToken);
    if (token.refreshToken) this.state.refreshTokens.delete(token.refreshToken);
    return { status: 200 };
  }
}
