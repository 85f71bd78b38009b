/**
 * mock.snapshot() / mock.restore() of the raids and ads groups: a pending raid and a channel's ad
 * schedule restored into a fresh mock through JSON (as `platform-mock serve --state` carries
 * them): the routes and controls answer the same, a raid's countdown runs again on its own, the
 * schedule's snoozes, cooldown and automatic mid-rolls go on.
 */
import { describe, expect, it } from 'vitest';
import { setup, START, type Setup } from './streams-groups.helpers';
import { restoreThroughJson, startEach } from './snapshot-restore.helpers';

const start = startEach(setup);
/** A fresh mock given `s`'s snapshot through JSON, at `s`'s time (plus `ahead` ms). */
const restoredCopy = async (s: Setup, ahead = 0): Promise<Setup> => restoreThroughJson(s, await start(), ahead);

const MINUTE = 60_000;

describe('a restore carries the raids and ads records', () => {
  it('raids: the pending raid and the countdown set are kept, a second raid is refused, and the countdown runs again on its own', async () => {
    const s = await start();
    s.mock.raids.countdownMs = 2 * MINUTE;
    s.mock.streams.start(s.streamer.id, { viewer_count: 734 });
    const raid = (t: Setup) => t.call('POST', '/raids', s.tokens.streamer, { query: { from_broadcaster_id: s.streamer.id, to_broadcaster_id: s.other.id } });
    expect((await raid(s)).status).toBe(200);
    const pending = s.mock.raids.pending(s.streamer.id);
    expect(pending?.due_at).toBe(START + 2 * MINUTE);

    const r = await restoredCopy(s);
    expect(r.mock.raids.pending(s.streamer.id)).toEqual(pending);
    expect(r.mock.raids.countdownMs).toBe(2 * MINUTE);
    expect((await raid(r)).status).toBe(409);
    // Cancel a raid acts on the restored raid.
    expect((await r.call('DELETE', '/raids', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } })).status).toBe(204);
    expect(r.mock.raids.pending(s.streamer.id)).toBeUndefined();

    // Restored once its countdown has ended: the raid happens on its timer, nobody asking.
    const late = await restoredCopy(s, 2 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(late.eventsOf('channel.raid').map((event) => event.event)).toEqual([expect.objectContaining({ from_broadcaster_user_id: s.streamer.id, to_broadcaster_user_id: s.other.id, viewers: 734 })]);
    // The first mock's raid is still pending.
    expect(s.mock.raids.pending(s.streamer.id)).toEqual(pending);
  });

  it('ads: Get Ad Schedule answers the same, the commercial cooldown and snoozes are kept, and the automatic mid-roll still runs', async () => {
    const s = await start();
    s.mock.streams.start(s.streamer.id);
    s.advance(10 * MINUTE);
    expect((await s.call('POST', '/channels/commercial', s.tokens.streamer, { body: { broadcaster_id: s.streamer.id, length: 60 } })).status).toBe(200);
    expect((await s.call('POST', '/channels/ads/schedule/snooze', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } })).status).toBe(200);
    const schedule = (t: Setup) => t.call('GET', '/channels/ads', s.tokens.streamer, { query: { broadcaster_id: s.streamer.id } });
    const before = await schedule(s);
    expect(before.body.data[0].snooze_count).toBe(2);

    const r = await restoredCopy(s);
    expect((await schedule(r)).body).toEqual(before.body);
    const again = await r.call('POST', '/channels/commercial', s.tokens.streamer, { body: { broadcaster_id: s.streamer.id, length: 30 } });
    expect(again.status).toBe(429);
    // The snoozed mid-roll (an hour after the commercial, pushed back 5 minutes) runs on the restored schedule.
    expect(before.body.data[0].next_ad_at).toBe(Math.floor((START + 75 * MINUTE) / 1000));
    r.advance(65 * MINUTE - 1);
    await schedule(r);
    expect(r.eventsOf('channel.ad_break.begin')).toEqual([]);
    r.advance(1);
    expect((await schedule(r)).body.data[0].last_ad_at).toBe(Math.floor((START + 75 * MINUTE) / 1000));
    expect(r.eventsOf('channel.ad_break.begin').map((event) => event.event)).toEqual([expect.objectContaining({ is_automatic: true, duration_seconds: 60 })]);
  });
});
