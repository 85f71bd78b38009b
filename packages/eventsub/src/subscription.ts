import {
  callOperation,
  PlatformApiError,
  PlatformEventSubError,
  PlatformNetworkError,
  PlatformRateLimitError,
  PlatformTimeoutError,
  type ClientHandle,
  type RequestOptions,
  type ResultKind,
} from '@platform/core';
import { clientCore, retryDelay, type ApiAnswer } from '@platform/core/internal';
import { withTokenKind } from './checks';
import { createSubscriptionOperation, type CreatedSubscription, type CreateSubscriptionParams, type SubscriptionTransport } from './operations/create-subscription';
import { deleteSubscriptionOperation } from './operations/delete-subscription';
import { subscriptionsOperation } from './operations/subscriptions';
import type { EventSubSubscription, EventSubSubscriptionCounts } from './resources';

// The subscription calls of the listeners, made with the declared operations (createSubscription,
// deleteSubscription, subscriptions) and the token kind of the listener's transport.

/** The token a subscription is created (and deleted) with: a user's for WebSocket, the app's otherwise. */
export type SubscriptionToken = 'user' | 'app';

/** Attempts in all for one subscription on one session: 6. */
export const subscribeAttempts = 6;

/**
 * The whole answer of the create call: the listener's own message for a 2xx without a
 * subscription needs its status and URL.
 */
const answerResult: ResultKind = { name: 'envelope', shape: (answers) => answers[0] };

/** Whether a failed create call may be tried again: 429, 5xx, network failures and timeouts. */
export function isTransient(error: unknown): boolean {
  if (error instanceof PlatformNetworkError || error instanceof PlatformTimeoutError) return true;
  return error instanceof PlatformApiError && (error.status === 429 || error.status >= 500);
}

/**
 * The `Could not subscribe to <type> (version <n>): <reason>` error, with `cause`. A 410 Gone
 * (the platform has removed that version of the type) says so before the platform's message.
 */
export function subscribeError(type: string, version: string, cause: unknown): PlatformEventSubError {
  let reason = cause instanceof Error ? cause.message : String(cause);
  if (cause instanceof PlatformApiError && cause.status === 410) reason = `the platform no longer offers version ${version} of this type; subscribe to a newer one: ${reason}`;
  return new PlatformEventSubError(`Could not subscribe to ${type} (version ${version}): ${reason}`, { cause });
}

/**
 * Creates one subscription of a listener with `createSubscription`'s declaration, trying again
 * after a 429, a 5xx, a network failure or a timeout, 6 attempts in all; any other refusal gets
 * one attempt. `signal` ends the attempts (quietly, with its reason) when the session they were
 * for is gone.
 *
 * @throws The last failure (the transport wraps it with `subscribeError`).
 */
export async function createListenerSubscription(
  client: ClientHandle,
  request: { type: string; version: string; condition: Readonly<Record<string, string>>; transport: SubscriptionTransport; batched?: boolean },
  token: SubscriptionToken,
  control: { signal?: AbortSignal | undefined; keepGoing?: (() => boolean) | undefined; onWait?: ((ms: number) => void) | undefined } = {},
): Promise<CreatedSubscription> {
  const { signal, keepGoing, onWait } = control;
  const core = clientCore(client);
  // A wait for the rate limit of the token's bucket (the pipeline's, or this loop's after a 429)
  // is told to the listener, which reports a long one: `ready` may otherwise wait a minute in silence.
  const bucket = token === 'app' ? 'app' : undefined;
  const waited = onWait && ((event: { bucket: string; wait: number }) => (bucket === undefined || event.bucket === bucket) && onWait(event.wait));
  if (waited) core.events.on('rateLimit', waited);
  try {
    return await createWithRetries(client, request, token, signal, keepGoing, onWait);
  } finally {
    if (waited) core.events.off('rateLimit', waited);
  }
}

