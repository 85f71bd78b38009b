import { describe, expect, it } from 'vitest';
import * as server from '@platform/client';
import * as browser from '../src/browser';

// The front door of @platform/client exports what a program calls and the types it writes. What
// the listeners and sign-in share among themselves is behind their packages' `/internal` subpaths,
// and `client.auth` / `client.eventsub` stand for the helpers a core client needs.
const plumbing = [
  // @platform/eventsub: the listeners' subscription bookkeeping and their stats' starting value.
  'createListenerSubscription',
  'deleteListenerSubscription',
  'readSubscription',
  'isTransient',
  'readBackDelay',
  'subscribeAttempts',
  'subscribeError',
  'emptyConnectionCounts',
  // @platform/eventsub-ws: the WebSocket session under the listener and how it connects.
  'EventSubSession',
  'resolveWebSocket',
  'connectionUrl',
  'reconnectDelay',
  // @platform/eventsub-webhook: the option check and the comparison with the platform's listing.
  'checkCallbackAndSecret',
  'listedAs',
  'listedOn',
  'every',
  'dedupeTtlMs',
  // @platform/auth: the authenticator behind platformAuth(), and the AuthApi of a core client
  // (a Platform has it as client.auth).
  'AuthManager',
  'authOf',
  // @platform/core/internal.
  'clientCore',
  'ClientCore',
  'runCall',
  // The operation groups as data, which Platform binds: `@platform/api-chat/groups`...
  'chatGroup',
  'usersGroup',
  'eventSubOperations',
];

// Every other runtime name is an operation or its declaration (`<operation>Operation`): adding an
// operation adds those two to the front door and nothing here. The webhook and conduit listeners
// are in the server build only.
const tools = [
  'Platform',
  'createClient',
  'PlatformClient',
  'systemClock',
  'diagnosticsChannels',
  'consoleLogger',
  'pinoLogger',
  'createLogger',
  'fetchTransport',
  'defineOperation',
  'callOperation',
  'paginateOperation',
  'validateParams',
  'stringParam',
  'numberParam',
  'booleanParam',
  'idsParam',
  'arrayParam',
  'objectParam',
  'voidResult',
  'firstResult',
  'firstOrNullResult',
  'dataResult',
  'envelopeResult',
  'pageResult',
  'textResult',
  'Paginator',
  'PlatformError',
  'PlatformApiError',
  'PlatformRateLimitError',
  'PlatformAuthError',
  'PlatformScopeError',
  'PlatformNetworkError',
  'PlatformTimeoutError',
  'PlatformEventSubError',
  'signExtensionJwt',
  'extensionJwtClient',
  'platformAuth',
  'MemoryTokenStore',
  'isUserToken',
  'verifyExtensionJwt',
  'minimumExtensionSecretBytes',
  'EventSubListener',
  'lookupEventSubType',
  'eventSubTypeNames',
  'eventSubWebSocket',
  'WebSocketListener',
];
const serverTools = ['eventSubWebhook', 'WebhookListener', 'WebhookReceiver', 'eventSubConduit', 'ConduitListener'];

/** The runtime names of a build that are not an operation or its declaration. */
function toolsOf(exported: Record<string, unknown>): string[] {
  return Object.keys(exported)
    .filter((name) => !(`${name}Operation` in exported) && !(name.endsWith('Operation') && name.slice(0, -'Operation'.length) in exported))
    .sort();
}

describe('the front door of @platform/client', () => {
  it.each([
    ['server', server],
    ['browser', browser],
  ] as const)('exports none of the packages\u2019 plumbing (%s build)', (build, exported) => {
    expect(Object.keys(exported).filter((name) => plumbing.includes(name))).toEqual([]);
    expect(toolsOf(exported)).toEqual([...tools, ...(build === 'server' ? serverTools : [])].sort());
    for (const name of ['chatters', 'chattersOperation', 'chatSettings', 'guestStarSettings', 'ban', 'users', 'subscriptions']) {
      expect(exported, name).toHaveProperty(name);
    }
  });

  it('differs between the builds only by the webhook and conduit listeners', async () => {
    const serverOnly = new Set([...Object.keys(await import('@platform/eventsub-webhook')), ...Object.keys(await import('@platform/eventsub-conduit'))]);
    expect(Object.keys(server).filter((name) => !(name in browser) && !serverOnly.has(name))).toEqual([]);
    expect(Object.keys(browser).filter((name) => !(name in server))).toEqual([]);
    expect(server.Platform).not.toBe(browser.Platform);
  });
});
