/**
 * twurple calls the platform at fixed addresses (`https://api.twitch.tv/helix/...` and
 * `https://id.twitch.tv/oauth2/...`) with the global `fetch`, looked up at each call
 * (`@twurple/api-call`'s `callTwitchApiRaw`). Its own test mode (`TWURPLE_MOCK_API_PORT`) would
 * send Helix calls to `/mock/<path>`, the mock's controls, so instead the global `fetch` is
 * replaced while a test runs: the platform's two addresses go to the mock's, anything else must
 * already be on 127.0.0.1, and every other request is refused (and recorded, so that a refusal
 * twurple swallows still fails the test).
 */
export interface Redirect {
  /** The addresses refused: a request that would have left the machine. */
  readonly refused: string[];
  /** Every request sent on, as `METHOD url` on the mock. */
  readonly sent: string[];
  /** Puts the `fetch` that was there back. */
  restore(): void;
}

/** Where the platform's two addresses go: the mock's `baseUrl` and `authUrl`. */
export interface RedirectTargets {
  baseUrl: string;
  authUrl: string;
}

const platformBases: ReadonlyArray<[from: string, to: keyof RedirectTargets]> = [
  ['https://api.twitch.tv/helix', 'baseUrl'],
  ['https://id.twitch.tv/oauth2', 'authUrl'],
];

/** The mock's address for a platform address, or the address itself when it is not the platform's. */
export function mockAddress(url: string, targets: RedirectTargets): string {
  for (const [from, to] of platformBases) {
    if (url === from || url.startsWith(`${from}/`) || url.startsWith(`${from}?`)) return targets[to] + url.slice(from.length);
  }
  return url;
}

function isLoopback(url: string): boolean {
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

/** Replaces the global `fetch` with one that sends the platform's requests to the mock. */
export function redirectToMock(targets: RedirectTargets): Redirect {
  const original = globalThis.fetch;
  const refused: string[] = [];
  const sent: string[] = [];
  const redirected = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const target = mockAddress(url, targets);
    if (!isLoopback(target)) {
      refused.push(url);
      return Promise.reject(new TypeError(`interop-twurple: refused ${url}: only 127.0.0.1 may be reached`));
    }
    sent.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${target}`);
    return original(input instanceof Request ? new Request(target, input) : target, init);
  };
  globalThis.fetch = redirected;
  return {
    refused,
    sent,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
