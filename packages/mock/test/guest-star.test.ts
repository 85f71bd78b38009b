import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform, type RaisedEvent } from '../src/index';

let mock: MockPlatform;
afterEach(async () => {
  await mock?.close();
});

const CLIENT = 'app-1';

/** A mock with a host, a moderator, two guests and a stranger, their tokens, and the events raised. */
async function setup() {
  mock = await createMockPlatform();
  mock.addClient({ clientId: CLIENT });
  const host = mock.addUser({ login: 'PixelForge' });
  const mod = mock.addUser({ login: 'MossMod' });
  const guest = mock.addUser({ login: 'Northwind_Live' });
  const guest2 = mock.addUser({ login: 'second_guest' });
  const stranger = mock.addUser({ login: 'stranger' });
  mock.state.channel(host.id).moderators.add(mod.id);
  const token = (userId: string, scopes: string[]) => mock.issueToken({ clientId: CLIENT, userId, scopes }).accessToken;
  const tokens = {
    host: token(host.id, ['channel:manage:guest_star']),
    mod: token(mod.id, ['moderator:manage:guest_star']),
    modRead: token(mod.id, ['moderator:read:guest_star']),
    guest: token(guest.id, ['channel:read:guest_star']),
    stranger: token(stranger.id, ['moderator:manage:guest_star']),
  };
  const events: RaisedEvent[] = [];
  mock.events.on((event) => events.push(event));
  return { host, mod, guest, guest2, stranger, tokens, events };
}

