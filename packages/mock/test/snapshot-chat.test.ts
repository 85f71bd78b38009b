import { describe, expect, it } from 'vitest';
import type { MockPlatform } from '../src/index';
import { advance, carry, helix, start, tokenOf } from './snapshot.helpers';

// The chat group's records across a restart (mock.snapshot() → JSON → mock.restore()).

/** What the chat API answers about a channel and its users. */
async function chatOf(mock: MockPlatform, token: string, broadcasterId: string, moderatorId: string, userIds: string[]): Promise<unknown[]> {
  const channel = { broadcaster_id: broadcasterId };
  const moderated = { broadcaster_id: broadcasterId, moderator_id: moderatorId };
  const answers = await Promise.all([
    helix(mock, 'GET', '/chat/emotes/global', token),
    helix(mock, 'GET', '/chat/emotes', token, { query: channel }),
    helix(mock, 'GET', '/chat/badges/global', token),
    helix(mock, 'GET', '/chat/badges', token, { query: channel }),
    helix(mock, 'GET', '/chat/settings', token, { query: moderated }),
    helix(mock, 'GET', '/chat/pins', token, { query: moderated }),
    helix(mock, 'GET', '/chat/color', token, { query: { user_id: userIds } }),
    helix(mock, 'GET', '/shared_chat/session', token, { query: channel }),
  ]);
  return answers.map((answer) => answer.body);
}

describe('the chat group across a restore', () => {
  it('keeps emotes, badges, settings, pins, colors, shared sessions, replies and shoutout cooldowns', async () => {
    const { mock: first } = await start();
    const streamer = first.addUser({ login: 'pixelforge' });
    const moderator = first.addUser({ login: 'mossmod' });
    const viewer = first.addUser({ login: 'quietfox' });
    const other = first.addUser({ login: 'northwind' });
    const third = first.addUser({ login: 'thirdlane' });
    first.state.channel(streamer.id).moderators.add(moderator.id);
    first.state.channel(streamer.id).live = true;
    const token = tokenOf(first, moderator.id, ['moderator:manage:chat_settings', 'moderator:manage:chat_messages', 'moderator:manage:shoutouts', 'user:read:emotes']);
    const viewerToken = tokenOf(first, viewer.id, ['user:manage:chat_color', 'user:read:emotes']);

    first.chat.setGlobalEmotes([{ id: '1', name: 'WaveHello' }]);
    first.chat.setChannelEmotes(streamer.id, [{ name: 'pixelHype' }]);
    first.chat.setUserEmotes(viewer.id, [{ name: 'foxWave' }]);
    first.chat.setGlobalBadges([{ set_id: 'founder', versions: [{ id: '0' }] }]);
    first.chat.setChannelBadges(streamer.id, [{ set_id: 'bits', versions: [{ id: '100' }] }]);
    first.chat.setPremium(viewer.id);
    expect((await helix(first, 'PUT', '/chat/color', viewerToken, { query: { user_id: viewer.id, color: '#123ABC' } })).status).toBe(204);
    const moderated = { broadcaster_id: streamer.id, moderator_id: moderator.id };
    expect((await helix(first, 'PATCH', '/chat/settings', token, { query: moderated, body: { slow_mode: true, slow_mode_wait_time: 30 } })).status).toBe(200);
    const root = first.chat.userSays(streamer.id, viewer.id, 'anyone here?');
    const reply = first.chat.userSays(streamer.id, moderator.id, 'yes', { replyTo: root.message_id });
    const pinned = first.chat.userSays(streamer.id, viewer.id, 'be kind, all');
    expect((await helix(first, 'PUT', '/chat/pins', token, { query: { ...moderated, message_id: pinned.message_id, duration_seconds: '600' } })).status).toBe(204);
    first.chat.startSharedSession(streamer.id, [other.id]);
    expect((await helix(first, 'POST', '/chat/shoutouts', token, { query: { from_broadcaster_id: streamer.id, to_broadcaster_id: other.id, moderator_id: moderator.id } })).status).toBe(204);
    const before = await chatOf(first, token, streamer.id, moderator.id, [viewer.id]);
    const userEmotes = (await helix(first, 'GET', '/chat/emotes/user', viewerToken, { query: { user_id: viewer.id } })).body;

    const { mock: second, events } = await start();
    carry(first, second);
    expect(await chatOf(second, token, streamer.id, moderator.id, [viewer.id])).toEqual(before);
    expect((await helix(second, 'GET', '/chat/emotes/user', viewerToken, { query: { user_id: viewer.id } })).body).toEqual(userEmotes);
    // The premium user may still pick a hex color.
    expect((await helix(second, 'PUT', '/chat/color', viewerToken, { query: { user_id: viewer.id, color: '#ABCDEF' } })).status).toBe(204);
    // A new emote gets the next ID, not one already given.
    second.chat.setChannelEmotes(other.id, [{ name: 'northWind' }]);
    const emoteIds = async (mock: MockPlatform, broadcasterId: string) =>
      ((await helix(mock, 'GET', '/chat/emotes', token, { query: { broadcaster_id: broadcasterId } })).body as { data: { id: string }[] }).data.map((emote) => emote.id);
    expect(await emoteIds(second, other.id)).not.toEqual(await emoteIds(second, streamer.id));
    // The cooldowns of the shoutout given before the restore still hold: the channel's two minutes, then the target's hour.
    const shoutout = async (toId: string) => (await helix(second, 'POST', '/chat/shoutouts', token, { query: { from_broadcaster_id: streamer.id, to_broadcaster_id: toId, moderator_id: moderator.id } })).status;
    expect(await shoutout(third.id)).toBe(429);
    advance(120_000);
    expect(await shoutout(other.id)).toBe(429);
    expect(await shoutout(third.id)).toBe(204);
    // A reply to the reply belongs to the thread of its root; a message said in the shared chat reaches both channels.
    second.chat.userSays(streamer.id, viewer.id, 'great', { replyTo: reply.message_id });
    const said = events.filter((event) => event.type === 'channel.chat.message');
    expect(said.map((event) => event.condition.broadcaster_user_id)).toEqual([streamer.id, other.id]);
    expect(said[0]?.event).toMatchObject({ reply: { parent_message_id: reply.message_id, thread_message_id: root.message_id } });
    // The pin holds the shared state's message: deleting that message ends the pin.
    expect((await helix(second, 'DELETE', '/moderation/chat', token, { query: { ...moderated, message_id: pinned.message_id } })).status).toBe(204);
    expect(second.chat.pinnedMessage(streamer.id)).toBeUndefined();
    // In the first mock the pin stays until its ten minutes are up.
    expect(first.chat.pinnedMessage(streamer.id)).toMatchObject({ message_id: pinned.message_id });
    advance(480_000);
    expect(first.chat.pinnedMessage(streamer.id)).toBeUndefined();
  });
});
