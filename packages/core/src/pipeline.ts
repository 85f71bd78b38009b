import { rawCredential, rawTokenActingUserError, type Authenticator, type CallTarget, type Credential, type CredentialRequest } from './authenticator';
import { endpointLimitDelay, retryDelay } from './backoff';
import type { ClientCore } from './client-core';
import { abortReason } from './clock';
import { PlatformApiError } from './errors/api-error';
import { PlatformError } from './errors/platform-error';
import { PlatformNetworkError } from './errors/network-error';
import { PlatformRateLimitError } from './errors/rate-limit-error';
import { PlatformTimeoutError } from './errors/timeout-error';
import type { NextStep } from './events';
import type { ClientView } from './internals';
import { watched, sent, settled } from './observe';
import { checkOptions, requestOptionRules } from './options';
import { hideSecrets, secretsOf } from './redact';
import { attempt, type Answer, type AnswerHeaders, type Exchange } from './transport';
import type { RequestOptions } from './types';

// A call runs through named steps, each a function of its own (and tested alone): the credential
// (`credentialFor`), the request (`exchangeFor`), a point of the bucket (`buckets.take`), the
// attempt (`attempt`, transport.ts), what the answer is (`classify`), what to do next (`decide`:
// return, retry, renew, wait or throw). `runCall` strings them together; the operation's result
// kind shapes what it resolves with.

/** A call as the pipeline runs it: where it goes, with which parameters, and how they travel. */
export interface Call {
  readonly target: CallTarget;
  /** The parameters as given (the acting-user field may be filled in from the token's owner). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Turns the final parameters into the query string (without `?`) and the JSON body. */
  encode(params: Readonly<Record<string, unknown>>): { search: string; body: unknown };
  /** A 2xx body is kept as the text it is (a `textResult` operation), not parsed as JSON. */
  readonly text?: boolean | undefined;
}

/** A 2xx answer, parsed. */
export interface ApiAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The parsed JSON body (the text, for a `text` call), or undefined for 204 and empty bodies. */
  data: unknown;
  url: string;
}

/** What one attempt gave, as `decide()` reads it. */
export interface Outcome {
  /** The answer's status; undefined when no answer came (a network failure, a timeout, an abort). */
  status?: number | undefined;
  /** The answer of a success, parsed. */
  answer?: ApiAnswer;
  /** Why the attempt failed: the error the call rejects with if it stops here. */
  error?: unknown;
  /** For a 429: milliseconds until the limit ends (the bucket's reset, or the estimate of an endpoint limit). */
  wait?: number;
}

/** What a call may spend on sending again, and has spent so far. */
export interface Budget {
  /** Retries the call may make (its `retries` option, or the client's). */
  readonly retries: number;
  /** Retries made: after a 5xx, a failure without an answer, a 429. */
  used: number;
  /** Whether the token was renewed after a 401 (once per call, not counted as a retry). */
  renewed: boolean;
  /** 429s of an endpoint limit so far: each doubles the next estimate of its end. */
  limitHits: number;
}

const requestOptionName = (name: string) => `The request option ${name}`;

/** Methods that may be sent again after a failure that leaves the outcome unknown. */
const idempotent: ReadonlySet<string> = new Set(['GET', 'PUT', 'DELETE']);

/** The credential of a token-less operation: no Authorization, its own bucket, nothing to renew. */
const anonymous: Credential = { kind: 'raw', accessToken: '', bucket: 'anonymous' };

/**
 * Runs one call through the pipeline: choose the identity, take a point from the bucket, attempt
 * with a timeout, classify the answer, then return, retry, renew the token, wait for a rate limit
 * or throw. Resolves with the 2xx answer; rejects with a PlatformError subclass, or with the
 * signal's reason when aborted. `view` is the client (or view) the call runs on: its core, its
 * default options and the identity it calls as; `given` are the call's options.
 */