interface Answer {
  status: number;
  /** The parsed JSON body; undefined for an empty one (204). */
  // Tests read the platform's JSON loosely and assert its shape with expect(), so no type is imposed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One Helix call with every parameter in the query (and an optional JSON body). */
async function call(method: string, path: string, token: string | undefined, query: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Client-Id': CLIENT };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${mock.baseUrl}${path}?${new URLSearchParams(query)}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Sets up the cast and starts a session; returns the cast, the session ID and shortcuts for moderator calls. */
async function running() {
  const cast = await setup();
  const created = await call('POST', '/guest_star/session', cast.tokens.host, { broadcaster_id: cast.host.id });
  const sessionId: string = created.body.data[0].id;
  const base = { broadcaster_id: cast.host.id, moderator_id: cast.mod.id, session_id: sessionId };
  const asMod = (method: string, path: string, query: Record<string, string> = {}) => call(method, path, cast.tokens.mod, { ...base, ...query });
  /** Invites a guest and makes them ready, as the moderator and the guest would. */
  const readyGuest = async (guestId: string) => {
    expect((await asMod('POST', '/guest_star/invites', { guest_id: guestId })).status).toBe(204);
    mock.guestStar.acceptInvite(cast.host.id, guestId);
    mock.guestStar.guestReady(cast.host.id, guestId);
  };
  const session = async () => (await asMod('GET', '/guest_star/session')).body.data[0];
  return { ...cast, sessionId, base, asMod, readyGuest, session };
}

const types = (events: RaisedEvent[]) => events.map((event) => event.type);
const guestUpdates = (events: RaisedEvent[]) => events.filter((event) => event.type === 'channel.guest_star_guest.update').map((event) => event.event as Record<string, unknown>);

describe('guest star: the whole lifecycle', () => {
  it('runs settings, session, invitations, slots and the end as the platform does', async () => {
    const { host, mod, guest, guest2, tokens, events } = await setup();
    const hostQuery = { broadcaster_id: host.id };

    // Settings: read, then change one field in the query and one in a JSON body.
    const settings = await call('GET', '/guest_star/channel_settings', tokens.mod, { broadcaster_id: host.id, moderator_id: mod.id });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toEqual([
      { is_moderator_send_live_enabled: true, slot_count: 4, is_browser_source_audio_enabled: true, group_layout: 'TILED_LAYOUT', browser_source_token: expect.any(String) },
    ]);
    const update = await call('PUT', '/guest_star/channel_settings', tokens.host, { ...hostQuery, slot_count: '3' }, { group_layout: 'SCREENSHARE_LAYOUT' });
    expect(update).toEqual({ status: 204, body: undefined });

    // A session starts with the host alone, live, in slot "0".
    const created = await call('POST', '/guest_star/session', tokens.host, hostQuery);
    expect(created.status).toBe(200);
    const sessionId: string = created.body.data[0].id;
    expect(created.body.data).toEqual([
      {
        id: sessionId,
        guests: [
          {
            slot_id: '0',
            is_live: true,
            user_id: host.id,
            user_display_name: 'PixelForge',
            user_login: 'pixelforge',
            volume: 100,
            assigned_at: expect.any(String),
            audio_settings: { is_host_enabled: true, is_guest_enabled: true, is_available: true },
            video_settings: { is_host_enabled: true, is_guest_enabled: true, is_available: true },
          },
        ],
      },
    ]);
    const base = { broadcaster_id: host.id, moderator_id: mod.id, session_id: sessionId };

    // Invite, accept, get ready, take a seat.
    expect((await call('POST', '/guest_star/invites', tokens.mod, { ...base, guest_id: guest.id })).status).toBe(204);
    const invites = await call('GET', '/guest_star/invites', tokens.modRead, base);
    expect(invites.body.data).toEqual([
      { user_id: guest.id, invited_at: expect.any(String), status: 'INVITED', is_video_enabled: false, is_audio_enabled: false, is_video_available: false, is_audio_available: false },
    ]);
    mock.guestStar.acceptInvite(host.id, guest.id);
    expect((await call('GET', '/guest_star/invites', tokens.mod, base)).body.data[0].status).toBe('ACCEPTED');
    mock.guestStar.guestReady(host.id, guest.id);
    expect((await call('GET', '/guest_star/invites', tokens.mod, base)).body.data[0]).toMatchObject({ status: 'READY', is_video_available: true, is_audio_enabled: true });
    expect((await call('POST', '/guest_star/slot', tokens.mod, { ...base, guest_id: guest.id, slot_id: '1' })).status).toBe(204);
    expect((await call('GET', '/guest_star/invites', tokens.mod, base)).body.data).toEqual([]);

    // A second guest, without a camera, in slot 3.
    expect((await call('POST', '/guest_star/invites', tokens.mod, { ...base, guest_id: guest2.id })).status).toBe(204);
    mock.guestStar.guestReady(host.id, guest2.id, { is_video_available: false });
    expect((await call('POST', '/guest_star/slot', tokens.mod, { ...base, guest_id: guest2.id, slot_id: '3' })).status).toBe(204);

    // Moving the first guest onto the second one's slot swaps them.
    expect((await call('PATCH', '/guest_star/slot', tokens.mod, { ...base, source_slot_id: '1', destination_slot_id: '3' })).status).toBe(204);
    let session = (await call('GET', '/guest_star/session', tokens.mod, { broadcaster_id: host.id, moderator_id: mod.id })).body.data[0];
    expect(session.guests.map((seat: { slot_id: string; user_id: string }) => [seat.slot_id, seat.user_id])).toEqual([
      ['0', host.id],
      ['1', guest2.id],
      ['3', guest.id],
    ]);
    expect(session.guests[1].video_settings).toEqual({ is_host_enabled: true, is_guest_enabled: false, is_available: false });

    // Slot settings: mute, send live, turn down.
    const slotSettings = await call('PATCH', '/guest_star/slot_settings', tokens.mod, { ...base, slot_id: '3', is_audio_enabled: 'false', is_live: 'true', volume: '35' });
    expect(slotSettings.status).toBe(204);
    session = (await call('GET', '/guest_star/session', tokens.mod, { broadcaster_id: host.id, moderator_id: mod.id })).body.data[0];
    expect(session.guests[2]).toMatchObject({ slot_id: '3', is_live: true, volume: 35, audio_settings: { is_host_enabled: false, is_guest_enabled: true, is_available: true } });

    // Emptying a slot with should_reinvite_guest puts the guest back in the queue.
    expect((await call('DELETE', '/guest_star/slot', tokens.mod, { ...base, guest_id: guest2.id, slot_id: '1', should_reinvite_guest: 'true' })).status).toBe(204);
    expect((await call('GET', '/guest_star/invites', tokens.mod, base)).body.data).toEqual([expect.objectContaining({ user_id: guest2.id, status: 'INVITED' })]);

    // Ending answers 200 with the session as it was; afterwards there is none.
    const ended = await call('DELETE', '/guest_star/session', tokens.host, { broadcaster_id: host.id, session_id: sessionId });
    expect(ended.status).toBe(200);
    expect(ended.body.data[0].id).toBe(sessionId);
    expect(ended.body.data[0].guests.map((seat: { user_id: string }) => seat.user_id)).toEqual([host.id, guest.id]);
    expect((await call('GET', '/guest_star/session', tokens.mod, { broadcaster_id: host.id, moderator_id: mod.id })).body).toEqual({ data: [] });

    expect(types(events)).toEqual([
      'channel.guest_star_settings.update',
      'channel.guest_star_session.begin',
      ...Array<string>(11).fill('channel.guest_star_guest.update'),
      'channel.guest_star_session.end',
    ]);
    expect(guestUpdates(events).map((event) => [event.guest_user_login, event.state, event.slot_id])).toEqual([
      ['northwind_live', 'invited', null],
      ['northwind_live', 'accepted', null],
      ['northwind_live', 'ready', null],
      ['northwind_live', 'backstage', '1'],
      ['second_guest', 'invited', null],
      ['second_guest', 'ready', null],
      ['second_guest', 'backstage', '3'],
      ['northwind_live', 'backstage', '3'],
      ['second_guest', 'backstage', '1'],
      ['northwind_live', 'live', '3'],
      ['second_guest', 'invited', null],
    ]);
  });
});

describe('guest star events', () => {
  it('are shaped like the platform fixtures, for every moderator of the channel', async () => {
    const { host, mod, guest, sessionId, readyGuest, asMod, events } = await running();
    await readyGuest(guest.id);
    await asMod('POST', '/guest_star/slot', { guest_id: guest.id, slot_id: '2' });
    await asMod('PATCH', '/guest_star/slot_settings', { slot_id: '2', is_live: 'true', volume: '80' });

    const begin = events.find((event) => event.type === 'channel.guest_star_session.begin')!;
    expect(begin.version).toBe('beta');
    expect(begin.condition).toEqual({ broadcaster_user_id: host.id });
    expect(begin.event).toEqual({ broadcaster_user_id: host.id, broadcaster_user_login: 'pixelforge', broadcaster_user_name: 'PixelForge', session_id: sessionId, started_at: expect.any(String) });

    const live = guestUpdates(events).at(-1);
    expect(live).toEqual({
      broadcaster_user_id: host.id,
      broadcaster_user_login: 'pixelforge',
      broadcaster_user_name: 'PixelForge',
      session_id: sessionId,
      moderator_user_id: mod.id,
      moderator_user_login: 'mossmod',
      moderator_user_name: 'MossMod',
      guest_user_id: guest.id,
      guest_user_login: 'northwind_live',
      guest_user_name: 'Northwind_Live',
      slot_id: '2',
      state: 'live',
      host_user_id: host.id,
      host_user_login: 'pixelforge',
      host_user_name: 'PixelForge',
      host_video_enabled: true,
      host_audio_enabled: true,
      host_volume: 80,
    });
    // What the guest does themself has no moderator.
    const accepted = guestUpdates(events).find((event) => event.state === 'accepted')!;
    expect([accepted.moderator_user_id, accepted.moderator_user_login, accepted.moderator_user_name, accepted.host_volume]).toEqual([null, null, null, null]);

    mock.guestStar.endSession(host.id);
    const end = events.at(-1)!;
    expect(end.type).toBe('channel.guest_star_session.end');
    expect(end.event).toMatchObject({ session_id: sessionId, started_at: expect.any(String), ended_at: expect.any(String), host_user_id: host.id, host_user_login: 'pixelforge' });
  });

  it('settings updates use the event spelling of the layout; regenerating alone raises nothing', async () => {
    const { host, tokens, events } = await setup();
    await call('PUT', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id, group_layout: 'HORIZONTAL_LAYOUT', is_moderator_send_live_enabled: 'false' });
    expect(events).toEqual([
      {
        type: 'channel.guest_star_settings.update',
        version: 'beta',
        condition: { broadcaster_user_id: host.id },
        event: {
          broadcaster_user_id: host.id,
          broadcaster_user_login: 'pixelforge',
          broadcaster_user_name: 'PixelForge',
          is_moderator_send_live_enabled: false,
          slot_count: 4,
          is_browser_source_audio_enabled: true,
          group_layout: 'horizontal_top',
        },
      },
    ]);
    await call('PUT', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id, regenerate_browser_sources: 'true' });
    expect(events).toHaveLength(1);
  });
});

