import type { FetchFunction } from './options';
import type { Sender } from './transport';

/**
 * The transport a client uses when it is given no `fetch` option. Browsers, workers, Deno and
 * Bun have none of their own here: the client sends with the global fetch. Node loads
 * `runtime-sender.node.ts` instead, through the `node` condition of `#runtime-sender` in
 * package.json.
 */
export const runtimeSender: ((fetchSender: (fetch: FetchFunction) => Sender) => Sender | undefined) | undefined = undefined;
