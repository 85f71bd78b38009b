import type { ClientHandle, OperationDeclaration, RequestOptions } from '@platform/core';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index';
import { SINGLE_USER, stubClient, type StubReply } from './stub';

/*
 * Every EventSub management operation on the wire, one row of expectations each (a few have
 * two): method, path, query (repeated keys in order), JSON body, the token it goes out with, and
 * the result it makes of a canned answer from the platform's reference. Then the declarations
 * themselves: token kinds and scopes as the reference gives them.
 */

interface WireCase {
  /** What the row shows. */
  title: string;
  /** The declaration the call must follow (its name is checked against the row). */
  operation: { name: string };
  run: (client: ClientHandle, options: RequestOptions | undefined) => Promise<unknown>;
  /** The identity the call names (`'app'` or a user ID), or none. */
  as?: string;
  reply: StubReply;
  method: string;
  path: string;
  /** Query pairs, in any order of keys; a repeated key keeps its order. */
  query: [string, string][];
  body?: unknown;
  /** `app`, or the ID of the user whose token goes out. */
  token: string;
  result: unknown;
}

// Samples of the platform's reference.
const webhookSubscription = {
  id: '26b1c993-bfcf-44d9-b876-379dacafe75a',
  status: 'webhook_callback_verification_pending',
  type: 'user.update',
  version: '1',
  condition: { user_id: '1234' },
  created_at: '2020-11-10T14:32:18.730260295Z',
  transport: { method: 'webhook', callback: 'https://this-is-a-callback.com' },
  cost: 1,
};
const websocketSubscription = {
  ...webhookSubscription,
  status: 'enabled',
  transport: { method: 'websocket', session_id: 'AQoQexAWVYKSTIu4ec_2VAxyuhAB', connected_at: '2020-11-10T14:32:18.730260295Z' },
  cost: 0,
};
const conduitSubscription = { ...webhookSubscription, status: 'enabled', transport: { method: 'conduit', conduit_id: 'bfcfc993-26b1-b876-44d9-afe75a379dac' } };
const counts = { total: 1, total_cost: 1, max_total_cost: 10000 };
const conduit = { id: 'bfcfc993-26b1-b876-44d9-afe75a379dac', shard_count: 5 };
const webhookShard = { id: '0', status: 'enabled', transport: { method: 'webhook', callback: 'https://this-is-a-callback.com' } };
const websocketShard = {
  id: '2',
  status: 'enabled',
  transport: { method: 'websocket', session_id: '9fd5164a-a958-4c60-b7f4-6a7202506ca0', connected_at: '2020-11-10T14:32:18.730260295Z' },
};
const secret = 's3cre7-of-the-test';
const none: StubReply = { status: 204 };

