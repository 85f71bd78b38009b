import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformApiError, PlatformAuthError, PlatformRateLimitError, PlatformScopeError, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform, type MockUser, type RaisedEvent } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  announce,
  channelBadges,
  channelEmotes,
  chatters,
  colors,
  emoteSets,
  globalBadges,
  globalEmotes,
  pin,
  pinnedMessage,
  send,
  setColor,
  settings,
  sharedSession,
  shoutout,
  unpin,
  updatePin,
  updateSettings,
  userEmotes,
} from '../src/index';

const START = Date.parse('2026-03-14T17:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const moderatorScopes = [
  'moderator:read:chatters',
  'moderator:read:chat_settings',
  'moderator:manage:chat_settings',
  'moderator:manage:announcements',
  'moderator:manage:shoutouts',
  'moderator:manage:chat_messages',
  'user:write:chat',
  'user:read:emotes',
  'user:manage:chat_color',
];

let mock: MockPlatform;
let clock: number;
let client: PlatformClient;
let broadcaster: MockUser;
let moderator: MockUser;
let viewer: MockUser;
let other: MockUser;
let events: RaisedEvent[];
let clientId: string;

/** Issues a token at the mock and registers it with the client, as a signed-in user would be. */
async function register(user: MockUser, scopes: string[]) {
  const { accessToken, refreshToken } = mock.issueToken({ clientId, userId: user.id, scopes });
  await authOf(client).addUser({ accessToken, refreshToken });
}

/** The Helix requests the mock received, as `METHOD path` lines. */
const helixSent = () => mock.requests.filter((request) => request.server === 'helix').map((request) => `${request.method} ${request.path}`);

