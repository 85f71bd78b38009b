/**
 * The smaller users-side groups of the mock over real sockets: Teams (with `mock.teams.add()`),
 * Search, Games (with `mock.games.add()`), Content Classification Labels and Whispers (with
 * `user.whisper.message`).
 */
import { describe, expect, it } from 'vitest';
import { advance, call, errorBody, eventsOf, platform, setup, START } from './users-groups-setup';

const iso = (ms: number) => new Date(ms).toISOString();

/** Puts a channel on air the way the streams routes do: `live` and a `stream`. */
function goLive(broadcasterId: string, viewers: number, startedAt = START): void {
  const channel = platform().state.channel(broadcasterId);
  channel.live = true;
  channel.stream = { id: `stream-${broadcasterId}`, type: 'live', viewer_count: viewers, started_at: startedAt, is_mature: false };
}

describe('teams: GET /teams and GET /teams/channel', () => {
  it('gives a team by id or by name (any case), with its members', async () => {
    const { streamer, viewer, tokens } = await setup();
    const team = platform().teams.add({ name: 'LiveCoders', display_name: 'Live Coders', info: '<p>Code.</p>', members: [streamer.id, viewer.id] });
    const expected = {
      users: [
        { user_id: streamer.id, user_name: 'Streamer', user_login: 'streamer' },
        { user_id: viewer.id, user_name: 'viewer', user_login: 'viewer' },
      ],
      background_image_url: null,
      banner: null,
      created_at: iso(START),
      updated_at: iso(START),
      info: '<p>Code.</p>',
      thumbnail_url: expect.any(String),
      team_name: 'livecoders',
      team_display_name: 'Live Coders',
      id: team.id,
    };
    expect(await call('GET', '/teams', tokens.app, { query: { id: team.id } })).toEqual({ status: 200, body: { data: [expected] } });
    expect((await call('GET', '/teams', tokens.viewer, { query: { name: 'LIVECODERS' } })).body).toEqual({ data: [expected] });
  });

  it('lists the teams of a channel; members change with the controls', async () => {
    const { streamer, viewer, tokens } = await setup();
    const coders = platform().teams.add({ name: 'coders', members: [streamer.id] });
    const runners = platform().teams.add({ name: 'runners', members: [] });
    advance(5000);
    expect(platform().teams.addMember(runners.id, streamer.id)).toBe(true);
    expect(platform().teams.addMember(runners.id, streamer.id)).toBe(false);
    const answer = await call('GET', '/teams/channel', tokens.app, { query: { broadcaster_id: streamer.id } });
    expect(answer.body.data).toEqual([
      expect.objectContaining({ broadcaster_id: streamer.id, broadcaster_login: 'streamer', broadcaster_name: 'Streamer', team_name: 'coders', id: coders.id }),
      expect.objectContaining({ broadcaster_id: streamer.id, team_name: 'runners', id: runners.id, updated_at: iso(START + 5000) }),
    ]);
    expect(answer.body.data[0].users).toBeUndefined();
    expect((await call('GET', '/teams/channel', tokens.app, { query: { broadcaster_id: viewer.id } })).body).toEqual({ data: [] });
    expect(platform().teams.removeMember(coders.id, streamer.id)).toBe(true);
    expect((await call('GET', '/teams/channel', tokens.app, { query: { broadcaster_id: streamer.id } })).body.data.map((each: { id: string }) => each.id)).toEqual([runners.id]);
  });

  it('refuses neither or both of name and id, a malformed id (400), and an unknown team or broadcaster (404)', async () => {
    const { tokens } = await setup();
    const team = platform().teams.add({ name: 'coders' });
    expect(await call('GET', '/teams', tokens.app)).toMatchObject({ status: 400, body: errorBody(400, /one of "name", "id"/) });
    expect(await call('GET', '/teams', tokens.app, { query: { name: 'coders', id: team.id } })).toMatchObject({ status: 400, body: errorBody(400, /mutually exclusive/) });
    expect(await call('GET', '/teams', tokens.app, { query: { id: 'abc' } })).toMatchObject({ status: 400, body: errorBody(400, /id query parameter is not valid/) });
    expect(await call('GET', '/teams', tokens.app, { query: { name: 'nobody' } })).toMatchObject({ status: 404, body: errorBody(404, 'The specified team was not found') });
    expect(await call('GET', '/teams/channel', tokens.app, { query: { broadcaster_id: '424242' } })).toMatchObject({ status: 404, body: errorBody(404, /broadcaster 424242 was not found/) });
    expect((await call('GET', '/teams/channel', tokens.app)).status).toBe(400);
    expect((await call('GET', '/teams', undefined, { query: { id: team.id } })).status).toBe(401);
  });

  it('the controls refuse a taken name or ID and unknown members', async () => {
    const { streamer } = await setup();
    platform().teams.add({ name: 'coders', id: '77' });
    expect(() => platform().teams.add({ name: 'Coders' })).toThrow(/named coders exists/);
    expect(() => platform().teams.add({ name: 'other', id: '77' })).toThrow(/ID 77 exists/);
    expect(() => platform().teams.add({ name: 'ghosts', members: ['404'] })).toThrow('No user 404.');
    expect(() => platform().teams.addMember('1', streamer.id)).toThrow('No team 1.');
  });
});