export async function runCall(view: ClientView, call: Call, given?: RequestOptions): Promise<ApiAnswer> {
  // The view's defaults (`client.as()`), then the call's own options.
  const options = given ? { ...view.defaults, ...given } : view.defaults;
  checkOptions(options, requestOptionRules, requestOptionName);
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  const { core } = view;
  const { clientId, authenticator } = view.identity ?? core;
  const { target } = call;
  const timeout = options.timeout ?? core.timeout;
  const request: CredentialRequest = { target, params: call.params, as: options.as, signal };
  const chosen = credentialFor(authenticator, request, options.token);
  // No await for a credential at hand: a promise less per call.
  let credential = 'then' in chosen ? await chosen : chosen;
  const exchange = exchangeFor(core.baseUrl, clientId, call, credential);
  const budget: Budget = { retries: options.retries ?? core.retries, used: 0, renewed: false, limitHits: 0 };
  for (let attempts = 1; ; attempts++) {
    // Events and channels cost one check an attempt while nobody watches.
    const watching = watched(core);
    const queued = watching ? core.clock.now() : 0;
    const waiting = core.buckets.take(credential.bucket, target, exchange.url, signal);
    if (waiting) await waiting;
    const started = watching ? core.clock.now() : 0;
    const event = watching ? sent(core, target, exchange.url, credential.bucket, attempts, started - queued) : undefined;
    let answer: Answer | undefined;
    let failure: unknown;
    try {
      answer = await attempt(core.send, core.clock, exchange, timeout, signal);
    } catch (error) {
      // No answer: the point stays spent, the attempt is no longer in flight.
      core.buckets.release(credential.bucket);
      failure = error;
    }
    const outcome: Outcome = answer ? classify(core, call, exchange, credential, budget, answer) : { error: failure };
    const next = decide(outcome, budget, target.method, credential.kind !== 'raw' && !!authenticator.unauthorized, core);
    settled(core, event, started, outcome.status, next, outcome.error);
    if (next.step === 'return') return outcome.answer!;
    if (next.step === 'throw') throw outcome.error;
    if (next.step === 'renew') {
      const renewed = await authenticator.unauthorized!(credential, request);
      // A token the platform still calls valid: the 401 stands.
      if (!renewed) throw outcome.error;
      exchange.headers.Authorization = `Bearer ${(credential = renewed).accessToken}`;
      continue;
    }
    if (next.step === 'wait') core.events.emit('rateLimit', { bucket: credential.bucket, wait: next.delay });
    if (next.delay > 0) await core.clock.sleep(next.delay, signal);
  }
}

/**
 * Step 1, the credential: none for an operation declared with `token: 'none'` (no Authorization,
 * the bucket `anonymous`), the call's `token` option as a raw token, else the authenticator's
 * choice. Answers without a promise when the credential is at hand.
 */
export function credentialFor(authenticator: Authenticator, request: CredentialRequest, token: string | undefined): Credential | Promise<Credential> {
  return request.target.token === 'none' ? anonymous : token === undefined ? authenticator.credential(request) : rawCredential(token);
}

/**
 * Step 2, the request: the acting-user field (`moderator_id`, `sender_id`...) filled in from the
 * token's owner when unset, the query and the JSON body encoded, the headers. An authenticator
 * checks the field before it gives an app token, so only a raw token is refused here.
 */
