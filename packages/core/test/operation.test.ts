import { afterEach, describe, expect, it } from 'vitest';
import {
  arrayParam,
  booleanParam,
  callOperation,
  createClient,
  dataResult,
  defineOperation,
  envelopeResult,
  firstOrNullResult,
  firstResult,
  idsParam,
  numberParam,
  pageResult,
  paginateOperation,
  PlatformAuthError,
  PlatformError,
  stringParam,
  voidResult,
  type ClientOptions,
  type ParamKind,
} from '../src/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { stubFetch, testAuthenticator, type SeenRequest, type StubReply } from './stub';

// Declarations shaped like the group packages' ones (the real ones live in @platform/api-*).
interface Chatter { user_id: string }
const chatters = defineOperation<{ broadcaster_id: string; moderator_id?: string; first?: number; after?: string }, Chatter>({
  name: 'chat.chatters',
  method: 'GET',
  path: '/chat/chatters',
  token: 'either',
  scopes: ['moderator:read:chatters'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    first: { type: numberParam, in: 'query', min: 1, max: 1000, integer: true },
    after: { type: 'string', in: 'query' },
  },
  result: pageResult,
});
const emoteSets = defineOperation<{ emote_set_id: string | string[] }, { data: { id: string }[]; template: string }>({
  name: 'chat.emoteSets', method: 'GET', path: '/chat/emotes/set', token: 'either', scopes: [],
  params: { emote_set_id: { type: idsParam, in: 'query', required: true, chunk: 25 } },
  result: envelopeResult,
});
const colors = defineOperation<{ user_id: string | string[] }, { user_id: string }[]>({
  name: 'chat.colors', method: 'GET', path: '/chat/color', token: 'either', scopes: [],
  params: { user_id: { type: idsParam, in: 'query', required: true, chunk: 100 } },
  result: dataResult,
});
const ban = defineOperation<{ broadcaster_id: string; moderator_id?: string; user_id: string; duration?: number; reason?: string }, { user_id: string }>({
  name: 'moderation.ban', method: 'POST', path: '/moderation/bans', token: 'either', scopes: ['moderator:manage:banned_users'],
  actingUser: 'moderator_id',
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    moderator_id: { type: 'string', in: 'query' },
    user_id: { type: 'string', in: 'body', required: true },
    duration: { type: numberParam, in: 'body', min: 1, max: 1_209_600, integer: true },
    reason: { type: stringParam, in: 'body', maxLength: 500 },
  },
  bodyWrap: 'data',
  result: firstResult,
});
const sharedSession = defineOperation<{ broadcaster_id: string }, { session_id: string } | null>({
  name: 'chat.sharedSession', method: 'GET', path: '/shared_chat/session', token: 'either', scopes: [],
  params: { broadcaster_id: { type: 'string', in: 'query', required: true } },
  result: firstOrNullResult,
});
const updateSettings = defineOperation<{ broadcaster_id: string; delay?: number; mode?: string; data?: unknown[]; flag?: boolean }, void>({
  name: 'chat.updateSettings', method: 'PATCH', path: '/chat/settings', token: 'either', scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    delay: { type: numberParam, in: 'body', oneOf: [2, 4, 6] },
    mode: { type: stringParam, in: 'body', minLength: 2, maxLength: 5 },
    data: { type: arrayParam, in: 'body', minLength: 1, maxLength: 3 },
    flag: { type: booleanParam, in: 'body' },
  },
  result: voidResult,
});
const bans = defineOperation<{ broadcaster_id?: string; user_id?: string | string[]; after?: string; before?: string }, { user_id: string }>({
  name: 'moderation.bans', method: 'GET', path: '/moderation/banned', token: 'either', scopes: [],
  actingUser: 'broadcaster_id',
  params: { broadcaster_id: { type: 'string', in: 'query' }, user_id: { type: idsParam, in: 'query', chunk: 100 }, after: { type: 'string', in: 'query' }, before: { type: 'string', in: 'query' } },
  result: pageResult,
});

let clock: VirtualClock;
afterEach(() => clock?.stop());

