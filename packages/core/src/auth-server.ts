import { retryDelay } from './backoff';
import type { ClientCore } from './client-core';
import { PlatformApiError } from './errors/api-error';
import { PlatformError } from './errors/platform-error';
import { PlatformNetworkError } from './errors/network-error';
import { PlatformTimeoutError } from './errors/timeout-error';
import { authUrlOf } from './options';
import { apiErrorFields } from './pipeline';
import { sent, settled, watched } from './observe';
import { carriedSecrets, secretsOf } from './redact';
import { attempt, type Answer, type AnswerHeaders } from './transport';

/** A request to the platform's OAuth server (`authUrl`). */
export interface AuthServerRequest {
  method: 'GET' | 'POST';
  /** Under `authUrl`: `token`, `validate`, `revoke`, `device`. */
  path: string;
  /** Sent as `application/x-www-form-urlencoded`; `undefined` values are left out. */
  form?: Readonly<Record<string, string | undefined>>;
  /** The Authorization header, for example `OAuth <token>` for validation. */
  authorization?: string;
  /** Retry after a 5xx, a network failure or a timeout (app token and validation only). */
  retry?: boolean;
  signal?: AbortSignal;
}

/** A 2xx answer of the OAuth server. */
export interface AuthServerAnswer {
  status: number;
  headers: AnswerHeaders;
  data: unknown;
}

/**
 * Sends a request to the OAuth server with the client's timeout and retries (never a call's),
 * outside every rate-limit bucket. An answer outside 2xx is a PlatformApiError whose message is
 * the platform's message alone, except a redirect's, which is never followed (see `fetchSender()`):
 * `The platform answered with a redirect; ... (307 on POST /oauth2/token)`. Nothing of the form
 * (secrets, tokens, codes) or of the Authorization header appears in any message or error body,
 * even when the server's answer quotes it: it reads `[redacted]` there.
 */
export async function authServerRequest(core: ClientCore, request: AuthServerRequest): Promise<AuthServerAnswer> {
  const url = `${authUrlOf(core)}/${request.path}`;
  const label = `${request.method} ${new URL(url).pathname}`;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (request.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(request.form)) if (value !== undefined) form.append(key, value);
    body = form.toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  if (request.authorization) headers.Authorization = request.authorization;
  const exchange = { method: request.method, url, headers, body, label };
  const retries = request.retry ? core.retries : 0;
  const target = { method: request.method, path: label.slice(request.method.length + 1) };
  let retriesUsed = 0;
  for (let attempts = 1; ; attempts++) {
    // Like API calls, each attempt is told to `request` / `response` listeners, channels and the log.
    const started = core.clock.now();
    const sentEvent = watched(core) ? sent(core, target, url, undefined, attempts, 0) : undefined;
    let answer: Answer;
    try {
      answer = await attempt(core.send, core.clock, exchange, core.timeout, request.signal);
    } catch (error) {
      if ((error instanceof PlatformNetworkError || error instanceof PlatformTimeoutError) && retriesUsed < retries) {
        const delay = retryDelay(++retriesUsed, core.clock.random);
        settled(core, sentEvent, started, undefined, { step: 'retry', delay }, error);
        await core.clock.sleep(delay, request.signal);
        continue;
      }
      settled(core, sentEvent, started, undefined, { step: 'throw' }, error);
      throw error;
    }
    const { status } = answer;
    if (status >= 200 && status < 300) {
      let data: unknown;
      try {
        data = answer.text === '' ? undefined : JSON.parse(answer.text);
      } catch (cause) {
        const error = new PlatformError(`${label} answered with a body that is not JSON.`, { cause });
        settled(core, sentEvent, started, status, { step: 'throw' }, error);
        throw error;
      }
      settled(core, sentEvent, started, status, { step: 'return' });
      return { status, headers: answer.headers, data };
    }
    if (status >= 500 && retriesUsed < retries) {
      const delay = retryDelay(++retriesUsed, core.clock.random);
      settled(core, sentEvent, started, status, { step: 'retry', delay });
      await core.clock.sleep(delay, request.signal);
      continue;
    }
    // A token, code or secret of the form (or of Authorization) that the answer quotes is redacted.
    const fields = apiErrorFields(answer, request.method, url, secretsOf(core, carriedSecrets(exchange)));
    // The platform's message alone; a redirect, whose message is the client's, names the request too.
    const error = new PlatformApiError(status < 400 ? `${fields.message} (${status} on ${label})` : fields.message, fields);
    settled(core, sentEvent, started, status, { step: 'throw' }, error);
    throw error;
  }
}
