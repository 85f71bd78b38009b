import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createGunzip } from 'node:zlib';
import type { FetchFunction } from './options';
import type { Answer, AnswerHeaders, Sender } from './transport';

// Node's own transport. Loaded instead of `runtime-sender.ts` under the `node` condition of
// `#runtime-sender`, so browser bundles never see `node:http`. It imports types only from the
// rest of core: the CommonJS build gives this file a module of its own, and a class imported here
// would be a second copy that `instanceof` in the pipeline does not recognise.

/**
 * Node's `http.request` over the global agent (keep-alive since Node 19) costs about half the
 * CPU of Node's fetch per request, and cancels without an AbortSignal, whose per-request handling
 * in fetch costs more than everything else the pipeline does.
 *
 * It is used only while fetch would take the same road: when a program routes fetch elsewhere
 * (a test's stub or a framework's patch in place of the global fetch, or undici's global
 * dispatcher set to a `ProxyAgent` or `MockAgent`), requests go through the global fetch instead.
 * This is checked on every request, so a stub installed after the client was made still counts.
 */
export const runtimeSender: ((fetchSender: (fetch: FetchFunction) => Sender) => Sender | undefined) | undefined = (fetchSender) => {
  // Routed elsewhere from the start: the client takes the global fetch as on every runtime (and
  // asks for one, with the spec's message, when there is none).
  if (!fetchTakesNodesRoad()) return undefined;
  const viaFetch = fetchSender((input, init) => globalThis.fetch(input, init));
  return (exchange) => (fetchTakesNodesRoad() ? nodeSender(exchange) : viaFetch(exchange));
};

let knownFetch: unknown;
let knownIsNodes = false;
const dispatcherKey = Symbol.for('undici.globalDispatcher.1');

/** Whether the global fetch is Node's own, sending through undici's plain `Agent`. */
function fetchTakesNodesRoad(): boolean {
  const fetch: unknown = globalThis.fetch;
  if (fetch !== knownFetch) {
    knownFetch = fetch;
    // Node's fetch loads undici lazily and says so in its source (Node 20 to 24).
    knownIsNodes = typeof fetch === 'function' && Function.prototype.toString.call(fetch).includes('undici');
  }
  if (!knownIsNodes) return false;
  // Node sets this on its first fetch; a program may set its own with undici's setGlobalDispatcher().
  const dispatcher = (globalThis as Record<symbol, unknown>)[dispatcherKey];
  return dispatcher === undefined || (dispatcher as object).constructor?.name === 'Agent';
}

/** Response headers of `node:http`, read as `Headers` reads them, made into `Headers` only on request. */
class NodeAnswerHeaders implements AnswerHeaders {
  readonly #raw: IncomingHttpHeaders;

  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  toHeaders(): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.#raw)) {
      if (typeof value === 'string') headers.append(name, value);
      else if (value) for (const item of value) headers.append(name, item);
    }
    return headers;
  }
}

/** Sends with `node:http` / `node:https` and reads the whole answer, ungzipped when it is gzipped. */
export const nodeSender: Sender = (exchange) => {
  let request: ClientRequest | undefined;
  let fail!: (error: Error) => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    fail = reject;
    const headers: Record<string, string> = { 'Accept-Encoding': 'gzip', ...exchange.headers };
    if (exchange.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(exchange.body));
    request = (exchange.url.startsWith('https:') ? httpsRequest : httpRequest)(exchange.url, { method: exchange.method, headers });
    request.on('error', reject);
    request.on('response', (response) => {
      const encoding = response.headers['content-encoding'];
      const body = encoding === 'gzip' || encoding === 'x-gzip' ? response.pipe(createGunzip()) : response;
      let text = '';
      body.setEncoding('utf8');
      body.on('data', (chunk: string) => {
        text += chunk;
      });
      if (body !== response) body.on('error', reject);
      body.on('end', () => {
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: new NodeAnswerHeaders(response.headers), text });
      });
      // A connection that closes mid-body: Node's own error for it only says "aborted".
      const cutOff = () => {
        if (!response.complete) reject(new Error('the connection closed before the answer ended'));
      };
      response.on('error', cutOff);
      response.on('close', cutOff);
    });
    request.end(exchange.body);
  });
  return {
    answer,
    cancel: () => {
      fail(new Error('cancelled'));
      request?.destroy();
    },
  };
};
