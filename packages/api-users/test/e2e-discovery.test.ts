import { PlatformApiError, PlatformAuthError, PlatformError, PlatformRateLimitError, PlatformScopeError } from '@platform/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelTeams, contentClassificationLabels, games, searchCategories, searchChannels, sendWhisper, teams, topGames, updateChannel } from '../src/index';
import { createWorld, iso, rejectionOf, START, type World } from './e2e-world';

/*
 * The teams, search, games, content classification labels and whispers groups end to end.
 */

let world: World;

beforeEach(async () => {
  world = await createWorld();
});

afterEach(async () => {
  await world.close();
});

describe('teams', () => {
  it('a team by name and by ID, with its members; the teams of a channel; a channel in none', async () => {
    const { mock, client, broadcaster, other, viewer } = world;
    const team = mock.teams.add({ name: 'LiveCoders', display_name: 'Live Coders', info: '<p>Channels that write code.</p>', members: [broadcaster.id, other.id] });
    const byName = await teams(client.as('app'), { name: 'livecoders' });
    expect(byName).toEqual({
      id: team.id,
      team_name: 'livecoders',
      team_display_name: 'Live Coders',
      info: '<p>Channels that write code.</p>',
      thumbnail_url: team.thumbnail_url,
      background_image_url: null,
      banner: null,
      created_at: iso(START),
      updated_at: iso(START),
      users: [
        { user_id: broadcaster.id, user_login: 'pixelforge', user_name: 'PixelForge' },
        { user_id: other.id, user_login: 'northwind', user_name: 'Northwind' },
      ],
    });
    await expect(teams(client.as(viewer.id), { id: team.id })).resolves.toEqual(byName);

    world.advance(1_000);
    mock.teams.addMember(team.id, viewer.id);
    const joined = await channelTeams(client.as('app'), { broadcaster_id: viewer.id });
    expect(joined).toEqual([
      {
        broadcaster_id: viewer.id,
        broadcaster_login: 'quietfox',
        broadcaster_name: 'QuietFox',
        id: team.id,
        team_name: 'livecoders',
        team_display_name: 'Live Coders',
        info: '<p>Channels that write code.</p>',
        thumbnail_url: team.thumbnail_url,
        background_image_url: null,
        banner: null,
        created_at: iso(START),
        updated_at: iso(START + 1_000),
      },
    ]);
    await expect(channelTeams(client.as('app'), { broadcaster_id: world.moderator.id })).resolves.toEqual([]);
    expect((await teams(client.as('app'), { id: team.id })).users.map((member) => member.user_login)).toEqual(['pixelforge', 'northwind', 'quietfox']);
  });

  it('refusals: no such team (404), an unknown broadcaster (404), name and id together (before sending)', async () => {
    const { mock, client } = world;
    const missing = await rejectionOf(teams(client.as('app'), { name: 'nobody' }));
    expect(missing).toBeInstanceOf(PlatformApiError);
    expect(missing.message).toBe('The specified team was not found (404 on GET /teams)');
    const broadcaster = await rejectionOf(channelTeams(client.as('app'), { broadcaster_id: '987654' }));
    expect((broadcaster as PlatformApiError).status).toBe(404);
    mock.clearRequests();
    const both = await rejectionOf(teams(client.as('app'), { name: 'livecoders', id: '6358' } as never));
    expect(both.constructor).toBe(PlatformError);
    expect(both.message).toBe('The parameter name of teams.teams cannot be combined with id; got name "livecoders" and id "6358".');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('search', () => {
  it('searchCategories: every word of the query, in any case; all() across pages', async () => {
    const { mock, client } = world;
    for (const name of ['Fortnite', 'Fort Boyard', 'Love Computer Fort', 'Minecraft', 'Fortress Builders']) mock.games.add({ name });
    const found = await searchCategories(client.as('app'), { query: 'FORT' }).all();
    expect(found.map((category) => category.name)).toEqual(['Fortnite', 'Fort Boyard', 'Love Computer Fort', 'Fortress Builders']);
    expect(found[0]).toEqual({ id: expect.any(String), name: 'Fortnite', box_art_url: expect.stringContaining('52x72') });
    const phrase = await searchCategories(client.as('app'), { query: 'computer love' });
    expect(phrase.data.map((category) => category.name)).toEqual(['Love Computer Fort']);

    const pages: number[] = [];
    for await (const page of searchCategories(client.as('app'), { query: 'fort', first: 3 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([3, 1]);
  });

  it('searchChannels: by the start of the login; the title set with updateChannel is found; live_only', async () => {
    const { mock, client, broadcaster } = world;
    mock.games.add({ id: '33214', name: 'Fortnite' });
    mock.addUser({ login: 'pixel_pusher' });
    await updateChannel(client.as(broadcaster.id), { title: 'Pixel art all day', game_id: '33214', tags: ['PixelArt'] });

    const found = await searchChannels(client.as('app'), { query: 'pixel' }).all();
    expect(found.map((channel) => channel.broadcaster_login)).toEqual(['pixel_pusher', 'pixelforge']);
    expect(found[1]).toEqual({
      id: broadcaster.id,
      broadcaster_login: 'pixelforge',
      display_name: 'PixelForge',
      broadcaster_language: 'en',
      game_id: '33214',
      game_name: 'Fortnite',
      is_live: false,
      tag_ids: [],
      tags: ['PixelArt'],
      thumbnail_url: broadcaster.profile_image_url,
      title: 'Pixel art all day',
      started_at: '',
    });

    await expect(searchChannels(client.as('app'), { query: 'pixel', live_only: true }).all()).resolves.toEqual([]);
    mock.state.channel(broadcaster.id).live = true;
    // Live only: the category's name matches too, and live_only travels as true.
    const live = await searchChannels(client.as('app'), { query: 'fortn', live_only: true }).all();
    expect(live.map((channel) => [channel.broadcaster_login, channel.is_live])).toEqual([['pixelforge', true]]);
    expect(mock.requests.at(-1)?.query).toEqual({ query: 'fortn', live_only: 'true' });
  });

  it('refusals: a query of spaces only (400 from the platform), an empty query (before sending)', async () => {
    const { mock, client } = world;
    const spaces = await rejectionOf(searchChannels(client.as('app'), { query: '   ' }));
    expect(spaces).toBeInstanceOf(PlatformApiError);
    expect(spaces.message).toBe('Missing required parameter "query" (400 on GET /search/channels)');
    mock.clearRequests();
    const empty = await rejectionOf(() => searchCategories(client.as('app'), { query: '' }));
    expect(empty.constructor).toBe(PlatformError);
    expect(empty.message).toBe('The parameter query of search.searchCategories must not be empty; got "".');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('games', () => {
  it('games by ID, exact name and IGDB ID in one call; unknown ones left out', async () => {
    const { mock, client } = world;
    mock.games.add({ id: '33214', name: 'Fortnite', igdb_id: '1905' });
    mock.games.add({ id: '493057', name: 'PUBG: BATTLEGROUNDS', igdb_id: '27789' });
    mock.games.add({ id: '509658', name: 'Just Chatting' });
    const found = await games(client.as('app'), { id: '509658', name: ['Fortnite', 'fortnite', 'Nothing'], igdb_id: '27789' });
    expect(found).toEqual([
      { id: '33214', name: 'Fortnite', box_art_url: 'https://static.example/boxart/33214-{width}x{height}.jpg', igdb_id: '1905' },
      { id: '493057', name: 'PUBG: BATTLEGROUNDS', box_art_url: 'https://static.example/boxart/493057-{width}x{height}.jpg', igdb_id: '27789' },
      { id: '509658', name: 'Just Chatting', box_art_url: 'https://static.example/boxart/509658-{width}x{height}.jpg', igdb_id: '' },
    ]);
    expect(mock.requests.at(-1)?.query).toEqual({ id: '509658', name: ['Fortnite', 'fortnite', 'Nothing'], igdb_id: '27789' });
  });

  it('120 IDs and 40 names: requests of 100 values and 60, every game found', async () => {
    const { mock, client } = world;
    const added = Array.from({ length: 160 }, (_, index) => mock.games.add({ id: String(700_000 + index), name: `Game ${index}` }));
    const found = await games(client.as('app'), { id: added.slice(0, 120).map((game) => game.id), name: added.slice(120).map((game) => game.name) });
    expect(found.map((game) => game.id)).toEqual(added.map((game) => game.id));
    expect(mock.requests.filter((request) => request.path === '/games').map((request) => [[request.query.id ?? []].flat().length, [request.query.name ?? []].flat().length])).toEqual([
      [100, 0],
      [20, 40],
    ]);
  });

  it('topGames: most viewers first; all(), pages() forwards, and back with before', async () => {
    const { mock, client } = world;
    const audience = [500, 9_000, 120, 40_000, 3_000, 700, 15];
    const added = audience.map((viewers, index) => mock.games.add({ id: String(600 + index), name: `Top ${index}`, viewers }));
    const byViewers = [...added].sort((a, b) => mock.games.viewersOf(b.id) - mock.games.viewersOf(a.id)).map((game) => game.name);
    await expect(topGames(client.as('app')).all()).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Top 3', igdb_id: '' })]));
    expect((await topGames(client.as('app')).all()).map((game) => game.name)).toEqual(byViewers);

    const pages: string[][] = [];
    for await (const page of topGames(client.as('app'), { first: 3 }).pages()) pages.push(page.data.map((game) => game.name));
    expect(pages).toEqual([byViewers.slice(0, 3), byViewers.slice(3, 6), byViewers.slice(6)]);

    const second = await topGames(client.as('app'), { first: 3, after: (await topGames(client.as('app'), { first: 3 })).cursor });
    const back = await topGames(client.as('app'), { first: 3, before: second.cursor });
    expect(back.data.map((game) => game.name)).toEqual(byViewers.slice(3, 6));

    // The audience moves: the last game climbs to the top.
    mock.games.setViewers(added[6]!.id, 100_000);
    expect((await topGames(client.as('app'), { first: 1 })).data.map((game) => game.name)).toEqual(['Top 6']);
  });

  it('refusals: none of id, name, igdb_id (before sending); a bad cursor (400)', async () => {
    const { mock, client } = world;
    mock.clearRequests();
    const none = await rejectionOf(games(client.as('app'), {}));
    expect(none.constructor).toBe(PlatformError);
    expect(none.message).toBe('games.games needs at least one of the parameters id, name or igdb_id.');
    expect(mock.requests).toHaveLength(0);
    const cursor = await rejectionOf(topGames(client.as('app'), { after: 'not-a-cursor' }));
    expect(cursor).toBeInstanceOf(PlatformApiError);
    expect((cursor as PlatformApiError).status).toBe(400);
  });
});

describe('contentClassificationLabels', () => {
  it('the seven labels, for the default locale and a named one; an unsupported locale is refused (400)', async () => {
    const { mock, client, viewer } = world;
    const labels = await contentClassificationLabels(client.as('app'));
    expect(labels.map((label) => label.id)).toEqual(['DebatedSocialIssuesAndPolitics', 'DrugsIntoxication', 'Gambling', 'MatureGame', 'ProfanityVulgarity', 'SexualThemes', 'ViolentGraphic']);
    expect(labels.find((label) => label.id === 'Gambling')).toEqual({
      id: 'Gambling',
      name: 'Gambling',
      description: 'Participating in online or in-person gambling, poker or fantasy sports, that involve the exchange of real money.',
    });
    await expect(contentClassificationLabels(client.as(viewer.id), { locale: 'de-DE' })).resolves.toHaveLength(7);
    expect(mock.requests.at(-1)?.query).toEqual({ locale: 'de-DE' });
    const error = await rejectionOf(contentClassificationLabels(client.as('app'), { locale: 'xx-XX' }));
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(400);
  });
});

describe('whispers', () => {
  it('sendWhisper raises user.whisper.message for the recipient', async () => {
    const { mock, client, broadcaster, viewer } = world;
    await expect(sendWhisper(client.as(viewer.id), { to_user_id: broadcaster.id, message: 'gg on the raid earlier' })).resolves.toBeUndefined();
    // from_user_id in the query (from the token's user), the message in the body.
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', path: '/whispers', query: { from_user_id: viewer.id, to_user_id: broadcaster.id }, body: { message: 'gg on the raid earlier' }, status: 204 });
    expect(world.events.filter((event) => event.type === 'user.whisper.message')).toEqual([
      {
        type: 'user.whisper.message',
        version: '1',
        condition: { user_id: broadcaster.id },
        event: {
          from_user_id: viewer.id,
          from_user_login: 'quietfox',
          from_user_name: 'QuietFox',
          to_user_id: broadcaster.id,
          to_user_login: 'pixelforge',
          to_user_name: 'PixelForge',
          whisper_id: expect.any(String),
          whisper: { text: 'gg on the raid earlier' },
        },
      },
    ]);
  });

  it('the platform cuts a long whisper: at 500 characters to a first contact, at 10,000 once the recipient has whispered back', async () => {
    const { client, broadcaster, viewer } = world;
    const texts = () => world.events.filter((event) => event.type === 'user.whisper.message').map((event) => (event.event as { whisper: { text: string } }).whisper.text);
    await sendWhisper(client.as(viewer.id), { to_user_id: broadcaster.id, message: 'a'.repeat(600) });
    expect(texts()[0]).toBe('a'.repeat(500));
    world.advance(1_000);
    await sendWhisper(client.as(broadcaster.id), { to_user_id: viewer.id, message: 'hello back' });
    world.advance(1_000);
    // Longer than 10,000 characters is sent: the platform cuts it, it does not refuse it.
    await sendWhisper(client.as(viewer.id), { to_user_id: broadcaster.id, message: 'b'.repeat(10_500) });
    expect(texts()[2]).toBe('b'.repeat(10_000));
  });

  it('the platform allows 3 whispers a second: the fourth is a PlatformRateLimitError; a second later it goes', async () => {
    const { client, broadcaster, viewer } = world;
    const me = client.as(viewer.id);
    for (const n of [1, 2, 3]) await sendWhisper(me, { to_user_id: broadcaster.id, message: `whisper ${n}` });
    const error = await rejectionOf(sendWhisper(me, { to_user_id: broadcaster.id, message: 'whisper 4' }, { retries: 0 }));
    expect(error).toBeInstanceOf(PlatformRateLimitError);
    expect(error.message).toBe('A user may send at most 3 whispers a second (429 on POST /whispers)');
    world.advance(1_000);
    await expect(sendWhisper(me, { to_user_id: broadcaster.id, message: 'whisper 4' })).resolves.toBeUndefined();
  });

  it('refusals: whispering oneself (400), an unknown recipient (404), the app token, a missing scope, an empty message', async () => {
    const { mock, client, broadcaster, viewer } = world;
    const self = await rejectionOf(sendWhisper(client.as(viewer.id), { to_user_id: viewer.id, message: 'me' }));
    expect(self).toBeInstanceOf(PlatformApiError);
    expect(self.message).toBe('The IDs in from_user_id and to_user_id must be different: a user cannot whisper themselves (400 on POST /whispers)');
    const unknown = await rejectionOf(sendWhisper(client.as(viewer.id), { to_user_id: '987654', message: 'anyone?' }));
    expect((unknown as PlatformApiError).status).toBe(404);

    await world.register(world.moderator, ['user:read:follows']);
    mock.clearRequests();
    const app = await rejectionOf(sendWhisper(client.as('app'), { from_user_id: viewer.id, to_user_id: broadcaster.id, message: 'x' }));
    expect(app).toBeInstanceOf(PlatformAuthError);
    expect(app.message).toBe('POST /whispers only accepts a user access token: the app token cannot be used for it.');
    const scope = await rejectionOf(sendWhisper(client.as(world.moderator.id), { to_user_id: broadcaster.id, message: 'x' }));
    expect(scope).toBeInstanceOf(PlatformScopeError);
    expect(scope.message).toBe('The token of user 200 is missing the user:manage:whispers scope required by POST /whispers.');
    const empty = await rejectionOf(sendWhisper(client.as(viewer.id), { to_user_id: broadcaster.id, message: '' }));
    expect(empty.constructor).toBe(PlatformError);
    expect(empty.message).toBe('The parameter message of whispers.sendWhisper must not be empty; got "".');
    expect(mock.requests).toHaveLength(0);
  });
});
