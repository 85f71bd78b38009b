import { PlatformError } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { authorizationByUser, channelInformation, games, gamesOperation, users, usersOperation } from '../src/index';
import { stubClient, type SeenRequest } from './stub';

/*
 * Long ID lists are split at the platform's maximum per request and the results joined in order.
 * `users` and `games` count several lists against one maximum (id and login; id, name and
 * igdb_id), so their lists are split together.
 */

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

/** Answers each request with one record per value asked, in the order asked. */
function echo(keys: string[], shape: (key: string, value: string) => Record<string, string>) {
  return (request: SeenRequest) => ({ body: { data: keys.flatMap((key) => request.url.searchParams.getAll(key).map((value) => shape(key, value))) } });
}

const userOf = (key: string, value: string) => (key === 'id' ? { id: value, login: `login-of-${value}` } : { id: `id-of-${value}`, login: value });

describe('users: id and login count together, 100 per request', () => {
  it('150 IDs and 80 logins: requests of 100, 100 and 30 values, the users in the order given', async () => {
    const { client, requests } = stubClient(echo(['id', 'login'], userOf));
    const wantedIds = ids('i', 150);
    const wantedLogins = ids('l', 80);
    const found = await users(client, { id: wantedIds, login: wantedLogins }, { as: 'app' });
    expect(requests.map((request) => [request.url.searchParams.getAll('id').length, request.url.searchParams.getAll('login').length])).toEqual([
      [100, 0],
      [50, 50],
      [0, 30],
    ]);
    expect(requests.flatMap((request) => request.url.searchParams.getAll('id'))).toEqual(wantedIds);
    expect(requests.flatMap((request) => request.url.searchParams.getAll('login'))).toEqual(wantedLogins);
    expect(found.map((user) => user.id)).toEqual([...wantedIds, ...wantedLogins.map((login) => `id-of-${login}`)]);
  });

  it('60 IDs and 40 logins (100 together) are one request; 60 and 41 are two', async () => {
    const { client, requests } = stubClient(echo(['id', 'login'], userOf));
    await users(client, { id: ids('i', 60), login: ids('l', 40) }, { as: 'app' });
    expect(requests).toHaveLength(1);
    await users(client, { id: ids('i', 60), login: ids('l', 41) }, { as: 'app' });
    expect(requests.slice(1).map((request) => [request.url.searchParams.getAll('id').length, request.url.searchParams.getAll('login').length])).toEqual([
      [60, 40],
      [0, 1],
    ]);
  });

  it('101 logins given alone: 100 and 1; a single ID as a string is one key', async () => {
    const { client, requests } = stubClient(echo(['id', 'login'], userOf));
    const found = await users(client, { login: ids('l', 101) }, { as: 'app' });
    expect(found).toHaveLength(101);
    expect(requests.map((request) => request.url.searchParams.getAll('login').length)).toEqual([100, 1]);
    expect(requests.every((request) => !request.url.searchParams.has('id'))).toBe(true);
    await users(client, { id: '42' }, { as: 'app' });
    expect(requests[2]!.url.search).toBe('?id=42');
  });
});