async function createWithRetries(
  client: ClientHandle,
  request: { type: string; version: string; condition: Readonly<Record<string, string>>; transport: SubscriptionTransport; batched?: boolean },
  token: SubscriptionToken,
  signal: AbortSignal | undefined,
  keepGoing: (() => boolean) | undefined,
  onWait: ((ms: number) => void) | undefined,
): Promise<CreatedSubscription> {
  const core = clientCore(client);
  const params: CreateSubscriptionParams = { type: request.type, version: request.version, condition: request.condition, transport: request.transport };
  if (request.batched) params.is_batching_enabled = true;
  const operation = { ...withTokenKind(createSubscriptionOperation, token), result: answerResult };
  const options = callOptions(signal);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = (await callOperation(client, operation, params, options)) as unknown as ApiAnswer;
      const envelope = answer.data as ({ data?: EventSubSubscription[] } & Partial<EventSubSubscriptionCounts>) | undefined;
      const created = envelope?.data?.[0];
      if (!created || typeof created.id !== 'string') {
        throw new PlatformApiError(`The platform accepted the subscription but returned no data. (${answer.status} on POST ${createSubscriptionOperation.path})`, {
          status: answer.status,
          method: 'POST',
          url: answer.url,
          body: answer.data,
        });
      }
      return { ...created, total: envelope.total!, total_cost: envelope.total_cost!, max_total_cost: envelope.max_total_cost! };
    } catch (error) {
      if (signal?.aborted || attempt >= subscribeAttempts || !isTransient(error) || (keepGoing && !keepGoing())) throw error;
      const wait =
        error instanceof PlatformRateLimitError && error.resetAt !== undefined
          ? Math.max(0, error.resetAt - core.clock.now())
          : retryDelay(attempt, core.clock.random);
      if (error instanceof PlatformRateLimitError) onWait?.(wait);
      await core.clock.sleep(wait, signal);
    }
  }
}

/**
 * Deletes a listener's subscription with `deleteSubscription`'s declaration and the token kind
 * that created it. A subscription the platform no longer has (404) counts as deleted. The pipeline
 * retries the DELETE as usual.
 */
export async function deleteListenerSubscription(client: ClientHandle, id: string, token: SubscriptionToken): Promise<void> {
  try {
    await callOperation(client, withTokenKind(deleteSubscriptionOperation, token), { id });
  } catch (error) {
    if (error instanceof PlatformApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * Reads one subscription back as the platform lists it now (`subscriptions` with
 * `subscription_id`), with the token kind that created it; undefined when the platform lists none
 * with that ID. A listener uses it to learn when the platform has enabled a subscription. The
 * pipeline retries the GET as usual.
 *
 * @throws The call's failure (PlatformApiError, PlatformNetworkError, PlatformTimeoutError).
 */
export async function readSubscription(client: ClientHandle, id: string, token: SubscriptionToken): Promise<EventSubSubscription | undefined> {
  // A direct call of a list operation resolves with the first page's envelope.
  const page = (await callOperation(client, withTokenKind(subscriptionsOperation, token), { subscription_id: id })) as unknown as
    | ({ data?: EventSubSubscription[] } & Partial<EventSubSubscriptionCounts>)
    | undefined;
  return page?.data?.find((each) => each.id === id);
}

/**
 * The wait before reading back again something the platform is about to enable (a verified
 * webhook subscription or shard): 10 ms after the first read, doubling, at most 2 seconds. The
 * platform enables a verified callback within moments, so the first reads come soon; the caller's
 * deadline bounds them all.
 */
export function readBackDelay(attempt: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempt - 1), 2000);
}

/**
 * The request options of a listener's create call: no pipeline retries, as creation counts its
 * own attempts. `callOperation` adds the client view's own (`as`, `token`, timeout).
 */
function callOptions(signal: AbortSignal | undefined): RequestOptions {
  return signal ? { retries: 0, signal } : { retries: 0 };
}
