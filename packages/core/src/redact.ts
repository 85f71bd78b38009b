import type { ClientCore } from './client-core';
import type { Exchange } from './transport';

// A credential after `Bearer` / `OAuth` (one that has a digit or is 20 characters long: the words
// of "the OAuth server" stay), a secret field of a query, a form or JSON (`access_token=...`,
// `"client_secret": "..."`), or a JWT (three base64url parts, the first a JSON object).
const secrets =
  /\b((?:[Bb]earer|OAuth)\s+)(?=\S*\d|\S{20})[^\s"',;]+|\b((?:access_|refresh_|id_)?token|(?:client_)?secret|(?:device_)?code)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+|\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;

/**
 * Hides the secrets a text may hold: bearer tokens (`Bearer x`, `OAuth x`), the values of
 * `access_token`, `refresh_token`, `id_token`, `token`, `client_secret`, `secret`, `code` and
 * `device_code` in a query, a form or JSON, and JWT-looking strings. Each becomes `[redacted]`;
 * the rest of the text is kept.
 *
 * @example
 * redact('POST /oauth2/token refresh_token=abc&client_secret=xyz'); // 'POST /oauth2/token refresh_token=[redacted]&client_secret=[redacted]'
 */
export function redact(text: string): string {
  return text.replace(secrets, (_match, bearer?: string, key?: string, separator?: string) => `${bearer ?? (key ? key + separator : '')}[redacted]`);
}

/**
 * Replaces each of `known` (exact texts: tokens, secrets) wherever it occurs in `text` with
 * `[redacted]`. Texts under 8 characters (and undefined ones) are skipped: they would match parts
 * of ordinary words (a test's token `t`), and no token, code or secret the platform issues is
 * that short.
 *
 * @example
 * hideSecrets('invalid refresh token r-1234567', ['r-1234567']); // 'invalid refresh token [redacted]'
 */
export function hideSecrets(text: string, known: Iterable<string | undefined>): string {
  // `includes` first: most texts hold none of them, and it allocates nothing.
  for (const secret of known) if (secret && secret.length > 7 && text.includes(secret)) text = text.split(secret).join('[redacted]');
  return text;
}

/**
 * The tokens an exchange carries: the credential of its Authorization header (`Bearer x`,
 * `OAuth x`) and the values of the form fields whose names say secret, token or code
 * (`client_secret`, `refresh_token`, `code`, `device_code`, `token`: an OAuth server request's).
 * Read only when an error is being made. (A JSON body read as a form yields nothing of note.) An API
 * call's pipeline passes its bearer token alone.
 */
export function carriedSecrets({ headers: { Authorization: authorization }, body }: Exchange): (string | undefined)[] {
  return [authorization?.slice(authorization.indexOf(' ') + 1), ...[...new URLSearchParams(body)].filter(([name]) => /secret|token|code/.test(name)).map(([, value]) => value)];
}

/**
 * What a client's log lines and error messages must not hold: its `clientSecret` and `token`
 * options, the tokens its authenticator holds (every registered user's access and refresh tokens,
 * the app token: `Authenticator.secrets()`), and the tokens a request `carried` (its bearer token;
 * an OAuth server request's form: `carriedSecrets()`). Built only when a line or an error is being
 * made.
 */
export function secretsOf(core: ClientCore, carried: readonly (string | undefined)[] = []): (string | undefined)[] {
  return [core.clientSecret, core.options.token, ...(core.authenticator?.secrets?.() ?? []), ...carried];
}
