import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformApiError, PlatformAuthError, PlatformScopeError, type PlatformClient } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBlockedTerm,
  addModerator,
  addSuspiciousStatus,
  addVip,
  autoModSettings,
  ban,
  bans,
  blockedTerms,
  checkAutoMod,
  deleteMessages,
  manageAutoModMessage,
  moderatedChannels,
  moderators,
  removeBlockedTerm,
  removeModerator,
  removeSuspiciousStatus,
  removeVip,
  resolveUnbanRequest,
  shieldMode,
  unban,
  unbanRequests,
  updateAutoModSettings,
  updateShieldMode,
  vips,
  warn,
} from '../src/index';

/*
 * The moderation group against the fake platform over 127.0.0.1, walking the spec's States part
 * (bans and timeouts, unban requests, Shield Mode, suspicious users, warnings) and touching every
 * other operation once, with tokens issued by the fake and registered through @platform/auth.
 */

const broadcasterScopes = [
  'moderation:read',
  'channel:manage:moderators',
  'channel:read:vips',
  'channel:manage:vips',
  'moderator:manage:banned_users',
];
const moderatorScopes = [
  'moderation:read',
  'moderator:manage:automod',
  'moderator:read:automod_settings',
  'moderator:manage:automod_settings',
  'moderator:manage:banned_users',
  'moderator:read:unban_requests',
  'moderator:manage:unban_requests',
  'moderator:read:blocked_terms',
  'moderator:manage:blocked_terms',
  'moderator:manage:chat_messages',
  'user:read:moderated_channels',
  'moderator:read:shield_mode',
  'moderator:manage:shield_mode',
  'moderator:manage:warnings',
  'moderator:manage:suspicious_users',
];

const streamerId = '100';
const moderatorId = '200';

let mock: MockPlatform;
let client: PlatformClient;
/** The client acting as the broadcaster, and as their moderator. */
let asStreamer: PlatformClient;
let asModerator: PlatformClient;
/** Adds a viewer to the fake platform and returns their ID. */
let viewer: (login: string) => string;

beforeAll(async () => {
  mock = await createMockPlatform();
  const app = mock.addClient({ clientId: 'moderation-app', clientSecret: 'moderation-secret' });
  mock.addUser({ id: streamerId, login: 'streamer' });
  mock.addUser({ id: moderatorId, login: 'moddy' });
  let next = 300;
  viewer = (login) => mock.addUser({ id: String(next++), login }).id;
  client = createClient({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    baseUrl: mock.baseUrl,
    authUrl: mock.authUrl,
    retries: 0,
    authenticator: platformAuth(),
  });
  const auth = authOf(client);
  await auth.addUser(mock.issueToken({ clientId: app.clientId, userId: streamerId, scopes: [...broadcasterScopes, ...moderatorScopes] }).accessToken);
  await auth.addUser(mock.issueToken({ clientId: app.clientId, userId: moderatorId, scopes: moderatorScopes }).accessToken);
  asStreamer = client.as(streamerId);
  asModerator = client.as(moderatorId);
  await addModerator(asStreamer, { user_id: moderatorId });
});
afterAll(() => mock.close());

const apiError = (promise: Promise<unknown>) => promise.then(
  () => {
    throw new Error('expected the platform to refuse');
  },
  (error: unknown) => {
    expect(error).toBeInstanceOf(PlatformApiError);
    return error as PlatformApiError;
  },
);

describe('moderators and moderated channels', () => {
  it('the moderator added in setup is listed, and sees the channel', async () => {
    expect((await moderators(asStreamer)).data.map((each) => each.user_id)).toEqual([moderatorId]);
    expect(mock.state.channel(streamerId).moderators.has(moderatorId)).toBe(true);
    const channels = await moderatedChannels(asModerator).all();
    expect(channels).toEqual([{ broadcaster_id: streamerId, broadcaster_login: 'streamer', broadcaster_name: expect.any(String) }]);
  });

  it('adds and removes a moderator; the user_id filter finds only moderators', async () => {
    const helper = viewer('helper');
    await addModerator(asStreamer, { user_id: helper });
    expect((await moderators(asStreamer, { user_id: [helper, viewer('nobody')] }).all()).map((each) => each.user_id)).toEqual([helper]);
    await removeModerator(asStreamer, { user_id: helper });
    expect(await moderators(asStreamer, { user_id: helper }).all()).toEqual([]);
    expect((await apiError(removeModerator(asStreamer, { user_id: helper }))).status).toBe(400);
  });
});

