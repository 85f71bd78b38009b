import { diagnostics } from '#diagnostics';
import type { ClientCore } from './client-core';
import type { NextStep, RequestEvent, ResponseEvent } from './events';
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
  // A URL with user info (`https://user:password@host`) is shown without it.
  const event: RequestEvent = { method: target.method, path: target.path, url: url.replace(/\/\/[^/@]*@/, '//'), attempt, bucket, waited, operation: target.name };
  if (waited > 0) core.log?.('warn', `${label(event)} waited ${waited} ms for bucket ${bucket}`);
  core.events.emit('request', event);
  if (diagnostics?.request.hasSubscribers) diagnostics.request.publish(event);
  return event;
}

/**
 * The attempt of `request` (sent at `started`, epoch ms) ended with `status` (or `error` when no
 * answer came) and the pipeline's next step: emits and publishes its `ResponseEvent` and logs it
 * (debug; warn for a retry or a rate-limit wait; info for a token renewal). Nothing without a
 * `request` (nobody watched when the attempt was sent).
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
  const event: ResponseEvent = { ...request, request, status, error, duration: core.clock.now() - started, next };
  core.events.emit('response', event);
  if (diagnostics?.response.hasSubscribers) diagnostics.response.publish(event);
  if (core.log) {
    const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    core.log(
      step === 'retry' || step === 'wait' ? 'warn' : step === 'renew' ? 'info' : 'debug',
      `${label(event)} attempt ${event.attempt}: ${status ?? 'no answer'} in ${event.duration} ms${error !== undefined && step !== 'throw' ? ` (${failure})` : ''}${
        step === 'return' ? '' : step === 'renew' ? ', renewing the token' : step === 'throw' ? `, failing with ${failure}` : `, ${step === 'wait' ? 'waiting for the rate limit' : 'retrying'} in ${Math.round(delay)} ms`
      }`,
    );
  }
}

function label(event: RequestEvent): string {
  return `${event.method} ${event.path}${event.operation ? ` (${event.operation})` : ''}`;
}
