// End-to-end: the streams group (streamKey, streams, followedStreams, createStreamMarker,
// streamMarkers) against the mock platform over real sockets, with broadcasts started and stopped
// through the mock's controls.
import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStreamMarker, deleteVideos, followedStreams, streamKey, streamMarkers, streams, videos } from '../src/index';
import { failureOf, iso, START, startE2E, type E2E } from './e2e-setup';

let t: E2E;

beforeEach(async () => {
  t = await startE2E();
});

afterEach(async () => {
  await t.mock.close();
});

describe('a broadcast from start to stop', () => {
  it('start: listed by streams and followedStreams, stream.online raised; stop: stream.offline, an archive that videos lists and deleteVideos removes', async () => {
    const { mock, client, broadcaster, viewer } = t;
    const online = t.nextEvent('stream.online');
    mock.state.addGame({ id: '509670', name: 'Science & Technology' });
    const started = mock.streams.start(broadcaster.id, { viewer_count: 42, title: 'Building a synth', game_id: '509670', language: 'en', tags: ['English', 'Synths'] });

    expect((await online).event).toEqual({
      id: started.id,
      broadcaster_user_id: broadcaster.id,
      broadcaster_user_login: 'pixelforge',
      broadcaster_user_name: 'PixelForge',
      type: 'live',
      started_at: iso(START),
    });
    const live = await streams(client.as('app'), { user_login: 'pixelforge' });
    expect(live.data).toEqual([
      {
        id: started.id,
        user_id: broadcaster.id,
        user_login: 'pixelforge',
        user_name: 'PixelForge',
        game_id: '509670',
        game_name: 'Science & Technology',
        type: 'live',
        title: 'Building a synth',
        tags: ['English', 'Synths'],
        viewer_count: 42,
        started_at: iso(START),
        language: 'en',
        thumbnail_url: expect.stringContaining('{width}x{height}'),
        tag_ids: [],
        is_mature: false,
      },
    ]);
    const followed = await followedStreams(client.as(viewer.id)).all();
    expect(followed.map((stream) => stream.user_id)).toEqual([broadcaster.id]);
    // The acting user comes from the token.
    expect(mock.requests.at(-1)?.query).toMatchObject({ user_id: viewer.id });

    t.advance(90 * 60_000);
    const offline = t.nextEvent('stream.offline');
    const archive = mock.streams.stop(broadcaster.id)!;
    // Since 2026-06-26 stream.offline names the stream that ended.
    expect((await offline).event).toEqual({ id: started.id, broadcaster_user_id: broadcaster.id, broadcaster_user_login: 'pixelforge', broadcaster_user_name: 'PixelForge' });
    await expect(streams(client.as('app'), { user_id: broadcaster.id }).all()).resolves.toEqual([]);
    await expect(followedStreams(client.as(viewer.id)).all()).resolves.toEqual([]);

    const listed = await videos(client.as('app'), { user_id: broadcaster.id, type: 'archive' }).all();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: archive.id, stream_id: started.id, user_login: 'pixelforge', type: 'archive', title: 'Building a synth', duration: '1h30m0s', viewable: 'public' });

    await expect(deleteVideos(client.as(broadcaster.id), { id: archive.id })).resolves.toEqual([archive.id]);
    await expect(videos(client.as('app'), { user_id: broadcaster.id }).all()).resolves.toEqual([]);
    const gone = await failureOf(videos(client.as('app'), { id: archive.id }));
    expect(gone).toBeInstanceOf(PlatformApiError);
    expect(gone.message).toBe('The ID in the id query parameter was not found. (404 on GET /videos)');
  });
});

