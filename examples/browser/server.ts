import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageConfig } from './app.ts';
import { bundlePage, type BundleOptions } from './build.ts';

/** Settings of the page's static server. */
export interface BrowserServerSettings extends BundleOptions {
  /** What the page reads from `config.json`. */
  config: PageConfig;
  /** Port 0 (the default) picks a free one; 127.0.0.1 by default. */
  port?: number | undefined;
  host?: string | undefined;
}

/** The running static server. */
export interface BrowserServer {
  /** The page's address, `http://<host>:<port>/`: register it as a redirect URL of your application. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Bundles the page and serves it as static files: `index.html`, `app.js` (the bundle) and
 * `config.json`. The page then talks to the platform directly from the browser, on the platform's
 * origin: no server of yours sits in between.
 */
export async function serveBrowserApp(settings: BrowserServerSettings): Promise<BrowserServer> {
  const html = await readFile(join(dirname(fileURLToPath(import.meta.url)), 'index.html'));
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': { type: 'text/html; charset=utf-8', body: html },
    '/index.html': { type: 'text/html; charset=utf-8', body: html },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: await bundlePage(settings) },
    '/config.json': { type: 'application/json', body: JSON.stringify(settings.config) },
  };
  const server: Server = createServer((request, response) => {
    const file = request.method === 'GET' || request.method === 'HEAD' ? files[new URL(request.url ?? '/', 'http://localhost').pathname] : undefined;
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }).end(request.method === 'HEAD' ? undefined : file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, settings.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  // The name it was given (`localhost`), else the address it listens on.
  const host = settings.host ?? (address.includes(':') ? `[${address}]` : address);
  return {
    url: `http://${host}:${port}/`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
