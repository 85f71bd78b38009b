import { createClient, PlatformAuthError, PlatformError, type ClientHandle, type OperationDeclaration, type ParamSpec } from '@platform/core';
import { describe, expect, it } from 'vitest';
import * as guestStar from '../src/index';
import { stubFetch, testAuthenticator, type StubReply } from './stub';

const HOST = '100';
const MOD = '200';
const GUEST = '300';

const SETTINGS = {
  is_moderator_send_live_enabled: true,
  slot_count: 4,
  is_browser_source_audio_enabled: false,
  group_layout: 'TILED_LAYOUT',
  browser_source_token: 'view-only',
};
const SESSION = {
  id: 'S1',
  guests: [{ slot_id: '0', user_id: HOST, user_login: 'host', user_display_name: 'Host', is_live: true, volume: 100, assigned_at: '2026-01-01T00:00:00Z' }],
};
const INVITE = {
  user_id: GUEST,
  invited_at: '2026-01-01T00:00:00Z',
  status: 'READY',
  is_video_enabled: true,
  is_audio_enabled: false,
  is_video_available: true,
  is_audio_available: true,
};

function setup(reply: StubReply) {
  const stub = stubFetch(() => reply);
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, authenticator: () => testAuthenticator });
  return { client, requests: stub.requests };
}

interface Row {
  title: string;
  run: (client: ClientHandle) => Promise<unknown>;
  reply: StubReply;
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** The Authorization header expected. */
  token: string;
  result: unknown;
}

const session = { broadcaster_id: HOST, session_id: 'S1' };

