import { diagnostics } from '#diagnostics';
import type { ClientCore } from './client-core';
import type { ClientEvents, NextStep, RequestEvent } from './events';
import type { HttpMethod } from './types';

// What the pipeline tells about each attempt: the `request` and `response` client events, the
// diagnostics channels (Node) and the log. The pipeline asks `watched()` once per attempt and builds
// nothing more when nobody watches.

/** Whether anyone watches `core`'s attempts: an event listener, the logger, or a channel subscriber. */
export function watched(core: ClientCore): boolean {
  return !!(core.log || core.events.has('request') || core.events.has('response') || diagnostics?.request.hasSubscribers || diagnostics?.response.hasSubscribers);
}

/** The attempt being sent: emits and publishes its `RequestEvent`, and returns it for `settled()`. */
export function sent(
  core: ClientCore,
  target: { readonly method: HttpMethod; readonly path: string; readonly name?: string | undefined },
  url: string,
  bucket: string | undefined,
  attempt: number,
  waited: number,
): RequestEvent {
  return tell(core, 'request', { method: target.method, path: target.path, url, attempt, bucket, waited, operation: target.name });
}

/**
 * The attempt of `request` (sent at `started`, epoch ms) ended with `status` (or `error` when no
 * answer came) and the pipeline's next step: emits and publishes its `ResponseEvent` and logs it
 * (debug; warn for a retry, info for a token renewal; waits for a rate limit are logged from the
 * `rateLimit` event). Nothing without a `request` (nobody watched when the attempt was sent).
 */
export function settled(
  core: ClientCore,
  request: RequestEvent | undefined,
  started: number,
  status: number | undefined,
  step: NextStep['step'],
  delay = 0,
  error?: unknown,
): void {
  if (!request) return;
  const next = (step === 'retry' || step === 'wait' ? { step, delay } : { step }) as NextStep;
  const { method, path, operation, attempt, duration } = tell(core, 'response', { ...request, request, status, error, duration: core.clock.now() - started, next });
  const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  core.log?.(
    step === 'retry' ? 'warn' : step === 'renew' ? 'info' : 'debug',
    `${method} ${path}${operation ? ` (${operation})` : ''} attempt ${attempt}: ${status ?? failure}, ${duration} ms, ${step}${
      'delay' in next ? ` in ${Math.round(delay)} ms` : step === 'throw' && status ? ` ${failure}` : ''
    }`,
  );
}

/** Emits a client event and publishes it on its diagnostics channel. */
function tell<Name extends 'request' | 'response'>(core: ClientCore, name: Name, event: ClientEvents[Name]): ClientEvents[Name] {
  core.events.emit(name, event);
  if (diagnostics?.[name].hasSubscribers) diagnostics[name].publish(event);
  return event;
}
