import { describe, expect, it } from 'vitest';
import type { MockPlatform } from '../src/index';
import { carry, helix, start, tokenOf } from './snapshot.helpers';

// The guest star group's records across a restart (mock.snapshot() → JSON → mock.restore()).

describe('the guest star group across a restore', () => {
  it('keeps settings, the running session with its seats and invitations, and the ended sessions', async () => {
    const { mock: first } = await start();
    const host = first.addUser({ login: 'pixelforge' });
    const moderator = first.addUser({ login: 'mossmod' });
    const guest = first.addUser({ login: 'northwind' });
    const queued = first.addUser({ login: 'second_guest' });
    first.state.channel(host.id).moderators.add(moderator.id);
    const hostToken = tokenOf(first, host.id, ['channel:manage:guest_star']);
    const token = tokenOf(first, moderator.id, ['moderator:manage:guest_star']);
    const hostQuery = { broadcaster_id: host.id };

    expect((await helix(first, 'PUT', '/guest_star/channel_settings', hostToken, { query: { ...hostQuery, slot_count: '3' }, body: { group_layout: 'SCREENSHARE_LAYOUT' } })).status).toBe(204);
    const ended = (await helix(first, 'POST', '/guest_star/session', hostToken, { query: hostQuery })).body.data[0].id as string;
    expect((await helix(first, 'DELETE', '/guest_star/session', hostToken, { query: { ...hostQuery, session_id: ended } })).status).toBe(200);
    const sessionId = (await helix(first, 'POST', '/guest_star/session', hostToken, { query: hostQuery })).body.data[0].id as string;
    const query = { broadcaster_id: host.id, moderator_id: moderator.id, session_id: sessionId };
    for (const invited of [guest, queued]) expect((await helix(first, 'POST', '/guest_star/invites', token, { query: { ...query, guest_id: invited.id } })).status).toBe(204);
    first.guestStar.acceptInvite(host.id, guest.id);
    first.guestStar.guestReady(host.id, guest.id);
    expect((await helix(first, 'POST', '/guest_star/slot', token, { query: { ...query, guest_id: guest.id, slot_id: '1' } })).status).toBe(204);
    expect((await helix(first, 'PATCH', '/guest_star/slot_settings', token, { query: { ...query, slot_id: '1', volume: '40' } })).status).toBe(204);

    const answers = async (mock: MockPlatform) => {
      const read = { broadcaster_id: host.id, moderator_id: moderator.id };
      const all = await Promise.all([
        helix(mock, 'GET', '/guest_star/channel_settings', token, { query: read }),
        helix(mock, 'GET', '/guest_star/session', token, { query: read }),
        helix(mock, 'GET', '/guest_star/invites', token, { query }),
      ]);
      return all.map((answer) => answer.body);
    };
    const before = await answers(first);

    const { mock: second, events } = await start();
    carry(first, second);
    expect(await answers(second)).toEqual(before);
    // The ended session stays ended (400, not 404); the running one has its slot count of 3.
    expect((await helix(second, 'DELETE', '/guest_star/session', hostToken, { query: { ...hostQuery, session_id: ended } })).status).toBe(400);
    expect((await helix(second, 'POST', '/guest_star/slot', token, { query: { ...query, guest_id: queued.id, slot_id: '4' } })).status).toBe(400);
    // The queued guest's invitation is there to accept; the seated guest's seat moves.
    second.guestStar.acceptInvite(host.id, queued.id);
    expect(events.map((event) => event.type)).toEqual(['channel.guest_star_guest.update']);
    expect((await helix(second, 'PATCH', '/guest_star/slot', token, { query: { ...query, source_slot_id: '1', destination_slot_id: '2' } })).status).toBe(204);
    expect((await answers(second))[1]).toMatchObject({ data: [{ id: sessionId, guests: [{ slot_id: '0' }, { slot_id: '2', user_id: guest.id, volume: 40 }] }] });
    // The session ends once, with the guests it had.
    expect((await helix(second, 'DELETE', '/guest_star/session', hostToken, { query: { ...hostQuery, session_id: sessionId } })).body).toMatchObject({ data: [{ id: sessionId }] });
    expect((await helix(second, 'DELETE', '/guest_star/session', hostToken, { query: { ...hostQuery, session_id: sessionId } })).status).toBe(400);
    // The first mock is not touched.
    expect((await answers(first))[1]).toEqual(before[1]);
  });
});
