import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A web-standard request handler: what Bun, Deno, Cloudflare Workers and Hono call `fetch`. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** A running server. */
export interface FetchServer {
  /** `http://<host>:<port>`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves a web-standard `fetch` handler with Node's http server: Node 20 has `Request` and
 * `Response` but no `serve()` of its own. On Bun or Deno, serve the handler directly instead
 * (`export default { fetch }`, `Deno.serve(fetch)`).
 *
 * The body is read whole before the handler runs, which suits small messages such as the
 * platform's webhook posts (a few kilobytes); bodies over `maxBodyBytes` get 413.
 */
export async function serveFetch(handler: FetchHandler, options: { port?: number; host?: string; maxBodyBytes?: number } = {}): Promise<FetchServer> {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const server: Server = createServer((request, response) => {
    void answer(request, response);
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const body = await readBody(request, maxBodyBytes);
      if (body === undefined) {
        response.writeHead(413, { Connection: 'close' }).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (Array.isArray(value)) for (const each of value) headers.append(name, each);
        else if (value !== undefined) headers.set(name, value);
      }
      const method = request.method ?? 'GET';
      const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
      const webResponse = await handler(new Request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body) }));
      const bytes = Buffer.from(await webResponse.arrayBuffer());
      const outgoing: Record<string, string | string[]> = {};
      webResponse.headers.forEach((value, name) => (outgoing[name] = value));
      const cookies = webResponse.headers.getSetCookie();
      if (cookies.length > 0) outgoing['set-cookie'] = cookies;
      response.writeHead(webResponse.status, outgoing).end(bytes);
    } catch (error) {
      // A handler that throws is a bug in the app: answer 500 and let it be seen.
      console.error('The fetch handler failed:', error);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The whole body, or undefined when it is larger than `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
