import type { ClientHandle, RequestOptions } from '@platform/core';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index';
import { stubClient, type StubReply } from './stub';

/*
 * Every operation of the package on the wire, one row of expectations each (a few have two):
 * method, path, query (repeated keys in order), JSON body, the token it goes out with, and the
 * result it makes of a canned answer. Then the declarations themselves: token kinds and scopes as
 * the platform's reference gives them.
 */

interface WireCase {
  /** What the row shows. */
  title: string;
  /** The declaration the call must follow (its name is checked against the row). */
  operation: { name: string };
  run: (client: ClientHandle, options: RequestOptions) => Promise<unknown>;
  /** `app`, or the ID of the user whose token is used. */
  as: string;
  reply: StubReply;
  method: string;
  path: string;
  /** Query pairs, in any order of keys; a repeated key keeps its order. */
  query: [string, string][];
  body?: unknown;
  token: 'app' | 'user';
  result: unknown;
}

const user = {
  id: '141981764',
  login: 'twitchdev',
  display_name: 'TwitchDev',
  type: '',
  broadcaster_type: 'partner',
  description: 'Supporting third-party developers.',
  profile_image_url: 'https://static.example/profile.png',
  offline_image_url: 'https://static.example/offline.png',
  view_count: 0,
  created_at: '2016-12-14T20:32:28Z',
};
const blocked = { user_id: '135093069', user_login: 'bluelava', display_name: 'BlueLava' };
const installed = { id: 'wi08ebtatdc7oj83wtl9uxwz807l8b', version: '1.1.8', name: 'Leaderboard', can_activate: true, type: ['panel'] };
const slots = {
  panel: { '1': { active: true, id: 'rh6jq1q334hqc2rr1qlzqbvwlfl3x0', version: '1.1.0', name: 'TopClip' }, '2': { active: false } },
  overlay: { '1': { active: true, id: 'zfh2irvx2jb4s60f02jq0ajm8vwgka', version: '1.0.19', name: 'Overlay' } },
  component: { '1': { active: true, id: 'lqnf3zxk0rv0g7gq92mtmnirjz2cjj', version: '0.0.1', name: 'Dev', x: 0, y: 0 }, '2': { active: false } },
};
const authorization = { user_id: '141981764', user_name: 'TwitchDev', user_login: 'twitchdev', scopes: ['bits:read', 'channel:bot'], has_authorized: true };
const channel = {
  broadcaster_id: '141981764',
  broadcaster_login: 'twitchdev',
  broadcaster_name: 'TwitchDev',
  broadcaster_language: 'en',
  game_id: '509670',
  game_name: 'Science & Technology',
  title: 'Monthly Update',
  delay: 0,
  tags: ['DevsInTheKnow'],
  content_classification_labels: ['Gambling'],
  is_branded_content: false,
};
const editor = { user_id: '182891647', user_name: 'mauerbac', created_at: '2019-02-15T21:19:50.380833Z' };
const followed = { broadcaster_id: '11111', broadcaster_login: 'someone', broadcaster_name: 'Someone', followed_at: '2022-05-24T22:22:08Z' };
const follower = { user_id: '11111', user_login: 'someone', user_name: 'Someone', followed_at: '2022-05-24T22:22:08Z' };
const teamFields = {
  background_image_url: null,
  banner: null,
  created_at: '2019-02-11T12:09:22Z',
  updated_at: '2020-11-18T15:56:41Z',
  info: '<p>Friendly channels that write code.</p>',
  thumbnail_url: 'https://static.example/team.png',
  team_name: 'livecoders',
  team_display_name: 'Live Coders',
  id: '6358',
};
const channelTeam = { broadcaster_id: '96909659', broadcaster_login: 'csharpfritz', broadcaster_name: 'CSharpFritz', ...teamFields };
const team = { users: [{ user_id: '278217731', user_login: 'mastermndio', user_name: 'mastermndio' }], ...teamFields };
const category = { id: '33214', name: 'Fortnite', box_art_url: 'https://static.example/33214-52x72.jpg' };
const searched = {
  broadcaster_language: 'en',
  broadcaster_login: 'twitchdev',
  display_name: 'TwitchDev',
  game_id: '1469308723',
  game_name: 'Software and Game Development',
  id: '141981764',
  is_live: false,
  tag_ids: [],
  tags: ['WebDevelopment'],
  thumbnail_url: 'https://static.example/thumb.png',
  title: 'Standard Output',
  started_at: '',
};
const game = { id: '33214', name: 'Fortnite', box_art_url: 'https://static.example/33214-{width}x{height}.jpg', igdb_id: '1905' };
const label = { id: 'Gambling', description: 'Participating in gambling with real money.', name: 'Gambling' };
const none: StubReply = { status: 204 };