function setup(handler: (request: SeenRequest, index: number) => StubReply | Promise<StubReply>, options: Partial<ClientOptions> = {}) {
  clock = createVirtualClock({ auto: true });
  const stub = stubFetch(clock, handler);
  const { authenticator } = testAuthenticator();
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock, authenticator: () => authenticator, ...options });
  return { client, requests: stub.requests };
}

describe('parameter validation, before anything is sent', () => {
  const { client, requests } = setup(() => ({ body: { data: [] } }));
  it.each([
    [chatters, {}, 'chat.chatters needs the parameter broadcaster_id.'],
    [chatters, { broadcaster_id: '' }, 'The parameter broadcaster_id of chat.chatters must not be empty; got "".'],
    [chatters, { broadcaster_id: 1 }, 'The parameter broadcaster_id of chat.chatters must be a string; got 1.'],
    [chatters, { broadcaster_id: '1', first: 1001 }, 'The parameter first of chat.chatters must be from 1 to 1000; got 1001.'],
    [chatters, { broadcaster_id: '1', first: 0 }, 'The parameter first of chat.chatters must be from 1 to 1000; got 0.'],
    [chatters, { broadcaster_id: '1', first: 2.5 }, 'The parameter first of chat.chatters must be a whole number; got 2.5.'],
    [chatters, { broadcaster_id: '1', firts: 5 }, 'chat.chatters has no parameter firts.'],
    [chatters, 'broadcaster', 'chat.chatters takes an object of parameters; got "broadcaster".'],
    [ban, { broadcaster_id: '1', user_id: '2', duration: 1_209_601 }, 'The parameter duration of moderation.ban must be from 1 to 1209600; got 1209601.'],
    [ban, { broadcaster_id: '1', user_id: '2', reason: 'x'.repeat(501) }, `The parameter reason of moderation.ban must hold at most 500 characters; got "${'x'.repeat(40)}…" (501 characters).`],
    [updateSettings, { broadcaster_id: '1', delay: 3 }, 'The parameter delay of chat.updateSettings must be one of 2, 4, 6; got 3.'],
    [updateSettings, { broadcaster_id: '1', mode: 'a' }, 'The parameter mode of chat.updateSettings must hold from 2 to 5 characters; got "a".'],
    [updateSettings, { broadcaster_id: '1', data: [] }, 'The parameter data of chat.updateSettings must hold from 1 to 3 items; got an array.'],
    [updateSettings, { broadcaster_id: '1', flag: 'yes' }, 'The parameter flag of chat.updateSettings must be true or false; got "yes".'],
    [colors, { user_id: [] }, 'The parameter user_id of chat.colors must hold at least one ID; got an array.'],
    [colors, { user_id: ['1', ''] }, 'The parameter user_id of chat.colors must be an ID or a list of IDs (non-empty strings); got an array.'],
    // Holes are no IDs (`some()` would skip them and send `user_id=undefined`).
    // eslint-disable-next-line no-sparse-arrays -- the hole is what is checked
    [colors, { user_id: [, '1001'] }, 'The parameter user_id of chat.colors must be an ID or a list of IDs (non-empty strings); got an array.'],
    [colors, { user_id: new Array(2) }, 'The parameter user_id of chat.colors must be an ID or a list of IDs (non-empty strings); got an array.'],
    // Names Object.prototype has are no parameters, nor is an own `__proto__` as JSON.parse makes it.
    [chatters, { broadcaster_id: '1', constructor: 'x' }, 'chat.chatters has no parameter constructor.'],
    [chatters, { broadcaster_id: '1', toString: 'x' }, 'chat.chatters has no parameter toString.'],
    [chatters, { broadcaster_id: '1', hasOwnProperty: 'x', valueOf: 'y' }, 'chat.chatters has no parameter hasOwnProperty.'],
    [chatters, JSON.parse('{"broadcaster_id":"1","__proto__":{"first":5}}'), 'chat.chatters has no parameter __proto__.'],
    // An empty ID or cursor in the query would be sent as `key=`; an empty acting user would stop the token's user being filled in.
    [chatters, { broadcaster_id: '1', moderator_id: '' }, 'The parameter moderator_id of chat.chatters must not be empty; got "".'],
    [chatters, { broadcaster_id: '1', after: '' }, 'The parameter after of chat.chatters must not be empty; got "".'],
    // Inherited values are not the caller's parameters: a copy of the object holds none of them.
    [ban, Object.create({ broadcaster_id: '1', user_id: '2' }), 'moderation.ban needs the parameter broadcaster_id.'],
    // Characters are counted as the platform counts them: an emoji is one.
    [ban, { broadcaster_id: '1', user_id: '2', reason: '😀'.repeat(501) }, `The parameter reason of moderation.ban must hold at most 500 characters; got "${'😀'.repeat(20)}…" (1002 characters).`],
  ] as const)('%#: %s', async (operation, params, message) => {
    const run = () => (operation.result.name === 'page' ? paginateOperation(client, operation as never, params as never) : callOperation(client, operation as never, params as never));
    let error: unknown;
    try {
      await run();
    } catch (failure) {
      error = failure;
    }
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).constructor).toBe(PlatformError);
    expect((error as Error).message).toBe(message);
    expect(requests).toHaveLength(0);
  });

  it('counts characters in code points: 500 emoji fit in 500 characters', async () => {
    const sent = setup(() => ({ body: { data: [{ user_id: '2' }] } }));
    await callOperation(sent.client, ban, { broadcaster_id: '1', moderator_id: '9', user_id: '2', reason: '😀'.repeat(500) });
    expect(JSON.parse(sent.requests[0]!.body!)).toEqual({ data: { user_id: '2', reason: '😀'.repeat(500) } });
  });

  it('checks and sends the same values: the own enumerable ones of an object with a prototype', async () => {
    const sent = setup(() => ({ body: { data: [{ user_id: '2' }] } }));
    class BanParams {
      broadcaster_id = '1';
      moderator_id = '9';
      user_id = '2';
      get reason(): string {
        return 'inherited';
      }
    }
    await callOperation(sent.client, ban, new BanParams());
    expect(JSON.parse(sent.requests[0]!.body!)).toEqual({ data: { user_id: '2' } });
  });

  it('reads each value once: a getter that answers otherwise after the check is not read again', async () => {
    const sent = setup(() => ({ body: { data: [{ user_id: '2' }] } }));
    let reads = 0;
    const params = Object.defineProperty({ broadcaster_id: '1', moderator_id: '9', user_id: '2' }, 'reason', { get: () => (reads++ === 0 ? 'checked' : 'x'.repeat(501)), enumerable: true });
    await callOperation(sent.client, ban, params);
    expect(JSON.parse(sent.requests[0]!.body!)).toEqual({ data: { user_id: '2', reason: 'checked' } });
    expect(reads).toBe(1);
  });

  it('a paginator refuses bad parameters at once, synchronously', () => {
    expect(() => paginateOperation(client, chatters, { broadcaster_id: '1', first: 5000 })).toThrow('must be from 1 to 1000');
  });
});

