import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { inspect, format } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import * as everything from '../src/index';
import { MemoryTokenStore, Platform, PlatformError, PlatformScopeError, type RateLimitState } from '../src/index';

let mock: MockPlatform | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start() {
  mock = await createMockPlatform();
  const app = mock.addClient({ clientId: 'app-1', clientSecret: 'secret-value-1' });
  const streamer = mock.addUser({ id: '100', login: 'streamer' });
  const moderator = mock.addUser({ id: '200', login: 'moderator' });
  const viewer = mock.addUser({ id: '300', login: 'viewer' });
  mock.state.channel('100').moderators.add('200');
  mock.state.channel('100').chatters.push('100', '200', '300');
  const client = new Platform({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl, tokens: new MemoryTokenStore() });
  const add = (userId: string, scopes: string[]) => client.auth.addUser(mock!.issueToken({ clientId: app.clientId, userId, scopes }).accessToken);
  return { client, streamer, moderator, viewer, add };
}

describe('new Platform()', () => {
  it('refuses bad options at construction', () => {
    expect(() => new Platform({ clientId: '' })).toThrow(new PlatformError('A clientId is required: new Platform({ clientId, clientSecret }).'));
    expect(() => new Platform(undefined as never)).toThrow('A clientId is required');
    expect(() => new Platform({ clientId: 'c', tokens: {} as never })).toThrow('The tokens option must be a token store with get, set, delete and list methods.');
    expect(() => new Platform({ clientId: 'c', timeout: -1 })).toThrow('The timeout option must be a positive number of milliseconds; got -1.');
  });

  it('binds every operation of the three groups', () => {
    const client = new Platform({ clientId: 'c' });
    expect(Object.keys(client.chat)).toHaveLength(19);
    expect(Object.keys(client.moderation)).toHaveLength(25);
    expect(Object.keys(client.guestStar)).toHaveLength(12);
    expect(client.chat).toBe(client.chat);
    expect(typeof client.chat.chatters).toBe('function');
  });

  it('binds the whole HTTP API: every group of every operations package, each name as its standalone function', async () => {
    const client = new Platform({ clientId: 'c' }) as unknown as Record<string, Record<string, unknown>>;
    const groups: Record<string, [string, string[]]> = {
      users: ['@platform/api-users', ['users', 'updateUser', 'blockList', 'blockUser', 'unblockUser', 'userExtensions', 'activeExtensions', 'updateUserExtensions', 'authorizationByUser']],
      channels: ['@platform/api-users', ['channelInformation', 'updateChannel', 'channelEditors', 'followedChannels', 'channelFollowers']],
      teams: ['@platform/api-users', ['channelTeams', 'teams']],
      search: ['@platform/api-users', ['searchCategories', 'searchChannels']],
      games: ['@platform/api-users', ['topGames', 'games']],
      contentClassificationLabels: ['@platform/api-users', ['contentClassificationLabels']],
      whispers: ['@platform/api-users', ['sendWhisper']],
      streams: ['@platform/api-streams', ['streamKey', 'streams', 'followedStreams', 'createStreamMarker', 'streamMarkers']],
      videos: ['@platform/api-streams', ['videos', 'deleteVideos']],
      clips: ['@platform/api-streams', ['createClip', 'createClipFromVod', 'clips', 'clipsDownload']],
      schedule: ['@platform/api-streams', ['schedule', 'scheduleICalendar', 'updateSchedule', 'createScheduleSegment', 'updateScheduleSegment', 'deleteScheduleSegment']],
      raids: ['@platform/api-streams', ['startRaid', 'cancelRaid']],
      ads: ['@platform/api-streams', ['startCommercial', 'adSchedule', 'snoozeNextAd']],
      channelPoints: ['@platform/api-engagement', ['createCustomReward', 'deleteCustomReward', 'customRewards', 'customRewardRedemptions', 'updateCustomReward', 'updateRedemptionStatus']],
      polls: ['@platform/api-engagement', ['polls', 'createPoll', 'endPoll']],
      predictions: ['@platform/api-engagement', ['predictions', 'createPrediction', 'endPrediction']],
      goals: ['@platform/api-engagement', ['creatorGoals']],
      hypeTrain: ['@platform/api-engagement', ['hypeTrainStatus']],
      charity: ['@platform/api-engagement', ['charityCampaign', 'charityDonations']],
      bits: ['@platform/api-engagement', ['bitsLeaderboard', 'cheermotes', 'extensionTransactions', 'customPowerUps']],
      subscriptions: ['@platform/api-engagement', ['broadcasterSubscriptions', 'checkUserSubscription']],
      extensions: ['@platform/api-extensions', ['extensionConfiguration', 'setExtensionConfiguration', 'setExtensionRequiredConfiguration', 'sendExtensionPubSubMessage', 'extensionLiveChannels', 'extensionSecrets', 'createExtensionSecret', 'sendExtensionChatMessage', 'extension', 'releasedExtension', 'extensionBitsProducts', 'updateExtensionBitsProduct']],
      analytics: ['@platform/api-extensions', ['extensionAnalytics', 'gameAnalytics']],
      entitlements: ['@platform/api-extensions', ['dropsEntitlements', 'updateDropsEntitlements']],
    };
    let count = 0;
    for (const [group, [name, operations]] of Object.entries(groups)) {
      const exported = (await import(name)) as Record<string, unknown>;
      expect(Object.keys(client[group]!).sort(), group).toEqual([...operations].sort());
      for (const operation of operations) {
        expect(typeof exported[operation], `${name} ${operation}`).toBe('function');
        expect(exported[`${operation}Operation`], `${name} ${operation}Operation`).toBeDefined();
        count++;
      }
    }
    // Every operation each package exports is bound somewhere.
    for (const name of ['@platform/api-users', '@platform/api-streams', '@platform/api-engagement', '@platform/api-extensions']) {
      const exported = Object.keys((await import(name)) as Record<string, unknown>).filter((key) => key.endsWith('Operation'));
      for (const declaration of exported) {
        const operation = declaration.slice(0, -'Operation'.length);
        expect(Object.values(groups).some(([from, operations]) => from === name && operations.includes(operation)), `${name} ${operation} is bound`).toBe(true);
      }
    }
    expect(count).toBe(82);
    // And the nine EventSub management operations, beside the listeners.
    expect(Object.keys(client.eventsub!).sort()).toEqual(
      ['conduit', 'conduitShards', 'conduits', 'createConduit', 'createSubscription', 'deleteConduit', 'deleteSubscription', 'subscriptions', 'updateConduit', 'updateConduitShards', 'webhook', 'websocket'].sort(),
    );
  });
});