describe('search: GET /search/categories and GET /search/channels', () => {
  it('finds categories whose name holds every word of the query, in any case, with sized box art and pages', async () => {
    const { tokens } = await setup();
    const fortnite = platform().games.add({ name: 'Fortnite', id: '33214' });
    platform().games.add({ name: 'Fort Boyard' });
    const love = platform().games.add({ name: 'I Love My Computer' });
    platform().games.add({ name: 'Chess' });
    const fort = await call('GET', '/search/categories', tokens.app, { query: { query: 'FORT', first: '1' } });
    expect(fort.body.data).toEqual([{ box_art_url: 'https://static.example/boxart/33214-52x72.jpg', name: 'Fortnite', id: fortnite.id }]);
    const next = await call('GET', '/search/categories', tokens.app, { query: { query: 'FORT', first: '1', after: fort.body.pagination.cursor } });
    expect(next.body).toEqual({ data: [expect.objectContaining({ name: 'Fort Boyard' })], pagination: {} });
    expect((await call('GET', '/search/categories', tokens.viewer, { query: { query: 'computer love' } })).body.data).toEqual([expect.objectContaining({ id: love.id })]);
    expect((await call('GET', '/search/categories', tokens.app, { query: { query: 'tetris' } })).body).toEqual({ data: [], pagination: {} });
  });

  it('finds channels whose login begins with the query, a phrase joined by nothing or "_", live ones first', async () => {
    const { streamer, tokens } = await setup();
    const mock = platform();
    const angel = mock.addUser({ login: 'angel_of_death' });
    const angel2 = mock.addUser({ login: 'angelofdeath99' });
    mock.addUser({ login: 'the_angel_of_death' });
    const game = mock.games.add({ name: 'Just Chatting' });
    await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { title: 'Hello', game_id: game.id, tags: ['English'] } });
    goLive(angel2.id, 10, START - 3_600_000);
    const answer = await call('GET', '/search/channels', tokens.app, { query: { query: 'Angel of Death' } });
    expect(answer.body.data.map((channel: { id: string }) => channel.id)).toEqual([angel2.id, angel.id]);
    expect(answer.body.data[0]).toEqual({
      broadcaster_language: 'en',
      broadcaster_login: 'angelofdeath99',
      display_name: 'angelofdeath99',
      game_id: '',
      game_name: '',
      id: angel2.id,
      is_live: true,
      tag_ids: [],
      tags: [],
      thumbnail_url: angel2.profile_image_url,
      title: '',
      started_at: iso(START - 3_600_000),
    });
    const found = await call('GET', '/search/channels', tokens.app, { query: { query: 'stream' } });
    expect(found.body.data).toEqual([expect.objectContaining({ id: streamer.id, is_live: false, started_at: '', title: 'Hello', game_name: 'Just Chatting', tags: ['English'] })]);
  });

  it('live_only keeps live channels and also matches the category name; it takes true or false only', async () => {
    const { streamer, viewer, tokens } = await setup();
    const game = platform().games.add({ name: 'Just Chatting' });
    await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { game_id: game.id } });
    await call('PATCH', '/channels', tokens.viewer, { query: { broadcaster_id: viewer.id }, body: { game_id: game.id } });
    goLive(streamer.id, 50);
    expect((await call('GET', '/search/channels', tokens.app, { query: { query: 'just chatting', live_only: 'true' } })).body.data.map((channel: { id: string }) => channel.id)).toEqual([streamer.id]);
    expect((await call('GET', '/search/channels', tokens.app, { query: { query: 'just chatting', live_only: 'false' } })).body.data).toEqual([]);
    expect((await call('GET', '/search/channels', tokens.app, { query: { query: 'viewer', live_only: 'true' } })).body.data).toEqual([]);
    expect(await call('GET', '/search/channels', tokens.app, { query: { query: 'x', live_only: 'yes' } })).toMatchObject({ status: 400, body: errorBody(400, /"live_only" was malformed: the value must be true or false/) });
  });

  it('pages channels, and needs a query that is not blank', async () => {
    const { tokens } = await setup();
    for (let index = 0; index < 3; index++) platform().addUser({ login: `pager${index}` });
    const first = await call('GET', '/search/channels', tokens.app, { query: { query: 'pager', first: '2' } });
    expect(first.body.data.map((channel: { broadcaster_login: string }) => channel.broadcaster_login)).toEqual(['pager0', 'pager1']);
    const second = await call('GET', '/search/channels', tokens.app, { query: { query: 'pager', first: '2', after: first.body.pagination.cursor } });
    expect(second.body.data.map((channel: { broadcaster_login: string }) => channel.broadcaster_login)).toEqual(['pager2']);
    for (const path of ['/search/channels', '/search/categories']) {
      expect(await call('GET', path, tokens.app)).toMatchObject({ status: 400, body: errorBody(400, 'Missing required parameter "query"') });
      expect((await call('GET', path, tokens.app, { query: { query: '   ' } })).status).toBe(400);
      expect((await call('GET', path, tokens.app, { query: { query: 'a', first: '101' } })).status).toBe(400);
      expect((await call('GET', path, 'nope', { query: { query: 'a' } })).status).toBe(401);
    }
  });
});

