import type { ClientOptions } from './options';
import type { Exchange } from './transport';

/**
 * What a client checks and hides on a server, beyond what it does everywhere; called once by each
 * new core, before anything else is made. It gives the core's class a custom `util.inspect()` (so
 * `console.log()` in Node, Deno and Bun): the class name and the client ID, never the client
 * secret, the `token` option or a registered user's tokens, which all live under the core, at any
 * depth, hidden properties included. It answers the message of the first address option sent in
 * cleartext (`http:`, `ws:`) to a host other than this machine, which the client refuses with a
 * PlatformError (the options' form is checked before: each is an absolute address).
 *
 * Loaded through `#server-guards` in package.json: Node, Deno, Bun and the edge runtimes
 * (`workerd`, `edge-light`) load `server-guards.server.ts`; browsers (the `default` condition)
 * load this module, which has none, so that a browser bundle carries none of its bytes. A browser
 * already blocks cleartext requests from a page served over https (mixed content), and its
 * developer tools show an object's internals whatever it defines.
 */
export type ServerGuard = (core: object, options: ClientOptions) => string | undefined;

/** None here: this is the module browsers load. */
export const serverGuard: ServerGuard | undefined = undefined;

/**
 * What a server checks of each exchange before it is sent: the message of the PlatformAuthError
 * for a token that no HTTP header can carry (a line break would add a header line; a control
 * character), which quotes no part of it; undefined for every other exchange. Node's own
 * transport refuses such a header with words of its own and undici's fetch quotes the whole
 * value ('Headers.append: "Bearer ..." is an invalid header value'): refused here first, the
 * same way on both, and never retried.
 *
 * None in browsers: a browser's fetch refuses such a header itself, and the PlatformNetworkError
 * made of its words has the token redacted like every other (`carriedSecrets()`).
 */
export type HeaderGuard = (exchange: Exchange) => string | undefined;

/** None here: this is the module browsers load. */
export const headerGuard: HeaderGuard | undefined = undefined;