const cases: WireCase[] = [
  {
    title: 'createSubscription, webhook transport: the app token, the subscription as the platform lists it',
    operation: api.createSubscriptionOperation,
    run: (client, options) =>
      api.createSubscription(client, { type: 'user.update', version: '1', condition: { user_id: '1234' }, transport: { method: 'webhook', callback: 'https://this-is-a-callback.com', secret } }, options),
    reply: { status: 202, body: { data: [webhookSubscription], ...counts } },
    method: 'POST',
    path: '/eventsub/subscriptions',
    query: [],
    body: { type: 'user.update', version: '1', condition: { user_id: '1234' }, transport: { method: 'webhook', callback: 'https://this-is-a-callback.com', secret } },
    token: 'app',
    result: { ...webhookSubscription, ...counts },
  },
  {
    title: 'createSubscription, WebSocket transport: a user token (the single registered user)',
    operation: api.createSubscriptionOperation,
    run: (client, options) =>
      api.createSubscription(client, { type: 'user.update', version: '1', condition: { user_id: '1234' }, transport: { method: 'websocket', session_id: 'AQoQexAWVYKSTIu4ec_2VAxyuhAB' } }, options),
    reply: { status: 202, body: { data: [websocketSubscription], ...counts } },
    method: 'POST',
    path: '/eventsub/subscriptions',
    query: [],
    body: { type: 'user.update', version: '1', condition: { user_id: '1234' }, transport: { method: 'websocket', session_id: 'AQoQexAWVYKSTIu4ec_2VAxyuhAB' } },
    token: SINGLE_USER,
    result: { ...websocketSubscription, ...counts },
  },
  {
    title: 'createSubscription, WebSocket transport as a chosen user',
    operation: api.createSubscriptionOperation,
    run: (client, options) => api.createSubscription(client, { type: 'user.update', version: '1', condition: { user_id: '1234' }, transport: { method: 'websocket', session_id: 's' } }, options),
    as: '1234',
    reply: { status: 202, body: { data: [websocketSubscription], ...counts } },
    method: 'POST',
    path: '/eventsub/subscriptions',
    query: [],
    body: { type: 'user.update', version: '1', condition: { user_id: '1234' }, transport: { method: 'websocket', session_id: 's' } },
    token: '1234',
    result: { ...websocketSubscription, ...counts },
  },
  {
    title: 'createSubscription, conduit transport with batching: the app token',
    operation: api.createSubscriptionOperation,
    run: (client, options) =>
      api.createSubscription(
        client,
        { type: 'drop.entitlement.grant', version: '1', condition: { organization_id: 'org' }, transport: { method: 'conduit', conduit_id: conduit.id }, is_batching_enabled: true },
        options,
      ),
    reply: { status: 202, body: { data: [conduitSubscription], ...counts } },
    method: 'POST',
    path: '/eventsub/subscriptions',
    query: [],
    body: { type: 'drop.entitlement.grant', version: '1', condition: { organization_id: 'org' }, transport: { method: 'conduit', conduit_id: conduit.id }, is_batching_enabled: true },
    token: 'app',
    result: { ...conduitSubscription, ...counts },
  },
  {
    title: 'deleteSubscription: the app token when the call names no identity',
    operation: api.deleteSubscriptionOperation,
    run: (client, options) => api.deleteSubscription(client, { id: webhookSubscription.id }, options),
    reply: none,
    method: 'DELETE',
    path: '/eventsub/subscriptions',
    query: [['id', webhookSubscription.id]],
    token: 'app',
    result: undefined,
  },
  {
    title: "deleteSubscription of a user's WebSocket subscription: as that user",
    operation: api.deleteSubscriptionOperation,
    run: (client, options) => api.deleteSubscription(client, { id: 'ws-1' }, options),
    as: '1234',
    reply: none,
    method: 'DELETE',
    path: '/eventsub/subscriptions',
    query: [['id', 'ws-1']],
    token: '1234',
    result: undefined,
  },
  {
    title: 'subscriptions: the app token, a page with total, total_cost and max_total_cost on raw',
    operation: api.subscriptionsOperation,
    run: async (client, options) => {
      const page = await api.subscriptions(client, { status: 'enabled', after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor, counts: [page.raw.total, page.raw.total_cost, page.raw.max_total_cost] };
    },
    reply: { body: { total: 2, data: [conduitSubscription], total_cost: 1, max_total_cost: 10000, pagination: { cursor: 'c1' } } },
    method: 'GET',
    path: '/eventsub/subscriptions',
    query: [['after', 'c0'], ['status', 'enabled']],
    token: 'app',
    result: { data: [conduitSubscription], cursor: 'c1', counts: [2, 1, 10000] },
  },
  {
    title: "subscriptions of a user's WebSocket subscriptions, by subscription_id",
    operation: api.subscriptionsOperation,
    run: async (client, options) => (await api.subscriptions(client, { subscription_id: 'ws-1' }, options)).data,
    as: '1234',
    reply: { body: { total: 1, data: [websocketSubscription], total_cost: 0, max_total_cost: 10, pagination: {} } },
    method: 'GET',
    path: '/eventsub/subscriptions',
    query: [['subscription_id', 'ws-1']],
    token: '1234',
    result: [websocketSubscription],
  },
  {
    title: 'conduits: the app token, the list',
    operation: api.conduitsOperation,
    run: (client, options) => api.conduits(client, undefined, options),
    reply: { body: { data: [conduit, { id: 'other', shard_count: 15 }] } },
    method: 'GET',
    path: '/eventsub/conduits',
    query: [],
    token: 'app',
    result: [conduit, { id: 'other', shard_count: 15 }],
  },
  {
    title: 'createConduit: shard_count in the body, the conduit',
    operation: api.createConduitOperation,
    run: (client, options) => api.createConduit(client, { shard_count: 5 }, options),
    reply: { body: { data: [conduit] } },
    method: 'POST',
    path: '/eventsub/conduits',
    query: [],
    body: { shard_count: 5 },
    token: 'app',
    result: conduit,
  },
  {
    title: 'updateConduit: id and shard_count in the body, the conduit',
    operation: api.updateConduitOperation,
    run: (client, options) => api.updateConduit(client, { id: conduit.id, shard_count: 5 }, options),
    reply: { body: { data: [conduit] } },
    method: 'PATCH',
    path: '/eventsub/conduits',
    query: [],
    body: { id: conduit.id, shard_count: 5 },
    token: 'app',
    result: conduit,
  },
  {
    title: 'deleteConduit: id in the query, nothing back',
    operation: api.deleteConduitOperation,
    run: (client, options) => api.deleteConduit(client, { id: conduit.id }, options),
    reply: none,
    method: 'DELETE',
    path: '/eventsub/conduits',
    query: [['id', conduit.id]],
    token: 'app',
    result: undefined,
  },
  {
    title: 'conduitShards: conduit_id, status and after in the query, a page',
    operation: api.conduitShardsOperation,
    run: async (client, options) => {
      const page = await api.conduitShards(client, { conduit_id: conduit.id, status: 'enabled', after: 'c0' }, options);
      return { data: page.data, cursor: page.cursor };
    },
    reply: { body: { data: [webhookShard, websocketShard], pagination: {} } },
    method: 'GET',
    path: '/eventsub/conduits/shards',
    query: [['after', 'c0'], ['conduit_id', conduit.id], ['status', 'enabled']],
    token: 'app',
    result: { data: [webhookShard, websocketShard], cursor: undefined },
  },
  {
    title: 'updateConduitShards: the 202 with data and errors, both returned',
    operation: api.updateConduitShardsOperation,
    run: (client, options) =>
      api.updateConduitShards(
        client,
        {
          conduit_id: conduit.id,
          shards: [
            { id: '0', transport: { method: 'webhook', callback: 'https://this-is-a-callback.com', secret } },
            { id: '3', transport: { method: 'websocket', session_id: 'session-3' } },
          ],
        },
        options,
      ),
    reply: { status: 202, body: { data: [webhookShard], errors: [{ id: '3', message: "The shard id is outside the conduit's range", code: 'invalid_parameter' }] } },
    method: 'PATCH',
    path: '/eventsub/conduits/shards',
    query: [],
    body: {
      conduit_id: conduit.id,
      shards: [
        { id: '0', transport: { method: 'webhook', callback: 'https://this-is-a-callback.com', secret } },
        { id: '3', transport: { method: 'websocket', session_id: 'session-3' } },
      ],
    },
    token: 'app',
    result: { data: [webhookShard], errors: [{ id: '3', message: "The shard id is outside the conduit's range", code: 'invalid_parameter' }] },
  },
  {
    title: 'updateConduitShards: an answer without errors gives an empty list',
    operation: api.updateConduitShardsOperation,
    run: (client, options) => api.updateConduitShards(client, { conduit_id: conduit.id, shards: [{ id: '2', transport: { method: 'websocket', session_id: 'session-2' } }] }, options),
    reply: { status: 202, body: { data: [websocketShard] } },
    method: 'PATCH',
    path: '/eventsub/conduits/shards',
    query: [],
    body: { conduit_id: conduit.id, shards: [{ id: '2', transport: { method: 'websocket', session_id: 'session-2' } }] },
    token: 'app',
    result: { data: [websocketShard], errors: [] },
  },
];

const byKey = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const declarations = Object.entries(api)
  .filter(([name]) => name.endsWith('Operation'))
  .map(([, value]) => value as OperationDeclaration<unknown, unknown>);

describe('the EventSub management operations on the wire', () => {
  it('has a row for every declared operation, and each declaration its function', () => {
    const expected = [
      'eventsub.createSubscription', 'eventsub.deleteSubscription', 'eventsub.subscriptions', 'eventsub.conduits', 'eventsub.createConduit',
      'eventsub.updateConduit', 'eventsub.deleteConduit', 'eventsub.conduitShards', 'eventsub.updateConduitShards',
    ].sort();
    expect(declarations.map((declaration) => declaration.name).sort()).toEqual(expected);
    expect([...new Set(cases.map((row) => row.operation.name))].sort()).toEqual(expected);
    // The standalone function carries the name after the group, as `Platform` binds it.
    for (const name of expected) expect(typeof (api as Record<string, unknown>)[name.split('.')[1]!], name).toBe('function');
  });

  it.each(cases)('$title', async (row) => {
    const { client, requests } = stubClient(() => row.reply);
    const result = await row.run(client, row.as === undefined ? undefined : { as: row.as });
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
    expect(request!.headers.get('authorization')).toBe(row.token === 'app' ? 'Bearer app-token' : `Bearer user-token-${row.token}`);
    expect(request!.headers.get('client-id')).toBe('cid');
    expect(result).toEqual(row.result);
  });

  it('declares every operation frozen, with the reference token kinds and no scope', () => {
    const table: Record<string, string> = {
      // The transport decides: a user token for WebSocket, the app token for webhook and conduit.
      'eventsub.createSubscription': 'either',
      'eventsub.deleteSubscription': 'either',
      'eventsub.subscriptions': 'either',
      'eventsub.conduits': 'app',
      'eventsub.createConduit': 'app',
      'eventsub.updateConduit': 'app',
      'eventsub.deleteConduit': 'app',
      'eventsub.conduitShards': 'app',
      'eventsub.updateConduitShards': 'app',
    };
    expect(declarations).toHaveLength(Object.keys(table).length);
    for (const declaration of declarations) {
      expect(Object.isFrozen(declaration), declaration.name).toBe(true);
      expect(declaration.token, declaration.name).toBe(table[declaration.name]);
      expect([...declaration.scopes], declaration.name).toEqual([]);
      expect(declaration.actingUser, declaration.name).toBeUndefined();
    }
  });

  it('a client.as() view lists and deletes with its user token; an explicit raw token is used as given', async () => {
    const { client, requests } = stubClient((request) => (request.method === 'GET' ? { body: { data: [], total: 0, total_cost: 0, max_total_cost: 10, pagination: {} } } : none));
    const view = client.as('77');
    await api.subscriptions(view);
    await api.deleteSubscription(view, { id: 'ws-1' });
    await api.deleteSubscription(client, { id: 'ws-2' }, { token: 'a-raw-token' });
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual(['Bearer user-token-77', 'Bearer user-token-77', 'Bearer a-raw-token']);
  });

  it('subscriptions: total() counts the listed subscriptions, not the platform total of every subscription', async () => {
    const { client, requests } = stubClient((request) =>
      request.url.searchParams.get('after') === null
        ? { body: { total: 40, data: [conduitSubscription, conduitSubscription], total_cost: 2, max_total_cost: 10000, pagination: { cursor: 'c1' } } }
        : { body: { total: 40, data: [conduitSubscription], total_cost: 2, max_total_cost: 10000, pagination: {} } },
    );
    const paginator = api.subscriptions(client, { type: 'user.update' });
    expect(await paginator.total()).toBe(3);
    expect((await paginator).raw.total).toBe(40);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'c1']);
    expect(await api.subscriptions(client).all()).toHaveLength(3);
  });

  it('conduitShards pages on to the end', async () => {
    const { client, requests } = stubClient((request) =>
      request.url.searchParams.get('after') === null ? { body: { data: [webhookShard], pagination: { cursor: 'next' } } } : { body: { data: [websocketShard], pagination: {} } },
    );
    expect(await api.conduitShards(client, { conduit_id: conduit.id }).all()).toEqual([webhookShard, websocketShard]);
    expect(requests.map((request) => request.url.searchParams.get('after'))).toEqual([null, 'next']);
  });

  it('a created subscription or conduit the platform answers with none is an error', async () => {
    const { client } = stubClient(() => ({ status: 202, body: { data: [], ...counts } }));
    await expect(api.createSubscription(client, { type: 'user.update', version: '1', condition: { user_id: '1' }, transport: { method: 'conduit', conduit_id: 'c' } })).rejects.toThrow(
      'POST /eventsub/subscriptions returned no data.',
    );
    await expect(api.createConduit(client, { shard_count: 1 })).rejects.toThrow('POST /eventsub/conduits returned no data.');
  });
});