describe('streamKey', () => {
  it("the broadcaster's own key, with their token", async () => {
    await expect(streamKey(t.client.as(t.broadcaster.id))).resolves.toEqual({ stream_key: t.mock.streams.streamKey(t.broadcaster.id) });
    expect(t.mock.requests.at(-1)?.query).toEqual({ broadcaster_id: t.broadcaster.id });
  });

  it('refuses the app token and a token without the scope before sending', async () => {
    const app = await failureOf(streamKey(t.client.as('app')));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /streams/key only accepts a user access token: the app token cannot be used for it.');
    const scope = await failureOf(streamKey(t.client.as(t.viewer.id)));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:read:stream_key scope required by GET /streams/key.');
    expect(t.helixSent()).toEqual([]);
  });

  it("another broadcaster's key: the platform answers 401", async () => {
    const refused = await failureOf(streamKey(t.client.as(t.broadcaster.id), { broadcaster_id: t.other.id }));
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect((refused as PlatformApiError).status).toBe(401);
    expect(refused.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token. (401 on GET /streams/key)");
  });
});

describe('streams: filters, paging and long lists', () => {
  it('most watched first; filters by game, language and type', async () => {
    const { mock, client } = t;
    mock.state.addGame({ id: '33214', name: 'Fortnite' });
    mock.streams.start(t.broadcaster.id, { viewer_count: 10, language: 'de', game_id: '33214' });
    mock.streams.start(t.other.id, { viewer_count: 500, language: 'en' });
    mock.streams.start(t.hobbyist.id, { viewer_count: 75, language: 'fr', game_id: '33214' });
    const logins = async (params: Parameters<typeof streams>[1]) => (await streams(client.as('app'), params).all()).map((stream) => stream.user_login);
    expect(await logins({})).toEqual(['northwind', 'weekendcaster', 'pixelforge']);
    expect(await logins({ game_id: '33214' })).toEqual(['weekendcaster', 'pixelforge']);
    expect(await logins({ language: ['de', 'en'] })).toEqual(['northwind', 'pixelforge']);
    expect(await logins({ type: 'live', user_id: [t.broadcaster.id, t.viewer.id] })).toEqual(['pixelforge']);
    // A user token works as well as the app token.
    expect((await streams(client.as(t.viewer.id), { user_login: ['northwind'] })).data.map((stream) => stream.viewer_count)).toEqual([500]);
  });

  it('pages with after, resumes from a cursor, and goes back one page with before', async () => {
    const { mock, client } = t;
    const casters = Array.from({ length: 7 }, (_, index) => mock.addUser({ login: `caster${index}` }));
    casters.forEach((caster, index) => mock.streams.start(caster.id, { viewer_count: 1000 - index }));
    const order = casters.map((caster) => caster.login);

    const all = await streams(client.as('app'), { first: 3 }).all();
    expect(all.map((stream) => stream.user_login)).toEqual(order);
    expect(t.helixSent()).toEqual(['GET /streams', 'GET /streams', 'GET /streams']);

    const first = await streams(client.as('app'), { first: 3 });
    expect(first.data.map((stream) => stream.user_login)).toEqual(order.slice(0, 3));
    expect(first.cursor).toEqual(expect.any(String));
    const second = await streams(client.as('app'), { first: 3, after: first.cursor! });
    expect(second.data.map((stream) => stream.user_login)).toEqual(order.slice(3, 6));
    const rest = await streams(client.as('app'), { first: 3, after: first.cursor! }).all();
    expect(rest.map((stream) => stream.user_login)).toEqual(order.slice(3));
    // Back from the second page: the cursor that led to it, given as before.
    const back = await streams(client.as('app'), { first: 3, before: first.cursor! });
    expect(back.data.map((stream) => stream.user_login)).toEqual(order.slice(0, 3));
    expect(t.mock.requests.at(-1)?.query).toEqual({ first: '3', before: first.cursor });
  });

  it('150 user IDs: two requests of 100 and 50, the live ones joined in order', async () => {
    const { mock, client } = t;
    const users = Array.from({ length: 150 }, (_, index) => mock.addUser({ login: `viewer${index}` }));
    // Live: one in the first hundred, two past it.
    for (const index of [5, 120, 149]) mock.streams.start(users[index]!.id, { viewer_count: index });
    const found = await streams(client.as('app'), { user_id: users.map((user) => user.id) }).all();
    expect(found.map((stream) => stream.user_login)).toEqual(['viewer5', 'viewer149', 'viewer120']);
    expect(mock.requests.filter((request) => request.path === '/streams').map((request) => (request.query.user_id as string[]).length)).toEqual([100, 50]);
  });

  it('a list longer than 100 with the other list, or first past 100, is refused before sending', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => String(index));
    expect(() => streams(t.client.as('app'), { user_id: ids, user_login: 'pixelforge' })).toThrow(
      new PlatformError(
        'The parameters user_id and user_login of streams.streams cannot be given together when one holds more than 100 entries (a longer list is split into requests of 100); got 101 and 1.',
      ),
    );
    expect(() => streams(t.client.as('app'), { first: 101 })).toThrow(PlatformError);
    expect(() => streams(t.client.as('app'), { first: 101 })).toThrow(/first/);
    expect(t.helixSent()).toEqual([]);
  });
});

