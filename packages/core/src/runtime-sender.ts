import type { PlatformTransport } from './transport';

/**
 * The transport a client uses when given neither `fetch` nor `transport`, when its runtime has one
 * of its own. Browsers, workers, Deno and Bun have none here: the client sends with the global
 * fetch (`fetchTransport()`). Node loads `runtime-sender.node.ts` instead, through the `node`
 * condition of `#runtime-sender` in package.json: the choice is the export condition's, never a
 * test of the runtime's functions.
 */
export const runtimeTransport: PlatformTransport | undefined = undefined;
