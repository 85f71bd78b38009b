/**
 * The control table (src/controls.ts): every in-process control of the mock is served at
 * `/mock/<group>.<name>` and every row serves an in-process control; the controls called over
 * HTTP (users, tokens, faults, events, polls) act as their in-process forms do; the errors; the
 * index at `GET /mock/`.
 */
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { ControlTable } from '../src/controls';
import { createMockPlatform, mockControls, type ControlInfo, type MockPlatform, type PollsControl } from '../src/index';
import { pollsControls, type PollsState } from '../src/routes/polls';

/** A JSON answer, read loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const mocks: MockPlatform[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((mock) => mock.close()));
});
async function start(options: Parameters<typeof createMockPlatform>[0] = {}): Promise<MockPlatform> {
  const mock = await createMockPlatform(options);
  mocks.push(mock);
  return mock;
}

/** A `/mock/` call: the status and the parsed JSON answer. */
async function control(mock: MockPlatform, name: string, body?: unknown, init: { method?: string; text?: string } = {}): Promise<{ status: number; body: Loose; headers: Headers }> {
  const response = await fetch(`http://127.0.0.1:${mock.port}/mock/${name}`, {
    method: init.method ?? 'POST',
    ...(init.text !== undefined ? { body: init.text } : body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

/**
 * The mock's members that are not controls, with why. A new member that is neither here nor served
 * at `/mock/` fails the first test.
 */
const NOT_CONTROLS: Record<string, string> = {
  'mock.close': 'stops the server: the process that runs it does that',
  'mock.eventsub.close': 'called by mock.close()',
  'mock.oauth.router': "the OAuth server's routes (internal)",
  'mock.oauth.state': "the OAuth server's view of the state (internal)",
  'mock.oauth.now': "the OAuth server's clock (internal)",
};
/** The mock's members that hold no controls of their own: reached by reading, and by the top-level controls. */
const NOT_GROUPS = new Set(['state', 'limits', 'events']);

/** Every in-process control of a mock: its own methods and `requests`, and each group's members (prototype methods included). */
function inProcessControls(mock: MockPlatform): { methods: Set<string>; properties: Set<string> } {
  const methods = new Set<string>();
  const properties = new Set<string>();
  const record = mock as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'function') methods.add(`mock.${key}`);
    else if (Array.isArray(value)) properties.add(`mock.${key}`);
    else if (value !== null && typeof value === 'object' && !NOT_GROUPS.has(key)) {
      const proto = Object.getPrototypeOf(value) as object | null;
      const names = new Set([...Object.keys(value), ...(proto && proto !== Object.prototype ? Object.getOwnPropertyNames(proto).filter((name) => name !== 'constructor') : [])]);
      for (const name of names) {
        const member = (value as Record<string, unknown>)[name];
        (typeof member === 'function' ? methods : properties).add(`mock.${key}.${name}`);
      }
    }
  }
  for (const name of Object.keys(NOT_CONTROLS)) {
    methods.delete(name);
    properties.delete(name);
  }
  return { methods, properties };
}

/** Whether `mock.a.b` names something on the mock. */
function resolves(mock: MockPlatform, path: string): boolean {
  let at: unknown = { mock };
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

describe('one table of controls', () => {
  it('serves every in-process control at /mock/, exactly one row per method, and no row without an in-process control', async () => {
    const mock = await start();
    const index = mockControls(mock);
    const { methods, properties } = inProcessControls(mock);
    // The walk found the groups (a walk that finds nothing would pass vacuously).
    expect(methods).toContain('mock.polls.vote');
    expect(methods).toContain('mock.chat.userSays');
    expect(methods).toContain('mock.oauth.approveDevice');
    expect(methods).toContain('mock.addUser');
    expect(properties).toContain('mock.requests');
    expect(properties).toContain('mock.hypeTrain.cooldownMs');

    const ofMethods = index.filter((info) => !info.httpOnly);
    const served = ofMethods.map((info) => info.inProcess);
    // One row per method, and one method per row.
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...methods].sort());
    // Every property is read (or changed) by some row, and every HTTP-only row serves a member of the mock.
    const byHttpOnly = new Set(index.filter((info) => info.httpOnly).map((info) => info.inProcess));
    for (const property of properties) expect(byHttpOnly, property).toContain(property);
    for (const info of index) expect(resolves(mock, info.inProcess), info.inProcess).toBe(true);
    // HTTP names are unique (ControlServer refuses two of a name) and paths follow them.
    expect(new Set(index.map((info) => info.name)).size).toBe(index.length);
    for (const info of index) expect(info.path).toBe(`/mock/${info.name}`);
  });

  it('types the in-process group from its table: a table without a row for every method does not compile', () => {
    const { vote, active, get } = pollsControls;
    // @ts-expect-error `settle` has no row
    const missing: ControlTable<PollsState, PollsControl> = { vote, active, get };
    const wrongRun: ControlTable<PollsState, PollsControl> = {
      ...pollsControls,
      // @ts-expect-error `get` returns a poll, not a number
      get: { params: ['pollId: string'], does: 'x', run: () => 1 },
    };
    const wrongArity: ControlTable<PollsState, PollsControl> = {
      ...pollsControls,
      // @ts-expect-error `active` takes one parameter, so it has one text
      active: { params: [], does: 'x', run: (polls, id) => polls.active(id) },
    };
    expect([missing, wrongRun, wrongArity]).toHaveLength(3);
  });
});

describe('the controls over HTTP', () => {
  it('adds a user and issues a token over /mock/, and the token works against /helix', async () => {
    const mock = await start();
    const user = await control(mock, 'users.add', { login: 'caster', display_name: 'Caster' });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ login: 'caster', display_name: 'Caster', id: expect.any(String) });
    expect(mock.state.user(user.body.id)?.login).toBe('caster');

    const options = await control(mock, 'clients.options');
    expect(options.body).toEqual({ clientId: 'mock-client', clientSecret: expect.any(String), baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
    const token = await control(mock, 'tokens.issue', { clientId: options.body.clientId, userId: user.body.id, scopes: ['user:read:email'] });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ accessToken: expect.any(String), clientId: 'mock-client', userId: user.body.id, scopes: ['user:read:email'] });

    const headers = { Authorization: `Bearer ${token.body.accessToken}`, 'Client-Id': options.body.clientId };
    const me = await fetch(`${mock.baseUrl}/users`, { headers });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { login: string }[] }).data).toMatchObject([{ id: user.body.id, login: 'caster' }]);

    expect((await control(mock, 'tokens.expire', { accessToken: token.body.accessToken })).status).toBe(200);
    expect((await fetch(`${mock.baseUrl}/users`, { headers })).status).toBe(401);
  });

  it('triggers an event over /mock/ to a WebSocket subscription', async () => {
    const mock = await start();
    const streamer = mock.addUser({ login: 'streamer' });
    const { clientId } = mock.clientOptions();
    const { accessToken } = mock.issueToken({ clientId, userId: streamer.id, scopes: ['moderator:read:followers'] });
    const socket = new WebSocket(mock.eventSubWsUrl);
    const messages: Loose[] = [];
    const arrived = (type: string) =>
      new Promise<Loose>((resolve) => {
        const look = () => {
          const found = messages.find((message) => message.metadata.message_type === type);
          if (found) resolve(found);
          else setTimeout(look, 10);
        };
        look();
      });
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    try {
      const welcome = await arrived('session_welcome');
      const created = await fetch(`${mock.baseUrl}/eventsub/subscriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Client-Id': clientId, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          type: 'channel.follow',
          version: '2',
          condition: { broadcaster_user_id: streamer.id, moderator_user_id: streamer.id },
          transport: { method: 'websocket', session_id: welcome.payload.session.id },
        }),
      });
      expect(created.status).toBe(202);

      const triggered = await control(mock, 'eventsub.trigger', { type: 'channel.follow', event: { broadcaster_user_id: streamer.id, user_name: 'Fan' } });
      expect(triggered).toMatchObject({ status: 200, body: 1 });
      const notification = await arrived('notification');
      expect(notification.payload.subscription.type).toBe('channel.follow');
      expect(notification.payload.event).toMatchObject({ broadcaster_user_id: streamer.id, user_name: 'Fan' });

      const sessions = await control(mock, 'eventsub.sessions', undefined, { method: 'GET' });
      expect(sessions.body).toMatchObject([{ id: welcome.payload.session.id, state: 'connected', subscriptions: 1 }]);
    } finally {
      socket.close();
    }
  });

  it('answers a poll vote over HTTP exactly as the in-process vote', async () => {
    // Two mocks on the same frozen clock, the same steps: one votes in-process, one over HTTP.
    const now = () => Date.UTC(2025, 0, 1);
    const results: unknown[][] = [];
    for (const over of ['process', 'http'] as const) {
      const mock = await start({ now });
      const streamer = mock.addUser({ login: 'streamer' });
      const viewer = mock.addUser({ login: 'viewer' });
      const { clientId } = mock.clientOptions();
      const { accessToken } = mock.issueToken({ clientId, userId: streamer.id, scopes: ['channel:manage:polls'] });
      const created = await fetch(`${mock.baseUrl}/polls`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Client-Id': clientId, 'Content-Type': 'application/json' },
        body: JSON.stringify({ broadcaster_id: streamer.id, title: 'Heads or Tails?', choices: [{ title: 'Heads' }, { title: 'Tails' }], duration: 300, channel_points_voting_enabled: true, channel_points_per_vote: 10 }),
      });
      const poll = ((await created.json()) as { data: { id: string; choices: { id: string }[] }[] }).data[0]!;
      const vote = { user_id: viewer.id, choice_id: poll.choices[1]!.id, channel_points_votes: 2 };
      const voted = over === 'process' ? mock.polls.vote(streamer.id, vote) : (await control(mock, 'polls.vote', { broadcasterId: streamer.id, ...vote })).body;
      const active = over === 'process' ? mock.polls.active(streamer.id) : (await control(mock, 'polls.active', { broadcasterId: streamer.id })).body;
      results.push([voted, active]);
    }
    expect(results[0]).toMatchObject([{ status: 'ACTIVE', choices: [{ votes: 0 }, { votes: 3, channel_points_votes: 2 }] }, { status: 'ACTIVE' }]);
    expect(results[1]).toEqual(JSON.parse(JSON.stringify(results[0])));
  });

  it('adds and removes a fault over HTTP; /mock/ itself meets no fault, no rate limit and no request log', async () => {
    const mock = await start({ rateLimit: { budget: 1 } });
    const added = await control(mock, 'faults.add', { route: 'GET /users', fault: { kind: 'status', status: 503 } });
    expect(added).toMatchObject({ status: 200, body: { id: expect.any(String) } });
    expect((await fetch(`${mock.baseUrl}/users`)).status).toBe(503);
    expect((await control(mock, 'faults.remove', { id: added.body.id })).status).toBe(200);
    expect((await fetch(`${mock.baseUrl}/users`)).status).toBe(401);
    // Removed once: the id is gone.
    expect(await control(mock, 'faults.remove', { id: added.body.id })).toMatchObject({ status: 400, body: { message: `No rule with id ${added.body.id}.` } });

    mock.fault({ fault: { kind: 'status', status: 500 } });
    const list = await control(mock, 'requests.list', undefined, { method: 'GET' });
    expect(list.status).toBe(200);
    expect(list.body.map((entry: { path: string; status: number }) => `${entry.path} ${entry.status}`)).toEqual(['/users 503', '/users 401']);
    for (let i = 0; i < 3; i++) expect((await control(mock, 'users.list', undefined, { method: 'GET' })).status).toBe(200);
    expect(mock.requests.some((entry) => entry.path.includes('mock'))).toBe(false);
    expect((await control(mock, 'requests.clear')).status).toBe(200);
    expect(mock.requests).toEqual([]);
  });

  it('sends CORS headers and answers preflights like the API', async () => {
    const mock = await start();
    const answer = await control(mock, 'users.list', undefined, { method: 'GET' });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`http://127.0.0.1:${mock.port}/mock/users.add`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');
  });
});

