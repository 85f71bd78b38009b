import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';
import type { Answer, Exchange, PlatformTransport } from '../transport';
import { BodyBytes, NodeAnswerHeaders, withGzip, type HeaderObject } from './reading';
import { requestTarget } from './target';

/** Options of `undiciTransport()`. */
export interface UndiciTransportOptions {
  /**
   * The undici dispatcher every request goes through, used as it is: an `Agent` with TLS options
   * of its own (`new Agent({ connect: { ca } })`), a `ProxyAgent`, an `EnvHttpProxyAgent`, a
   * `MockAgent` in tests, `getGlobalDispatcher()`... Any undici from 6 on. Default: one keep-alive
   * `Agent` of undici 7 (a dependency of `@platform/core`), shared by every client of the process
   * that has none of its own, made at the first request.
   */
  dispatcher?: Dispatcher | undefined;
}

let sharedAgent: Dispatcher | undefined;

/**
 * The shared keep-alive `Agent`, made at the first request that needs it: undici is loaded then,
 * not when core is imported (a program that passes its own transport or `fetch` never loads it).
 */
function defaultDispatcher(): Dispatcher {
  const { Agent } = createRequire(import.meta.url)('undici') as typeof import('undici');
  return (sharedAgent = new Agent());
}

/**
 * A transport over undici's `dispatch()`, the default on Node: of the clients measured on Node
 * (`pnpm bench`, `pnpm bench:transports`), it spends the least CPU per call, about half of
 * `node:http`'s on a small call, and pages as fast or faster. The answer is read whole, gunzipped
 * when it came gzipped (the transport asks for gzip); redirects are not followed.
 *
 * A proxy, a custom CA or a mock goes in as the `dispatcher`; requests then go through it as they
 * are (nothing of the client's own `Agent` is added). OpenTelemetry's undici instrumentation
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
    const reading = new UndiciReading();
    const { origin, path } = requestTarget(exchange.url);
    (given ?? sharedAgent ?? defaultDispatcher()).dispatch(
      { origin: origin.origin, path, method: exchange.method as Dispatcher.HttpMethod, headers: withGzip(exchange.headers), body: exchange.body ?? null },
      reading,
    );
    return { answer: reading.answer, cancel: reading.cancel };
  };
}

/**
 * The handler of one dispatched request: it collects the answer and settles `answer`. It speaks
 * both of undici's handler interfaces: the controller one (`onRequestStart`..., undici 7 and
 * later) and the older one (`onConnect`..., undici 6 and 7), so a user's dispatcher of any of
 * these versions can carry it.
 */
class UndiciReading implements Dispatcher.DispatchHandler {
  readonly answer: Promise<Answer>;
  #resolve!: (answer: Answer) => void;
  #reject!: (error: Error) => void;
  #abort: ((reason: Error) => void) | undefined;
  #cancelled: Error | undefined;
  #status = 0;
  #statusText = '';
  #headers: HeaderObject = {};
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

  #started(abort: (reason: Error) => void): void {
    this.#abort = abort;
    // Cancelled while it waited for a connection: it goes no further.
    if (this.#cancelled) abort(this.#cancelled);
  }

  #ended(): void {
    const status = this.#status;
    const statusText = this.#statusText;
    const headers = this.#headers;
    this.#body.text(
      headers['content-encoding'],
      (text) => this.#resolve({ status, statusText, headers: new NodeAnswerHeaders(headers), text }),
      this.#reject,
    );
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#started((reason) => controller.abort(reason));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: HeaderObject, statusText?: string): void {
    this.#status = status;
    this.#statusText = statusText ?? '';
    this.#headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#body.add(chunk);
  }

  onResponseEnd(): void {
    this.#ended();
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.#reject(error);
  }

  // The older interface, for undici 6 (Node's own copy in Node 20 and 22, a user's dispatcher).
  onConnect(abort: (reason?: Error) => void): void {
    this.#started(abort);
  }

  onHeaders(status: number, raw: Buffer[], _resume: () => void, statusText: string): boolean {
    const headers: HeaderObject = {};
    for (let index = 0; index < raw.length; index += 2) {
      const name = raw[index]!.toString('latin1').toLowerCase();
      const value = raw[index + 1]!.toString('latin1');
      const known = headers[name];
      headers[name] = known === undefined ? value : typeof known === 'string' ? [known, value] : [...known, value];
    }
    this.onResponseStart(undefined as never, status, headers, statusText);
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#body.add(chunk);
    return true;
  }

  onComplete(): void {
    this.#ended();
  }

  onError(error: Error): void {
    this.#reject(error);
  }
}
