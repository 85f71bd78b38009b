import { createClient, PlatformError, type ClientHandle, type ParamSpec } from '@platform/core';
import { describe, expect, it } from 'vitest';
import * as moderation from '../src/index';
import { stubFetch, testAuthenticator, type StubReply } from './stub';

/**
 * Every operation of the group on the wire: method, path, query (repeated keys in order), JSON
 * body, the token it goes out with, its declared token kinds and scopes (the spec's), and the
 * result it makes of a canned answer.
 */
/** What the table reads of a declaration, whatever its parameter and result types. */
interface Declared {
  readonly name: string;
  readonly token: string;
  readonly scopes: readonly string[];
  readonly params: Readonly<Record<string, ParamSpec>>;
}

interface WireCase {
  /** The spec's operation name, plus a note when an operation has several rows. */
  title: string;
  operation: Declared;
  /** Token kinds and scopes as the spec's table gives them. */
  token: 'either' | 'user';
  scopes: string[];
  /** The call; for a list operation, the first page's items and cursor. */
  call: (client: ClientHandle) => Promise<unknown>;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The query pairs in the order sent (the filled-in acting user comes last). */
  query: [string, string][];
  /** The parsed JSON body, or undefined for none. */
  body?: unknown;
  /** The Authorization header expected. */
  authorization: string;
  answer: StubReply;
  result: unknown;
}

const settings = {
  broadcaster_id: '1',
  moderator_id: '7',
  overall_level: null,
  disability: 1,
  aggression: 0,
  sexuality_sex_or_gender: 0,
  misogyny: 0,
  bullying: 0,
  swearing: 2,
  race_ethnicity_or_religion: 0,
  sex_based_terms: 0,
};
const bannedUser = {
  user_id: '9',
  user_login: 'troll',
  user_name: 'Troll',
  expires_at: '',
  created_at: '2026-01-01T00:00:00Z',
  reason: 'spam',
  moderator_id: '7',
  moderator_login: 'mod',
  moderator_name: 'Mod',
};
const userBan = { broadcaster_id: '1', moderator_id: '7', user_id: '9', created_at: '2026-01-01T00:00:00Z', end_time: '2026-01-01T00:10:00Z' };
const unbanRequest = {
  id: 'r1',
  broadcaster_id: '1',
  broadcaster_login: 'streamer',
  broadcaster_name: 'Streamer',
  moderator_id: '7',
  moderator_login: 'mod',
  moderator_name: 'Mod',
  user_id: '9',
  user_login: 'troll',
  user_name: 'Troll',
  text: 'sorry',
  status: 'approved',
  created_at: '2026-01-01T00:00:00Z',
  resolved_at: '2026-01-02T00:00:00Z',
  resolution_text: 'Welcome back & behave',
};
const term = {
  broadcaster_id: '1',
  moderator_id: '7',
  id: 't1',
  text: 'bad*',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  expires_at: null,
};
const shield = { is_active: true, moderator_id: '7', moderator_login: 'mod', moderator_name: 'Mod', last_activated_at: '2026-01-01T00:00:00Z' };
const suspicious = { user_id: '9', broadcaster_id: '1', moderator_id: '7', updated_at: '2026-01-01T00:00:00Z', status: 'RESTRICTED', types: ['MANUALLY_ADDED'] };
const user = (id: string) => ({ user_id: id, user_login: `u${id}`, user_name: `U${id}` });
const page = (data: unknown[], cursor?: string): StubReply => ({ body: { data, pagination: cursor ? { cursor } : {} } });
const firstPage = async (paginator: PromiseLike<{ data: readonly unknown[]; cursor: string | undefined }>) => {
  const { data, cursor } = await paginator;
  return { data, cursor };
};
const none: StubReply = { status: 204 };

const user7 = 'Bearer user-token-7';
const user1 = 'Bearer user-token-1';
const app = 'Bearer app-token';

