/**
 * The Users group of the mock over real sockets: Get Users, Update User (and `user.update`), the
 * block list, the user extension routes with `mock.users.installExtension()`, and Get
 * Authorization By User.
 */
import { describe, expect, it } from 'vitest';
import { advance, ALL_SCOPES, call, CLIENT_ID, errorBody, eventsOf, platform, setup } from './users-groups-setup';

describe('GET /users', () => {
  it('gives the token user without a query, with the email only for their own token with user:read:email', async () => {
    const { streamer, tokens, issue } = await setup();
    const self = await call('GET', '/users', tokens.streamer);
    expect(self.status).toBe(200);
    expect(self.body.data).toEqual([expect.objectContaining({ id: streamer.id, login: 'streamer', display_name: 'Streamer', email: 'streamer@example.test', description: 'Speedruns.' })]);
    const noEmail = await call('GET', '/users', issue(streamer.id, []));
    expect(noEmail.body.data[0].email).toBeUndefined();
  });

  it('looks users up by id and login (any case) together, leaving out unknown ones and other users\' email', async () => {
    const { streamer, viewer, tokens } = await setup();
    const answer = await call('GET', '/users', tokens.mod, { query: { id: [streamer.id, '999999'], login: ['VIEWER', 'ghost'] } });
    expect(answer.body.data.map((user: { id: string }) => user.id)).toEqual([streamer.id, viewer.id]);
    // With user:read:email, other users' addresses are there but empty.
    expect(answer.body.data[0].email).toBe('');
  });

  it('refuses an app token without a query, and more than 100 ids and logins together', async () => {
    const { tokens } = await setup();
    expect(await call('GET', '/users', tokens.app)).toMatchObject({ status: 400, body: errorBody(400, /"id" or "login"/) });
    const ids = Array.from({ length: 60 }, (_, index) => String(index));
    const logins = Array.from({ length: 41 }, (_, index) => `user${index}`);
    expect(await call('GET', '/users', tokens.app, { query: { id: ids, login: logins } })).toMatchObject({ status: 400, body: errorBody(400, /may not exceed 100/) });
    expect((await call('GET', '/users', tokens.app, { query: { id: Array.from({ length: 101 }, (_, index) => String(index)) } })).status).toBe(400);
    expect((await call('GET', '/users', undefined)).status).toBe(401);
  });
});

