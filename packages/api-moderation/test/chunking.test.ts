import { createClient } from '@platform/core';
import { describe, expect, it } from 'vitest';
import { bans, moderators, vips } from '../src/index';
import { stubFetch, testAuthenticator, type SeenRequest } from './stub';

/*
 * The user_id filters of bans, moderators and vips take any number of IDs: the platform takes
 * 100 per request, so longer lists are split and the paginator walks chunk after chunk, each
 * chunk page by page, in the order given.
 */

const lists = [
  ['bans', bans, '/helix/moderation/banned'],
  ['moderators', moderators, '/helix/moderation/moderators'],
  ['vips', vips, '/helix/channels/vips'],
] as const;

const ids = (count: number) => Array.from({ length: count }, (_, index) => `u${index}`);

/** Answers with the requested users that "match", two pages per chunk when it holds more than 10. */
function platform(request: SeenRequest) {
  const wanted = request.url.searchParams.getAll('user_id');
  const after = request.url.searchParams.get('after');
  const half = wanted.length > 10 ? Math.ceil(wanted.length / 2) : wanted.length;
  const slice = after === null ? wanted.slice(0, half) : wanted.slice(half);
  const more = after === null && half < wanted.length;
  return { body: { data: slice.map((user_id) => ({ user_id, user_login: user_id, user_name: user_id })), pagination: more ? { cursor: 'second-half' } : {} } };
}

function setup() {
  const stub = stubFetch(platform);
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, authenticator: () => testAuthenticator });
  return { client, requests: stub.requests };
}

describe.each(lists)('%s', (_, list, path) => {
  it('splits 250 IDs into requests of 100, 100 and 50 and joins the users in order', async () => {
    const { client, requests } = setup();
    const wanted = ids(250);
    const users = await list(client, { user_id: wanted, first: 100 }, { as: '1' }).all();
    expect(users.map((user) => user.user_id)).toEqual(wanted);
    // Each chunk is walked page by page before the next chunk starts.
    expect(requests.map((request) => [request.url.searchParams.getAll('user_id').length, request.url.searchParams.get('after')])).toEqual([
      [100, null],
      [100, 'second-half'],
      [100, null],
      [100, 'second-half'],
      [50, null],
      [50, 'second-half'],
    ]);
    expect(requests.flatMap((request) => (request.url.searchParams.get('after') === null ? request.url.searchParams.getAll('user_id') : []))).toEqual(wanted);
    for (const request of requests) {
      expect(request.url.pathname).toBe(path);
      expect(request.url.searchParams.get('broadcaster_id')).toBe('1');
      expect(request.url.searchParams.get('first')).toBe('100');
      expect(request.headers.get('authorization')).toBe('Bearer user-token-1');
    }
  });

  it('sends exactly 100 IDs in one request, repeated keys in order', async () => {
    const { client, requests } = setup();
    const wanted = ids(100);
    const page = await list(client, { user_id: wanted }, { as: '1' });
    expect(page.data).toHaveLength(50);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.getAll('user_id')).toEqual(wanted);
  });

  it('sends one ID given as a string as one key', async () => {
    const { client, requests } = setup();
    const users = await list(client, { user_id: 'u7' }, { as: '1' }).all();
    expect(users).toEqual([{ user_id: 'u7', user_login: 'u7', user_name: 'u7' }]);
    expect(requests.map((request) => request.url.search)).toEqual(['?user_id=u7&broadcaster_id=1']);
  });

  it('the first page of a split list comes from the first chunk alone; take() stops early', async () => {
    const { client, requests } = setup();
    const paginator = list(client, { user_id: ids(201) }, { as: '1' });
    expect((await paginator).data.map((user) => user.user_id)).toEqual(ids(50));
    expect(await paginator.take(120)).toHaveLength(120);
    // First chunk (two pages) and the first page of the second chunk.
    expect(requests).toHaveLength(3);
  });
});
