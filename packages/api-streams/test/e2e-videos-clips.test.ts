// End-to-end: the videos group (videos, deleteVideos) and the clips group (createClip,
// createClipFromVod, clips, clipsDownload) against the mock platform over real sockets.
import { PlatformApiError, PlatformAuthError, PlatformError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clips, clipsDownload, createClip, createClipFromVod, deleteVideos, videos } from '../src/index';
import { failureOf, iso, START, startE2E, type E2E } from './e2e-setup';

let t: E2E;

beforeEach(async () => {
  t = await startE2E();
});

afterEach(async () => {
  await t.mock.close();
});

const DAY = 86_400_000;

describe('videos', () => {
  it('by user: latest first, by type, by views, paged with after, back one page with before', async () => {
    const { mock, client, broadcaster } = t;
    const added = Array.from({ length: 5 }, (_, index) =>
      mock.videos.add(broadcaster.id, { type: index % 2 === 0 ? 'highlight' : 'upload', title: `Video ${index}`, created_at: START - (5 - index) * DAY, view_count: index * 10 }),
    );
    const newest = [...added].reverse().map((video) => video.id);
    const app = client.as('app');
    expect((await videos(app, { user_id: broadcaster.id }).all()).map((video) => video.id)).toEqual(newest);
    expect((await videos(app, { user_id: broadcaster.id, type: 'highlight' }).all()).map((video) => video.title)).toEqual(['Video 4', 'Video 2', 'Video 0']);
    expect((await videos(app, { user_id: broadcaster.id, sort: 'views', first: 2 }).take(2)).map((video) => video.view_count)).toEqual([40, 30]);
    expect((await videos(app, { user_id: broadcaster.id, period: 'day' }).all()).map((video) => video.id)).toEqual([added[4]!.id]);

    const first = await videos(app, { user_id: broadcaster.id, first: 2 });
    expect(first.data.map((video) => video.id)).toEqual(newest.slice(0, 2));
    const rest = await videos(app, { user_id: broadcaster.id, first: 2, after: first.cursor! }).all();
    expect(rest.map((video) => video.id)).toEqual(newest.slice(2));
    const back = await videos(app, { user_id: broadcaster.id, first: 2, before: first.cursor! });
    expect(back.data.map((video) => video.id)).toEqual(newest.slice(0, 2));
    expect(first.data[0]).toMatchObject({ user_id: broadcaster.id, user_login: 'pixelforge', user_name: 'PixelForge', stream_id: null, viewable: 'public', duration: '1m0s', muted_segments: null });
  });

  it('by game and language; 120 IDs in two requests, in the order asked, unknown IDs left out', async () => {
    const { mock, client, broadcaster, other } = t;
    mock.state.addGame({ id: '509670', name: 'Science & Technology' });
    mock.videos.add(broadcaster.id, { game_id: '509670', language: 'de', title: 'German science' });
    mock.videos.add(other.id, { game_id: '509670', language: 'en', title: 'English science' });
    const byGame = await videos(client.as('app'), { game_id: '509670', language: 'de' }).all();
    expect(byGame.map((video) => video.title)).toEqual(['German science']);

    const many = Array.from({ length: 120 }, (_, index) => mock.videos.add(index % 2 === 0 ? broadcaster.id : other.id, { title: `Many ${index}` }).id);
    const asked = [...many].reverse();
    asked.splice(60, 0, 'no-such-video');
    const found = await videos(client.as(t.viewer.id), { id: asked }).all();
    expect(found.map((video) => video.id)).toEqual([...many].reverse());
    expect(mock.requests.filter((request) => request.path === '/videos' && request.query.id).map((request) => [request.status, (request.query.id as string[]).length])).toEqual([
      [200, 100],
      [200, 21],
    ]);
  });

  it('a long ID list keeps the platform rule for unknown IDs: left out, and a 404 only when none is found', async () => {
    const { mock, client, broadcaster } = t;
    const known = Array.from({ length: 100 }, () => mock.videos.add(broadcaster.id).id);
    const unknown = Array.from({ length: 120 }, (_, index) => `deleted-${index}`);
    // The second request holds only unknown IDs: the platform answers it 404, and the list goes on.
    const found = await videos(client.as('app'), { id: [...known, ...unknown.slice(0, 20)] }).all();
    expect(found.map((video) => video.id)).toEqual(known);
    // The first request finds none, the second finds one.
    const later = await videos(client.as('app'), { id: [...unknown.slice(0, 100), known[7]!] }).all();
    expect(later.map((video) => video.id)).toEqual([known[7]]);
    expect(mock.requests.filter((request) => request.path === '/videos').map((request) => request.status)).toEqual([200, 404, 404, 200]);
    const none = await failureOf(videos(client.as('app'), { id: unknown }));
    expect(none).toBeInstanceOf(PlatformApiError);
    expect(none.message).toBe('The ID in the id query parameter was not found. (404 on GET /videos)');
  });

  it('refuses a filter that the chosen selection does not take, before sending', () => {
    expect(() => videos(t.client.as('app'), { user_id: '1', language: 'de' })).toThrow(
      new PlatformError('The parameter language of videos.videos applies only with game_id; got it with user_id.'),
    );
    expect(() => videos(t.client.as('app'), { id: '1', user_id: '1' })).toThrow('videos.videos needs exactly one of the parameters id, user_id and game_id; got id and user_id.');
    expect(t.helixSent()).toEqual([]);
  });

  it('an unknown game: the platform answers 404', async () => {
    const error = await failureOf(videos(t.client.as('app'), { game_id: '999999' }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('The ID in the game_id query parameter was not found. (404 on GET /videos)');
  });
});

describe('deleteVideos', () => {
  it('the owner or an editor deletes; a stranger deletes none of them (401); more than 5 is refused before sending', async () => {
    const { mock, client, broadcaster, editor, other } = t;
    const own = Array.from({ length: 3 }, () => mock.videos.add(broadcaster.id).id);
    const foreign = mock.videos.add(other.id).id;

    const refused = await failureOf(deleteVideos(client.as(editor.id), { id: [own[0]!, foreign] }));
    expect(refused).toBeInstanceOf(PlatformApiError);
    expect((refused as PlatformApiError).status).toBe(401);
    expect(refused.message).toBe('The caller is not authorized to delete the specified video. (401 on DELETE /videos)');
    expect(mock.videos.get(own[0]!)).toBeDefined();

    await expect(deleteVideos(client.as(editor.id), { id: [own[0]!, 'no-such-video'] })).resolves.toEqual([own[0]]);
    await expect(deleteVideos(client.as(broadcaster.id), { id: [own[1]!, own[2]!] })).resolves.toEqual([own[1], own[2]]);
    await expect(videos(client.as('app'), { user_id: broadcaster.id }).all()).resolves.toEqual([]);

    mock.clearRequests();
    const six = await failureOf(deleteVideos(client.as(broadcaster.id), { id: ['1', '2', '3', '4', '5', '6'] }));
    expect(six).toBeInstanceOf(PlatformError);
    expect(six.message).toMatch(/^The parameter id of videos\.deleteVideos must hold at most 5 IDs/);
    const app = await failureOf(deleteVideos(client.as('app'), { id: foreign }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    const scope = await failureOf(deleteVideos(client.as(t.viewer.id), { id: foreign }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 300 is missing the channel:manage:videos scope required by DELETE /videos.');
    expect(t.helixSent()).toEqual([]);
  });
});

describe('clips of a live stream', () => {
  it('createClip answers 202 with an ID; clips then lists it, and shows its video once the stream stopped', async () => {
    const { mock, client, broadcaster, viewer } = t;
    mock.streams.start(broadcaster.id, { title: 'Speedrun night' });
    t.advance(10 * 60_000);
    const created = await createClip(client.as(viewer.id), { broadcaster_id: broadcaster.id, title: 'What a jump', duration: 12.5 });
    expect(created).toEqual({ id: expect.any(String), edit_url: `https://platform.example/pixelforge/clip/${created.id}` });
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/clips', status: 202, query: { broadcaster_id: broadcaster.id, title: 'What a jump', duration: '12.5' } });

    const [clip] = await clips(client.as('app'), { id: created.id }).all();
    expect(clip).toMatchObject({ id: created.id, broadcaster_id: broadcaster.id, broadcaster_name: 'PixelForge', creator_id: viewer.id, creator_name: 'QuietFox', title: 'What a jump', duration: 12.5, video_id: '', vod_offset: null, created_at: iso(START + 600_000) });

    const untitled = await createClip(client.as(broadcaster.id), { broadcaster_id: broadcaster.id });
    const archive = mock.streams.stop(broadcaster.id)!;
    const listed = await clips(client.as('app'), { broadcaster_id: broadcaster.id }).all();
    expect(listed.map((each) => [each.id, each.title, each.duration, each.video_id])).toEqual(
      expect.arrayContaining([
        [created.id, 'What a jump', 12.5, archive.id],
        [untitled.id, 'Speedrun night', 30, archive.id],
      ]),
    );
    expect(listed.find((each) => each.id === created.id)?.vod_offset).toBe(600 - 13);
  });

  it('refusals: not live (404), the app token, the scope, the duration range', async () => {
    const { client, broadcaster, other } = t;
    const offline = await failureOf(createClip(client.as(broadcaster.id), { broadcaster_id: broadcaster.id }));
    expect(offline).toBeInstanceOf(PlatformApiError);
    expect((offline as PlatformApiError).status).toBe(404);
    expect(offline.message).toBe('The broadcaster in the broadcaster_id query parameter must be broadcasting live. (404 on POST /clips)');
    t.mock.clearRequests();
    const app = await failureOf(createClip(client.as('app'), { broadcaster_id: broadcaster.id }));
    expect(app.message).toBe('POST /clips only accepts a user access token: the app token cannot be used for it.');
    const scope = await failureOf(createClip(client.as(other.id), { broadcaster_id: broadcaster.id }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 400 is missing the clips:edit scope required by POST /clips.');
    await expect(createClip(client.as(broadcaster.id), { broadcaster_id: broadcaster.id, duration: 61 })).rejects.toThrow(PlatformError);
    await expect(createClip(client.as(broadcaster.id), { broadcaster_id: broadcaster.id, duration: 4.9 })).rejects.toThrow(/duration/);
    expect(t.helixSent()).toEqual([]);
  });
});

describe('clips from a VOD, listing, downloads', () => {
  it('createClipFromVod by an editor and with the app token; the clip starts at vod_offset - duration', async () => {
    const { mock, client, broadcaster, editor } = t;
    const vod = mock.videos.add(broadcaster.id, { type: 'archive', duration: 3600, title: 'Last night' });
    const byEditor = await createClipFromVod(client.as(editor.id), { broadcaster_id: broadcaster.id, vod_id: vod.id, vod_offset: 600, duration: 20, title: 'Editor cut' });
    expect(byEditor.edit_url).toContain(byEditor.id);
    expect(mock.requests.at(-1)).toMatchObject({ path: '/videos/clips', status: 202, query: { editor_id: editor.id, vod_offset: '600', duration: '20' } });
    const byApp = await createClipFromVod(client, { editor_id: broadcaster.id, broadcaster_id: broadcaster.id, vod_id: vod.id, vod_offset: 3600, title: 'App cut' }, { as: 'app' });
    const found = await clips(client.as('app'), { id: [byEditor.id, byApp.id] }).all();
    expect(found.map((clip) => [clip.title, clip.creator_id, clip.video_id, clip.vod_offset, clip.duration])).toEqual([
      ['Editor cut', editor.id, vod.id, 580, 20],
      ['App cut', broadcaster.id, vod.id, 3570, 30],
    ]);

    const tooFar = await failureOf(createClipFromVod(client.as(editor.id), { broadcaster_id: broadcaster.id, vod_id: vod.id, vod_offset: 3601, title: 'Past the end' }));
    expect(tooFar).toBeInstanceOf(PlatformApiError);
    expect((tooFar as PlatformApiError).status).toBe(400);
    const stranger = await failureOf(createClipFromVod(client, { editor_id: t.viewer.id, broadcaster_id: broadcaster.id, vod_id: vod.id, vod_offset: 60, title: 'Not mine' }, { as: 'app' }));
    expect(stranger).toBeInstanceOf(PlatformApiError);
    expect(stranger.message).toBe('The user defined by the editor_id is not authorized to create Clips. (403 on POST /videos/clips)');
    mock.clearRequests();
    await expect(createClipFromVod(client.as(editor.id), { broadcaster_id: broadcaster.id, vod_id: vod.id, vod_offset: 10, title: 'Too short' })).rejects.toThrow(
      'The parameter vod_offset of clips.createClipFromVod must be at least the default duration, 30 (the clip ends at vod_offset); got 10.',
    );
    const app = await failureOf(createClipFromVod(client, { broadcaster_id: broadcaster.id, vod_id: vod.id, vod_offset: 60, title: 'Who?' }, { as: 'app' }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe(
      'POST /videos/clips needs editor_id: the call is made with the app token, which belongs to no user. Set editor_id, or register the acting user with client.auth.addUser().',
    );
    expect(t.helixSent()).toEqual([]);
  });

  it('clips: most viewed first, featured filter, time window, paged with after and before; 150 IDs in two requests', async () => {
    const { mock, client, broadcaster } = t;
    const added = Array.from({ length: 6 }, (_, index) => mock.clips.add(broadcaster.id, { view_count: 100 - index, is_featured: index % 3 === 0, created_at: START - index * DAY }));
    const byViews = added.map((clip) => clip.id);
    const app = client.as('app');
    expect((await clips(app, { broadcaster_id: broadcaster.id }).all()).map((clip) => clip.id)).toEqual(byViews);
    expect((await clips(app, { broadcaster_id: broadcaster.id, is_featured: true }).all()).map((clip) => clip.id)).toEqual([byViews[0], byViews[3]]);
    expect((await clips(app, { broadcaster_id: broadcaster.id, started_at: iso(START - 2 * DAY) }).all()).map((clip) => clip.id)).toEqual(byViews.slice(0, 3));
    const first = await clips(app, { broadcaster_id: broadcaster.id, first: 4 });
    expect(first.data.map((clip) => clip.id)).toEqual(byViews.slice(0, 4));
    expect((await clips(app, { broadcaster_id: broadcaster.id, first: 4, after: first.cursor! }).all()).map((clip) => clip.id)).toEqual(byViews.slice(4));
    expect((await clips(app, { broadcaster_id: broadcaster.id, first: 4, before: first.cursor! })).data.map((clip) => clip.id)).toEqual(byViews.slice(0, 4));

    const many = Array.from({ length: 150 }, () => mock.clips.add(broadcaster.id).id);
    const found = await clips(app, { id: many }).all();
    expect(found.map((clip) => clip.id)).toEqual(many);
    expect(mock.requests.filter((request) => request.path === '/clips' && request.query.id).map((request) => (request.query.id as string[]).length)).toEqual([100, 50]);
    expect(() => clips(app, { broadcaster_id: broadcaster.id, game_id: '1' })).toThrow('clips.clips needs exactly one of the parameters broadcaster_id, game_id and id; got broadcaster_id and game_id.');
  });

  it('clipsDownload: 25 clips in requests of 10, for the broadcaster, an editor or the app token with editor_id; a stranger gets 403', async () => {
    const { mock, client, broadcaster, editor } = t;
    const ids = Array.from({ length: 25 }, () => mock.clips.add(broadcaster.id).id);
    const downloads = await clipsDownload(client.as(editor.id), { broadcaster_id: broadcaster.id, clip_id: ids });
    expect(downloads.map((download) => download.clip_id)).toEqual(ids);
    expect(downloads[0]).toEqual({ clip_id: ids[0], landscape_download_url: expect.stringContaining(ids[0]!), portrait_download_url: null });
    expect(mock.requests.filter((request) => request.path === '/clips/downloads').map((request) => [(request.query.clip_id as string[]).length, request.query.editor_id])).toEqual([
      [10, editor.id],
      [10, editor.id],
      [5, editor.id],
    ]);
    await expect(clipsDownload(client.as(broadcaster.id), { broadcaster_id: broadcaster.id, clip_id: ids[0]! })).resolves.toHaveLength(1);
    await expect(clipsDownload(client, { editor_id: editor.id, broadcaster_id: broadcaster.id, clip_id: ids.slice(0, 2) }, { as: 'app' })).resolves.toHaveLength(2);

    const stranger = await failureOf(clipsDownload(client, { editor_id: t.viewer.id, broadcaster_id: broadcaster.id, clip_id: ids[0]! }, { as: 'app' }));
    expect(stranger).toBeInstanceOf(PlatformApiError);
    expect(stranger.message).toBe('The user is not an editor for the specified broadcaster. (403 on GET /clips/downloads)');
    const scope = await failureOf(clipsDownload(client.as(t.viewer.id), { broadcaster_id: broadcaster.id, clip_id: ids[0]! }));
    expect(scope.message).toBe('The token of user 300 is missing the editor:manage:clips or channel:manage:clips scope required by GET /clips/downloads.');
  });
});
