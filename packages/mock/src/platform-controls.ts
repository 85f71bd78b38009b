// The controls on the mock itself (`mock.addUser()`, `mock.issueToken()`, `mock.fault()`...), as a
// control table (see controls.ts) whose HTTP names group them: `users.add`, `clients.add`,
// `clients.options`, `tokens.issue`, `tokens.expire`, `faults.add`, `faults.remove`,
// `faults.clear`, `requests.list`, `requests.clear`.
import { removersOf, type ControlTable, type HttpOnlyRow } from './controls';
import type { Faults } from './faults';
import { taggedJson, untaggedJson, type Kept, type MockSnapshot } from './persist';
import type { LoggedRequest, MockClientOptions, MockPlatform } from './mock-platform';
import type { MockClient, MockState } from './state';

/** The client ID of the application `mock.clientOptions()` registers when it is given none. */
export const defaultMockClientId = 'mock-client';

/** The controls of `MockPlatform` that are its own methods. */
export type PlatformControls = Pick<MockPlatform, 'addUser' | 'addClient' | 'clientOptions' | 'issueToken' | 'expireToken' | 'fault' | 'clearFaults' | 'clearRequests' | 'snapshot' | 'restore'>;

/** What the mock's own controls act on: users, clients and tokens, the fault rules, the request log. */
export class PlatformState {
  constructor(
    readonly state: MockState,
    readonly faults: Faults,
    readonly requests: LoggedRequest[],
    readonly addresses: Pick<MockClientOptions, 'baseUrl' | 'authUrl' | 'eventSubWsUrl'>,
    readonly now: () => number,
    readonly kept: Kept,
  ) {}

  snapshot(): MockSnapshot {
    return { state: this.state.snapshot(), groups: this.kept.snapshot() };
  }

  restore(snapshot: MockSnapshot): void {
    if (typeof snapshot?.state !== 'object' || snapshot.state === null || typeof snapshot.groups !== 'object' || snapshot.groups === null) {
      throw new Error('A snapshot is { state, groups }, as mock.snapshot() gives it.');
    }
    // The groups are checked first: a bad snapshot changes nothing.
    this.kept.check(snapshot.groups);
    this.state.restore(snapshot.state);
    this.kept.restore(snapshot.groups);
  }

  clientOptions(app?: MockClient | string): MockClientOptions {
    const clientId = app === undefined ? defaultMockClientId : typeof app === 'string' ? app : app.clientId;
    let client = this.state.clients.get(clientId);
    if (!client) {
      if (app !== undefined) throw new Error(`No application ${clientId} is registered with the mock: register it with mock.addClient().`);
      client = this.state.addClient({ clientId });
    }
    return { clientId: client.clientId, clientSecret: client.clientSecret, ...this.addresses };
  }

  expireToken(accessToken: string): void {
    const token = this.state.tokens.get(accessToken);
    if (!token) throw new Error('No such token.');
    token.expiresAt = this.now() - 1;
  }
}

/** `mock.addUser()`... and `POST /mock/users.add`... */
export const platformControls: ControlTable<PlatformState, PlatformControls> = {
  addUser: {
    name: 'users.add',
    params: ['...user: MockUser { login, id?, display_name?, broadcaster_type?, type?, description?, email?... }'],
    does: 'Adds a user (an ID from 1000 up and the login as display name by default); returns the user.',
    run: (platform, user) => platform.state.addUser(user),
  },
  addClient: {
    name: 'clients.add',
    params: ['...client: MockClient { clientId, clientSecret?, redirectUris? }'],
    does: 'Registers an application (a secret is made up when none is given); returns it.',
    run: (platform, client) => platform.state.addClient(client),
  },
  clientOptions: {
    name: 'clients.options',
    params: ['app?: string'],
    does: 'What a client needs to reach the mock: clientId, clientSecret, baseUrl, authUrl, eventSubWsUrl (default application mock-client).',
    run: (platform, app) => platform.clientOptions(app),
  },
  issueToken: {
    name: 'tokens.issue',
    params: ['...options: { clientId, userId?, scopes?: string[], expiresIn?: seconds | null, refresh?: boolean }'],
    does: 'Issues a token as if the user had signed in (without userId, an app token); returns the token.',
    run: (platform, options) => platform.state.issueToken(options),
  },
  expireToken: {
    name: 'tokens.expire',
    params: ['accessToken: string'],
    does: 'Makes a token expire now.',
    run: (platform, accessToken) => platform.expireToken(accessToken),
  },
  fault: {
    name: 'faults.add',
    params: ["...rule: FaultRule { route?: 'GET /chat/chatters' | 'helix' | 'oauth' | '*', times?, fault: { kind, ... } }"],
    does: 'A failure on demand (latency, status, rate-limit, reset, hang...); in-process returns a remover, over HTTP { id } for faults.remove.',
    run: (platform, rule) => platform.faults.add(rule),
    json: (platform, rule) => removersOf(platform).keep(platform.faults.add(rule)),
  },
  clearFaults: {
    name: 'faults.clear',
    params: [],
    does: 'Removes every fault rule.',
    run: (platform) => platform.faults.clear(),
  },
  snapshot: {
    name: 'snapshot',
    params: [],
    reads: true,
    does: 'Everything the mock keeps (users, clients, tokens, channels, and each group\'s records); over HTTP each Map as {"$map": [[key, value]...]} and each Set as {"$set": [...]}, as platform-mock serve --state writes it.',
    run: (platform) => platform.snapshot(),
    json: (platform) => taggedJson(platform.snapshot()),
  },
  restore: {
    name: 'restore',
    params: ['snapshot: MockSnapshot'],
    does: 'Puts a snapshot back (what snapshot gave, Maps and Sets tagged over HTTP); a group the snapshot does not name is left as it is.',
    run: (platform, snapshot) => platform.restore(untaggedJson(snapshot) as MockSnapshot),
  },
  clearRequests: {
    name: 'requests.clear',
    params: [],
    does: 'Forgets the requests logged so far.',
    run: (platform) => {
      platform.requests.length = 0;
    },
  },
};

/** What the mock's own controls serve over HTTP only: the request log, the users, a fault's removal. */
export const platformHttpOnly: Record<string, HttpOnlyRow<PlatformState>> = {
  requestsList: {
    name: 'requests.list',
    of: 'requests',
    params: [],
    reads: true,
    does: 'Every request the API and OAuth server received, in order (never those to /mock/).',
    run: (platform) => platform.requests,
  },
  faultsRemove: {
    name: 'faults.remove',
    of: 'fault',
    params: ['id: string'],
    does: 'Removes the fault rule faults.add answered with this id.',
    run: (platform, id: string) => removersOf(platform).remove(id),
  },
  usersList: {
    name: 'users.list',
    of: 'state.users',
    params: [],
    reads: true,
    does: 'Every user, in the order they were added.',
    run: (platform) => [...platform.state.users.values()],
  },
};
