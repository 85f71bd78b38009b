import { afterEach, describe, expect, it } from 'vitest';
import { bundlePage } from '../browser/build.ts';
import { serveBrowserApp, type BrowserServer } from '../browser/server.ts';

// The browser example's bundle and static server, without a browser (browser.test.ts runs the page
// in Chromium): the bundle holds the browser build of @platform/client and nothing for Node.

let server: BrowserServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the browser example bundle', () => {
  it('is the browser build: the WebSocket listener, no webhook or conduit listener, nothing of Node', async () => {
    const code = await bundlePage({ workspaceSources: true });
    const classes = [...code.matchAll(/\bvar (\w+) = class\b/g)].map((match) => match[1]);
    expect(classes).toEqual(expect.arrayContaining(['Platform', 'WebSocketListener']));
    expect(classes).not.toContain('WebhookReceiver');
    expect(classes).not.toContain('WebhookListener');
    expect(classes).not.toContain('ConduitListener');
    expect(code).toContain('channel.chat.message');
    expect(code).not.toMatch(/from\s*["']node:|require\(["']node:/);
    expect(code).not.toContain('runtime-sender.node');
    expect(code).not.toContain('diagnostics.node');
    expect(code).not.toContain('diagnostics_channel');
  });
});

describe('the browser example server', () => {
  it('serves the page, its bundle and config.json, and nothing else', async () => {
    const config = { clientId: 'example-browser', channel: 'pixelforge' };
    server = await serveBrowserApp({ config, workspaceSources: true });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(server.url);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<script type="module" src="app.js"></script>');
    const bundle = await fetch(new URL('app.js', server.url));
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await bundle.text()).length).toBeGreaterThan(10_000);
    expect(await (await fetch(new URL('config.json', server.url))).json()).toEqual(config);
    expect((await fetch(new URL('server.ts', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
  });
});
