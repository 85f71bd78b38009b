import { PlatformError, type ClientHandle } from '@platform/core';
import { describe, expect, it } from 'vitest';
import {
  conduits,
  conduitShards,
  createConduit,
  createSubscription,
  deleteConduit,
  deleteSubscription,
  subscriptions,
  updateConduit,
  updateConduitShards,
  type CreateSubscriptionParams,
} from '../src/index';
import { stubClient } from './stub';

/** Runs a call that must fail; a paginator throws synchronously, the others reject. */
async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

const secret = 'the-webhook-secret-of-the-test';
const follow = { type: 'channel.follow', version: '2', condition: { broadcaster_user_id: '1', moderator_user_id: '2' } };
const webhook = (extra: Record<string, unknown>) => ({ ...follow, transport: { method: 'webhook', callback: 'https://example.org/hooks', ...extra } }) as unknown as CreateSubscriptionParams;
const shard = (id: unknown, transport: unknown) => ({ id, transport }) as never;
const session = { method: 'websocket', session_id: 's' };

const cases: [string, (client: ClientHandle) => unknown, string][] = [
  // createSubscription: the create call's body as the reference describes it.
  ['createSubscription without type', (c) => createSubscription(c, { ...follow, type: undefined, transport: session } as never), 'eventsub.createSubscription needs the parameter type.'],
  ['createSubscription with an empty version', (c) => createSubscription(c, { ...follow, version: '', transport: session } as never), 'The parameter version of eventsub.createSubscription must not be empty; got "".'],
  [
    'createSubscription with a condition that is not an object',
    (c) => createSubscription(c, { ...follow, condition: 'broadcaster 1', transport: session } as never),
    'The parameter condition of eventsub.createSubscription must be an object, such as { broadcaster_user_id }; got "broadcaster 1".',
  ],
  [
    'createSubscription with a number in the condition',
    (c) => createSubscription(c, { ...follow, condition: { broadcaster_user_id: 1 }, transport: session } as never),
    'The parameter condition of eventsub.createSubscription must hold strings only (its field broadcaster_user_id is not a string); got an object.',
  ],
  ['createSubscription without transport', (c) => createSubscription(c, { ...follow } as never), 'eventsub.createSubscription needs the parameter transport.'],
  [
    'createSubscription with an unknown transport method',
    (c) => createSubscription(c, { ...follow, transport: { method: 'email' } } as never),
    'The parameter transport of eventsub.createSubscription must have the method "webhook", "websocket" or "conduit"; got an object.',
  ],
  [
    'createSubscription, webhook without callback',
    (c) => createSubscription(c, { ...follow, transport: { method: 'webhook', secret } } as never),
    'The parameter transport of eventsub.createSubscription needs a callback URL with the method "webhook"; got an object.',
  ],
  [
    'createSubscription, webhook secret of 9 characters',
    (c) => createSubscription(c, webhook({ secret: 'x'.repeat(9) })),
    'The parameter transport of eventsub.createSubscription needs a secret of 10 to 100 characters with the method "webhook"; got an object.',
  ],
  [
    'createSubscription, webhook secret of 101 characters',
    (c) => createSubscription(c, webhook({ secret: 'x'.repeat(101) })),
    'The parameter transport of eventsub.createSubscription needs a secret of 10 to 100 characters with the method "webhook"; got an object.',
  ],
  [
    'createSubscription, WebSocket without session_id',
    (c) => createSubscription(c, { ...follow, transport: { method: 'websocket', session_id: '' } }),
    'The parameter transport of eventsub.createSubscription needs a session_id with the method "websocket"; got an object.',
  ],
  [
    'createSubscription, conduit without conduit_id',
    (c) => createSubscription(c, { ...follow, transport: { method: 'conduit' } } as never),
    'The parameter transport of eventsub.createSubscription needs a conduit_id with the method "conduit"; got an object.',
  ],
  [
    'createSubscription with is_batching_enabled not a boolean',
    (c) => createSubscription(c, { ...webhook({ secret }), is_batching_enabled: 'yes' } as never),
    'The parameter is_batching_enabled of eventsub.createSubscription must be true or false; got "yes".',
  ],
  ['deleteSubscription without id', (c) => deleteSubscription(c, {} as never), 'eventsub.deleteSubscription needs the parameter id.'],
  // subscriptions: the reference's filters are mutually exclusive.
  [
    'subscriptions with status and type',
    (c) => subscriptions(c, { status: 'enabled', type: 'channel.follow' }),
    'The parameter status of eventsub.subscriptions cannot be combined with type; got status "enabled" and type "channel.follow". The platform takes one filter at most (status, type, user_id, subscription_id or conduit_id).',
  ],
  [
    'subscriptions with user_id and subscription_id',
    (c) => subscriptions(c, { user_id: '1', subscription_id: 'abc', after: 'c' }),
    'The parameter user_id of eventsub.subscriptions cannot be combined with subscription_id; got user_id "1" and subscription_id "abc". The platform takes one filter at most (status, type, user_id, subscription_id or conduit_id).',
  ],
  ['subscriptions with a parameter it does not take', (c) => subscriptions(c, { first: 10 } as never), 'eventsub.subscriptions has no parameter first.'],
  // Conduits.
  ['conduits with a parameter', (c) => conduits(c, { id: 'x' } as never), 'eventsub.conduits has no parameter id.'],
  ['createConduit without shard_count', (c) => createConduit(c, {} as never), 'eventsub.createConduit needs the parameter shard_count.'],
  ['createConduit shard_count 0', (c) => createConduit(c, { shard_count: 0 }), 'The parameter shard_count of eventsub.createConduit must be at least 1; got 0.'],
  ['createConduit shard_count 1.5', (c) => createConduit(c, { shard_count: 1.5 }), 'The parameter shard_count of eventsub.createConduit must be a whole number; got 1.5.'],
  ['createConduit shard_count "2"', (c) => createConduit(c, { shard_count: '2' } as never), 'The parameter shard_count of eventsub.createConduit must be a number; got "2".'],
  ['updateConduit without id', (c) => updateConduit(c, { shard_count: 2 } as never), 'eventsub.updateConduit needs the parameter id.'],
  ['updateConduit shard_count 0', (c) => updateConduit(c, { id: 'c', shard_count: 0 }), 'The parameter shard_count of eventsub.updateConduit must be at least 1; got 0.'],
  ['deleteConduit without id', (c) => deleteConduit(c, {} as never), 'eventsub.deleteConduit needs the parameter id.'],
  ['conduitShards without conduit_id', (c) => conduitShards(c, {} as never), 'eventsub.conduitShards needs the parameter conduit_id.'],
  // updateConduitShards: 1 to 100 shards, each with a transport it can take.
  ['updateConduitShards without shards', (c) => updateConduitShards(c, { conduit_id: 'c' } as never), 'eventsub.updateConduitShards needs the parameter shards.'],
  [
    'updateConduitShards with no shard',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [] }),
    'The parameter shards of eventsub.updateConduitShards must hold from 1 to 100 shards (it holds 0); got an array.',
  ],
  [
    'updateConduitShards with 150 shards, the 150th broken: neither call of 100 is sent',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [...Array.from({ length: 149 }, (_, index) => shard(String(index), session)), shard('149', undefined)] }),
    'The parameter shards of eventsub.updateConduitShards must be a list of { id, transport } objects: shard 149 of the list needs a transport object; got an array.',
  ],
  [
    'subscriptions with conduit_id and type',
    (c) => subscriptions(c, { conduit_id: 'c', type: 'stream.online' }),
    'The parameter type of eventsub.subscriptions cannot be combined with conduit_id; got type "stream.online" and conduit_id "c". The platform takes one filter at most (status, type, user_id, subscription_id or conduit_id).',
  ],
  [
    'createSubscription to a version the platform withdrew',
    (c) => createSubscription(c, { type: 'channel.hype_train.begin', version: '1', condition: { broadcaster_user_id: '1' }, transport: { method: 'conduit', conduit_id: 'c' } }),
    'EventSub type channel.hype_train.begin@1 has been withdrawn by the platform: use version 2 (channel.hype_train.begin).',
  ],
  [
    'updateConduitShards with a numeric shard id',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [shard(0, session)] }),
    "The parameter shards of eventsub.updateConduitShards must be a list of { id, transport } objects: shard 0 of the list needs an id, a shard number as a string ('0', '1'...); got an array.",
  ],
  [
    'updateConduitShards without a transport',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [shard('0', session), shard('1', undefined)] }),
    'The parameter shards of eventsub.updateConduitShards must be a list of { id, transport } objects: shard 1 of the list needs a transport object; got an array.',
  ],
  [
    'updateConduitShards with the conduit method',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [shard('0', { method: 'conduit', conduit_id: 'c' })] }),
    'The parameter shards of eventsub.updateConduitShards must be a list of { id, transport } objects: shard 0 of the list needs a transport with the method "websocket" or "webhook"; got an array.',
  ],
  [
    'updateConduitShards, WebSocket without session_id',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [shard('0', { method: 'websocket' })] }),
    'The parameter shards of eventsub.updateConduitShards must be a list of { id, transport } objects: shard 0 of the list needs a session_id with the method "websocket"; got an array.',
  ],
  [
    'updateConduitShards, webhook secret of 9 characters',
    (c) => updateConduitShards(c, { conduit_id: 'c', shards: [shard('0', { method: 'webhook', callback: 'https://example.org/hooks', secret: '123456789' })] }),
    'The parameter shards of eventsub.updateConduitShards must be a list of { id, transport } objects: shard 0 of the list needs a secret of 10 to 100 characters with the method "webhook"; got an array.',
  ],
];