describe('requests built from the declaration', () => {
  it('puts parameters in the query or the body, wraps the body, fills the acting user from the token', async () => {
    const { client, requests } = setup(() => ({ body: { data: [{ user_id: '2' }] } }));
    await expect(callOperation(client, ban, { broadcaster_id: '1', user_id: '2', duration: 600, reason: 'spam' }, { as: '77' })).resolves.toEqual({ user_id: '2' });
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url.pathname).toBe('/helix/moderation/bans');
    expect([...request!.url.searchParams]).toEqual([['broadcaster_id', '1'], ['moderator_id', '77']]);
    expect(JSON.parse(request!.body!)).toEqual({ data: { user_id: '2', duration: 600, reason: 'spam' } });
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get('authorization')).toBe('Bearer user-token-77');
  });

  it('keeps an acting user given by the caller', async () => {
    const { client, requests } = setup(() => ({ body: { data: [{ user_id: '2' }] } }));
    await callOperation(client, ban, { broadcaster_id: '1', moderator_id: '5', user_id: '2' }, { as: '77' });
    expect(requests[0]!.url.searchParams.get('moderator_id')).toBe('5');
  });

  it('with a raw token and no acting user, fails before sending', async () => {
    const { client, requests } = setup(() => ({ body: {} }));
    const error = await callOperation(client, ban, { broadcaster_id: '1', user_id: '2' }, { token: 'raw' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformAuthError);
    expect((error as Error).message).toBe('POST /moderation/bans needs moderator_id: a token passed by hand does not say who it belongs to.');
    expect(requests).toHaveLength(0);
  });

  it('with the app token and no acting user, the authenticator refuses before anything is sent', async () => {
    const { client, requests } = setup(() => ({ body: {} }));
    const error = await callOperation(client, ban, { broadcaster_id: '1', user_id: '2' }, { as: 'app' }).catch((failure: unknown) => failure);
    expect((error as Error).message).toBe(
      'POST /moderation/bans needs moderator_id: the call is made with the app token, which belongs to no user. Set moderator_id, or register the acting user with client.auth.addUser().',
    );
    expect(requests).toHaveLength(0);
  });

  it('client.as() views carry their identity into operations', async () => {
    const { client, requests } = setup(() => ({ body: { data: [{ user_id: '2' }] } }));
    await callOperation(client.as('31'), ban, { broadcaster_id: '1', user_id: '2' });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer user-token-31');
    expect(requests[0]!.url.searchParams.get('moderator_id')).toBe('31');
  });
});