describe('a backend using Platform against the mock', () => {
  it('registers users, picks identities and runs the groups', async () => {
    const { client, add } = await start();
    await add('100', ['moderator:read:chatters', 'moderator:manage:banned_users', 'moderation:read']);
    await add('200', ['moderator:manage:banned_users']);
    expect((await client.auth.users()).map((user) => user.userId).sort()).toEqual(['100', '200']);

    // client.as() views carry the identity into every group.
    const asModerator = client.as('200');
    const ban = await asModerator.moderation.ban({ broadcaster_id: '100', user_id: '300', reason: 'spam' });
    expect(ban).toMatchObject({ broadcaster_id: '100', moderator_id: '200', user_id: '300', end_time: null });
    expect(mock!.requests.at(-1)!.query).toMatchObject({ moderator_id: '200' });

    const chatters = await client.as('100').chat.chatters({ broadcaster_id: '100' }).all();
    expect(chatters.map((chatter) => chatter.user_id)).toEqual(['100', '200', '300']);
    const banned = await client.moderation.bans({ broadcaster_id: '100' }, { as: '100' }).all();
    expect(banned.map((user) => user.user_id)).toEqual(['300']);

    // A missing scope is refused before sending.
    await expect(asModerator.chat.chatters({ broadcaster_id: '100' }).all()).rejects.toBeInstanceOf(PlatformScopeError);
    expect(client.rateLimitOf('100')?.limit).toBe(800);
  });

  it('the app token serves app-or-user operations without a user; request() goes through the same pipeline', async () => {
    const { client } = await start();
    const emotes = await client.chat.globalEmotes();
    expect(emotes.template).toContain('{{id}}');
    const users = await client.request<{ data: { login: string }[] }>({ method: 'GET', path: '/users', query: { login: ['viewer'] } });
    expect(users?.data.map((user) => user.login)).toEqual(['viewer']);
  });

  it('passes the buckets option on: its store takes and records every call, and rateLimitOf() reads it', async () => {
    mock = await createMockPlatform();
    const app = mock.addClient({ clientId: 'app-1', clientSecret: 'secret-value-1' });
    const seen: string[] = [];
    const client = new Platform({
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      baseUrl: mock.baseUrl,
      authUrl: mock.authUrl,
      buckets: (context) => {
        seen.push(`made for ${context.clientId}`);
        let last: RateLimitState | undefined;
        return {
          take: (name) => void seen.push(`take ${name}`),
          release: () => {},
          record: (name, headers) => {
            seen.push(`record ${name}`);
            last = { limit: Number(headers.get('ratelimit-limit')), remaining: Number(headers.get('ratelimit-remaining')), resetAt: Number(headers.get('ratelimit-reset')) * 1000 };
            return undefined;
          },
          state: (name) => (name === 'app' ? last : undefined),
        };
      },
    });
    await client.chat.globalEmotes();
    expect(seen).toEqual(['made for app-1', 'take app', 'record app']);
    expect(client.rateLimitOf()).toMatchObject({ limit: 800, remaining: 799 });
    expect(() => new Platform({ clientId: 'c', buckets: {} as never })).toThrow('The buckets option must be a function; got an object.');
  });

  it('emits tokenInvalid through the client events', async () => {
    const { client } = await start();
    const issued = mock!.issueToken({ clientId: 'app-1', userId: '300', scopes: [], refresh: false });
    await client.auth.addUser(issued.accessToken);
    mock!.expireToken(issued.accessToken);
    const invalid: string[] = [];
    client.on('tokenInvalid', (event) => invalid.push(event.userId));
    await expect(client.request({ method: 'GET', path: '/users' }, { as: '300' })).rejects.toThrow('no longer valid');
    expect(invalid).toEqual(['300']);
  });
});

