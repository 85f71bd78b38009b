// The names a program calls or writes as a type. What the transport packages share with each
// other (the listeners' subscription calls, the record of a listener's subscription) is in
// `@platform/eventsub/internal`.
export {
  EventSubListener,
  type EventSubConnectEvent,
  type EventSubDisconnectEvent,
  type EventSubHandle,
  type EventSubDedupe,
  type EventSubDelivery,
  type EventSubHandler,
  type EventSubIterable,
  type EventSubListenerOptions,
} from './listener';
export type { EventSubConnectionCounts, EventSubConnectionStats, EventSubListenerStats, ListenerLogLevel } from './listener-stats';
// The EventSub management operations: subscriptions, conduits and conduit shards.
export {
  createSubscription,
  createSubscriptionOperation,
  type CreatedSubscription,
  type CreateSubscriptionParams,
  type SubscriptionTransport,
} from './operations/create-subscription';
export { deleteSubscription, deleteSubscriptionOperation, type DeleteSubscriptionParams } from './operations/delete-subscription';
export { subscriptions, subscriptionsOperation, type SubscriptionsParams, type SubscriptionsPage } from './operations/subscriptions';
export { conduits, conduitsOperation, type ConduitsParams } from './operations/conduits';
export { createConduit, createConduitOperation, type CreateConduitParams } from './operations/create-conduit';
export { updateConduit, updateConduitOperation, type UpdateConduitParams } from './operations/update-conduit';
export { deleteConduit, deleteConduitOperation, type DeleteConduitParams } from './operations/delete-conduit';
export { conduitShards, conduitShardsOperation, type ConduitShardsParams } from './operations/conduit-shards';
export { updateConduitShards, updateConduitShardsOperation, type UpdateConduitShardsParams } from './operations/update-conduit-shards';
export type {
  Conduit,
  ConduitShard,
  ConduitShardListedTransport,
  ConduitShardTransportUpdate,
  ConduitShardUpdate,
  ConduitShardUpdateError,
  ConduitShardsUpdate,
  EventSubSubscription,
  EventSubSubscriptionCounts,
  EventSubSubscriptionStatus,
  EventSubSubscriptionTransport,
} from './resources';
export { lookupEventSubType, eventSubTypeNames, type EventSubTransportKind, type EventSubTypeInfo, type EventSubVersionStatus } from './catalog';
export type { EventSubTypeEntry, EventSubTypeMap, EventSubTypeName, EventSubName, ConditionOf, EventOf } from './type-map';
export * from './types/index';
