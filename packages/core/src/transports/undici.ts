import { createRequire } from 'node:module';
import type { Agent as UndiciAgent, Dispatcher } from 'undici';
import type { Answer, AnswerHeaders, PlatformTransport } from '../transport';
import { BodyBytes, gzipHeaderList, NodeAnswerHeaders, type HeaderObject } from './reading';
import { requestTarget } from './target';

/** Options of `undiciTransport()`. */
export interface UndiciTransportOptions {
  /**
   * The undici dispatcher every request goes through, used as it is: an `Agent` with TLS options
   * of its own (`new Agent({ connect: { ca } })`), a `ProxyAgent`, an `EnvHttpProxyAgent`, a
   * `MockAgent` in tests... Any undici from 6 on. Default: undici's global dispatcher, the one
   * Node's fetch sends with, when the process has one (set with `setGlobalDispatcher()`, or Node's
   * own once fetch has been called), read at each request; otherwise one keep-alive `Agent` of
   * undici 7 (a dependency of `@platform/core`), shared by every client of the process, made at
   * the first request.
   */
  dispatcher?: Dispatcher | undefined;
}

let sharedAgent: Dispatcher | undefined;

/** Where undici keeps its global dispatcher (`setGlobalDispatcher()`), the one Node's fetch sends with: every copy of undici, Node's own included, reads this key. */
const globalDispatcher = Symbol.for('undici.globalDispatcher.1');

/**
 * The shared keep-alive `Agent`, made at the first request that needs it: undici is loaded then,
 * not when core is imported (a program that passes its own transport or `fetch` never loads it).
 */
function defaultDispatcher(): Dispatcher {
  const { Agent } = createRequire(import.meta.url)('undici') as { Agent: typeof UndiciAgent };
  return (sharedAgent = new Agent());
}

/**
 * A transport over undici's `dispatch()`, the default on Node: of the clients of Node measured
 * with `pnpm bench` (`node:http`, undici's `request()` and `dispatch()`), it spends the least CPU
 * per call, about 0.6x of `node:http`'s on a small call, and pages as fast. The answer is read whole, gunzipped
 * when it came gzipped (the transport asks for gzip); redirects are not followed.
 *
 * It sends as Node's fetch does: through undici's global dispatcher when there is one, so a proxy,
 * a custom CA or a `MockAgent` that a program set with `setGlobalDispatcher()` applies to the
 * client too. One for this client alone goes in as the `dispatcher`, used as it is. OpenTelemetry's undici instrumentation
 * (`@opentelemetry/instrumentation-undici`) traces these requests: undici reports each one on
 * `node:diagnostics_channel`. Nock and msw, which replace `node:http` and `fetch`, do not see
 * them: in such tests, pass `nodeHttpTransport()` or the `fetch` option, or give undici's
 * `MockAgent` as the dispatcher.
 * @example
 * import { createClient } from '@platform/core';
 * import { undiciTransport } from '@platform/core/node';
 * import { Agent, ProxyAgent } from 'undici';
 * // Through a proxy:
 * createClient({ clientId, token, transport: undiciTransport({ dispatcher: new ProxyAgent('http://proxy.internal:3128') }) });
 * // Trusting a private CA:
 * createClient({ clientId, token, transport: undiciTransport({ dispatcher: new Agent({ connect: { ca } }) }) });
 */
export function undiciTransport(options: UndiciTransportOptions = {}): PlatformTransport {
  const given = options.dispatcher;
  return (exchange) => {
    // Read at each request, as fetch reads it: a dispatcher set after the client was made counts.
    const dispatcher = given ?? (globalThis as Record<symbol, Dispatcher | undefined>)[globalDispatcher];
    // The shared Agent is undici 7's, the version core depends on: its own handler interface (see
    // `UndiciReading`). Any other dispatcher, of any version, gets a handler that speaks both.
    const reading = dispatcher ? new DualReading() : new UndiciReading();
    try {
      const { origin, path } = requestTarget(exchange.url);
      (dispatcher ?? sharedAgent ?? defaultDispatcher()).dispatch({ origin: origin.origin, path, method: exchange.method, headers: gzipHeaderList(exchange.headers), body: exchange.body ?? null }, reading);
    } catch (error) {
      // A dispatcher that throws instead of calling the handler (a program's own): the answer says so.
      reading.onError(error as Error);
    }
    return { answer: reading.answer, cancel: reading.cancel };
  };
}

