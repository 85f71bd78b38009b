/** Waits until `check` holds: the examples react over real sockets, within milliseconds. */
export async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Waited ${timeoutMs} ms for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A subscription as the platform lists it (Get EventSub Subscriptions), the fields the tests read. */
export interface ListedSubscription {
  id: string;
  type: string;
  status: string;
  condition: Record<string, string>;
  transport: { method: string; callback?: string; session_id?: string; conduit_id?: string };
}

/** The mock platform's subscriptions, typed as the platform lists them. */
export function subscriptionsOf(mock: { eventsub: { subscriptions(): Record<string, unknown>[] } }): ListedSubscription[] {
  return mock.eventsub.subscriptions() as unknown as ListedSubscription[];
}
