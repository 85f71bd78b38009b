/**
 * The names of the `node:diagnostics_channel` channels the pipeline publishes on, under Node: each
 * attempt's `RequestEvent` on `request` as it is sent, and its `ResponseEvent` on `response` when it
 * ends, the same objects `client.on('request')` and `client.on('response')` receive, for every
 * client of the process. Nothing is built while a channel has no subscriber.
 * `@platform/opentelemetry` turns them into spans.
 *
 * @example
 * import { subscribe } from 'node:diagnostics_channel';
 * subscribe(diagnosticsChannels.response, (event) => console.log((event as ResponseEvent).duration));
 */
export const diagnosticsChannels = {
  /** Each attempt's `RequestEvent`, as it is sent. */
  request: 'platform:request',
  /** Each attempt's `ResponseEvent`, when it ends. */
  response: 'platform:response',
} as const;