describe('games: GET /games and GET /games/top', () => {
  it('gets games by id, exact name and IGDB ID, once each, ignoring unknown ones', async () => {
    const { tokens } = await setup();
    const fortnite = platform().games.add({ name: 'Fortnite', id: '33214', igdb_id: '1905' });
    const chess = platform().games.add({ name: 'Chess' });
    platform().games.add({ name: 'Go' });
    const answer = await call('GET', '/games', tokens.app, { query: { id: [fortnite.id, '1'], name: ['Chess', 'chess', 'Fortnite'], igdb_id: '1905' } });
    expect(answer).toEqual({
      status: 200,
      body: {
        data: [
          { id: '33214', name: 'Fortnite', box_art_url: 'https://static.example/boxart/33214-{width}x{height}.jpg', igdb_id: '1905' },
          { id: chess.id, name: 'Chess', box_art_url: chess.box_art_url, igdb_id: '' },
        ],
      },
    });
  });

  it('needs one of id, name or igdb_id, and at most 100 together', async () => {
    const { tokens } = await setup();
    expect(await call('GET', '/games', tokens.app)).toMatchObject({ status: 400, body: errorBody(400, /"id", "name" or "igdb_id"/) });
    const query = { id: Array.from({ length: 50 }, (_, index) => String(index)), name: Array.from({ length: 51 }, (_, index) => `g${index}`) };
    expect(await call('GET', '/games', tokens.app, { query })).toMatchObject({ status: 400, body: errorBody(400, /at most 100 times together; got 101/) });
    expect((await call('GET', '/games', undefined, { query: { id: '1' } })).status).toBe(401);
  });

  it('orders top games by viewers: the audience set by the controls plus the live streams in the category', async () => {
    const { streamer, tokens } = await setup();
    const chess = platform().games.add({ name: 'Chess', viewers: 100 });
    const go = platform().games.add({ name: 'Go', viewers: 50 });
    const tetris = platform().games.add({ name: 'Tetris' });
    const top = async (query: Record<string, string> = {}) => (await call('GET', '/games/top', tokens.app, { query })).body;
    expect((await top()).data.map((game: { name: string }) => game.name)).toEqual(['Chess', 'Go', 'Tetris']);
    await call('PATCH', '/channels', tokens.streamer, { query: { broadcaster_id: streamer.id }, body: { game_id: go.id } });
    goLive(streamer.id, 60);
    expect(platform().games.viewersOf(go.id)).toBe(110);
    expect((await top()).data.map((game: { id: string }) => game.id)).toEqual([go.id, chess.id, tetris.id]);
    platform().games.setViewers(tetris.id, 1000);
    const first = await top({ first: '2' });
    expect(first.data.map((game: { name: string }) => game.name)).toEqual(['Tetris', 'Go']);
    expect(first.data[0]).toEqual({ id: tetris.id, name: 'Tetris', box_art_url: tetris.box_art_url, igdb_id: '' });
    const second = await top({ first: '2', after: first.pagination.cursor });
    expect(second).toEqual({ data: [expect.objectContaining({ name: 'Chess' })], pagination: {} });
    const back = await top({ first: '1', before: 'eyJvIjoyfQ' });
    expect(back.data.map((game: { name: string }) => game.name)).toEqual(['Go']);
    expect((await call('GET', '/games/top', tokens.app, { query: { first: '0' } })).status).toBe(400);
  });

  it('the controls check their input', async () => {
    await setup();
    expect(() => platform().games.add({ name: 'Bad', viewers: -1 })).toThrow(/viewers must be a whole number/);
    expect(() => platform().games.setViewers('404', 1)).toThrow('No game 404.');
  });
});