describe('PUT /users', () => {
  it('changes the description, answers the user and raises user.update', async () => {
    const { streamer, tokens } = await setup();
    const answer = await call('PUT', '/users', tokens.streamer, { query: { description: 'Any% routes.' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([expect.objectContaining({ id: streamer.id, description: 'Any% routes.', email: 'streamer@example.test' })]);
    expect((await call('GET', '/users', tokens.app, { query: { id: streamer.id } })).body.data[0].description).toBe('Any% routes.');
    expect(eventsOf('user.update')).toEqual([
      {
        type: 'user.update',
        version: '1',
        condition: { user_id: streamer.id },
        event: { user_id: streamer.id, user_login: 'streamer', user_name: 'Streamer', email: '', email_verified: false, description: 'Any% routes.' },
      },
    ]);
  });

  it('clears the description with an empty value; without the parameter nothing changes and nothing is raised', async () => {
    const { streamer, tokens } = await setup();
    expect((await call('PUT', '/users', tokens.streamer)).body.data[0].description).toBe('Speedruns.');
    expect(eventsOf('user.update')).toHaveLength(0);
    expect((await call('PUT', '/users', tokens.streamer, { query: { description: '' } })).body.data[0].description).toBe('');
    expect(platform().state.user(streamer.id)!.description).toBe('');
    expect(eventsOf('user.update')).toHaveLength(1);
    // The same description again is no change.
    expect((await call('PUT', '/users', tokens.streamer, { query: { description: '' } })).status).toBe(200);
    expect(eventsOf('user.update')).toHaveLength(1);
  });

  it('takes 300 characters at most, needs user:edit and a user token', async () => {
    const { streamer, tokens, issue } = await setup();
    expect((await call('PUT', '/users', tokens.streamer, { query: { description: 'x'.repeat(300) } })).status).toBe(200);
    expect(await call('PUT', '/users', tokens.streamer, { query: { description: 'x'.repeat(301) } })).toMatchObject({ status: 400, body: errorBody(400, /"description".*300/) });
    expect(await call('PUT', '/users', issue(streamer.id, ['user:read:email']), { query: { description: 'a' } })).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: user:edit') });
    expect(await call('PUT', '/users', tokens.app, { query: { description: 'a' } })).toMatchObject({ status: 401, body: errorBody(401, 'User access token is required.') });
  });
});

describe('the block list: GET, PUT and DELETE /users/blocks', () => {
  it('blocks and unblocks; the list is newest first and pages', async () => {
    const { streamer, mod, viewer, other, tokens } = await setup();
    for (const target of [viewer, other, mod]) {
      expect(await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: target.id, source_context: 'chat', reason: 'spam' } })).toEqual({ status: 204, body: undefined });
      advance(1000);
    }
    const first = await call('GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id, first: '2' } });
    expect(first.body.data).toEqual([
      { user_id: mod.id, user_login: 'mossmod', display_name: 'MossMod' },
      { user_id: other.id, user_login: 'other', display_name: 'other' },
    ]);
    const second = await call('GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id, first: '2', after: first.body.pagination.cursor } });
    expect(second.body).toEqual({ data: [{ user_id: viewer.id, user_login: 'viewer', display_name: 'viewer' }], pagination: {} });

    expect((await call('DELETE', '/users/blocks', tokens.streamer, { query: { target_user_id: other.id } })).status).toBe(204);
    // Unblocking someone not blocked and blocking again are both ignored.
    expect((await call('DELETE', '/users/blocks', tokens.streamer, { query: { target_user_id: other.id } })).status).toBe(204);
    expect((await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id } })).status).toBe(204);
    const after = await call('GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(after.body.data.map((entry: { user_id: string }) => entry.user_id)).toEqual([mod.id, viewer.id]);
  });

  it('refuses blocking oneself, an unknown user, and values outside source_context and reason', async () => {
    const { streamer, viewer, tokens } = await setup();
    expect(await call('PUT', '/users/blocks', tokens.streamer)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "target_user_id"') });
    expect(await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: streamer.id } })).toMatchObject({ status: 400, body: errorBody(400, /cannot be the same/) });
    expect(await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: '424242' } })).toMatchObject({ status: 400, body: errorBody(400, /target_user_id/) });
    expect(await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id, source_context: 'email' } })).toMatchObject({ status: 400, body: errorBody(400, /"source_context" was malformed: the value must be one of chat, whisper/) });
    expect(await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id, reason: 'mean' } })).toMatchObject({ status: 400, body: errorBody(400, /"reason" was malformed: the value must be one of harassment, spam, other/) });
    expect((await call('GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id } })).body.data).toEqual([]);
  });

  it('needs the scopes, a user token, broadcaster_id of the token user, and first within 1 to 100', async () => {
    const { streamer, viewer, tokens, issue } = await setup();
    expect((await call('GET', '/users/blocks', tokens.streamer)).status).toBe(400);
    expect(await call('GET', '/users/blocks', tokens.viewer, { query: { broadcaster_id: streamer.id } })).toMatchObject({ status: 401, body: errorBody(401, /broadcaster_id must match/) });
    expect(await call('GET', '/users/blocks', issue(streamer.id, ['user:manage:blocked_users']), { query: { broadcaster_id: streamer.id } })).toMatchObject({
      status: 401,
      body: errorBody(401, 'Missing scope: user:read:blocked_users'),
    });
    expect((await call('PUT', '/users/blocks', issue(streamer.id, ['user:read:blocked_users']), { query: { target_user_id: viewer.id } })).status).toBe(401);
    expect((await call('DELETE', '/users/blocks', tokens.app, { query: { target_user_id: viewer.id } })).status).toBe(401);
    expect((await call('GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id, first: '101' } })).status).toBe(400);
  });
});

describe('user extensions: /users/extensions/list and /users/extensions', () => {
  const leaderboard = { id: 'wi08ebtatdc7oj83wtl9uxwz807l8b', version: '1.1.8', name: 'Leaderboard', type: ['panel' as const] };
  const overlay = { id: 'zfh2irvx2jb4s60f02jq0ajm8vwgka', version: '1.0.19', name: 'Alerts', type: ['mobile' as const, 'overlay' as const, 'panel' as const] };
  const component = { id: 'lqnf3zxk0rv0g7gq92mtmnirjz2cjj', version: '0.0.1', name: 'Map', type: ['component' as const] };

  it('lists installed extensions: all with user:edit:broadcast, only the active ones with user:read:broadcast', async () => {
    const { streamer, tokens, issue } = await setup();
    platform().users.installExtension(streamer.id, leaderboard);
    platform().users.installExtension(streamer.id, { ...overlay, can_activate: false });
    expect((await call('GET', '/users/extensions/list', tokens.streamer)).body.data).toEqual([
      { ...leaderboard, can_activate: true },
      { ...overlay, can_activate: false },
    ]);
    const reader = issue(streamer.id, ['user:read:broadcast']);
    expect((await call('GET', '/users/extensions/list', reader)).body.data).toEqual([]);
    await call('PUT', '/users/extensions', tokens.streamer, { body: { data: { panel: { '2': { active: true, id: leaderboard.id, version: leaderboard.version } } } } });
    expect((await call('GET', '/users/extensions/list', reader)).body.data).toEqual([{ ...leaderboard, can_activate: true }]);
    expect(await call('GET', '/users/extensions/list', issue(streamer.id, ['user:edit']))).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: user:read:broadcast or user:edit:broadcast') });
    expect((await call('GET', '/users/extensions/list', tokens.app)).status).toBe(401);
  });

  it('activates extensions in slots; the active map shows every slot, and an app token names the user', async () => {
    const { streamer, tokens } = await setup();
    for (const extension of [leaderboard, overlay, component]) platform().users.installExtension(streamer.id, extension);
    const answer = await call('PUT', '/users/extensions', tokens.streamer, {
      body: {
        data: {
          panel: { '1': { active: true, id: leaderboard.id, version: leaderboard.version } },
          overlay: { '1': { active: true, id: overlay.id, version: overlay.version } },
          component: { '2': { active: true, id: component.id, version: component.version, x: 10, y: 20 } },
        },
      },
    });
    const expected = {
      panel: { '1': { active: true, id: leaderboard.id, version: '1.1.8', name: 'Leaderboard' }, '2': { active: false }, '3': { active: false } },
      overlay: { '1': { active: true, id: overlay.id, version: '1.0.19', name: 'Alerts' } },
      component: { '1': { active: false }, '2': { active: true, id: component.id, version: '0.0.1', name: 'Map', x: 10, y: 20 } },
    };
    expect(answer).toEqual({ status: 200, body: { data: expected } });
    expect((await call('GET', '/users/extensions', tokens.streamer)).body).toEqual({ data: expected });
    expect((await call('GET', '/users/extensions', tokens.app, { query: { user_id: streamer.id } })).body).toEqual({ data: expected });
    expect(await call('GET', '/users/extensions', tokens.app)).toMatchObject({ status: 400, body: errorBody(400, /"user_id".*app access token/) });
  });

  it('an extension is active in one slot at a time (the last write wins); active false empties a slot', async () => {
    const { streamer, tokens } = await setup();
    platform().users.installExtension(streamer.id, overlay);
    await call('PUT', '/users/extensions', tokens.streamer, { body: { data: { overlay: { '1': { active: true, id: overlay.id, version: overlay.version } } } } });
    const moved = await call('PUT', '/users/extensions', tokens.streamer, { body: { data: { panel: { '3': { active: true, id: overlay.id, version: overlay.version } } } } });
    expect(moved.body.data.overlay).toEqual({ '1': { active: false } });
    expect(moved.body.data.panel['3']).toMatchObject({ active: true, id: overlay.id });
    const cleared = await call('PUT', '/users/extensions', tokens.streamer, { body: { data: { panel: { '3': { active: false } } } } });
    expect(cleared.body.data.panel['3']).toEqual({ active: false });
  });

  it('refuses an extension not installed (404), a type it cannot take, a slot that does not exist and a malformed body (400)', async () => {
    const { streamer, tokens, issue } = await setup();
    platform().users.installExtension(streamer.id, leaderboard);
    const put = (data: unknown) => call('PUT', '/users/extensions', tokens.streamer, { body: { data } });
    expect(await put({ panel: { '1': { active: true, id: leaderboard.id, version: '9.9.9' } } })).toMatchObject({ status: 404, body: errorBody(404, /is not installed/) });
    expect(await put({ overlay: { '1': { active: true, id: leaderboard.id, version: leaderboard.version } } })).toMatchObject({ status: 400, body: errorBody(400, /cannot be activated as overlay/) });
    expect(await put({ panel: { '4': { active: true, id: leaderboard.id, version: leaderboard.version } } })).toMatchObject({ status: 400, body: errorBody(400, /numbered 1 to 3/) });
    expect(await put({ sidebar: {} })).toMatchObject({ status: 400, body: errorBody(400, /not a slot type/) });
    expect(await put({ panel: { '1': { id: leaderboard.id } } })).toMatchObject({ status: 400, body: errorBody(400, /"data.panel.1.active" must be a boolean/) });
    expect(await put('panel')).toMatchObject({ status: 400 });
    expect(await call('PUT', '/users/extensions', tokens.streamer, { body: {} })).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "data"') });
    // Nothing changed on a refused call, and the route needs user:edit:broadcast.
    expect((await call('GET', '/users/extensions', tokens.streamer)).body.data.panel['1']).toEqual({ active: false });
    expect((await call('PUT', '/users/extensions', issue(streamer.id, ['user:read:broadcast']), { body: { data: {} } })).status).toBe(401);
  });

  it('the controls check their input, and uninstalling empties the slots', async () => {
    const { streamer, tokens } = await setup();
    expect(() => platform().users.installExtension('404', leaderboard)).toThrow('No user 404.');
    expect(() => platform().users.installExtension(streamer.id, { ...leaderboard, type: ['sidebar' as never] })).toThrow(/Unknown extension type "sidebar"/);
    platform().users.installExtension(streamer.id, leaderboard);
    await call('PUT', '/users/extensions', tokens.streamer, { body: { data: { panel: { '1': { active: true, id: leaderboard.id, version: leaderboard.version } } } } });
    expect(platform().users.uninstallExtension(streamer.id, leaderboard.id)).toBe(true);
    expect((await call('GET', '/users/extensions', tokens.streamer)).body.data.panel['1']).toEqual({ active: false });
    expect((await call('GET', '/users/extensions/list', tokens.streamer)).body.data).toEqual([]);
  });
});

describe('GET /authorization/users', () => {
  it('gives, per known user, every scope granted to the calling client, sorted', async () => {
    const { viewer, other } = await setup();
    const mock = platform();
    mock.issueToken({ clientId: CLIENT_ID, userId: viewer.id, scopes: ['chat:read', 'user:read:follows'] });
    // Another client's grant does not count.
    mock.addClient({ clientId: 'app-2' });
    mock.issueToken({ clientId: 'app-2', userId: other.id, scopes: ['bits:read'] });
    const app = mock.issueToken({ clientId: CLIENT_ID }).accessToken;
    const answer = await call('GET', '/authorization/users', app, { query: { user_id: [viewer.id, other.id, '999999', viewer.id] } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { user_id: viewer.id, user_name: 'viewer', user_login: 'viewer', scopes: [...ALL_SCOPES, 'chat:read'].sort(), has_authorized: true },
      { user_id: other.id, user_name: 'other', user_login: 'other', scopes: [...ALL_SCOPES].sort(), has_authorized: true },
    ]);
  });

  it('gives an empty list of scopes and has_authorized false for a user who granted the client nothing', async () => {
    const { tokens } = await setup();
    const stranger = platform().addUser({ login: 'stranger' });
    expect((await call('GET', '/authorization/users', tokens.app, { query: { user_id: stranger.id } })).body.data).toEqual([
      { user_id: stranger.id, user_name: 'stranger', user_login: 'stranger', scopes: [], has_authorized: false },
    ]);
  });

  it('needs an app token, user_id, and at most 10 of them', async () => {
    const { viewer, tokens } = await setup();
    expect(await call('GET', '/authorization/users', tokens.viewer, { query: { user_id: viewer.id } })).toMatchObject({ status: 401, body: errorBody(401, 'App access token is required.') });
    expect(await call('GET', '/authorization/users', tokens.app)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "user_id"') });
    const eleven = Array.from({ length: 11 }, (_, index) => String(index));
    expect(await call('GET', '/authorization/users', tokens.app, { query: { user_id: eleven } })).toMatchObject({ status: 400, body: errorBody(400, /"user_id" may be given at most 10 times/) });
  });
});
