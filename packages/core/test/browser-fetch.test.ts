/**
 * The transport of runtimes without a sender of their own (browsers, workers, Deno, Bun): the
 * global fetch, read at each request. Here `#runtime-sender` is the module those runtimes load.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, PlatformError } from '../src/index';

vi.mock('#runtime-sender', () => ({ runtimeTransport: undefined }));

const answer = () => new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the global fetch outside Node', () => {
  it('is read at each request: a wrapper installed after the client was made sees the next call', async () => {
    const first = vi.fn(async (_url: string, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', first);
    const client = createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix' });
    await client.request({ method: 'GET', path: '/a' });
    const wrapper = vi.fn(async (_url: string, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', wrapper);
    await client.request({ method: 'GET', path: '/b' });
    expect(first.mock.calls.map(([url]) => String(url))).toEqual(['https://api.test/helix/a']);
    expect(wrapper.mock.calls.map(([url]) => String(url))).toEqual(['https://api.test/helix/b']);
  });

  it('is called with globalThis as this (browsers refuse another receiver)', async () => {
    const receivers: unknown[] = [];
    vi.stubGlobal('fetch', function (this: unknown) {
      receivers.push(this);
      return Promise.resolve(answer());
    });
    await createClient({ clientId: 'c', token: 't', baseUrl: 'https://api.test/helix' }).request({ method: 'GET', path: '/a' });
    expect(receivers).toEqual([globalThis]);
  });

  it('missing at construction is the spec’s error', () => {
    vi.stubGlobal('fetch', undefined);
    expect(() => createClient({ clientId: 'c', token: 't' })).toThrow(new PlatformError('No fetch implementation found. Pass one with the `fetch` option.'));
  });
});