export function exchangeFor(baseUrl: string, clientId: string, call: Call, credential: Credential): Exchange {
  const { target } = call;
  const field = target.actingUser;
  let { params } = call;
  if (field && params[field] === undefined) {
    if (credential.userId !== undefined) params = { ...params, [field]: credential.userId };
    else if (!target.actingUserOptional && credential.kind === 'raw') throw rawTokenActingUserError(target);
  }
  const { search, body } = call.encode(params);
  const headers: Record<string, string> = { 'Client-Id': clientId };
  // A token-less call's credential has none: no Authorization at all.
  if (credential.accessToken) headers.Authorization = `Bearer ${credential.accessToken}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return {
    method: target.method,
    url: `${baseUrl}${target.path}${search ? `?${search}` : ''}`,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    label: `${target.method} ${target.path}`,
  };
}

/**
 * Step 4, what the answer is: its rate-limit headers recorded in the bucket, then a success (the
 * body parsed as JSON, or kept as text for a `text` call) or an error: a PlatformApiError, a
 * PlatformRateLimitError for a 429 (with the wait: the bucket's reset when the bucket is empty, the
 * client's doubling estimate of an endpoint limit otherwise), a PlatformError for a 2xx body that
 * is not JSON. The error's texts hold none of the client's secrets nor the call's token.
 */
export function classify(core: ClientCore, call: Pick<Call, 'text'>, exchange: Exchange, credential: Credential, budget: Budget, answer: Answer): Outcome {
  const { status, headers, text } = answer;
  // An empty bucket's reset (epoch ms) when this is a 429 that says so; recorded with the rest.
  const emptyUntil = core.buckets.record(credential.bucket, headers, status === 429);
  if (status > 199 && status < 300) {
    try {
      // No data for a 204 or an empty body.
      return { status, answer: { status, headers, data: call.text ? text : status === 204 || text === '' ? undefined : JSON.parse(text), url: exchange.url } };
    } catch (cause) {
      return { status, error: new PlatformError(`${exchange.label} answered with a body that is not JSON.`, { cause }) };
    }
  }
  const fields = apiErrorFields(answer, exchange.method, exchange.url, secretsOf(core, [credential.accessToken]));
  const message = `${fields.message} (${status} on ${exchange.label})`;
  if (status !== 429) return { status, error: new PlatformApiError(message, fields) };
  const now = core.clock.now();
  // The token still has points: an endpoint-specific limit, whose end the platform does not
  // report. The client estimates it with its own doubling backoff. A reset that has already
  // passed is retried at once.
  const wait = emptyUntil === undefined ? endpointLimitDelay(budget.limitHits++, core.clock.random) : Math.max(0, emptyUntil - now);
  return { status, wait, error: new PlatformRateLimitError(message, { ...fields, resetAt: emptyUntil ?? now + wait, now: () => core.clock.now() }) };
}

/**
 * Step 5, what to do after an attempt: return a success; wait for a 429's limit (or send again at
 * once when it has already ended), unless the client's `rateLimit` is `throw` or the retries are
 * used up; renew the token once after a 401 when the credential can be renewed (`renewable`), not
 * counted as a retry; send again after a backoff when a GET, PUT or DELETE got a 5xx or no answer
 * (a network failure, a timeout: the outcome unknown, a repetition harmless), while retries are
 * left; otherwise throw the attempt's error.
 */
export function decide(outcome: Outcome, budget: Budget, method: string, renewable: boolean, core: Pick<ClientCore, 'rateLimit' | 'clock'>): NextStep {
  const { status, error, wait = 0 } = outcome;
  if (outcome.answer) return { step: 'return' };
  if (status === 429) {
    if (core.rateLimit === 'throw' || budget.used >= budget.retries) return { step: 'throw' };
    budget.used++;
    return wait > 0 ? { step: 'wait', delay: wait } : { step: 'retry', delay: 0 };
  }
  if (status === 401 && renewable && !budget.renewed) {
    budget.renewed = true;
    return { step: 'renew' };
  }
  const unknown = status === undefined ? error instanceof PlatformNetworkError || error instanceof PlatformTimeoutError : status > 499;
  return unknown && idempotent.has(method) && budget.used < budget.retries ? { step: 'retry', delay: retryDelay(++budget.used, core.clock.random) } : { step: 'throw' };
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
    // A standard `Headers`: a fetch answer's own, or the Node transport's made into them.
    headers: answer.headers.toHeaders?.() ?? (answer.headers as Headers),
  };
}
