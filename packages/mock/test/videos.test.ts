/**
 * The videos routes of the mock over real sockets (Get Videos, Delete Videos) and the
 * `mock.videos` controls: archives left by stopped streams, filters, sorting, paging, deletion
 * rights and the platform's errors.
 */
import { afterEach, describe, expect, it } from 'vitest';
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

const DAY = 86_400_000;
const idsOf = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((video) => video.id);

describe('Get Videos: GET /videos', () => {
  it('gets videos by ID in the order asked, skipping unknown IDs, with the platform fields', async () => {
    const { mock, streamer, other, call, tokens } = await start();
    const a = mock.videos.add(streamer.id, { title: 'Twitch Developers 101', description: 'Welcome', duration: 201, view_count: 7, muted_segments: [{ duration: 30, offset: 120 }] });
    const b = mock.videos.add(other.id, { type: 'highlight' });
    const answer = await call('GET', '/videos', tokens.app, { query: { id: [b.id, 'nope', a.id, b.id] } });
    expect(answer.status).toBe(200);
    expect(idsOf(answer)).toEqual([b.id, a.id]);
    expect(answer.body.data[1]).toEqual({
      id: a.id,
      stream_id: null,
      user_id: streamer.id,
      user_login: 'streamer',
      user_name: 'Streamer',
      title: 'Twitch Developers 101',
      description: 'Welcome',
      created_at: iso(START),
      published_at: iso(START),
      url: `https://platform.example/videos/${a.id}`,
      thumbnail_url: `https://static.example/vods/streamer/${a.id}/thumb-%{width}x%{height}.jpg`,
      viewable: 'public',
      view_count: 7,
      language: 'en',
      type: 'upload',
      duration: '3m21s',
      muted_segments: [{ duration: 30, offset: 120 }],
    });
    const missing = await call('GET', '/videos', tokens.viewer, { query: { id: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The ID in the id query parameter was not found.');
  });

  it("lists a user's videos newest first, filtered by type and period, sorted by views, paged", async () => {
    const { mock, streamer, call, tokens, advance } = await start();
    const old = mock.videos.add(streamer.id, { type: 'highlight', view_count: 100, created_at: START - 40 * DAY, published_at: START - 40 * DAY });
    const week = mock.videos.add(streamer.id, { type: 'upload', view_count: 5, created_at: START - 3 * DAY, published_at: START - 3 * DAY });
    mock.streams.start(streamer.id);
    advance(60_000);
    const archive = mock.streams.stop(streamer.id)!;
    const list = (query: Record<string, string>) => call('GET', '/videos', tokens.app, { query: { user_id: streamer.id, ...query } });
    expect(idsOf(await list({}))).toEqual([archive.id, week.id, old.id]);
    expect(idsOf(await list({ type: 'archive' }))).toEqual([archive.id]);
    expect(idsOf(await list({ period: 'day' }))).toEqual([archive.id]);
    expect(idsOf(await list({ period: 'week' }))).toEqual([archive.id, week.id]);
    expect(idsOf(await list({ period: 'month', type: 'upload' }))).toEqual([week.id]);
    expect(idsOf(await list({ sort: 'views' }))).toEqual([old.id, week.id, archive.id]);
    expect(idsOf(await list({ sort: 'trending' }))).toEqual([old.id, week.id, archive.id]);
    const first = await list({ first: '2' });
    expect(idsOf(first)).toEqual([archive.id, week.id]);
    const second = await list({ first: '2', after: first.body.pagination.cursor });
    expect(idsOf(second)).toEqual([old.id]);
    expect(second.body.pagination).toEqual({});
  });

  it('lists a category by game_id and language', async () => {
    const { mock, streamer, other, call, tokens } = await start();
    const game = mock.state.addGame({ name: 'League of Legends', id: '21779' });
    const de = mock.videos.add(streamer.id, { game_id: game.id, language: 'de' });
    const en = mock.videos.add(other.id, { game_id: game.id });
    mock.videos.add(other.id, { game_id: '' });
    expect(idsOf(await call('GET', '/videos', tokens.app, { query: { game_id: game.id } }))).toEqual([en.id, de.id]);
    expect(idsOf(await call('GET', '/videos', tokens.app, { query: { game_id: game.id, language: 'DE' } }))).toEqual([de.id]);
    const unknown = await call('GET', '/videos', tokens.app, { query: { game_id: '1' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('The ID in the game_id query parameter was not found.');
  });

  it('refuses no filter, two filters, bad values and a missing token', async () => {
    const { streamer, call, tokens } = await start();
    expect((await call('GET', '/videos', tokens.app)).body.message).toBe('Missing required parameter: one of "id", "user_id", "game_id"');
    const both = await call('GET', '/videos', tokens.app, { query: { id: '1', user_id: streamer.id } });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('The parameters "id", "user_id", "game_id" are mutually exclusive: give only one of them');
    for (const [name, value, allowed] of [
      ['type', 'clip', 'all, archive, highlight, upload'],
      ['period', 'year', 'all, day, week, month'],
      ['sort', 'random', 'time, trending, views'],
    ] as const) {
      const answer = await call('GET', '/videos', tokens.app, { query: { user_id: streamer.id, [name]: value } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(`The parameter "${name}" was malformed: the value must be one of ${allowed}`);
    }
    expect((await call('GET', '/videos', tokens.app, { query: { user_id: streamer.id, first: '101' } })).status).toBe(400);
    expect((await call('GET', '/videos', tokens.app, { query: { id: Array.from({ length: 101 }, (_, index) => String(index)) } })).status).toBe(400);
    expect((await call('GET', '/videos', tokens.app, { query: { user_id: '999999' } })).status).toBe(400);
    expect((await call('GET', '/videos', undefined, { query: { user_id: streamer.id } })).status).toBe(401);
  });
});

describe('Delete Videos: DELETE /videos', () => {
  it('deletes the owner’s videos (an editor may too), ignoring unknown IDs; Get Videos no longer lists them', async () => {
    const { mock, streamer, call, tokens } = await start();
    const a = mock.videos.add(streamer.id);
    const b = mock.videos.add(streamer.id);
    const c = mock.videos.add(streamer.id);
    const answer = await call('DELETE', '/videos', tokens.streamer, { query: { id: [a.id, 'nope', b.id] } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [a.id, b.id] });
    expect(idsOf(await call('GET', '/videos', tokens.app, { query: { user_id: streamer.id } }))).toEqual([c.id]);
    expect(mock.videos.get(a.id)).toBeUndefined();
    expect((await call('DELETE', '/videos', tokens.editor, { query: { id: c.id } })).body).toEqual({ data: [c.id] });
  });

  it('deletes none when one video is not the caller’s, and refuses more than 5 IDs or a missing scope', async () => {
    const { mock, streamer, other, call, tokens, issue } = await start();
    const mine = mock.videos.add(streamer.id);
    const theirs = mock.videos.add(other.id);
    const refused = await call('DELETE', '/videos', tokens.streamer, { query: { id: [mine.id, theirs.id] } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('The caller is not authorized to delete the specified video.');
    expect(mock.videos.get(mine.id)).toBeDefined();
    const many = await call('DELETE', '/videos', tokens.streamer, { query: { id: ['1', '2', '3', '4', '5', '6'] } });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('The parameter "id" may be given at most 5 times');
    expect((await call('DELETE', '/videos', tokens.streamer)).body.message).toBe('Missing required parameter "id"');
    expect((await call('DELETE', '/videos', issue(streamer.id, []), { query: { id: mine.id } })).body.message).toBe('Missing scope: channel:manage:videos');
    expect((await call('DELETE', '/videos', tokens.app, { query: { id: mine.id } })).status).toBe(401);
  });

  it('takes the markers of a deleted archive with it', async () => {
    const { mock, streamer, call, tokens } = await start();
    mock.streams.start(streamer.id);
    await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id } });
    const archive = mock.streams.stop(streamer.id)!;
    expect((await call('DELETE', '/videos', tokens.streamer, { query: { id: archive.id } })).status).toBe(200);
    expect((await call('GET', '/streams/markers', tokens.streamer, { query: { video_id: archive.id } })).status).toBe(404);
    expect(() => mock.videos.add('999999')).toThrow(/No user 999999/);
  });
});