describe('guest star settings', () => {
  it('only passed fields change; the same fields in query and body are accepted; regenerating issues a new token', async () => {
    const { host, tokens } = await setup();
    const read = async () => (await call('GET', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id, moderator_id: host.id })).body.data[0];
    const before = await read();
    const fields = { slot_count: 6, is_browser_source_audio_enabled: false };
    const both = await call('PUT', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id, slot_count: '6', is_browser_source_audio_enabled: 'false' }, fields);
    expect(both.status).toBe(204);
    expect(await read()).toEqual({ ...before, ...fields });
    await call('PUT', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id }, { regenerate_browser_sources: true });
    const after = await read();
    expect(after.browser_source_token).not.toBe(before.browser_source_token);
    expect(after).toEqual({ ...before, ...fields, browser_source_token: after.browser_source_token });
  });

  it.each([
    ['slot_count 0', { slot_count: '0' }, undefined],
    ['slot_count 7', { slot_count: '7' }, undefined],
    ['slot_count in the body as 2.5', {}, { slot_count: 2.5 }],
    ['an unknown layout', { group_layout: 'GRID' }, undefined],
    ['a boolean that is not true or false', { is_moderator_send_live_enabled: 'yes' }, undefined],
    ['a body boolean given as a string', {}, { regenerate_browser_sources: 'true' }],
    ['a body that is an array', {}, [1, 2]],
  ])('%s is a 400 and changes nothing', async (_, query, body) => {
    const { host, tokens, events } = await setup();
    const before = { ...mock.guestStar.settings(host.id) };
    const answer = await call('PUT', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id, group_layout: 'VERTICAL_LAYOUT', ...query }, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'Bad Request', status: 400 });
    expect(mock.guestStar.settings(host.id)).toEqual(before);
    expect(events).toEqual([]);
  });

  it('updating needs the broadcaster with channel:manage:guest_star; reading needs a moderator', async () => {
    const { host, mod, stranger, tokens } = await setup();
    expect((await call('PUT', '/guest_star/channel_settings', tokens.host, { slot_count: '2' })).body).toMatchObject({ status: 400, message: 'Missing required parameter "broadcaster_id"' });
    expect((await call('PUT', '/guest_star/channel_settings', tokens.mod, { broadcaster_id: host.id })).body).toMatchObject({ status: 401, message: 'Missing scope: channel:manage:guest_star' });
    const otherHost = mock.issueToken({ clientId: CLIENT, userId: mod.id, scopes: ['channel:manage:guest_star'] }).accessToken;
    expect((await call('PUT', '/guest_star/channel_settings', otherHost, { broadcaster_id: host.id })).status).toBe(401);
    expect((await call('GET', '/guest_star/channel_settings', tokens.mod, { broadcaster_id: host.id })).status).toBe(400);
    expect((await call('GET', '/guest_star/channel_settings', tokens.mod, { broadcaster_id: host.id, moderator_id: host.id })).status).toBe(401);
    expect((await call('GET', '/guest_star/channel_settings', tokens.stranger, { broadcaster_id: host.id, moderator_id: stranger.id })).status).toBe(403);
    const app = mock.issueToken({ clientId: CLIENT }).accessToken;
    expect((await call('GET', '/guest_star/channel_settings', app, { broadcaster_id: host.id, moderator_id: mod.id })).status).toBe(401);
    expect((await call('GET', '/guest_star/channel_settings', undefined, { broadcaster_id: host.id, moderator_id: mod.id })).status).toBe(401);
  });
});