describe('followedStreams', () => {
  it('only the followed channels that are live, most watched first; the app token is refused before sending', async () => {
    const { mock, client, viewer } = t;
    mock.streams.start(t.broadcaster.id, { viewer_count: 5 });
    mock.streams.start(t.other.id, { viewer_count: 50 });
    mock.streams.start(t.hobbyist.id, { viewer_count: 500 });
    const followed = await followedStreams(client.as(viewer.id), { first: 1 }).all();
    expect(followed.map((stream) => stream.user_login)).toEqual(['northwind', 'pixelforge']);
    expect(t.helixSent()).toEqual(['GET /streams/followed', 'GET /streams/followed']);

    const app = await failureOf(followedStreams(client.as('app')));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('GET /streams/followed only accepts a user access token: the app token cannot be used for it.');
  });

  it("another user's followed streams: the platform answers 401", async () => {
    const refused = await failureOf(followedStreams(t.client.as(t.viewer.id), { user_id: t.broadcaster.id }));
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect(refused.message).toBe("The ID in user_id must match the user ID found in the request's OAuth token. (401 on GET /streams/followed)");
  });
});

describe('stream markers', () => {
  it('created while live (by the broadcaster and by an editor), listed by user and, after the stop, by video', async () => {
    const { mock, client, broadcaster, editor } = t;
    mock.streams.start(broadcaster.id);
    t.advance(244_000);
    const first = await createStreamMarker(client.as(broadcaster.id), { description: 'hello, this is a marker!' });
    expect(first).toEqual({ id: expect.any(String), created_at: iso(START + 244_000), description: 'hello, this is a marker!', position_seconds: 244 });
    expect(mock.requests.at(-1)?.body).toEqual({ user_id: broadcaster.id, description: 'hello, this is a marker!' });
    t.advance(3_600_000);
    const second = await createStreamMarker(client.as(editor.id), { user_id: broadcaster.id });
    expect(second).toMatchObject({ description: '', position_seconds: 3844 });

    const recording = mock.videos.recording(broadcaster.id)!;
    const byUser = await streamMarkers(client.as(broadcaster.id), { user_id: broadcaster.id });
    expect(byUser.data).toEqual([
      {
        user_id: broadcaster.id,
        user_name: 'PixelForge',
        user_login: 'pixelforge',
        videos: [
          {
            video_id: recording.id,
            markers: [
              { ...first, URL: `https://platform.example/pixelforge/manager/highlighter/${recording.id}?t=0h4m04s` },
              { ...second, URL: `https://platform.example/pixelforge/manager/highlighter/${recording.id}?t=1h4m04s` },
            ],
          },
        ],
      },
    ]);

    mock.streams.stop(broadcaster.id);
    const byVideo = await streamMarkers(client.as(editor.id), { video_id: recording.id, first: 1 });
    expect(byVideo.data[0]?.videos[0]?.markers.map((marker) => marker.id)).toEqual([first.id]);
    const next = await streamMarkers(client.as(editor.id), { video_id: recording.id, first: 1, after: byVideo.cursor! });
    expect(next.data[0]?.videos[0]?.markers.map((marker) => marker.id)).toEqual([second.id]);
  });

  it('refusals: not live (404), not an editor (403), the scope, the description length, neither or both of user_id and video_id', async () => {
    const { mock, client, broadcaster, viewer } = t;
    const offline = await failureOf(createStreamMarker(client.as(broadcaster.id)));
    expect(offline).toBeInstanceOf(PlatformApiError);
    expect((offline as PlatformApiError).status).toBe(404);
    expect(offline.message).toBe('The user in the user_id field is not streaming live. (404 on POST /streams/markers)');

    mock.streams.start(broadcaster.id);
    await t.register(viewer, ['channel:manage:broadcast', 'user:read:follows']);
    const stranger = await failureOf(createStreamMarker(client.as(viewer.id), { user_id: broadcaster.id }));
    expect(stranger).toBeInstanceOf(PlatformApiError);
    expect((stranger as PlatformApiError).status).toBe(403);

    await t.register(viewer, ['user:read:follows']);
    mock.clearRequests();
    const scope = await failureOf(createStreamMarker(client.as(viewer.id), { user_id: broadcaster.id }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:manage:broadcast scope required by POST /streams/markers.');
    const readScope = await failureOf(streamMarkers(client.as(viewer.id), { user_id: broadcaster.id }));
    expect(readScope.message).toBe('The token of user 300 is missing the user:read:broadcast or channel:manage:broadcast scope required by GET /streams/markers.');
    await expect(createStreamMarker(client.as(broadcaster.id), { description: 'x'.repeat(141) })).rejects.toThrow(PlatformError);
    expect(() => streamMarkers(client.as(broadcaster.id), {})).toThrow('streams.streamMarkers needs exactly one of the parameters user_id and video_id; got none of them.');
    expect(t.helixSent()).toEqual([]);
    await expect(createStreamMarker(client.as(broadcaster.id), { description: 'x'.repeat(140) })).resolves.toMatchObject({ description: 'x'.repeat(140) });
  });
});
