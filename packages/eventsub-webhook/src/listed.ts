import type { ClientHandle, Clock } from '@platform/core';
import { subscriptions, type EventSubSubscription, type EventSubSubscriptionCounts } from '@platform/eventsub';
import type { ListenerSubscription } from '@platform/eventsub/internal';

// What the shared transports (webhook and conduit listeners) do to keep their subscriptions in
// step with the platform. Server-only, like those listeners: nothing of it reaches a browser bundle.

/**
 * Every subscription the platform lists for the app (of `type`, when given) whose transport
 * `owns` accepts (a webhook listener's callback, a conduit listener's conduit); `counts` receives
 * each page's `total_cost` and `max_total_cost`.
 *
 * @throws The call's failure (PlatformApiError, PlatformNetworkError, PlatformTimeoutError).
 */
export async function listedOn(
  client: ClientHandle,
  owns: (transport: { method?: unknown; callback?: unknown; conduit_id?: unknown }) => boolean,
  type: string | undefined,
  counts: (page: Partial<EventSubSubscriptionCounts> | undefined) => void,
): Promise<EventSubSubscription[]> {
  const listed: EventSubSubscription[] = [];
  for await (const page of subscriptions(client, type === undefined ? undefined : { type }).pages()) {
    counts(page.raw);
    for (const each of page.data) if (owns(each.transport)) listed.push(each);
  }
  return listed;
}

/** The entry of `listed` that is `subscription`: by its ID, else an enabled one of the same type and condition, else any such one. */
export function listedAs(subscription: ListenerSubscription, listed: readonly EventSubSubscription[]): EventSubSubscription | undefined {
  return (
    listed.find((each) => each.id === subscription.id) ??
    listed.find((each) => each.status === 'enabled' && subscription.matches(each.type, each.version, each.condition)) ??
    listed.find((each) => subscription.matches(each.type, each.version, each.condition))
  );
}

/**
 * Runs `work` every `intervalMs` on `clock`, one run after another, until `stop()`. The timer does
 * not keep a Node process alive on its own.
 */
export function every(
  clock: Clock,
  intervalMs: number,
  work: () => Promise<void>,
): {
  /** Stops it: no run starts afterwards. */
  stop(): void;
} {
  let timer: unknown;
  let stopped = false;
  const tick = () => {
    timer = clock.setTimeout(() => {
      void work().finally(() => {
        if (!stopped) tick();
      });
    }, intervalMs);
    (timer as { unref?: () => void } | undefined)?.unref?.();
  };
  tick();
  return {
    stop() {
      stopped = true;
      clock.clearTimeout(timer);
    },
  };
}