describe('users and games: the combined lists, checked and split', () => {
  it('the two operations declare the combined lists and nothing else (a split request carries only its share of them)', () => {
    expect(Object.keys(usersOperation.params)).toEqual(['id', 'login']);
    expect(Object.keys(gamesOperation.params)).toEqual(['id', 'name', 'igdb_id']);
  });

  it.each([
    ['a number', { id: 5 }, 'id', 'must be an ID or a list of IDs (non-empty strings); got 5.'],
    ['an empty string', { id: '' }, 'id', 'must be an ID or a list of IDs (non-empty strings); got "".'],
    ['a list holding a number', { login: ['alice', 7] }, 'login', 'must be an ID or a list of IDs (non-empty strings); got an array.'],
    ['a list holding a list', { login: [['alice']] }, 'login', 'must be an ID or a list of IDs (non-empty strings); got an array.'],
    ['an object', { id: { id: '1' } }, 'id', 'must be an ID or a list of IDs (non-empty strings); got an object.'],
    ['null', { login: null }, 'login', 'must be an ID or a list of IDs (non-empty strings); got null.'],
    ['an empty list', { login: [] }, 'login', 'must hold at least one ID; got an array.'],
  ])('users with %s is refused before anything is sent', async (_, params, key, problem) => {
    const { client, requests } = stubClient(echo(['id', 'login'], userOf));
    const error = await users(client, params as never, { as: 'app' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toBe(`The parameter ${key} of users.users ${problem}`);
    expect(requests).toHaveLength(0);
  });

  it('games checks each list: an empty IGDB ID in a list is refused', async () => {
    const { client, requests } = stubClient(echo(['id', 'name', 'igdb_id'], (key, value) => ({ id: `${key}:${value}` })));
    await expect(games(client, { id: '1', igdb_id: ['2', ''] }, { as: 'app' })).rejects.toThrow(
      'The parameter igdb_id of games.games must be an ID or a list of IDs (non-empty strings); got an array.',
    );
    expect(requests).toHaveLength(0);
  });

  it('one ID as a string and 100 logins: 1 ID and 99 logins, then 1 login; each request holds only its share', async () => {
    const { client, requests } = stubClient(echo(['id', 'login'], userOf));
    const logins = ids('l', 100);
    const found = await users(client, { id: '42', login: logins }, { as: 'app' });
    expect(requests.map((request) => request.url.search)).toEqual([
      `?id=42&${logins
        .slice(0, 99)
        .map((login) => `login=${login}`)
        .join('&')}`,
      '?login=l99',
    ]);
    expect(found.map((user) => user.login)).toEqual(['login-of-42', ...logins]);
  });

  it('exactly 100 values together go as given, in one request', async () => {
    const { client, requests } = stubClient(echo(['id', 'login'], userOf));
    await users(client, { id: '42', login: ids('l', 99) }, { as: 'app' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.getAll('login')).toHaveLength(99);
  });
});

describe('games: id, name and igdb_id count together, 100 per request', () => {
  it('50 IDs, 50 names and 50 IGDB IDs: two requests, the games in the order given', async () => {
    const { client, requests } = stubClient(echo(['id', 'name', 'igdb_id'], (key, value) => ({ id: `${key}:${value}`, name: value, box_art_url: '', igdb_id: '' })));
    const wanted = { id: ids('g', 50), name: ids('n', 50), igdb_id: ids('q', 50) };
    const found = await games(client, wanted, { as: 'app' });
    expect(requests.map((request) => ['id', 'name', 'igdb_id'].map((key) => request.url.searchParams.getAll(key).length))).toEqual([
      [50, 50, 0],
      [0, 0, 50],
    ]);
    expect(found.map((game) => game.id)).toEqual([...wanted.id.map((id) => `id:${id}`), ...wanted.name.map((name) => `name:${name}`), ...wanted.igdb_id.map((id) => `igdb_id:${id}`)]);
  });
});

describe('one list split alone', () => {
  it('channelInformation: 250 broadcasters in requests of 100, 100 and 50, joined in order', async () => {
    const { client, requests } = stubClient(echo(['broadcaster_id'], (_, value) => ({ broadcaster_id: value })));
    const wanted = ids('b', 250);
    const found = await channelInformation(client, { broadcaster_id: wanted }, { as: 'app' });
    expect(requests.map((request) => request.url.searchParams.getAll('broadcaster_id').length)).toEqual([100, 100, 50]);
    expect(found.map((channel) => channel.broadcaster_id)).toEqual(wanted);
  });

  it('authorizationByUser: 25 users in requests of 10, 10 and 5, joined in order', async () => {
    const { client, requests } = stubClient(echo(['user_id'], (_, value) => ({ user_id: value })));
    const wanted = ids('u', 25);
    const found = await authorizationByUser(client, { user_id: wanted }, { as: 'app' });
    expect(requests.map((request) => request.url.searchParams.getAll('user_id').length)).toEqual([10, 10, 5]);
    expect(found.map((granted) => granted.user_id)).toEqual(wanted);
  });

  it('authorizationByUser: exactly 10 users are one request', async () => {
    const { client, requests } = stubClient(echo(['user_id'], (_, value) => ({ user_id: value })));
    await authorizationByUser(client, { user_id: ids('u', 10) }, { as: 'app' });
    expect(requests).toHaveLength(1);
  });
});
