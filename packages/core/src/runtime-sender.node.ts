import type { PlatformTransport } from './transport';
import { undiciTransport } from './transports/undici';

// Node's default transport. Loaded instead of `runtime-sender.ts` under the `node` condition of
// `#runtime-sender`, so browser bundles never see undici or `node:http`. It imports types only from
// the rest of core: the CommonJS build gives this file a module of its own, and a class imported
// here would be a second copy that `instanceof` in the pipeline does not recognise.

/**
 * undici's `dispatch()` over one keep-alive `Agent` shared by the clients of the process (made,
 * and undici loaded, at the first request): the cheapest client of Node measured (`pnpm bench`).
 * It is used whatever the global fetch or undici's global dispatcher is: a program that wants
 * those passes `fetch` (or `transport: undiciTransport({ dispatcher: getGlobalDispatcher() })`).
 */
export const runtimeTransport: PlatformTransport | undefined = /* @__PURE__ */ undiciTransport();