describe('guest star sessions', () => {
  it('reading gives data [] without a session; invited or seated guests may read it, others may not', async () => {
    const { host, guest, stranger, tokens } = await setup();
    const asGuest = () => call('GET', '/guest_star/session', tokens.guest, { broadcaster_id: host.id, moderator_id: guest.id });
    expect((await call('GET', '/guest_star/session', tokens.host, { broadcaster_id: host.id, moderator_id: host.id })).body).toEqual({ data: [] });
    expect((await asGuest()).status).toBe(403);
    const created = await call('POST', '/guest_star/session', tokens.host, { broadcaster_id: host.id });
    const sessionId = created.body.data[0].id;
    expect((await asGuest()).status).toBe(403);
    await call('POST', '/guest_star/invites', tokens.host, { broadcaster_id: host.id, moderator_id: host.id, session_id: sessionId, guest_id: guest.id });
    expect((await asGuest()).body.data[0].id).toBe(sessionId);
    mock.guestStar.guestReady(host.id, guest.id);
    await call('POST', '/guest_star/slot', tokens.host, { broadcaster_id: host.id, moderator_id: host.id, session_id: sessionId, guest_id: guest.id, slot_id: '1' });
    expect((await asGuest()).body.data[0].guests).toHaveLength(2);
    // moderator_id must be the caller, whoever they are.
    expect((await call('GET', '/guest_star/session', tokens.guest, { broadcaster_id: host.id, moderator_id: stranger.id })).status).toBe(401);
    expect((await call('GET', '/guest_star/session', tokens.stranger, { broadcaster_id: host.id, moderator_id: stranger.id })).status).toBe(403);
  });

  it('a second session is a 400; only the broadcaster starts and ends one', async () => {
    const { host, mod, tokens, sessionId } = await running();
    expect((await call('POST', '/guest_star/session', tokens.host, { broadcaster_id: host.id })).body).toMatchObject({ status: 400 });
    expect((await call('POST', '/guest_star/session', tokens.host, {})).status).toBe(400);
    const modAsHost = mock.issueToken({ clientId: CLIENT, userId: mod.id, scopes: ['channel:manage:guest_star'] }).accessToken;
    expect((await call('POST', '/guest_star/session', modAsHost, { broadcaster_id: host.id })).status).toBe(401);
    expect((await call('DELETE', '/guest_star/session', modAsHost, { broadcaster_id: host.id, session_id: sessionId })).status).toBe(401);
    expect((await call('DELETE', '/guest_star/session', tokens.mod, { broadcaster_id: host.id, session_id: sessionId })).status).toBe(401);
  });

  it('ending twice is a 400, an unknown session a 404, a missing session_id a 400; a new session can follow', async () => {
    const { host, tokens, sessionId } = await running();
    const endIt = (query: Record<string, string>) => call('DELETE', '/guest_star/session', tokens.host, { broadcaster_id: host.id, ...query });
    expect((await endIt({})).body).toMatchObject({ status: 400, message: 'Missing required parameter "session_id"' });
    expect((await endIt({ session_id: 'nope' })).status).toBe(404);
    expect((await endIt({ session_id: sessionId })).status).toBe(200);
    expect((await endIt({ session_id: sessionId })).status).toBe(400);
    const again = await call('POST', '/guest_star/session', tokens.host, { broadcaster_id: host.id });
    expect(again.status).toBe(200);
    expect(again.body.data[0].id).not.toBe(sessionId);
  });
});