describe('re-exports', () => {
  it('offers every public name, with the clashing settings operations under their group name', () => {
    for (const name of ['createClient', 'PlatformError', 'PlatformApiError', 'platformAuth', 'MemoryTokenStore', 'chatters', 'ban', 'assignSlot', 'chatSettings', 'chatUpdateSettings', 'guestStarSettings', 'guestStarUpdateSettings', 'Paginator']) {
      expect(everything, name).toHaveProperty(name);
    }
    expect(everything).not.toHaveProperty('settings');
  });

  it('re-exports every runtime name of every package it builds on', async () => {
    const aliased = new Set(['settings', 'updateSettings', 'settingsOperation', 'updateSettingsOperation']);
    // A core client's way to its AuthApi; a Platform has it as client.auth.
    const notForPlatform = new Set(['authOf']);
    const packages = await Promise.all(
      ['@platform/core', '@platform/auth', '@platform/api-chat', '@platform/api-moderation', '@platform/api-gueststar', '@platform/api-users', '@platform/api-streams', '@platform/api-engagement', '@platform/api-extensions', '@platform/eventsub', '@platform/eventsub-ws', '@platform/eventsub-webhook', '@platform/eventsub-conduit'].map(
        async (name) => [name, (await import(name)) as Record<string, unknown>] as const,
      ),
    );
    for (const [name, exported] of packages) {
      for (const key of Object.keys(exported)) {
        if (aliased.has(key) || notForPlatform.has(key)) continue;
        expect(everything, `${key} of ${name}`).toHaveProperty(key);
      }
    }
  });
});

describe('the Node-only file store entry', () => {
  it('keeps a registered user in a file', async () => {
    const { FileTokenStore } = await import('../src/file-store');
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const directory = await mkdtemp(join(tmpdir(), 'platform-client-'));
    mock = await createMockPlatform();
    const app = mock.addClient({ clientId: 'app-1', clientSecret: 'secret-value-1' });
    mock.addUser({ id: '100', login: 'streamer' });
    const tokens = new FileTokenStore(join(directory, 'tokens.json'));
    const client = new Platform({ clientId: app.clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl, tokens });
    await client.auth.addUser(mock.issueToken({ clientId: app.clientId, userId: '100' }).accessToken);
    const again = new Platform({ clientId: app.clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl, tokens: new FileTokenStore(join(directory, 'tokens.json')) });
    expect((await again.auth.users()).map((user) => user.login)).toEqual(['streamer']);
  });
});

