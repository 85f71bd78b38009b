import type { ClientHandle } from '@platform/core';
import { describe, expectTypeOf, it } from 'vitest';
import { conduits, conduitShards, createSubscription, subscriptions, updateConduitShards } from '../src/index';
import type { Conduit, CreatedSubscription, ConduitShard, ConduitShardsUpdate, ConduitShardUpdateError, EventSubSubscription } from '../src/index';

declare const client: ClientHandle;

describe('the management operations types', () => {
  it('subscriptions pages carry the platform figures on raw', async () => {
    const page = await subscriptions(client, { status: 'enabled' });
    expectTypeOf(page.data).toEqualTypeOf<readonly EventSubSubscription[]>();
    expectTypeOf(page.raw.total).toEqualTypeOf<number>();
    expectTypeOf(page.raw.total_cost).toEqualTypeOf<number>();
    expectTypeOf(page.raw.max_total_cost).toEqualTypeOf<number>();
    // @ts-expect-error a filter the reference does not have
    void subscriptions(client, { first: 10 });
  });

  it('createSubscription takes one of the three transports, a webhook one with its secret', () => {
    expectTypeOf(createSubscription(client, { type: 't', version: '1', condition: { broadcaster_user_id: '1' }, transport: { method: 'conduit', conduit_id: 'c' } })).toEqualTypeOf<Promise<CreatedSubscription>>();
    // @ts-expect-error a webhook transport needs its secret
    void createSubscription(client, { type: 't', version: '1', condition: {}, transport: { method: 'webhook', callback: 'https://example.org' } });
  });

  it('conduits, shards and the shard update answer', async () => {
    expectTypeOf(await conduits(client)).toEqualTypeOf<Conduit[]>();
    expectTypeOf(conduits).toBeCallableWith(client);
    for await (const shard of conduitShards(client, { conduit_id: 'c' })) expectTypeOf(shard).toEqualTypeOf<ConduitShard>();
    const answer = await updateConduitShards(client, { conduit_id: 'c', shards: [{ id: '0', transport: { method: 'websocket', session_id: 's' } }] });
    expectTypeOf(answer).toEqualTypeOf<ConduitShardsUpdate>();
    expectTypeOf(answer.errors).toEqualTypeOf<ConduitShardUpdateError[]>();
    // @ts-expect-error a shard takes no conduit transport
    void updateConduitShards(client, { conduit_id: 'c', shards: [{ id: '0', transport: { method: 'conduit', conduit_id: 'c' } }] });
  });
});
