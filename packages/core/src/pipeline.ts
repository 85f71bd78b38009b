import { rawCredential, rawTokenActingUserError, type CallTarget, type CredentialRequest } from './authenticator';
import { endpointLimitDelay, retryDelay } from './backoff';
import type { ClientCore } from './client-core';
import { abortReason } from './clock';
import { PlatformApiError } from './errors/api-error';
import { PlatformError } from './errors/platform-error';
import { PlatformNetworkError } from './errors/network-error';
import { PlatformRateLimitError } from './errors/rate-limit-error';
import { PlatformTimeoutError } from './errors/timeout-error';
import { watched, sent, settled } from './observe';
import { checkOptions, requestOptionRules } from './options';
import { hideSecrets, secretsOf } from './redact';
import type { NextStep } from './events';
import { attempt, type Answer, type AnswerHeaders, type Exchange } from './transport';
import type { RequestOptions } from './types';

/** A call as the pipeline runs it: where it goes, with which parameters, and how they travel. */
export interface Call {
  readonly target: CallTarget;
  /** The parameters as given (the acting-user field may be filled in from the token's owner). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Turns the final parameters into the query string (without `?`) and the JSON body. */
  encode(params: Readonly<Record<string, unknown>>): { search: string; body: unknown };
}

/** A 2xx answer, parsed. */
export interface ApiAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The parsed JSON body, or undefined for 204 and empty bodies. */
  data: unknown;
  url: string;
}


const requestOptionName = (name: string) => `The request option ${name}`;

/** Methods that may be sent again after a failure that leaves the outcome unknown. */
const idempotent: ReadonlySet<string> = new Set(['GET', 'PUT', 'DELETE']);

/**
 * Runs one call through the pipeline: choose the identity, take a point from the bucket, attempt
 * with a timeout, classify the answer, and handle 401 / 429 / retryable failures as the spec's
 * status table says. Resolves with the 2xx answer; rejects with a PlatformError subclass, or with
 * the signal's reason when aborted.
 */
export async function runCall(core: ClientCore, call: Call, options: RequestOptions = {}): Promise<ApiAnswer> {
  checkOptions(options, requestOptionRules, requestOptionName);
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  const { target } = call;
  const retries = options.retries ?? core.retries;
  const timeout = options.timeout ?? core.timeout;
  const label = `${target.method} ${target.path}`;

  const credentialRequest: CredentialRequest = { target, params: call.params, as: options.as, signal };
  // A raw token does not say who it belongs to: an unset acting-user field is refused below.
  const chosen = options.token === undefined ? core.authenticator.credential(credentialRequest) : rawCredential(options.token);
  let credential = 'then' in chosen ? await chosen : chosen;
  // The acting-user field (`moderator_id`, `sender_id`...) is filled from the token's owner. An
  // authenticator checks the field before it gives an app token, so only a raw token is refused here.
  const field = target.actingUser;
  let params = call.params;
  if (field && params[field] === undefined) {
    if (credential.userId !== undefined) params = { ...params, [field]: credential.userId };
    else if (!target.actingUserOptional && credential.kind === 'raw') throw rawTokenActingUserError(target);
  }
  const { search, body } = call.encode(params);
  const url = `${core.baseUrl}${target.path}${search ? `?${search}` : ''}`;
  const requestHeaders: Record<string, string> = { 'Client-Id': core.clientId, Authorization: `Bearer ${credential.accessToken}` };
  if (body !== undefined) requestHeaders['Content-Type'] = 'application/json';
  const exchange: Exchange = { method: target.method, url, headers: requestHeaders, body: body === undefined ? undefined : JSON.stringify(body), label };

  let retriesUsed = 0;
  let renewed = false;
  let endpointLimitHits = 0;
  for (let attempts = 1; ; attempts++) {
    // Events, channels and the log cost one check an attempt while nobody watches.
    const watching = watched(core);
    const queued = watching ? core.clock.now() : 0;
    const waiting = core.buckets.take(credential.bucket, target, url, signal);
    if (waiting) await waiting;
    const started = watching ? core.clock.now() : 0;
    const request = watching ? sent(core, target, url, credential.bucket, attempts, started - queued) : undefined;
    // What the pipeline does after this attempt (`delay` ms later), and the attempt's error.
    let step: NextStep['step'] = 'throw';
    let delay = 0;
    let failure: unknown;
    let data: unknown;
    let answer: Answer | undefined;
    try {
      answer = await attempt(core.send, core.clock, exchange, timeout, signal);
    } catch (error) {
      core.buckets.release(credential.bucket);
      failure = error;
      // Only a request whose repetition is harmless is sent again after an unknown outcome.
      if ((error instanceof PlatformNetworkError || error instanceof PlatformTimeoutError) && idempotent.has(target.method) && retriesUsed < retries) {
        step = 'retry';
        delay = retryDelay(++retriesUsed, core.clock.random);
      }
    }
    if (answer) {
      const { status, headers } = answer;
      // An empty bucket's reset (epoch ms) when this is a 429 that says so; recorded with the rest.
      const emptyUntil = core.buckets.record(credential.bucket, headers, status === 429);
      if (status >= 200 && status < 300) {
        try {
          // No data for a 204 or an empty body.
          if (status !== 204 && answer.text !== '') data = JSON.parse(answer.text);
          step = 'return';
        } catch (error) {
          failure = new PlatformError(`${label} answered with a body that is not JSON.`, { cause: error });
        }
      } else {
        const fields = apiErrorFields(answer, target.method, url, secretsOf(core, exchange));
        const message = `${fields.message} (${status} on ${label})`;
        if (status === 429) {
          const now = core.clock.now();
          // The token still has points: an endpoint-specific limit, whose end the platform does not
          // report. The client estimates it with its own doubling backoff. A reset that has already
          // passed is retried at once.
          delay = emptyUntil === undefined ? endpointLimitDelay(endpointLimitHits++, core.clock.random) : Math.max(0, emptyUntil - now);
          failure = new PlatformRateLimitError(message, { ...fields, resetAt: emptyUntil ?? now + delay, now: () => core.clock.now() });
          if (core.rateLimit === 'wait' && retriesUsed < retries) {
            retriesUsed++;
            step = delay > 0 ? 'wait' : 'retry';
          }
        } else {
          failure = new PlatformApiError(message, fields);
          if (status === 401 && !renewed && credential.kind !== 'raw' && core.authenticator.unauthorized) {
            // Once per call: a dead token is renewed and the request sent again, without using a retry.
            renewed = true;
            step = 'renew';
          } else if (status >= 500 && idempotent.has(target.method) && retriesUsed < retries) {
            step = 'retry';
            delay = retryDelay(++retriesUsed, core.clock.random);
          }
        }
      }
    }
    settled(core, request, started, answer?.status, step, delay, failure);
    if (step === 'return') return { status: answer!.status, headers: answer!.headers, data, url };
    if (step === 'throw') throw failure;
    if (step === 'renew') {
      const next = await core.authenticator.unauthorized!(credential, credentialRequest);
      // A token the platform still calls valid: the 401 stands.
      if (!next) throw failure;
      credential = next;
      requestHeaders.Authorization = `Bearer ${credential.accessToken}`;
      continue;
    }
    if (step === 'wait') core.events.emit('rateLimit', { bucket: credential.bucket, wait: delay });
    if (delay > 0) await core.clock.sleep(delay, signal);
  }
}

