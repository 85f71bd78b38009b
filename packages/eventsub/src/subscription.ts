import {
  PlatformApiError,
  PlatformEventSubError,
  PlatformNetworkError,
  PlatformRateLimitError,
  PlatformTimeoutError,
  type ClientHandle,
  type RequestOptions,
} from '@platform/core';
import { clientCore, clientInternals, retryDelay, runCall } from '@platform/core/internal';

/** What a subscription is delivered over, as the create call's `transport` field says it. */
export type SubscriptionTransport =
  | { method: 'websocket'; session_id: string }
  | { method: 'webhook'; callback: string; secret: string }
  | { method: 'conduit'; conduit_id: string };

/** The token a subscription is created (and deleted) with: a user's for WebSocket, the app's otherwise. */
export type SubscriptionToken = 'user' | 'app';

/** The platform's answer to a create call: the subscription as it lists it. */
export interface CreatedSubscription {
  id: string;
  status: string;
  type: string;
  version: string;
  condition: Record<string, string>;
  transport: Record<string, unknown>;
  created_at: string;
  cost: number;
}

/** Attempts in all for one subscription on one session (spec: 6). */
export const subscribeAttempts = 6;

const path = '/eventsub/subscriptions';

/** Whether a failed create call may be tried again: 429, 5xx, network failures and timeouts. */
export function isTransient(error: unknown): boolean {
  if (error instanceof PlatformNetworkError || error instanceof PlatformTimeoutError) return true;
  return error instanceof PlatformApiError && (error.status === 429 || error.status >= 500);
}

/** The spec's `Could not subscribe to <type> (version <n>): <reason>` error, with `cause`. */
export function subscribeError(type: string, version: string, cause: unknown): PlatformEventSubError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new PlatformEventSubError(`Could not subscribe to ${type} (version ${version}): ${reason}`, { cause });
}

/**
 * Creates one subscription, trying again after a 429, a 5xx, a network failure or a timeout, 6
 * attempts in all; any other refusal gets one attempt. `signal` ends the attempts (quietly, with
 * its reason) when the session they were for is gone.
 *
 * @throws The last failure (the transport wraps it with `subscribeError`).
 */
export async function createSubscription(
  client: ClientHandle,
  request: { type: string; version: string; condition: Readonly<Record<string, string>>; transport: SubscriptionTransport; batched?: boolean },
  token: SubscriptionToken,
  control: { signal?: AbortSignal | undefined; keepGoing?: (() => boolean) | undefined } = {},
): Promise<CreatedSubscription> {
  const { signal, keepGoing } = control;
  const core = clientCore(client);
  const body: Record<string, unknown> = { type: request.type, version: request.version, condition: request.condition, transport: request.transport };
  if (request.batched) body.is_batching_enabled = true;
  const options = callOptions(client, signal);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await runCall(
        core,
        { target: { method: 'POST', path, token, scopes: [] }, params: {}, encode: () => ({ search: '', body }) },
        options,
      );
      const created = (answer.data as { data?: CreatedSubscription[] } | undefined)?.data?.[0];
      if (!created || typeof created.id !== 'string') {
        throw new PlatformApiError(`The platform accepted the subscription but returned no data. (${answer.status} on POST ${path})`, {
          status: answer.status,
          method: 'POST',
          url: answer.url,
          body: answer.data,
        });
      }
      return created;
    } catch (error) {
      if (signal?.aborted || attempt >= subscribeAttempts || !isTransient(error) || (keepGoing && !keepGoing())) throw error;
      const wait =
        error instanceof PlatformRateLimitError && error.resetAt !== undefined
          ? Math.max(0, error.resetAt - core.clock.now())
          : retryDelay(attempt, core.clock.random);
      await core.clock.sleep(wait, signal);
    }
  }
}

/**
 * Deletes a subscription with the token kind that created it. A subscription the platform no
 * longer has (404) counts as deleted. GET/DELETE are retried by the pipeline as usual.
 */
export async function deleteSubscription(client: ClientHandle, id: string, token: SubscriptionToken): Promise<void> {
  try {
    await runCall(
      clientCore(client),
      { target: { method: 'DELETE', path, token, scopes: [] }, params: {}, encode: () => ({ search: `id=${encodeURIComponent(id)}`, body: undefined }) },
      callOptions(client, undefined, true),
    );
  } catch (error) {
    if (error instanceof PlatformApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * Reads one subscription back as the platform lists it now (`GET /eventsub/subscriptions` with
 * `subscription_id`), with the token kind that created it; undefined when the platform lists none
 * with that ID. A listener uses it to learn when the platform has enabled a subscription. GETs are
 * retried by the pipeline as usual.
 *
 * @throws The call's failure (PlatformApiError, PlatformNetworkError, PlatformTimeoutError).
 */
export async function readSubscription(client: ClientHandle, id: string, token: SubscriptionToken): Promise<CreatedSubscription | undefined> {
  const answer = await runCall(
    clientCore(client),
    { target: { method: 'GET', path, token, scopes: [] }, params: {}, encode: () => ({ search: `subscription_id=${encodeURIComponent(id)}`, body: undefined }) },
    callOptions(client, undefined, true),
  );
  return (answer.data as { data?: CreatedSubscription[] } | undefined)?.data?.find((each) => each.id === id);
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
 * The request options of a listener's calls: the client view's identity (`as`, `token`, timeout),
 * and no pipeline retries for creation, which counts its own attempts.
 */
function callOptions(client: ClientHandle, signal: AbortSignal | undefined, keepRetries = false): RequestOptions {
  const { defaults } = client[clientInternals];
  const options: RequestOptions = { ...defaults };
  if (!keepRetries) options.retries = 0;
  if (signal) options.signal = signal;
  return options;
}
