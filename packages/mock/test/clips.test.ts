/**
 * The clips routes of the mock over real sockets (Create Clip, Create Clip From VOD, Get Clips,
 * Get Clips Download) and the `mock.clips` controls: clips of a live stream, clips of a video,
 * when their video shows, filters, ordering, paging, editors and the platform's errors.
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
const idsOf = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((clip) => clip.id);

describe('Create Clip: POST /clips', () => {
  it('answers 202 with the ID and edit URL; Get Clips shows the clip, and its video once the stream stopped', async () => {
    const { mock, streamer, viewer, call, tokens, advance } = await start();
    const game = mock.state.addGame({ name: 'Chess', id: '743' });
    mock.streams.start(streamer.id, { title: 'opening prep', game_id: game.id });
    advance(240_000);
    const created = await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id } });
    expect(created.status).toBe(202);
    const id: string = created.body.data[0].id;
    expect(created.body).toEqual({ data: [{ id, edit_url: `https://platform.example/streamer/clip/${id}` }] });

    const live = await call('GET', '/clips', tokens.app, { query: { id } });
    expect(live.body.data).toEqual([
      {
        id,
        url: `https://clips.platform.example/${id}`,
        embed_url: `https://clips.platform.example/embed?clip=${id}`,
        broadcaster_id: streamer.id,
        broadcaster_name: 'Streamer',
        creator_id: viewer.id,
        creator_name: 'viewer',
        video_id: '',
        game_id: '743',
        language: 'en',
        title: 'opening prep',
        view_count: 0,
        created_at: iso(START + 240_000),
        thumbnail_url: `https://static.example/clips/${id}-preview-480x272.jpg`,
        duration: 30,
        vod_offset: null,
        is_featured: false,
      },
    ]);
    advance(60_000);
    const archive = mock.streams.stop(streamer.id)!;
    const after = await call('GET', '/clips', tokens.app, { query: { broadcaster_id: streamer.id } });
    expect(after.body.data[0]).toMatchObject({ id, video_id: archive.id, vod_offset: 210 });
    // A deleted video is no longer available to the clip.
    await call('DELETE', '/videos', tokens.streamer, { query: { id: archive.id } });
    expect((await call('GET', '/clips', tokens.app, { query: { id } })).body.data[0]).toMatchObject({ video_id: '', vod_offset: null });
  });

  it('takes a title and a duration from 5 to 60 seconds with one decimal', async () => {
    const { mock, streamer, call, tokens } = await start();
    mock.streams.start(streamer.id);
    const made = await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id, title: 'what a move', duration: '12.5' } });
    expect(made.status).toBe(202);
    expect(mock.clips.get(made.body.data[0].id)).toMatchObject({ title: 'what a move', duration: 12.5 });
    for (const duration of ['4.9', '60.1', '12.55', 'long']) {
      const answer = await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id, duration } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The parameter "duration" was malformed: the value must be a number of seconds from 5 to 60, with at most one decimal');
    }
    expect((await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id, duration: '5' } })).status).toBe(202);
    expect((await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id, duration: '60' } })).status).toBe(202);
  });

  it('refuses a channel that is not live, an unknown broadcaster, a banned user, a wrong token', async () => {
    const { mock, streamer, viewer, call, tokens, issue } = await start();
    const offline = await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id } });
    expect(offline.status).toBe(404);
    expect(offline.body.message).toBe('The broadcaster in the broadcaster_id query parameter must be broadcasting live.');
    mock.streams.start(streamer.id);
    expect((await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: '999999' } })).status).toBe(400);
    mock.state.channel(streamer.id).bans.set(viewer.id, { user_id: viewer.id, moderator_id: streamer.id, reason: '', created_at: START, ends_at: undefined });
    const banned = await call('POST', '/clips', tokens.viewer, { query: { broadcaster_id: streamer.id } });
    expect(banned.status).toBe(403);
    expect(banned.body.message).toBe("The user is banned or timed out from the broadcaster's channel.");
    expect((await call('POST', '/clips', tokens.app, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
    expect((await call('POST', '/clips', issue(streamer.id, []), { query: { broadcaster_id: streamer.id } })).body.message).toBe('Missing scope: clips:edit');
    expect((await call('POST', '/clips', tokens.streamer)).body.message).toBe('Missing required parameter "broadcaster_id"');
  });
});

describe('Create Clip From VOD: POST /videos/clips', () => {
  it('clips a published video or the recording in progress, as the broadcaster, an editor or the app', async () => {
    const { mock, streamer, editor, call, tokens, advance } = await start();
    const video = mock.videos.add(streamer.id, { duration: 600, language: 'fr' });
    const query = (extra: Record<string, string>) => ({ broadcaster_id: streamer.id, editor_id: editor.id, vod_id: video.id, vod_offset: '300', title: 'the play', ...extra });
    const made = await call('POST', '/videos/clips', tokens.editor, { query: query({ duration: '20' }) });
    expect(made.status).toBe(202);
    const id: string = made.body.data[0].id;
    expect(made.body.data[0].edit_url).toBe(`https://platform.example/streamer/clip/${id}`);
    expect((await call('GET', '/clips', tokens.app, { query: { id } })).body.data[0]).toMatchObject({
      creator_id: editor.id,
      creator_name: 'EditorEve',
      video_id: video.id,
      vod_offset: 280,
      duration: 20,
      title: 'the play',
      language: 'fr',
    });
    expect((await call('POST', '/videos/clips', tokens.app, { query: query({}) })).status).toBe(202);
    expect((await call('POST', '/videos/clips', tokens.streamer, { query: query({ editor_id: streamer.id }) })).status).toBe(202);

    // The stream being recorded is a VOD too; the clip's video shows once it is published.
    mock.streams.start(streamer.id);
    advance(120_000);
    const recording = mock.videos.recording(streamer.id)!;
    const live = await call('POST', '/videos/clips', tokens.streamer, { query: query({ editor_id: streamer.id, vod_id: recording.id, vod_offset: '90' }) });
    expect(live.status).toBe(202);
    const tooFar = await call('POST', '/videos/clips', tokens.streamer, { query: query({ editor_id: streamer.id, vod_id: recording.id, vod_offset: '121' }) });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe('The parameter "vod_offset" may be at most the video\'s length (120 seconds)');
    expect((await call('GET', '/clips', tokens.app, { query: { id: live.body.data[0].id } })).body.data[0]).toMatchObject({ video_id: '', vod_offset: null });
    mock.streams.stop(streamer.id);
    expect((await call('GET', '/clips', tokens.app, { query: { id: live.body.data[0].id } })).body.data[0]).toMatchObject({ video_id: recording.id, vod_offset: 60 });
  });

  it('refuses a user who is not an editor, another user’s token, an unknown VOD, bad offsets', async () => {
    const { mock, streamer, editor, viewer, other, call, tokens, issue } = await start();
    const video = mock.videos.add(streamer.id, { duration: 600 });
    const query = (extra: Record<string, string>) => ({ broadcaster_id: streamer.id, editor_id: editor.id, vod_id: video.id, vod_offset: '300', title: 'the play', ...extra });
    const notEditor = await call('POST', '/videos/clips', tokens.viewer, { query: query({ editor_id: viewer.id }) });
    expect(notEditor.status).toBe(403);
    expect(notEditor.body.message).toBe('The user defined by the editor_id is not authorized to create Clips.');
    const wrongToken = await call('POST', '/videos/clips', tokens.viewer, { query: query({}) });
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body.message).toBe("The ID in editor_id must match the user ID found in the request's OAuth token.");
    expect((await call('POST', '/videos/clips', tokens.editor, { query: query({ vod_id: '1' }) })).body.message).toBe('The VOD is not found.');
    const theirs = mock.videos.add(other.id, { duration: 600 });
    expect((await call('POST', '/videos/clips', tokens.editor, { query: query({ vod_id: theirs.id }) })).status).toBe(404);
    expect((await call('POST', '/videos/clips', tokens.editor, { query: query({ broadcaster_id: '999999' }) })).body.message).toBe('The broadcaster_id or the editor_id does not exist.');
    const short = await call('POST', '/videos/clips', tokens.editor, { query: query({ vod_offset: '29' }) });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The parameter "vod_offset" must be at least the clip\'s duration (30 seconds): the clip ends at vod_offset');
    expect((await call('POST', '/videos/clips', tokens.editor, { query: query({ vod_offset: '30.5' }) })).status).toBe(400);
    expect((await call('POST', '/videos/clips', tokens.editor, { query: query({ duration: '61' }) })).status).toBe(400);
    const { title: _title, ...untitled } = query({});
    expect((await call('POST', '/videos/clips', tokens.editor, { query: untitled })).body.message).toBe('Missing required parameter "title"');
    const scopeless = await call('POST', '/videos/clips', issue(editor.id, ['clips:edit']), { query: query({}) });
    expect(scopeless.body.message).toBe('Missing scope: editor:manage:clips or channel:manage:clips');
    expect((await call('POST', '/videos/clips', issue(editor.id, ['editor:manage:clips']), { query: query({}) })).status).toBe(202);
  });
});

describe('Get Clips: GET /clips', () => {
  it('lists a channel’s or a category’s clips by views, filtered by time and featuring, paged', async () => {
    const { mock, streamer, other, call, tokens } = await start();
    const game = mock.state.addGame({ name: 'Chess' });
    const a = mock.clips.add(streamer.id, { view_count: 10, created_at: START - 2 * DAY, game_id: game.id });
    const b = mock.clips.add(streamer.id, { view_count: 30, created_at: START - 10 * DAY });
    const c = mock.clips.add(streamer.id, { view_count: 20, created_at: START - DAY, is_featured: true, game_id: game.id });
    const d = mock.clips.add(other.id, { view_count: 99, game_id: game.id });
    const list = (query: Record<string, string | string[]>) => call('GET', '/clips', tokens.app, { query });
    expect(idsOf(await list({ broadcaster_id: streamer.id }))).toEqual([b.id, c.id, a.id]);
    expect(idsOf(await list({ game_id: game.id }))).toEqual([d.id, c.id, a.id]);
    expect(idsOf(await list({ broadcaster_id: streamer.id, is_featured: 'true' }))).toEqual([c.id]);
    expect(idsOf(await list({ broadcaster_id: streamer.id, is_featured: 'false' }))).toEqual([b.id, a.id]);
    // ended_at defaults to a week after started_at.
    expect(idsOf(await list({ broadcaster_id: streamer.id, started_at: iso(START - 11 * DAY) }))).toEqual([b.id]);
    expect(idsOf(await list({ broadcaster_id: streamer.id, started_at: iso(START - 3 * DAY), ended_at: iso(START) }))).toEqual([c.id, a.id]);
    const first = await list({ broadcaster_id: streamer.id, first: '2' });
    expect(idsOf(first)).toEqual([b.id, c.id]);
    const second = await list({ broadcaster_id: streamer.id, first: '2', after: first.body.pagination.cursor });
    expect(idsOf(second)).toEqual([a.id]);
    expect(second.body.pagination).toEqual({});
    const back = await list({ broadcaster_id: streamer.id, first: '1', before: second.body.pagination.cursor ?? first.body.pagination.cursor });
    expect(idsOf(back)).toEqual([c.id]);
    mock.clips.update(a.id, { view_count: 1000 });
    expect(idsOf(await list({ broadcaster_id: streamer.id }))[0]).toBe(a.id);
    expect(idsOf(await list({ id: [d.id, 'nope', a.id] }))).toEqual([d.id, a.id]);
  });

  it('refuses no filter, two filters, an unknown category, bad times and flags', async () => {
    const { streamer, call, tokens } = await start();
    expect((await call('GET', '/clips', tokens.app)).body.message).toBe('Missing required parameter: one of "broadcaster_id", "game_id", "id"');
    expect((await call('GET', '/clips', tokens.app, { query: { broadcaster_id: streamer.id, game_id: '1' } })).status).toBe(400);
    const unknown = await call('GET', '/clips', tokens.app, { query: { game_id: '1' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('The ID in game_id was not found.');
    const time = await call('GET', '/clips', tokens.app, { query: { broadcaster_id: streamer.id, started_at: 'yesterday' } });
    expect(time.status).toBe(400);
    expect(time.body.message).toBe('The parameter "started_at" was malformed: the value must be an RFC3339 date and time, for example 2021-07-01T18:00:00Z');
    expect((await call('GET', '/clips', tokens.app, { query: { broadcaster_id: streamer.id, is_featured: 'yes' } })).body.message).toBe(
      'The parameter "is_featured" was malformed: the value must be true or false',
    );
    expect((await call('GET', '/clips', tokens.app, { query: { broadcaster_id: streamer.id, first: '101' } })).status).toBe(400);
    expect((await call('GET', '/clips', tokens.app, { query: { id: Array.from({ length: 101 }, (_, index) => String(index)) } })).status).toBe(400);
    expect((await call('GET', '/clips', undefined, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
  });
});

describe('Get Clips Download: GET /clips/downloads', () => {
  it('gives download URLs of the broadcaster’s clips to the broadcaster, an editor or the app', async () => {
    const { mock, streamer, editor, call, tokens } = await start();
    const a = mock.clips.add(streamer.id);
    const b = mock.clips.add(streamer.id);
    const answer = await call('GET', '/clips/downloads', tokens.editor, { query: { broadcaster_id: streamer.id, editor_id: editor.id, clip_id: [a.id, b.id] } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        { clip_id: a.id, landscape_download_url: `https://static.example/clips/${a.id}/landscape.mp4`, portrait_download_url: null },
        { clip_id: b.id, landscape_download_url: `https://static.example/clips/${b.id}/landscape.mp4`, portrait_download_url: null },
      ],
    });
    expect((await call('GET', '/clips/downloads', tokens.app, { query: { broadcaster_id: streamer.id, editor_id: streamer.id, clip_id: a.id } })).status).toBe(200);
  });

  it('refuses a non-editor, unknown or foreign clips, more than 10 clips, and past 100 calls a minute', async () => {
    const { mock, streamer, viewer, other, editor, call, tokens, advance } = await start();
    const a = mock.clips.add(streamer.id);
    const foreign = mock.clips.add(other.id);
    const query = (extra: Record<string, string | string[]>) => ({ broadcaster_id: streamer.id, editor_id: editor.id, clip_id: a.id, ...extra });
    const stranger = await call('GET', '/clips/downloads', tokens.viewer, { query: query({ editor_id: viewer.id }) });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('The user is not an editor for the specified broadcaster.');
    const invalid = 'The ID in the broadcaster_id, editor_id, or clip_id query parameter is not valid.';
    expect((await call('GET', '/clips/downloads', tokens.editor, { query: query({ clip_id: 'nope' }) })).body.message).toBe(invalid);
    expect((await call('GET', '/clips/downloads', tokens.editor, { query: query({ clip_id: foreign.id }) })).body.message).toBe(invalid);
    expect((await call('GET', '/clips/downloads', tokens.app, { query: query({ editor_id: '999999' }) })).body.message).toBe(invalid);
    const many = await call('GET', '/clips/downloads', tokens.editor, { query: query({ clip_id: Array.from({ length: 11 }, (_, index) => `c${index}`) }) });
    expect(many.body.message).toBe('The parameter "clip_id" may be given at most 10 times');
    expect((await call('GET', '/clips/downloads', tokens.viewer, { query: query({}) })).status).toBe(401);
    expect((await call('GET', '/clips/downloads', tokens.editor, { query: { broadcaster_id: streamer.id, editor_id: editor.id } })).body.message).toBe('Missing required parameter "clip_id"');

    const app = tokens.app;
    for (let index = 0; index < 100 - 1; index++) await call('GET', '/clips/downloads', app, { query: query({}) });
    const limited = await call('GET', '/clips/downloads', app, { query: query({}) });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Get Clips Download is limited to 100 requests per minute');
    advance(60_000);
    expect((await call('GET', '/clips/downloads', app, { query: query({}) })).status).toBe(200);
  });
});

describe('mock.clips controls', () => {
  it('adds, reads and updates clips, and refuses what it does not know', async () => {
    const { mock, streamer } = await start();
    const clip = mock.clips.add(streamer.id, { title: 'x' });
    expect(mock.clips.update(clip.id, { is_featured: true, title: 'y' })).toMatchObject({ is_featured: true, title: 'y' });
    expect(() => mock.clips.update('nope', {})).toThrow(/No clip nope/);
    // Over /mock/ any JSON arrives: the ID and other fields stay as the platform made them.
    expect(() => mock.clips.update(clip.id, { id: 'other' } as never)).toThrow("A clip's id cannot be changed: only view_count, is_featured and title.");
    expect(() => mock.clips.update(clip.id, { view_count: '9' } as never)).toThrow("A clip's view_count must be a number.");
    expect(mock.clips.get(clip.id)?.id).toBe(clip.id);
    expect(() => mock.clips.add('999999')).toThrow(/No user 999999/);
  });
});
