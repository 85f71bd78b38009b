import { existsSync } from 'node:fs';
import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveBrowserApp, type BrowserServer } from '../browser/server.ts';

// The browser example in a real headless Chromium (Debian's `chromium` package, driven by
// playwright-core; no browser is ever downloaded). The mock platform listens on one origin and the
// page is served from another, so every call crosses origins as it does from a real page to the
// real platform: the page signs in through the mock's consent page (implicit flow), renders the
// global emotes, and shows a chat message that reached it over the EventSub WebSocket.

const CHROMIUM = '/usr/bin/chromium';
const missing = !existsSync(CHROMIUM);
// Outside CI a machine without Chromium skips this file; in CI it must run, so it fails there.
if (missing && !process.env.CI) console.warn(`Skipping the real-browser test: ${CHROMIUM} is missing (apt-get install -y chromium).`);

/** A 1×1 PNG, served for the emote images: the test reaches no address outside 127.0.0.1. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CLIENT_ID = 'example-browser';

describe.skipIf(missing && !process.env.CI)('the browser example in headless Chromium, against the mock on another origin', () => {
  let browser: Browser;
  let mock: MockPlatform;
  let server: BrowserServer;
  /** The page's address: on localhost, while the mock is on 127.0.0.1 (another host, another origin). */
  let pageUrl: string;
  let context: BrowserContext;
  let page: Page;
  let streamer: MockUser;
  let viewer: MockUser;
  let pageErrors: string[];
  /** Requests of the page that failed (any address outside this machine would, the emote images aside). */
  let failed: string[];

  beforeAll(async () => {
    if (missing) throw new Error(`${CHROMIUM} is missing: CI installs Debian's chromium package (apt-get install -y chromium) before the tests.`);
    // localhost is 127.0.0.1, and no other host name resolves: nothing can leave the machine.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--host-resolver-rules=MAP localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    mock = await createMockPlatform();
    streamer = mock.addUser({ login: 'pixelforge', display_name: 'PixelForge' });
    viewer = mock.addUser({ login: 'quietfox', display_name: 'QuietFox' });
    const reader = mock.addUser({ login: 'pagereader' });
    // The mock's consent page approves as this user.
    mock.oauth.consentUser = reader.id;
    const config = { clientId: CLIENT_ID, channel: streamer.login, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl };
    server = await serveBrowserApp({ config, workspaceSources: true });
    pageUrl = server.url.replace('//127.0.0.1:', '//localhost:');
    mock.addClient({ clientId: CLIENT_ID, redirectUris: [pageUrl] });

    context = await browser.newContext();
    page = await context.newPage();
    // The emote images (the mock's addresses, on https://static.example) get a pixel. Through the
    // DevTools protocol for their addresses alone: Playwright's own routing would answer the
    // page's CORS preflights itself, and the mock's CORS would go untested.
    const devtools = await context.newCDPSession(page);
    devtools.on('Fetch.requestPaused', (paused) => {
      void devtools.send('Fetch.fulfillRequest', { requestId: paused.requestId, responseCode: 200, responseHeaders: [{ name: 'Content-Type', value: 'image/png' }], body: PIXEL.toString('base64') });
    });
    await devtools.send('Fetch.enable', { patterns: [{ urlPattern: 'https://static.example/*', requestStage: 'Request' }] });
    pageErrors = [];
    failed = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  });

  afterEach(async () => {
    await context?.close();
    await server?.close();
    await mock?.close();
  });

  it('signs in, renders the global emotes and shows a chat message that came over the EventSub WebSocket', async () => {
    // Two origins: the browser enforces CORS on every call the page makes to the mock.
    expect(new URL(pageUrl).hostname).toBe('localhost');
    expect(new URL(mock.baseUrl).hostname).toBe('127.0.0.1');

    await page.goto(pageUrl);
    await page.click('#sign-in');
    // Consent page on the mock's origin, then back to the page with the token in the fragment.
    await page.waitForSelector('#app[data-ready="true"]');
    expect(await page.textContent('#status')).toBe('Live chat of #pixelforge');
    // The page took the token out of its address.
    expect(new URL(page.url()).hash).toBe('');

    const emotes = await page.$$eval('#emotes img', (images) => (images as HTMLImageElement[]).map((image) => ({ alt: image.alt, loaded: image.complete && image.naturalWidth > 0, src: image.src })));
    expect(emotes.map((emote) => emote.alt)).toEqual(['SmileWide', 'HighFive', 'GoodGame', 'HeartBeat']);
    expect(emotes.every((emote) => emote.loaded)).toBe(true);
    expect(emotes[0]!.src).toBe('https://static.example/emoticons/v2/101/static/dark/1.0');

    mock.chat.userSays(streamer.id, viewer.id, 'GoodGame well played');
    const line = page.locator('#chat li').first();
    await line.waitFor();
    // The emote is an image, between the name's colon and the text's leading space.
    expect(await line.textContent()).toBe('QuietFox:  well played');
    expect(await line.locator('img.emote').getAttribute('alt')).toBe('GoodGame');

    // The calls went from the browser to the mock across origins: preflights, then the calls.
    const seen = mock.requests.map((request) => `${request.method} ${request.path}`);
    expect(seen).toEqual(expect.arrayContaining(['OPTIONS /oauth2/validate', 'GET /oauth2/validate', 'OPTIONS /chat/emotes/global', 'GET /chat/emotes/global', 'OPTIONS /eventsub/subscriptions', 'POST /eventsub/subscriptions']));
    expect(mock.requests.filter((request) => request.method === 'OPTIONS').every((request) => request.token === undefined)).toBe(true);
    expect(mock.eventsub.subscriptions()).toEqual([expect.objectContaining({ type: 'channel.chat.message', status: 'enabled', transport: expect.objectContaining({ method: 'websocket' }) })]);
    expect(pageErrors).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('refuses a token in the address that it did not ask for (a forged sign-in)', async () => {
    const forged = mock.issueToken({ clientId: CLIENT_ID, userId: viewer.id, scopes: ['user:read:chat'] });
    await page.goto(`${pageUrl}#access_token=${forged.accessToken}&state=not-mine&token_type=bearer`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('not started here'));
    expect(new URL(page.url()).hash).toBe('');
    expect(mock.requests.filter((request) => request.method !== 'OPTIONS')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