describe('client.eventsub', () => {
  it('makes listeners that subscribe as the client view', async () => {
    const { client, moderator, add } = await start();
    await add(moderator.id, ['moderator:read:followers']);
    const { WebSocket } = await import('ws');
    const listener = client.as(moderator.id).eventsub.websocket({ webSocket: WebSocket, onError: () => undefined });
    try {
      const handle = listener.on('channel.follow', { broadcaster_user_id: '100', moderator_user_id: moderator.id }, () => undefined);
      await handle.ready;
      expect(mock!.eventsub.subscriptions()).toMatchObject([{ type: 'channel.follow', version: '2', transport: { method: 'websocket' } }]);
    } finally {
      await listener.close();
    }
    expect(client.eventsub.webhook({ callback: 'http://127.0.0.1:9/hook', secret: 'a-secret-of-20-chars' })).toBeInstanceOf(everything.WebhookListener);
    expect(() => client.eventsub.webhook({ callback: 'http://127.0.0.1:9/hook', secret: 'short' })).toThrow('The webhook secret must be 10 to 100 characters long.');
  });

  it('in the browser build, makes WebSocket listeners and refuses the server-only ones', async () => {
    const browser = await import('../src/browser');
    expect(browser).not.toHaveProperty('eventSubWebhook');
    expect(browser).not.toHaveProperty('eventSubConduit');
    expect(browser).toHaveProperty('eventSubWebSocket');
    const client = new browser.Platform({ clientId: 'app-1' });
    const { WebSocket } = await import('ws');
    expect(client.eventsub.websocket({ webSocket: WebSocket })).toBeInstanceOf(browser.WebSocketListener);
    expect(() => client.eventsub.webhook({ callback: 'https://example.org/hook', secret: 'a-secret-of-20-chars' })).toThrow(
      "client.eventsub.webhook() subscribes with the app token, which needs a clientSecret, so it runs on a server. This is the browser build of @platform/client; on a server or an edge runtime use eventSubWebhook from '@platform/eventsub-webhook'.",
    );
    expect(() => client.eventsub.conduit()).toThrow(browser.PlatformError);
  });
});

describe('secure by default (issue 26)', () => {
  it('console.log(client) and util.inspect(client), at any depth with hidden properties, show no secret and no token of a registered user or the app', async () => {
    const { client } = await start();
    const issued = mock!.issueToken({ clientId: 'app-1', userId: '100', scopes: ['moderator:read:chatters'], refresh: true });
    await client.auth.addUser({ accessToken: issued.accessToken, refreshToken: issued.refreshToken });
    // The app token is fetched and held too.
    await client.chat.globalEmotes();
    const app = await client.auth.appToken();
    const secrets = ['secret-value-1', issued.accessToken, issued.refreshToken!, app.accessToken];
    expect(secrets.every((value) => typeof value === 'string' && value.length > 8)).toBe(true);
    for (const target of [client, client.as('100'), client.as('app'), client.auth, { client }]) {
      const texts = [format('%o', target), format('%O', target), inspect(target, { depth: Infinity, showHidden: true, getters: true }), JSON.stringify(target)];
      for (const text of texts) for (const value of secrets) expect(text).not.toContain(value);
    }
    expect(inspect(client, { depth: Infinity })).toContain('ClientCore { clientId: "app-1" }');
  });

  it('refuses an http: or ws: address on a host other than this machine', () => {
    expect(() => new Platform({ clientId: 'c', baseUrl: 'http://api.example.com/helix' })).toThrow(
      new PlatformError('The baseUrl option must be an https: address: http: is cleartext, allowed only on a loopback host (localhost, 127.x.x.x, [::1]) for local tests; got "http://api.example.com".'),
    );
    expect(() => new Platform({ clientId: 'c', authUrl: 'http://id.example.com/oauth2' })).toThrow('The authUrl option must be an https: address');
    expect(() => new Platform({ clientId: 'c', eventSubWsUrl: 'ws://eventsub.example.com/ws' })).toThrow('The eventSubWsUrl option must be a wss: address');
    expect(() => new Platform({ clientId: 'c', baseUrl: 'http://localhost:8080/helix', authUrl: 'http://[::1]:8080/oauth2', eventSubWsUrl: 'ws://127.0.0.1:8080/ws' })).not.toThrow();
  });

  it('refuses a request() path with a dot segment before anything is sent', async () => {
    const { client } = await start();
    const before = mock!.requests.length;
    await expect(client.request({ method: 'POST', path: '/../oauth2/revoke' })).rejects.toThrow(
      'client.request() needs a path under the base URL, starting with / and without . or .. segments; got "/../oauth2/revoke".',
    );
    expect(mock!.requests.length).toBe(before);
  });
});