const cases: WireCase[] = [
  {
    title: 'checkAutoMod',
    operation: moderation.checkAutoModOperation,
    token: 'either',
    scopes: ['moderation:read'],
    call: (client) => moderation.checkAutoMod(client, { data: [{ msg_id: 'a', msg_text: 'hi' }, { msg_id: 'b', msg_text: 'bad' }] }, { as: '1' }),
    method: 'POST',
    path: '/moderation/enforcements/status',
    query: [['broadcaster_id', '1']],
    body: { data: [{ msg_id: 'a', msg_text: 'hi' }, { msg_id: 'b', msg_text: 'bad' }] },
    authorization: user1,
    answer: { body: { data: [{ msg_id: 'a', is_permitted: true }, { msg_id: 'b', is_permitted: false }] } },
    result: [{ msg_id: 'a', is_permitted: true }, { msg_id: 'b', is_permitted: false }],
  },
  {
    title: 'checkAutoMod with the app token',
    operation: moderation.checkAutoModOperation,
    token: 'either',
    scopes: ['moderation:read'],
    call: (client) => moderation.checkAutoMod(client, { broadcaster_id: '1', data: [{ msg_id: 'a', msg_text: 'hi' }] }, { as: 'app' }),
    method: 'POST',
    path: '/moderation/enforcements/status',
    query: [['broadcaster_id', '1']],
    body: { data: [{ msg_id: 'a', msg_text: 'hi' }] },
    authorization: app,
    answer: { body: { data: [{ msg_id: 'a', is_permitted: true }] } },
    result: [{ msg_id: 'a', is_permitted: true }],
  },
  {
    title: 'manageAutoModMessage',
    operation: moderation.manageAutoModMessageOperation,
    token: 'either',
    scopes: ['moderator:manage:automod'],
    call: (client) => moderation.manageAutoModMessage(client, { msg_id: 'm1', action: 'DENY' }, { as: '7' }),
    method: 'POST',
    path: '/moderation/automod/message',
    query: [],
    body: { msg_id: 'm1', action: 'DENY', user_id: '7' },
    authorization: user7,
    answer: none,
    result: undefined,
  },
  {
    title: 'autoModSettings',
    operation: moderation.autoModSettingsOperation,
    token: 'either',
    scopes: ['moderator:read:automod_settings', 'moderator:manage:automod_settings'],
    call: (client) => moderation.autoModSettings(client, { broadcaster_id: '1' }, { as: '7' }),
    method: 'GET',
    path: '/moderation/automod/settings',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    authorization: user7,
    answer: { body: { data: [settings] } },
    result: settings,
  },
  {
    title: 'updateAutoModSettings with the overall level',
    operation: moderation.updateAutoModSettingsOperation,
    token: 'either',
    scopes: ['moderator:manage:automod_settings'],
    call: (client) => moderation.updateAutoModSettings(client, { broadcaster_id: '1', overall_level: 3 }, { as: '7' }),
    method: 'PUT',
    path: '/moderation/automod/settings',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { overall_level: 3 },
    authorization: user7,
    answer: { body: { data: [{ ...settings, overall_level: 3 }] } },
    result: { ...settings, overall_level: 3 },
  },
  {
    title: 'updateAutoModSettings category by category, with the app token',
    operation: moderation.updateAutoModSettingsOperation,
    token: 'either',
    scopes: ['moderator:manage:automod_settings'],
    call: (client) => moderation.updateAutoModSettings(client, { broadcaster_id: '1', moderator_id: '7', disability: 1, swearing: 2 }, { as: 'app' }),
    method: 'PUT',
    path: '/moderation/automod/settings',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { disability: 1, swearing: 2 },
    authorization: app,
    answer: { body: { data: [settings] } },
    result: settings,
  },
  {
    title: 'bans',
    operation: moderation.bansOperation,
    token: 'either',
    scopes: ['moderation:read', 'moderator:manage:banned_users'],
    call: (client) => firstPage(moderation.bans(client, { user_id: ['9', '10'], first: 50, after: 'c1' }, { as: '1' })),
    method: 'GET',
    path: '/moderation/banned',
    query: [['user_id', '9'], ['user_id', '10'], ['first', '50'], ['after', 'c1'], ['broadcaster_id', '1']],
    authorization: user1,
    answer: page([bannedUser], 'c2'),
    result: { data: [bannedUser], cursor: 'c2' },
  },
  {
    title: 'bans with before',
    operation: moderation.bansOperation,
    token: 'either',
    scopes: ['moderation:read', 'moderator:manage:banned_users'],
    call: (client) => firstPage(moderation.bans(client, { broadcaster_id: '1', before: 'c0' }, { as: 'app' })),
    method: 'GET',
    path: '/moderation/banned',
    query: [['broadcaster_id', '1'], ['before', 'c0']],
    authorization: app,
    answer: page([]),
    result: { data: [], cursor: undefined },
  },
  {
    title: 'ban',
    operation: moderation.banOperation,
    token: 'either',
    scopes: ['moderator:manage:banned_users'],
    call: (client) => moderation.ban(client, { broadcaster_id: '1', user_id: '9', duration: 600, reason: 'spam' }, { as: '7' }),
    method: 'POST',
    path: '/moderation/bans',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { data: { user_id: '9', duration: 600, reason: 'spam' } },
    authorization: user7,
    answer: { body: { data: [userBan] } },
    result: userBan,
  },
  {
    title: 'ban for good, with the app token',
    operation: moderation.banOperation,
    token: 'either',
    scopes: ['moderator:manage:banned_users'],
    call: (client) => moderation.ban(client, { broadcaster_id: '1', moderator_id: '7', user_id: '9' }, { as: 'app' }),
    method: 'POST',
    path: '/moderation/bans',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { data: { user_id: '9' } },
    authorization: app,
    answer: { body: { data: [{ ...userBan, end_time: null }] } },
    result: { ...userBan, end_time: null },
  },
  {
    title: 'unban',
    operation: moderation.unbanOperation,
    token: 'either',
    scopes: ['moderator:manage:banned_users'],
    call: (client) => moderation.unban(client, { broadcaster_id: '1', user_id: '9' }, { as: '7' }),
    method: 'DELETE',
    path: '/moderation/bans',
    query: [['broadcaster_id', '1'], ['user_id', '9'], ['moderator_id', '7']],
    authorization: user7,
    answer: none,
    result: undefined,
  },
  {
    title: 'unbanRequests',
    operation: moderation.unbanRequestsOperation,
    token: 'user',
    scopes: ['moderator:read:unban_requests', 'moderator:manage:unban_requests'],
    call: (client) => firstPage(moderation.unbanRequests(client, { broadcaster_id: '1', status: 'pending', user_id: '9', first: 5 }, { as: '7' })),
    method: 'GET',
    path: '/moderation/unban_requests',
    query: [['broadcaster_id', '1'], ['status', 'pending'], ['user_id', '9'], ['first', '5'], ['moderator_id', '7']],
    authorization: user7,
    answer: page([{ ...unbanRequest, status: 'pending', resolved_at: null, resolution_text: null }]),
    result: { data: [{ ...unbanRequest, status: 'pending', resolved_at: null, resolution_text: null }], cursor: undefined },
  },
  {
    title: 'resolveUnbanRequest',
    operation: moderation.resolveUnbanRequestOperation,
    token: 'user',
    scopes: ['moderator:manage:unban_requests'],
    call: (client) =>
      moderation.resolveUnbanRequest(client, { broadcaster_id: '1', unban_request_id: 'r1', status: 'approved', resolution_text: 'Welcome back & behave' }, { as: '7' }),
    method: 'PATCH',
    path: '/moderation/unban_requests',
    // Everything travels in the query on this PATCH, the free text included.
    query: [['broadcaster_id', '1'], ['unban_request_id', 'r1'], ['status', 'approved'], ['resolution_text', 'Welcome back & behave'], ['moderator_id', '7']],
    authorization: user7,
    answer: { body: { data: [unbanRequest] } },
    result: unbanRequest,
  },
  {
    title: 'blockedTerms',
    operation: moderation.blockedTermsOperation,
    token: 'either',
    scopes: ['moderator:read:blocked_terms', 'moderator:manage:blocked_terms'],
    call: (client) => firstPage(moderation.blockedTerms(client, { broadcaster_id: '1', first: 100 }, { as: '7' })),
    method: 'GET',
    path: '/moderation/blocked_terms',
    query: [['broadcaster_id', '1'], ['first', '100'], ['moderator_id', '7']],
    authorization: user7,
    answer: page([term], 'next'),
    result: { data: [term], cursor: 'next' },
  },
  {
    title: 'addBlockedTerm',
    operation: moderation.addBlockedTermOperation,
    token: 'either',
    scopes: ['moderator:manage:blocked_terms'],
    call: (client) => moderation.addBlockedTerm(client, { broadcaster_id: '1', text: 'bad*' }, { as: '7' }),
    method: 'POST',
    path: '/moderation/blocked_terms',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { text: 'bad*' },
    authorization: user7,
    answer: { body: { data: [term] } },
    result: term,
  },
  {
    title: 'removeBlockedTerm',
    operation: moderation.removeBlockedTermOperation,
    token: 'either',
    scopes: ['moderator:manage:blocked_terms'],
    call: (client) => moderation.removeBlockedTerm(client, { broadcaster_id: '1', id: 't1' }, { as: '7' }),
    method: 'DELETE',
    path: '/moderation/blocked_terms',
    query: [['broadcaster_id', '1'], ['id', 't1'], ['moderator_id', '7']],
    authorization: user7,
    answer: none,
    result: undefined,
  },
  {
    title: 'deleteMessages of one message',
    operation: moderation.deleteMessagesOperation,
    token: 'either',
    scopes: ['moderator:manage:chat_messages'],
    call: (client) => moderation.deleteMessages(client, { broadcaster_id: '1', message_id: 'm1' }, { as: '7' }),
    method: 'DELETE',
    path: '/moderation/chat',
    query: [['broadcaster_id', '1'], ['message_id', 'm1'], ['moderator_id', '7']],
    authorization: user7,
    answer: none,
    result: undefined,
  },
  {
    title: 'deleteMessages of the whole chat',
    operation: moderation.deleteMessagesOperation,
    token: 'either',
    scopes: ['moderator:manage:chat_messages'],
    call: (client) => moderation.deleteMessages(client, { broadcaster_id: '1' }, { as: '7' }),
    method: 'DELETE',
    path: '/moderation/chat',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    authorization: user7,
    answer: none,
    result: undefined,
  },
  {
    title: 'moderatedChannels',
    operation: moderation.moderatedChannelsOperation,
    token: 'user',
    scopes: ['user:read:moderated_channels'],
    call: (client) => firstPage(moderation.moderatedChannels(client, undefined, { as: '7' })),
    method: 'GET',
    path: '/moderation/channels',
    query: [['user_id', '7']],
    authorization: user7,
    answer: page([{ broadcaster_id: '1', broadcaster_login: 'streamer', broadcaster_name: 'Streamer' }]),
    result: { data: [{ broadcaster_id: '1', broadcaster_login: 'streamer', broadcaster_name: 'Streamer' }], cursor: undefined },
  },
  {
    title: 'moderators',
    operation: moderation.moderatorsOperation,
    token: 'user',
    scopes: ['moderation:read', 'channel:manage:moderators'],
    call: (client) => firstPage(moderation.moderators(client, { user_id: '7', first: 1 }, { as: '1' })),
    method: 'GET',
    path: '/moderation/moderators',
    query: [['user_id', '7'], ['first', '1'], ['broadcaster_id', '1']],
    authorization: user1,
    answer: page([user('7')], 'more'),
    result: { data: [user('7')], cursor: 'more' },
  },
  {
    title: 'addModerator',
    operation: moderation.addModeratorOperation,
    token: 'user',
    scopes: ['channel:manage:moderators'],
    call: (client) => moderation.addModerator(client, { user_id: '7' }, { as: '1' }),
    method: 'POST',
    path: '/moderation/moderators',
    query: [['user_id', '7'], ['broadcaster_id', '1']],
    authorization: user1,
    answer: none,
    result: undefined,
  },
  {
    title: 'removeModerator',
    operation: moderation.removeModeratorOperation,
    token: 'user',
    scopes: ['channel:manage:moderators'],
    call: (client) => moderation.removeModerator(client, { user_id: '7' }, { as: '1' }),
    method: 'DELETE',
    path: '/moderation/moderators',
    query: [['user_id', '7'], ['broadcaster_id', '1']],
    authorization: user1,
    answer: none,
    result: undefined,
  },
  {
    title: 'vips',
    operation: moderation.vipsOperation,
    token: 'user',
    scopes: ['channel:read:vips', 'channel:manage:vips'],
    call: (client) => firstPage(moderation.vips(client, {}, { as: '1' })),
    method: 'GET',
    path: '/channels/vips',
    query: [['broadcaster_id', '1']],
    authorization: user1,
    answer: page([user('9')]),
    result: { data: [user('9')], cursor: undefined },
  },
  {
    title: 'addVip',
    operation: moderation.addVipOperation,
    token: 'user',
    scopes: ['channel:manage:vips'],
    call: (client) => moderation.addVip(client, { user_id: '9' }, { as: '1' }),
    method: 'POST',
    path: '/channels/vips',
    query: [['user_id', '9'], ['broadcaster_id', '1']],
    authorization: user1,
    answer: none,
    result: undefined,
  },
  {
    title: 'removeVip',
    operation: moderation.removeVipOperation,
    token: 'user',
    scopes: ['channel:manage:vips'],
    call: (client) => moderation.removeVip(client, { user_id: '9' }, { as: '1' }),
    method: 'DELETE',
    path: '/channels/vips',
    query: [['user_id', '9'], ['broadcaster_id', '1']],
    authorization: user1,
    answer: none,
    result: undefined,
  },
  {
    title: 'removeVip by the VIP themself',
    operation: moderation.removeVipOperation,
    token: 'user',
    scopes: ['channel:manage:vips'],
    call: (client) => moderation.removeVip(client, { broadcaster_id: '1', user_id: '9' }, { as: '9' }),
    method: 'DELETE',
    path: '/channels/vips',
    query: [['broadcaster_id', '1'], ['user_id', '9']],
    authorization: 'Bearer user-token-9',
    answer: none,
    result: undefined,
  },
  {
    title: 'updateShieldMode',
    operation: moderation.updateShieldModeOperation,
    token: 'either',
    scopes: ['moderator:manage:shield_mode'],
    call: (client) => moderation.updateShieldMode(client, { broadcaster_id: '1', is_active: false }, { as: '7' }),
    method: 'PUT',
    path: '/moderation/shield_mode',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { is_active: false },
    authorization: user7,
    answer: { body: { data: [{ ...shield, is_active: false }] } },
    result: { ...shield, is_active: false },
  },
  {
    title: 'shieldMode',
    operation: moderation.shieldModeOperation,
    token: 'either',
    scopes: ['moderator:read:shield_mode', 'moderator:manage:shield_mode'],
    call: (client) => moderation.shieldMode(client, { broadcaster_id: '1', moderator_id: '7' }, { as: 'app' }),
    method: 'GET',
    path: '/moderation/shield_mode',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    authorization: app,
    answer: { body: { data: [shield] } },
    result: shield,
  },
  {
    title: 'warn',
    operation: moderation.warnOperation,
    token: 'either',
    scopes: ['moderator:manage:warnings'],
    call: (client) => moderation.warn(client, { broadcaster_id: '1', user_id: '9', reason: 'be nice' }, { as: '7' }),
    method: 'POST',
    path: '/moderation/warnings',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { data: { user_id: '9', reason: 'be nice' } },
    authorization: user7,
    answer: { body: { data: [{ broadcaster_id: '1', user_id: '9', moderator_id: '7', reason: 'be nice' }] } },
    result: { broadcaster_id: '1', user_id: '9', moderator_id: '7', reason: 'be nice' },
  },
  {
    title: 'addSuspiciousStatus',
    operation: moderation.addSuspiciousStatusOperation,
    token: 'either',
    scopes: ['moderator:manage:suspicious_users'],
    call: (client) => moderation.addSuspiciousStatus(client, { broadcaster_id: '1', user_id: '9', status: 'RESTRICTED' }, { as: '7' }),
    method: 'POST',
    path: '/moderation/suspicious_users',
    query: [['broadcaster_id', '1'], ['moderator_id', '7']],
    body: { user_id: '9', status: 'RESTRICTED' },
    authorization: user7,
    answer: { body: { data: [suspicious] } },
    result: suspicious,
  },
  {
    title: 'removeSuspiciousStatus',
    operation: moderation.removeSuspiciousStatusOperation,
    token: 'either',
    scopes: ['moderator:manage:suspicious_users'],
    call: (client) => moderation.removeSuspiciousStatus(client, { broadcaster_id: '1', user_id: '9' }, { as: '7' }),
    method: 'DELETE',
    path: '/moderation/suspicious_users',
    query: [['broadcaster_id', '1'], ['user_id', '9'], ['moderator_id', '7']],
    authorization: user7,
    // A DELETE that answers 200 with the record.
    answer: { body: { data: [{ ...suspicious, status: 'NO_TREATMENT', types: [] }] } },
    result: { ...suspicious, status: 'NO_TREATMENT', types: [] },
  },
];

