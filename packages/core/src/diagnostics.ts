/** A channel of `node:diagnostics_channel`, as far as the pipeline uses it. */
export interface DiagnosticsChannel {
  readonly hasSubscribers: boolean;
  publish(message: unknown): void;
}

/**
 * The channels the pipeline publishes its attempts on: none here. Browsers, workers, Deno and Bun
 * load this module; Node loads `diagnostics.node.ts` instead, through the `node` condition of
 * `#diagnostics` in package.json, so that no browser bundle holds `node:diagnostics_channel`.
 */
export const diagnostics: { readonly request: DiagnosticsChannel; readonly response: DiagnosticsChannel } | undefined = undefined;