describe('results', () => {
  it('first: data[0], and "returned no data." when the platform answers an empty list', async () => {
    const { client } = setup(() => ({ body: { data: [] } }));
    await expect(callOperation(client, ban, { broadcaster_id: '1', user_id: '2' }, { as: '7' })).rejects.toThrow(new PlatformError('POST /moderation/bans returned no data.'));
  });

  it('first-or-null: null for an empty list', async () => {
    const { client } = setup((_, index) => ({ body: { data: index === 0 ? [] : [{ session_id: 's' }] } }));
    await expect(callOperation(client, sharedSession, { broadcaster_id: '1' }, { as: 'app' })).resolves.toBeNull();
    await expect(callOperation(client, sharedSession, { broadcaster_id: '1' }, { as: 'app' })).resolves.toEqual({ session_id: 's' });
  });

  it('void: no value on 204', async () => {
    const { client, requests } = setup(() => ({ status: 204 }));
    await expect(callOperation(client, updateSettings, { broadcaster_id: '1', flag: false, delay: 4 }, { as: 'app' })).resolves.toBeUndefined();
    expect(requests[0]!.method).toBe('PATCH');
    expect(JSON.parse(requests[0]!.body!)).toEqual({ flag: false, delay: 4 });
  });

  it('splits a long ID list at the platform maximum and joins the lists in order', async () => {
    const { client, requests } = setup((request) => ({ body: { data: request.url.searchParams.getAll('user_id').map((user_id) => ({ user_id })) } }));
    const ids = Array.from({ length: 250 }, (_, index) => String(index));
    const result = await callOperation(client, colors, { user_id: ids }, { as: 'app' });
    expect(result.map((color) => color.user_id)).toEqual(ids);
    expect(requests.map((request) => request.url.searchParams.getAll('user_id').length)).toEqual([100, 100, 50]);
  });

  it('joins envelopes: the data in order, the other fields (template) kept', async () => {
    const { client, requests } = setup((request) => ({
      body: { data: request.url.searchParams.getAll('emote_set_id').map((id) => ({ id })), template: 'T/{{id}}' },
    }));
    const ids = Array.from({ length: 60 }, (_, index) => `set${index}`);
    const result = await callOperation(client, emoteSets, { emote_set_id: ids }, { as: 'app' });
    expect(result.template).toBe('T/{{id}}');
    expect(result.data.map((emote) => emote.id)).toEqual(ids);
    expect(requests).toHaveLength(3);
    await callOperation(client, emoteSets, { emote_set_id: 'one' }, { as: 'app' });
    expect(requests.at(-1)!.url.search).toBe('?emote_set_id=one');
  });

  it('counts the values of parameters whose kind has no split of its own together, in declaration order', async () => {
    // A kind like api-users' (users: `id` and `login`, 100 together): a check and no `splitParams`.
    const lookup: ParamKind = { name: 'ids', check: () => undefined };
    const lookups = defineOperation<{ id?: string | string[]; login?: string | string[] }, { id: string }[]>({
      name: 'users.users', method: 'GET', path: '/users', token: 'either', scopes: [],
      params: { id: { type: lookup, in: 'query', chunk: 3 }, login: { type: lookup, in: 'query', chunk: 3 } },
      result: dataResult,
    });
    const { client, requests } = setup((request) => ({ body: { data: [...request.url.searchParams.values()].map((id) => ({ id })) } }));
    const result = await callOperation(client, lookups, { login: ['a', 'b', 'c'], id: ['1', '2'] }, { as: 'app' });
    expect(result.map((user) => user.id)).toEqual(['1', '2', 'a', 'b', 'c']);
    expect(requests.map((request) => request.url.search)).toEqual(['?id=1&id=2&login=a', '?login=b&login=c']);
    // Within the maximum: one request, the parameters as given.
    await callOperation(client, lookups, { login: 'a', id: ['1', '2'] }, { as: 'app' });
    expect(requests.at(-1)!.url.search).toBe('?login=a&id=1&id=2');
  });
});