describe('GET /content_classification_labels', () => {
  it('gives the platform\'s seven labels for the default and any supported locale', async () => {
    const { tokens } = await setup();
    const answer = await call('GET', '/content_classification_labels', tokens.app);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((label: { id: string }) => label.id)).toEqual([
      'DebatedSocialIssuesAndPolitics',
      'DrugsIntoxication',
      'Gambling',
      'MatureGame',
      'ProfanityVulgarity',
      'SexualThemes',
      'ViolentGraphic',
    ]);
    expect(answer.body.data[2]).toEqual({ id: 'Gambling', description: expect.stringContaining('real money'), name: 'Gambling' });
    expect((await call('GET', '/content_classification_labels', tokens.viewer, { query: { locale: 'de-DE' } })).body.data).toHaveLength(7);
  });

  it('refuses an unsupported locale and more than one', async () => {
    const { tokens } = await setup();
    expect(await call('GET', '/content_classification_labels', tokens.app, { query: { locale: 'xx-XX' } })).toMatchObject({ status: 400, body: errorBody(400, /"locale" must be one of/) });
    expect((await call('GET', '/content_classification_labels', tokens.app, { query: { locale: ['en-US', 'de-DE'] } })).status).toBe(400);
    expect((await call('GET', '/content_classification_labels', undefined)).status).toBe(401);
  });
});

