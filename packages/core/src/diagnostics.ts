/** What the pipeline asks of `#diagnostics`: whether a channel has a subscriber, and to publish on one. */
export interface Diagnostics {
  /** Whether either channel has a subscriber now: read once per attempt. */
  watched(): boolean;
  /** Publishes an attempt's event on its channel, if that channel has a subscriber. */
  publish(name: 'request' | 'response', event: unknown): void;
}

/**
 * The channels the pipeline publishes its attempts on: none here. Browsers, workers, Deno and Bun
 * load this module; Node loads `diagnostics.node.ts` instead, through the `node` condition of
 * `#diagnostics` in package.json, so that no browser bundle holds `node:diagnostics_channel`.
 */
export const diagnostics: Diagnostics | undefined = undefined;