function setup(answer: StubReply) {
  const stub = stubFetch(() => answer);
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, retries: 0, authenticator: () => testAuthenticator });
  return { client, requests: stub.requests };
}

describe('every operation on the wire', () => {
  it.each(cases.map((wire) => [wire.title, wire] as const))('%s', async (_, wire) => {
    const { client, requests } = setup(wire.answer);
    expect(wire.operation.name).toBe(`moderation.${wire.title.split(' ')[0]}`);
    expect(wire.operation.token).toBe(wire.token);
    expect(wire.operation.scopes).toEqual(wire.scopes);
    expect(Object.isFrozen(wire.operation)).toBe(true);

    await expect(wire.call(client)).resolves.toEqual(wire.result);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(wire.method);
    expect(request!.url.origin + request!.url.pathname).toBe(`https://api.test/helix${wire.path}`);
    expect([...request!.url.searchParams]).toEqual(wire.query);
    expect(request!.body === undefined ? undefined : JSON.parse(request!.body)).toEqual(wire.body);
    expect(request!.headers.get('content-type')).toBe(wire.body === undefined ? null : 'application/json');
    expect(request!.headers.get('authorization')).toBe(wire.authorization);
    expect(request!.headers.get('client-id')).toBe('cid');
  });

  it('covers every operation the package exports', () => {
    const exported = Object.entries(moderation)
      .filter(([key]) => key.endsWith('Operation'))
      .map(([, declaration]) => (declaration as Declared).name)
      .sort();
    expect(exported).toHaveLength(25);
    expect([...new Set(cases.map((wire) => wire.operation.name))].sort()).toEqual(exported);
    for (const name of exported) expect(typeof (moderation as Record<string, unknown>)[name.slice('moderation.'.length)]).toBe('function');
  });

  it('an empty list where one object is expected is an error naming the call', async () => {
    const { client } = setup({ body: { data: [] } });
    await expect(moderation.ban(client, { broadcaster_id: '1', user_id: '9' }, { as: '7' })).rejects.toThrow(new PlatformError('POST /moderation/bans returned no data.'));
    await expect(moderation.shieldMode(client, { broadcaster_id: '1' }, { as: '7' })).rejects.toThrow('GET /moderation/shield_mode returned no data.');
  });

  it('list operations are paginators: the cursor goes back as after, every page is walked', async () => {
    const stub = stubFetch((request) => {
      const after = request.url.searchParams.get('after');
      return after === null ? page([term, { ...term, id: 't2' }], 'p2') : page([{ ...term, id: 't3' }]);
    });
    const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, authenticator: () => testAuthenticator });
    const all = await moderation.blockedTerms(client, { broadcaster_id: '1', first: 2 }, { as: '7' }).all();
    expect(all.map((each) => each.id)).toEqual(['t1', 't2', 't3']);
    expect(stub.requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'p2']);
    expect(stub.requests.every((request) => request.url.searchParams.get('first') === '2')).toBe(true);
  });

  it('operations whose parameters are all optional accept no parameters and {}', async () => {
    const { client, requests } = setup(page([]));
    await moderation.bans(client.as('1'));
    await moderation.moderators(client.as('1'), {});
    await moderation.vips(client.as('1'));
    await moderation.moderatedChannels(client.as('7'));
    expect(requests.map((request) => request.url.search)).toEqual(['?broadcaster_id=1', '?broadcaster_id=1', '?broadcaster_id=1', '?user_id=7']);
  });
});
