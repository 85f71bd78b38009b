export {
  EventSubListener,
  ListenerSubscription,
  type EventSubConnectEvent,
  type EventSubDisconnectEvent,
  type EventSubHandle,
  type EventSubHandler,
  type EventSubIterable,
  type EventSubListenerOptions,
} from './listener';
export {
  createSubscription,
  deleteSubscription,
  isTransient,
  readBackDelay,
  readSubscription,
  subscribeAttempts,
  subscribeError,
  type CreatedSubscription,
  type SubscriptionToken,
  type SubscriptionTransport,
} from './subscription';
export { lookupEventSubType, eventSubTypeNames, type EventSubTransportKind, type EventSubTypeInfo } from './catalog';
export type { EventSubTypeMap, EventSubTypeName, EventSubName, ConditionOf, EventOf } from './type-map';
export * from './types/index';