beforeEach(async () => {
  clock = START;
  mock = await createMockPlatform({ now: () => clock });
  const app = mock.addClient({ clientId: 'chat-e2e-app', clientSecret: 'chat-e2e-secret' });
  clientId = app.clientId;
  broadcaster = mock.addUser({ id: '100', login: 'pixelforge', display_name: 'PixelForge' });
  moderator = mock.addUser({ id: '200', login: 'mossmod', display_name: 'MossMod' });
  viewer = mock.addUser({ id: '300', login: 'quietfox', display_name: 'QuietFox' });
  other = mock.addUser({ id: '400', login: 'northwind', display_name: 'Northwind' });
  mock.state.channel(broadcaster.id).moderators.add(moderator.id);
  events = [];
  mock.events.on((event) => events.push(event));
  client = createClient({ clientId, clientSecret: app.clientSecret, baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
  await register(moderator, moderatorScopes);
  await register(viewer, ['user:write:chat', 'user:read:emotes', 'user:manage:chat_color']);
});

afterEach(async () => {
  await mock.close();
});

describe('pinned chat message: the States rows', () => {
  it('none -> pin -> pinned; a new pin replaces it; updatePin counts from the call; the duration elapses -> none', async () => {
    const mod = client.as(moderator.id);
    const first = mock.chat.userSays(broadcaster.id, viewer.id, 'first message');
    const second = mock.chat.userSays(broadcaster.id, other.id, 'second message');

    await expect(pinnedMessage(mod, { broadcaster_id: broadcaster.id })).resolves.toBeNull();

    await expect(pin(mod, { broadcaster_id: broadcaster.id, message_id: first.message_id, duration_seconds: 600 })).resolves.toBeUndefined();
    const pinned = await pinnedMessage(mod, { broadcaster_id: broadcaster.id });
    expect(pinned).toMatchObject({
      message_id: first.message_id,
      broadcaster_id: broadcaster.id,
      sender_user_id: viewer.id,
      sender_user_login: 'quietfox',
      pinned_by_user_id: moderator.id,
      message: { text: 'first message' },
      starts_at: iso(START),
      ends_at: iso(START + 600_000),
    });

    // One pin per chat: pinning another message replaces the first.
    await pin(mod, { broadcaster_id: broadcaster.id, message_id: second.message_id, duration_seconds: 600 });
    expect((await pinnedMessage(mod, { broadcaster_id: broadcaster.id }))?.message_id).toBe(second.message_id);

    clock += 100_000;
    await updatePin(mod, { broadcaster_id: broadcaster.id, message_id: second.message_id, duration_seconds: 60 });
    expect((await pinnedMessage(mod, { broadcaster_id: broadcaster.id }))?.ends_at).toBe(iso(START + 100_000 + 60_000));

    clock += 61_000;
    await expect(pinnedMessage(mod, { broadcaster_id: broadcaster.id })).resolves.toBeNull();
  });

  it('pinned -> unpin -> none', async () => {
    const mod = client.as(moderator.id);
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'pin me');
    await pin(mod, { broadcaster_id: broadcaster.id, message_id: message.message_id });
    expect((await pinnedMessage(mod, { broadcaster_id: broadcaster.id }))?.message_id).toBe(message.message_id);
    await expect(unpin(mod, { broadcaster_id: broadcaster.id, message_id: message.message_id })).resolves.toBeUndefined();
    await expect(pinnedMessage(mod, { broadcaster_id: broadcaster.id })).resolves.toBeNull();
    expect(helixSent()).toEqual(['PUT /chat/pins', 'GET /chat/pins', 'DELETE /chat/pins', 'GET /chat/pins']);
  });

  it('pinning the pinned message again is a 409; the app token pins for a moderator; everything goes in the query and a change answers nothing', async () => {
    const mod = client.as(moderator.id);
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'pin me twice');
    await pin(mod, { broadcaster_id: broadcaster.id, message_id: message.message_id, duration_seconds: 300 });
    const again = await pin(mod, { broadcaster_id: broadcaster.id, message_id: message.message_id }).catch((failure: unknown) => failure);
    expect(again).toBeInstanceOf(PlatformApiError);
    expect((again as PlatformApiError).status).toBe(409);
    expect((again as PlatformApiError).message).toBe('The message is already pinned. (409 on PUT /chat/pins)');

    const app = client.as('app');
    const next = mock.chat.userSays(broadcaster.id, other.id, 'pinned by the bot');
    await expect(pin(app, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: next.message_id, duration_seconds: 30 })).resolves.toBeUndefined();
    await expect(updatePin(app, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: next.message_id, duration_seconds: 1800 })).resolves.toBeUndefined();
    const pinned = await pinnedMessage(app, { broadcaster_id: broadcaster.id, moderator_id: moderator.id });
    expect(pinned).toMatchObject({ message_id: next.message_id, pinned_by_user_id: moderator.id, ends_at: iso(START + 1_800_000) });
    expect(pinned!.message.fragments).toEqual([{ type: 'text', text: 'pinned by the bot', cheermote: null, emote: null, mention: null }]);
    await expect(unpin(app, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: next.message_id })).resolves.toBeUndefined();
    const changes = mock.requests.filter((request) => request.path === '/chat/pins' && request.method !== 'GET');
    expect(changes.every((request) => request.body === undefined)).toBe(true);
    expect(changes.slice(-3).map((request) => [request.method, request.status, request.query])).toEqual([
      ['PUT', 204, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: next.message_id, duration_seconds: '30' }],
      ['PATCH', 204, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: next.message_id, duration_seconds: '1800' }],
      ['DELETE', 204, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: next.message_id }],
    ]);
  });

  it('without a duration the pin lasts until the stream ends', async () => {
    const mod = client.as(moderator.id);
    mock.state.channel(broadcaster.id).live = true;
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'for the whole stream');
    await pin(mod, { broadcaster_id: broadcaster.id, message_id: message.message_id });
    clock += 3 * 3600_000;
    expect(await pinnedMessage(mod, { broadcaster_id: broadcaster.id })).toMatchObject({ message_id: message.message_id, ends_at: null });
    mock.state.channel(broadcaster.id).live = false;
    await expect(pinnedMessage(mod, { broadcaster_id: broadcaster.id })).resolves.toBeNull();
  });

  it('pin needs the message to exist: the platform answers 404', async () => {
    const error = await pin(client.as(moderator.id), { broadcaster_id: broadcaster.id, message_id: 'no-such-message' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(404);
  });

  it('send with pin: pinned for 20 minutes by its sender', async () => {
    const sent = await send(client.as(moderator.id), { broadcaster_id: broadcaster.id, message: 'Read the rules', pin: true });
    expect(sent.is_sent).toBe(true);
    const pinned = await pinnedMessage(client.as(moderator.id), { broadcaster_id: broadcaster.id });
    expect(pinned).toMatchObject({ message_id: sent.message_id, pinned_by_user_id: moderator.id, ends_at: iso(START + 20 * 60_000) });
  });

  it('the app token works with moderator_id set', async () => {
    const message = mock.chat.userSays(broadcaster.id, viewer.id, 'app pin');
    await pin(client, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message_id: message.message_id, duration_seconds: 30 }, { as: 'app' });
    expect((await pinnedMessage(client.as('app'), { broadcaster_id: broadcaster.id, moderator_id: moderator.id }))?.message_id).toBe(message.message_id);
    const pinRequests = mock.requests.filter((request) => request.path === '/chat/pins');
    expect(pinRequests.every((request) => request.status === 200 || request.status === 204)).toBe(true);
  });
});

