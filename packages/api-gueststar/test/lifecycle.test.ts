import { authOf, platformAuth } from '@platform/auth';
import { createClient, PlatformApiError } from '@platform/core';
import { createMockPlatform, type MockPlatform } from '@platform/mock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assignSlot,
  createSession,
  deleteInvite,
  deleteSlot,
  endSession,
  invite,
  invites,
  session,
  settings,
  updateSettings,
  updateSlot,
  updateSlotSettings,
  type GuestStarSession,
} from '../src/index';

const CLIENT = 'gueststar-e2e';
let mock: MockPlatform;
afterEach(async () => {
  await mock?.close();
});

/**
 * The mock platform with a host, a moderator and two guests, each registered in one client with
 * the scopes their part needs. With several users registered, every call picks its user through
 * the acting-user field (`broadcaster_id` for the host's calls, `moderator_id` for the others).
 */
async function cast() {
  mock = await createMockPlatform();
  mock.addClient({ clientId: CLIENT, clientSecret: 'secret' });
  const host = mock.addUser({ login: 'stage_host' }).id;
  const mod = mock.addUser({ login: 'stage_mod' }).id;
  const alice = mock.addUser({ login: 'guest_alice' }).id;
  const bob = mock.addUser({ login: 'guest_bob' }).id;
  mock.state.channel(host).moderators.add(mod);
  const client = createClient({ clientId: CLIENT, clientSecret: 'secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, authenticator: platformAuth() });
  const token = (userId: string, scopes: string[]) => mock.issueToken({ clientId: CLIENT, userId, scopes }).accessToken;
  const tokens = {
    host: token(host, ['channel:manage:guest_star']),
    mod: token(mod, ['moderator:manage:guest_star']),
    alice: token(alice, ['channel:read:guest_star']),
  };
  for (const accessToken of Object.values(tokens)) await authOf(client).addUser(accessToken);
  return { client, host, mod, alice, bob, tokens };
}

/** Slot ID -> user ID of everyone holding a slot. */
function seats(current: GuestStarSession | null): Record<string, string> {
  return Object.fromEntries((current?.guests ?? []).map((guest) => [guest.slot_id, guest.user_id]));
}

async function apiError(run: () => Promise<unknown>): Promise<PlatformApiError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformApiError);
    return error as PlatformApiError;
  }
  throw new Error('The call resolved; the platform was expected to refuse it.');
}

