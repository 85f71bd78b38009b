// The OAuth server under `/oauth2` (authorize and its sign-in page, token, device, activate,
// validate, revoke): `oauthRoutes` over `OAuthState` (its codes, device codes and who signs in),
// and `oauthControls` + `oauthHttpOnly`, served in-process by `OAuthServer` (`mock.oauth`) and
// at `/mock/oauth.*`. Its rows carry no token or scope rules as Helix rows do: each takes the
// request and answers as the platform's OAuth server does.
import { bindControls, type ControlTable, type HttpOnlyRow } from './controls';
import { HttpError, Router, type MockRequest, type MockResponse } from './http';
import type { Persisted } from './persist';
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

/** Token grants read form fields from the body, or from the query of a bodyless POST. */
function formFields(request: MockRequest): Record<string, string> {
  const fields: Record<string, string> = Object.fromEntries(request.query);
  if (request.body && typeof request.body === 'object') Object.assign(fields, request.body);
  return fields;
}

/** The sign-in page of an authorization request: the registered users, a new login, Deny. */
function signInForm(state: MockState, request: AuthorizationRequest, fields: Record<string, string>): MockResponse {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const users = [...state.users.values()]
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

/** The OAuth server's data (authorization codes, device codes, who signs in) and what its routes share. */
export class OAuthState implements Persisted {
  /**
   * What a snapshot keeps (see persist.ts): the codes given out and not yet exchanged (their
   * expiry is checked when used, so nothing runs on the clock). Not `consentUser` and
   * `signInPage`: who signs in is the test's (or `serve`'s) steering, not the platform's records.
   */
  readonly persisted = { as: 'oauth', fields: ['codes', 'devices'] } as const;
  readonly codes = new Map<string, AuthorizationCode>();
  readonly devices = new Map<string, DeviceCode>();
  /** The user who signs in at the consent page; undefined refuses (`access_denied`). */
  consentUser: string | undefined;
  /** Whether a browser without a consent user gets the sign-in and activation pages (see `OAuthServer.signInPage`). */
  signInPage = false;

  constructor(
    readonly state: MockState,
    readonly now: () => number,
  ) {}

  /** A user approves the device code whose user code is `userCode`. */
  approveDevice(userCode: string, userId: string): void {
    const device = [...this.devices.values()].find((each) => each.userCode === userCode);
    if (!device) throw new Error(`No device code with user code ${userCode}.`);
    device.userId = userId;
  }

  /** A user refuses the device code whose user code is `userCode`. */
  denyDevice(userCode: string): void {
    const device = [...this.devices.values()].find((each) => each.userCode === userCode);
    if (!device) throw new Error(`No device code with user code ${userCode}.`);
    device.denied = true;
  }

  client(clientId: string | undefined) {
    const client = clientId ? this.state.clients.get(clientId) : undefined;
    if (!client) throw new HttpError(400, 'invalid client');
    return client;
  }

  /** The authorization request's fields (from the query, or from the sign-in page's form), checked. */
  authorizationRequest(fields: Record<string, string | undefined>): AuthorizationRequest | MockResponse {
    const client = this.state.clients.get(fields.client_id ?? '');
    const redirectUri = fields.redirect_uri ?? '';
    // An unknown client or an unregistered address gets an error page, never a redirect.
    if (!client) return page(400, '<h1>invalid client</h1>');
    if (!client.redirectUris.includes(redirectUri)) return page(400, '<h1>redirect_uri does not match a registered address</h1>');
    const responseType = fields.response_type;
    if (responseType !== 'code' && responseType !== 'token') return page(400, '<h1>unsupported response_type</h1>');
    return { clientId: client.clientId, redirectUri, responseType, scopes: (fields.scope ?? '').split(' ').filter(Boolean), state: fields.state };
  }

  /** The user a sign-in or activation form names: `user_id`, or a new user by `login`. */
  chosenUser(fields: Record<string, string | undefined>): string | undefined {
    if (fields.user_id && this.state.user(fields.user_id)) return fields.user_id;
    const login = fields.login?.trim().toLowerCase();
    if (!login) return undefined;
    return ([...this.state.users.values()].find((user) => user.login === login) ?? this.state.addUser({ login })).id;
  }

  /** Back to the application: a code or a token for `userId`, or `access_denied` without one. */
  redirect(request: AuthorizationRequest, userId: string | undefined): MockResponse {
    const target = new URL(request.redirectUri);
    const values = new URLSearchParams();
    if (userId === undefined) {
      values.set('error', 'access_denied');
      values.set('error_description', 'The user denied you access');
    } else if (request.responseType === 'code') {
      const code = randomToken(20);
      this.codes.set(code, { code, clientId: request.clientId, userId, scopes: request.scopes, redirectUri: request.redirectUri, expiresAt: this.now() + 10 * 60_000 });
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

  grant(clientId: string, userId: string, scopes: string[]): MockResponse {
    const token = this.state.issueToken({ clientId, userId, scopes });
    return {
      status: 200,
      body: { access_token: token.accessToken, refresh_token: token.refreshToken, expires_in: this.state.tokenLifetime, scope: scopes, token_type: 'bearer' },
    };
  }
}

/** A route of the OAuth server: a method and a path under `/oauth2`, and the answer. */
export interface OAuthRoute {
  readonly method: 'GET' | 'POST';
  /** The path under `/oauth2`, for example `/token`. */
  readonly path: string;
  readonly handle: (request: MockRequest, oauth: OAuthState) => MockResponse;
}

/** The OAuth server's routes, under `/oauth2`. */
export const oauthRoutes: readonly OAuthRoute[] = [
  /** The consent page: back to the application for `consentUser`, else the sign-in page (with `signInPage`) or access_denied. */
  {
    method: 'GET',
    path: '/authorize',
    handle: (request, oauth) => {
      const fields = Object.fromEntries(request.query);
      const checked = oauth.authorizationRequest(fields);
      if ('status' in checked) return checked;
      if (oauth.consentUser === undefined && oauth.signInPage) return signInForm(oauth.state, checked, fields);
      return oauth.redirect(checked, oauth.consentUser);
    },
  },
  /** The sign-in page's answer: the user picked (or made), or Deny. */
  {
    method: 'POST',
    path: '/authorize',
    handle: (request, oauth) => {
      const fields = formFields(request);
      const checked = oauth.authorizationRequest(fields);
      if ('status' in checked) return checked;
      if (fields.deny !== undefined) return oauth.redirect(checked, undefined);
      const userId = oauth.chosenUser(fields);
      if (userId === undefined) return page(400, '<h1>Choose a user, or type a login for a new one</h1>');
      return oauth.redirect(checked, userId);
    },
  },
  /** The device flow's activation page (with `signInPage`): a user code, a user, Approve or Deny. */
  {
    method: 'GET',
    path: '/activate',
    handle: (request, oauth) => {
      const code = request.query.get('device-code') ?? '';
      const users = [...oauth.state.users.values()]
        .map((user) => `<option value="${escapeHtml(user.id)}">${escapeHtml(user.display_name)} (${escapeHtml(user.login)})</option>`)
        .join('');
      return page(
        200,
        `<h1>Activate a device</h1><form method="post" action="activate">` +
          `<p><label>Code: <input name="user_code" value="${escapeHtml(code)}"></label></p>` +
          `<p><label>As: <select name="user_id">${users}</select></label> <label>or a new user: <input name="login" placeholder="login"></label></p>` +
          `<p><button>Approve</button> <button name="deny" value="1">Deny</button></p></form>`,
      );
    },
  },
  {
    method: 'POST',
    path: '/activate',
    handle: (request, oauth) => {
      const fields = formFields(request);
      const userCode = (fields.user_code ?? '').trim().toUpperCase();
      try {
        if (fields.deny !== undefined) {
          oauth.denyDevice(userCode);
          return page(200, '<h1>Denied</h1><p>The device was refused access.</p>');
        }
        const userId = oauth.chosenUser(fields);
        if (userId === undefined) return page(400, '<h1>Choose a user, or type a login for a new one</h1>');
        oauth.approveDevice(userCode, userId);
      } catch (error) {
        return page(400, `<h1>${escapeHtml((error as Error).message)}</h1>`);
      }
      return page(200, '<h1>Approved</h1><p>You may go back to your device.</p>');
    },
  },
  {
    method: 'POST',
    path: '/token',
    handle: (request, oauth) => {
      const fields = formFields(request);
      switch (fields.grant_type) {
        case 'authorization_code': {
          const client = oauth.client(fields.client_id);
          if (fields.client_secret !== client.clientSecret) throw new HttpError(403, 'invalid client secret');
          const code = oauth.codes.get(fields.code ?? '');
          if (!code || code.clientId !== client.clientId || oauth.now() >= code.expiresAt) throw new HttpError(400, 'Invalid authorization code');
          oauth.codes.delete(code.code);
          if (fields.redirect_uri !== code.redirectUri) throw new HttpError(400, 'Parameter redirect_uri does not match registered URI');
          return oauth.grant(client.clientId, code.userId, code.scopes);
        }
        case 'refresh_token': {
          const client = oauth.client(fields.client_id);
          if (fields.client_secret !== undefined && fields.client_secret !== client.clientSecret) throw new HttpError(403, 'invalid client secret');
          const refresh = oauth.state.refreshTokens.get(fields.refresh_token ?? '');
          if (!refresh || refresh.used || refresh.clientId !== client.clientId) throw new HttpError(400, 'Invalid refresh token');
          // Refresh tokens are single use: this one is spent, the answer carries the next.
          refresh.used = true;
          return oauth.grant(client.clientId, refresh.userId, refresh.scopes);
        }
        case 'client_credentials': {
          const client = oauth.client(fields.client_id);
          if (fields.client_secret !== client.clientSecret) throw new HttpError(403, 'invalid client secret');
          const token = oauth.state.issueToken({ clientId: client.clientId, scopes: (fields.scope ?? '').split(' ').filter(Boolean) });
          return { status: 200, body: { access_token: token.accessToken, expires_in: oauth.state.tokenLifetime, token_type: 'bearer' } };
        }
        case 'urn:ietf:params:oauth:grant-type:device_code': {
          const client = oauth.client(fields.client_id);
          const device = oauth.devices.get(fields.device_code ?? '');
          if (!device || device.clientId !== client.clientId) throw new HttpError(400, 'invalid device code');
          if (oauth.now() >= device.expiresAt) {
            oauth.devices.delete(device.deviceCode);
            throw new HttpError(400, 'invalid device code');
          }
          if (device.denied) throw new HttpError(400, 'access_denied');
          if (device.userId === undefined) throw new HttpError(400, 'authorization_pending');
          oauth.devices.delete(device.deviceCode);
          return oauth.grant(client.clientId, device.userId, device.scopes);
        }
        default:
          throw new HttpError(400, 'Invalid grant type');
      }
    },
  },
  {
    method: 'POST',
    path: '/device',
    handle: (request, oauth) => {
      const fields = formFields(request);
      const client = oauth.client(fields.client_id);
      const device: DeviceCode = {
        deviceCode: randomToken(30),
        userCode: randomToken(6).replace(/[^A-Za-z0-9]/g, 'X').slice(0, 8).toUpperCase(),
        clientId: client.clientId,
        scopes: (fields.scopes ?? '').split(' ').filter(Boolean),
        expiresAt: oauth.now() + 1800_000,
        userId: undefined,
        denied: false,
      };
      oauth.devices.set(device.deviceCode, device);
      return {
        status: 200,
        body: { device_code: device.deviceCode, expires_in: 1800, interval: 5, user_code: device.userCode, verification_uri: `${oauth.signInPage ? `http://${request.headers.host ?? '127.0.0.1'}/oauth2` : 'https://platform.example'}/activate?device-code=${device.userCode}` },
      };
    },
  },
  {
    method: 'GET',
    path: '/validate',
    handle: (request, oauth) => {
      const header = request.headers.authorization;
      if (!header) throw new HttpError(401, 'missing authorization token');
      const token = oauth.state.liveToken(header.replace(/^(OAuth|Bearer) /i, ''));
      if (!token) throw new HttpError(401, 'invalid access token');
      const expiresIn = token.expiresAt === undefined ? 0 : Math.max(0, Math.floor((token.expiresAt - oauth.now()) / 1000));
      const user = token.userId === undefined ? undefined : oauth.state.user(token.userId);
      return {
        status: 200,
        body: {
          client_id: token.clientId,
          ...(token.userId === undefined ? {} : { login: user?.login ?? '', user_id: token.userId }),
          scopes: token.scopes,
          expires_in: expiresIn,
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/revoke',
    handle: (request, oauth) => {
      const fields = formFields(request);
      if (!oauth.state.clients.has(fields.client_id ?? '')) throw new HttpError(404, 'client does not exist');
      const token = oauth.state.tokens.get(fields.token ?? '');
      if (!token || token.clientId !== fields.client_id) throw new HttpError(400, 'Invalid token');
      oauth.state.tokens.delete(token.accessToken);
      if (token.refreshToken) oauth.state.refreshTokens.delete(token.refreshToken);
      return { status: 200 };
    },
  },
];

/** What tests do on the OAuth server's side that no API call does: a user answering a device code. */
export interface OAuthControl {
  /** A user approves the device code whose user code is `userCode`. */
  approveDevice(userCode: string, userId: string): void;
  /** A user refuses the device code whose user code is `userCode`. */
  denyDevice(userCode: string): void;
}

/** The OAuth controls: `mock.oauth.approveDevice()`, `denyDevice()` and `/mock/oauth.*`. */
export const oauthControls: ControlTable<OAuthState, OAuthControl> = {
  approveDevice: {
    params: ['userCode: string', 'userId: string'],
    does: 'A user approves the device code whose user code is `userCode`.',
    run: (oauth, userCode, userId) => oauth.approveDevice(userCode, userId),
  },
  denyDevice: {
    params: ['userCode: string'],
    does: 'A user refuses the device code whose user code is `userCode`.',
    run: (oauth, userCode) => oauth.denyDevice(userCode),
  },
};

/** What is not a method in-process: the properties `consentUser` and `signInPage`, to read and set. */
export const oauthHttpOnly: Record<string, HttpOnlyRow<OAuthState>> = {
  consentUser: { of: 'consentUser', params: [], reads: true, does: 'The user ID who signs in at the consent page; null refuses.', run: (oauth) => oauth.consentUser },
  setConsentUser: {
    of: 'consentUser',
    params: ['userId?: string | null'],
    does: 'Sets who signs in at the consent page (a user ID); null or none refuses (access_denied).',
    run: (oauth, userId: string | null | undefined) => {
      oauth.consentUser = userId ?? undefined;
    },
  },
  signInPage: { of: 'signInPage', params: [], reads: true, does: 'Whether a browser without a consent user gets the sign-in page to click through (and the device flow the activation page).', run: (oauth) => oauth.signInPage },
  setSignInPage: {
    of: 'signInPage',
    params: ['on: boolean'],
    does: 'Turns the clickable sign-in and activation pages on or off (off: no consent user refuses, access_denied).',
    run: (oauth, on: boolean) => {
      oauth.signInPage = on;
    },
  },
};

/**
 * The sign-in side the control API steers (`mock.oauth`): who approves at the consent page, and
 * device codes. Its methods are `oauthControls` bound to its `OAuthState`; its router serves
 * `oauthRoutes`.
 */
export class OAuthServer implements OAuthControl {
  /**
   * The OAuth server's routes, under `/oauth2`; the mock's HTTP server dispatches to them.
   * @internal
   */
  readonly router = new Router();
  /**
   * The OAuth server's state: its codes, device codes and who signs in.
   * @internal
   */
  readonly state: OAuthState;
  readonly #controls: OAuthControl;

  constructor(state: MockState, now: () => number) {
    const oauth = new OAuthState(state, now);
    this.state = oauth;
    this.#controls = bindControls(oauthControls, oauth);
    for (const row of oauthRoutes) this.router.add(row.method, row.path, (request) => row.handle(request, oauth));
  }

  /** The user who signs in at the consent page; undefined refuses (`access_denied`). */
  get consentUser(): string | undefined {
    return this.state.consentUser;
  }

  /** Sets who signs in at the consent page (a user ID); undefined refuses. */
  set consentUser(userId: string | undefined) {
    this.state.consentUser = userId;
  }

  /**
   * Whether a browser that reaches the consent page while no `consentUser` is set gets a sign-in
   * page to click through (a list of the registered users, a field for a new one, and Deny) instead
   * of `access_denied`; the device flow's `verification_uri` is then the mock's own activation page.
   * `platform-mock serve` turns it on; tests leave it off and steer `consentUser`.
   */
  get signInPage(): boolean {
    return this.state.signInPage;
  }

  /** Turns the sign-in and activation pages on or off. */
  set signInPage(on: boolean) {
    this.state.signInPage = on;
  }

  /** A user approves the device code whose user code is `userCode`. */
  approveDevice(userCode: string, userId: string): void {
    this.#controls.approveDevice(userCode, userId);
  }

  /** A user refuses the device code whose user code is `userCode`. */
  denyDevice(userCode: string): void {
    this.#controls.denyDevice(userCode);
  }
}
