import http, { type ClientRequest } from 'node:http';
import https from 'node:https';
import type { Answer, PlatformTransport } from '../transport';
import { BodyBytes, NodeAnswerHeaders, withGzip } from './reading';
import { requestTarget } from './target';

/** Options of `nodeHttpTransport()`. */
export interface NodeHttpTransportOptions {
  /**
   * The agent every request goes through, used as it is: an `https.Agent` with TLS options of its
   * own (`new https.Agent({ ca, keepAlive: true })`), a proxy agent (`https-proxy-agent`...).
   * Default: Node's global agents (keep-alive since Node 19).
   */
  agent?: http.Agent | undefined;
}

/**
 * A transport over `node:http` and `node:https`. Not the default on Node (`undiciTransport()`
 * spends less CPU per call), but the one that tools which replace `http.request` see: nock and msw
 * in tests, OpenTelemetry's HTTP instrumentation (`@opentelemetry/instrumentation-http`), an
 * `http.Agent` of a proxy library. `http.request` is looked up at each request, so a wrapper
 * installed after the client was made still sees every call. The answer is read whole, gunzipped
 * when it came gzipped (the transport asks for gzip); redirects are not followed.
 * @example
 * import https from 'node:https';
 * import { createClient } from '@platform/core';
 * import { nodeHttpTransport } from '@platform/core/node';
 * createClient({ clientId, token, transport: nodeHttpTransport({ agent: new https.Agent({ ca, keepAlive: true }) }) });
 */
export function nodeHttpTransport(options: NodeHttpTransportOptions = {}): PlatformTransport {
  const agent = options.agent;
  return (exchange) => {
    let request: ClientRequest | undefined;
    let fail!: (error: Error) => void;
    const answer = new Promise<Answer>((resolve, reject) => {
      fail = reject;
      const { origin, path } = requestTarget(exchange.url);
      const asked = withGzip(exchange.headers);
      // The exchange's own object is never changed: the client sends it again on a retry.
      const headers = exchange.body === undefined ? asked : { ...asked, 'content-length': String(Buffer.byteLength(exchange.body)) };
      // Read from the module at each request: a tracer or a mock may replace it at any time.
      request = (origin.https ? https : http).request({ host: origin.host, port: origin.port, path, method: exchange.method, headers, agent });
      request.on('error', reject);
      request.on('response', (response) => {
        const body = new BodyBytes();
        response.on('data', (chunk: Buffer) => body.add(chunk));
        response.on('end', () => {
          body.text(
            response.headers['content-encoding'],
            (text) => resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: new NodeAnswerHeaders(response.headers), text }),
            reject,
          );
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
}
