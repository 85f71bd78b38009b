import type { PlatformTransport } from './transport';
import { undiciTransport } from './transports/undici';

// Node's default transport. Loaded instead of `runtime-sender.ts` under the `node` condition of
// `#runtime-sender`, so browser bundles never see undici or `node:http`. It imports types only from
// the rest of core: the CommonJS build gives this file a module of its own, and a class imported
// here would be a second copy that `instanceof` in the pipeline does not recognise.

/**
 * `undiciTransport()`: undici's `dispatch()`, the cheapest client of Node measured (`pnpm bench`),
 * through undici's global dispatcher when the process has one (as Node's fetch sends), else over
 * one keep-alive `Agent` shared by the clients of the process (made, and undici loaded, at the
 * first request). The global fetch is not looked at: a program (a test) that replaces it passes
 * it as the `fetch` option.
 */
export const runtimeTransport: PlatformTransport | undefined = /* @__PURE__ */ undiciTransport();
