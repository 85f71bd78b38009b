import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { createGunzip } from 'node:zlib';
import type { FetchFunction } from './options';
import type { Answer, AnswerHeaders, Exchange, Sender } from './transport';

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
    // Node's names are lowercase, as the pipeline asks for them: lowercased only when not found.
    const value = this.#raw[name] ?? this.#raw[name.toLowerCase()];
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

/** Where requests to one origin go, parsed once: the parts of `http.request()`'s options that its URL gives. */
interface Origin {
  /** The origin as written at the start of request URLs (`https://api.twitch.tv`). */
  readonly text: string;
  /** The host name or address (an IPv6 one without its brackets). */
  readonly host: string;
  /** The port, the protocol's own when the URL names none (as `http.request()` would take it). */
  readonly port: number;
  /** The `Host` header `http.request()` would send: the port only when it is not the protocol's own. */
  readonly hostHeader: string;
  readonly https: boolean;
}

/** Origins parsed so far (a client uses one or two: the API and the OAuth server). */
const origins = new Map<string, Origin | null>();
let lastOrigin: Origin | undefined;

/** A scheme and a host (a name, an IPv4 address or a bracketed IPv6 one) with an optional port: nothing else. */
const plainOrigin = /^https?:\/\/(?:[\w.-]+|\[[\da-f:.]+\])(?::\d+)?$/i;

/**
 * A path and query that `new URL()` gives back unchanged: no dot segment (no segment starts with
 * `.` or `%2e`), no character it would percent-encode, a query that is not empty, no fragment.
 */
const plainPath = /^(?:\/(?!\.|%2e)[\w\-.~!$&()*+,;=:@%]*)+(?:\?[\w\-.~!$&()*+,;=:@%/?]+)?$/i;

/**
 * The options `http.request()` would make of `url`, without parsing it again for every request:
 * the origin is parsed once and the rest, when `new URL()` would leave it as it is, becomes the
 * path. Anything else (credentials in the URL, characters to encode, dot segments) goes to
 * `http.request()` as a string, which parses it as before.
 */
function requestTarget(url: string): { origin: Origin; path: string } | undefined {
  // The origin of the previous request, most often this one's too: no string cut out and hashed.
  if (lastOrigin && url.startsWith(lastOrigin.text) && url.charCodeAt(lastOrigin.text.length) === 47 /* / */) {
    const path = url.slice(lastOrigin.text.length);
    return plainPath.test(path) ? { origin: lastOrigin, path } : undefined;
  }
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (slash < 0) return undefined;
  const originText = url.slice(0, slash);
  let origin = origins.get(originText);
  if (origin === undefined) {
    origin = null;
    if (plainOrigin.test(originText)) {
      const parsedUrl = new URL(originText);
      const parsed = urlToHttpOptions(parsedUrl);
      origin = {
        text: originText,
        host: parsed.hostname!,
        port: parsed.port === undefined ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port),
        hostHeader: parsedUrl.host,
        https: parsed.protocol === 'https:',
      };
    }
    // A program that talks to many origins keeps a bounded list.
    if (origins.size >= 16) origins.clear();
    origins.set(originText, origin);
  }
  if (!origin) return undefined;
  lastOrigin = origin;
  const path = url.slice(slash);
  return plainPath.test(path) ? { origin, path } : undefined;
}

/** Methods for which Node sends `Content-Length: 0` when the request has no body. */
const bodyMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The exchange's headers as a flat list of names and values (the form of `rawHeaders`), with the
 * ones `http.request()` would add: `Host`, `Accept-Encoding: gzip` and `Content-Length`, each
 * unless the exchange has it. Node writes such a list as it is, still checking every name and
 * value, without making a header object and setting each header on it: about 4% of the CPU of a
 * small call on loopback. The request sends what it sent with a header object (Node 20 to 24).
 */
