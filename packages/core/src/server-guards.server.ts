import type { HeaderGuard, ServerGuard } from './server-guards';

// The server's form of `#server-guards` (see `server-guards.ts`). Like the other runtime modules it
// imports nothing but types from the rest of core: the CommonJS build gives it a module of its own.

/** A host of this machine, as the URL parser writes it: `localhost`, 127.0.0.0/8 (every IPv4 form becomes four numbers) or `[::1]`. */
const loopback = /^(?:localhost|127(?:\.\d+){3}|\[::1\])$/;

/** The address options, each with its cleartext protocol. */
const addresses = [
  ['baseUrl', 'http:'],
  ['authUrl', 'http:'],
  ['eventSubWsUrl', 'ws:'],
] as const;

/**
 * The keys of the method with which `console.log()` shows an object: Node's `util.inspect.custom`
 * (which Bun's console and `node:util` of every runtime honour too) and Deno's own.
 */
const inspectKeys = [Symbol.for('nodejs.util.inspect.custom'), Symbol.for('Deno.customInspect')];

/** How a core shows: its class and the client ID. */
function inspected(this: { readonly clientId: string }): string {
  return `${this.constructor.name} { clientId: ${JSON.stringify(this.clientId)} }`;
}

/** What `JSON.stringify()` (and so a JSON logger such as pino) writes of a core: the client ID. */
function toJSON(this: { readonly clientId: string }): { clientId: string } {
  return { clientId: this.clientId };
}

/** Hides a core's internals from `util.inspect()` and refuses cleartext addresses to other hosts (Node, Deno, Bun, edge runtimes). */
export const serverGuard: ServerGuard | undefined = (core, options) => {
  // On the class, once: every core shows this way, and so does every client and view, whose
  // secrets and tokens all live under their core (a Platform's `auth` holds functions only).
  const prototype = Object.getPrototypeOf(core) as object;
  if (!Object.hasOwn(prototype, 'toJSON')) {
    for (const [key, value] of [...inspectKeys.map((key) => [key, inspected] as const), ['toJSON', toJSON] as const]) {
      Object.defineProperty(prototype, key, { value, configurable: true, writable: true });
    }
  }
  for (const [name, plain] of addresses) {
    const value = options[name];
    if (value === undefined) continue;
    const url = new URL(value);
    if (url.protocol === plain && !loopback.test(url.hostname)) {
      // The origin alone: the rest of the address says nothing more and may hold credentials.
      return `The ${name} option must be ${plain === 'http:' ? 'an https:' : 'a wss:'} address: ${plain} is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got ${JSON.stringify(`${url.protocol}//${url.host}`)}.`;
    }
  }
  return undefined;
};

/** What an HTTP header value may hold: visible ASCII, spaces and Latin-1 (no tab: no token has one). */
const unsendable = /[^\x20-\x7e\x80-\xff]/;

/** Refuses an exchange whose Authorization holds a character no header can carry (see `HeaderGuard`). */
export const headerGuard: HeaderGuard | undefined = ({ headers, label }) =>
  unsendable.test(headers.Authorization ?? '') ? `${label} was not sent: its token holds a line break or another character that an HTTP header cannot carry.` : undefined;
