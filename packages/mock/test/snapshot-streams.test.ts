import { describe, expect, it } from 'vitest';
import { advance, carry, helix, start, tokenOf } from './snapshot.helpers';

// The records of the streams-side groups (streams, videos, clips, schedule) across a restart: what
// mock.snapshot() gives, restored into a fresh mock through JSON as `serve --state` carries it.

const SCOPES = ['channel:read:stream_key', 'channel:manage:broadcast', 'user:read:broadcast', 'channel:manage:videos', 'clips:edit', 'channel:manage:schedule'];

async function people() {
  const { mock } = await start();
  const streamer = mock.addUser({ login: 'pixelforge', broadcaster_type: 'affiliate' });
  const viewer = mock.addUser({ login: 'quietfox' });
  const game = mock.state.addGame({ name: 'Chess' });
  return { mock, streamer, viewer, game, tokens: { streamer: tokenOf(mock, streamer.id, SCOPES), viewer: tokenOf(mock, viewer.id, SCOPES), app: tokenOf(mock, undefined, []) } };
}

describe('restored streams records', () => {
  it('keep stream keys and stream IDs, and a live stream with its markers goes on: the API answers the same', async () => {
    const { mock: first, streamer, viewer, game, tokens } = await people();
    const earlier = first.streams.start(viewer.id);
    first.streams.stop(viewer.id);
    const live = first.streams.start(streamer.id, { viewer_count: 42, title: 'Openings', game_id: game.id });
    advance(90_000);
    expect((await helix(first, 'POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id, description: 'gambit' } })).status).toBe(200);
    const reads = async (mock: typeof first) => [
      await helix(mock, 'GET', '/streams', tokens.app),
      await helix(mock, 'GET', '/streams/key', tokens.streamer, { query: { broadcaster_id: streamer.id } }),
      await helix(mock, 'GET', '/streams/markers', tokens.streamer, { query: { user_id: streamer.id } }),
    ];
    const before = await reads(first);
    expect(before[0]!.body.data).toMatchObject([{ id: live.id, viewer_count: 42, title: 'Openings' }]);

    const { mock: second } = await start();
    carry(first, second);
    expect(await reads(second)).toEqual(before);
    // A new stream gets a new ID, not one of the restored streams'.
    const again = second.streams.start(viewer.id);
    expect([earlier.id, live.id]).not.toContain(again.id);
    // The restored stream stops: its archive, with the marker, is published.
    advance(60_000);
    const archive = second.streams.stop(streamer.id)!;
    expect(archive).toMatchObject({ stream_id: live.id, duration: 150, markers: [{ description: 'gambit', position_seconds: 90 }] });
    expect((await helix(second, 'GET', '/videos', tokens.app, { query: { id: archive.id } })).body.data).toMatchObject([{ stream_id: live.id, duration: '2m30s' }]);
    expect(first.state.channel(streamer.id).live).toBe(true);
  });
});

describe('restored videos records', () => {
  it('keep the videos, the archives recording and the next ID: the API answers the same, and Delete Videos acts on them', async () => {
    const { mock: first, streamer, tokens } = await people();
    const upload = first.videos.add(streamer.id, { title: 'Endgames', view_count: 7 });
    const highlight = first.videos.add(streamer.id, { type: 'highlight', title: 'Best of' });
    first.streams.start(streamer.id);
    const recording = first.videos.recording(streamer.id)!;
    const list = (mock: typeof first) => helix(mock, 'GET', '/videos', tokens.app, { query: { user_id: streamer.id } });
    const before = await list(first);
    expect(before.body.data.map((video: { id: string }) => video.id)).toEqual([highlight.id, upload.id]);

    const { mock: second } = await start();
    carry(first, second);
    expect(await list(second)).toEqual(before);
    // The archive being recorded is the same one.
    expect(second.videos.recording(streamer.id)?.id).toBe(recording.id);
    // A new video gets a new ID: the restored ones stay.
    const added = second.videos.add(streamer.id, { title: 'New' });
    expect([upload.id, highlight.id, recording.id]).not.toContain(added.id);
    expect((await helix(second, 'DELETE', '/videos', tokens.streamer, { query: { id: upload.id } })).body.data).toEqual([upload.id]);
    expect((await list(second)).body.data.map((video: { id: string }) => video.id)).toEqual([added.id, highlight.id]);
    expect(first.videos.get(upload.id)).toBeDefined();
  });
});

describe('restored clips records', () => {
  it('keep the clips, with the videos they come from: the API answers the same, and update() acts on them', async () => {
    const { mock: first, streamer, viewer, tokens } = await people();
    first.streams.start(streamer.id);
    advance(120_000);
    const created = await helix(first, 'POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id, title: 'What a move' } });
    expect(created.status).toBe(202);
    const clipId = created.body.data[0].id as string;
    first.streams.stop(streamer.id);
    const old = first.clips.add(streamer.id, { title: 'Old one', view_count: 10, created_at: first.state.now() - 60_000 });
    const reads = async (mock: typeof first) => [
      await helix(mock, 'GET', '/clips', tokens.app, { query: { broadcaster_id: streamer.id } }),
      await helix(mock, 'GET', '/clips', tokens.app, { query: { id: [clipId, old.id] } }),
    ];
    const before = await reads(first);
    expect(before[1]!.body.data[0]).toMatchObject({ id: clipId, creator_id: viewer.id, title: 'What a move', video_id: expect.stringMatching(/\d+/) });

    const { mock: second } = await start();
    carry(first, second);
    expect(await reads(second)).toEqual(before);
    second.clips.update(clipId, { view_count: 99, is_featured: true });
    expect((await helix(second, 'GET', '/clips', tokens.app, { query: { id: clipId } })).body.data[0]).toMatchObject({ view_count: 99, is_featured: true });
    expect(first.clips.get(clipId)?.view_count).toBe(0);
  });
});

describe('restored schedule records', () => {
  it('keep each channel’s segments, cancellations and vacation: the API answers the same, and the segment routes act on them', async () => {
    const { mock: first, streamer, game, tokens } = await people();
    const query = { broadcaster_id: streamer.id };
    const segment = (body: Record<string, unknown>) => helix(first, 'POST', '/schedule/segment', tokens.streamer, { query, body: { timezone: 'America/New_York', duration: '90', ...body } });
    const weekly = (await segment({ start_time: '2026-03-16T23:00:00Z', is_recurring: true, title: 'Weekly openings', category_id: game.id })).body.data.segments[0];
    const once = (await segment({ start_time: '2026-03-18T20:00:00Z', title: 'Simul' })).body.data.segments[0];
    await helix(first, 'PATCH', '/schedule/segment', tokens.streamer, { query: { ...query, id: weekly.id }, body: { is_canceled: true } });
    await helix(first, 'PATCH', '/schedule/settings', tokens.streamer, {
      query: { ...query, is_vacation_enabled: 'true', vacation_start_time: '2026-04-01T00:00:00Z', vacation_end_time: '2026-04-08T00:00:00Z', timezone: 'Europe/Paris' },
    });
    const reads = async (mock: typeof first) => ({
      schedule: await helix(mock, 'GET', '/schedule', tokens.app, { query: { ...query, first: '5' } }),
      calendar: await (await fetch(`${mock.baseUrl}/schedule/icalendar?broadcaster_id=${streamer.id}`)).text(),
    });
    const before = await reads(first);
    expect(before.schedule.body.data.vacation).toEqual({ start_time: '2026-04-01T00:00:00.000Z', end_time: '2026-04-08T00:00:00.000Z' });
    expect(before.schedule.body.data.segments.map((each: { title: string; canceled_until: string | null }) => [each.title, each.canceled_until !== null])).toEqual([
      ['Weekly openings', true],
      ['Simul', false],
      ['Weekly openings', false],
      ['Weekly openings', false],
      ['Weekly openings', false],
    ]);
    expect(before.calendar).toContain('EXDATE');

    const { mock: second } = await start();
    carry(first, second);
    expect(await reads(second)).toEqual(before);
    expect((await helix(second, 'DELETE', '/schedule/segment', tokens.streamer, { query: { ...query, id: once.id } })).status).toBe(204);
    const after = await helix(second, 'GET', '/schedule', tokens.app, { query: { ...query, first: '5' } });
    expect(after.body.data.segments.map((each: { title: string }) => each.title)).toEqual(Array(5).fill('Weekly openings'));
  });
});
