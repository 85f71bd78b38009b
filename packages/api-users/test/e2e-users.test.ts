import { createClient, PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { platformAuth } from '@platform/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeExtensions, authorizationByUser, blockList, blockUser, sendWhisper, unblockUser, updateUser, updateUserExtensions, userExtensions, users } from '../src/index';
import { broadcasterScopes, createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The users group end to end: the client's operations over real sockets against the mock
 * platform, with the state each call leaves seen by the next.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('users', () => {
  it('looks users up by login and ID together, with the app token; unknown ones are left out', async () => {
    const { client, broadcaster, viewer, other } = world;
    const found = await users(client.as('app'), { login: ['PixelForge', 'nobody_here'], id: [viewer.id, other.id, '999999'] });
    expect(found.map((user) => user.login).sort()).toEqual(['northwind', 'pixelforge', 'quietfox']);
    expect(found.find((user) => user.id === broadcaster.id)).toEqual({
      id: '100',
      login: 'pixelforge',
      display_name: 'PixelForge',
      type: '',
      broadcaster_type: 'partner',
      description: '',
      profile_image_url: 'https://static.example/profile/100.png',
      offline_image_url: '',
      view_count: 0,
      created_at: iso(START),
    });
    // The app token sees no email address.
    expect(found.some((user) => 'email' in user)).toBe(false);
    expect(world.mock.requests.at(-1)?.query).toEqual({ id: [viewer.id, other.id, '999999'], login: ['PixelForge', 'nobody_here'] });
  });

  it('without id or login: the token user, with the email only when the token has user:read:email', async () => {
    const { client, broadcaster, viewer } = world;
    const [me] = await users(client.as(broadcaster.id));
    expect(me).toMatchObject({ id: broadcaster.id, email: 'pixelforge@example.com' });
    const [them] = await users(client.as(viewer.id));
    expect(them?.id).toBe(viewer.id);
    expect(them).not.toHaveProperty('email');
    // With the scope, the other users of the answer carry an empty address.
    const both = await users(client.as(broadcaster.id), { id: [broadcaster.id, viewer.id] });
    expect(both.map((user) => [user.login, user.email])).toEqual([
      ['pixelforge', 'pixelforge@example.com'],
      ['quietfox', ''],
    ]);
  });

  it('the app token without id or login: the platform answers 400', async () => {
    const error = await rejectionOf(users(world.client.as('app')));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(400);
    expect(error.message).toBe('Missing required parameter "id" or "login"; an app access token does not name a user (400 on GET /users)');
  });

  it('150 logins and 30 IDs: split into requests of 100 and 80, every user found, in the order asked', async () => {
    const { mock, client } = world;
    const many = Array.from({ length: 180 }, (_, index) => mock.addUser({ login: `lookup_${index}` }));
    const byId = many.slice(0, 30);
    const byLogin = many.slice(30);
    const found = await users(client.as('app'), { id: byId.map((user) => user.id), login: byLogin.map((user) => user.login) });
    expect(found.map((user) => user.id)).toEqual(many.map((user) => user.id));
    const sent = mock.requests.filter((request) => request.path === '/users').map((request) => [[request.query.id ?? []].flat().length, [request.query.login ?? []].flat().length]);
    expect(sent).toEqual([
      [30, 70],
      [0, 80],
    ]);
    expect(mock.requests.every((request) => request.status === 200)).toBe(true);
  });
});

describe('updateUser', () => {
  it('changes the description, which users reads back, and raises user.update', async () => {
    const { client, broadcaster } = world;
    const updated = await updateUser(client.as(broadcaster.id), { description: 'Speedruns every evening.' });
    expect(updated).toMatchObject({ id: broadcaster.id, description: 'Speedruns every evening.', email: 'pixelforge@example.com' });
    const [readBack] = await users(client.as('app'), { id: broadcaster.id });
    expect(readBack?.description).toBe('Speedruns every evening.');
    const raised = world.events.filter((event) => event.type === 'user.update');
    expect(raised).toEqual([
      {
        type: 'user.update',
        version: '1',
        condition: { user_id: broadcaster.id },
        event: { user_id: broadcaster.id, user_login: 'pixelforge', user_name: 'PixelForge', email: '', email_verified: false, description: 'Speedruns every evening.' },
      },
    ]);
  });

  it('an empty description removes it (sent as ?description=); no parameter changes nothing', async () => {
    const { mock, client, broadcaster } = world;
    await updateUser(client.as(broadcaster.id), { description: 'temporary' });
    const cleared = await updateUser(client.as(broadcaster.id), { description: '' });
    expect(cleared.description).toBe('');
    expect(mock.requests.at(-1)?.query).toEqual({ description: '' });
    const unchanged = await updateUser(client.as(broadcaster.id));
    expect(unchanged.description).toBe('');
    expect(world.events.filter((event) => event.type === 'user.update').map((event) => (event.event as { description: string }).description)).toEqual(['temporary', '']);
  });

  it('300 characters are taken, counted as the platform counts them (an emoji is one); 301 are refused before anything is sent', async () => {
    const { mock, client, broadcaster } = world;
    await expect(updateUser(client.as(broadcaster.id), { description: 'd'.repeat(300) })).resolves.toMatchObject({ description: 'd'.repeat(300) });
    const emoji = '\u{1F3AE}'.repeat(300);
    await expect(updateUser(client.as(broadcaster.id), { description: emoji })).resolves.toMatchObject({ description: emoji });
    mock.clearRequests();
    for (const description of ['d'.repeat(301), '\u{1F3AE}'.repeat(301)]) {
      const error = await rejectionOf(updateUser(client.as(broadcaster.id), { description }));
      expect(error.constructor).toBe(PlatformError);
      expect(error.message).toMatch(/^The parameter description of users\.updateUser must hold at most 300 characters; got ".+…" \(\d+ characters\)\.$/u);
    }
    expect(mock.requests).toHaveLength(0);
  });

  it('refusals: the app token, a token without user:edit', async () => {
    const { mock, client, viewer } = world;
    mock.clearRequests();
    const app = await rejectionOf(updateUser(client.as('app'), { description: 'x' }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('PUT /users only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(updateUser(client.as(viewer.id), { description: 'x' }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the user:edit scope required by PUT /users.');
    expect((scope as PlatformScopeError).required).toEqual(['user:edit']);
    expect(mock.requests).toHaveLength(0);
  });
});

describe('block list', () => {
  it('block three users, list them newest first (all and pages), unblock one, list again', async () => {
    const { client, broadcaster, moderator, viewer, other } = world;
    const me = client.as(broadcaster.id);
    await expect(blockUser(me, { target_user_id: viewer.id, source_context: 'chat', reason: 'spam' })).resolves.toBeUndefined();
    await blockUser(me, { target_user_id: moderator.id });
    await blockUser(me, { target_user_id: other.id, source_context: 'whisper', reason: 'harassment' });
    // Blocking again is ignored by the platform: the first block keeps its place.
    await blockUser(me, { target_user_id: viewer.id });

    const everyone = await blockList(me).all();
    expect(everyone).toEqual([
      { user_id: other.id, user_login: 'northwind', display_name: 'Northwind' },
      { user_id: moderator.id, user_login: 'mossmod', display_name: 'MossMod' },
      { user_id: viewer.id, user_login: 'quietfox', display_name: 'QuietFox' },
    ]);
    // broadcaster_id is filled from the token's user.
    expect(world.mock.requests.at(-1)?.query).toEqual({ broadcaster_id: broadcaster.id });

    const pages: string[][] = [];
    for await (const page of blockList(me, { first: 2 }).pages()) pages.push(page.data.map((entry) => entry.user_login));
    expect(pages).toEqual([['northwind', 'mossmod'], ['quietfox']]);

    await expect(unblockUser(me, { target_user_id: moderator.id })).resolves.toBeUndefined();
    // Unblocking someone not blocked is not an error.
    await unblockUser(me, { target_user_id: moderator.id });
    expect((await blockList(me).all()).map((entry) => entry.user_id)).toEqual([other.id, viewer.id]);
  });

  it('a blocked user\'s whispers never arrive, and the platform still answers 204', async () => {
    const { client, broadcaster, viewer } = world;
    await blockUser(client.as(broadcaster.id), { target_user_id: viewer.id, source_context: 'whisper' });
    await expect(sendWhisper(client.as(viewer.id), { to_user_id: broadcaster.id, message: 'let me in' })).resolves.toBeUndefined();
    expect(world.events.filter((event) => event.type === 'user.whisper.message')).toEqual([]);
    await unblockUser(client.as(broadcaster.id), { target_user_id: viewer.id });
    await sendWhisper(client.as(viewer.id), { to_user_id: broadcaster.id, message: 'thanks' });
    expect(world.events.filter((event) => event.type === 'user.whisper.message')).toHaveLength(1);
  });

  it('refusals: blocking oneself (400), reading another user\'s list (401), a missing scope, a bad reason', async () => {
    const { mock, client, broadcaster, viewer } = world;
    const self = await rejectionOf(blockUser(client.as(broadcaster.id), { target_user_id: broadcaster.id }));
    expect(self).toBeInstanceOf(PlatformApiError);
    expect(self.message).toBe('The ID in target_user_id cannot be the same as the user ID in the access token (400 on PUT /users/blocks)');

    const others = await rejectionOf(blockList(client.as(broadcaster.id), { broadcaster_id: viewer.id }));
    expect(others).toBeInstanceOf(PlatformApiError);
    expect((others as PlatformApiError).status).toBe(401);
    expect(others.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token. (401 on GET /users/blocks)");

    mock.clearRequests();
    const scope = await rejectionOf(blockList(client.as(viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the user:read:blocked_users scope required by GET /users/blocks.');
    const reason = await rejectionOf(blockUser(client.as(broadcaster.id), { target_user_id: viewer.id, reason: 'rude' as never }));
    expect(reason.constructor).toBe(PlatformError);
    expect(reason.message).toBe('The parameter reason of users.blockUser must be one of "harassment", "spam", "other"; got "rude".');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('extensions', () => {
  const topClip = { id: 'rh6jq1q334hqc2rr1qlzqbvwlfl3x0', version: '1.1.0', name: 'TopClip', type: ['mobile', 'panel'] as const };
  const devTest = { id: 'lqnf3zxk0rv0g7gq92mtmnirjz2cjj', version: '0.0.1', name: 'Dev Experience Test', type: ['component', 'mobile', 'panel', 'overlay'] as const };

  beforeEach(() => {
    world.mock.users.installExtension(world.broadcaster.id, { ...topClip, type: [...topClip.type] });
    world.mock.users.installExtension(world.broadcaster.id, { ...devTest, type: [...devTest.type] });
  });

  it('installed, activated, read back by slot (also with the app token), moved, deactivated', async () => {
    const { client, broadcaster } = world;
    const me = client.as(broadcaster.id);
    const installed = await userExtensions(me);
    expect(installed).toEqual([
      { id: topClip.id, version: '1.1.0', name: 'TopClip', can_activate: true, type: ['mobile', 'panel'] },
      { id: devTest.id, version: '0.0.1', name: 'Dev Experience Test', can_activate: true, type: ['component', 'mobile', 'panel', 'overlay'] },
    ]);

    const active = await updateUserExtensions(me, {
      panel: { '1': { active: true, id: topClip.id, version: '1.1.0' } },
      component: { '1': { active: true, id: devTest.id, version: '0.0.1', x: 10, y: 20 } },
    });
    expect(active).toEqual({
      panel: { '1': { active: true, id: topClip.id, version: '1.1.0', name: 'TopClip' }, '2': { active: false }, '3': { active: false } },
      overlay: { '1': { active: false } },
      component: { '1': { active: true, id: devTest.id, version: '0.0.1', name: 'Dev Experience Test', x: 10, y: 20 }, '2': { active: false } },
    });
    // The slots travel as { data: { panel, overlay, component } }.
    expect(world.mock.requests.at(-1)?.body).toEqual({
      data: { panel: { '1': { active: true, id: topClip.id, version: '1.1.0' } }, component: { '1': { active: true, id: devTest.id, version: '0.0.1', x: 10, y: 20 } } },
    });

    await expect(activeExtensions(me)).resolves.toEqual(active);
    // The app token names the broadcaster with user_id.
    await expect(activeExtensions(client.as('app'), { user_id: broadcaster.id })).resolves.toEqual(active);

    const moved = await updateUserExtensions(me, { panel: { '1': { active: false }, '3': { active: true, id: topClip.id, version: '1.1.0' } } });
    expect(moved.panel).toEqual({ '1': { active: false }, '2': { active: false }, '3': { active: true, id: topClip.id, version: '1.1.0', name: 'TopClip' } });
  });

  it('a token with user:read:broadcast only lists the active extensions', async () => {
    const { client, broadcaster } = world;
    await updateUserExtensions(client.as(broadcaster.id), { overlay: { '1': { active: true, id: devTest.id, version: '0.0.1' } } });
    await world.register(broadcaster, ['user:read:broadcast']);
    const listed = await userExtensions(client.as(broadcaster.id));
    expect(listed.map((extension) => extension.name)).toEqual(['Dev Experience Test']);
  });

  it('refusals: an extension not installed (404), the app token without user_id, nothing to change, a missing scope', async () => {
    const { mock, client, broadcaster, viewer } = world;
    const missing = await rejectionOf(updateUserExtensions(client.as(broadcaster.id), { panel: { '1': { active: true, id: topClip.id, version: '9.9.9' } } }));
    expect(missing).toBeInstanceOf(PlatformApiError);
    expect((missing as PlatformApiError).status).toBe(404);
    expect(missing.message).toBe(`An extension with the id "${topClip.id}" and version "9.9.9" is not installed (404 on PUT /users/extensions)`);

    mock.clearRequests();
    const app = await rejectionOf(activeExtensions(client.as('app')));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe(
      'GET /users/extensions needs user_id: the call is made with the app token, which belongs to no user. Set user_id, or register the acting user with client.auth.addUser().',
    );
    const nothing = await rejectionOf(updateUserExtensions(client.as(broadcaster.id), {}));
    expect(nothing.constructor).toBe(PlatformError);
    expect(nothing.message).toBe('users.updateUserExtensions needs at least one of the parameters panel, overlay or component.');
    const scope = await rejectionOf(updateUserExtensions(client.as(viewer.id), { panel: { '1': { active: false } } }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the user:edit:broadcast scope required by PUT /users/extensions.');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('authorizationByUser', () => {
  it('the scopes each user granted the application, 10 users per request', async () => {
    const { mock, client, clientId, broadcaster, viewer } = world;
    const more = Array.from({ length: 11 }, (_, index) => mock.addUser({ login: `granted_${index}` }));
    for (const user of more) mock.issueToken({ clientId, userId: user.id, scopes: ['chat:read'] });
    const ids = [broadcaster.id, viewer.id, ...more.map((user) => user.id)];
    const granted = await authorizationByUser(client, { user_id: ids });
    expect(granted.map((entry) => entry.user_id)).toEqual(ids);
    expect(granted[0]).toEqual({ user_id: broadcaster.id, user_name: 'PixelForge', user_login: 'pixelforge', scopes: [...broadcasterScopes].sort(), has_authorized: true });
    expect(granted[1]?.scopes).toEqual(['user:manage:whispers', 'user:read:broadcast', 'user:read:follows']);
    expect(granted[12]).toMatchObject({ user_login: 'granted_10', scopes: ['chat:read'] });
    expect(mock.requests.filter((request) => request.path === '/authorization/users').map((request) => [request.query.user_id].flat().length)).toEqual([10, 3]);
    // It took the app token, although two users are registered.
    expect(mock.requests.filter((request) => request.path === '/authorization/users').every((request) => mock.state.tokens.get(request.token!)?.userId === undefined)).toBe(true);
  });

  it('without a clientSecret there is no app token: refused before anything is sent', async () => {
    const { mock, clientId } = world;
    const noSecret = createClient({ clientId, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
    mock.clearRequests();
    const error = await rejectionOf(authorizationByUser(noSecret, { user_id: '100' }));
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe('GET /authorization/users needs an app access token, which requires a clientSecret.');
    expect(mock.requests).toHaveLength(0);
  });

  it('a user token named with as: refused before sending, naming the app token', async () => {
    const { mock } = world;
    mock.clearRequests();
    const error = await rejectionOf(authorizationByUser(world.client.as(world.broadcaster.id), { user_id: '100' }));
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect(error.message).toBe(`GET /authorization/users only accepts an app access token: a user's token cannot be used for it (asked to act as user ${world.broadcaster.id}).`);
    expect(mock.requests).toHaveLength(0);
  });
});
