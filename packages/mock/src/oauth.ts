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

  #authorize(request: MockRequest): MockResponse {
    const clientId = request.query.get('client_id') ?? undefined;
    const redirectUri = request.query.get('redirect_uri') ?? '';
    const client = this.state.clients.get(clientId ?? '');
    // An unknown client or an unregistered address gets an error page, never a redirect.
    if (!client) return { status: 400, body: '<h1>invalid client</h1>', headers: { 'Content-Type': 'text/html' } };
    if (!client.redirectUris.includes(redirectUri)) return { status: 400, body: '<h1>redirect_uri does not match a registered address</h1>', headers: { 'Content-Type': 'text/html' } };
    const responseType = request.query.get('response_type');
    if (responseType !== 'code' && responseType !== 'token') return { status: 400, body: '<h1>unsupported response_type</h1>', headers: { 'Content-Type': 'text/html' } };
    const scopes = (request.query.get('scope') ?? '').split(' ').filter(Boolean);
    const state = request.query.get('state');
    const target = new URL(redirectUri);
    const values = new URLSearchParams();
    if (this.consentUser === undefined) {
      values.set('error', 'access_denied');
      values.set('error_description', 'The user denied you access');
    } else if (responseType === 'code') {
      const code = randomToken(20);
      this.#codes.set(code, { code, clientId: client.clientId, userId: this.consentUser, scopes, redirectUri, expiresAt: this.now() + 10 * 60_000 });
      values.set('code', code);
      values.set('scope', scopes.join(' '));
    } else {
      const token = this.state.issueToken({ clientId: client.clientId, userId: this.consentUser, scopes, refresh: false });
      values.set('access_token', token.accessToken);
      values.set('scope', scopes.join(' '));
      values.set('token_type', 'bearer');
    }
    if (state !== null) values.set('state', state);
    if (responseType === 'token' && this.consentUser !== undefined) target.hash = values.toString();
    else for (const [key, value] of values) target.searchParams.set(key, value);
    return { status: 302, headers: { Location: target.toString() } };
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
      body: { device_code: device.deviceCode, expires_in: 1800, interval: 5, user_code: device.userCode, verification_uri: `https://platform.example/activate?device-code=${device.userCode}` },
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
