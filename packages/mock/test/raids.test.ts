/**
 * The raids routes of the mock over real sockets (Start a raid, Cancel a raid) and the
 * `mock.raids` controls: the countdown on the mock's clock, `channel.raid`, the 409 / 404 of the
 * reference, and the limit of 10 requests in 10 minutes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conditionMatches } from '../src/eventsub/core';
import { findType } from '../src/eventsub/registry';
import { iso, setup, START, type Setup } from './streams-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function start(): Promise<Setup> {
  t = await setup();
  return t;
}

const raid = (s: Setup, toId: string, token = s.tokens.streamer) => s.call('POST', '/raids', token, { query: { from_broadcaster_id: s.streamer.id, to_broadcaster_id: toId } });
const cancel = (s: Setup, token = s.tokens.streamer) => s.call('DELETE', '/raids', token, { query: { broadcaster_id: s.streamer.id } });

describe('Start a raid: POST /raids', () => {
  it('starts a pending raid; after the 90-second countdown on the mock clock it raises channel.raid', async () => {
    const s = await start();
    s.mock.streams.start(s.streamer.id, { viewer_count: 734 });
    const answer = await raid(s, s.other.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [{ created_at: iso(START), is_mature: false }] });
    expect(s.mock.raids.pending(s.streamer.id)).toEqual({ from_broadcaster_id: s.streamer.id, to_broadcaster_id: s.other.id, created_at: START, due_at: START + 90_000 });
    s.advance(89_999);
    expect(s.mock.raids.settle()).toBe(0);
    expect(s.eventsOf('channel.raid')).toEqual([]);
    s.advance(1);
    expect(s.mock.raids.settle()).toBe(1);
    expect(s.eventsOf('channel.raid')).toEqual([
      {
        type: 'channel.raid',
        version: '1',
        event: {
          from_broadcaster_user_id: s.streamer.id,
          from_broadcaster_user_login: 'streamer',
          from_broadcaster_user_name: 'Streamer',
          to_broadcaster_user_id: s.other.id,
          to_broadcaster_user_login: 'other',
          to_broadcaster_user_name: 'other',
          viewers: 734,
        },
        condition: { from_broadcaster_user_id: s.streamer.id, to_broadcaster_user_id: s.other.id },
      },
    ]);
    expect(s.mock.raids.pending(s.streamer.id)).toBeUndefined();
    // A subscription names one side only: the raided channel's and the raider's both get it.
    const entry = findType('channel.raid', '1')!;
    const raised = s.eventsOf('channel.raid')[0]!.condition;
    expect(conditionMatches(entry, { to_broadcaster_user_id: s.other.id }, raised)).toBe(true);
    expect(conditionMatches(entry, { from_broadcaster_user_id: s.streamer.id }, raised)).toBe(true);
    expect(conditionMatches(entry, { to_broadcaster_user_id: s.viewer.id }, raised)).toBe(false);
    // Once it happened, another raid may start.
    expect((await raid(s, s.viewer.id)).status).toBe(200);
  });

  it('completes on its timer when the countdown is shortened, and at once with complete()', async () => {
    const s = await start();
    s.mock.raids.countdownMs = 0;
    expect((await raid(s, s.other.id)).status).toBe(200);
    await vi.waitFor(() => expect(s.eventsOf('channel.raid')).toHaveLength(1));
    expect(s.eventsOf('channel.raid')[0]!.event).toMatchObject({ to_broadcaster_user_id: s.other.id, viewers: 0 });

    s.mock.raids.countdownMs = 90_000;
    await raid(s, s.viewer.id);
    s.mock.raids.complete(s.streamer.id);
    expect(s.eventsOf('channel.raid')).toHaveLength(2);
    expect(() => s.mock.raids.complete(s.streamer.id)).toThrow(/no pending raid/);
    expect(() => {
      s.mock.raids.countdownMs = -1;
    }).toThrow(/countdownMs/);
  });

  it('answers 409 while a raid is pending, and refuses itself, unknown or blocking channels and other users', async () => {
    const s = await start();
    await raid(s, s.other.id);
    const pending = await raid(s, s.viewer.id);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('The broadcaster is already in the process of raiding another channel.');
    const self = await raid(s, s.streamer.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('The IDs in from_broadcaster_id and to_broadcaster_id cannot be the same ID.');
    const unknown = await raid(s, '999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('The targeted channel was not found.');
    s.mock.state.channel(s.viewer.id).bans.set(s.streamer.id, { user_id: s.streamer.id, moderator_id: s.viewer.id, reason: '', created_at: START, ends_at: undefined });
    await cancel(s);
    const blocked = await raid(s, s.viewer.id);
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('The raiding broadcaster is blocked from the targeted channel.');
    const wrongUser = await raid(s, s.other.id, s.tokens.viewer);
    expect(wrongUser.status).toBe(401);
    expect(wrongUser.body.message).toBe("The ID in from_broadcaster_id must match the user ID found in the request's OAuth token.");
    expect((await raid(s, s.other.id, s.issue(s.streamer.id, []))).body.message).toBe('Missing scope: channel:manage:raids');
    expect((await s.call('POST', '/raids', s.tokens.streamer, { query: { from_broadcaster_id: s.streamer.id } })).body.message).toBe('Missing required parameter "to_broadcaster_id"');
  });
});

describe('Cancel a raid: DELETE /raids', () => {
  it('cancels the pending raid: no channel.raid follows; 404 when there is none', async () => {
    const s = await start();
    await raid(s, s.other.id);
    const canceled = await cancel(s);
    expect(canceled.status).toBe(204);
    expect(canceled.text).toBe('');
    s.advance(120_000);
    expect(s.mock.raids.settle()).toBe(0);
    expect(s.eventsOf('channel.raid')).toEqual([]);
    const none = await cancel(s);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("The broadcaster doesn't have a pending raid to cancel.");
    // A raid whose countdown ended has happened: too late to cancel.
    await raid(s, s.other.id);
    s.advance(90_000);
    expect((await cancel(s)).status).toBe(404);
    expect(s.eventsOf('channel.raid')).toHaveLength(1);
    expect((await cancel(s, s.tokens.viewer)).status).toBe(401);
    expect((await s.call('DELETE', '/raids', s.tokens.streamer)).status).toBe(400);
  });

  it('allows 10 raid requests in 10 minutes', async () => {
    const s = await start();
    for (let index = 0; index < 5; index++) {
      expect((await raid(s, s.other.id)).status).toBe(200);
      expect((await cancel(s)).status).toBe(204);
    }
    const limited = await raid(s, s.other.id);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('The broadcaster exceeded the number of raid requests that they may make: 10 within a 10-minute window');
    s.advance(600_000);
    expect((await raid(s, s.other.id)).status).toBe(200);
  });
});