describe('bans and timeouts', () => {
  it('times out, times out again, bans for good, refuses a timeout of a banned user, unbans', async () => {
    const target = viewer('spammer');
    const mine = () => bans(asStreamer, { user_id: target }).all();

    // not banned -> timed out: end_time set.
    const timeout = await ban(asModerator, { broadcaster_id: streamerId, user_id: target, duration: 600, reason: 'spam' });
    expect(timeout).toMatchObject({ broadcaster_id: streamerId, moderator_id: moderatorId, user_id: target });
    expect(timeout.end_time).not.toBeNull();
    const listed = await mine();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ user_id: target, user_login: 'spammer', reason: 'spam', moderator_id: moderatorId });
    expect(listed[0]!.expires_at).not.toBe('');

    // timed out -> timed out with a new duration.
    const longer = await ban(asModerator, { broadcaster_id: streamerId, user_id: target, duration: 3600 });
    expect(Date.parse(longer.end_time!)).toBeGreaterThan(Date.parse(timeout.end_time!));

    // timed out -> permanently banned: end_time null, expires_at empty.
    const permanent = await ban(asModerator, { broadcaster_id: streamerId, user_id: target, reason: 'again' });
    expect(permanent.end_time).toBeNull();
    expect((await mine())[0]).toMatchObject({ expires_at: '', reason: 'again' });

    // banned -> a timeout is refused; the user must be unbanned first.
    const refused = await apiError(ban(asModerator, { broadcaster_id: streamerId, user_id: target, duration: 60 }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/\(400 on POST \/moderation\/bans\)$/);
    expect((await mine())[0]!.expires_at).toBe('');

    // banned -> not banned.
    await unban(asModerator, { broadcaster_id: streamerId, user_id: target });
    expect(await mine()).toEqual([]);
    expect(mock.state.activeBan(streamerId, target)).toBeUndefined();
    expect((await apiError(unban(asModerator, { broadcaster_id: streamerId, user_id: target }))).status).toBe(400);
  });

  it('a permanent ban straight away, then unban of it', async () => {
    const target = viewer('troublemaker');
    const placed = await ban(asModerator, { broadcaster_id: streamerId, user_id: target });
    expect(placed.end_time).toBeNull();
    expect(mock.state.activeBan(streamerId, target)?.ends_at).toBeUndefined();
    await unban(asModerator, { broadcaster_id: streamerId, user_id: target });
    expect(await bans(asStreamer, { user_id: target }).all()).toEqual([]);
  });

  it('a timed-out user is unbanned too', async () => {
    const target = viewer('hothead');
    await ban(asModerator, { broadcaster_id: streamerId, user_id: target, duration: 30 });
    await unban(asModerator, { broadcaster_id: streamerId, user_id: target });
    expect(mock.state.activeBan(streamerId, target)).toBeUndefined();
  });
});