describe('send', () => {
  it('delivers a message: is_sent true and its ID; the chat sees it', async () => {
    const sent = await send(client.as(viewer.id), { broadcaster_id: broadcaster.id, message: 'hello chat' });
    // The platform answers drop_reason null for a sent message; the result passes it on.
    expect(sent).toEqual({ message_id: expect.any(String), is_sent: true, drop_reason: null });
    const delivered = events.find((event) => event.type === 'channel.chat.message');
    expect(delivered?.event).toMatchObject({ message_id: sent.message_id, chatter_user_id: viewer.id, message: { text: 'hello chat' } });
  });

  it('a refused message resolves with is_sent false and its drop_reason, not an error', async () => {
    await updateSettings(client.as(moderator.id), { broadcaster_id: broadcaster.id, emote_mode: true });
    const sent = await send(client.as(viewer.id), { broadcaster_id: broadcaster.id, message: 'plain words' });
    expect(sent.is_sent).toBe(false);
    expect(sent.drop_reason?.message).toBe('This room is in emote-only mode.');
  });

  it('a message of exactly 500 characters is sent', async () => {
    const sent = await send(client.as(viewer.id), { broadcaster_id: broadcaster.id, message: 'y'.repeat(500) });
    expect(sent.is_sent).toBe(true);
  });

  it('a bot sends with the app token when sender and broadcaster granted it', async () => {
    const bot = mock.addUser({ id: '500', login: 'helperbot' });
    mock.issueToken({ clientId, userId: bot.id, scopes: ['user:write:chat', 'user:bot'] });
    mock.issueToken({ clientId, userId: broadcaster.id, scopes: ['channel:bot'] });
    const sent = await send(client, { broadcaster_id: broadcaster.id, sender_id: bot.id, message: 'beep boop' });
    expect(sent.is_sent).toBe(true);
    const [request] = mock.requests.filter((entry) => entry.path === '/chat/messages');
    expect(mock.state.tokens.get(request!.token!)?.userId).toBeUndefined();
  });

  it('with several users and no sender, nothing is sent', async () => {
    mock.clearRequests();
    const error = await send(client, { broadcaster_id: broadcaster.id, message: 'who am I' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe(
      'POST /chat/messages does not say who is acting and several users are registered. Set sender_id, or choose a user with { as: userId } or client.as(userId).',
    );
    expect(mock.requests).toHaveLength(0);
  });
});

describe('settings', () => {
  it('updateSettings sends a duration with its mode and resolves with every setting', async () => {
    const after = await updateSettings(client.as(moderator.id), { broadcaster_id: broadcaster.id, slow_mode_wait_time: 10, follower_mode_duration: 60 });
    expect(after).toMatchObject({ broadcaster_id: broadcaster.id, moderator_id: moderator.id, slow_mode: true, slow_mode_wait_time: 10, follower_mode: true, follower_mode_duration: 60 });
    // Sent with the mode set true even though it is already on.
    const again = await updateSettings(client.as(moderator.id), { broadcaster_id: broadcaster.id, slow_mode_wait_time: 20 });
    expect(again).toMatchObject({ slow_mode: true, slow_mode_wait_time: 20 });
    const off = await updateSettings(client.as(moderator.id), { broadcaster_id: broadcaster.id, slow_mode: false, non_moderator_chat_delay_duration: 6 });
    expect(off).toMatchObject({ slow_mode: false, slow_mode_wait_time: null, non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 6 });
    expect(mock.chat.settingsOf(broadcaster.id)).toMatchObject({ follower_mode_duration: 60, slow_mode: false, non_moderator_chat_delay_duration: 6 });
  });

  it('settings: the app token reads the public settings; a moderator also reads the delay', async () => {
    await updateSettings(client.as(moderator.id), { broadcaster_id: broadcaster.id, non_moderator_chat_delay_duration: 4 });
    const publicView = await settings(client.as('app'), { broadcaster_id: broadcaster.id });
    expect(publicView).not.toHaveProperty('moderator_id');
    expect(publicView).not.toHaveProperty('non_moderator_chat_delay');
    expect(publicView).toMatchObject({ broadcaster_id: broadcaster.id, slow_mode: false, slow_mode_wait_time: null, emote_mode: false });
    const moderatorView = await settings(client.as(moderator.id), { broadcaster_id: broadcaster.id });
    expect(moderatorView).toMatchObject({ moderator_id: moderator.id, non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 4 });
  });

  it('settings: a user who is not a moderator reads the public settings with their token', async () => {
    const view = await settings(client.as(viewer.id), { broadcaster_id: broadcaster.id });
    expect(view).not.toHaveProperty('non_moderator_chat_delay');
    expect(mock.requests.at(-1)?.query).toMatchObject({ broadcaster_id: broadcaster.id, moderator_id: viewer.id });
  });

  it('updateSettings checks the scope before sending', async () => {
    mock.clearRequests();
    const error = await updateSettings(client.as(viewer.id), { broadcaster_id: broadcaster.id, emote_mode: true }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect((error as Error).message).toBe('The token of user 300 is missing the moderator:manage:chat_settings scope required by PATCH /chat/settings.');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('chatters', () => {
  it('pages through the chat, with the platform total', async () => {
    const ids = Array.from({ length: 250 }, (_, index) => mock.addUser({ login: `chatter${index}` }).id);
    mock.chat.join(broadcaster.id, ids);
    const list = chatters(client.as(moderator.id), { broadcaster_id: broadcaster.id, first: 100 });
    const all = await list.all();
    expect(all.map((chatter) => chatter.user_id)).toEqual(ids);
    expect(all[0]).toEqual({ user_id: ids[0], user_login: 'chatter0', user_name: 'chatter0' });
    await expect(list.total()).resolves.toBe(250);
    expect(helixSent()).toEqual(['GET /chat/chatters', 'GET /chat/chatters', 'GET /chat/chatters']);
  });

  it('resumes from a cursor the caller gives, then follows the platform cursors', async () => {
    const ids = Array.from({ length: 250 }, (_, index) => mock.addUser({ login: `chatter${index}` }).id);
    mock.chat.join(broadcaster.id, ids);
    const mod = client.as(moderator.id);
    const first = await chatters(mod, { broadcaster_id: broadcaster.id, first: 100 });
    const rest = await chatters(mod, { broadcaster_id: broadcaster.id, first: 100, after: first.cursor }).take(200);
    expect(rest.map((chatter) => chatter.user_id)).toEqual(ids.slice(100));
  });

  it('with the app token and moderator_id', async () => {
    mock.chat.join(broadcaster.id, [viewer.id]);
    const page = await chatters(client, { broadcaster_id: broadcaster.id, moderator_id: moderator.id }, { as: 'app' });
    expect(page.data.map((chatter) => chatter.user_login)).toEqual(['quietfox']);
  });

  it('a user who is not a moderator gets the platform 403', async () => {
    const error = await chatters(client.as(viewer.id), { broadcaster_id: broadcaster.id }, { token: mock.issueToken({ clientId, userId: viewer.id, scopes: ['moderator:read:chatters'] }).accessToken })
      .all()
      .then(() => undefined, (failure: unknown) => failure);
    // A raw token does not say who it belongs to, so the acting user must be given.
    expect(error).toBeInstanceOf(PlatformAuthError);
    const refused = await chatters(client, { broadcaster_id: broadcaster.id, moderator_id: viewer.id }, { token: mock.issueToken({ clientId, userId: viewer.id, scopes: ['moderator:read:chatters'] }).accessToken })
      .all()
      .then(() => undefined, (failure: unknown) => failure);
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect((refused as PlatformApiError).status).toBe(403);
  });
});

describe('emotes and badges', () => {
  it('global and channel emotes keep their template', async () => {
    mock.chat.setChannelEmotes(broadcaster.id, [{ name: 'pixelHype' }, { name: 'pixelFollow', emote_type: 'follower' }]);
    const global = await globalEmotes(client.as('app'));
    expect(global.template).toContain('{{id}}');
    expect(global.data.map((emote) => emote.name)).toContain('SmileWide');
    const channel = await channelEmotes(client.as('app'), { broadcaster_id: broadcaster.id });
    expect(channel.data.map((emote) => [emote.name, emote.tier])).toEqual([['pixelHype', '1000'], ['pixelFollow', '']]);
    expect(channel.template).toBe(global.template);
  });

  it('emoteSets splits 30 sets over two requests and leaves unknown sets out', async () => {
    mock.chat.setChannelEmotes(broadcaster.id, [{ name: 'pixelHype', emote_set_id: 'set-29' }]);
    const ids = ['0', ...Array.from({ length: 29 }, (_, index) => `set-${index + 1}`)];
    const result = await emoteSets(client.as('app'), { emote_set_id: ids });
    expect(result.data.map((emote) => emote.name)).toEqual(['SmileWide', 'HighFive', 'GoodGame', 'HeartBeat', 'pixelHype']);
    expect(result.template).toContain('{{scale}}');
    expect(mock.requests.filter((request) => request.path === '/chat/emotes/set').map((request) => [request.status, (request.query.emote_set_id as string[]).length])).toEqual([
      [200, 25],
      [200, 5],
    ]);
  });

  it('userEmotes: the caller by default, the follower emotes of a broadcaster, raw.template', async () => {
    mock.chat.setChannelEmotes(broadcaster.id, [{ name: 'pixelFollow', emote_type: 'follower' }]);
    mock.chat.setUserEmotes(viewer.id, [{ name: 'mySub', emote_type: 'subscriptions', emote_set_id: 's1', owner_id: other.id }]);
    const page = await userEmotes(client.as(viewer.id), { broadcaster_id: broadcaster.id });
    expect(page.raw.template).toContain('{{theme_mode}}');
    expect(page.data.map((emote) => emote.name)).toEqual(['SmileWide', 'HighFive', 'GoodGame', 'HeartBeat', 'mySub', 'pixelFollow']);
    expect(mock.requests.at(-1)?.query).toMatchObject({ user_id: viewer.id, broadcaster_id: broadcaster.id });
  });

  it('userEmotes refuses the app token before sending', async () => {
    mock.clearRequests();
    await expect(userEmotes(client.as('app')).all()).rejects.toThrow(new PlatformAuthError('GET /chat/emotes/user only accepts a user access token: the app token cannot be used for it.'));
    expect(mock.requests).toHaveLength(0);
  });

  it('badges: global sets, and an empty list for a channel without its own', async () => {
    const global = await globalBadges(client.as('app'));
    expect(global.map((set) => set.set_id)).toEqual(['broadcaster', 'moderator', 'subscriber', 'vip']);
    expect(global.find((set) => set.set_id === 'subscriber')?.versions.map((version) => version.id)).toEqual(['0', '3']);
    await expect(channelBadges(client.as('app'), { broadcaster_id: broadcaster.id })).resolves.toEqual([]);
    mock.chat.setChannelBadges(broadcaster.id, [{ set_id: 'subscriber', versions: [{ id: '12' }, { id: '3' }] }]);
    const own = await channelBadges(client.as('app'), { broadcaster_id: broadcaster.id });
    expect(own[0]?.versions.map((version) => version.id)).toEqual(['3', '12']);
  });
});

describe('shared chat session', () => {
  it('null outside a session, the session with every participant inside one', async () => {
    await expect(sharedSession(client.as('app'), { broadcaster_id: other.id })).resolves.toBeNull();
    const started = mock.chat.startSharedSession(broadcaster.id, [other.id]);
    const found = await sharedSession(client.as('app'), { broadcaster_id: other.id });
    expect(found).toMatchObject({ session_id: started.session_id, host_broadcaster_id: broadcaster.id });
    expect(found?.participants.map((participant) => participant.broadcaster_id)).toEqual([broadcaster.id, other.id]);
  });
});

describe('announcements and shoutouts', () => {
  it('announce: 204, the platform cuts past 500 characters, one per 2 seconds', async () => {
    const mod = client.as(moderator.id);
    await expect(announce(mod, { broadcaster_id: broadcaster.id, message: 'z'.repeat(600), color: 'green' })).resolves.toBeUndefined();
    const notice = events.find((event) => event.type === 'channel.chat.notification');
    expect((notice?.event as { message: { text: string } }).message.text).toHaveLength(500);
    const error = await announce(mod, { broadcaster_id: broadcaster.id, message: 'again' }, { retries: 0 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    clock += 2_000;
    await expect(announce(mod, { broadcaster_id: broadcaster.id, message: 'later' })).resolves.toBeUndefined();
  });

  it('announce with the app token: for_source_only goes in the body; without it a shared chat session hears it in this channel only', async () => {
    const app = client.as('app');
    mock.chat.startSharedSession(broadcaster.id, [other.id]);
    const notices = () => events.filter((event) => event.type === 'channel.chat.notification').map((event) => event.condition.broadcaster_user_id);
    await announce(app, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message: 'this channel only' });
    expect(notices()).toEqual([broadcaster.id]);
    expect((events.at(-1)!.event as { is_source_only: boolean | null }).is_source_only).toBe(true);
    clock += 2_000;
    await announce(app, { broadcaster_id: broadcaster.id, moderator_id: moderator.id, message: 'everyone', for_source_only: false });
    expect(notices()).toEqual([broadcaster.id, broadcaster.id, other.id]);
    const sent = mock.requests.filter((request) => request.path === '/chat/announcements').at(-1)!;
    expect(sent.query).toEqual({ broadcaster_id: broadcaster.id, moderator_id: moderator.id });
    expect(sent.body).toEqual({ message: 'everyone', for_source_only: false });
    // With a user token the platform refuses for_source_only.
    clock += 2_000;
    const refused = await announce(client.as(moderator.id), { broadcaster_id: broadcaster.id, message: 'x', for_source_only: true }).catch((failure: unknown) => failure);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('shoutout: the sending channel must be live; one per 2 minutes', async () => {
    const mod = client.as(moderator.id);
    const offline = await shoutout(mod, { from_broadcaster_id: broadcaster.id, to_broadcaster_id: other.id }).catch((failure: unknown) => failure);
    expect(offline).toBeInstanceOf(PlatformApiError);
    expect((offline as PlatformApiError).status).toBe(403);
    mock.state.channel(broadcaster.id).live = true;
    await expect(shoutout(mod, { from_broadcaster_id: broadcaster.id, to_broadcaster_id: other.id })).resolves.toBeUndefined();
    expect(events.some((event) => event.type === 'channel.shoutout.create')).toBe(true);
    const tooSoon = await shoutout(mod, { from_broadcaster_id: broadcaster.id, to_broadcaster_id: viewer.id }, { retries: 0 }).catch((failure: unknown) => failure);
    expect(tooSoon).toBeInstanceOf(PlatformRateLimitError);
    clock += 2 * 60_000;
    await expect(shoutout(mod, { from_broadcaster_id: broadcaster.id, to_broadcaster_id: viewer.id })).resolves.toBeUndefined();
  });
});

describe('chat colors', () => {
  it('setColor then colors; a hex code is refused to a regular user', async () => {
    await expect(setColor(client.as(viewer.id), { color: 'blue_violet' })).resolves.toBeUndefined();
    const hex = await setColor(client.as(viewer.id), { color: '#9146FF' }).catch((failure: unknown) => failure);
    expect(hex).toBeInstanceOf(PlatformApiError);
    expect((hex as PlatformApiError).status).toBe(400);
    mock.chat.setPremium(viewer.id);
    await setColor(client.as(viewer.id), { color: '#9146ff' });
    const found = await colors(client.as('app'), { user_id: [viewer.id, other.id, 'unknown-user'] });
    expect(found).toEqual([
      { user_id: viewer.id, user_login: 'quietfox', user_name: 'QuietFox', color: '#9146FF' },
      { user_id: other.id, user_login: 'northwind', user_name: 'Northwind', color: '' },
    ]);
  });

  it('colors splits 150 users over two requests, in order', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => mock.addUser({ login: `painter${index}` }).id);
    const found = await colors(client.as('app'), { user_id: ids });
    expect(found.map((color) => color.user_id)).toEqual(ids);
    expect(mock.requests.filter((request) => request.path === '/chat/color').map((request) => (request.query.user_id as string[]).length)).toEqual([100, 50]);
  });

  it('setColor only accepts a user token', async () => {
    mock.clearRequests();
    await expect(setColor(client.as('app'), { color: 'red' })).rejects.toThrow('PUT /chat/color only accepts a user access token: the app token cannot be used for it.');
    expect(mock.requests).toHaveLength(0);
  });
});
