import { describe, expect, it } from 'vitest';
import type { MockPlatform } from '../src/index';
import { carry, helix, start, tokenOf } from './snapshot.helpers';

// The moderation group's records across a restart (mock.snapshot() → JSON → mock.restore()).

const SCOPES = [
  'moderator:manage:automod',
  'moderator:manage:automod_settings',
  'moderator:manage:blocked_terms',
  'moderator:manage:unban_requests',
  'moderator:manage:banned_users',
  'moderator:manage:shield_mode',
  'moderator:manage:warnings',
  'moderator:manage:suspicious_users',
  'channel:manage:vips',
];

/** What the moderation API answers about a channel. */
async function moderationOf(mock: MockPlatform, token: string, broadcasterId: string, moderatorId: string): Promise<unknown[]> {
  const query = { broadcaster_id: broadcasterId, moderator_id: moderatorId };
  const answers = await Promise.all([
    helix(mock, 'GET', '/moderation/automod/settings', token, { query }),
    helix(mock, 'GET', '/moderation/blocked_terms', token, { query }),
    helix(mock, 'GET', '/moderation/unban_requests', token, { query: { ...query, status: 'pending' } }),
    helix(mock, 'GET', '/moderation/unban_requests', token, { query: { ...query, status: 'canceled' } }),
    helix(mock, 'GET', '/moderation/shield_mode', token, { query }),
  ]);
  return answers.map((answer) => answer.body);
}

describe('the moderation group across a restore', () => {
  it('keeps AutoMod settings, held messages, blocked terms, unban requests, Shield Mode, warnings, suspicious users and the VIP requirement', async () => {
    const { mock: first } = await start();
    const streamer = first.addUser({ login: 'pixelforge' });
    const moderator = first.addUser({ login: 'mossmod' });
    const [viewer, troll, lurker, quitter] = ['quietfox', 'trollbridge', 'lurkmore', 'quitter'].map((login) => first.addUser({ login }));
    first.state.channel(streamer.id).moderators.add(moderator.id);
    const token = tokenOf(first, moderator.id, SCOPES);
    const query = { broadcaster_id: streamer.id, moderator_id: moderator.id };

    expect((await helix(first, 'PUT', '/moderation/automod/settings', token, { query, body: { overall_level: 2 } })).status).toBe(200);
    expect((await helix(first, 'POST', '/moderation/blocked_terms', token, { query, body: { text: 'spoiler*' } })).status).toBe(200);
    const held = first.moderation.holdMessage(streamer.id, viewer!.id, 'the spoilers are here');
    for (const banned of [troll!, quitter!]) {
      expect((await helix(first, 'POST', '/moderation/bans', token, { query, body: { data: { user_id: banned.id } } })).status).toBe(200);
    }
    const request = first.moderation.createUnbanRequest(streamer.id, troll!.id, 'sorry');
    first.moderation.cancelUnbanRequest(first.moderation.createUnbanRequest(streamer.id, quitter!.id, 'never mind').id);
    expect((await helix(first, 'PUT', '/moderation/shield_mode', token, { query, body: { is_active: true } })).status).toBe(200);
    expect((await helix(first, 'POST', '/moderation/warnings', token, { query, body: { data: { user_id: viewer!.id, reason: 'calm down' } } })).status).toBe(200);
    expect((await helix(first, 'POST', '/moderation/suspicious_users', token, { query, body: { user_id: lurker!.id, status: 'RESTRICTED' } })).status).toBe(200);
    first.moderation.setVipRequirementMet(streamer.id, false);
    const before = await moderationOf(first, token, streamer.id, moderator.id);

    const { mock: second, events } = await start();
    carry(first, second);
    expect(await moderationOf(second, token, streamer.id, moderator.id)).toEqual(before);
    expect(second.moderation.heldMessage(held)).toEqual(first.moderation.heldMessage(held));
    expect(second.moderation.pendingWarning(streamer.id, viewer!.id)).toEqual(first.moderation.pendingWarning(streamer.id, viewer!.id));
    expect(second.moderation.suspiciousUser(streamer.id, lurker!.id)).toEqual(first.moderation.suspiciousUser(streamer.id, lurker!.id));
    expect(second.moderation.isShieldModeActive(streamer.id)).toBe(true);
    // The blocked term still judges texts.
    expect(second.moderation.isPermitted(streamer.id, 'no spoilerz please')).toBe(false);
    // The VIP requirement is still missing.
    expect((await helix(second, 'POST', '/channels/vips', tokenOf(second, streamer.id, SCOPES), { query: { broadcaster_id: streamer.id, user_id: viewer!.id } })).status).toBe(425);
    // The held message is allowed once; its version 2 event carries the reason fixed when it was held.
    expect((await helix(second, 'POST', '/moderation/automod/message', token, { body: { user_id: moderator.id, msg_id: held, action: 'ALLOW' } })).status).toBe(204);
    const update = events.find((event) => event.type === 'automod.message.update' && event.version === '2');
    expect(update?.event).toMatchObject({ message_id: held, status: 'approved', reason: 'blocked_term', blocked_term: { terms_found: [{ boundary: { start_pos: 4, end_pos: 11 } }] } });
    expect((await helix(second, 'POST', '/moderation/automod/message', token, { body: { user_id: moderator.id, msg_id: held, action: 'DENY' } })).status).toBe(400);
    // The pending request is resolved once; the troll may not ask twice meanwhile.
    expect(() => second.moderation.createUnbanRequest(streamer.id, troll!.id, 'again')).toThrow(/already has a pending unban request/);
    expect((await helix(second, 'PATCH', '/moderation/unban_requests', token, { query: { ...query, unban_request_id: request.id, status: 'denied' } })).status).toBe(200);
    // The warning is acknowledged once.
    second.moderation.acknowledgeWarning(streamer.id, viewer!.id);
    expect(() => second.moderation.acknowledgeWarning(streamer.id, viewer!.id)).toThrow(/no pending warning/);
    // The first mock is not touched.
    expect(first.moderation.heldMessage(held)?.status).toBe('pending');
  });
});