function headerList(exchange: Exchange, origin: Origin): string[] {
  const { headers, body } = exchange;
  const list: string[] = [];
  let host = true;
  let encoding = true;
  let length = true;
  for (const name in headers) {
    list.push(name, headers[name]!);
    // Only names as long as the three added here are compared.
    if (name.length === 4 || name.length === 14 || name.length === 15) {
      const lower = name.toLowerCase();
      if (lower === 'host') host = false;
      else if (lower === 'accept-encoding') encoding = false;
      else if (lower === 'content-length') length = false;
    }
  }
  if (host) list.push('Host', origin.hostHeader);
  if (encoding) list.push('Accept-Encoding', 'gzip');
  if (length && body !== undefined) list.push('Content-Length', String(Buffer.byteLength(body)));
  else if (length && bodyMethods.has(exchange.method)) list.push('Content-Length', '0');
  return list;
}

/** `http.request()` as Node defines it (Node 20 to 24). */
const nodesHttpRequest = 'function request(url, options, cb) {\n  return new ClientRequest(url, options, cb);\n}';

let knownSend: unknown;
let knownTakesList = false;

/**
 * Whether `send` is Node's own `http.request` or `https.request`, which take a header list. A
 * function put in its place (OpenTelemetry's and other tracers' HTTP instrumentation, nock, a
 * test's mock) may expect the header object of Node's documentation: OpenTelemetry's copies it
 * with `Object.assign({}, headers)` to add `traceparent`, which would turn a list into headers
 * named `0`, `1`... Such a function gets the object. Node's own are known by their source text:
 * `http.request`'s exactly, `https.request`'s by Node's internal helpers, which no code outside
 * Node names. Checked again whenever the function changes, so instrumentation installed after
 * the client was made still counts.
 */
export function takesHeaderList(send: typeof httpRequest): boolean {
  if (send !== knownSend) {
    knownSend = send;
    const source = Function.prototype.toString.call(send);
    knownTakesList =
      source === nodesHttpRequest || (source.startsWith('function request(...args) {') && source.includes('ArrayPrototypeShift(args)') && source.includes('ReflectConstruct(ClientRequest, args)'));
  }
  return knownTakesList;
}

/** The headers Node's transport adds to a request made with the exchange's header object. */
function addHeaders(request: ClientRequest, exchange: Exchange): void {
  // Node renders the headers only when the request ends, so these are still sent; the exchange's
  // own Accept-Encoding comes first.
  if (!request.hasHeader('accept-encoding')) request.setHeader('Accept-Encoding', 'gzip');
  if (exchange.body !== undefined) request.setHeader('Content-Length', Buffer.byteLength(exchange.body));
}

/** Sends with `node:http` / `node:https` and reads the whole answer, ungzipped when it is gzipped. */
export const nodeSender: Sender = (exchange) => {
  let request: ClientRequest | undefined;
  let fail!: (error: Error) => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    fail = reject;
    const url = exchange.url;
    const target = requestTarget(url);
    if (target) {
      const { origin, path } = target;
      // Read on every request: a tracer may wrap it at any time.
      const send = origin.https ? httpsRequest : httpRequest;
      const list = takesHeaderList(send);
      const headers = list ? headerList(exchange, origin) : exchange.headers;
      // As few options as a hand-written call passes: Node copies them into a dictionary per request.
      request = send(
        exchange.method === 'GET' ? { host: origin.host, port: origin.port, path, headers } : { host: origin.host, port: origin.port, path, method: exchange.method, headers },
      );
      if (!list) addHeaders(request, exchange);
    } else {
      // The exchange's headers go as they are (no copy).
      request = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, { method: exchange.method, headers: exchange.headers });
      addHeaders(request, exchange);
    }
    request.on('error', reject);
    request.on('response', (response) => {
      const encoding = response.headers['content-encoding'];
      const body = encoding === 'gzip' || encoding === 'x-gzip' ? response.pipe(createGunzip()) : response;
      // The chunks are kept as bytes and decoded once at the end: one UTF-8 pass over the whole
      // body instead of a decoder per answer and a string built chunk by chunk.
      let first: Buffer | undefined;
      let rest: Buffer[] | undefined;
      body.on('data', (chunk: Buffer) => {
        if (first === undefined) first = chunk;
        else (rest ??= [first]).push(chunk);
      });
      if (body !== response) body.on('error', reject);
      body.on('end', () => {
        const text = rest ? Buffer.concat(rest).toString() : first ? first.toString() : '';
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