/**
 * The handler of one dispatched request: it collects the answer and settles `answer`. This one
 * speaks undici's older handler interface (`onConnect`, `onHeaders`...), undici 7's own: undici 7
 * wraps a handler of the newer controller interface in an adapter that parses every header of
 * every answer into an object, where this one keeps the raw list and reads only the few headers
 * the client asks for (a few µs of a small call's CPU). undici 8 has only the controller
 * interface: when core moves to it, `DualReading` becomes the only handler.
 */
class UndiciReading implements Dispatcher.DispatchHandler {
  readonly answer: Promise<Answer>;
  #resolve!: (answer: Answer) => void;
  #reject!: (error: Error) => void;
  #abort: ((reason: Error) => void) | undefined;
  #cancelled: Error | undefined;
  #status = 0;
  #statusText = '';
  #headers: AnswerHeaders | undefined;
  readonly #body = new BodyBytes();

  constructor() {
    this.answer = new Promise<Answer>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /** Stops the request: `answer` rejects at once, and undici closes the connection when it has one. */
  readonly cancel = (): void => {
    this.#cancelled ??= new Error('cancelled');
    this.#reject(this.#cancelled);
    this.#abort?.(this.#cancelled);
  };

  protected started(abort: (reason: Error) => void): void {
    this.#abort = abort;
    // Cancelled while it waited for a connection: it goes no further.
    if (this.#cancelled) abort(this.#cancelled);
  }

  protected answered(status: number, statusText: string | undefined, headers: AnswerHeaders): void {
    this.#status = status;
    this.#statusText = statusText ?? '';
    this.#headers = headers;
  }

  protected data(chunk: Buffer): void {
    this.#body.add(chunk);
  }

  protected ended(): void {
    const status = this.#status;
    const statusText = this.#statusText;
    const headers = this.#headers!;
    this.#body.text(headers.get('content-encoding') ?? undefined, (text) => this.#resolve({ status, statusText, headers, text }), this.#reject);
  }

  protected failed(error: Error): void {
    this.#reject(error);
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.started(abort);
  }

  onHeaders(status: number, raw: Buffer[], _resume: () => void, statusText: string): boolean {
    this.answered(status, statusText, new RawAnswerHeaders(raw));
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.data(chunk);
    return true;
  }

  onComplete(): void {
    this.ended();
  }

  onError(error: Error): void {
    this.failed(error);
  }
}

/**
 * The handler for a user's dispatcher: undici's controller interface too (`onRequestStart`...),
 * which undici 7 prefers and undici 8 alone knows, beside the older one, which undici 6 (Node's own
 * copy in Node 20 and 22, a user's) alone knows.
 */
class DualReading extends UndiciReading {
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.started((reason) => controller.abort(reason));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: HeaderObject, statusText?: string): void {
    this.answered(status, statusText, new NodeAnswerHeaders(headers));
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.data(chunk);
  }

  onResponseEnd(): void {
    this.ended();
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.failed(error);
  }
}

/**
 * An answer's headers as undici's older interface gives them (names and values in turn, as bytes),
 * read where they lie: a name is compared only when its length is the one asked for.
 */
class RawAnswerHeaders implements AnswerHeaders {
  readonly #raw: Buffer[];

  constructor(raw: Buffer[]) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    const raw = this.#raw;
    let found: string | null = null;
    for (let index = 0; index < raw.length; index += 2) {
      const key = raw[index]!;
      if (key.length === wanted.length && key.toString('latin1').toLowerCase() === wanted) {
        // Values as undici's own parser reads them (UTF-8); repeated ones joined as `Headers` joins them.
        const value = raw[index + 1]!.toString();
        found = found === null ? value : `${found}, ${value}`;
      }
    }
    return found;
  }

  toHeaders(): Headers {
    const headers = new Headers();
    for (let index = 0; index < this.#raw.length; index += 2) headers.append(this.#raw[index]!.toString('latin1'), this.#raw[index + 1]!.toString());
    return headers;
  }
}