describe('guest star end to end', () => {
  it('walks a session from creation through invitations, slots, a swap and removals to its end', async () => {
    const { client, host, mod, alice, bob, tokens } = await cast();
    const asMod = { broadcaster_id: host, moderator_id: mod };

    // No session yet.
    expect(await session(client, asMod)).toBeNull();

    // Session: none -> running, with the host as only member (slot "0").
    const created = await createSession(client, { broadcaster_id: host });
    expect(created.id).toEqual(expect.any(String));
    expect(seats(created)).toEqual({ 0: host });
    const sessionId = created.id;
    const inSession = { ...asMod, session_id: sessionId };
    expect(await session(client, asMod)).toEqual(created);
    // Only one session runs at a time.
    expect((await apiError(() => createSession(client, { broadcaster_id: host }))).status).toBe(400);

    // Invitations: pending while the session runs.
    await invite(client, { ...inSession, guest_id: alice });
    await invite(client, { ...inSession, guest_id: bob });
    let queue = await invites(client, inSession);
    expect(queue.map((entry) => [entry.user_id, entry.status])).toEqual([
      [alice, 'INVITED'],
      [bob, 'INVITED'],
    ]);
    expect(queue[0]).toEqual({
      user_id: alice,
      invited_at: expect.any(String),
      status: 'INVITED',
      is_video_enabled: expect.any(Boolean),
      is_audio_enabled: expect.any(Boolean),
      is_video_available: expect.any(Boolean),
      is_audio_available: expect.any(Boolean),
    });
    // An invited guest can read the session with their own token.
    expect((await session(client, { broadcaster_id: host, moderator_id: alice }))?.id).toBe(sessionId);

    // A slot needs a READY guest.
    expect((await apiError(() => assignSlot(client, { ...inSession, guest_id: alice, slot_id: '1' }))).status).toBe(403);
    mock.guestStar.acceptInvite(host, alice);
    expect((await invites(client, inSession)).find((entry) => entry.user_id === alice)?.status).toBe('ACCEPTED');
    mock.guestStar.guestReady(host, alice);
    mock.guestStar.guestReady(host, bob);
    queue = await invites(client, inSession);
    expect(queue.map((entry) => entry.status)).toEqual(['READY', 'READY']);

    // Slots: empty -> occupied.
    await assignSlot(client, { ...inSession, guest_id: alice, slot_id: '1' });
    await assignSlot(client, { ...inSession, guest_id: bob, slot_id: '2' });
    expect(seats(await session(client, asMod))).toEqual({ 0: host, 1: alice, 2: bob });

    // updateSlot to a taken slot: the two guests swap.
    await updateSlot(client, { ...inSession, source_slot_id: '1', destination_slot_id: '2' });
    expect(seats(await session(client, asMod))).toEqual({ 0: host, 1: bob, 2: alice });
    // updateSlot to an empty slot: the guest moves.
    await updateSlot(client, { ...inSession, source_slot_id: '1', destination_slot_id: '3' });
    expect(seats(await session(client, asMod))).toEqual({ 0: host, 2: alice, 3: bob });

    // Slot settings: sent live at a lower volume, then muted.
    await updateSlotSettings(client, { ...inSession, slot_id: '2', is_live: true, volume: 40 });
    await updateSlotSettings(client, { ...inSession, slot_id: '2', is_audio_enabled: false });
    const seatOfAlice = (await session(client, asMod))?.guests.find((guest) => guest.user_id === alice);
    expect(seatOfAlice).toMatchObject({ slot_id: '2', is_live: true, volume: 40, audio_settings: { is_host_enabled: false } });

    // deleteSlot with should_reinvite_guest: the slot empties and the guest is back in the queue.
    await deleteSlot(client, { ...inSession, guest_id: bob, slot_id: '3', should_reinvite_guest: true });
    expect(seats(await session(client, asMod))).toEqual({ 0: host, 2: alice });
    expect((await invites(client, inSession)).map((entry) => entry.user_id)).toContain(bob);
    // deleteSlot without it: the guest is gone.
    await deleteSlot(client, { ...inSession, guest_id: alice, slot_id: '2' });
    expect(seats(await session(client, asMod))).toEqual({ 0: host });
    expect((await invites(client, inSession)).map((entry) => entry.user_id)).not.toContain(alice);

    // Invitation: pending -> withdrawn.
    await deleteInvite(client, { ...inSession, guest_id: bob });
    expect(await invites(client, inSession)).toEqual([]);
    expect((await apiError(() => deleteInvite(client, { ...inSession, guest_id: bob }))).status).toBe(404);

    // Session: running -> ended; the answer is the session as it was.
    const ended = await endSession(client, { broadcaster_id: host, session_id: sessionId });
    expect(ended?.id).toBe(sessionId);
    expect(seats(ended)).toEqual({ 0: host });
    expect(await session(client, asMod)).toBeNull();
    expect((await apiError(() => endSession(client, { broadcaster_id: host, session_id: sessionId }))).status).toBe(400);
    // An ended session takes no more invitations.
    expect((await apiError(() => invite(client, { ...inSession, guest_id: alice }))).status).toBe(400);

    // Every call went out with the token of the user it named, every parameter in the query.
    const helix = mock.requests.filter((request) => request.server === 'helix');
    expect(helix.every((request) => request.body === undefined)).toBe(true);
    for (const request of helix) {
      const query = request.query as Record<string, string>;
      if (request.path === '/guest_star/session' && request.method !== 'GET') {
        expect(request.token).toBe(tokens.host);
        expect(query.moderator_id).toBeUndefined();
      } else if (query.moderator_id === alice) {
        expect(request.token).toBe(tokens.alice);
      } else {
        expect(query.moderator_id).toBe(mod);
        expect(request.token).toBe(tokens.mod);
      }
      expect(query.broadcaster_id).toBe(host);
    }
  });

  it('changes the settings with a JSON body and reads them back', async () => {
    const { client, host, mod } = await cast();
    const before = await settings(client, { broadcaster_id: host, moderator_id: mod });
    expect(before).toEqual({
      is_moderator_send_live_enabled: expect.any(Boolean),
      slot_count: expect.any(Number),
      is_browser_source_audio_enabled: expect.any(Boolean),
      group_layout: expect.any(String),
      browser_source_token: expect.any(String),
    });

    await updateSettings(client, { broadcaster_id: host, slot_count: 2, group_layout: 'SCREENSHARE_LAYOUT', is_moderator_send_live_enabled: false });
    const put = mock.requests.find((request) => request.method === 'PUT' && request.path === '/guest_star/channel_settings');
    expect(put?.query).toEqual({ broadcaster_id: host });
    expect(put?.body).toEqual({ slot_count: 2, group_layout: 'SCREENSHARE_LAYOUT', is_moderator_send_live_enabled: false });

    const after = await settings(client, { broadcaster_id: host, moderator_id: mod });
    // Only the fields passed change.
    expect(after).toEqual({ ...before, slot_count: 2, group_layout: 'SCREENSHARE_LAYOUT', is_moderator_send_live_enabled: false });

    // A new browser source token, nothing else changed.
    await updateSettings(client, { broadcaster_id: host, regenerate_browser_sources: true });
    const regenerated = await settings(client, { broadcaster_id: host, moderator_id: mod });
    expect(regenerated.browser_source_token).not.toBe(after.browser_source_token);
    expect({ ...regenerated, browser_source_token: '' }).toEqual({ ...after, browser_source_token: '' });

    // The slot count bounds the slots a guest can take.
    const { id } = await createSession(client, { broadcaster_id: host });
    const bob = mock.addUser({ login: 'late_guest' }).id;
    await invite(client, { broadcaster_id: host, moderator_id: mod, session_id: id, guest_id: bob });
    mock.guestStar.guestReady(host, bob);
    expect((await apiError(() => assignSlot(client, { broadcaster_id: host, moderator_id: mod, session_id: id, guest_id: bob, slot_id: '3' }))).status).toBe(400);
    await assignSlot(client, { broadcaster_id: host, moderator_id: mod, session_id: id, guest_id: bob, slot_id: '2' });
    await endSession(client, { broadcaster_id: host, session_id: id });
  });

  it('a session the platform ends by itself reads as null', async () => {
    const { client, host, mod } = await cast();
    const { id } = await createSession(client, { broadcaster_id: host });
    mock.guestStar.endSession(host);
    expect(await session(client, { broadcaster_id: host, moderator_id: mod })).toBeNull();
    expect((await apiError(() => endSession(client, { broadcaster_id: host, session_id: id }))).status).toBe(400);
  });

  it('works through client.as() views as well', async () => {
    const { client, host, mod } = await cast();
    const hostView = client.as(host);
    const created = await createSession(hostView);
    expect(created.guests.map((guest) => guest.user_id)).toEqual([host]);
    const modView = client.as(mod);
    expect((await session(modView, { broadcaster_id: host }))?.id).toBe(created.id);
    const logged = mock.requests.filter((request) => request.server === 'helix' && request.path === '/guest_star/session');
    expect(logged.map((request) => [request.method, request.query])).toEqual([
      ['POST', { broadcaster_id: host }],
      ['GET', { broadcaster_id: host, moderator_id: mod }],
    ]);
    expect(await endSession(hostView, { session_id: created.id })).toMatchObject({ id: created.id });
  });
});
