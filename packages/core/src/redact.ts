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
