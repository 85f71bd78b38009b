// `@platform/eventsub/internal`: what the transport packages (eventsub-ws, eventsub-webhook,
// eventsub-conduit) share from the listener base: the record a listener keeps of each subscription,
// the listeners' own create, delete and read-back calls, and zeroed connection counters. It is not
// part of the public API: names here may change in any release. Programs use the names of
// `@platform/eventsub` (or `@platform/client`).
export { ListenerSubscription } from '../listener';
export { emptyConnectionCounts } from '../listener-stats';
export {
  createListenerSubscription,
  deleteListenerSubscription,
  isTransient,
  readBackDelay,
  readSubscription,
  subscribeAttempts,
  subscribeError,
  type SubscriptionToken,
} from '../subscription';