describe('guest star invitations', () => {
  it('a second invitation is a 403, the host or an unknown user cannot be invited, withdrawing works once', async () => {
    const { host, guest, asMod, events } = await running();
    expect((await asMod('POST', '/guest_star/invites', { guest_id: guest.id })).status).toBe(204);
    expect((await asMod('POST', '/guest_star/invites', { guest_id: guest.id })).body).toMatchObject({ status: 403 });
    expect((await asMod('POST', '/guest_star/invites', { guest_id: host.id })).status).toBe(403);
    expect((await asMod('POST', '/guest_star/invites', { guest_id: '999999' })).status).toBe(400);
    expect((await asMod('POST', '/guest_star/invites', {})).body.message).toBe('Missing required parameter "guest_id"');
    expect((await asMod('DELETE', '/guest_star/invites', { guest_id: guest.id })).status).toBe(204);
    expect((await asMod('GET', '/guest_star/invites')).body.data).toEqual([]);
    expect((await asMod('DELETE', '/guest_star/invites', { guest_id: guest.id })).status).toBe(404);
    expect(guestUpdates(events).map((event) => event.state)).toEqual(['invited', 'removed']);
  });

  it('invitations need a running session: an ended one is a 400, an unknown one a 404', async () => {
    const { host, guest, tokens, sessionId, asMod } = await running();
    expect((await asMod('POST', '/guest_star/invites', { guest_id: guest.id, session_id: 'other' })).status).toBe(404);
    await call('DELETE', '/guest_star/session', tokens.host, { broadcaster_id: host.id, session_id: sessionId });
    expect((await asMod('POST', '/guest_star/invites', { guest_id: guest.id })).status).toBe(400);
    expect((await asMod('GET', '/guest_star/invites')).status).toBe(400);
  });

  it('a banned user cannot be invited', async () => {
    const { host, mod, guest, asMod } = await running();
    mock.state.channel(host.id).bans.set(guest.id, { user_id: guest.id, moderator_id: mod.id, reason: '', created_at: Date.now(), ends_at: undefined });
    expect((await asMod('POST', '/guest_star/invites', { guest_id: guest.id })).status).toBe(403);
  });

  it('managing needs a manage scope, moderator_id = the caller, and a moderator', async () => {
    const { host, mod, guest, stranger, tokens, base } = await running();
    const query = { ...base, guest_id: guest.id };
    expect((await call('POST', '/guest_star/invites', tokens.modRead, query)).body).toMatchObject({ status: 401, message: 'Missing scope: channel:manage:guest_star or moderator:manage:guest_star' });
    expect((await call('POST', '/guest_star/invites', tokens.mod, { ...query, moderator_id: host.id })).status).toBe(401);
    expect((await call('POST', '/guest_star/invites', tokens.stranger, { ...query, moderator_id: stranger.id })).status).toBe(403);
    // Reading invitations takes a read scope.
    expect((await call('GET', '/guest_star/invites', tokens.modRead, { ...base, moderator_id: mod.id })).status).toBe(200);
  });
});