/** The first page of a paginator, as data, cursor and the platform's total. */
async function firstPage(paginator: PromiseLike<{ data: readonly unknown[]; cursor: string | undefined; raw: { total?: number } }>) {
  const { data, cursor, raw } = await paginator;
  return { data, cursor, total: raw.total };
}

const cases: WireCase[] = [
  // ---- users ----
  {
    title: 'users: no id or login, the token user itself',
    operation: api.usersOperation,
    run: (client, options) => api.users(client, undefined, options),
    as: '141981764',
    reply: { body: { data: [{ ...user, email: 'dev@example.com' }] } },
    method: 'GET',
    path: '/users',
    query: [],
    token: 'user',
    result: [{ ...user, email: 'dev@example.com' }],
  },
  {
    title: 'users: repeated id and login keys, the list',
    operation: api.usersOperation,
    run: (client, options) => api.users(client, { id: ['1', '2'], login: 'twitchdev' }, options),
    as: 'app',
    reply: { body: { data: [user] } },
    method: 'GET',
    path: '/users',
    query: [['id', '1'], ['id', '2'], ['login', 'twitchdev']],
    token: 'app',
    result: [user],
  },
  {
    title: 'updateUser: PUT, description in the query, data[0]',
    operation: api.updateUserOperation,
    run: (client, options) => api.updateUser(client, { description: 'BaldAngel' }, options),
    as: '44322889',
    reply: { body: { data: [{ ...user, description: 'BaldAngel' }] } },
    method: 'PUT',
    path: '/users',
    query: [['description', 'BaldAngel']],
    token: 'user',
    result: { ...user, description: 'BaldAngel' },
  },
  {
    title: 'updateUser: an empty description is sent, to remove it',
    operation: api.updateUserOperation,
    run: (client, options) => api.updateUser(client, { description: '' }, options),
    as: '44322889',
    reply: { body: { data: [{ ...user, description: '' }] } },
    method: 'PUT',
    path: '/users',
    query: [['description', '']],
    token: 'user',
    result: { ...user, description: '' },
  },
  {
    title: 'blockList: broadcaster_id from the token, a page',
    operation: api.blockListOperation,
    run: (client, options) => firstPage(api.blockList(client, { first: 50 }, options)),
    as: '141981764',
    reply: { body: { data: [blocked], pagination: { cursor: 'c1' } } },
    method: 'GET',
    path: '/users/blocks',
    query: [['broadcaster_id', '141981764'], ['first', '50']],
    token: 'user',
    result: { data: [blocked], cursor: 'c1', total: undefined },
  },
  {
    title: 'blockUser: PUT, everything in the query, 204',
    operation: api.blockUserOperation,
    run: (client, options) => api.blockUser(client, { target_user_id: '198704263', source_context: 'chat', reason: 'spam' }, options),
    as: '141981764',
    reply: none,
    method: 'PUT',
    path: '/users/blocks',
    query: [['reason', 'spam'], ['source_context', 'chat'], ['target_user_id', '198704263']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'unblockUser: DELETE, target_user_id in the query, 204',
    operation: api.unblockUserOperation,
    run: (client, options) => api.unblockUser(client, { target_user_id: '198704263' }, options),
    as: '141981764',
    reply: none,
    method: 'DELETE',
    path: '/users/blocks',
    query: [['target_user_id', '198704263']],
    token: 'user',
    result: undefined,
  },
  {
    title: 'userExtensions: no parameters, the list',
    operation: api.userExtensionsOperation,
    run: (client, options) => api.userExtensions(client, undefined, options),
    as: '141981764',
    reply: { body: { data: [installed] } },
    method: 'GET',
    path: '/users/extensions/list',
    query: [],
    token: 'user',
    result: [installed],
  },
  {
    title: 'activeExtensions: user_id from the token, the data object unwrapped',
    operation: api.activeExtensionsOperation,
    run: (client, options) => api.activeExtensions(client, {}, options),
    as: '141981764',
    reply: { body: { data: slots } },
    method: 'GET',
    path: '/users/extensions',
    query: [['user_id', '141981764']],
    token: 'user',
    result: slots,
  },
  {
    title: 'activeExtensions with the app token and user_id given',
    operation: api.activeExtensionsOperation,
    run: (client, options) => api.activeExtensions(client, { user_id: '5' }, options),
    as: 'app',
    reply: { body: { data: slots } },
    method: 'GET',
    path: '/users/extensions',
    query: [['user_id', '5']],
    token: 'app',
    result: slots,
  },
  {
    title: 'updateUserExtensions: PUT, the slots wrapped in data, the data object unwrapped',
    operation: api.updateUserExtensionsOperation,
    run: (client, options) =>
      api.updateUserExtensions(
        client,
        { panel: { '1': { active: true, id: 'rh6jq1q334hqc2rr1qlzqbvwlfl3x0', version: '1.1.0' }, '2': { active: false } }, component: { '1': { active: true, id: 'c', version: '1', x: 0, y: 0 } } },
        options,
      ),
    as: '141981764',
    reply: { body: { data: slots } },
    method: 'PUT',
    path: '/users/extensions',
    query: [],
    body: { data: { panel: { '1': { active: true, id: 'rh6jq1q334hqc2rr1qlzqbvwlfl3x0', version: '1.1.0' }, '2': { active: false } }, component: { '1': { active: true, id: 'c', version: '1', x: 0, y: 0 } } } },
    token: 'user',
    result: slots,
  },
  {
    title: 'authorizationByUser: the app token, repeated user_id keys',
    operation: api.authorizationByUserOperation,
    run: (client, options) => api.authorizationByUser(client, { user_id: ['141981764', '197886470'] }, options),
    as: 'app',
    reply: { body: { data: [authorization, { ...authorization, user_id: '197886470', scopes: [] }] } },
    method: 'GET',
    path: '/authorization/users',
    query: [['user_id', '141981764'], ['user_id', '197886470']],
    token: 'app',
    result: [authorization, { ...authorization, user_id: '197886470', scopes: [] }],
  },
  // ---- channels ----
  {
    title: 'channelInformation: repeated broadcaster_id keys, the list',
    operation: api.channelInformationOperation,
    run: (client, options) => api.channelInformation(client, { broadcaster_id: ['141981764', '2'] }, options),
    as: 'app',
    reply: { body: { data: [channel] } },
    method: 'GET',
    path: '/channels',
    query: [['broadcaster_id', '141981764'], ['broadcaster_id', '2']],
    token: 'app',
    result: [channel],
  },
  {
    title: 'updateChannel: PATCH, broadcaster_id from the token in the query, changes in a flat body, 204',
    operation: api.updateChannelOperation,
    run: (client, options) =>
      api.updateChannel(
        client,
        {
          game_id: '33214',
          title: 'there are helicopters in the game?',
          broadcaster_language: 'en',
          delay: 900,
          tags: ['LevelingUp'],
          content_classification_labels: [{ id: 'Gambling', is_enabled: true }, { id: 'DrugsIntoxication', is_enabled: false }],
          is_branded_content: true,
        },
        options,
      ),
    as: '41245072',
    reply: none,
    method: 'PATCH',
    path: '/channels',
    query: [['broadcaster_id', '41245072']],
    body: {
      game_id: '33214',
      title: 'there are helicopters in the game?',
      broadcaster_language: 'en',
      delay: 900,
      tags: ['LevelingUp'],
      content_classification_labels: [{ id: 'Gambling', is_enabled: true }, { id: 'DrugsIntoxication', is_enabled: false }],
      is_branded_content: true,
    },
    token: 'user',
    result: undefined,
  },
  {
    title: 'updateChannel: unsetting the game and every tag',
    operation: api.updateChannelOperation,
    run: (client, options) => api.updateChannel(client, { broadcaster_id: '41245072', game_id: '', tags: [] }, options),
    as: '41245072',
    reply: none,
    method: 'PATCH',
    path: '/channels',
    query: [['broadcaster_id', '41245072']],
    body: { game_id: '', tags: [] },
    token: 'user',
    result: undefined,
  },
  {
    title: 'channelEditors: broadcaster_id from the token, the list',
    operation: api.channelEditorsOperation,
    run: (client, options) => api.channelEditors(client, undefined, options),
    as: '141981764',
    reply: { body: { data: [editor] } },
    method: 'GET',
    path: '/channels/editors',
    query: [['broadcaster_id', '141981764']],
    token: 'user',
    result: [editor],
  },
  {
    title: 'followedChannels: user_id from the token, a page with total',
    operation: api.followedChannelsOperation,
    run: (client, options) => firstPage(api.followedChannels(client, { broadcaster_id: '11111', first: 100, after: 'c0' }, options)),
    as: '123456',
    reply: { body: { total: 8, data: [followed], pagination: {} } },
    method: 'GET',
    path: '/channels/followed',
    query: [['after', 'c0'], ['broadcaster_id', '11111'], ['first', '100'], ['user_id', '123456']],
    token: 'user',
    result: { data: [followed], cursor: undefined, total: 8 },
  },
  {
    title: 'channelFollowers: a page with total and a cursor',
    operation: api.channelFollowersOperation,
    run: (client, options) => firstPage(api.channelFollowers(client, { broadcaster_id: '123456', user_id: '11111', first: 1 }, options)),
    as: '123456',
    reply: { body: { total: 8, data: [follower], pagination: { cursor: 'eyJi' } } },
    method: 'GET',
    path: '/channels/followers',
    query: [['broadcaster_id', '123456'], ['first', '1'], ['user_id', '11111']],
    token: 'user',
    result: { data: [follower], cursor: 'eyJi', total: 8 },
  },
  // ---- teams, search, games, labels, whispers ----
  {
    title: 'channelTeams: the list',
    operation: api.channelTeamsOperation,
    run: (client, options) => api.channelTeams(client, { broadcaster_id: '96909659' }, options),
    as: 'app',
    reply: { body: { data: [channelTeam] } },
    method: 'GET',
    path: '/teams/channel',
    query: [['broadcaster_id', '96909659']],
    token: 'app',
    result: [channelTeam],
  },
  {
    title: 'teams: by id, data[0]',
    operation: api.teamsOperation,
    run: (client, options) => api.teams(client, { id: '6358' }, options),
    as: 'app',
    reply: { body: { data: [team] } },
    method: 'GET',
    path: '/teams',
    query: [['id', '6358']],
    token: 'app',
    result: team,
  },
  {
    title: 'teams: by name',
    operation: api.teamsOperation,
    run: (client, options) => api.teams(client, { name: 'livecoders' }, options),
    as: '5',
    reply: { body: { data: [team] } },
    method: 'GET',
    path: '/teams',
    query: [['name', 'livecoders']],
    token: 'user',
    result: team,
  },
  {
    title: 'searchCategories: query and first, a page',
    operation: api.searchCategoriesOperation,
    run: (client, options) => firstPage(api.searchCategories(client, { query: 'angel of death', first: 5 }, options)),
    as: 'app',
    reply: { body: { data: [category], pagination: { cursor: 'eyJi' } } },
    method: 'GET',
    path: '/search/categories',
    query: [['first', '5'], ['query', 'angel of death']],
    token: 'app',
    result: { data: [category], cursor: 'eyJi', total: undefined },
  },
  {
    title: 'searchChannels: live_only as true, a page',
    operation: api.searchChannelsOperation,
    run: (client, options) => firstPage(api.searchChannels(client, { query: 'a_seagull', live_only: true, after: 'Mg==' }, options)),
    as: 'app',
    reply: { body: { data: [searched], pagination: {} } },
    method: 'GET',
    path: '/search/channels',
    query: [['after', 'Mg=='], ['live_only', 'true'], ['query', 'a_seagull']],
    token: 'app',
    result: { data: [searched], cursor: undefined, total: undefined },
  },
  {
    title: 'topGames: no parameters, a page',
    operation: api.topGamesOperation,
    run: (client, options) => firstPage(api.topGames(client, undefined, options)),
    as: 'app',
    reply: { body: { data: [game], pagination: { cursor: 'eyJi' } } },
    method: 'GET',
    path: '/games/top',
    query: [],
    token: 'app',
    result: { data: [game], cursor: 'eyJi', total: undefined },
  },
  {
    title: 'topGames: before, paging backwards',
    operation: api.topGamesOperation,
    run: (client, options) => firstPage(api.topGames(client, { before: 'b1', first: 100 }, options)),
    as: 'app',
    reply: { body: { data: [game], pagination: {} } },
    method: 'GET',
    path: '/games/top',
    query: [['before', 'b1'], ['first', '100']],
    token: 'app',
    result: { data: [game], cursor: undefined, total: undefined },
  },
  {
    title: 'games: repeated id, name and igdb_id keys, the list',
    operation: api.gamesOperation,
    run: (client, options) => api.games(client, { id: '33214', name: ['Fortnite', 'Just Chatting'], igdb_id: '1905' }, options),
    as: 'app',
    reply: { body: { data: [game] } },
    method: 'GET',
    path: '/games',
    query: [['id', '33214'], ['igdb_id', '1905'], ['name', 'Fortnite'], ['name', 'Just Chatting']],
    token: 'app',
    result: [game],
  },
  {
    title: 'contentClassificationLabels: locale in the query, the list',
    operation: api.contentClassificationLabelsOperation,
    run: (client, options) => api.contentClassificationLabels(client, { locale: 'fr-FR' }, options),
    as: 'app',
    reply: { body: { data: [label] } },
    method: 'GET',
    path: '/content_classification_labels',
    query: [['locale', 'fr-FR']],
    token: 'app',
    result: [label],
  },
  {
    title: 'contentClassificationLabels: no parameters',
    operation: api.contentClassificationLabelsOperation,
    run: (client, options) => api.contentClassificationLabels(client, undefined, options),
    as: '5',
    reply: { body: { data: [label] } },
    method: 'GET',
    path: '/content_classification_labels',
    query: [],
    token: 'user',
    result: [label],
  },
  {
    title: 'sendWhisper: from_user_id from the token and to_user_id in the query, message in the body, 204',
    operation: api.sendWhisperOperation,
    run: (client, options) => api.sendWhisper(client, { to_user_id: '456', message: 'hello' }, options),
    as: '123',
    reply: none,
    method: 'POST',
    path: '/whispers',
    query: [['from_user_id', '123'], ['to_user_id', '456']],
    body: { message: 'hello' },
    token: 'user',
    result: undefined,
  },
];

/** Sorted by key; a repeated key keeps the order of its values (the sort is stable). */
const byKey = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Every declaration the package exports, by its `<group>.<name>`. */
const declarations = Object.entries(api)
  .filter(([key]) => key.endsWith('Operation'))
  .map(([, value]) => value as { name: string; token: string; scopes: readonly string[]; actingUser?: string });

describe('the wire shape of every operation', () => {
  it('covers the 22 operations, each exported as a function and a declaration', () => {
    const expected = [
      'users.users', 'users.updateUser', 'users.blockList', 'users.blockUser', 'users.unblockUser', 'users.userExtensions',
      'users.activeExtensions', 'users.updateUserExtensions', 'users.authorizationByUser',
      'channels.channelInformation', 'channels.updateChannel', 'channels.channelEditors', 'channels.followedChannels', 'channels.channelFollowers',
      'teams.channelTeams', 'teams.teams', 'search.searchCategories', 'search.searchChannels', 'games.topGames', 'games.games',
      'contentClassificationLabels.contentClassificationLabels', 'whispers.sendWhisper',
    ].sort();
    expect(declarations.map((declaration) => declaration.name).sort()).toEqual(expected);
    expect([...new Set(cases.map((row) => row.operation.name))].sort()).toEqual(expected);
    // The standalone function carries the name after the group, as `Platform` binds it.
    for (const name of expected) expect(typeof (api as Record<string, unknown>)[name.split('.')[1]!], name).toBe('function');
  });

  it.each(cases)('$title', async (row) => {
    const { client, requests } = stubClient(() => row.reply);
    const result = await row.run(client, { as: row.as });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe(row.method);
    expect(request!.url.pathname).toBe(`/helix${row.path}`);
    expect(byKey([...request!.url.searchParams])).toEqual(byKey(row.query));
    if (row.body === undefined) {
      expect(request!.body).toBeUndefined();
      expect(request!.headers.get('content-type')).toBeNull();
    } else {
      expect(JSON.parse(request!.body!)).toEqual(row.body);
      expect(request!.headers.get('content-type')).toBe('application/json');
    }
    expect(request!.headers.get('authorization')).toBe(row.token === 'app' ? 'Bearer app-token' : `Bearer user-token-${row.as}`);
    expect(request!.headers.get('client-id')).toBe('cid');
    expect(result).toEqual(row.result);
  });

  it('declares every operation frozen, with the reference token kinds, scopes and acting-user fields', () => {
    const table: Record<string, [token: string, scopes: string[], actingUser?: string]> = {
      'users.users': ['either', []],
      'users.updateUser': ['user', ['user:edit']],
      'users.blockList': ['user', ['user:read:blocked_users'], 'broadcaster_id'],
      'users.blockUser': ['user', ['user:manage:blocked_users']],
      'users.unblockUser': ['user', ['user:manage:blocked_users']],
      'users.userExtensions': ['user', ['user:read:broadcast', 'user:edit:broadcast']],
      'users.activeExtensions': ['either', [], 'user_id'],
      'users.updateUserExtensions': ['user', ['user:edit:broadcast']],
      'users.authorizationByUser': ['app', []],
      'channels.channelInformation': ['either', []],
      'channels.updateChannel': ['user', ['channel:manage:broadcast'], 'broadcaster_id'],
      'channels.channelEditors': ['user', ['channel:read:editors'], 'broadcaster_id'],
      'channels.followedChannels': ['user', ['user:read:follows'], 'user_id'],
      'channels.channelFollowers': ['user', []],
      'teams.channelTeams': ['either', []],
      'teams.teams': ['either', []],
      'search.searchCategories': ['either', []],
      'search.searchChannels': ['either', []],
      'games.topGames': ['either', []],
      'games.games': ['either', []],
      'contentClassificationLabels.contentClassificationLabels': ['either', []],
      'whispers.sendWhisper': ['user', ['user:manage:whispers'], 'from_user_id'],
    };
    expect(declarations).toHaveLength(Object.keys(table).length);
    for (const declaration of declarations) {
      const [token, scopes, actingUser] = table[declaration.name]!;
      expect(Object.isFrozen(declaration), declaration.name).toBe(true);
      expect(declaration.token, declaration.name).toBe(token);
      expect([...declaration.scopes], declaration.name).toEqual(scopes);
      expect(declaration.actingUser, declaration.name).toBe(actingUser);
    }
  });

  it('percent-encodes a search text and a login in the query', async () => {
    const { client, requests } = stubClient(() => ({ body: { data: [], pagination: {} } }));
    await api.searchCategories(client, { query: '#archery & more' }, { as: 'app' });
    await api.users(client, { login: 'a&b=c' }, { as: 'app' });
    expect(requests[0]!.url.searchParams.get('query')).toBe('#archery & more');
    expect(requests[0]!.url.search).not.toContain('#');
    expect(requests[1]!.url.searchParams.getAll('login')).toEqual(['a&b=c']);
  });

  it('the acting user must be named when a raw token is used', async () => {
    const { client, requests } = stubClient(() => ({ status: 204 }));
    await expect(api.sendWhisper(client, { to_user_id: '456', message: 'hi' }, { token: 'raw-token' })).rejects.toThrow(
      'POST /whispers needs from_user_id: a token passed by hand does not say who it belongs to.',
    );
    await expect(firstPage(api.blockList(client, {}, { token: 'raw-token' }))).rejects.toThrow('GET /users/blocks needs broadcaster_id: a token passed by hand does not say who it belongs to.');
    expect(requests).toHaveLength(0);
  });

  it('an extensions answer without its data object is an error, not undefined', async () => {
    const { client } = stubClient(() => ({ body: { data: [] } }));
    await expect(api.activeExtensions(client, {}, { as: '5' })).rejects.toThrow('GET /users/extensions returned no data.');
    await expect(api.updateUserExtensions(client, { overlay: {} }, { as: '5' })).rejects.toThrow('PUT /users/extensions returned no data.');
  });

  it('a team lookup the platform answers with no team is an error', async () => {
    const { client } = stubClient(() => ({ body: { data: [] } }));
    await expect(api.teams(client, { name: 'nobody' }, { as: 'app' })).rejects.toThrow('GET /teams returned no data.');
  });

  it('followedChannels and channelFollowers: total() is the platform total, and the pages follow the cursor', async () => {
    const { client, requests } = stubClient((request) => ({
      body: request.url.searchParams.get('after') === null ? { total: 3, data: [follower, follower], pagination: { cursor: 'p2' } } : { total: 3, data: [follower], pagination: {} },
    }));
    expect(await api.channelFollowers(client, { broadcaster_id: '1' }, { as: '1' }).total()).toBe(3);
    expect(await api.channelFollowers(client, { broadcaster_id: '1', first: 2 }, { as: '1' }).all()).toHaveLength(3);
    expect(requests.slice(1).map((request) => request.url.searchParams.get('after'))).toEqual([null, 'p2']);
    expect(await api.followedChannels(client, {}, { as: '1' }).total()).toBe(3);
  });
});