describe('errors', () => {
  it('answers an unknown control 404, naming the index', async () => {
    const mock = await start();
    expect(await control(mock, 'polls.nope', {})).toEqual({
      status: 404,
      body: { error: 'Not Found', status: 404, message: 'No control polls.nope: GET /mock/ lists them.' },
      headers: expect.anything(),
    });
  });

  it('answers a bad body 400', async () => {
    const mock = await start();
    expect((await control(mock, 'users.add', undefined, { text: '{"login":' })).body).toEqual({ error: 'Bad Request', status: 400, message: 'The request body is not valid JSON' });
    expect((await control(mock, 'users.add', [1])).body.message).toBe('The body of users.add must be a JSON object of named parameters.');
    expect(await control(mock, 'tokens.expire', {})).toMatchObject({ status: 400, body: { message: 'Missing parameter "accessToken" of tokens.expire (string).' } });
    expect(await control(mock, 'tokens.expire', { accessToken: 5 })).toMatchObject({ status: 400, body: { message: 'The parameter "accessToken" of tokens.expire must be a string.' } });
    // The fields a rest parameter names without `?` are required: `users.add` takes the user itself.
    expect(await control(mock, 'users.add', { display_name: 'Nobody' })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Missing parameter "login" of users\.add/) } });
    expect(await control(mock, 'faults.add', { times: 1 })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Missing parameter "fault" of faults\.add/) } });
    expect(mock.state.users.size).toBe(0);
    expect(await control(mock, 'polls.active', { broadcasterId: '1', extra: true })).toMatchObject({ status: 400, body: { message: 'Unknown parameter "extra" of polls.active: it takes broadcasterId.' } });
  });

  it('checks a parameter of quoted strings, and answers Maps as objects and Sets as arrays', async () => {
    const mock = await start();
    expect(await control(mock, 'analytics.removeReport', { kind: 'channel', id: '1' })).toMatchObject({
      status: 400,
      body: { message: 'The parameter "kind" of analytics.removeReport must be one of "extension", "game".' },
    });
    expect(await control(mock, 'analytics.removeReport', { kind: 'game', id: 'none' })).toMatchObject({ status: 200, body: false });
    const streamer = mock.addUser({ login: 'streamer' });
    mock.extensions.add({ clientId: 'ext-client', ownerId: streamer.id, name: 'Panel', version: '1.0.0' });
    mock.extensions.setLive('ext-client', streamer.id, true);
    const { body } = await control(mock, 'extensions.get', { clientId: 'ext-client' });
    // What the state keeps in a Map or a Set reaches the caller, not `{}`.
    expect(body.live).toEqual([streamer.id]);
  });

  it("answers a control's own error 400 with its message", async () => {
    const mock = await start();
    const streamer = mock.addUser({ login: 'streamer' });
    const answer = await control(mock, 'polls.vote', { broadcasterId: streamer.id, user_id: streamer.id, choice_id: 'x' });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Bad Request', status: 400, message: `User ${streamer.id} has no active poll.` } });
    expect(() => mock.polls.vote(streamer.id, { user_id: streamer.id, choice_id: 'x' })).toThrow(answer.body.message);
    expect(await control(mock, 'tokens.expire', { accessToken: 'nope' })).toMatchObject({ status: 400, body: { message: 'No such token.' } });
  });

  it('takes GET only for controls that read without parameters', async () => {
    const mock = await start();
    expect(await control(mock, 'users.add', undefined, { method: 'GET' })).toMatchObject({ status: 405, body: { message: 'users.add changes the mock or takes parameters: POST it a JSON object.' } });
    expect((await control(mock, 'requests.list')).status).toBe(200);
    expect((await control(mock, '', {})).status).toBe(405);
  });
});