describe('guest star slots', () => {
  it('assignSlot: 403 for the host slot, an uninvited, unready or seated guest, a taken slot; 400 outside 1..slot_count', async () => {
    const { host, guest, guest2, stranger, asMod, readyGuest } = await running();
    const assign = (guestId: string, slotId: string) => asMod('POST', '/guest_star/slot', { guest_id: guestId, slot_id: slotId });
    expect((await assign(stranger.id, '1')).status).toBe(403);
    await asMod('POST', '/guest_star/invites', { guest_id: guest.id });
    expect((await assign(guest.id, '1')).body).toMatchObject({ status: 403, message: 'The user in guest_id is not ready to join the session.' });
    mock.guestStar.acceptInvite(host.id, guest.id);
    expect((await assign(guest.id, '1')).status).toBe(403);
    mock.guestStar.guestReady(host.id, guest.id);
    expect((await assign(guest.id, '0')).status).toBe(403);
    expect((await assign(guest.id, '5')).status).toBe(400);
    expect((await assign(guest.id, 'abc')).status).toBe(400);
    expect((await assign(guest.id, '01')).status).toBe(400);
    expect((await assign(guest.id, '4')).status).toBe(204);
    expect((await assign(guest.id, '2')).status).toBe(403);
    await readyGuest(guest2.id);
    expect((await assign(guest2.id, '4')).status).toBe(403);
    expect((await asMod('POST', '/guest_star/slot', { guest_id: guest2.id })).status).toBe(400);
  });

  it('updateSlot moves to an empty slot; the host slot is a 403, an empty source a 404, a bad destination a 400', async () => {
    const { guest, asMod, readyGuest, session } = await running();
    await readyGuest(guest.id);
    await asMod('POST', '/guest_star/slot', { guest_id: guest.id, slot_id: '1' });
    expect((await asMod('PATCH', '/guest_star/slot', { source_slot_id: '1', destination_slot_id: '2' })).status).toBe(204);
    expect((await session()).guests.map((seat: { slot_id: string }) => seat.slot_id)).toEqual(['0', '2']);
    expect((await asMod('PATCH', '/guest_star/slot', { source_slot_id: '0', destination_slot_id: '3' })).status).toBe(403);
    expect((await asMod('PATCH', '/guest_star/slot', { source_slot_id: '2', destination_slot_id: '0' })).status).toBe(403);
    expect((await asMod('PATCH', '/guest_star/slot', { source_slot_id: '1', destination_slot_id: '3' })).status).toBe(404);
    expect((await asMod('PATCH', '/guest_star/slot', { source_slot_id: '2', destination_slot_id: '9' })).status).toBe(400);
    expect((await asMod('PATCH', '/guest_star/slot', { destination_slot_id: '3' })).status).toBe(400);
    // No destination: nothing moves.
    expect((await asMod('PATCH', '/guest_star/slot', { source_slot_id: '2' })).status).toBe(204);
    expect((await session()).guests.map((seat: { slot_id: string }) => seat.slot_id)).toEqual(['0', '2']);
  });

  it('deleteSlot empties the slot without reinviting by default; the host slot is a 403, a wrong guest a 404', async () => {
    const { host, guest, asMod, readyGuest, session, events } = await running();
    await readyGuest(guest.id);
    await asMod('POST', '/guest_star/slot', { guest_id: guest.id, slot_id: '1' });
    expect((await asMod('DELETE', '/guest_star/slot', { guest_id: host.id, slot_id: '0' })).status).toBe(403);
    expect((await asMod('DELETE', '/guest_star/slot', { guest_id: host.id, slot_id: '1' })).status).toBe(404);
    expect((await asMod('DELETE', '/guest_star/slot', { guest_id: guest.id, slot_id: '2' })).status).toBe(404);
    expect((await asMod('DELETE', '/guest_star/slot', { guest_id: guest.id, slot_id: '1', should_reinvite_guest: 'maybe' })).status).toBe(400);
    expect((await asMod('DELETE', '/guest_star/slot', { guest_id: guest.id, slot_id: '1' })).status).toBe(204);
    expect((await session()).guests).toHaveLength(1);
    expect((await asMod('GET', '/guest_star/invites')).body.data).toEqual([]);
    expect(guestUpdates(events).at(-1)).toMatchObject({ state: 'removed', slot_id: null });
  });

  it('updateSlotSettings checks booleans and volume 0..100, needs a seated slot, and honours is_moderator_send_live_enabled', async () => {
    const { host, guest, tokens, base, asMod, readyGuest, session } = await running();
    await readyGuest(guest.id);
    await asMod('POST', '/guest_star/slot', { guest_id: guest.id, slot_id: '1' });
    const patch = (query: Record<string, string>) => asMod('PATCH', '/guest_star/slot_settings', { slot_id: '1', ...query });
    expect((await patch({ volume: '101' })).status).toBe(400);
    expect((await patch({ volume: '-1' })).status).toBe(400);
    expect((await patch({ volume: '5.5' })).status).toBe(400);
    expect((await patch({ is_video_enabled: '1' })).status).toBe(400);
    expect((await patch({ slot_id: '2', volume: '10' })).status).toBe(404);
    expect((await patch({ volume: '0', is_video_enabled: 'false' })).status).toBe(204);
    expect((await session()).guests[1]).toMatchObject({ volume: 0, video_settings: { is_host_enabled: false, is_guest_enabled: true } });
    // Allowing video again only lets the guest turn it on; their side is theirs.
    mock.guestStar.setDevices(host.id, guest.id, { is_video_enabled: false });
    expect((await patch({ is_video_enabled: 'true' })).status).toBe(204);
    expect((await session()).guests[1].video_settings).toEqual({ is_host_enabled: true, is_guest_enabled: false, is_available: true });

    await call('PUT', '/guest_star/channel_settings', tokens.host, { broadcaster_id: host.id, is_moderator_send_live_enabled: 'false' });
    expect((await patch({ is_live: 'true' })).status).toBe(403);
    const asHost = await call('PATCH', '/guest_star/slot_settings', tokens.host, { ...base, moderator_id: host.id, slot_id: '1', is_live: 'true' });
    expect(asHost.status).toBe(204);
    expect((await session()).guests[1].is_live).toBe(true);
  });
});

