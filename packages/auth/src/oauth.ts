import { PlatformApiError } from '@platform/core';
import { authServerRequest, type AuthServerAnswer, type ClientCore } from '@platform/core/internal';

/** A token grant of the OAuth server. */
export interface Grant {
  accessToken: string;
  refreshToken: string | undefined;
  expiresIn: number | undefined;
  scopes: string[] | undefined;
}

function record(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** A string field of an answer, or '' when it is missing or not a string. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function grantOf(data: unknown): Grant {
  const body = record(data);
  const scope = body.scope;
  return {
    accessToken: text(body.access_token),
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : undefined,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : undefined,
    scopes: Array.isArray(scope) ? scope.map(String) : typeof scope === 'string' ? scope.split(' ').filter(Boolean) : undefined,
  };
}

/** The OAuth server's validation of a token: the answer of `GET validate` (a PlatformApiError when refused). */
export function validationRequest(core: ClientCore, accessToken: string): Promise<AuthServerAnswer> {
  return authServerRequest(core, { method: 'GET', path: 'validate', authorization: `OAuth ${accessToken}`, retry: true });
}

/**
 * Asks the OAuth server whether a token is still valid: false when it is dead (401); retried
 * after a 5xx or a network failure.
 */
export async function isTokenValid(core: ClientCore, accessToken: string): Promise<boolean> {
  try {
    await validationRequest(core, accessToken);
    return true;
  } catch (error) {
    if (error instanceof PlatformApiError && error.status === 401) return false;
    throw error;
  }
}

/** The client credentials grant: an app token. Retried after a 5xx or a network failure. */
export async function requestAppToken(core: ClientCore, clientSecret: string): Promise<Grant> {
  const answer = await authServerRequest(core, {
    method: 'POST',
    path: 'token',
    form: { client_id: core.clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
    retry: true,
  });
  return grantOf(answer.data);
}

/** The refresh grant. Sent once: a refresh token may be single use. */
export async function refreshGrant(core: ClientCore, refreshToken: string): Promise<Grant> {
  const answer = await authServerRequest(core, {
    method: 'POST',
    path: 'token',
    form: { client_id: core.clientId, client_secret: core.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  return grantOf(answer.data);
}

/** The authorization code exchange: the code and the secret travel in the body, never in the address. Sent once. */
export async function exchangeCodeGrant(core: ClientCore, clientSecret: string, code: string, redirectUri: string): Promise<Grant> {
  const answer = await authServerRequest(core, {
    method: 'POST',
    path: 'token',
    form: { client_id: core.clientId, client_secret: clientSecret, grant_type: 'authorization_code', code, redirect_uri: redirectUri },
  });
  return grantOf(answer.data);
}

/** Starts the device code flow. Sent once. */
export async function startDeviceFlow(core: ClientCore, scopes: readonly string[]) {
  const answer = await authServerRequest(core, { method: 'POST', path: 'device', form: { client_id: core.clientId, scopes: scopes.join(' ') } });
  const body = record(answer.data);
  return {
    deviceCode: text(body.device_code),
    userCode: text(body.user_code),
    verificationUri: text(body.verification_uri),
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 1800,
    // A missing or broken interval is RFC 8628's default; the flow keeps at least that between polls.
    interval: typeof body.interval === 'number' && Number.isFinite(body.interval) ? body.interval : 5,
  };
}

/** One poll of the device code flow. Resolves with the grant, or with the platform's pending word. */
export async function pollDeviceFlow(core: ClientCore, deviceCode: string, scopes: readonly string[]): Promise<Grant | 'pending' | 'slow_down'> {
  try {
    const answer = await authServerRequest(core, {
      method: 'POST',
      path: 'token',
      form: { client_id: core.clientId, client_secret: core.clientSecret, grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, scopes: scopes.join(' ') },
    });
    return grantOf(answer.data);
  } catch (error) {
    if (error instanceof PlatformApiError && error.status === 400) {
      // The platform puts the RFC 8628 code in `message` (some servers use `error`).
      const body = record(error.body);
      const word = text(body.message) || text(body.error);
      if (word === 'authorization_pending') return 'pending';
      if (word === 'slow_down') return 'slow_down';
    }
    throw error;
  }
}

/** Revokes a token. Sent once. */
export async function revokeToken(core: ClientCore, accessToken: string): Promise<void> {
  await authServerRequest(core, { method: 'POST', path: 'revoke', form: { client_id: core.clientId, token: accessToken } });
}