describe('POST /whispers', () => {
  const whisper = (token: string, from: string, to: string, message: unknown) => call('POST', '/whispers', token, { query: { from_user_id: from, to_user_id: to }, body: { message } });

  it('answers 204 and raises user.whisper.message for the recipient', async () => {
    const { streamer, viewer, tokens } = await setup();
    expect(await whisper(tokens.viewer, viewer.id, streamer.id, 'gg on the raid earlier')).toEqual({ status: 204, body: undefined });
    expect(eventsOf('user.whisper.message')).toEqual([
      {
        type: 'user.whisper.message',
        version: '1',
        condition: { user_id: streamer.id },
        event: {
          from_user_id: viewer.id,
          from_user_login: 'viewer',
          from_user_name: 'viewer',
          to_user_id: streamer.id,
          to_user_login: 'streamer',
          to_user_name: 'Streamer',
          whisper_id: expect.any(String),
          whisper: { text: 'gg on the raid earlier' },
        },
      },
    ]);
  });

  it('cuts a first whisper at 500 characters, and one to someone who whispered the sender at 10,000', async () => {
    const { streamer, viewer, tokens } = await setup();
    const long = 'x'.repeat(12_000);
    await whisper(tokens.viewer, viewer.id, streamer.id, long);
    expect(eventsOf('user.whisper.message')[0]!.event).toMatchObject({ whisper: { text: 'x'.repeat(500) } });
    await whisper(tokens.streamer, streamer.id, viewer.id, long);
    expect(eventsOf('user.whisper.message')[1]!.event).toMatchObject({ whisper: { text: 'x'.repeat(10_000) } });
  });

  it('refuses whispering oneself, an empty message, an unknown recipient, and a from_user_id of someone else', async () => {
    const { streamer, viewer, tokens, issue } = await setup();
    expect(await whisper(tokens.viewer, viewer.id, viewer.id, 'me')).toMatchObject({ status: 400, body: errorBody(400, /must be different/) });
    expect(await whisper(tokens.viewer, viewer.id, streamer.id, '  ')).toMatchObject({ status: 400, body: errorBody(400, /"message" must not contain an empty string/) });
    expect(await whisper(tokens.viewer, viewer.id, streamer.id, 42)).toMatchObject({ status: 400, body: errorBody(400, /"message" must be a string/) });
    expect(await call('POST', '/whispers', tokens.viewer, { query: { from_user_id: viewer.id, to_user_id: streamer.id }, body: {} })).toMatchObject({
      status: 400,
      body: errorBody(400, 'Missing required parameter "message"'),
    });
    expect(await whisper(tokens.viewer, viewer.id, '424242', 'hi')).toMatchObject({ status: 404, body: errorBody(404, /to_user_id was not found/) });
    expect(await whisper(tokens.viewer, streamer.id, viewer.id, 'hi')).toMatchObject({ status: 401, body: errorBody(401, /from_user_id must match/) });
    expect(await whisper(issue(viewer.id, ['user:edit']), viewer.id, streamer.id, 'hi')).toMatchObject({ status: 401, body: errorBody(401, 'Missing scope: user:manage:whispers') });
    expect((await whisper(tokens.app, viewer.id, streamer.id, 'hi')).status).toBe(401);
    expect((await call('POST', '/whispers', tokens.viewer, { query: { from_user_id: viewer.id }, body: { message: 'hi' } })).status).toBe(400);
    expect(eventsOf('user.whisper.message')).toHaveLength(0);
  });

  it('silently drops a whisper to someone who blocked the sender', async () => {
    const { streamer, viewer, tokens } = await setup();
    await call('PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id } });
    expect((await whisper(tokens.viewer, viewer.id, streamer.id, 'hello?')).status).toBe(204);
    expect(eventsOf('user.whisper.message')).toHaveLength(0);
    await call('DELETE', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id } });
    await whisper(tokens.viewer, viewer.id, streamer.id, 'hello?');
    expect(eventsOf('user.whisper.message')).toHaveLength(1);
  });

  it('limits a sender to 3 whispers a second, 100 a minute and 40 recipients a day', async () => {
    const { streamer, viewer, tokens } = await setup();
    for (let index = 0; index < 3; index++) expect((await whisper(tokens.viewer, viewer.id, streamer.id, 'hi')).status).toBe(204);
    expect(await whisper(tokens.viewer, viewer.id, streamer.id, 'hi')).toMatchObject({ status: 429, body: errorBody(429, /at most 3 whispers a second/) });
    advance(1000);
    for (let index = 3; index < 100; index++) {
      expect((await whisper(tokens.viewer, viewer.id, streamer.id, 'hi')).status).toBe(204);
      if (index % 3 === 2) advance(1000);
    }
    expect(await whisper(tokens.viewer, viewer.id, streamer.id, 'hi')).toMatchObject({ status: 429, body: errorBody(429, /at most 100 whispers a minute/) });
    advance(60_000);
    const mock = platform();
    // 39 more recipients make 40 in the day; the 41st is refused, an earlier one still taken.
    for (let index = 0; index < 39; index++) {
      const recipient = mock.addUser({ login: `fan${index}` });
      expect((await whisper(tokens.viewer, viewer.id, recipient.id, 'hi')).status).toBe(204);
      advance(1000);
    }
    const extra = mock.addUser({ login: 'one_too_many' });
    expect(await whisper(tokens.viewer, viewer.id, extra.id, 'hi')).toMatchObject({ status: 429, body: errorBody(429, /at most 40 different users a day/) });
    expect((await whisper(tokens.viewer, viewer.id, streamer.id, 'hi')).status).toBe(204);
    advance(24 * 3_600_000);
    expect((await whisper(tokens.viewer, viewer.id, extra.id, 'hi')).status).toBe(204);
  });
});
