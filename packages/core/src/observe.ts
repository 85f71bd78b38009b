import { diagnostics } from '#diagnostics';
import type { ClientCore } from './client-core';
import type { ClientEvents, NextStep, RequestEvent } from './events';
import type { HttpMethod } from './types';

// What the pipeline tells about each attempt: the `request` and `response` client events and, on
// Node, the diagnostics channels. The pipeline asks `watched()` once per attempt and builds nothing
// more while nobody watches. The log line of each attempt is the logger's (`createLogger()`), which
// listens to `response` like any listener.

/**
 * Whether anyone watches `core`'s attempts: a `request` or `response` listener (the logger is
 * one), or, on Node, a subscriber of a diagnostics channel.
 */
export function watched(core: ClientCore): boolean {
  return !!(core.attempts || diagnostics?.watched());
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
 * answer came) and the pipeline's `next` step: emits and publishes its `ResponseEvent`. Nothing
 * without a `request` (nobody watched when the attempt was sent).
 */
export function settled(core: ClientCore, request: RequestEvent | undefined, started: number, status: number | undefined, next: NextStep, error?: unknown): void {
  if (request) tell(core, 'response', { ...request, request, status, error, duration: core.clock.now() - started, next });
}

/** Emits a client event and publishes it on its diagnostics channel. */
function tell<Name extends 'request' | 'response'>(core: ClientCore, name: Name, event: ClientEvents[Name]): ClientEvents[Name] {
  core.attempts?.emit(name, event);
  diagnostics?.publish(name, event);
  return event;
}