describe('unban requests', () => {
  it('an approved request unbans the user and sets resolved_at and resolution_text', async () => {
    const target = viewer('repentant');
    await ban(asModerator, { broadcaster_id: streamerId, user_id: target, reason: 'rude' });
    const created = mock.moderation.createUnbanRequest(streamerId, target, 'I am sorry');

    const open = await unbanRequests(asModerator, { broadcaster_id: streamerId, status: 'pending', user_id: target }).all();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: created.id, user_id: target, user_login: 'repentant', text: 'I am sorry', status: 'pending', resolved_at: null, resolution_text: null });

    const resolved = await resolveUnbanRequest(asModerator, {
      broadcaster_id: streamerId,
      unban_request_id: created.id,
      status: 'approved',
      resolution_text: 'Welcome back & be kind?',
    });
    expect(resolved).toMatchObject({ id: created.id, status: 'approved', moderator_id: moderatorId, resolution_text: 'Welcome back & be kind?' });
    expect(resolved.resolved_at).toEqual(expect.any(String));

    // The requester is unbanned.
    expect(await bans(asStreamer, { user_id: target }).all()).toEqual([]);
    expect(mock.state.activeBan(streamerId, target)).toBeUndefined();
    expect(await unbanRequests(asModerator, { broadcaster_id: streamerId, status: 'pending', user_id: target }).all()).toEqual([]);
    expect((await unbanRequests(asModerator, { broadcaster_id: streamerId, status: 'approved' }).all()).map((each) => each.id)).toContain(created.id);

    // A resolved request cannot be resolved again.
    const again = await apiError(resolveUnbanRequest(asModerator, { broadcaster_id: streamerId, unban_request_id: created.id, status: 'denied' }));
    expect(again.status).toBe(400);
  });

  it('a denied request keeps the ban and sets resolved_at and resolution_text', async () => {
    const target = viewer('unrepentant');
    await ban(asModerator, { broadcaster_id: streamerId, user_id: target });
    const created = mock.moderation.createUnbanRequest(streamerId, target, 'let me in');
    const resolved = await resolveUnbanRequest(asModerator, { broadcaster_id: streamerId, unban_request_id: created.id, status: 'denied', resolution_text: 'No.' });
    expect(resolved).toMatchObject({ status: 'denied', resolution_text: 'No.' });
    expect(resolved.resolved_at).not.toBeNull();
    expect(await bans(asStreamer, { user_id: target }).all()).toHaveLength(1);
  });

  it('an unknown request is a 404; unban requests refuse the app token before sending', async () => {
    expect((await apiError(resolveUnbanRequest(asModerator, { broadcaster_id: streamerId, unban_request_id: 'nope', status: 'approved' }))).status).toBe(404);
    mock.clearRequests();
    const error = await unbanRequests(client, { broadcaster_id: streamerId, moderator_id: moderatorId, status: 'pending' }, { as: 'app' }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('GET /moderation/unban_requests only accepts a user access token: the app token cannot be used for it.');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('Shield Mode', () => {
  it('goes from off to on and back', async () => {
    const before = await shieldMode(asModerator, { broadcaster_id: streamerId });
    expect(before).toEqual({ is_active: false, moderator_id: '', moderator_login: '', moderator_name: '', last_activated_at: '' });

    const on = await updateShieldMode(asModerator, { broadcaster_id: streamerId, is_active: true });
    expect(on).toMatchObject({ is_active: true, moderator_id: moderatorId, moderator_login: 'moddy' });
    expect(on.last_activated_at).not.toBe('');
    expect(mock.moderation.isShieldModeActive(streamerId)).toBe(true);
    expect((await shieldMode(asStreamer, { broadcaster_id: streamerId })).is_active).toBe(true);

    const off = await updateShieldMode(asModerator, { broadcaster_id: streamerId, is_active: false });
    expect(off.is_active).toBe(false);
    expect(off.last_activated_at).toBe(on.last_activated_at);
    expect(mock.moderation.isShieldModeActive(streamerId)).toBe(false);
  });

  it('works with the app token when moderator_id is named', async () => {
    mock.clearRequests();
    const status = await shieldMode(client, { broadcaster_id: streamerId, moderator_id: moderatorId }, { as: 'app' });
    expect(status.is_active).toBe(false);
    const sent = mock.requests.filter((request) => request.server === 'helix');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query).toMatchObject({ broadcaster_id: streamerId, moderator_id: moderatorId });
    expect(mock.state.tokens.get(sent[0]!.token!)?.userId).toBeUndefined();
  });
});

describe('suspicious users', () => {
  it('NO_TREATMENT -> ACTIVE_MONITORING -> RESTRICTED -> NO_TREATMENT', async () => {
    const target = viewer('shady');
    const watched = await addSuspiciousStatus(asModerator, { broadcaster_id: streamerId, user_id: target, status: 'ACTIVE_MONITORING' });
    expect(watched).toMatchObject({ user_id: target, broadcaster_id: streamerId, moderator_id: moderatorId, status: 'ACTIVE_MONITORING' });
    expect(watched.types).toContain('MANUALLY_ADDED');
    expect(watched.updated_at).toEqual(expect.any(String));

    const restricted = await addSuspiciousStatus(asModerator, { broadcaster_id: streamerId, user_id: target, status: 'RESTRICTED' });
    expect(restricted.status).toBe('RESTRICTED');
    expect(mock.moderation.suspiciousUser(streamerId, target)?.status).toBe('RESTRICTED');

    const removed = await removeSuspiciousStatus(asModerator, { broadcaster_id: streamerId, user_id: target });
    expect(removed).toMatchObject({ user_id: target, status: 'NO_TREATMENT' });
    expect(mock.moderation.suspiciousUser(streamerId, target)?.status).toBe('NO_TREATMENT');
  });

  it('RESTRICTED straight from NO_TREATMENT', async () => {
    const target = viewer('evader');
    expect((await addSuspiciousStatus(asModerator, { broadcaster_id: streamerId, user_id: target, status: 'RESTRICTED' })).status).toBe('RESTRICTED');
  });
});

describe('warnings', () => {
  it('a warning is pending until acknowledged; a new one replaces the old', async () => {
    const target = viewer('loud');
    const first = await warn(asModerator, { broadcaster_id: streamerId, user_id: target, reason: 'Caps lock' });
    expect(first).toEqual({ broadcaster_id: streamerId, user_id: target, moderator_id: moderatorId, reason: 'Caps lock' });
    expect(mock.moderation.pendingWarning(streamerId, target)?.reason).toBe('Caps lock');

    await warn(asModerator, { broadcaster_id: streamerId, user_id: target, reason: 'Still caps lock' });
    expect(mock.moderation.pendingWarning(streamerId, target)?.reason).toBe('Still caps lock');

    mock.moderation.acknowledgeWarning(streamerId, target);
    expect(mock.moderation.pendingWarning(streamerId, target)).toBeUndefined();
  });
});

describe('AutoMod', () => {
  it('reads and overwrites the levels', async () => {
    const initial = await autoModSettings(asModerator, { broadcaster_id: streamerId });
    expect(initial).toMatchObject({ broadcaster_id: streamerId, moderator_id: moderatorId, overall_level: 0 });

    const overall = await updateAutoModSettings(asModerator, { broadcaster_id: streamerId, overall_level: 3 });
    expect(overall.overall_level).toBe(3);

    // Categories one by one: overall_level becomes null, categories left out return to 0.
    const byCategory = await updateAutoModSettings(asModerator, { broadcaster_id: streamerId, swearing: 4, bullying: 1 });
    expect(byCategory).toMatchObject({ overall_level: null, swearing: 4, bullying: 1, disability: 0, aggression: 0 });
    expect(mock.moderation.autoModLevels(streamerId)).toMatchObject({ overall_level: null, swearing: 4 });
    expect(await autoModSettings(asStreamer, { broadcaster_id: streamerId })).toMatchObject({ moderator_id: streamerId, swearing: 4 });
  });

  it('checks messages in the broadcaster own channel', async () => {
    const release = mock.moderation.setAutoModVerdict(streamerId, 'nasty', false);
    const verdicts = await checkAutoMod(asStreamer, {
      data: [
        { msg_id: 'one', msg_text: 'hello friends' },
        { msg_id: 'two', msg_text: 'something nasty' },
      ],
    });
    release();
    expect(verdicts).toEqual([
      { msg_id: 'one', is_permitted: true },
      { msg_id: 'two', is_permitted: false },
    ]);
  });

  it('allows and denies held messages', async () => {
    const author = viewer('borderline');
    const allowed = mock.moderation.holdMessage(streamerId, author, 'maybe fine');
    const denied = mock.moderation.holdMessage(streamerId, author, 'maybe not');
    await manageAutoModMessage(asModerator, { msg_id: allowed, action: 'ALLOW' });
    await manageAutoModMessage(asModerator, { msg_id: denied, action: 'DENY' });
    expect(mock.moderation.heldMessage(allowed)?.status).toBe('approved');
    expect(mock.moderation.heldMessage(denied)).toMatchObject({ status: 'denied', moderator_id: moderatorId });
    expect((await apiError(manageAutoModMessage(asModerator, { msg_id: 'unknown', action: 'ALLOW' }))).status).toBe(404);
  });
});

describe('blocked terms', () => {
  it('adds (an existing term comes back as is), lists newest first, removes (an unknown ID is fine)', async () => {
    const first = await addBlockedTerm(asModerator, { broadcaster_id: streamerId, text: 'spoiler*' });
    expect(first).toMatchObject({ broadcaster_id: streamerId, moderator_id: moderatorId, text: 'spoiler*', expires_at: null });
    const second = await addBlockedTerm(asModerator, { broadcaster_id: streamerId, text: 'badword' });
    expect((await addBlockedTerm(asModerator, { broadcaster_id: streamerId, text: 'spoiler*' })).id).toBe(first.id);

    const listed = await blockedTerms(asModerator, { broadcaster_id: streamerId, first: 1 }).all();
    expect(listed.map((term) => term.id)).toEqual([second.id, first.id]);

    await removeBlockedTerm(asModerator, { broadcaster_id: streamerId, id: first.id });
    await removeBlockedTerm(asModerator, { broadcaster_id: streamerId, id: 'never-existed' });
    expect((await blockedTerms(asModerator, { broadcaster_id: streamerId }).all()).map((term) => term.id)).toEqual([second.id]);
  });
});

describe('chat messages', () => {
  it('deletes one message, then clears the chat', async () => {
    const author = viewer('chatty');
    const one = mock.chat.userSays(streamerId, author, 'first');
    const two = mock.chat.userSays(streamerId, author, 'second');
    await deleteMessages(asModerator, { broadcaster_id: streamerId, message_id: one.message_id });
    const messages = mock.state.channel(streamerId).messages;
    expect(messages.find((message) => message.message_id === one.message_id)?.deleted).toBe(true);
    expect(messages.find((message) => message.message_id === two.message_id)?.deleted).toBe(false);
    expect((await apiError(deleteMessages(asModerator, { broadcaster_id: streamerId, message_id: one.message_id }))).status).toBe(404);

    await deleteMessages(asModerator, { broadcaster_id: streamerId });
    expect(messages.every((message) => message.deleted)).toBe(true);
  });
});

describe('VIPs', () => {
  it('adds a VIP, who steps down; the broadcaster removes another; a moderator cannot be a VIP', async () => {
    const regular = viewer('regular');
    const friend = viewer('friend');
    await addVip(asStreamer, { user_id: regular });
    await addVip(asStreamer, { user_id: friend });
    expect((await vips(asStreamer).all()).map((each) => each.user_id).sort()).toEqual([regular, friend].sort());

    // The VIP acts as themself to step down.
    await authOf(client).addUser(mock.issueToken({ clientId: 'moderation-app', userId: regular, scopes: ['channel:manage:vips'] }).accessToken);
    await removeVip(client, { broadcaster_id: streamerId, user_id: regular }, { as: regular });
    await removeVip(asStreamer, { user_id: friend });
    expect(await vips(asStreamer, { user_id: [regular, friend] }).all()).toEqual([]);

    expect((await apiError(addVip(asStreamer, { user_id: moderatorId }))).status).toBe(422);
  });
});

describe('tokens and scopes', () => {
  it('a user token without the scope is refused before sending', async () => {
    const outsider = viewer('outsider');
    await authOf(client).addUser(mock.issueToken({ clientId: 'moderation-app', userId: outsider, scopes: ['user:read:email'] }).accessToken);
    mock.clearRequests();
    const error = await warn(client, { broadcaster_id: streamerId, user_id: moderatorId, reason: 'x' }, { as: outsider }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformScopeError);
    expect((error as Error).message).toBe(`The token of user ${outsider} is missing the moderator:manage:warnings scope required by POST /moderation/warnings.`);
    expect(mock.requests).toHaveLength(0);
  });
});
