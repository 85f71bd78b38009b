/**
 * The streams routes of the mock over real sockets (Get Stream Key, Get Streams, Get Followed
 * Streams, Create Stream Marker, Get Stream Markers) and the `mock.streams` controls: the shared
 * live state, the events raised and the archive a stopped stream leaves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { iso, setup, START, type Setup } from './streams-groups.helpers';

let t: Setup | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function start(options?: Parameters<typeof setup>[0]): Promise<Setup> {
  t = await setup(options);
  return t;
}

describe('mock.streams.start() and stop()', () => {
  it('sets the shared live state and raises stream.online, then stream.offline (with the stream\'s id) with an archive', async () => {
    const { mock, streamer, advance, eventsOf, call, tokens } = await start();
    const stream = mock.streams.start(streamer.id, { viewer_count: 42 });
    const channel = mock.state.channel(streamer.id);
    expect(channel.live).toBe(true);
    expect(channel.stream).toEqual({ id: stream.id, type: 'live', viewer_count: 42, started_at: START, is_mature: false });
    expect(eventsOf('stream.online')).toEqual([
      {
        type: 'stream.online',
        version: '1',
        event: { id: stream.id, broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer', type: 'live', started_at: iso(START) },
        condition: { broadcaster_user_id: streamer.id },
      },
    ]);
    expect((await call('GET', '/videos', tokens.app, { query: { user_id: streamer.id } })).body.data).toEqual([]);

    advance(3_723_000);
    const archive = mock.streams.stop(streamer.id);
    expect(channel.live).toBe(false);
    expect(channel.stream).toBeUndefined();
    expect(eventsOf('stream.offline')).toEqual([
      { type: 'stream.offline', version: '1', event: { id: stream.id, broadcaster_user_id: streamer.id, broadcaster_user_login: 'streamer', broadcaster_user_name: 'Streamer' }, condition: { broadcaster_user_id: streamer.id } },
    ]);
    const videos = await call('GET', '/videos', tokens.app, { query: { user_id: streamer.id } });
    expect(videos.body.data).toHaveLength(1);
    expect(videos.body.data[0]).toMatchObject({ id: archive!.id, stream_id: stream.id, type: 'archive', duration: '1h2m3s', created_at: iso(START), published_at: iso(START + 3_723_000) });
  });

  it('takes the title, category, language and tags into channel.info, and refuses what it cannot do', async () => {
    const { mock, streamer, viewer } = await start();
    const game = mock.state.addGame({ name: 'Little Nightmares' });
    mock.streams.start(streamer.id, { title: 'first run', game_id: game.id, language: 'es', tags: ['Español'] });
    expect(mock.state.channel(streamer.id).info).toMatchObject({ title: 'first run', game_id: game.id, game_name: 'Little Nightmares', broadcaster_language: 'es', tags: ['Español'] });
    expect(() => mock.streams.start(streamer.id)).toThrow(/already live/);
    expect(() => mock.streams.stop(viewer.id)).toThrow(/not live/);
    expect(() => mock.streams.start('999999')).toThrow(/No user 999999/);
    expect(() => mock.streams.start(viewer.id, { game_id: 'nope' })).toThrow(/No game nope/);
    expect(() => mock.streams.start(viewer.id, { viewer_count: -1 })).toThrow(/viewer_count/);
  });
});

describe('Get Stream Key: GET /streams/key', () => {
  it("answers the broadcaster's own key, the same each time", async () => {
    const { mock, streamer, call, tokens } = await start();
    const first = await call('GET', '/streams/key', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([{ stream_key: mock.streams.streamKey(streamer.id) }]);
    expect(first.body.data[0].stream_key).toMatch(new RegExp(`^live_${streamer.id}_`));
    const again = await call('GET', '/streams/key', tokens.streamer, { query: { broadcaster_id: streamer.id } });
    expect(again.body).toEqual(first.body);
  });

  it('refuses another broadcaster, an app token, a missing scope or parameter', async () => {
    const { streamer, editor, call, tokens, issue } = await start();
    const other = await call('GET', '/streams/key', tokens.editor, { query: { broadcaster_id: streamer.id } });
    expect(other.status).toBe(401);
    expect(other.body.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token.");
    expect((await call('GET', '/streams/key', tokens.app, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
    const scopeless = await call('GET', '/streams/key', issue(editor.id, ['clips:edit']), { query: { broadcaster_id: editor.id } });
    expect(scopeless.status).toBe(401);
    expect(scopeless.body.message).toBe('Missing scope: channel:read:stream_key');
    const missing = await call('GET', '/streams/key', tokens.streamer);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
    expect((await call('GET', '/streams/key', undefined, { query: { broadcaster_id: streamer.id } })).status).toBe(401);
  });
});

describe('Get Streams: GET /streams', () => {
  it('lists live channels by viewers, with what channel.info says now', async () => {
    const { mock, streamer, other, viewer, call, tokens, advance } = await start();
    const game = mock.state.addGame({ name: 'Just Chatting', id: '509658' });
    mock.streams.start(streamer.id, { viewer_count: 10, title: 'hello', game_id: game.id, tags: ['English'] });
    advance(1000);
    mock.streams.start(other.id, { viewer_count: 500 });
    const answer = await call('GET', '/streams', tokens.app);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((stream: { user_id: string }) => stream.user_id)).toEqual([other.id, streamer.id]);
    expect(answer.body.data[1]).toEqual({
      id: mock.state.channel(streamer.id).stream!.id,
      user_id: streamer.id,
      user_login: 'streamer',
      user_name: 'Streamer',
      game_id: '509658',
      game_name: 'Just Chatting',
      type: 'live',
      title: 'hello',
      tags: ['English'],
      viewer_count: 10,
      started_at: iso(START),
      language: 'en',
      thumbnail_url: 'https://static.example/previews/live_user_streamer-{width}x{height}.jpg',
      tag_ids: [],
      is_mature: false,
    });
    expect(answer.body.pagination).toEqual({});

    // Modify Channel Information (another group) changes channel.info; the stream shows it.
    mock.state.channel(streamer.id).info.title = 'new title';
    const again = await call('GET', '/streams', tokens.viewer, { query: { user_id: streamer.id } });
    expect(again.body.data[0].title).toBe('new title');

    mock.streams.stop(other.id);
    expect((await call('GET', '/streams', tokens.app)).body.data.map((stream: { user_id: string }) => stream.user_id)).toEqual([streamer.id]);
    expect((await call('GET', '/streams', tokens.app, { query: { user_id: viewer.id } })).body.data).toEqual([]);
  });

  it('filters by user_id or user_login, game_id and language', async () => {
    const { mock, streamer, other, editor, call, tokens } = await start();
    const game = mock.state.addGame({ name: 'Chess' });
    mock.streams.start(streamer.id, { viewer_count: 3, game_id: game.id, language: 'de' });
    mock.streams.start(other.id, { viewer_count: 2 });
    mock.streams.start(editor.id, { viewer_count: 1, language: 'de' });
    const ids = async (query: Record<string, string | string[]>) => (await call('GET', '/streams', tokens.app, { query })).body.data.map((stream: { user_id: string }) => stream.user_id);
    expect(await ids({ user_id: other.id, user_login: 'EditorEve' })).toEqual([other.id, editor.id]);
    expect(await ids({ game_id: game.id })).toEqual([streamer.id]);
    expect(await ids({ language: ['DE', 'fr'] })).toEqual([streamer.id, editor.id]);
    expect(await ids({ language: 'de', user_id: [other.id, editor.id] })).toEqual([editor.id]);
    expect(await ids({ type: 'live' })).toEqual([streamer.id, other.id, editor.id]);
  });

  it('pages with first and after, and refuses bad values', async () => {
    const { mock, call, tokens } = await start();
    for (let index = 0; index < 5; index++) mock.streams.start(mock.addUser({ login: `caster${index}` }).id, { viewer_count: 100 - index });
    const first = await call('GET', '/streams', tokens.app, { query: { first: '2' } });
    expect(first.body.data.map((stream: { user_login: string }) => stream.user_login)).toEqual(['caster0', 'caster1']);
    const second = await call('GET', '/streams', tokens.app, { query: { first: '2', after: first.body.pagination.cursor } });
    expect(second.body.data.map((stream: { user_login: string }) => stream.user_login)).toEqual(['caster2', 'caster3']);
    const last = await call('GET', '/streams', tokens.app, { query: { first: '2', after: second.body.pagination.cursor } });
    expect(last.body.data.map((stream: { user_login: string }) => stream.user_login)).toEqual(['caster4']);
    expect(last.body.pagination).toEqual({});
    const back = await call('GET', '/streams', tokens.app, { query: { first: '2', before: second.body.pagination.cursor } });
    expect(back.body.data.map((stream: { user_login: string }) => stream.user_login)).toEqual(['caster2', 'caster3']);

    expect((await call('GET', '/streams', tokens.app, { query: { first: '101' } })).status).toBe(400);
    expect((await call('GET', '/streams', tokens.app, { query: { first: '0' } })).status).toBe(400);
    const type = await call('GET', '/streams', tokens.app, { query: { type: 'rerun' } });
    expect(type.status).toBe(400);
    expect(type.body.message).toBe('The parameter "type" was malformed: the value must be one of all, live');
    const many = await call('GET', '/streams', tokens.app, { query: { user_id: Array.from({ length: 101 }, (_, index) => String(index)) } });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('The parameter "user_id" may be given at most 100 times');
    expect((await call('GET', '/streams', undefined)).status).toBe(401);
  });

  it('shows a channel that another part of the mock marked live without a stream record', async () => {
    const { mock, streamer, call, tokens } = await start();
    mock.state.channel(streamer.id).live = true;
    const answer = await call('GET', '/streams', tokens.app);
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]).toMatchObject({ user_id: streamer.id, viewer_count: 0, started_at: iso(START) });
    expect(mock.state.channel(streamer.id).stream?.id).toBe(answer.body.data[0].id);
  });
});

describe('with the users-side groups', () => {
  it('Modify Channel Information and follows made there show in Get Streams and Get Followed Streams', async () => {
    const { mock, streamer, viewer, call, tokens } = await start();
    const game = mock.state.addGame({ name: 'Chess', id: '743' });
    mock.streams.start(streamer.id, { viewer_count: 3 });
    const modified = await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { title: 'endgame study', game_id: game.id, broadcaster_language: 'de', tags: ['Schach'] } });
    expect(modified.status).toBe(204);
    mock.channels.follow(viewer.id, streamer.id);
    const followed = await call('GET', '/streams/followed', tokens.viewer, { query: { user_id: viewer.id } });
    expect(followed.body.data).toEqual([expect.objectContaining({ user_id: streamer.id, title: 'endgame study', game_id: '743', game_name: 'Chess', language: 'de', tags: ['Schach'] })]);
    expect((await call('GET', '/streams', tokens.app, { query: { game_id: '743', language: 'de' } })).body.data).toHaveLength(1);
  });
});

describe('Get Followed Streams: GET /streams/followed', () => {
  it("lists the live channels the user follows, from channel.followers", async () => {
    const { mock, streamer, other, editor, viewer, call, tokens } = await start();
    mock.state.channel(streamer.id).followers.set(viewer.id, START);
    mock.state.channel(other.id).followers.set(viewer.id, START);
    mock.state.channel(editor.id).followers.set(streamer.id, START);
    mock.streams.start(streamer.id, { viewer_count: 5 });
    mock.streams.start(other.id, { viewer_count: 50 });
    mock.streams.start(editor.id, { viewer_count: 500 });
    const answer = await call('GET', '/streams/followed', tokens.viewer, { query: { user_id: viewer.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((stream: { user_id: string }) => stream.user_id)).toEqual([other.id, streamer.id]);
    expect(answer.body.data[0]).toMatchObject({ user_login: 'other', type: 'live', viewer_count: 50, tags: [], tag_ids: [] });

    mock.streams.stop(other.id);
    const paged = await call('GET', '/streams/followed', tokens.viewer, { query: { user_id: viewer.id, first: '1' } });
    expect(paged.body.data.map((stream: { user_id: string }) => stream.user_id)).toEqual([streamer.id]);
    expect(paged.body.pagination).toEqual({});
    mock.state.channel(streamer.id).followers.delete(viewer.id);
    expect((await call('GET', '/streams/followed', tokens.viewer, { query: { user_id: viewer.id } })).body.data).toEqual([]);
  });

  it('refuses another user, a missing scope, an app token or a missing user_id', async () => {
    const { viewer, call, tokens, issue } = await start();
    expect((await call('GET', '/streams/followed', tokens.streamer, { query: { user_id: viewer.id } })).status).toBe(401);
    const scopeless = await call('GET', '/streams/followed', issue(viewer.id, []), { query: { user_id: viewer.id } });
    expect(scopeless.body.message).toBe('Missing scope: user:read:follows');
    expect((await call('GET', '/streams/followed', tokens.app, { query: { user_id: viewer.id } })).body.message).toBe('User access token is required.');
    expect((await call('GET', '/streams/followed', tokens.viewer)).status).toBe(400);
    expect((await call('GET', '/streams/followed', tokens.viewer, { query: { user_id: viewer.id, first: '101' } })).status).toBe(400);
  });
});

describe('Create Stream Marker: POST /streams/markers', () => {
  it('marks the live stream at its offset; the broadcaster or an editor may', async () => {
    const { mock, streamer, call, tokens, advance } = await start();
    mock.streams.start(streamer.id);
    advance(244_000);
    const answer = await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id, description: 'hello, this is a marker!' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), created_at: iso(START + 244_000), description: 'hello, this is a marker!', position_seconds: 244 }]);
    advance(1000);
    const byEditor = await call('POST', '/streams/markers', tokens.editor, { body: { user_id: streamer.id } });
    expect(byEditor.status).toBe(200);
    expect(byEditor.body.data[0]).toMatchObject({ description: '', position_seconds: 245 });
    expect(mock.videos.recording(streamer.id)!.markers).toHaveLength(2);
  });

  it('refuses a stream that is not live, a user who is not an editor, a long description', async () => {
    const { mock, streamer, call, tokens, issue } = await start();
    const offline = await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id } });
    expect(offline.status).toBe(404);
    expect(offline.body.message).toBe('The user in the user_id field is not streaming live.');
    mock.streams.start(streamer.id);
    const stranger = await call('POST', '/streams/markers', tokens.viewer, { body: { user_id: streamer.id } });
    expect(stranger.status).toBe(403);
    const long = await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id, description: 'x'.repeat(141) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The parameter "description" may be at most 140 characters long, not 141');
    expect((await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id, description: 'x'.repeat(140) } })).status).toBe(200);
    expect((await call('POST', '/streams/markers', tokens.streamer, { body: {} })).body.message).toBe('Missing required parameter "user_id"');
    expect((await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: '999999' } })).status).toBe(404);
    const scopeless = await call('POST', '/streams/markers', issue(streamer.id, ['user:read:broadcast']), { body: { user_id: streamer.id } });
    expect(scopeless.status).toBe(401);
    expect(scopeless.body.message).toBe('Missing scope: channel:manage:broadcast');
  });
});

describe('Get Stream Markers: GET /streams/markers', () => {
  it('lists the markers of the latest video grouped by video, and of a video by ID, with paging', async () => {
    const { mock, streamer, call, tokens, advance, issue } = await start();
    mock.streams.start(streamer.id);
    for (let index = 0; index < 3; index++) {
      advance(60_000);
      await call('POST', '/streams/markers', tokens.streamer, { body: { user_id: streamer.id, description: `m${index}` } });
    }
    const recording = mock.videos.recording(streamer.id)!;
    const live = await call('GET', '/streams/markers', issue(streamer.id, ['user:read:broadcast']), { query: { user_id: streamer.id, first: '2' } });
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual([
      {
        user_id: streamer.id,
        user_name: 'Streamer',
        user_login: 'streamer',
        videos: [
          {
            video_id: recording.id,
            markers: [
              { id: expect.any(String), created_at: iso(START + 60_000), description: 'm0', position_seconds: 60, URL: `https://platform.example/streamer/manager/highlighter/${recording.id}?t=0h1m00s` },
              { id: expect.any(String), created_at: iso(START + 120_000), description: 'm1', position_seconds: 120, URL: `https://platform.example/streamer/manager/highlighter/${recording.id}?t=0h2m00s` },
            ],
          },
        ],
      },
    ]);
    const next = await call('GET', '/streams/markers', tokens.editor, { query: { user_id: streamer.id, first: '2', after: live.body.pagination.cursor } });
    expect(next.body.data[0].videos[0].markers.map((marker: { description: string }) => marker.description)).toEqual(['m2']);

    const archive = mock.streams.stop(streamer.id)!;
    expect(archive.id).toBe(recording.id);
    const byVideo = await call('GET', '/streams/markers', tokens.streamer, { query: { video_id: archive.id } });
    expect(byVideo.body.data[0].videos[0].markers).toHaveLength(3);
    // A newer upload is the latest video: its (no) markers are what user_id finds.
    advance(1000);
    const upload = mock.videos.add(streamer.id, { type: 'upload' });
    const latest = await call('GET', '/streams/markers', tokens.streamer, { query: { user_id: streamer.id } });
    expect(latest.body.data[0].videos).toEqual([{ video_id: upload.id, markers: [] }]);
  });

  it('wants exactly one of user_id and video_id, the owner or an editor, and a video', async () => {
    const { mock, streamer, viewer, call, tokens } = await start();
    const neither = await call('GET', '/streams/markers', tokens.streamer);
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe('Missing required parameter: one of "user_id", "video_id"');
    const both = await call('GET', '/streams/markers', tokens.streamer, { query: { user_id: streamer.id, video_id: '1' } });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('The parameters "user_id", "video_id" are mutually exclusive: give only one of them');
    const none = await call('GET', '/streams/markers', tokens.streamer, { query: { user_id: streamer.id } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("The user specified in the user_id query parameter doesn't have videos.");
    expect((await call('GET', '/streams/markers', tokens.viewer, { query: { user_id: streamer.id } })).status).toBe(403);
    const video = mock.videos.add(streamer.id);
    expect((await call('GET', '/streams/markers', tokens.viewer, { query: { video_id: video.id } })).status).toBe(403);
    expect((await call('GET', '/streams/markers', tokens.viewer, { query: { video_id: '42' } })).status).toBe(404);
    expect((await call('GET', '/streams/markers', tokens.viewer, { query: { user_id: viewer.id } })).status).toBe(404);
    expect((await call('GET', '/streams/markers', tokens.app, { query: { user_id: streamer.id } })).status).toBe(401);
  });
});
