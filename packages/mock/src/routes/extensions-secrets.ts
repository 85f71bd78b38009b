// Extension shared secrets (reference: Get Extension Secrets, Create Extension Secret): JWT routes,
// split from routes/extensions.ts by resource.
import { HttpError } from '../http';
import { iso, ok, required } from '../helix';
import { requireOwnExtension, SECRET_MIN_DELAY, type ExtensionSecretRecord, type JwtRouteRow } from './extensions-state';

/** The version of the secrets' data format that the platform answers. */
const FORMAT_VERSION = 1;
/** The longest delay the mock takes: a thousand years, in seconds. */
const MAX_DELAY = 1000 * 365 * 24 * 3600;

/** The secrets as the platform lists them. */
function secretsAnswer(secrets: readonly ExtensionSecretRecord[]) {
  return ok([{ format_version: FORMAT_VERSION, secrets: secrets.map((secret) => ({ content: secret.content, active_at: iso(secret.active_at), expires_at: iso(secret.expires_at) })) }]);
}

/** The secrets routes. */
export const extensionSecretRoutes: readonly JwtRouteRow[] = [
  {
    method: 'GET',
    path: '/extensions/jwt/secrets',
    claims: ['role', 'user_id', 'exp'],
    query: ['extension_id'],
    handle: (call, extensions) => {
      requireOwnExtension(call, required(call.request, 'extension_id'));
      return secretsAnswer(extensions.secretsOf(call.extension));
    },
  },
  {
    method: 'POST',
    path: '/extensions/jwt/secrets',
    claims: ['role', 'user_id', 'exp'],
    query: ['extension_id'],
    handle: (call, extensions) => {
      requireOwnExtension(call, required(call.request, 'extension_id'));
      const text = call.request.query.get('delay');
      let delay = SECRET_MIN_DELAY;
      if (text !== null && text !== '') {
        if (!/^-?\d+$/.test(text)) throw new HttpError(400, 'The parameter "delay" was malformed: it must be a whole number of seconds');
        delay = Number(text);
        if (delay < SECRET_MIN_DELAY) throw new HttpError(400, `The delay specified in the "delay" parameter is too short: it must be at least ${SECRET_MIN_DELAY} seconds`);
        // A date past what RFC3339 times can say (year 275760) is no delay the platform could answer.
        if (delay > MAX_DELAY) throw new HttpError(400, `The parameter "delay" must be from ${SECRET_MIN_DELAY} to ${MAX_DELAY} seconds`);
      }
      return secretsAnswer(extensions.rotate(call.extension, delay));
    },
  },
];