describe('GET /mock/', () => {
  it('lists every control with its parameters, what it does, its method and path', async () => {
    const mock = await start();
    const response = await fetch(`http://127.0.0.1:${mock.port}/mock/`);
    expect(response.status).toBe(200);
    const { controls } = (await response.json()) as { controls: ControlInfo[] };
    expect(controls).toEqual(JSON.parse(JSON.stringify(mockControls(mock))));
    const byName = new Map(controls.map((info) => [info.name, info]));
    expect(byName.get('polls.vote')).toEqual({
      name: 'polls.vote',
      does: expect.stringContaining('votes'),
      params: [
        { name: 'broadcasterId', type: 'string', optional: false, rest: false },
        { name: 'vote', type: expect.stringContaining('user_id'), optional: false, rest: true },
      ],
      method: 'POST',
      path: '/mock/polls.vote',
      inProcess: 'mock.polls.vote',
      httpOnly: false,
    });
    expect(byName.get('requests.list')).toMatchObject({ method: 'GET', inProcess: 'mock.requests', httpOnly: true });
    expect(byName.get('eventsub.trigger')?.params.map((param) => `${param.name}${param.optional ? '?' : ''}`)).toEqual(['type', 'event?', 'options?']);
    for (const name of ['users.add', 'clients.add', 'clients.options', 'tokens.issue', 'tokens.expire', 'faults.add', 'faults.remove', 'faults.clear', 'requests.clear', 'chat.userSays', 'streams.start', 'oauth.approveDevice', 'oauth.setConsentUser', 'eventsub.revoke']) {
      expect(byName.get(name), name).toBeDefined();
    }
    for (const info of controls) expect(info.does, info.name).toMatch(/\S/);
    expect(controls.map((info) => info.name)).toEqual(controls.map((info) => info.name).sort((a, b) => a.localeCompare(b)));
  });
});