describe('paginators', () => {
  const pageOf = (after: string | null, size: number, pages: number, total?: number) => {
    const index = after === null ? 0 : Number(after);
    const data = Array.from({ length: size }, (_, item) => ({ user_id: `${index}-${item}` }));
    return { data, pagination: index + 1 < pages ? { cursor: String(index + 1) } : {}, ...(total === undefined ? {} : { total }) };
  };

  it('awaits to the first page, iterates every item across pages, and sends the cursor as after', async () => {
    const { client, requests } = setup((request) => ({ body: pageOf(request.url.searchParams.get('after'), 3, 3) }));
    const paginator = paginateOperation(client, chatters, { broadcaster_id: '1', first: 3 }, { as: '9' });
    const page = await paginator;
    expect(page.data).toHaveLength(3);
    expect(page.cursor).toBe('1');
    expect(page.raw.pagination).toEqual({ cursor: '1' });
    const items: string[] = [];
    for await (const chatter of paginator) items.push(chatter.user_id);
    expect(items).toEqual(['0-0', '0-1', '0-2', '1-0', '1-1', '1-2', '2-0', '2-1', '2-2']);
    // The first page was fetched once and shared.
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, '1', '2']);
    expect(requests.every((request) => request.url.searchParams.get('first') === '3' && request.url.searchParams.get('moderator_id') === '9')).toBe(true);
  });

  it('all({ limit }) and take(n) stop fetching once they have enough', async () => {
    const { client, requests } = setup((request) => ({ body: pageOf(request.url.searchParams.get('after'), 10, 100) }));
    await expect(paginateOperation(client, chatters, { broadcaster_id: '1' }, { as: '9' }).take(15)).resolves.toHaveLength(15);
    expect(requests).toHaveLength(2);
    await expect(paginateOperation(client, chatters, { broadcaster_id: '1' }, { as: '9' }).all({ limit: 0 })).resolves.toEqual([]);
    await expect(paginateOperation(client, chatters, { broadcaster_id: '1' }, { as: '9' }).all({ limit: -1 })).rejects.toThrow('limit must be a whole number');
  });

  it('all() collects every page', async () => {
    const { client } = setup((request) => ({ body: pageOf(request.url.searchParams.get('after'), 1000, 20) }));
    const all = await paginateOperation(client, chatters, { broadcaster_id: '1', first: 1000 }, { as: '9' }).all();
    expect(all).toHaveLength(20_000);
  });

  it('total() uses the platform total when the answer has one, else counts', async () => {
    const reported = setup((request) => ({ body: pageOf(request.url.searchParams.get('after'), 5, 4, 1234) }));
    await expect(paginateOperation(reported.client, chatters, { broadcaster_id: '1' }, { as: '9' }).total()).resolves.toBe(1234);
    expect(reported.requests).toHaveLength(1);
    const counted = setup((request) => ({ body: pageOf(request.url.searchParams.get('after'), 5, 4) }));
    await expect(paginateOperation(counted.client, chatters, { broadcaster_id: '1' }, { as: '9' }).total()).resolves.toBe(20);
    expect(counted.requests).toHaveLength(4);
  });

  it('total() of a long ID list is the platform total of the first chunk, not a sum of the chunks', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => String(index));
    const reported = setup(() => ({ body: { data: [{ user_id: 'x' }], pagination: {}, total: 500 } }));
    await expect(paginateOperation(reported.client, bans, { user_id: ids }, { as: '9' }).total()).resolves.toBe(500);
    expect(reported.requests).toHaveLength(1);
    // A null total (the platform's answer with a user_id filter): the items are counted, chunk after chunk.
    const counted = setup((request) => ({ body: { data: request.url.searchParams.getAll('user_id').slice(0, 2).map((id) => ({ user_id: id })), pagination: {}, total: null } }));
    await expect(paginateOperation(counted.client, bans, { user_id: ids }, { as: '9' }).total()).resolves.toBe(4);
    expect(counted.requests).toHaveLength(2);
  });

  it('an empty page ends the list even with a cursor', async () => {
    const { client, requests } = setup(() => ({ body: { data: [], pagination: { cursor: 'again' } } }));
    await expect(paginateOperation(client, chatters, { broadcaster_id: '1' }, { as: '9' }).all()).resolves.toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('walks a long ID list chunk after chunk, each chunk paged', async () => {
    const { client, requests } = setup((request) => {
      const ids = request.url.searchParams.getAll('user_id');
      const after = request.url.searchParams.get('after');
      const half = Math.ceil(ids.length / 2);
      const slice = after === null ? ids.slice(0, half) : ids.slice(half);
      return { body: { data: slice.map((user_id) => ({ user_id })), pagination: after === null ? { cursor: 'second' } : {} } };
    });
    const ids = Array.from({ length: 150 }, (_, index) => `u${index}`);
    const result = await paginateOperation(client, bans, { user_id: ids }, { as: '1' }).all();
    expect(result.map((user) => user.user_id)).toEqual(ids);
    expect(requests.map((request) => request.url.searchParams.getAll('user_id').length)).toEqual([100, 100, 50, 50]);
  });

  it('applies the signal to every page', async () => {
    const controller = new AbortController();
    const { client, requests } = setup((request, index) => {
      if (index === 1) controller.abort(new Error('enough'));
      return { body: pageOf(request.url.searchParams.get('after'), 2, 5) };
    });
    await expect(paginateOperation(client, chatters, { broadcaster_id: '1' }, { as: '9', signal: controller.signal }).all()).rejects.toThrow('enough');
    expect(requests).toHaveLength(2);
  });

  it('a page error rejects the iteration', async () => {
    const { client } = setup((_, index) => (index === 0 ? { body: pageOf(null, 2, 5) } : { status: 400, body: { message: 'bad cursor' } }));
    await expect(paginateOperation(client, chatters, { broadcaster_id: '1' }, { as: '9' }).all()).rejects.toThrow('bad cursor (400 on GET /chat/chatters)');
  });
});