describe('guest star controls', () => {
  it('acceptInvite and guestReady throw without an invitation; setDevices changes an invitation; endSession without a session gives undefined', async () => {
    const { host, guest, asMod } = await running();
    expect(() => mock.guestStar.acceptInvite(host.id, guest.id)).toThrow(/no invitation/);
    expect(() => mock.guestStar.guestReady(host.id, guest.id)).toThrow(/no invitation/);
    expect(() => mock.guestStar.setDevices(host.id, guest.id, { is_audio_available: true })).toThrow();
    await asMod('POST', '/guest_star/invites', { guest_id: guest.id });
    mock.guestStar.setDevices(host.id, guest.id, { is_audio_available: true, is_audio_enabled: true });
    expect((await asMod('GET', '/guest_star/invites')).body.data[0]).toMatchObject({ status: 'INVITED', is_audio_available: true, is_audio_enabled: true, is_video_available: false });
    mock.guestStar.acceptInvite(host.id, guest.id);
    expect(() => mock.guestStar.acceptInvite(host.id, guest.id)).toThrow(/ACCEPTED/);
    expect(mock.guestStar.endSession(host.id)?.ended_at).toEqual(expect.any(Number));
    expect(mock.guestStar.session(host.id)).toBeUndefined();
    expect(mock.guestStar.endSession(host.id)).toBeUndefined();
    expect(() => mock.guestStar.acceptInvite(host.id, guest.id)).toThrow(/no running/);
  });
});