/**
 * The parsed error body, or its raw text when it is not JSON, with `hide` applied to each of its
 * strings (or to the text).
 */
export function errorBody(text: string, hide: (text: string) => string): unknown {
  if (text === '') return undefined;
  try {
    // Each string once parsed: a secret the JSON writes with escapes is found too.
    return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? hide(value) : value));
  } catch {
    return hide(text);
  }
}

/** The platform's own message from an error body, with fallbacks for bodies that carry none. */
export function platformMessage(body: unknown, answer: Pick<Answer, 'status' | 'statusText'>): string {
  // A body that is not an object (text, a number, `null`...) has none of these fields.
  for (const key of ['message', 'error_description', 'error']) {
    const value = (body as Record<string, unknown> | null | undefined)?.[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  if (typeof body === 'string' && body.trim() !== '' && body.length <= 200) return body.trim();
  return answer.statusText || `HTTP ${answer.status}`;
}

/**
 * The fields of a PlatformApiError for an answer outside 2xx, and the platform's `message` (the
 * whole message of an OAuth server error; API errors add the status and the path). A redirect (a
 * 3xx, or status 0: the `opaqueredirect` a browser's fetch gives for one) is not followed: its
 * message says so instead of the platform's. Each of `secrets` (`secretsOf()`: what the request
 * carried, the client's secrets, the registered users' tokens) that the answer quotes becomes
 * `[redacted]` in the message, the body and the label: a server that echoes a token puts it in
 * no error.
 */
export function apiErrorFields(answer: Answer, method: string, url: string, secrets: readonly (string | undefined)[]) {
  const hide = (text: string) => hideSecrets(text, secrets);
  const body = errorBody(answer.text, hide);
  const label = (body as Record<string, unknown> | null | undefined)?.error;
  return {
    // Hidden again for the reason phrase, the message of a body that has none.
    message: hide(answer.status < 400 ? 'The platform answered with a redirect, which is not followed' : platformMessage(body, answer)),
    status: answer.status,
    method,
    url,
    error: hide(typeof label === 'string' ? label : answer.statusText) || undefined,
    body,
    // The spec's `Headers`: a fetch answer's own, or the Node transport's made into them.
    headers: answer.headers.toHeaders?.() ?? (answer.headers as Headers),
  };
}