const rows: Row[] = [
  {
    title: 'settings: moderator_id from the token, data[0]',
    run: (client) => guestStar.settings(client, { broadcaster_id: HOST }, { as: MOD }),
    reply: { body: { data: [SETTINGS] } },
    method: 'GET', path: '/guest_star/channel_settings', query: { broadcaster_id: HOST, moderator_id: MOD },
    token: `user-token-${MOD}`, result: SETTINGS,
  },
  {
    title: 'settings: an answer naming the field `layout` gets group_layout',
    run: (client) => guestStar.settings(client, { broadcaster_id: HOST, moderator_id: MOD }, { as: MOD }),
    reply: { body: { data: [{ ...SETTINGS, group_layout: undefined, layout: 'VERTICAL_LAYOUT' }] } },
    method: 'GET', path: '/guest_star/channel_settings', query: { broadcaster_id: HOST, moderator_id: MOD },
    token: `user-token-${MOD}`, result: { ...SETTINGS, group_layout: 'VERTICAL_LAYOUT', layout: 'VERTICAL_LAYOUT' },
  },
  {
    title: 'updateSettings: broadcaster_id in the query from the token, the fields in a JSON body, 204',
    run: (client) =>
      guestStar.updateSettings(
        client,
        { is_moderator_send_live_enabled: false, slot_count: 3, is_browser_source_audio_enabled: true, group_layout: 'SCREENSHARE_LAYOUT', regenerate_browser_sources: true },
        { as: HOST },
      ),
    reply: { status: 204 },
    method: 'PUT', path: '/guest_star/channel_settings', query: { broadcaster_id: HOST },
    body: { is_moderator_send_live_enabled: false, slot_count: 3, is_browser_source_audio_enabled: true, group_layout: 'SCREENSHARE_LAYOUT', regenerate_browser_sources: true },
    token: `user-token-${HOST}`, result: undefined,
  },
  {
    title: 'updateSettings: only the fields given travel',
    run: (client) => guestStar.updateSettings(client, { broadcaster_id: HOST, slot_count: 6 }, { as: HOST }),
    reply: { status: 204 },
    method: 'PUT', path: '/guest_star/channel_settings', query: { broadcaster_id: HOST }, body: { slot_count: 6 },
    token: `user-token-${HOST}`, result: undefined,
  },
  {
    title: 'session: data[0]',
    run: (client) => guestStar.session(client, { broadcaster_id: HOST }, { as: MOD }),
    reply: { body: { data: [SESSION] } },
    method: 'GET', path: '/guest_star/session', query: { broadcaster_id: HOST, moderator_id: MOD },
    token: `user-token-${MOD}`, result: SESSION,
  },
  {
    title: 'session: null when no session runs',
    run: (client) => guestStar.session(client, { broadcaster_id: HOST, moderator_id: GUEST }, { as: GUEST }),
    reply: { body: { data: [] } },
    method: 'GET', path: '/guest_star/session', query: { broadcaster_id: HOST, moderator_id: GUEST },
    token: `user-token-${GUEST}`, result: null,
  },
  {
    title: 'createSession: no parameters, broadcaster_id from the token, data[0]',
    run: (client) => guestStar.createSession(client, undefined, { as: HOST }),
    reply: { body: { data: [SESSION] } },
    method: 'POST', path: '/guest_star/session', query: { broadcaster_id: HOST },
    token: `user-token-${HOST}`, result: SESSION,
  },
  {
    title: 'endSession: a DELETE answering 200 with the session as it was',
    run: (client) => guestStar.endSession(client, { session_id: 'S1' }, { as: HOST }),
    reply: { body: { data: [SESSION] } },
    method: 'DELETE', path: '/guest_star/session', query: { broadcaster_id: HOST, session_id: 'S1' },
    token: `user-token-${HOST}`, result: SESSION,
  },
  {
    title: 'endSession: null when the platform sends no session',
    run: (client) => guestStar.endSession(client, { broadcaster_id: HOST, session_id: 'S1' }, { as: HOST }),
    reply: { body: { data: [] } },
    method: 'DELETE', path: '/guest_star/session', query: { broadcaster_id: HOST, session_id: 'S1' },
    token: `user-token-${HOST}`, result: null,
  },
  {
    title: 'invites: the list',
    run: (client) => guestStar.invites(client, session, { as: MOD }),
    reply: { body: { data: [INVITE] } },
    method: 'GET', path: '/guest_star/invites', query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1' },
    token: `user-token-${MOD}`, result: [INVITE],
  },
  {
    title: 'invite: everything in the query, 204',
    run: (client) => guestStar.invite(client, { ...session, guest_id: GUEST }, { as: MOD }),
    reply: { status: 204 },
    method: 'POST', path: '/guest_star/invites', query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', guest_id: GUEST },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'deleteInvite: everything in the query, 204',
    run: (client) => guestStar.deleteInvite(client, { ...session, guest_id: GUEST }, { as: MOD }),
    reply: { status: 204 },
    method: 'DELETE', path: '/guest_star/invites', query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', guest_id: GUEST },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'assignSlot: everything in the query, 204',
    run: (client) => guestStar.assignSlot(client, { ...session, guest_id: GUEST, slot_id: '2' }, { as: MOD }),
    reply: { status: 204 },
    method: 'POST', path: '/guest_star/slot', query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', guest_id: GUEST, slot_id: '2' },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'updateSlot: source and destination in the query, 204',
    run: (client) => guestStar.updateSlot(client, { ...session, source_slot_id: '1', destination_slot_id: '2' }, { as: MOD }),
    reply: { status: 204 },
    method: 'PATCH', path: '/guest_star/slot', query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', source_slot_id: '1', destination_slot_id: '2' },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'updateSlot: no destination, none sent',
    run: (client) => guestStar.updateSlot(client, { ...session, source_slot_id: '1' }, { as: MOD }),
    reply: { status: 204 },
    method: 'PATCH', path: '/guest_star/slot', query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', source_slot_id: '1' },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'deleteSlot: the boolean as true in the query, 204',
    run: (client) => guestStar.deleteSlot(client, { ...session, guest_id: GUEST, slot_id: '1', should_reinvite_guest: true }, { as: MOD }),
    reply: { status: 204 },
    method: 'DELETE', path: '/guest_star/slot',
    query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', guest_id: GUEST, slot_id: '1', should_reinvite_guest: 'true' },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'updateSlotSettings: booleans and volume in the query, 204',
    run: (client) =>
      guestStar.updateSlotSettings(client, { ...session, slot_id: '1', is_audio_enabled: false, is_video_enabled: true, is_live: true, volume: 40 }, { as: MOD }),
    reply: { status: 204 },
    method: 'PATCH', path: '/guest_star/slot_settings',
    query: { broadcaster_id: HOST, moderator_id: MOD, session_id: 'S1', slot_id: '1', is_audio_enabled: 'false', is_video_enabled: 'true', is_live: 'true', volume: '40' },
    token: `user-token-${MOD}`, result: undefined,
  },
  {
    title: 'a moderator_id given by the caller is kept',
    run: (client) => guestStar.invites(client, { ...session, moderator_id: HOST }, { as: HOST }),
    reply: { body: { data: [] } },
    method: 'GET', path: '/guest_star/invites', query: { broadcaster_id: HOST, moderator_id: HOST, session_id: 'S1' },
    token: `user-token-${HOST}`, result: [],
  },
];

const READ = ['channel:read:guest_star', 'channel:manage:guest_star', 'moderator:read:guest_star', 'moderator:manage:guest_star'];
const MANAGE = ['channel:manage:guest_star', 'moderator:manage:guest_star'];
const HOST_ONLY = ['channel:manage:guest_star'];

// [declaration, name, method, path, scopes, acting-user field, result kind]
/** Any declaration of the package, its parameter table read as a record. */
type Declaration = Omit<OperationDeclaration<object, unknown>, 'params' | 'types'> & { readonly params: Readonly<Record<string, ParamSpec>> };