describe('limits and required parameters: refused before anything is sent', () => {
  it.each(cases)('%s', async (_title, run, message) => {
    const { client, requests } = stubClient(() => ({ status: 500 }));
    const error = await failure(() => run(client));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.constructor).toBe(PlatformError);
    expect(error.message).toBe(message);
    expect(requests).toHaveLength(0);
  });

  it('the paginators refuse at once, before they are awaited', () => {
    const { client } = stubClient(() => ({ status: 500 }));
    expect(() => subscriptions(client, { status: 'enabled', user_id: '1' })).toThrow(PlatformError);
    expect(() => conduitShards(client, {} as never)).toThrow('eventsub.conduitShards needs the parameter conduit_id.');
  });

  it('never puts a webhook secret in a message', async () => {
    const { client } = stubClient(() => ({ status: 500 }));
    const long = `secret-${'s'.repeat(120)}`;
    const errors = [
      await failure(() => createSubscription(client, webhook({ secret: long }))),
      await failure(() => createSubscription(client, { ...webhook({ secret }), condition: { broadcaster_user_id: 1 } } as never)),
      await failure(() => updateConduitShards(client, { conduit_id: 'c', shards: [shard('0', { method: 'webhook', callback: 'https://example.org', secret: long }), shard('x', session)] })),
      await failure(() => updateConduitShards(client, { conduit_id: 'c', shards: [shard('0', { method: 'webhook', callback: 'https://example.org', secret }), shard('x', session)] })),
    ];
    for (const error of errors) {
      expect(error.message).not.toContain('secret-');
      expect(error.message).not.toContain(secret);
    }
  });

  it('one filter with a cursor is fine, and so are 100 shards', async () => {
    const { client, requests } = stubClient((request) =>
      request.method === 'GET' ? { body: { data: [], total: 0, total_cost: 0, max_total_cost: 10000, pagination: {} } } : { status: 202, body: { data: [], errors: [] } },
    );
    await subscriptions(client, { type: 'channel.follow', after: 'c' });
    await updateConduitShards(client, { conduit_id: 'c', shards: Array.from({ length: 100 }, (_, index) => shard(String(index), session)) });
    expect(requests).toHaveLength(2);
  });
});