describe('paging from a cursor the caller gives', () => {
  it('the next page replaces the caller cursor instead of repeating it', async () => {
    const { client, requests } = setup((request) => {
      const after = request.url.searchParams.getAll('after');
      const index = after.length === 0 ? 0 : Number(after.at(-1));
      return { body: { data: [{ user_id: String(index) }], pagination: index < 3 ? { cursor: String(index + 1) } : {} } };
    });
    const items = await paginateOperation(client, chatters, { broadcaster_id: '1', after: '1' }, { as: '9' }).all();
    expect(items.map((item) => item.user_id)).toEqual(['1', '2', '3']);
    expect(requests.map((request) => request.url.searchParams.getAll('after'))).toEqual([['1'], ['2'], ['3']]);
  });

  it('a caller who starts with before keeps paging backwards', async () => {
    const { client, requests } = setup((request) => {
      const before = request.url.searchParams.get('before');
      const index = Number(before);
      return { body: { data: [{ user_id: String(index - 1) }], pagination: index > 1 ? { cursor: String(index - 1) } : {} } };
    });
    const items = await paginateOperation(client, bans, { before: '3' }, { as: '1' }).all();
    expect(items.map((item) => item.user_id)).toEqual(['2', '1', '0']);
    expect(requests.map((request) => [request.url.searchParams.get('before'), request.url.searchParams.get('after')])).toEqual([['3', null], ['2', null], ['1', null]]);
  });
});
