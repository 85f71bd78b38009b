import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform, type MockUser, type RaisedEvent } from '../src/index';

const CLIENT = 'chat-test-app';
const START = Date.parse('2026-03-14T17:00:00.000Z');

let mock: MockPlatform;
let clock: number;
let broadcaster: MockUser;
let moderator: MockUser;
let viewer: MockUser;
let other: MockUser;
let events: RaisedEvent[];

interface Answer {
  status: number;
  // The assertions check the JSON bodies; a precise type per route would add nothing here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Calls a Helix route of the mock with plain fetch. */
async function call(method: string, path: string, options: { token?: string; query?: Record<string, string | string[]>; body?: unknown } = {}): Promise<Answer> {
  const url = new URL(`${mock.baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, one);
  }
  const headers: Record<string, string> = { 'Client-Id': CLIENT };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

function tokenFor(user: MockUser | undefined, scopes: string[] = []): string {
  return mock.issueToken({ clientId: CLIENT, ...(user ? { userId: user.id } : {}), scopes }).accessToken;
}

function raised(type: string): RaisedEvent[] {
  return events.filter((event) => event.type === type);
}

beforeEach(async () => {
  clock = START;
  mock = await createMockPlatform({ now: () => clock });
  mock.addClient({ clientId: CLIENT });
  broadcaster = mock.addUser({ login: 'pixelforge', display_name: 'PixelForge' });
  moderator = mock.addUser({ login: 'mossmod', display_name: 'MossMod' });
  viewer = mock.addUser({ login: 'quietfox', display_name: 'QuietFox' });
  other = mock.addUser({ login: 'northwind', display_name: 'Northwind' });
  mock.state.channel(broadcaster.id).moderators.add(moderator.id);
  events = [];
  mock.events.on((event) => events.push(event));
});

afterEach(async () => {
  await mock.close();
});

describe('GET /chat/chatters', () => {
  it('pages through 2000 chatters in 20 pages of 100, with total', async () => {
    const ids = Array.from({ length: 2000 }, (_, index) => mock.addUser({ login: `chatter${index}` }).id);
    mock.chat.join(broadcaster.id, ids);
    const token = tokenFor(moderator, ['moderator:read:chatters']);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const { status, body } = await call('GET', '/chat/chatters', { token, query: { broadcaster_id: broadcaster.id, moderator_id: moderator.id, ...(after ? { after } : {}) } });
      expect(status).toBe(200);
      expect(body.total).toBe(2000);
      seen.push(...body.data.map((chatter: { user_id: string }) => chatter.user_id));
      after = body.pagination.cursor;
      pages++;
    } while (after);
    expect(pages).toBe(20);
    expect(seen).toEqual(ids);
  });

  it('answers the chatter shape and honours first (1 to 1000)', async () => {
    mock.chat.join(broadcaster.id, [viewer.id, other.id]);
    const token = tokenFor(moderator, ['moderator:read:chatters']);
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    const one = await call('GET', '/chat/chatters', { token, query: { ...query, first: '1' } });
    expect(one.body).toEqual({ data: [{ user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox' }], pagination: { cursor: expect.any(String) }, total: 2 });
    expect((await call('GET', '/chat/chatters', { token, query: { ...query, first: '1001' } })).status).toBe(400);
    expect((await call('GET', '/chat/chatters', { token, query: { ...query, first: '0' } })).status).toBe(400);
  });

  it('checks the token and the moderator like the platform', async () => {
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    const missingToken = await call('GET', '/chat/chatters', { query });
    expect(missingToken.body).toEqual({ error: 'Unauthorized', status: 401, message: 'OAuth token is missing' });
    const noScope = await call('GET', '/chat/chatters', { token: tokenFor(moderator), query });
    expect(noScope.status).toBe(401);
    expect(noScope.body.message).toBe('Missing scope: moderator:read:chatters');
    const scoped = tokenFor(viewer, ['moderator:read:chatters']);
    expect((await call('GET', '/chat/chatters', { token: scoped, query: { broadcaster_id: broadcaster.id } })).body.message).toBe('Missing required parameter "moderator_id"');
    expect((await call('GET', '/chat/chatters', { token: scoped, query })).status).toBe(401);
    expect((await call('GET', '/chat/chatters', { token: scoped, query: { broadcaster_id: broadcaster.id, moderator_id: viewer.id } })).status).toBe(403);
  });

  it('takes an app token when moderator_id names a moderator', async () => {
    const app = tokenFor(undefined);
    expect((await call('GET', '/chat/chatters', { token: app, query: { broadcaster_id: broadcaster.id } })).status).toBe(400);
    expect((await call('GET', '/chat/chatters', { token: app, query: { broadcaster_id: broadcaster.id, moderator_id: viewer.id } })).status).toBe(403);
    expect((await call('GET', '/chat/chatters', { token: app, query: { broadcaster_id: broadcaster.id, moderator_id: moderator.id } })).status).toBe(200);
  });
});

describe('emotes and badges', () => {
  it('lists the sample global emotes with the template', async () => {
    const { status, body } = await call('GET', '/chat/emotes/global', { token: tokenFor(undefined) });
    expect(status).toBe(200);
    expect(body.template).toBe('https://static.example/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}');
    expect(body.data.length).toBeGreaterThan(0);
    expect(Object.keys(body.data[0]).sort()).toEqual(['format', 'id', 'images', 'name', 'scale', 'theme_mode']);
    expect(Object.keys(body.data[0].images).sort()).toEqual(['url_1x', 'url_2x', 'url_4x']);
  });

  it('lists channel emotes set through the control, tier "" for non-subscriber emotes', async () => {
    mock.chat.setChannelEmotes(broadcaster.id, [{ id: 'e1', name: 'pixelfHype' }, { id: 'e2', name: 'pixelfWave', emote_type: 'follower' }]);
    const token = tokenFor(viewer);
    const { body } = await call('GET', '/chat/emotes', { token, query: { broadcaster_id: broadcaster.id } });
    expect(body.template).toContain('{{id}}');
    expect(body.data).toMatchObject([
      { id: 'e1', name: 'pixelfHype', tier: '1000', emote_type: 'subscriptions', emote_set_id: expect.any(String), format: ['static'] },
      { id: 'e2', name: 'pixelfWave', tier: '', emote_type: 'follower' },
    ]);
    expect((await call('GET', '/chat/emotes', { token, query: { broadcaster_id: other.id } })).body.data).toEqual([]);
    expect((await call('GET', '/chat/emotes', { token })).status).toBe(400);
  });

  it('finds emote sets (at most 25), leaving unknown sets out', async () => {
    mock.chat.setChannelEmotes(broadcaster.id, [{ id: 'e1', name: 'pixelfHype', emote_set_id: 'set1' }]);
    const token = tokenFor(undefined);
    const { body } = await call('GET', '/chat/emotes/set', { token, query: { emote_set_id: ['set1', 'nope', 'set1'] } });
    expect(body.data).toEqual([expect.objectContaining({ id: 'e1', emote_set_id: 'set1', owner_id: broadcaster.id, emote_type: 'subscriptions' })]);
    expect(body.template).toContain('{{scale}}');
    const many = Array.from({ length: 26 }, (_, index) => `s${index}`);
    expect((await call('GET', '/chat/emotes/set', { token, query: { emote_set_id: many } })).status).toBe(400);
    expect((await call('GET', '/chat/emotes/set', { token })).status).toBe(400);
  });

  it('pages user emotes with after only, template on every page', async () => {
    mock.chat.setUserEmotes(viewer.id, Array.from({ length: 150 }, (_, index) => ({ id: `u${index}`, name: `emote${index}`, emote_set_id: 'mine', owner_id: other.id })));
    mock.chat.setChannelEmotes(broadcaster.id, [{ id: 'f1', name: 'pixelfWave', emote_type: 'follower' }, { id: 's1', name: 'pixelfSub' }]);
    const token = tokenFor(viewer, ['user:read:emotes']);
    const first = await call('GET', '/chat/emotes/user', { token, query: { user_id: viewer.id, broadcaster_id: broadcaster.id } });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.template).toContain('{{id}}');
    expect(Object.keys(first.body.data[0]).sort()).toEqual(['emote_set_id', 'emote_type', 'format', 'id', 'name', 'owner_id', 'scale', 'theme_mode']);
    const second = await call('GET', '/chat/emotes/user', { token, query: { user_id: viewer.id, broadcaster_id: broadcaster.id, after: first.body.pagination.cursor } });
    expect(second.body.template).toContain('{{id}}');
    expect(second.body.pagination).toEqual({});
    const ids = [...first.body.data, ...second.body.data].map((emote: { id: string }) => emote.id);
    // Global emotes, the user's own, and the follower (not subscriber) emotes of the channel asked about.
    expect(ids).toContain('101');
    expect(ids).toContain('u149');
    expect(ids).toContain('f1');
    expect(ids).not.toContain('s1');
  });

  it('refuses user emotes for another user or with an app token', async () => {
    const token = tokenFor(viewer, ['user:read:emotes']);
    expect((await call('GET', '/chat/emotes/user', { token, query: { user_id: other.id } })).status).toBe(401);
    expect((await call('GET', '/chat/emotes/user', { token })).status).toBe(400);
    expect((await call('GET', '/chat/emotes/user', { token: tokenFor(undefined), query: { user_id: viewer.id } })).status).toBe(401);
    expect((await call('GET', '/chat/emotes/user', { token: tokenFor(viewer), query: { user_id: viewer.id } })).body.message).toBe('Missing scope: user:read:emotes');
  });

  it('lists global badges sorted by version, channel badges [] until set', async () => {
    const token = tokenFor(undefined);
    const global = await call('GET', '/chat/badges/global', { token });
    expect(global.body.data.map((set: { set_id: string }) => set.set_id)).toEqual(expect.arrayContaining(['broadcaster', 'moderator', 'vip', 'subscriber']));
    expect(Object.keys(global.body.data[0].versions[0]).sort()).toEqual(['click_action', 'click_url', 'description', 'id', 'image_url_1x', 'image_url_2x', 'image_url_4x', 'title']);
    expect((await call('GET', '/chat/badges', { token, query: { broadcaster_id: broadcaster.id } })).body).toEqual({ data: [] });
    mock.chat.setChannelBadges(broadcaster.id, [{ set_id: 'subscriber', versions: [{ id: '12' }, { id: '3' }, { id: '0' }] }]);
    const channel = await call('GET', '/chat/badges', { token, query: { broadcaster_id: broadcaster.id } });
    expect(channel.body.data[0].versions.map((version: { id: string }) => version.id)).toEqual(['0', '3', '12']);
  });
});

describe('chat settings', () => {
  const publicKeys = ['broadcaster_id', 'emote_mode', 'follower_mode', 'follower_mode_duration', 'slow_mode', 'slow_mode_wait_time', 'subscriber_mode', 'unique_chat_mode'];

  it('reads the public settings, and the delay fields only for a moderator', async () => {
    const app = await call('GET', '/chat/settings', { token: tokenFor(undefined), query: { broadcaster_id: broadcaster.id } });
    expect(Object.keys(app.body.data[0]).sort()).toEqual(publicKeys);
    expect(app.body.data[0]).toMatchObject({ slow_mode: false, slow_mode_wait_time: null, follower_mode_duration: null });
    const mod = await call('GET', '/chat/settings', { token: tokenFor(moderator, ['moderator:read:chat_settings']), query: { broadcaster_id: broadcaster.id, moderator_id: moderator.id } });
    expect(mod.body.data[0]).toMatchObject({ moderator_id: moderator.id, non_moderator_chat_delay: false, non_moderator_chat_delay_duration: null });
    const notMod = await call('GET', '/chat/settings', { token: tokenFor(viewer, ['moderator:read:chat_settings']), query: { broadcaster_id: broadcaster.id, moderator_id: viewer.id } });
    expect(Object.keys(notMod.body.data[0]).sort()).toEqual(publicKeys);
    const wrongUser = await call('GET', '/chat/settings', { token: tokenFor(viewer), query: { broadcaster_id: broadcaster.id, moderator_id: moderator.id } });
    expect(wrongUser.status).toBe(401);
  });

  it('updates only the fields sent, with defaults and cleared durations', async () => {
    const token = tokenFor(moderator, ['moderator:manage:chat_settings']);
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    const slow = await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: true } });
    expect(slow.status).toBe(200);
    expect(slow.body.data[0]).toMatchObject({ slow_mode: true, slow_mode_wait_time: 30, moderator_id: moderator.id, non_moderator_chat_delay: false, emote_mode: false });
    const follower = await call('PATCH', '/chat/settings', { token, query, body: { follower_mode: true, follower_mode_duration: 10, emote_mode: true } });
    expect(follower.body.data[0]).toMatchObject({ slow_mode: true, slow_mode_wait_time: 30, follower_mode: true, follower_mode_duration: 10, emote_mode: true });
    const off = await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: false } });
    expect(off.body.data[0]).toMatchObject({ slow_mode: false, slow_mode_wait_time: null, follower_mode_duration: 10 });
    const delay = await call('PATCH', '/chat/settings', { token, query, body: { non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 4 } });
    expect(delay.body.data[0]).toMatchObject({ non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 4 });
    expect(mock.chat.settingsOf(broadcaster.id)).toMatchObject({ follower_mode_duration: 10, emote_mode: true, slow_mode: false });
  });

  it('rejects durations without their mode, out of range or of the wrong type', async () => {
    const token = tokenFor(moderator, ['moderator:manage:chat_settings']);
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    for (const body of [
      { slow_mode_wait_time: 10 },
      { slow_mode: false, slow_mode_wait_time: 10 },
      { slow_mode: true, slow_mode_wait_time: 2 },
      { slow_mode: true, slow_mode_wait_time: 121 },
      { follower_mode: true, follower_mode_duration: 129601 },
      { non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 3 },
      { emote_mode: 'yes' },
    ]) {
      expect((await call('PATCH', '/chat/settings', { token, query, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(mock.chat.settingsOf(broadcaster.id).slow_mode).toBe(false);
  });

  it('needs the scope and a moderator', async () => {
    const query = { broadcaster_id: broadcaster.id, moderator_id: viewer.id };
    expect((await call('PATCH', '/chat/settings', { token: tokenFor(viewer), query, body: { emote_mode: true } })).status).toBe(401);
    expect((await call('PATCH', '/chat/settings', { token: tokenFor(viewer, ['moderator:manage:chat_settings']), query, body: { emote_mode: true } })).status).toBe(403);
  });

  it('raises channel.chat_settings.update when something changed', async () => {
    const token = tokenFor(broadcaster, ['moderator:manage:chat_settings']);
    const query = { broadcaster_id: broadcaster.id, moderator_id: broadcaster.id };
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: true, slow_mode_wait_time: 5 } });
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: true, slow_mode_wait_time: 5 } });
    const updates = raised('channel.chat_settings.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toEqual({
      type: 'channel.chat_settings.update',
      version: '1',
      condition: { broadcaster_user_id: broadcaster.id },
      event: {
        broadcaster_user_id: broadcaster.id,
        broadcaster_user_login: 'pixelforge',
        broadcaster_user_name: 'PixelForge',
        emote_mode: false,
        follower_mode: false,
        follower_mode_duration_minutes: null,
        slow_mode: true,
        slow_mode_wait_time_seconds: 5,
        subscriber_mode: false,
        unique_chat_mode: false,
      },
    });
  });
});

describe('chat settings: what issue 15 found the mock stricter about', () => {
  const scopes = ['moderator:manage:chat_settings'];
  const moderates = () => raised('channel.moderate');
  /** The `followers` and `slow` objects of a channel.moderate event, and any other detail object that is not null. */
  const details = (event: RaisedEvent) => Object.fromEntries(Object.entries(event.event as Record<string, unknown>).filter(([key, value]) => ['followers', 'slow'].includes(key) || (value !== null && typeof value === 'object')));

  it('raises a channel.moderate action for each mode turned on or off, in versions 1 and 2', async () => {
    const token = tokenFor(moderator, scopes);
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: true, slow_mode_wait_time: 10, follower_mode: true, follower_mode_duration: 30, emote_mode: true, subscriber_mode: true, unique_chat_mode: true } });
    expect(raised('channel.chat_settings.update')).toHaveLength(1);
    const on = moderates();
    expect(on.map((event) => `${(event.event as { action: string }).action}@${event.version}`)).toEqual([
      'emoteonly@1', 'emoteonly@2', 'followers@1', 'followers@2', 'slow@1', 'slow@2', 'subscribers@1', 'subscribers@2', 'uniquechat@1', 'uniquechat@2',
    ]);
    for (const event of on) {
      expect(event.condition).toEqual({ broadcaster_user_id: broadcaster.id });
      expect(event.event).toMatchObject({ broadcaster_user_id: broadcaster.id, moderator_user_id: moderator.id, moderator_user_login: 'mossmod', source_broadcaster_user_id: null });
    }
    expect(details(on[2]!)).toEqual({ followers: { follow_duration_minutes: 30 }, slow: null });
    expect(details(on[4]!)).toEqual({ followers: null, slow: { wait_time_seconds: 10 } });
    // Each version in its own shape: version 1 has no warn field, version 2 has it null.
    expect(on[0]!.event).not.toHaveProperty('warn');
    expect(on[1]!.event).toHaveProperty('warn', null);

    events.length = 0;
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: true, slow_mode_wait_time: 20 } });
    expect(moderates().map((event) => `${(event.event as { action: string }).action}@${event.version}`)).toEqual(['slow@1', 'slow@2']);
    expect(details(moderates()[1]!)).toEqual({ followers: null, slow: { wait_time_seconds: 20 } });

    events.length = 0;
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: false, follower_mode: false, emote_mode: false, subscriber_mode: false, unique_chat_mode: false, non_moderator_chat_delay: true } });
    const off = moderates().filter((event) => event.version === '2');
    expect(off.map((event) => (event.event as { action: string }).action)).toEqual(['emoteonlyoff', 'followersoff', 'slowoff', 'subscribersoff', 'uniquechatoff']);
    expect(off.every((event) => Object.values(details(event)).every((value) => value === null))).toBe(true);
    expect(moderates()).toHaveLength(10);

    // Nothing changed: no event at all; the delay alone has no channel.moderate action.
    events.length = 0;
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: false } });
    await call('PATCH', '/chat/settings', { token, query, body: { non_moderator_chat_delay: false } });
    expect(raised('channel.chat_settings.update')).toHaveLength(1);
    expect(moderates()).toHaveLength(0);
  });

  it('takes a duration without its mode flag while the mode is already on', async () => {
    const token = tokenFor(moderator, scopes);
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    for (const body of [{ slow_mode_wait_time: 10 }, { follower_mode_duration: 60 }, { non_moderator_chat_delay_duration: 4 }]) {
      const refused = await call('PATCH', '/chat/settings', { token, query, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain(Object.keys(body)[0]);
    }
    await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: true, follower_mode: true, non_moderator_chat_delay: true } });
    const retimed = await call('PATCH', '/chat/settings', { token, query, body: { slow_mode_wait_time: 10, follower_mode_duration: 60, non_moderator_chat_delay_duration: 4 } });
    expect(retimed.status).toBe(200);
    expect(retimed.body.data[0]).toMatchObject({ slow_mode: true, slow_mode_wait_time: 10, follower_mode: true, follower_mode_duration: 60, non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 4 });
    // The range still holds, and a duration sent with its mode set false is still refused.
    expect((await call('PATCH', '/chat/settings', { token, query, body: { slow_mode_wait_time: 121 } })).status).toBe(400);
    expect((await call('PATCH', '/chat/settings', { token, query, body: { slow_mode: false, slow_mode_wait_time: 10 } })).status).toBe(400);
    expect(mock.chat.settingsOf(broadcaster.id)).toMatchObject({ slow_mode: true, slow_mode_wait_time: 10 });
  });
});

describe('GET /shared_chat/session', () => {
  it('answers data [] without a session, the session once started', async () => {
    const token = tokenFor(undefined);
    expect((await call('GET', '/shared_chat/session', { token, query: { broadcaster_id: broadcaster.id } })).body).toEqual({ data: [] });
    const session = mock.chat.startSharedSession(other.id, [broadcaster.id]);
    const { body } = await call('GET', '/shared_chat/session', { token, query: { broadcaster_id: broadcaster.id } });
    expect(body.data).toEqual([session]);
    expect(session).toMatchObject({ host_broadcaster_id: other.id, participants: [{ broadcaster_id: other.id }, { broadcaster_id: broadcaster.id }], created_at: new Date(START).toISOString() });
    expect(raised('channel.shared_chat.begin').map((event) => event.condition.broadcaster_user_id)).toEqual([other.id, broadcaster.id]);
    mock.chat.endSharedSession(broadcaster.id);
    expect((await call('GET', '/shared_chat/session', { token, query: { broadcaster_id: other.id } })).body).toEqual({ data: [] });
    expect(raised('channel.shared_chat.end')).toHaveLength(2);
    expect((await call('GET', '/shared_chat/session', { token })).status).toBe(400);
  });
});

describe('POST /chat/announcements', () => {
  const scopes = ['moderator:manage:announcements'];

  it('answers 204, cuts the message after 500 characters and raises a notification', async () => {
    const token = tokenFor(moderator, scopes);
    const answer = await call('POST', '/chat/announcements', { token, query: { broadcaster_id: broadcaster.id, moderator_id: moderator.id }, body: { message: 'x'.repeat(600), color: 'purple' } });
    expect(answer).toEqual({ status: 204, body: undefined });
    const [notice] = raised('channel.chat.notification');
    expect(notice?.condition).toEqual({ broadcaster_user_id: broadcaster.id });
    expect(notice?.event).toMatchObject({
      broadcaster_user_id: broadcaster.id,
      chatter_user_id: moderator.id,
      chatter_user_login: 'mossmod',
      notice_type: 'announcement',
      announcement: { color: 'PURPLE' },
      resub: null,
      source_broadcaster_user_id: null,
      message: { text: 'x'.repeat(500) },
    });
  });

  it('allows one announcement per 2 seconds per channel', async () => {
    const token = tokenFor(broadcaster, scopes);
    const query = { broadcaster_id: broadcaster.id, moderator_id: broadcaster.id };
    expect((await call('POST', '/chat/announcements', { token, query, body: { message: 'one' } })).status).toBe(204);
    const limited = await call('POST', '/chat/announcements', { token, query, body: { message: 'two' } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too Many Requests');
    // Another channel has its own window.
    const elsewhere = tokenFor(other, scopes);
    expect((await call('POST', '/chat/announcements', { token: elsewhere, query: { broadcaster_id: other.id, moderator_id: other.id }, body: { message: 'hi' } })).status).toBe(204);
    clock += 2_000;
    expect((await call('POST', '/chat/announcements', { token, query, body: { message: 'three' } })).status).toBe(204);
    expect(raised('channel.chat.notification')).toHaveLength(3);
  });

  it('refuses a missing message, a bad color, for_source_only with a user token and a non-moderator', async () => {
    const token = tokenFor(moderator, scopes);
    const query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
    expect((await call('POST', '/chat/announcements', { token, query, body: {} })).body.message).toBe('Missing required parameter "message"');
    expect((await call('POST', '/chat/announcements', { token, query, body: { message: 'hi', color: 'pink' } })).status).toBe(400);
    expect((await call('POST', '/chat/announcements', { token, query, body: { message: 'hi', for_source_only: true } })).status).toBe(400);
    expect((await call('POST', '/chat/announcements', { token: tokenFor(viewer, scopes), query: { broadcaster_id: broadcaster.id, moderator_id: viewer.id }, body: { message: 'hi' } })).status).toBe(403);
    expect(raised('channel.chat.notification')).toHaveLength(0);
  });
});

describe('POST /chat/shoutouts', () => {
  const scopes = ['moderator:manage:shoutouts'];

  it('needs the sending channel to be live (403)', async () => {
    const token = tokenFor(moderator, scopes);
    const answer = await call('POST', '/chat/shoutouts', { token, query: { from_broadcaster_id: broadcaster.id, to_broadcaster_id: other.id, moderator_id: moderator.id } });
    expect(answer.status).toBe(403);
  });

  it('answers 204, raises create and receive, and keeps both cooldowns', async () => {
    mock.state.channel(broadcaster.id).live = true;
    mock.chat.join(broadcaster.id, [viewer.id]);
    const third = mock.addUser({ login: 'emberhollow' });
    const token = tokenFor(moderator, scopes);
    const to = (id: string) => ({ from_broadcaster_id: broadcaster.id, to_broadcaster_id: id, moderator_id: moderator.id });
    expect((await call('POST', '/chat/shoutouts', { token, query: to(other.id) })).status).toBe(204);
    expect(raised('channel.shoutout.create')[0]).toMatchObject({
      condition: { broadcaster_user_id: broadcaster.id },
      event: {
        broadcaster_user_id: broadcaster.id,
        to_broadcaster_user_id: other.id,
        to_broadcaster_user_login: 'northwind',
        moderator_user_id: moderator.id,
        viewer_count: 1,
        started_at: new Date(START).toISOString(),
        cooldown_ends_at: new Date(START + 120_000).toISOString(),
        target_cooldown_ends_at: new Date(START + 3_600_000).toISOString(),
      },
    });
    expect(raised('channel.shoutout.receive')[0]).toMatchObject({ condition: { broadcaster_user_id: other.id }, event: { broadcaster_user_id: other.id, from_broadcaster_user_id: broadcaster.id } });
    expect((await call('POST', '/chat/shoutouts', { token, query: to(third.id) })).status).toBe(429);
    clock += 120_000;
    expect((await call('POST', '/chat/shoutouts', { token, query: to(other.id) })).status).toBe(429);
    expect((await call('POST', '/chat/shoutouts', { token, query: to(third.id) })).status).toBe(204);
    clock += 3_600_000;
    expect((await call('POST', '/chat/shoutouts', { token, query: to(other.id) })).status).toBe(204);
  });

  it('refuses a shoutout to oneself or to nobody, and missing parameters', async () => {
    mock.state.channel(broadcaster.id).live = true;
    const token = tokenFor(broadcaster, scopes);
    expect((await call('POST', '/chat/shoutouts', { token, query: { from_broadcaster_id: broadcaster.id, to_broadcaster_id: broadcaster.id, moderator_id: broadcaster.id } })).status).toBe(400);
    expect((await call('POST', '/chat/shoutouts', { token, query: { from_broadcaster_id: broadcaster.id, to_broadcaster_id: '999999', moderator_id: broadcaster.id } })).status).toBe(400);
    expect((await call('POST', '/chat/shoutouts', { token, query: { from_broadcaster_id: broadcaster.id, moderator_id: broadcaster.id } })).body.message).toBe('Missing required parameter "to_broadcaster_id"');
  });
});

describe('POST /chat/messages', () => {
  it('sends a message: data[0], stored, channel.chat.message raised with fragments', async () => {
    mock.chat.setChannelEmotes(broadcaster.id, [{ id: 'e1', name: 'pixelfHype', emote_set_id: 'set1' }]);
    const token = tokenFor(viewer, ['user:write:chat']);
    const { status, body } = await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: '@northwind nice pixelfHype' } });
    expect(status).toBe(200);
    // A sent message says so with drop_reason null, as the platform does (issue 15).
    expect(body).toEqual({ data: [{ message_id: expect.any(String), is_sent: true, drop_reason: null }] });
    const stored = mock.state.channel(broadcaster.id).messages;
    expect(stored).toEqual([expect.objectContaining({ message_id: body.data[0].message_id, sender_id: viewer.id, text: '@northwind nice pixelfHype', sent_at: START })]);
    const [message] = raised('channel.chat.message');
    expect(message?.condition).toEqual({ broadcaster_user_id: broadcaster.id });
    expect(message?.event).toMatchObject({
      broadcaster_user_id: broadcaster.id,
      chatter_user_id: viewer.id,
      chatter_user_name: 'QuietFox',
      message_id: body.data[0].message_id,
      message_type: 'text',
      reply: null,
      color: '',
      message: {
        text: '@northwind nice pixelfHype',
        fragments: [
          { type: 'mention', text: '@northwind', mention: { user_id: other.id, user_login: 'northwind', user_name: 'Northwind' }, emote: null, cheermote: null },
          { type: 'text', text: ' nice ', mention: null, emote: null, cheermote: null },
          { type: 'emote', text: 'pixelfHype', emote: { id: 'e1', emote_set_id: 'set1', owner_id: broadcaster.id, format: ['static'] }, mention: null, cheermote: null },
        ],
      },
    });
  });

  it('answers 200 with is_sent false for a banned or timed-out sender', async () => {
    const token = tokenFor(viewer, ['user:write:chat']);
    const channel = mock.state.channel(broadcaster.id);
    channel.bans.set(viewer.id, { user_id: viewer.id, moderator_id: moderator.id, reason: '', created_at: START, ends_at: undefined });
    const banned = await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'hello' } });
    expect(banned.status).toBe(200);
    expect(banned.body.data[0]).toEqual({ message_id: '', is_sent: false, drop_reason: { code: 'msg_banned', message: expect.any(String) } });
    channel.bans.set(viewer.id, { user_id: viewer.id, moderator_id: moderator.id, reason: '', created_at: START, ends_at: START + 60_000 });
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'hello' } })).body.data[0].drop_reason.code).toBe('msg_timedout');
    clock += 60_000;
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'hello' } })).body.data[0].is_sent).toBe(true);
    expect(channel.messages).toHaveLength(1);
    expect(raised('channel.chat.message')).toHaveLength(1);
  });

  it('drops messages that chat modes refuse, not those of moderators', async () => {
    const settings = tokenFor(broadcaster, ['moderator:manage:chat_settings']);
    await call('PATCH', '/chat/settings', { token: settings, query: { broadcaster_id: broadcaster.id, moderator_id: broadcaster.id }, body: { slow_mode: true, slow_mode_wait_time: 10, unique_chat_mode: true } });
    const send = async (user: MockUser, message: string) =>
      (await call('POST', '/chat/messages', { token: tokenFor(user, ['user:write:chat']), body: { broadcaster_id: broadcaster.id, sender_id: user.id, message } })).body.data[0];
    expect((await send(viewer, 'first')).is_sent).toBe(true);
    expect((await send(viewer, 'second')).drop_reason.code).toBe('channel_settings');
    expect((await send(moderator, 'a')).is_sent).toBe(true);
    expect((await send(moderator, 'b')).is_sent).toBe(true);
    clock += 10_000;
    expect((await send(viewer, 'first')).drop_reason.code).toBe('msg_duplicate');
  });

  it('drops the messages of viewers who do not follow, or not for long enough, in followers-only mode', async () => {
    const settings = tokenFor(broadcaster, ['moderator:manage:chat_settings']);
    await call('PATCH', '/chat/settings', { token: settings, query: { broadcaster_id: broadcaster.id, moderator_id: broadcaster.id }, body: { follower_mode: true, follower_mode_duration: 10 } });
    const send = async (user: MockUser, message: string) =>
      (await call('POST', '/chat/messages', { token: tokenFor(user, ['user:write:chat']), body: { broadcaster_id: broadcaster.id, sender_id: user.id, message } })).body.data[0];
    expect((await send(viewer, 'not following')).drop_reason).toEqual({ code: 'channel_settings', message: 'This room is in followers-only mode.' });
    mock.state.channel(broadcaster.id).followers.set(viewer.id, clock);
    expect((await send(viewer, 'just followed')).drop_reason.message).toBe('This room is in 10 minutes followers-only mode.');
    clock += 10 * 60_000;
    expect((await send(viewer, 'followed long enough')).is_sent).toBe(true);
    expect((await send(moderator, 'moderators are exempt')).is_sent).toBe(true);
  });

  it('lets subscribers speak in subscribers-only mode, and drops the others', async () => {
    const settings = tokenFor(broadcaster, ['moderator:manage:chat_settings']);
    await call('PATCH', '/chat/settings', { token: settings, query: { broadcaster_id: broadcaster.id, moderator_id: broadcaster.id }, body: { subscriber_mode: true } });
    const send = async (user: MockUser, message: string) =>
      (await call('POST', '/chat/messages', { token: tokenFor(user, ['user:write:chat']), body: { broadcaster_id: broadcaster.id, sender_id: user.id, message } })).body.data[0];
    expect((await send(viewer, 'not subscribed')).drop_reason).toEqual({ code: 'channel_settings', message: 'This room is in subscribers-only mode.' });
    mock.subscriptions.subscribe(broadcaster.id, viewer.id);
    expect((await send(viewer, 'subscribed now')).is_sent).toBe(true);
    mock.subscriptions.end(broadcaster.id, viewer.id);
    expect((await send(viewer, 'ended')).is_sent).toBe(false);
  });

  it('keeps the chat limits: 20 messages per 30 seconds to a channel, 100 for its broadcaster, moderators and VIPs (429 past them)', async () => {
    const send = async (user: MockUser, message: string) =>
      call('POST', '/chat/messages', { token: tokenFor(user, ['user:write:chat']), body: { broadcaster_id: broadcaster.id, sender_id: user.id, message } });
    for (let index = 0; index < 20; index++) expect((await send(viewer, `message ${index}`)).status).toBe(200);
    const refused = await send(viewer, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('The sender has sent 20 messages to this chat in the last 30 seconds, its limit');
    expect(mock.state.channel(broadcaster.id).messages.filter((message) => message.sender_id === viewer.id)).toHaveLength(20);
    // Another sender has a limit of its own.
    expect((await send(other, 'hi')).status).toBe(200);
    clock += 30_000;
    expect((await send(viewer, 'the window has passed')).status).toBe(200);
    for (let index = 0; index < 100; index++) expect((await send(moderator, `mod ${index}`)).status).toBe(200);
    expect((await send(moderator, 'one too many')).status).toBe(429);
  });

  it('refuses an over-long message, a missing field and another sender', async () => {
    const token = tokenFor(viewer, ['user:write:chat']);
    const tooLong = await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(422);
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'x'.repeat(500) } })).status).toBe(200);
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id } })).body.message).toBe('Missing required parameter "message"');
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: other.id, message: 'hi' } })).status).toBe(401);
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'hi', for_source_only: true } })).status).toBe(400);
    expect((await call('POST', '/chat/messages', { token: tokenFor(viewer), body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'hi' } })).status).toBe(401);
  });

  it('takes broadcaster_id and sender_id from the query as well as the body (issue 15)', async () => {
    const token = tokenFor(viewer, ['user:write:chat']);
    const inQuery = await call('POST', '/chat/messages', { token, query: { broadcaster_id: broadcaster.id, sender_id: viewer.id }, body: { message: 'from the query' } });
    expect(inQuery.status).toBe(200);
    expect(inQuery.body.data[0]).toMatchObject({ is_sent: true, drop_reason: null });
    const mixed = await call('POST', '/chat/messages', { token, query: { broadcaster_id: broadcaster.id }, body: { sender_id: viewer.id, message: 'half and half' } });
    expect(mixed.body.data[0].is_sent).toBe(true);
    expect(mock.state.channel(broadcaster.id).messages.map((message) => message.text)).toEqual(['from the query', 'half and half']);
    // Still required somewhere, and the sender must still be the token's user.
    expect((await call('POST', '/chat/messages', { token, query: { sender_id: viewer.id }, body: { message: 'x' } })).body.message).toBe('Missing required parameter "broadcaster_id"');
    expect((await call('POST', '/chat/messages', { token, query: { broadcaster_id: broadcaster.id }, body: { message: 'x' } })).body.message).toBe('Missing required parameter "sender_id"');
    expect((await call('POST', '/chat/messages', { token, query: { broadcaster_id: broadcaster.id, sender_id: other.id }, body: { message: 'x' } })).status).toBe(401);
  });

  it('lets an app token send for a bot that granted user:bot, in a channel that granted channel:bot or that it moderates', async () => {
    const bot = mock.addUser({ login: 'helperbot' });
    const app = tokenFor(undefined);
    const body = { broadcaster_id: broadcaster.id, sender_id: bot.id, message: 'beep' };
    expect((await call('POST', '/chat/messages', { token: app, body })).status).toBe(403);
    tokenFor(bot, ['user:write:chat', 'user:bot']);
    expect((await call('POST', '/chat/messages', { token: app, body })).status).toBe(403);
    tokenFor(broadcaster, ['channel:bot']);
    expect((await call('POST', '/chat/messages', { token: app, body })).body.data[0].is_sent).toBe(true);
  });

  it('answers replies with the parent in the event, and pins for 20 minutes with pin true', async () => {
    const parent = mock.chat.userSays(broadcaster.id, viewer.id, 'anyone here?');
    const token = tokenFor(moderator, ['user:write:chat', 'moderator:manage:chat_messages']);
    const reply = await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: moderator.id, message: 'yes', reply_parent_message_id: parent.message_id } });
    expect(reply.body.data[0].is_sent).toBe(true);
    expect(raised('channel.chat.message')[1]?.event).toMatchObject({ reply: { parent_message_id: parent.message_id, parent_user_id: viewer.id, parent_message_body: 'anyone here?', thread_message_id: parent.message_id } });
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: moderator.id, message: 'x', reply_parent_message_id: 'nope' } })).status).toBe(400);
    expect((await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: moderator.id, message: 'x', pin: true, reply_parent_message_id: parent.message_id } })).status).toBe(400);
    const pinned = await call('POST', '/chat/messages', { token, body: { broadcaster_id: broadcaster.id, sender_id: moderator.id, message: 'rules: be kind', pin: true } });
    expect(mock.chat.pinnedMessage(broadcaster.id)).toMatchObject({ message_id: pinned.body.data[0].message_id, pinned_by_user_id: moderator.id, ends_at: new Date(START + 20 * 60_000).toISOString() });
    const viewerToken = tokenFor(viewer, ['user:write:chat', 'moderator:manage:chat_messages']);
    expect((await call('POST', '/chat/messages', { token: viewerToken, body: { broadcaster_id: broadcaster.id, sender_id: viewer.id, message: 'mine', pin: true } })).status).toBe(403);
  });

  it('userSays stores the message, adds the chatter and raises channel.chat.message', () => {
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'hello GoodGame');
    expect(mock.state.channel(broadcaster.id).chatters).toEqual([viewer.id]);
    expect(mock.state.channel(broadcaster.id).messages).toEqual([message]);
    expect(raised('channel.chat.message')[0]?.event).toMatchObject({ message_id: message.message_id, message: { fragments: [{ type: 'text', text: 'hello ' }, { type: 'emote', text: 'GoodGame' }] } });
  });

  it("a message carries the chatter's badges: broadcaster, moderator or VIP, then subscriber with the months subscribed", () => {
    const badgesOf = (userId: string) => {
      events.length = 0;
      mock.chat.userSays(broadcaster.id, userId, 'hi');
      return (raised('channel.chat.message')[0]?.event as { badges: unknown }).badges;
    };
    expect(badgesOf(viewer.id)).toEqual([]);
    expect(badgesOf(broadcaster.id)).toEqual([{ set_id: 'broadcaster', id: '1', info: '' }]);
    mock.subscriptions.subscribe(broadcaster.id, viewer.id);
    expect(badgesOf(viewer.id)).toEqual([{ set_id: 'subscriber', id: '0', info: '1' }]);
    mock.state.channel(broadcaster.id).moderators.add(viewer.id);
    clock += 75 * 24 * 60 * 60_000;
    expect(badgesOf(viewer.id)).toEqual([
      { set_id: 'moderator', id: '1', info: '' },
      { set_id: 'subscriber', id: '3', info: '3' },
    ]);
    mock.subscriptions.end(broadcaster.id, viewer.id);
    expect(badgesOf(viewer.id)).toEqual([{ set_id: 'moderator', id: '1', info: '' }]);
  });

  it('delivers to every channel of a shared chat with the source fields', () => {
    mock.chat.startSharedSession(broadcaster.id, [other.id]);
    events.length = 0;
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'hi both');
    const delivered = raised('channel.chat.message');
    expect(delivered.map((event) => event.condition.broadcaster_user_id)).toEqual([broadcaster.id, other.id]);
    expect(delivered[1]?.event).toMatchObject({ broadcaster_user_id: other.id, source_broadcaster_user_id: broadcaster.id, source_message_id: message.message_id, is_source_only: false });
  });
});

describe('pins', () => {
  const scopes = ['moderator:manage:chat_messages'];
  let token: string;
  let query: Record<string, string>;

  beforeEach(() => {
    token = tokenFor(moderator, scopes);
    query = { broadcaster_id: broadcaster.id, moderator_id: moderator.id };
  });

  it('goes through pin, updatePin, expiry and unpin', async () => {
    expect((await call('GET', '/chat/pins', { token, query })).body).toEqual({ data: [] });
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'pin me GoodGame');
    expect((await call('PUT', '/chat/pins', { token, query: { ...query, message_id: message.message_id, duration_seconds: '60' } })).status).toBe(204);
    const pinned = await call('GET', '/chat/pins', { token, query });
    expect(pinned.body.data).toEqual([
      {
        message_id: message.message_id,
        broadcaster_id: broadcaster.id,
        sender_user_id: viewer.id,
        sender_user_login: 'quietfox',
        sender_user_name: 'QuietFox',
        pinned_by_user_id: moderator.id,
        pinned_by_user_login: 'mossmod',
        pinned_by_user_name: 'MossMod',
        message: { text: 'pin me GoodGame', fragments: [expect.objectContaining({ type: 'text', text: 'pin me ' }), expect.objectContaining({ type: 'emote', text: 'GoodGame' })] },
        starts_at: new Date(START).toISOString(),
        ends_at: new Date(START + 60_000).toISOString(),
        updated_at: new Date(START).toISOString(),
      },
    ]);
    clock += 50_000;
    // The new duration counts from now.
    expect((await call('PATCH', '/chat/pins', { token, query: { ...query, message_id: message.message_id, duration_seconds: '30' } })).status).toBe(204);
    expect((await call('GET', '/chat/pins', { token, query })).body.data[0]).toMatchObject({ starts_at: new Date(START).toISOString(), ends_at: new Date(START + 80_000).toISOString(), updated_at: new Date(START + 50_000).toISOString() });
    clock += 29_999;
    expect((await call('GET', '/chat/pins', { token, query })).body.data).toHaveLength(1);
    clock += 1;
    expect((await call('GET', '/chat/pins', { token, query })).body).toEqual({ data: [] });
    expect((await call('DELETE', '/chat/pins', { token, query: { ...query, message_id: message.message_id } })).status).toBe(404);
    expect((await call('PUT', '/chat/pins', { token, query: { ...query, message_id: message.message_id } })).status).toBe(204);
    expect((await call('GET', '/chat/pins', { token, query })).body.data[0].ends_at).toBeNull();
    // Pinning the pinned message again is a conflict (the reference's 409); updatePin changes its duration.
    const again = await call('PUT', '/chat/pins', { token, query: { ...query, message_id: message.message_id, duration_seconds: '60' } });
    expect(again).toMatchObject({ status: 409, body: { status: 409, message: 'The message is already pinned.' } });
    expect((await call('DELETE', '/chat/pins', { token, query: { ...query, message_id: message.message_id } })).status).toBe(204);
    expect((await call('GET', '/chat/pins', { token, query })).body).toEqual({ data: [] });
  });

  it('replaces the current pin; a pin without duration ends with the stream', async () => {
    mock.state.channel(broadcaster.id).live = true;
    const first = mock.chat.userSays(broadcaster.id, viewer.id, 'one');
    const second = mock.chat.userSays(broadcaster.id, other.id, 'two');
    await call('PUT', '/chat/pins', { token, query: { ...query, message_id: first.message_id } });
    await call('PUT', '/chat/pins', { token, query: { ...query, message_id: second.message_id } });
    expect((await call('GET', '/chat/pins', { token, query })).body.data.map((pin: { message_id: string }) => pin.message_id)).toEqual([second.message_id]);
    expect((await call('PATCH', '/chat/pins', { token, query: { ...query, message_id: first.message_id, duration_seconds: '60' } })).status).toBe(404);
    mock.state.channel(broadcaster.id).live = false;
    expect((await call('GET', '/chat/pins', { token, query })).body).toEqual({ data: [] });
  });

  it('answers 404 for an unknown message, 400 for a bad duration, 403 for a non-moderator', async () => {
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'hello');
    expect((await call('PUT', '/chat/pins', { token, query: { ...query, message_id: 'nope' } })).status).toBe(404);
    expect((await call('PUT', '/chat/pins', { token, query })).body.message).toBe('Missing required parameter "message_id"');
    for (const duration_seconds of ['29', '1801', 'abc']) {
      expect((await call('PUT', '/chat/pins', { token, query: { ...query, message_id: message.message_id, duration_seconds } })).status).toBe(400);
    }
    const viewerToken = tokenFor(viewer, scopes);
    expect((await call('PUT', '/chat/pins', { token: viewerToken, query: { broadcaster_id: broadcaster.id, moderator_id: viewer.id, message_id: message.message_id } })).status).toBe(403);
    expect((await call('GET', '/chat/pins', { token: tokenFor(moderator, ['moderator:read:chat_messages']), query })).status).toBe(200);
    expect((await call('PUT', '/chat/pins', { token: tokenFor(moderator, ['moderator:read:chat_messages']), query: { ...query, message_id: message.message_id } })).status).toBe(401);
  });
});

describe('chat colors', () => {
  it('reads colors: "" when never set, unknown users left out, at most 100', async () => {
    const token = tokenFor(undefined);
    const { body } = await call('GET', '/chat/color', { token, query: { user_id: [viewer.id, '999999'] } });
    expect(body).toEqual({ data: [{ user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox', color: '' }] });
    expect((await call('GET', '/chat/color', { token, query: { user_id: Array.from({ length: 101 }, (_, index) => String(index)) } })).status).toBe(400);
    expect((await call('GET', '/chat/color', { token })).status).toBe(400);
  });

  it('sets a named color for anyone and a hex color for premium users only', async () => {
    const scopes = ['user:manage:chat_color'];
    const token = tokenFor(viewer, scopes);
    expect((await call('PUT', '/chat/color', { token, query: { user_id: viewer.id, color: 'dodger_blue' } })).status).toBe(204);
    const read = async (id: string) => (await call('GET', '/chat/color', { token, query: { user_id: id } })).body.data[0].color;
    expect(await read(viewer.id)).toBe('#1E90FF');
    expect((await call('PUT', '/chat/color', { token, query: { user_id: viewer.id, color: '#9146FF' } })).status).toBe(400);
    mock.chat.setPremium(viewer.id);
    expect((await call('PUT', '/chat/color', { token, query: { user_id: viewer.id, color: '#9146ff' } })).status).toBe(204);
    expect(await read(viewer.id)).toBe('#9146FF');
    const partner = mock.addUser({ login: 'bigstreamer', broadcaster_type: 'partner' });
    expect((await call('PUT', '/chat/color', { token: tokenFor(partner, scopes), query: { user_id: partner.id, color: '#00FF00' } })).status).toBe(204);
    expect((await call('PUT', '/chat/color', { token, query: { user_id: viewer.id, color: 'mauve' } })).status).toBe(400);
    expect((await call('PUT', '/chat/color', { token, query: { user_id: other.id, color: 'red' } })).status).toBe(401);
    expect((await call('PUT', '/chat/color', { token, query: { user_id: viewer.id } })).status).toBe(400);
    expect((await call('PUT', '/chat/color', { token: tokenFor(undefined), query: { user_id: viewer.id, color: 'red' } })).status).toBe(401);
    // A sent message carries the sender's color.
    mock.chat.userSays(broadcaster.id, viewer.id, 'colorful');
    expect(raised('channel.chat.message')[0]?.event).toMatchObject({ color: '#9146FF' });
  });
});

describe('routing', () => {
  it('answers 405 for a known path with another method', async () => {
    expect((await call('POST', '/chat/color', { token: tokenFor(undefined) })).status).toBe(405);
  });
});