const declarations: [Declaration, string, string, string, string[], string, string][] = [
  [guestStar.settingsOperation, 'guestStar.settings', 'GET', '/guest_star/channel_settings', READ, 'moderator_id', 'first'],
  [guestStar.updateSettingsOperation, 'guestStar.updateSettings', 'PUT', '/guest_star/channel_settings', HOST_ONLY, 'broadcaster_id', 'void'],
  [guestStar.sessionOperation, 'guestStar.session', 'GET', '/guest_star/session', READ, 'moderator_id', 'first-or-null'],
  [guestStar.createSessionOperation, 'guestStar.createSession', 'POST', '/guest_star/session', HOST_ONLY, 'broadcaster_id', 'first'],
  [guestStar.endSessionOperation, 'guestStar.endSession', 'DELETE', '/guest_star/session', HOST_ONLY, 'broadcaster_id', 'first-or-null'],
  [guestStar.invitesOperation, 'guestStar.invites', 'GET', '/guest_star/invites', READ, 'moderator_id', 'data'],
  [guestStar.inviteOperation, 'guestStar.invite', 'POST', '/guest_star/invites', MANAGE, 'moderator_id', 'void'],
  [guestStar.deleteInviteOperation, 'guestStar.deleteInvite', 'DELETE', '/guest_star/invites', MANAGE, 'moderator_id', 'void'],
  [guestStar.assignSlotOperation, 'guestStar.assignSlot', 'POST', '/guest_star/slot', MANAGE, 'moderator_id', 'void'],
  [guestStar.updateSlotOperation, 'guestStar.updateSlot', 'PATCH', '/guest_star/slot', MANAGE, 'moderator_id', 'void'],
  [guestStar.deleteSlotOperation, 'guestStar.deleteSlot', 'DELETE', '/guest_star/slot', MANAGE, 'moderator_id', 'void'],
  [guestStar.updateSlotSettingsOperation, 'guestStar.updateSlotSettings', 'PATCH', '/guest_star/slot_settings', MANAGE, 'moderator_id', 'void'],
];

describe('guestStar on the wire', () => {
  it.each(rows)('$title', async (row) => {
    const { client, requests } = setup(row.reply);
    const result = await row.run(client);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(row.method);
    expect(request!.url.pathname).toBe(`/helix${row.path}`);
    // Every key once: guest star operations take no ID lists.
    expect([...request!.url.searchParams].sort()).toEqual(Object.entries(row.query).sort());
    if (row.body === undefined) {
      expect(request!.body).toBeUndefined();
      expect(request!.headers.get('content-type')).toBeNull();
    } else {
      expect(JSON.parse(request!.body!)).toEqual(row.body);
      expect(request!.headers.get('content-type')).toBe('application/json');
    }
    expect(request!.headers.get('authorization')).toBe(`Bearer ${row.token}`);
    expect(request!.headers.get('client-id')).toBe('cid');
    expect(result).toStrictEqual(row.result);
  });

  it('covers every operation of the package', () => {
    const sent = new Set(rows.map((row) => `${row.method} ${row.path}`));
    const declared = declarations.map(([operation]) => `${operation.method} ${operation.path}`);
    expect(declared).toHaveLength(12);
    for (const route of declared) expect(sent).toContain(route);
  });

  it.each([
    ['createSession', () => guestStar.createSession],
    ['settings', () => guestStar.settings],
  ] as const)('%s with an empty data list is an error naming the route', async (name, operation) => {
    const { client } = setup({ body: { data: [] } });
    const call = operation() as (client: ClientHandle, params: object, options: object) => Promise<unknown>;
    const params = name === 'settings' ? { broadcaster_id: HOST } : {};
    const path = name === 'settings' ? 'GET /guest_star/channel_settings' : 'POST /guest_star/session';
    await expect(call(client, params, { as: HOST })).rejects.toThrow(new PlatformError(`${path} returned no data.`));
  });

  it('with a raw token, the acting user must be named, and the token goes out as given', async () => {
    const stub = stubFetch(() => ({ status: 204 }));
    const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, token: 'raw-token' });
    await expect(guestStar.invite(client, { ...session, guest_id: GUEST })).rejects.toThrow(
      new PlatformAuthError('POST /guest_star/invites needs moderator_id: a token passed by hand does not say who it belongs to.'),
    );
    await expect(guestStar.createSession(client)).rejects.toThrow('POST /guest_star/session needs broadcaster_id');
    expect(stub.requests).toHaveLength(0);
    await guestStar.invite(client, { ...session, moderator_id: MOD, guest_id: GUEST });
    expect(stub.requests[0]!.headers.get('authorization')).toBe('Bearer raw-token');
  });
});

describe('the declarations', () => {
  it.each(declarations)('%#: %s', (operation, name, method, path, scopes, actingUser, result) => {
    expect(operation).toMatchObject({ name, method, path, token: 'user', actingUser, result: { name: result } });
    expect([...operation.scopes]).toEqual(scopes);
    expect(operation.actingUserOptional).toBeUndefined();
    expect(operation.bodyWrap).toBeUndefined();
    expect(Object.isFrozen(operation)).toBe(true);
    // Only updateSettings has a body: every other parameter travels in the query.
    const inBody = Object.entries(operation.params).filter(([, spec]) => spec.in === 'body').map(([key]) => key);
    expect(inBody).toEqual(
      name === 'guestStar.updateSettings' ? ['is_moderator_send_live_enabled', 'slot_count', 'is_browser_source_audio_enabled', 'group_layout', 'regenerate_browser_sources'] : [],
    );
  });
});
